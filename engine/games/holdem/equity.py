"""Hold'em equity: each player's expected share of the pot over every way the deal can end.

Given the players' hole cards, the board so far (0, 3 or 4 cards, or all 5) and any dead cards,
:func:`equity` goes through every board that can still come and, at each, gives the pot to the
best hand: a player who wins alone takes it all, ``k`` players who tie take ``1/k`` each. A
player's *equity* is the average share; ``win`` and ``tie`` are the fractions of boards won alone
and shared. The count is exact (heads-up before the flop: 1.712.304 boards).

A player's hand may also be unknown (an empty list): then every hand they can hold is dealt too.
When that makes exact enumeration too long (more than :data:`EXACT_LIMIT` hand evaluations, e.g.
a hand against an unknown one before the flop), the deals are drawn at random instead, with a
fixed seed (the same request always gets the same reply), and each equity comes with its 95 %
interval (normal approximation: mean ± 1,96 standard errors).

Speed: the board is enumerated once, not once per player. Every card has a key
(:data:`engine.evaluation.CARD_KEYS`) and a hand's key is the sum of its cards' keys, so each
board's key is summed once and each player adds the precomputed key of their two cards. A total
without :data:`engine.evaluation.FLUSH_BITS` is looked up by its rank part alone; the rare flush
goes through :func:`engine.evaluation.strength_with` with the cards.

Before the flop with every hand known, the boards are counted by rank multiset instead (at most
6.175 of them, each weighted by its number of boards), and only the boards where somebody can
make a flush are dealt one by one (:func:`_enumerate_by_ranks`): the same counts, several times
faster; the tests compare both ways.

Progress: the count works in steps (:func:`equity_steps` yields ``(done, total)``: the deals
counted so far and the total, after each group of boards, every few hundred samples, or along the
count by ranks), so that the browser's worker can report progress and see a cancellation between
two steps (:class:`engine.protocol.Job`); :func:`equity` takes ``progress(done, total)`` instead.

>>> from engine.cards import parse_cards
>>> result = equity({"Ana": parse_cards("As Ah"), "Beto": parse_cards("Ks Kd")},
...                 parse_cards("2c 7d 9h Jc"))
>>> result.boards, [str(result.equity(i)) for i in range(2)]
(44, ['21/22', '1/22'])
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import Any, Generator, Mapping, Sequence

from ... import spanish
from ...cards import DECK, Card
from ...errors import EngineError, RequestError, shown
from ...evaluation import CARD_KEYS, FLUSH_BITS, key_total, strength_with
from ...protocol import Progress, command, finish
from ...requests import check_type, optional, require
from .rules import MAX_PLAYERS, MIN_PLAYERS

__all__ = [
    "DEFAULT_SAMPLES",
    "EXACT_LIMIT",
    "SAMPLE_WORK",
    "Equity",
    "equity",
    "equity_reply",
    "equity_steps",
    "hit_chance",
    "max_samples",
    "versus_random",
]

#: The most work an exact answer may take, in hand evaluations: deals × players, plus
#: :data:`HAND_DEAL_COST` for each way of dealing the unknown hands; beyond, deals are sampled.
EXACT_LIMIT = 4_500_000
#: What each way of dealing the unknown hands costs beyond its boards (setting up its count).
HAND_DEAL_COST = 25
#: Deals drawn when the count is not exact (unless the request asks for another number).
DEFAULT_SAMPLES = 100_000
#: The most sampling one request may ask for, as samples × (players + 2): a sample costs about
#: as much as two more players' hands. About 5 s of CPython on the machine the figures were taken
#: on (a request must not hold the browser's engine for a minute); see :func:`max_samples`.
SAMPLE_WORK = 1_200_000
#: Samples drawn between two steps of the count (a few milliseconds of work).
SAMPLE_STEP = 100
#: Board sizes a request may carry: before the flop, on the flop, the turn and the river.
BOARD_SIZES = (0, 3, 4, 5)
#: A tie among k players gives each 1/k of the pot; shares are counted in units of 1/UNITS
#: (divisible by every k up to ten players) so that sums stay exact integers.
UNITS = 2520
_Z95 = 1.959963984540054

@dataclass(frozen=True)
class Equity:
    """The outcome of every deal counted (exact) or drawn (not exact), per player in request order."""

    names: tuple[str, ...]
    #: Deals counted: boards (times the hands dealt to unknown players), or samples drawn.
    boards: int
    wins: tuple[int, ...]
    ties: tuple[int, ...]
    #: Sum over the deals of the player's share of the pot, in units of 1/:data:`UNITS`.
    units: tuple[int, ...]
    exact: bool
    #: Sum of squared shares (units²), for the interval of a sampled answer.
    squares: tuple[int, ...] = ()

    def equity(self, i: int) -> Fraction:
        """Player ``i``'s expected share of the pot."""
        return Fraction(self.units[i], UNITS * self.boards)

    def win(self, i: int) -> Fraction:
        return Fraction(self.wins[i], self.boards)

    def tie(self, i: int) -> Fraction:
        return Fraction(self.ties[i], self.boards)

    def interval(self, i: int) -> tuple[float, float]:
        """95 % interval of player ``i``'s equity (a single point when exact)."""
        mean = float(self.equity(i))
        if self.exact:
            return mean, mean
        n = self.boards
        variance = max(0.0, self.squares[i] / UNITS**2 / n - mean * mean) * n / max(1, n - 1)
        half = _Z95 * math.sqrt(variance / n)
        return max(0.0, mean - half), min(1.0, mean + half)


