"""Ultimate Texas Hold'em: pay tables as data and the settlement of one player against the dealer.

Rules (seed 003): Ante and Blind are equal; Play is 4x or 3x the Ante before the flop, 2x after
it, 1x on the river, or the player folds. The dealer qualifies with a pair or better. When the
player wins: Play pays 1 to 1; Ante pays 1 to 1 if the dealer qualifies and pushes if not; Blind
pays by its table with a straight or better and pushes with less. A tie pushes Ante, Blind and
Play (both playing the board is a tie). When the dealer wins, Blind and Play lose; the Ante loses
too unless the dealer did not qualify, when it pushes. A fold loses Ante and Blind. Trips is
settled on the player's own seven cards whatever the dealer holds, also after a fold.

Amounts are exact :class:`~fractions.Fraction` values: a 3:2 Blind of 25 pays 37.5, the only
source of half chips. The protocol writes a whole amount as a JSON integer and any other as a JSON
number with its decimals (``37.5``); the site shows it with a decimal comma, "37,5", never rounded
(this site's convention: a 3 a 2 Blind on an odd unit pays the exact half, +7,5 on a Blind of 5).

Results are data: each bet's :class:`BetResult` carries its net and a reason code (see
:data:`REASONS`); :func:`word_reason` and :func:`bet_line` word a result in Spanish, once, for
the rules pages, the quizzes and the trainer.

>>> from engine.cards import parse_cards
>>> s = settle(ante=100, trips=100, play=400, player=parse_cards("Ah 2h"),
...            dealer=parse_cards("Kc Kd"), board=parse_cards("9h 7h 4h Ks 3c"))
>>> s.ante, s.play, s.blind, s.trips, s.total
(Fraction(100, 1), Fraction(400, 1), Fraction(150, 1), Fraction(700, 1), Fraction(1350, 1))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

from ... import spanish
from ...cards import Card, format_cards
from ...errors import EngineError, RequestError
from ...evaluation import HandValue, InvalidHandError, category_name_es, evaluate, name_es
from ...protocol import command
from ...requests import amount as parse_amount
from ...requests import cards as parse_card_list
from ...requests import optional, require, unique_cards
from ...stats import expected_value

__all__ = [
    "BETS",
    "BLIND_TABLE",
    "DECISIONS",
    "DEFAULT_TRIPS_TABLE",
    "InvalidBetError",
    "PLAY_MULTIPLES",
    "REASONS",
    "BetResult",
    "Settlement",
    "TRIPS_TABLES",
    "bet_line",
    "blind_odds",
    "dealer_qualifies",
    "json_amount",
    "settle",
    "simple_strategy_preflop",
    "trips_expected_value",
    "trips_house_edge",
    "trips_odds",
    "word_reason",
]


class InvalidBetError(EngineError):
    """A bet that the rules do not allow: a Play that is not 0 or 1-4 times the Ante, a negative
    amount, an unknown Trips pay table."""


#: Blind pays (to 1) by the player's category, when the player beats the dealer; missing: push.
BLIND_TABLE: dict[str, int | Fraction] = {
    "royal_flush": 500,
    "straight_flush": 50,
    "four_of_a_kind": 10,
    "full_house": 3,
    "flush": Fraction(3, 2),
    "straight": 1,
}


def _trips_table(royal: int, straight_flush: int, four: int, full: int, flush: int, straight: int,
                 three: int) -> dict[str, int]:
    return {
        "royal_flush": royal,
        "straight_flush": straight_flush,
        "four_of_a_kind": four,
        "full_house": full,
        "flush": flush,
        "straight": straight,
        "three_of_a_kind": three,
    }


#: Trips pays (to 1) by category, for each variant named royal-SF-four-full-flush-straight-three.
#: Any category missing from a table loses the bet.
TRIPS_TABLES: dict[str, dict[str, int]] = {
    name: _trips_table(*(int(n) for n in name.split("-")))
    for name in ("50-40-30-9-7-4-3", "50-40-30-8-6-5-3", "50-40-30-8-7-4-3", "50-40-20-7-6-5-3")
}

#: The variant of seed 003 and of the trainer.
DEFAULT_TRIPS_TABLE = "50-40-30-8-7-4-3"

#: The Play bet, in Antes: 4 or 3 before the flop, 2 after it, 1 on the river.
PLAY_MULTIPLES = (1, 2, 3, 4)

#: What the player may do at each decision point: a Play of that many Antes, ``"check"`` (wait:
#: no bet yet) or ``"fold"``. Folding is only possible on the river; before it the player who does
#: not bet checks. Once a Play is placed there are no more decisions.
DECISIONS: dict[str, tuple[int | str, ...]] = {
    "preflop": (4, 3, "check"),
    "flop": (2, "check"),
    "river": (1, "fold"),
}

#: The bets of one hand, in the order they are settled and shown.
BETS = ("ante", "blind", "play", "trips")


def blind_odds(category: str) -> int | Fraction | None:
    """What the Blind pays (to 1) for a winning hand of ``category``; None when it pushes."""
    return BLIND_TABLE.get(category)


def trips_odds(category: str, table: str = DEFAULT_TRIPS_TABLE) -> int | None:
    """What Trips pays (to 1) for ``category``; None when the bet loses.

    :raises InvalidBetError: for an unknown table.
    """
    return _table(table).get(category)


def trips_expected_value(table: str = DEFAULT_TRIPS_TABLE) -> Fraction:
    """The Trips bet's exact expected net result per unit (negative: the player loses on average).
    Trips is settled on the player's seven cards alone, so the 7-card frequencies decide.

    :raises InvalidBetError: for an unknown table.

    >>> f"{float(trips_expected_value()):.5f}"
    '-0.03498'
    """
    return expected_value(_table(table), 7)


def trips_house_edge(table: str = DEFAULT_TRIPS_TABLE) -> Fraction:
    """The house edge of a Trips pay table, as an exact fraction of the bet.

    :raises InvalidBetError: for an unknown table.

    >>> f"{float(trips_house_edge('50-40-30-9-7-4-3')) * 100:.3f}"
    '0.902'
    """
    return -trips_expected_value(table)


def _table(name: str) -> dict[str, int]:
    try:
        return TRIPS_TABLES[name]
    except KeyError:
        raise InvalidBetError(
            f"Tabla de Trips desconocida: «{name}». Tablas: {', '.join(TRIPS_TABLES)}."
        ) from None


def dealer_qualifies(value: HandValue) -> bool:
    """The dealer opens with a pair or better."""
    return value.category != "high_card"


#: Why a bet ended as it did (codes of :attr:`BetResult.reason`).
REASONS: dict[str, str] = {
    "pays-even": "paid 1 to 1 (Ante against a qualifying dealer, Play) when the player wins",
    "pays-table": "paid by its pay table (Blind with a straight or better; Trips with three of a kind or better)",
    "push-tie": "returned: player and dealer tie",
    "push-dealer-not-qualified": "Ante returned: the dealer does not qualify (player wins or loses)",
    "push-below-straight": "Blind returned: the player wins with less than a straight",
    "lose": "lost: the dealer wins",
    "lose-fold": "lost: the player folded (Ante and Blind)",
    "lose-below-trips": "Trips lost: the player's hand is below three of a kind",
    "no-play": "no Play bet: the player folded",
    "no-bet": "no Trips bet was placed",
}


@dataclass(frozen=True)
class BetResult:
    """How one bet ended: its net (win positive, loss negative, push 0, exact) and why."""

    #: One of :data:`BETS`.
    bet: str
    #: The amount placed (0 for a Play after a fold, or Trips not placed).
    stake: int
    net: Fraction
    #: One of :data:`REASONS`.
    reason: str
    #: The player's category when it decides the reason (pay tables), else None.
    category: str | None = None
    #: The odds paid (to 1) for ``"pays-even"`` and ``"pays-table"``, else None.
    odds: Fraction | None = None
    #: The Trips pay table used (Trips only).
    table: str | None = None


@dataclass(frozen=True)
class Settlement:
    """The settlement of one hand: the outcome, both hands and each bet's :class:`BetResult`."""

    #: ``"fold"``, ``"win"``, ``"tie"`` or ``"lose"`` (the player against the dealer).
    outcome: str
    player: HandValue
    dealer: HandValue
    #: One result per bet of :data:`BETS`, in that order.
    bets: tuple[BetResult, ...]

    def bet(self, name: str) -> BetResult:
        """The result of bet ``name`` (one of :data:`BETS`)."""
        return self.bets[BETS.index(name)]

    @property
    def ante(self) -> Fraction:
        return self.bets[0].net

    @property
    def blind(self) -> Fraction:
        return self.bets[1].net

    @property
    def play(self) -> Fraction:
        return self.bets[2].net

    @property
    def trips(self) -> Fraction:
        return self.bets[3].net

    @property
    def total(self) -> Fraction:
        return sum((b.net for b in self.bets), Fraction(0))

    @property
    def dealer_qualifies(self) -> bool:
        return dealer_qualifies(self.dealer)


