"""Ultimate Texas Hold'em decisions: the exact value of each option on the flop and on the river.

The value of an option is the player's expected net result, in Antes, of Ante + Blind + Play
(Trips is a separate bet and is left out) under the site's Blind pay table
(:data:`engine.games.ultimate.rules.BLIND_TABLE`), settled by the same rules as
:func:`engine.games.ultimate.rules.settle`, assuming the best play afterwards:

- on the river (five board cards) the player bets 1x or folds (−2: Ante and Blind lost); the
  value of 1x counts the dealer's 990 possible holdings;
- on the flop the player bets 2x or checks; 2x counts every turn and river (1,081) and every
  dealer holding (990), about 1.07 million deals; checking is worth, for each turn and river, the
  better of 1x and folding.

Before the flop (no board) the player raises 4x or 3x, or checks (then plays the flop as well as
possible). Those values come from the table of the 169 starting hands in
:mod:`engine.games.ultimate.preflop`, generated offline by ``scripts/uth_preflop/`` (C counting
every board, turn, river and dealer holding, with this module's settlement and the engine's
qualification rule); a test recomputes a sample of its flop values with :func:`decision`.
:func:`house_edge` averages the best option over the 1,326 starting combinations.

Speed: for each five-card board the dealer's holdings are grouped by their two ranks (at most 91
groups, counted with the cards left of each rank), and only the holdings that complete a flush are
evaluated one by one; hands are valued from the evaluator's rank-multiset key
(:func:`engine.evaluation.strength_of_ranks`) and flush mask (``strength_of_flush``), cached.

>>> from engine.cards import parse_cards as C
>>> d = decision(C("Ah Kd"), C("Qs 9c 4h 7d 2s"))
>>> d.street, d.best, sorted(d.options)
('river', '1x', ['1x', 'fold'])
>>> d.options["fold"]
Fraction(-2, 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import Generator, Sequence

from ... import spanish
from ...cards import DECK, Card, starting_hand
from ...errors import RequestError
from ...evaluation import (CARD_KEYS, HIGH_CARD, PAIR, THREE, TWO_PAIR, category_of, pack, strength, strength_of_flush,
                           strength_of_ranks)
from ...protocol import Progress, command, finish
from ...requests import cards as parse_card_list
from ...requests import require, unique_cards
from .rules import blind_odds, simple_strategy_preflop

__all__ = ["FOLD", "OPTIONS", "OPTION_NAMES", "SIMPLE_REASONS", "Decision", "cost_sentence", "dealer_outs",
           "decision", "decision_steps", "house_edge", "in_antes", "preflop_decision", "preflop_values", "river_counts",
           "simple_preflop_agreement", "simple_reason", "simple_strategy", "starting_hand"]


#: The options at each street, in the order they are shown.
OPTIONS: dict[str, tuple[str, ...]] = {"preflop": ("4x", "3x", "check"), "flop": ("2x", "check"),
                                       "river": ("1x", "fold")}

#: What each option is called on the page.
OPTION_NAMES: dict[str, str] = {"4x": "subir 4x", "3x": "subir 3x", "2x": "subir 2x", "1x": "apostar 1x",
                                "check": "pasar", "fold": "retirarse"}

#: The value of folding on the river (Ante and Blind lost), in Antes.
FOLD = Fraction(-2)

#: The weakest dealer hand that qualifies (any pair).
_QUALIFIES = pack(PAIR, ())
#: Per card index, its rank-multiset key (three bits per rank) and its suit.
_RANK_KEY = tuple(key >> 16 for key in CARD_KEYS)
_RANK_BIT = tuple(1 << (card.rank - 2) for card in DECK)
_SUIT = tuple(int(card.suit) for card in DECK)
#: The rank-multiset key of one card of each rank (index 0 = deuce).
_RANK_OF = tuple(8 ** rank for rank in range(13))

_BY_RANKS: dict[int, int] = {}
_BY_FLUSH: dict[int, int] = {}


def _ranks(key: int) -> int:
    try:
        return _BY_RANKS[key]
    except KeyError:
        value = _BY_RANKS[key] = strength_of_ranks(key)
        return value


def _flush(mask: int) -> int:
    try:
        return _BY_FLUSH[mask]
    except KeyError:
        value = _BY_FLUSH[mask] = strength_of_flush(mask)
        return value


def _strength7(indices: Sequence[int]) -> int:
    """The strength of seven cards by index (the evaluator's value, from the cached keys)."""
    key = 0
    counts = [0, 0, 0, 0]
    for i in indices:
        key += _RANK_KEY[i]
        counts[_SUIT[i]] += 1
    value = _ranks(key)
    for suit in range(4):
        if counts[suit] >= 5:
            mask = 0
            for i in indices:
                if _SUIT[i] == suit:
                    mask |= _RANK_BIT[i]
            value = max(value, _flush(mask))
    return value


def river_counts(hole: Sequence[int], board: Sequence[int]) -> tuple[int, tuple[int, int, int, int, int]]:
    """The player's strength and, over the dealer's 990 holdings, how many the player beats when
    the dealer qualifies / does not, ties, and loses to when the dealer qualifies / does not.

    ``hole`` and ``board`` are card indices (2 and 5 of them).
    """
    player = _strength7((*hole, *board))
    used = set(hole) | set(board)
    board_key = 0
    suits = [0, 0, 0, 0]
    for i in board:
        board_key += _RANK_KEY[i]
        suits[_SUIT[i]] += 1
    flush_suit = next((s for s in range(4) if suits[s] >= 3), None)
    left = [i for i in range(52) if i not in used]
    # Holdings that make a flush, one by one; every other holding by its two ranks.
    by_rank: list[int] = [0] * 13
    for i in left:
        by_rank[i >> 2] += 1
    groups: dict[tuple[int, int], int] = {}
    for a in range(13):
        if by_rank[a] >= 2:
            groups[(a, a)] = by_rank[a] * (by_rank[a] - 1) // 2
        for b in range(a + 1, 13):
            if by_rank[a] and by_rank[b]:
                groups[(a, b)] = by_rank[a] * by_rank[b]
    totals = [0, 0, 0, 0, 0]
    board_flush = 0  # five suited board cards: a flush for every holding
    if flush_suit is not None:
        board_mask = 0
        for i in board:
            if _SUIT[i] == flush_suit:
                board_mask |= _RANK_BIT[i]
        if suits[flush_suit] == 5:
            board_flush = _flush(board_mask)
        suited = [i for i in left if _SUIT[i] == flush_suit]
        others = [0] * 13  # cards of the other suits left, by rank
        for i in left:
            if _SUIT[i] != flush_suit:
                others[i >> 2] += 1
        # (value, count) of every holding that completes a flush
        tally: list[tuple[int, int]] = []
        for x, first in enumerate(suited):  # two suited cards
            a = first >> 2
            for second in suited[x + 1:]:
                b = second >> 2
                groups[(a, b) if a < b else (b, a)] -= 1
                mask = board_mask | _RANK_BIT[first] | _RANK_BIT[second]
                tally.append((max(_flush(mask), _ranks(board_key + _RANK_KEY[first] + _RANK_KEY[second])), 1))
        if suits[flush_suit] >= 4:  # one suited card and one of another suit
            paired = any((board_key >> (3 * r)) & 6 for r in range(13))  # only a paired board can fill up
            for first in suited:
                a = first >> 2
                flush = _flush(board_mask | _RANK_BIT[first])
                for b in range(13):
                    count = others[b]
                    if not count:
                        continue
                    groups[(a, b) if a < b else (b, a)] -= count
                    value = max(flush, _ranks(board_key + _RANK_KEY[first] + _RANK_OF[b])) if paired else flush
                    tally.append((value, count))
        for value, count in tally:
            _score(totals, player, value, count)
    rank_key = _RANK_OF
    for (a, b), count in groups.items():
        if count:
            _score(totals, player, max(_ranks(board_key + rank_key[a] + rank_key[b]), board_flush), count)
    return player, tuple(totals)


def _score(totals: list[int], player: int, value: int, count: int) -> None:
    """Add ``count`` dealer holdings of strength ``value`` to ``totals``: beaten when the dealer qualifies /
    does not, tied, beating the player when he qualifies / does not."""
    if player > value:
        totals[0 if value >= _QUALIFIES else 1] += count
    elif player == value:
        totals[2] += count
    else:
        totals[3 if value >= _QUALIFIES else 4] += count


#: Twice what the Blind pays (to 1), by the player's strength >> 20 (category code): whole numbers.
_BLIND2 = tuple(int(2 * Fraction(blind_odds(category_of(code << 20)) or 0)) for code in range(10))


def _play_value2(play: int, player: int, counts: tuple[int, int, int, int, int]) -> int:
    """TWICE the sum over the dealer's holdings of Ante + Blind + Play (in Antes) with a Play of
    ``play`` (doubled so that a 3-to-2 Blind stays a whole number)."""
    win_q, win_n, _tie, lose_q, lose_n = counts
    blind2 = _BLIND2[player >> 20]
    return ((2 * play + 2 + blind2) * win_q + (2 * play + blind2) * win_n
            - (2 * play + 4) * lose_q - (2 * play + 2) * lose_n)


@dataclass(frozen=True)
class Decision:
    """The exact value (Antes) of each option at one street, and the best option."""

    street: str
    #: Option -> exact expected net of Ante + Blind + Play, in Antes.
    options: dict[str, Fraction]
    best: str
    #: How many deals were counted (dealer holdings, times turn and river on the flop).
    deals: int

    def loss(self, option: str) -> Fraction:
        """What choosing ``option`` instead of the best one costs on average, in Antes."""
        return self.options[self.best] - self.options[option]


def decision(hole: Sequence[Card], board: Sequence[Card], progress: Progress | None = None) -> Decision:
    """The value of each option with these two cards on this board (0, 3 or 5 cards).

    ``progress(done, total)`` is called as the turn-and-river pairs are counted (flop only).

    :raises RequestError: for a board of another size.
    """
    return finish(decision_steps(hole, board), progress)


def decision_steps(hole: Sequence[Card], board: Sequence[Card]) -> Generator[tuple[int, int], None, Decision]:
    """:func:`decision` in steps: yields ``(done, total)`` turn-and-river pairs counted (flop only)."""
    hole_i = [card.index for card in hole]
    board_i = [card.index for card in board]
    if len(board_i) == 5:
        player, counts = river_counts(hole_i, board_i)
        holdings = sum(counts)
        options = {"1x": Fraction(_play_value2(1, player, counts), 2 * holdings), "fold": FOLD}
        return Decision("river", options, _best("river", options), holdings)
    if not board_i:
        return preflop_decision(hole)
    if len(board_i) != 3:
        raise RequestError("board", f"debe tener 0 cartas (antes del flop), 3 (flop) o 5 (river); tiene "
                                    f"{len(board_i)}")
    used = set(hole_i) | set(board_i)
    left = [i for i in range(52) if i not in used]
    total = len(left) * (len(left) - 1) // 2
    bet = check = 0
    holdings = 0
    done = 0
    for x, turn in enumerate(left):
        for river in left[x + 1:]:
            player, counts = river_counts(hole_i, (*board_i, turn, river))
            n = sum(counts)
            holdings += n
            bet += _play_value2(2, player, counts)
            check += max(_play_value2(1, player, counts), int(2 * FOLD) * n)
            done += 1
        yield done, total
    options = {"2x": Fraction(bet, 2 * holdings), "check": Fraction(check, 2 * holdings)}
    return Decision("flop", options, _best("flop", options), holdings)


def _preflop():
    """The table of the 169 starting hands (:mod:`.preflop`)."""
    from . import preflop  # lazy: a generated table that only pre-flop decisions read

    return preflop


def preflop_values(name: str) -> dict[str, Fraction]:
    """The exact value (Antes) of 4x, 3x and checking with a starting hand (``"AKs"``), from the table.

    >>> v = preflop_values("AA"); v["4x"] > v["3x"] > v["check"]
    True
    """
    table = _preflop()
    _combos, *values = table.HANDS[name]
    return {option: Fraction(value, table.DENOMINATOR) for option, value in zip(OPTIONS["preflop"], values)}


def preflop_decision(hole: Sequence[Card]) -> Decision:
    """The pre-flop decision for two hole cards (from the table of the 169 starting hands)."""
    table = _preflop()
    options = preflop_values(starting_hand(hole))
    return Decision("preflop", options, _best("preflop", options), table.DEALS)


def house_edge() -> Fraction:
    """The base game's house edge with the best play, as a share of the Ante: minus the average,
    over the 1,326 starting combinations, of the best pre-flop option (Trips excluded).

    >>> f"{float(house_edge()):.5f}"
    '0.02185'
    """
    table = _preflop()
    total = sum(combos * max(values) for combos, *values in table.HANDS.values())
    combinations = sum(combos for combos, *_values in table.HANDS.values())
    return -Fraction(total, combinations * table.DENOMINATOR)


def simple_preflop_agreement() -> tuple[int, int]:
    """In how many of the 1,326 starting combinations the simple pre-flop rule
    (:func:`engine.games.ultimate.rules.simple_strategy_preflop`: 4x or check) chooses an option worth as
    much as the best one, and out of how many."""
    holes = list(combinations(DECK, 2))
    agree = 0
    for hole in holes:
        values = preflop_values(starting_hand(hole))
        agree += values["4x" if simple_strategy_preflop(hole) else "check"] == max(values.values())
    return agree, len(holes)


#: The simple strategy's reasons (codes of :func:`simple_strategy`) and their wording.
SIMPLE_REASONS: dict[str, str] = {
    "two-pair": "tienes dos parejas o más con tus cartas",
    "hidden-pair": "tienes una pareja con tus cartas, y la regla sube con cualquiera salvo con los doses en la mano",
    "pocket-deuces": "tu única pareja son los doses en la mano, la excepción de la regla, y no tienes cuatro a "
                     "color con un 10 o más de ese palo en la mano",
    "flush-draw": "tienes cuatro cartas a color con un 10 o más de ese palo en la mano",
    "nothing-flop": "no tienes pareja con tus cartas, ni cuatro a color con un 10 o más de ese palo en la mano",
    "hidden-hand": "tienes una pareja o más con tus cartas",
    "preflop-raise": "tu mano está en su lista de manos que suben 4x antes del flop",
    "preflop-check": "tu mano no está en su lista de manos que suben 4x antes del flop",
    "few-outs": "solo {outs} de las 45 cartas que no ves darían al crupier una mano mejor que la tuya (menos de 21)",
    "many-outs": "no tienes pareja con tus cartas y {outs} de las 45 cartas que no ves darían al crupier una "
                 "mano mejor que la tuya (21 o más)",
}


def dealer_outs(hole: Sequence[Card], board: Sequence[Card]) -> int:
    """On the river: how many of the 45 unseen cards beat the player when the dealer adds that one
    card to the board (the count the simple strategy compares with 21)."""
    mine = _strength7([c.index for c in (*hole, *board)])
    used = {c.index for c in (*hole, *board)}
    return sum(1 for card in DECK if card.index not in used and strength([*board, card]) > mine)


def simple_strategy(hole: Sequence[Card], board: Sequence[Card]) -> tuple[str, str]:
    """A common simple strategy, as ``(option, reason code)`` (:data:`SIMPLE_REASONS`):

    - before the flop (no board): 4x with the hands of
      :func:`engine.games.ultimate.rules.simple_strategy_preflop`; otherwise check;

    - flop: 2x with two pair or better made with a hidden card, a hidden pair (not pocket deuces),
      or four to a flush holding a hidden 10 or better of that suit; otherwise check;
    - river: 1x with a hidden pair or better, or when fewer than 21 of the 45 unseen cards beat
      the player (:func:`dealer_outs`); otherwise fold.

    >>> from engine.cards import parse_cards as C
    >>> simple_strategy(C("8h 8d"), C("Ks 7c 2d")), simple_strategy(C("2h 2d"), C("Ks 7c 9d"))
    (('2x', 'hidden-pair'), ('check', 'pocket-deuces'))
    >>> simple_strategy(C("Ah Kd"), C("Qs 9c 4h 7d 2s"))[0]
    '1x'
    """
    if not board:
        return ("4x", "preflop-raise") if simple_strategy_preflop(hole) else ("check", "preflop-check")
    ranks = [c.rank for c in board]
    hidden = [c for c in hole if c.rank in ranks] or ([*hole] if hole[0].rank == hole[1].rank else [])
    if len(board) == 3:
        board_code = {1: THREE, 2: PAIR, 3: HIGH_CARD}[len(set(ranks))]  # the flop's own category
        code = strength([*hole, *board]) >> 20
        if code >= TWO_PAIR and code > board_code:  # made with a hidden card
            return "2x", "two-pair"
        if hidden and not (hole[0].rank == hole[1].rank == 2 and not any(c.rank in ranks for c in hole)):
            return "2x", "hidden-pair"
        for card in hole:
            if card.rank >= 10 and sum(c.suit == card.suit for c in (*hole, *board)) >= 4:
                return "2x", "flush-draw"
        return "check", "pocket-deuces" if hidden else "nothing-flop"
    if len(board) != 5:
        raise RequestError("board", "la estrategia simple de este sitio es para antes del flop (0 cartas), el flop "
                                    "(3) o el river (5)")
    mine = _strength7([c.index for c in (*hole, *board)])
    if hidden or (mine >> 20 >= 4 and mine > strength(board)):
        return "1x", "hidden-hand"
    outs = dealer_outs(hole, board)
    return ("1x", "few-outs") if outs < 21 else ("fold", "many-outs")


def simple_reason(hole: Sequence[Card], board: Sequence[Card], reason: str) -> str:
    """Why the simple strategy chooses as it does, for these cards (a clause after «porque»)."""
    text = SIMPLE_REASONS[reason]
    return text.format(outs=dealer_outs(hole, board)) if "{outs}" in text else text


def _best(street: str, options: dict[str, Fraction]) -> str:
    """The option of highest value (the first in :data:`OPTIONS` order on a tie)."""
    return max(OPTIONS[street], key=lambda o: (options[o], -OPTIONS[street].index(o)))


def value_text(value: Fraction) -> str:
    """A value in Antes for the page: ``"+0,412"``, ``"−2,000"``."""
    text = spanish.decimal(value, 3)
    return text if value < 0 else "+" + text


def in_antes(value: Fraction, *, signed: bool = False, exact: bool = False) -> str:
    """A value in Antes in running text, never read as «antes» (before): ``"0,216 veces el Ante"``;
    ``signed``: with its sign, ``"+0,412 veces el Ante"``. An expected value is written to three places;
    with ``exact``, a settled result is written as it is (a pay table gives whole Antes and halves).

    >>> in_antes(Fraction(216, 1000)), in_antes(Fraction(-2), signed=True), in_antes(Fraction(1), signed=True)
    ('0,216 veces el Ante', '−2,000 veces el Ante', '+1,000 veces el Ante')
    >>> in_antes(Fraction(-6), signed=True, exact=True), in_antes(Fraction(3, 2), signed=True, exact=True)
    ('−6 veces el Ante', '+1,5 veces el Ante')
    """
    if exact:
        text = spanish.amount(value, signed=signed)
    else:
        text = value_text(value) if signed else spanish.decimal(value, 3)
    return f"{text} veces el Ante"


def cost_sentence(given: str, best: str, cost: str) -> str:
    """What choosing ``given`` costs (``cost``, already worded: :func:`in_antes`) and the best option.

    >>> cost_sentence("check", "4x", in_antes(Fraction(1, 5)))
    'Pasar cuesta de media 0,200 veces el Ante; lo mejor es subir 4x.'
    """
    return f"{spanish.capital(OPTION_NAMES[given])} cuesta de media {cost}; lo mejor es {OPTION_NAMES[best]}."


def decision_reply(decided: Decision) -> dict:
    """The ``uth-decision`` reply for a decision (see :func:`_decision_command`)."""
    return {
        "street": decided.street,
        "options": {o: float(v) for o, v in decided.options.items()},
        "best": decided.best,
        "text": {o: value_text(v) for o, v in decided.options.items()},
        "loss": {o: float(decided.loss(o)) for o in decided.options},
        "names": {o: OPTION_NAMES[o] for o in decided.options},
        "deals": decided.deals,
    }


@command("uth-decision", "Ultimate Texas Hold'em: valor exacto de cada opción (antes del flop: 4x, 3x o pasar; "
                         "flop: 2x o pasar; river: 1x o retirarse) en Antes, de Ante + Blind + Play.")
def _decision_command(request: dict) -> Generator[tuple[int, int], None, dict]:
    """``{"hole": [2 cards], "board": [0, 3 or 5 cards]}`` -> ``{"street", "options": {option: value in
    Antes}, "best", "text": {option: "+0,412"}, "loss": {option: Antes lost against the best},
    "names": {option: Spanish}, "deals"}``, in steps (a flop decision reports its count)."""
    hole = parse_card_list(require(request, "hole", "hole"), "hole", 2)
    board = parse_card_list(require(request, "board", "board"), "board")
    unique_cards([(f"hole[{i}]", c) for i, c in enumerate(hole)] + [(f"board[{i}]", c) for i, c in enumerate(board)])
    return decision_reply((yield from decision_steps(hole, board)))