def _deal_count(free: int, unknown: int, board_left: int) -> int:
    """How many deals: hands for ``unknown`` players (in order), then the rest of the board."""
    count = 1
    for _ in range(unknown):
        count *= math.comb(free, 2)
        free -= 2
    return count * math.comb(free, board_left)


def equity(players: Mapping[str, Sequence[Card]], board: Sequence[Card] = (), dead: Sequence[Card] = (), *,
           samples: int | None = None, seed: int = 0, progress: Progress | None = None,
           method: str = "auto", fallback: int | None = None, limit: int | None = None) -> Equity:
    """Each player's share of the pot over every possible deal (see the module docstring).

    ``players`` maps names to two hole cards, or to no card for an unknown hand. With ``samples``
    the deals are drawn at random even when an exact count is possible; without, ``fallback`` deals (default
    :data:`DEFAULT_SAMPLES`) are drawn when the exact count would take more than ``limit`` hand evaluations
    (default :data:`EXACT_LIMIT`). ``method="boards"``
    counts board by board even before the flop (tests compare it with the faster count by ranks).
    ``progress(done, total)`` is called at each step of the count (:func:`equity_steps`).

    :raises EngineError: for fewer than 2 or more than 10 players, a board of 1, 2 or more than 5
        cards, a hand that is not 0 or 2 cards, or a card that appears twice.
    """
    return finish(equity_steps(players, board, dead, samples=samples, seed=seed, method=method, fallback=fallback,
                               limit=limit), progress)


def equity_steps(players: Mapping[str, Sequence[Card]], board: Sequence[Card] = (), dead: Sequence[Card] = (), *,
                 samples: int | None = None, seed: int = 0, method: str = "auto", fallback: int | None = None,
                 limit: int | None = None) -> Generator[tuple[int, int], None, Equity]:
    """:func:`equity` in steps: yields ``(done, total)`` deals as it counts, returns the :class:`Equity`.

    :raises EngineError: for fewer than 2 or more than 10 players, a board of 1, 2 or more than 5
        cards, a hand that is not 0 or 2 cards, or a card that appears twice.
    """
    names = tuple(players)
    hands = [tuple(players[name]) for name in names]
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise EngineError(f"El cálculo es para {MIN_PLAYERS} a {MAX_PLAYERS} jugadores (recibidos {len(names)}).")
    if len(board) not in BOARD_SIZES:
        raise EngineError(f"La mesa tiene 0, 3, 4 o 5 cartas (recibidas {len(board)}).")
    for name, hand in zip(names, hands):
        if len(hand) not in (0, 2):
            raise EngineError(f"La mano de {name} tiene 2 cartas, o ninguna si es desconocida (recibidas {len(hand)}).")
    used = [c for hand in hands for c in hand] + list(board) + list(dead)
    if len(set(used)) != len(used):
        raise EngineError("Hay una carta repetida entre las manos, la mesa y las cartas muertas.")
    free = [card for card in DECK if card not in set(used)]
    unknown = [i for i, hand in enumerate(hands) if not hand]
    left = 5 - len(board)
    total = _deal_count(len(free), len(unknown), left)
    limit = EXACT_LIMIT if limit is None else limit
    if samples is None and not unknown and left == 5 and method == "auto" and limit >= EXACT_LIMIT:
        return (yield from _enumerate_by_ranks(names, hands, free, total))
    hand_deals = _deal_count(len(free), len(unknown), 0)
    if samples is None and total * len(names) + HAND_DEAL_COST * hand_deals <= limit:
        return (yield from _enumerate(names, hands, list(board), free, unknown, total))
    return (yield from _sample(names, hands, list(board), free, unknown, samples or fallback or DEFAULT_SAMPLES, seed))