def settle(*, ante: int, play: int, player: Sequence[Card], dealer: Sequence[Card],
           board: Sequence[Card], trips: int = 0, trips_table: str = DEFAULT_TRIPS_TABLE) -> Settlement:
    """Settle one player's Ante, Blind (equal to the Ante), Play (0 = folded) and Trips (0 = none).

    :raises InvalidBetError: for an Ante below 1, a negative Trips, a Play other than 0 or 1-4
        times the Ante, or an unknown Trips table.
    :raises engine.evaluation.InvalidHandError: for a hand that is not 2 + 2 + 5 distinct cards.
    """
    if ante < 1:
        raise InvalidBetError(f"El Ante debe ser de al menos 1 (recibido: {ante}).")
    if trips < 0:
        raise InvalidBetError(f"La apuesta Trips no puede ser negativa (recibido: {trips}).")
    if play != 0 and play not in [ante * k for k in PLAY_MULTIPLES]:
        raise InvalidBetError(
            f"La apuesta Play debe ser 0 (retirarse) o 1, 2, 3 o 4 veces el Ante de {ante} (recibido: {play})."
        )
    table = _table(trips_table)
    _check_hand(player, dealer, board)
    own = evaluate(list(player) + list(board))
    theirs = evaluate(list(dealer) + list(board))
    qualifies = dealer_qualifies(theirs)
    category = own.category
    if play == 0:
        outcome = "fold"
        ante_bet = BetResult("ante", ante, Fraction(-ante), "lose-fold")
        blind_bet = BetResult("blind", ante, Fraction(-ante), "lose-fold")
        play_bet = BetResult("play", 0, Fraction(0), "no-play")
    elif own > theirs:
        outcome = "win"
        play_bet = BetResult("play", play, Fraction(play), "pays-even", odds=Fraction(1))
        ante_bet = (BetResult("ante", ante, Fraction(ante), "pays-even", odds=Fraction(1)) if qualifies
                    else BetResult("ante", ante, Fraction(0), "push-dealer-not-qualified"))
        odds = blind_odds(category)
        blind_bet = (BetResult("blind", ante, ante * Fraction(odds), "pays-table", category, Fraction(odds))
                     if odds is not None else BetResult("blind", ante, Fraction(0), "push-below-straight", category))
    elif own == theirs:
        outcome = "tie"
        ante_bet, blind_bet, play_bet = (BetResult(b, stake, Fraction(0), "push-tie")
                                         for b, stake in (("ante", ante), ("blind", ante), ("play", play)))
    else:
        outcome = "lose"
        play_bet = BetResult("play", play, Fraction(-play), "lose")
        blind_bet = BetResult("blind", ante, Fraction(-ante), "lose")
        ante_bet = (BetResult("ante", ante, Fraction(-ante), "lose") if qualifies
                    else BetResult("ante", ante, Fraction(0), "push-dealer-not-qualified"))
    if not trips:
        trips_bet = BetResult("trips", 0, Fraction(0), "no-bet")
    elif (odds := table.get(category)) is not None:
        trips_bet = BetResult("trips", trips, Fraction(trips * odds), "pays-table", category, Fraction(odds),
                              trips_table)
    else:
        trips_bet = BetResult("trips", trips, Fraction(-trips), "lose-below-trips", category, table=trips_table)
    return Settlement(outcome, own, theirs, (ante_bet, blind_bet, play_bet, trips_bet))


