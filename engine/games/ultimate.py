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
number with its decimals (``37.5``); the site shows it with a decimal comma, "37,5", never rounded.

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

from ..cards import Card, format_cards
from ..errors import EngineError, RequestError
from ..evaluation import HandValue, InvalidHandError, evaluate, name_es
from ..protocol import command
from ..requests import amount as parse_amount
from ..requests import cards as parse_card_list
from ..requests import optional, require, unique_cards

__all__ = [
    "BLIND_TABLE",
    "DEFAULT_TRIPS_TABLE",
    "InvalidBetError",
    "PLAY_MULTIPLES",
    "Settlement",
    "TRIPS_TABLES",
    "blind_odds",
    "dealer_qualifies",
    "describe",
    "json_amount",
    "settle",
    "trips_odds",
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


def blind_odds(category: str) -> int | Fraction | None:
    """What the Blind pays (to 1) for a winning hand of ``category``; None when it pushes."""
    return BLIND_TABLE.get(category)


def trips_odds(category: str, table: str = DEFAULT_TRIPS_TABLE) -> int | None:
    """What Trips pays (to 1) for ``category``; None when the bet loses.

    :raises InvalidBetError: for an unknown table.
    """
    return _table(table).get(category)


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


@dataclass(frozen=True)
class Settlement:
    """Net result of each bet (win positive, loss negative, push 0), exact."""

    ante: Fraction
    blind: Fraction
    play: Fraction
    trips: Fraction
    #: ``"fold"``, ``"win"``, ``"tie"`` or ``"lose"`` (the player against the dealer).
    outcome: str
    player: HandValue
    dealer: HandValue

    @property
    def total(self) -> Fraction:
        return self.ante + self.blind + self.play + self.trips

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
    ante_net, blind_net, play_net = Fraction(0), Fraction(0), Fraction(0)
    if play == 0:
        outcome = "fold"
        ante_net = blind_net = Fraction(-ante)
    elif own > theirs:
        outcome = "win"
        play_net = Fraction(play)
        ante_net = Fraction(ante) if dealer_qualifies(theirs) else Fraction(0)
        odds = blind_odds(own.category)
        blind_net = ante * Fraction(odds) if odds is not None else Fraction(0)
    elif own == theirs:
        outcome = "tie"
    else:
        outcome = "lose"
        play_net = Fraction(-play)
        blind_net = Fraction(-ante)
        ante_net = Fraction(-ante) if dealer_qualifies(theirs) else Fraction(0)
    trips_net = Fraction(0)
    if trips:
        odds = table.get(own.category)
        trips_net = Fraction(trips * odds) if odds is not None else Fraction(-trips)
    return Settlement(ante_net, blind_net, play_net, trips_net, outcome, own, theirs)


def _check_hand(player: Sequence[Card], dealer: Sequence[Card], board: Sequence[Card]) -> None:
    if len(player) != 2 or len(dealer) != 2 or len(board) != 5:
        raise InvalidHandError("Se necesitan 2 cartas del jugador, 2 del crupier y 5 comunitarias.")
    every = list(player) + list(dealer) + list(board)
    if len({c.index for c in every}) != len(every):
        raise InvalidHandError("Hay una carta repetida entre el jugador, el crupier y la mesa.")


def json_amount(value: Fraction | int) -> int | float:
    """A JSON number for an exact amount: an int when whole, else a float (``37.5``)."""
    value = Fraction(value)
    if value.denominator == 1:
        return int(value)
    return float(value)


# ---------------------------------------------------------------------------------------------
# Protocol.

@command("uth-settle", "Ultimate Texas Hold'em: liquida Ante, Blind, Play y Trips de un jugador frente al crupier.")
def _settle_command(request: dict) -> dict:
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
    }


def describe(result: Settlement) -> dict:
    """A readable summary of a settlement (hands in the Spain vocabulary), for pages and trainers."""
    return {
        "outcome": result.outcome,
        "player": {"cards": format_cards(result.player.cards), "name": name_es(result.player)},
        "dealer": {"cards": format_cards(result.dealer.cards), "name": name_es(result.dealer),
                   "qualifies": result.dealer_qualifies},
    }