class _Tally:
    """Running counts over deals: wins, ties, pot shares (and their squares when sampling)."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.wins = [0] * n
        self.ties = [0] * n
        self.shared = [0] * n
        self.squares = [0] * n
        self.deals = 0

    def add_pair(self, w0: int, w1: int, both: int) -> None:
        """Heads-up: boards won by each player and boards tied."""
        self.wins[0] += w0
        self.wins[1] += w1
        self.ties[0] += both
        self.ties[1] += both
        self.shared[0] += UNITS // 2 * both
        self.shared[1] += UNITS // 2 * both
        self.deals += w0 + w1 + both

    def add(self, values: Sequence[int], *, weight: int = 1, squares: bool = False, tied: bool = False) -> None:
        """``weight`` deals (negative: take them back) where the players' strengths are ``values``,
        in order. With ``tied`` the deal is known to be a tie and the caller counts it in
        :attr:`deals`."""
        top = max(values)
        winners = values.count(top)
        if not tied:
            self.deals += weight
        if winners == 1:
            i = values.index(top)
            self.wins[i] += weight
            if squares:
                self.squares[i] += UNITS * UNITS
            return
        share = UNITS // winners
        for i, value in enumerate(values):
            if value == top:
                self.ties[i] += weight
                self.shared[i] += share * weight
                if squares:
                    self.squares[i] += share * share

    def result(self, names: tuple[str, ...], exact: bool) -> Equity:
        """The totals: a win adds a whole pot to the shares of tied pots."""
        units = tuple(u + UNITS * w for u, w in zip(self.shared, self.wins))
        return Equity(names, self.deals, tuple(self.wins), tuple(self.ties), units, exact, tuple(self.squares))


class _Memo(dict):
    """Strength by the rank part of a key total without a flush, filled through the public evaluator."""

    def __missing__(self, ranks: int) -> int:
        value = self[ranks] = strength_with(ranks << 16, ())
        return value


_STRENGTH = _Memo()
_CARD_OF_KEY = {CARD_KEYS[card.index]: card for card in DECK}


def _cards_of(keys) -> tuple[Card, ...]:
    return tuple(_CARD_OF_KEY[k] for k in keys)


def _score_boards(tally: _Tally, holes: list[tuple[Card, ...]], start: int, tail: Sequence[int],
                  prefix: tuple[int, ...], fixed: tuple[Card, ...]) -> None:
    """Add to ``tally`` every board made of the ``fixed`` cards, the cards of key ``prefix`` and
    one card of key in ``tail``. ``start`` is the key total of the fixed and prefix cards (suit
    base included). An empty ``tail`` stands for the one board without a last card.
    """
    memo = _STRENGTH
    flush = FLUSH_BITS
    keys = [sum(CARD_KEYS[c.index] for c in hole) for hole in holes]
    if not tail:
        tail = (0,)

    def slow(t: int, hole: tuple[Card, ...], last: int) -> int:
        return strength_with(t, hole + fixed + _cards_of(prefix + ((last,) if last else ())))

    if len(holes) == 2:
        b0 = start + keys[0]
        b1 = start + keys[1]
        hole0, hole1 = holes
        w0 = w1 = both = 0
        for k in tail:
            t0 = b0 + k
            t1 = b1 + k
            if (t0 | t1) & flush:
                v0 = slow(t0, hole0, k) if t0 & flush else memo[t0 >> 16]
                v1 = slow(t1, hole1, k) if t1 & flush else memo[t1 >> 16]
            else:
                v0 = memo[t0 >> 16]
                v1 = memo[t1 >> 16]
            if v0 > v1:
                w0 += 1
            elif v1 > v0:
                w1 += 1
            else:
                both += 1
        tally.add_pair(w0, w1, both)
        return
    # One column of strengths per player, then one pass over the boards.
    columns = [[memo[t >> 16] if not (t := b + k) & flush else slow(t, hole, k) for k in tail]
               for b, hole in ((start + key, hole) for key, hole in zip(keys, holes))]
    wins = tally.wins
    add = tally.add
    for values in zip(*columns):
        top = max(values)
        if values.count(top) == 1:
            wins[values.index(top)] += 1
        else:
            add(values, tied=True)
    tally.deals += len(columns[0])


def _hand_deals(free: list[Card], unknown: list[int], hands: list[tuple[Card, ...]]):
    """Every way to deal two cards to each unknown player in turn: (hands, cards left) pairs."""
    if not unknown:
        yield hands, free
        return
    i, later = unknown[0], unknown[1:]
    for pair in combinations(free, 2):
        rest = [c for c in free if c is not pair[0] and c is not pair[1]]
        dealt = hands[:i] + [pair] + hands[i + 1:]
        yield from _hand_deals(rest, later, dealt)


def _enumerate(names, hands, board, free, unknown, total):
    tally = _Tally(len(names))
    base = key_total(board)
    fixed = tuple(board)
    left = 5 - len(board)
    for dealt, deck in _hand_deals(free, unknown, hands):
        keys = [CARD_KEYS[c.index] for c in deck]
        if left == 0:
            _score_boards(tally, dealt, base, (), (), fixed)
            continue
        last_first = -1
        # Boards in order: every choice of the first left - 1 cards, then each later card.
        for chosen in combinations(range(len(keys) - 1), left - 1):
            prefix = tuple(keys[i] for i in chosen)
            after = chosen[-1] + 1 if chosen else 0
            _score_boards(tally, dealt, base + sum(prefix), keys[after:], prefix, fixed)
            if chosen and chosen[0] != last_first:
                last_first = chosen[0]
                yield tally.deals, total
    yield tally.deals, total
    return tally.result(names, True)


def _rank_multisets(available: list[int], size: int, rank: int = 0):
    """Every multiset of ``size`` ranks (bit 3·r holds the count of rank r, deuce = 0) that the
    ``available`` cards of each rank allow, with how many sets of cards have it."""
    if size == 0:
        yield 0, 1
        return
    if rank == 13:
        return
    for count in range(min(size, available[rank]) + 1):
        ways = math.comb(available[rank], count)
        for key, more in _rank_multisets(available, size - count, rank + 1):
            yield key + (count << 3 * rank), ways * more


def _enumerate_by_ranks(names, hands, free, total):
    """Before the flop, every hand known: the same count as :func:`_enumerate`, faster.

    Without a flush a hand's strength depends on its ranks alone, so the boards are first counted
    by rank multiset (6.175 of them at most, each weighted by how many boards share it) as if no
    flush existed. Then the boards where a flush is possible for someone -- five cards of a suit
    between the board and that player's two cards -- are enumerated one by one, and where a
    player really has a flush the rank-only outcome is replaced by the real one.
    """
    memo = _STRENGTH
    flush = FLUSH_BITS
    tally = _Tally(len(names))
    empty = key_total(())
    hole_keys = [key_total(hand) - empty for hand in hands]
    hole_ranks = [key >> 16 for key in hole_keys]
    available = [0] * 13
    for card in free:
        available[card.rank - 2] += 1
    for ranks, weight in _rank_multisets(available, 5):
        tally.add([memo[ranks + h] for h in hole_ranks], weight=weight)
    yield total // 2, total
    for suit in range(4):
        in_suit = [sum(1 for card in hand if card.suit == suit) for hand in hands]
        suited = [card for card in free if card.suit == suit]
        others = [card for card in free if card.suit != suit]
        for count in range(5 - max(in_suit), 6):
            # With 5 of a suit among 7 cards there is no full house or four of a kind: a player's
            # flush depends on the suited cards alone, the same whatever the other board cards.
            flushers = [i for i, k in enumerate(in_suit) if k + count >= 5]
            rest = [sum(CARD_KEYS[c.index] for c in o) >> 16 for o in combinations(others, 5 - count)]
            for n, chosen in enumerate(combinations(suited, count)):
                if n % 64 == 63:
                    yield total // 2 + total * suit // 8, total  # a pause, no further in the count
                start = empty + sum(CARD_KEYS[c.index] for c in chosen)
                flushes = [(i, strength_with(start + hole_keys[i], hands[i] + chosen)) for i in flushers]
                ranks = start >> 16
                if len(hands) == 2:
                    _heads_up_flushes(tally, ranks, rest, hole_ranks, dict(flushes))
                    continue
                for other in rest:
                    board = ranks + other
                    plain = [memo[board + h] for h in hole_ranks]
                    real = list(plain)
                    for i, value in flushes:
                        real[i] = value
                    tally.add(plain, weight=-1)
                    tally.add(real)
        yield total if suit == 3 else total // 2 + total * (suit + 1) // 8, total
    return tally.result(names, True)


def _heads_up_flushes(tally: _Tally, ranks: int, rest: list[int], hole_ranks: list[int],
                      flushes: dict[int, int]) -> None:
    """Heads-up part of :func:`_enumerate_by_ranks`: for each board (rank key ``ranks`` plus one
    of ``rest``), move the deal from its rank-only outcome to the real one, where ``flushes``
    gives the real strength of the players who have a flush."""
    memo = _STRENGTH
    r0, r1 = hole_ranks
    f0, f1 = flushes.get(0), flushes.get(1)
    moved = {(-1, 1): 0, (-1, 0): 0, (0, 1): 0, (0, -1): 0, (1, -1): 0, (1, 0): 0}
    for other in rest:
        board = ranks + other
        p0 = memo[board + r0]
        p1 = memo[board + r1]
        q0 = p0 if f0 is None else f0
        q1 = p1 if f1 is None else f1
        before = (p0 > p1) - (p0 < p1)
        after = (q0 > q1) - (q0 < q1)
        if before != after:
            moved[before, after] += 1
    for (before, after), count in moved.items():
        if count:
            tally.add_pair(*(-count * k for k in _OUTCOME[before]))
            tally.add_pair(*(count * k for k in _OUTCOME[after]))


#: A heads-up outcome (first player ahead, behind, tied) as (wins of 0, wins of 1, ties).
_OUTCOME = {1: (1, 0, 0), -1: (0, 1, 0), 0: (0, 0, 1)}


def _sample(names, hands, board, free, unknown, samples, seed):
    rng = random.Random(seed)
    tally = _Tally(len(names))
    memo = _STRENGTH
    flush = FLUSH_BITS
    base = key_total(board)
    keys = [CARD_KEYS[c.index] for c in free]
    hole_keys = [key_total(hand) - key_total(()) for hand in hands]
    draw = 2 * len(unknown) + 5 - len(board)
    extra = 2 * len(unknown)
    step = min(SAMPLE_STEP, max(1, samples // 50))
    add = tally.add
    order = range(len(keys))
    for done in range(1, samples + 1):
        picked = rng.sample(order, draw)
        holes = list(hole_keys)
        dealt = list(hands)
        for j, i in enumerate(unknown):
            a, b = picked[2 * j], picked[2 * j + 1]
            holes[i] = keys[a] + keys[b]
            dealt[i] = (free[a], free[b])
        s = base
        for i in picked[extra:]:
            s += keys[i]
        values = []
        for h, hole in zip(holes, dealt):
            t = s + h
            if t & flush:
                values.append(strength_with(t, hole + tuple(board) + tuple(free[i] for i in picked[extra:])))
            else:
                values.append(memo[t >> 16])
        add(values, squares=True)
        if done % step == 0:
            yield done, samples
    yield samples, samples
    return tally.result(names, False)


def versus_random(hole: Sequence[Card], board: Sequence[Card], opponents: int) -> tuple[Fraction, int] | None:
    """The exact equity of ``hole`` against one or two unknown hands from the turn on (``board`` of 4 or 5
    cards) and the deals it counts, without dealing the hands one pair at a time; None for other spots.

    On each final board every hand an opponent can hold is ranked once against ``hole``: worse (W), the same
    (T) or better. Against one hand the share is ``(|W| + |T|/2) / holdings``. Against two, the ordered pairs
    of disjoint holdings from sets A and B number ``|A|·|B| − Σ_c a(c)·b(c) + |A∩B|`` (``a(c)``: holdings of A
    that hold card c; a pair sharing one card is counted once in the sum, the same holding twice), and the
    share is ``(WW + (WT + TW)/2 + TT/3) / all pairs``. The same counts as :func:`equity` deals them.
    """
    if opponents not in (1, 2) or len(board) not in (4, 5) or len(hole) != 2:
        return None
    seen = set(hole) | set(board)
    free = [card for card in DECK if card not in seen]
    units = deals = 0
    for river in ([()] if len(board) == 5 else [(card,) for card in free]):
        full = (*board, *river)
        rest = [card for card in free if card not in river]
        ranked = _holdings_against(tuple(hole), full, rest)
        if opponents == 1:
            worse, tied, count = len(ranked[0]), len(ranked[1]), len(rest) * (len(rest) - 1) // 2
            units += UNITS * worse + UNITS // 2 * tied
            deals += count
            continue
        degree = [_degrees(ranked[0]), _degrees(ranked[1])]
        pairs = [[len(ranked[i]) * len(ranked[j]) - sum(x * y for x, y in zip(degree[i], degree[j]))
                  + (len(ranked[i]) if i == j else 0) for j in (0, 1)] for i in (0, 1)]
        holdings = len(rest) * (len(rest) - 1) // 2
        units += UNITS * pairs[0][0] + UNITS // 2 * (pairs[0][1] + pairs[1][0]) + UNITS // 3 * pairs[1][1]
        deals += holdings * holdings - len(rest) * (len(rest) - 1) ** 2 + holdings
    return Fraction(units, UNITS * deals), deals


def _holdings_against(hole: tuple[Card, ...], full: tuple[Card, ...], rest: list[Card]) -> tuple[list, list]:
    """Every holding from ``rest`` on the final board ``full`` that is worse than ``hole`` and that ties it."""
    base = key_total(full)
    keys = CARD_KEYS
    total = base + keys[hole[0].index] + keys[hole[1].index]
    mine = strength_with(total, (*hole, *full)) if total & FLUSH_BITS else _STRENGTH[total >> 16]
    worse, tied = [], []
    for a, b in combinations(rest, 2):
        total = base + keys[a.index] + keys[b.index]
        theirs = strength_with(total, (a, b, *full)) if total & FLUSH_BITS else _STRENGTH[total >> 16]
        if theirs < mine:
            worse.append((a.index, b.index))
        elif theirs == mine:
            tied.append((a.index, b.index))
    return worse, tied


def _degrees(holdings: list[tuple[int, int]]) -> list[int]:
    """How many of ``holdings`` hold each card (by index)."""
    degree = [0] * len(DECK)
    for a, b in holdings:
        degree[a] += 1
        degree[b] += 1
    return degree


def max_samples(players: int) -> int:
    """The most deals a request with ``players`` players may draw at random (:data:`SAMPLE_WORK`),
    in whole thousands.

    >>> max_samples(2), max_samples(10), DEFAULT_SAMPLES <= max_samples(MAX_PLAYERS)
    (300000, 100000, True)
    """
    return SAMPLE_WORK // (players + 2) // 1000 * 1000


def hit_chance(outs: int, cards: int = 2, unseen: int = 47) -> Fraction:
    """The exact chance that at least one of ``outs`` cards comes among the next ``cards`` cards,
    with ``unseen`` cards unknown to the player (47 on the flop, 46 on the turn). The "rule of 2
    and 4" estimates it as 2 % per out for one card and 4 % for two.

    >>> str(hit_chance(9)), f"{float(hit_chance(9)):.4f}", str(hit_chance(9, 1, 46))
    ('378/1081', '0.3497', '9/46')
    """
    if not 0 <= outs <= unseen or not 0 <= cards <= unseen:
        raise EngineError(f"No puede haber {outs} outs entre {unseen} cartas por ver.")
    return 1 - Fraction(math.comb(unseen - outs, cards), math.comb(unseen, cards))


# ---------------------------------------------------------------------------------------------
# Protocol.

class EquityCardError(RequestError):
    """A card the calculator cannot use, said as the reader sees the form: «El As de picas ya está en
    la mano de Jugador 1.» (no field path, no card code); ``field`` still names the field at fault.
    Code ``equity-card``."""

    def __init__(self, field: str, message: str) -> None:
        EngineError.__init__(self, message)
        self.field, self.problem = field, message


def _place(path: str) -> str:
    """Where a field's cards are, for the reader: «la mano de Jugador 1», «la mesa»."""
    if path.startswith("players."):
        return f"la mano de {path[len('players.'):].split('[')[0]}"
    return "la mesa" if path.startswith("board") else "las cartas descartadas"