#: Spanish wording of each reason; ``{category}`` is the player's category in lower case.
_REASON_TEXTS = {
    "pays-even": "paga 1 a 1",
    "pays-table": "{category} paga {odds}",
    "push-tie": "empate, se devuelve",
    "push-dealer-not-qualified": "se devuelve porque el crupier no se clasifica",
    "push-below-straight": "gana con {category}, menos que escalera: se devuelve",
    "lose": "se pierde",
    "lose-fold": "se pierde al retirarse",
    "lose-below-trips": "{category} no llega a trío: se pierde",
    "no-play": "sin apuesta: el jugador se retiró",
    "no-bet": "sin apuesta",
}

_BET_LABELS = {"ante": "Ante", "blind": "Blind", "play": "Play", "trips": "Trips"}


def word_reason(result: BetResult) -> str:
    """Why a bet ended as it did, in Spanish and in lower case (capitalise it for a table cell).
    Trips never depends on the dealer, and the wording says so.

    >>> from engine.cards import parse_cards as C
    >>> s = settle(ante=25, play=25, trips=5, player=C("Ah 2h"), dealer=C("Kc Kd"), board=C("9h 7h 4h Ks 3c"))
    >>> [word_reason(b) for b in s.bets]  # doctest: +NORMALIZE_WHITESPACE
    ['paga 1 a 1', 'color paga 3 a 2', 'paga 1 a 1', 'color paga 7 a 1, sin mirar al crupier']
    """
    category = category_name_es(result.category).lower() if result.category else ""
    text = _REASON_TEXTS[result.reason].format(category=category, odds=spanish.odds(result.odds or 0))
    if result.bet == "trips" and result.reason in ("pays-table", "lose-below-trips"):
        text += ", sin mirar al crupier"
    return text


