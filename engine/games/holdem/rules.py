"""No-Limit Texas Hold'em: positions, order of action and of dealing, pots and the showdown.

Positions follow seed 004. Seats are counted clockwise from the dealer button (seat 0 = D):

- 2 players (heads-up): the dealer is also the small blind ("D/SB"), the other player is BB.
- 3 to 6 players: D, SB, BB, then UTG with six players, HJ from five, CO from four.
- 7 to 10 players: D, SB, BB, UTG1, UTG2, ... (one UTG seat per player beyond five), HJ, CO.
  The seed's side-pot example (nine players: UTG1 to UTG4, HJ, CO, D, SB, BB) uses these names.

Cards are dealt one at a time clockwise from the left of the button, so the button gets the last
card of each round (heads-up the big blind gets the first card, the button/small blind the second).
Pre-flop the player left of BB acts first (heads-up, the dealer/small blind); after the flop the
first player still in the hand left of the dealer acts first (heads-up, the big blind), so the
button acts last.

Showdown: each player's best five of seven cards; cards beyond the five never count; equal hands
split the pot. With a bet on the river the last player who bet or raised shows first; otherwise the
first player to act on the river does (TDA 17: heads-up, the big blind). Each pot (main pot first)
goes to the best hands among the players who can win it; the odd chips of a split pot go one by one
to the winners in order clockwise from the button, the first left of the button first (TDA 20-A for
flop games). The uncalled part of a bet returns to its owner and is no pot.

>>> positions(6)
('D', 'SB', 'BB', 'UTG', 'HJ', 'CO')
>>> [positions(9)[seat] for seat in preflop_order(9)]
['UTG1', 'UTG2', 'UTG3', 'UTG4', 'HJ', 'CO', 'D', 'SB', 'BB']
>>> [positions(2)[seat] for seat in deal_order(2)]
['BB', 'D/SB']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

from ...cards import DECK, Card
from ...errors import EngineError, RequestError
from ...evaluation import (CARD_KEYS, HandValue, InvalidHandError, best_five_indexes, category_of,
                           key_total, name_es, strength_with)
from ...pots import InvalidPotError, Pot, called_pots, left_of_button, share_pots
from ...protocol import command
from ...requests import cards as parse_card_list
from ...requests import check_type, require, unique_cards
from ...table.rotation import showing_order
from ...table.rules import Opening, Rules, Street
from ...requests import located, player_hands

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "PotResult",
    "Settlement",
    "Showdown",
    "deal_order",
    "odd_chip_order",
    "positions",
    "postflop_order",
    "preflop_order",
    "read_bets",
    "read_folded",
    "settle",
    "showdown",
    "showdown_order",
    "showdown_strengths",
    "split_among_winners",
    "street_phrase",
]

MIN_PLAYERS = 2
MAX_PLAYERS = 10

#: Texas Hold'em's streets as data: two closed cards each, then 3, 1 and 1 board cards, each burnt first;
#: their words for the texts and the table page.
STREETS = (
    Street("preflop", hole=(False, False), opening=Opening.LEFT_OF_BLINDS, title="Pre-flop",
           round="la ronda antes del flop", when="antes del flop", of="de antes del flop", short="pre-flop"),
    Street("flop", board=3, burn=True, title="Flop", round="la ronda del flop", when="en el flop", of="del flop",
           dealt="el flop, tres cartas comunes", short="flop"),
    Street("turn", board=1, burn=True, title="Turn", round="la ronda del turn", when="en el turn", of="del turn",
           dealt="el turn, la cuarta carta común", short="turn"),
    Street("river", board=1, burn=True, title="River", round="la ronda del river", when="en el river",
           of="del river", dealt="el river, la quinta y última carta común", short="river"),
)
#: The rules of a no-limit Hold'em table (the minimum, the big blind, is each table's).
RULES = Rules(minimum=1, betting="no-limit", fold_when_free=True, streets=STREETS,
              players=(MIN_PLAYERS, MAX_PLAYERS))


def street_phrase(street: str) -> str:
    """When, in a sentence (Hold'em's streets, Ultimate's too): ``"antes del flop"``, ``"en el showdown"``.

    >>> street_phrase("preflop"), street_phrase("turn"), street_phrase("showdown")
    ('antes del flop', 'en el turn', 'en el showdown')
    """
    return "en el showdown" if street == "showdown" else RULES.street(street).when


def _check_players(n: int) -> None:
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise EngineError(f"Texas Hold'em se juega de {MIN_PLAYERS} a {MAX_PLAYERS} jugadores (recibidos {n}).")


def positions(n: int) -> tuple[str, ...]:
    """Position names by seat, clockwise from the button (seat 0).

    :raises EngineError: for fewer than 2 or more than 10 players.
    """
    _check_players(n)
    if n == 2:
        return ("D/SB", "BB")
    names = ["D", "SB", "BB"]
    if n >= 7:
        names += [f"UTG{i}" for i in range(1, n - 4)]
    elif n == 6:
        names.append("UTG")
    if n >= 5:
        names.append("HJ")
    if n >= 4:
        names.append("CO")
    return tuple(names)


def preflop_order(n: int) -> tuple[int, ...]:
    """Seats in the order they act before the flop: from the left of BB round to BB.

    :raises EngineError: for fewer than 2 or more than 10 players.
    """
    _check_players(n)
    if n == 2:
        return (0, 1)  # the dealer is the small blind and acts first
    return tuple((3 + i) % n for i in range(n))


def postflop_order(n: int) -> tuple[int, ...]:
    """Seats in the order they act on the flop, turn and river: from the left of the button.

    :raises EngineError: for fewer than 2 or more than 10 players.
    """
    _check_players(n)
    return tuple((1 + i) % n for i in range(n))


def deal_order(n: int) -> tuple[int, ...]:
    """Seats in the order they get their cards, one at a time: from the left of the button round to
    the button (heads-up: the big blind first, the button second).

    :raises EngineError: for fewer than 2 or more than 10 players.
    """
    return postflop_order(n)  # the same circle: from the button's left, the button last


def showdown_order(n: int, remaining: Iterable[int], last_aggressor: int | None = None) -> tuple[int, ...]:
    """Seats of the players still in the hand in the order they show their cards (TDA 17).

    With a bet on the river, ``last_aggressor`` (the seat of the last player who bet or raised on
    it) shows first; without one, the first player to act on the river does (the first left of the
    button; heads-up, the big blind). The others follow clockwise.

    :raises EngineError: for a table size out of range, a seat that does not exist, or a last
        aggressor who is not among ``remaining``.
    """
    order = postflop_order(n)
    remaining = set(remaining)
    if not remaining or not remaining <= set(order):
        raise EngineError(f"Asientos no válidos para una mesa de {n}: {sorted(remaining)}.")
    if last_aggressor is not None and last_aggressor not in remaining:
        raise EngineError(f"El último que apostó (asiento {last_aggressor}) debe seguir en la mano.")
    return tuple(showing_order(order, remaining, last_aggressor))


@dataclass(frozen=True)
class Showdown:
    """Every player's best hand and the winners (ties share)."""

    values: dict[str, HandValue]
    #: Names in the order given.
    winners: list[str]


def showdown(players: Mapping[str, Sequence[Card]], board: Sequence[Card]) -> Showdown:
    """Best five of seven cards for each player (two own + five on the board) and the winners.

    :raises InvalidHandError: for a player without two cards, a board without five, or a card
        that appears twice.
    """
    board = list(board)
    strengths, winners = showdown_strengths(players, board)
    return Showdown({name: HandValue(strength, [*players[name], *board]) for name, strength in strengths.items()},
                    winners)


def showdown_strengths(players: Mapping[str, Sequence[Card]], board: Sequence[Card]) -> tuple[dict[str, int], list[str]]:
    """:func:`showdown` as plain strengths (see :func:`engine.evaluation.strength`), for callers
    that only need the numbers: ``({name: strength}, winners)``.

    :raises InvalidHandError: as :func:`showdown`.
    """
    if not players:
        raise InvalidHandError("No hay jugadores en el showdown.")
    if len(board) != 5:
        raise InvalidHandError(f"La mesa tiene 5 cartas (recibidas {len(board)}).")
    every = list(board)
    for name, hole in players.items():
        if len(hole) != 2:
            raise InvalidHandError(f"«{name}» debe tener 2 cartas (tiene {len(hole)}).")
        every.extend(hole)
    if len(set(map(id, every))) != len(every):  # cards are interned: a repeat is the same object
        raise InvalidHandError("Hay una carta repetida.")
    # The board's lookup key once, then two cards' keys per player (the same value as evaluate()).
    base, keys = key_total(board), CARD_KEYS
    strengths = {}
    top = -1
    for name, (first, second) in players.items():
        strength = strength_with(base + keys[first.index] + keys[second.index], (first, second, *board))
        strengths[name] = strength
        if strength > top:
            top = strength
    return strengths, [name for name, strength in strengths.items() if strength == top]


def odd_chip_order(winners: Iterable[str], seats: Sequence[str], button: str) -> list[str]:
    """``winners`` in the order odd chips are handed out in flop games (TDA 20-A): clockwise from the
    button, the first winner to its left first and the button itself last (:func:`engine.pots.left_of_button`,
    the table's own rule).

    :raises EngineError: if the button or a winner is not in ``seats``.
    """
    return left_of_button(winners, seats, button)


@dataclass(frozen=True)
class PotResult:
    """One pot settled: the pot, its winners (odd-chip order) and what each of them takes."""

    pot: Pot
    winners: tuple[str, ...]
    shares: dict[str, int]


@dataclass(frozen=True)
class Settlement:
    """How the chips on the table end up: each pot (main pot first), the uncalled chips returned
    to their owner, and the total each player collects from the pots."""

    pots: tuple[PotResult, ...]
    returned: dict[str, int]
    awards: dict[str, int]


def split_among_winners(pots: Sequence[Pot], values: Mapping[str, HandValue | int], seats: Sequence[str],
                        button: str) -> tuple[PotResult, ...]:
    """Every pot to the best hands among its eligible players, each settled on its own (TDA 21),
    odd chips by :func:`odd_chip_order`.

    :raises InvalidPotError: for a pot whose eligible players have no hand value.
    """
    shared = share_pots(pots, values, lambda winners: odd_chip_order(winners, seats, button))
    return tuple(PotResult(pot, tuple(shares), shares) for pot, (_, shares) in zip(pots, shared))


def settle(values: Mapping[str, HandValue | int], seats: Sequence[str], button: str, bets: Mapping[str, int],
           folded: Iterable[str] = ()) -> Settlement:
    """Settle a hand from the showdown ``values`` (hand values or strengths of the players still
    in), the seats clockwise, the button, what each seat put in this hand (missing seats: nothing)
    and who folded.

    The uncalled part of the largest bet goes back to its owner first; the rest makes the pots.

    :raises InvalidPotError: for bets that cannot form pots (see :func:`engine.pots.side_pots`).
    """
    pots, back = called_pots({name: bets.get(name, 0) for name in seats}, folded)
    results = split_among_winners(pots, values, seats, button)
    awards = {name: 0 for name in seats if name in values}
    for result in results:
        for name, chips in result.shares.items():
            awards[name] += chips
    return Settlement(results, dict([back]) if back else {}, awards)


# ---------------------------------------------------------------------------------------------
# Protocol.

@command("holdem-pots", "Texas Hold'em: bote principal y botes secundarios a partir de lo apostado por cada jugador, "
                        "y la apuesta que nadie iguala, que vuelve a su dueño.")
def _pots_command(request: dict) -> dict:
    """``{"bets": {name: chips}, "folded": [names]}`` (the betting over) -> ``"pots"`` (main pot first) and
    ``"returned"``: ``{owner: chips}``, the part of the largest bet nobody matched (``{}`` when none)."""
    bets = read_bets(require(request, "bets", "bets"), "bets")
    folded = read_folded(require(request, "folded", "folded"), "folded", bets, "bets")
    try:
        pots, back = called_pots(bets, folded)
    except InvalidPotError as exc:
        raise RequestError("folded", str(exc)) from None
    return {"pots": [pot_reply(pot) for pot in pots], "returned": dict([back]) if back else {}}


def read_bets(value: object, path: str, seats: Sequence[str] | None = None, seats_field: str = "seats") -> dict[str, int]:
    """``{name: chips}`` as put in this hand: whole numbers, none negative, at least one player and
    at most :data:`MAX_PLAYERS`; with ``seats``, only those names (``seats_field`` names that field).

    :raises RequestError: naming the field (``bets``, ``bets.Ana``); ``path`` may carry a prefix
        (``question.bets``).
    """
    check_type(value, dict, path)
    if not value or len(value) > MAX_PLAYERS:
        raise RequestError(path, f"de 1 a {MAX_PLAYERS} jugadores (recibidos {len(value)})")
    for name, chips in value.items():
        if seats is not None and name not in seats:
            raise RequestError(f"{path}.{name}", f"«{name}» no está en «{seats_field}»")
        check_type(chips, int, f"{path}.{name}")
        if chips < 0:
            raise RequestError(f"{path}.{name}", f"no puede ser negativo (recibido: {chips})")
    return value


def read_folded(value: object, path: str, names: Iterable[str], names_field: str,
                showdown: Iterable[str] = (), showdown_field: str = "players") -> list[str]:
    """The players who folded: a list of distinct names among ``names`` (the field ``names_field``)
    and not among those at the ``showdown`` (the field ``showdown_field``).

    :raises RequestError: naming the entry (``folded[1]``).
    """
    check_type(value, list, path)
    for i, name in enumerate(value):
        check_type(name, str, f"{path}[{i}]")
        if name not in names:
            raise RequestError(f"{path}[{i}]", f"«{name}» no está en «{names_field}»")
        if name in showdown:
            raise RequestError(f"{path}[{i}]", f"«{name}» se retiró: no puede estar también en «{showdown_field}»")
        if name in value[:i]:
            raise RequestError(f"{path}[{i}]", f"«{name}» está repetido")
    return value


def pot_reply(pot: Pot) -> dict:
    """A pot as protocol data: its chips, its level (contribution cap), who can win it and what each
    player put into it (seat order)."""
    return {"amount": pot.amount, "level": pot.level, "eligible": list(pot.eligible),
            "contributions": dict(pot.contributions)}


#: The request fields that describe the table and the betting (all optional, together).
_TABLE_FIELDS = ("seats", "button", "bets", "folded")


@command("holdem-showdown", "Texas Hold'em: mejor mano de cada jugador, ganadores y, con la mesa y lo apostado, "
                            "el reparto de cada bote.")
def _showdown_command(request: dict) -> dict:
    """``{"players": {name: [2 cards]}, "board": [5 cards]}`` (those at showdown) -> each player's best
    five, category and name, and the winners. With ``"seats"`` (clockwise), ``"button"``, ``"bets"``
    ``{name: chips}`` and optionally ``"folded"`` [names], the reply adds ``"pots"`` (main pot first:
    amount, eligible, winners, shares), ``"returned"`` (the uncalled bet) and ``"awards"``."""
    players, strengths, winners = _players_reply(request)
    reply = {"players": players, "winners": winners}
    if not dict.keys(request).isdisjoint(_TABLE_FIELDS):  # not request.keys(): that would read every field
        seats, button, bets, folded = _table(request, strengths)
        try:
            settled = settle(strengths, seats, button, bets, folded)
        except InvalidPotError as exc:
            raise RequestError("bets", str(exc)) from None
        reply["pots"] = [{"amount": r.pot.amount, "eligible": list(r.pot.eligible), "winners": list(r.winners),
                          "shares": r.shares} for r in settled.pots]
        reply["returned"] = settled.returned
        reply["awards"] = settled.awards
    return reply


_Answered = tuple[dict[str, dict], dict[str, int], list[str]]


def _players_reply(request: dict) -> _Answered:
    """The players' part of the reply, ``({name: {cards, category, name}}, {name: strength}, winners)``,
    every field checked (the errors name the field at fault)."""
    hands = player_hands(require(request, "players", "players"), "players", 2, max_players=MAX_PLAYERS)
    board = parse_card_list(require(request, "board", "board"), "board", 5)
    try:
        strengths, winners = showdown_strengths(hands, board)  # checks that no card repeats (cheaply)
    except InvalidHandError:  # a repeated card: name the fields where it appears
        unique_cards(located(hands, "players") + [(f"board[{i}]", c) for i, c in enumerate(board)])
        raise
    players = {}
    on_board = [card.index for card in board]
    for name, strength in strengths.items():
        first, second = hands[name]
        players[name] = _player(strength, best_five_indexes(strength, [first.index, second.index, *on_board]))
    return players, strengths, winners


def _player(strength: int, five: Sequence[int]) -> dict:
    """One player's part of the reply: the five cards that play (card indexes), category and name."""
    return {"cards": [str(DECK[i]) for i in five], "category": category_of(strength), "name": name_es(strength)}


def _table(request: dict, hands: Mapping[str, object]) -> tuple[list[str], str, dict[str, int], list[str]]:
    """The ``seats``, ``button``, ``bets`` and ``folded`` fields, checked against each other and
    against ``players`` (every seat is either at the showdown or folded)."""
    seats = require(request, "seats", "seats", list)
    if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
        raise RequestError("seats", f"de {MIN_PLAYERS} a {MAX_PLAYERS} jugadores (recibidos {len(seats)})")
    for i, name in enumerate(seats):
        check_type(name, str, f"seats[{i}]")
        if name in seats[:i]:
            raise RequestError(f"seats[{i}]", f"«{name}» está repetido")
    for name in hands:
        if name not in seats:
            raise RequestError(f"players.{name}", f"«{name}» no está en «seats»")
    button = require(request, "button", "button", str)
    if button not in seats:
        raise RequestError("button", f"«{button}» no está en «seats»")
    bets = read_bets(require(request, "bets", "bets"), "bets", seats)
    folded = request.get("folded")
    folded = [] if folded is None else read_folded(folded, "folded", seats, "seats", hands)
    for i, name in enumerate(seats):
        if name not in hands and name not in folded:
            raise RequestError(f"seats[{i}]", f"«{name}» no está en «players» (showdown) ni en «folded»")
    return seats, button, bets, folded