def _reader_cards(tokens: Any, path: str) -> list[Card]:
    """``tokens`` parsed, an unreadable one refused in the reader's words."""
    check_type(tokens, list, path)
    cards = []
    for i, token in enumerate(tokens):
        try:
            cards.append(Card.parse(token))
        except EngineError as exc:
            how = str(exc).partition(". ")[2]  # «Escribe el valor (2-9, T o 10...) y el palo...»
            raise EquityCardError(f"{path}[{i}]", f"«{token if isinstance(token, str) else shown(token)}», en {_place(path)}, no es una carta. {how}"
                                  .strip()) from None
    return cards


def _refuse_repeats(located: list[tuple[str, Card]]) -> None:
    seen: dict[Card, str] = {}
    for path, card in located:
        if card in seen:
            where = seen[card]
            said = spanish.card_name(card, article=True)
            said = said[:1].upper() + said[1:]
            if _place(where) == _place(path):
                raise EquityCardError(path, f"{said} está dos veces en {_place(path)}.")
            raise EquityCardError(path, f"{said} ya está en {_place(where)}.")
        seen[card] = path


def _parse(request: dict):
    value = require(request, "players", "players", dict)
    if not MIN_PLAYERS <= len(value) <= MAX_PLAYERS:
        raise RequestError("players", f"debe tener de {MIN_PLAYERS} a {MAX_PLAYERS} jugadores (recibidos {len(value)})")
    players: dict[str, list[Card]] = {}
    for name, tokens in value.items():
        if not name.strip():
            raise RequestError("players", "el nombre de un jugador no puede estar vacío")
        check_type(tokens, list, f"players.{name}")
        if len(tokens) not in (0, 2):
            raise EquityCardError(f"players.{name}", f"{name}: escribe sus dos cartas, o deja el campo vacío para "
                                                     f"darle una mano al azar (hay {len(tokens)}).")
        players[name] = _reader_cards(tokens, f"players.{name}")
    tokens = optional(request, "board", "board", list, [])
    if len(tokens) not in BOARD_SIZES:
        raise EquityCardError("board", f"La mesa lleva 0, 3, 4 o 5 cartas (hay {len(tokens)}).")
    board = _reader_cards(tokens, "board")
    dead = _reader_cards(optional(request, "dead", "dead", list, []), "dead")
    _refuse_repeats([(f"players.{name}[{i}]", c) for name, hand in players.items() for i, c in enumerate(hand)]
                    + [(f"board[{i}]", c) for i, c in enumerate(board)]
                    + [(f"dead[{i}]", c) for i, c in enumerate(dead)])
    samples = optional(request, "samples", "samples", int, None)
    limit = max_samples(len(players))
    if samples is not None and not 1 <= samples <= limit:
        raise RequestError("samples", f"con {len(players)} jugadores debe estar entre 1 y {spanish.amount(limit)} "
                                      f"(recibido: {spanish.amount(samples)}); más repartos tardarían demasiado")
    seed = optional(request, "seed", "seed", int, 0)
    return players, board, dead, samples, seed