def bet_line(settlement: Settlement, bet: str) -> str:
    """One bet's settlement as a sentence with its arithmetic, for explanations.

    >>> from engine.cards import parse_cards as C
    >>> s = settle(ante=5, play=20, player=C("Ah 2h"), dealer=C("Kc Kd"), board=C("9h 7h 4h Ks 3c"))
    >>> bet_line(s, "blind")
    'Blind 5: color paga 3 a 2 → 5 × 3/2 = +7,5.'
    >>> bet_line(s, "play")
    'Play 20 (4 × 5): paga 1 a 1 → +20.'
    """
    result = settlement.bet(bet)
    label = _BET_LABELS[bet]
    if result.stake:
        label += f" {spanish.amount(result.stake)}"
        if bet == "play":
            ante = settlement.bets[0].stake
            label += f" ({result.stake // ante} × {spanish.amount(ante)})"
    reason = word_reason(result)
    if bet == "trips" and result.reason == "pays-table":
        reason = reason.replace(", sin mirar", f" en la tabla {result.table}, sin mirar")
    net = spanish.signed(result.net)
    if result.odds is not None and result.odds != 1:
        odds = Fraction(result.odds)
        factor = str(odds.numerator) if odds.denominator == 1 else f"{odds.numerator}/{odds.denominator}"
        net = f"{spanish.amount(result.stake)} × {factor} = {net}"
    return f"{label}: {reason} → {net}."


def simple_strategy_preflop(cards: Sequence[Card]) -> bool:
    """Whether a common simple strategy raises 4x before the flop with these two cards: any pair
    from 3-3 up, any Ace, any suited King, K-5 offsuit or better, Q-6 suited or better, Q-8
    offsuit or better, J-8 suited or better and J-10 offsuit (500 of the 1,326 starting
    combinations). Otherwise the player checks. Against the exact pre-flop table it is the best
    option for every combination (:func:`engine.games.ultimate.strategy.simple_preflop_agreement`).

    >>> from engine.cards import parse_cards as C
    >>> [simple_strategy_preflop(C(h)) for h in ("3c 3d", "2c 2d", "Ah 2c", "Kh 2h", "Kd 4c", "Qs 8d", "Js Ts", "Jc 7c")]
    [True, False, True, True, False, True, True, False]
    """
    first, second = cards
    high, low = max(first.rank, second.rank), min(first.rank, second.rank)
    if high == low:
        return high >= 3
    suited = first.suit == second.suit
    lowest = {14: 2, 13: 2 if suited else 5, 12: 6 if suited else 8, 11: 8 if suited else 10}.get(high)
    return lowest is not None and low >= lowest