def used_cards(request: dict) -> list[str]:
    """The cards a half-filled form already holds (``"check": true`` requests, asked while the reader
    types so the card picker can mark them): every token of the players, the board and the dead cards
    that reads as a card, as its code, once each; tokens that do not read are skipped, not refused.

    >>> used_cards({"players": {"Jugador 1": ["A♠", "k"], "Jugador 2": ["as"]}, "board": ["10d"]})
    ['As', 'Td']
    """
    value = require(request, "players", "players", dict)
    lists = [*value.values(), optional(request, "board", "board", list, []),
             optional(request, "dead", "dead", list, [])]
    used: dict[str, None] = {}
    for tokens in lists:
        for token in tokens if isinstance(tokens, list) else ():
            try:
                used[str(Card.parse(token))] = None
            except EngineError:
                continue
    return list(used)


def equity_reply(request: dict, progress: Progress | None = None) -> dict:
    """The ``holdem-equity`` reply, reporting ``progress(done, total)`` along the way (see the
    module docstring).

    Reply: ``equity``, ``win`` and ``tie`` by name (fractions of 1); ``text``, ``win_text`` and
    ``tie_text`` (the same as Spanish percentages); ``boards`` (deals counted), ``exact`` and
    ``summary`` (a Spanish sentence saying how the figures were obtained); with ``"check": true``,
    only ``{"used": [codes]}`` (:func:`used_cards`), nothing counted; when not exact,
    ``samples`` and ``interval`` (by name, the 95 % interval ``[low, high]``), and ``text``
    carries the interval's half-width.
    """
    return finish(_equity_command(request), progress)


@command("holdem-equity", "Equity exacta de cada jugador de Texas Hold'em con sus cartas y las de la mesa.")
def _equity_command(request: dict) -> Generator[tuple[int, int], None, dict]:
    """:func:`equity_reply` in steps (the protocol reports them as progress)."""
    if optional(request, "check", "check", bool, False):
        return {"used": used_cards(request)}
    players, board, dead, samples, seed = _parse(request)
    result = yield from equity_steps(players, board, dead, samples=samples, seed=seed)
    names = result.names
    places = 2 if result.exact else 1
    reply: dict = {
        "equity": {name: float(result.equity(i)) for i, name in enumerate(names)},
        "win": {name: float(result.win(i)) for i, name in enumerate(names)},
        "tie": {name: float(result.tie(i)) for i, name in enumerate(names)},
        "text": {name: spanish.percent(result.equity(i), places) for i, name in enumerate(names)},
        "win_text": {name: spanish.percent(result.win(i), places) for i, name in enumerate(names)},
        "tie_text": {name: spanish.percent(result.tie(i), places) for i, name in enumerate(names)},
        "boards": result.boards,
        "exact": result.exact,
        "summary": f"Cálculo exacto: {spanish.amount(result.boards)} repartos posibles, todos contados.",
    }
    if not result.exact:
        reply["samples"] = result.boards
        reply["interval"] = {name: list(result.interval(i)) for i, name in enumerate(names)}
        reply["text"] = {
            name: f"{spanish.percent(result.equity(i), 1)} (± {spanish.decimal((hi - lo) * 50, 1)})"
            for i, name in enumerate(names) for lo, hi in [result.interval(i)]
        }
        reply["summary"] = (f"Estimación con {spanish.amount(result.boards)} repartos al azar (hay demasiados "
                            "para contarlos todos); «±» da el margen del intervalo de confianza del 95 %.")
    return reply