def _check_hand(player: Sequence[Card], dealer: Sequence[Card], board: Sequence[Card]) -> None:
    if len(player) != 2 or len(dealer) != 2 or len(board) != 5:
        raise InvalidHandError("Se necesitan 2 cartas del jugador, 2 del crupier y 5 comunitarias.")
    every = list(player) + list(dealer) + list(board)
    if len({c.index for c in every}) != len(every):
        raise InvalidHandError("Hay una carta repetida entre el jugador, el crupier y la mesa.")


def json_amount(value: Fraction | int) -> int | float:
    """A JSON number for an exact amount: an int when whole, else a float (``37.5``) that is the
    amount exactly (halves of amounts up to 2**52 are; requests bound amounts far below that,
    :data:`engine.requests.MAX_AMOUNT`), so the reply is never rounded.

    :raises ValueError: if the amount has no exact JSON number (a bug: amounts are bounded).
    """
    value = Fraction(value)
    if value.denominator == 1:
        return int(value)
    number = float(value)
    if Fraction(number) != value:
        raise ValueError(f"{value} has no exact JSON number")
    return number


# ---------------------------------------------------------------------------------------------
# Protocol.

@command("uth-settle", "Ultimate Texas Hold'em: liquida Ante, Blind, Play y Trips de un jugador frente al crupier.")
def _settle_command(request: dict) -> dict:
    """``{"ante", "trips", "play" (0 = fold), "player": [2], "dealer": [2], "board": [5], "trips_table"}``
    → each bet's net (``ante``, ``blind``, ``play``, ``trips``, ``total``), the ``outcome``,
    ``dealer_qualifies``, each bet's reason code (``reasons``, see :data:`REASONS`) and its Spanish
    wording (``why``, from :func:`word_reason`).
    """
    ante = parse_amount(require(request, "ante", "ante"), "ante", minimum=1)
    trips = parse_amount(require(request, "trips", "trips"), "trips")
    play = parse_amount(require(request, "play", "play"), "play")
    if play and play not in [ante * k for k in PLAY_MULTIPLES]:
        allowed = ", ".join(str(ante * k) for k in PLAY_MULTIPLES)
        raise RequestError("play", f"debe ser 0 (retirarse) o 1, 2, 3 o 4 veces el Ante: {allowed} (recibido: {play})")
    table = optional(request, "trips_table", "trips_table", str, DEFAULT_TRIPS_TABLE)
    if table not in TRIPS_TABLES:
        raise RequestError("trips_table", f"tabla desconocida «{table}»; tablas: {', '.join(TRIPS_TABLES)}")
    player = parse_card_list(require(request, "player", "player"), "player", 2)
    dealer = parse_card_list(require(request, "dealer", "dealer"), "dealer", 2)
    board = parse_card_list(require(request, "board", "board"), "board", 5)
    unique_cards(
        [(f"player[{i}]", c) for i, c in enumerate(player)]
        + [(f"dealer[{i}]", c) for i, c in enumerate(dealer)]
        + [(f"board[{i}]", c) for i, c in enumerate(board)]
    )
    result = settle(ante=ante, play=play, player=player, dealer=dealer, board=board, trips=trips,
                    trips_table=table)
    return {
        "ante": json_amount(result.ante),
        "blind": json_amount(result.blind),
        "play": json_amount(result.play),
        "trips": json_amount(result.trips),
        "total": json_amount(result.total),
        "outcome": result.outcome,
        "dealer_qualifies": result.dealer_qualifies,
        "reasons": {b.bet: b.reason for b in result.bets},
        "why": {b.bet: word_reason(b) for b in result.bets},
    }
