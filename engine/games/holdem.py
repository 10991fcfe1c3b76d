"""No-Limit Texas Hold'em: positions, order of action, pots and the showdown.

Positions follow seed 004. Seats are counted clockwise from the dealer button (seat 0 = D):

- 2 players (heads-up): the dealer is also the small blind ("D/SB"), the other player is BB.
- 3 to 6 players: D, SB, BB, then UTG with six players, HJ from five, CO from four.
- 7 to 10 players: D, SB, BB, UTG1, UTG2, ... (one UTG seat per player beyond five), HJ, CO.
  The seed's side-pot example (nine players: UTG1 to UTG4, HJ, CO, D, SB, BB) uses these names.

Pre-flop the player left of BB acts first (heads-up, the dealer/small blind); after the flop the
first player still in the hand left of the dealer acts first (heads-up, the big blind).

Showdown: each player's best five of seven cards; cards beyond the five never count; equal hands
split the pot. Odd chips follow the site's convention (TDA 20-B for stud): they go first to the
winner holding the highest card by suit (spades > hearts > diamonds > clubs) among their own two
cards -- the board is shared, so only the hole cards can tell winners apart.

>>> positions(6)
('D', 'SB', 'BB', 'UTG', 'HJ', 'CO')
>>> [positions(9)[seat] for seat in preflop_order(9)]
['UTG1', 'UTG2', 'UTG3', 'UTG4', 'HJ', 'CO', 'D', 'SB', 'BB']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from ..cards import Card, format_cards
from ..errors import EngineError, RequestError
from ..evaluation import HandValue, InvalidHandError, evaluate, name_es
from ..pots import InvalidPotError, Pot, odd_chip_order, side_pots, split_pot
from ..protocol import command
from ..requests import cards as parse_card_list
from ..requests import check_type, require, unique_cards
from . import located, player_hands

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "Showdown",
    "odd_chip_order",
    "positions",
    "postflop_order",
    "preflop_order",
    "showdown",
    "split_among_winners",
]

MIN_PLAYERS = 2
MAX_PLAYERS = 10


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
    if not players:
        raise InvalidHandError("No hay jugadores en el showdown.")
    if len(board) != 5:
        raise InvalidHandError(f"La mesa tiene 5 cartas (recibidas {len(board)}).")
    every = list(board)
    for name, hole in players.items():
        if len(hole) != 2:
            raise InvalidHandError(f"«{name}» debe tener 2 cartas (tiene {len(hole)}).")
        every.extend(hole)
    if len({c.index for c in every}) != len(every):
        raise InvalidHandError("Hay una carta repetida.")
    board = list(board)
    values = {name: evaluate(list(hole) + board) for name, hole in players.items()}
    top = max(values.values())
    return Showdown(values, [name for name, value in values.items() if value == top])


def split_among_winners(pots: Sequence[Pot], values: Mapping[str, HandValue],
                        hole_cards: Mapping[str, Sequence[Card]]) -> dict[str, int]:
    """Chips each player collects: every pot goes to the best hands among its eligible players.

    :raises InvalidPotError: for a pot whose eligible players have no hand value.
    """
    won = {name: 0 for name in values}
    for pot in pots:
        contenders = [name for name in pot.eligible if name in values]
        if not contenders:
            raise InvalidPotError(f"Nadie con mano puede ganar un bote de {pot.amount}.")
        top = max(values[name] for name in contenders)
        winners = odd_chip_order([n for n in contenders if values[n] == top], hole_cards)
        for name, chips in split_pot(pot.amount, winners).items():
            won[name] += chips
    return won


# ---------------------------------------------------------------------------------------------
# Protocol.

@command("holdem-pots", "Texas Hold'em: bote principal y botes secundarios a partir de lo apostado por cada jugador.")
def _pots_command(request: dict) -> dict:
    bets = require(request, "bets", "bets", dict)
    if not bets:
        raise RequestError("bets", "debe tener al menos un jugador")
    for name, chips in bets.items():
        check_type(chips, int, f"bets.{name}")
        if chips < 0:
            raise RequestError(f"bets.{name}", f"no puede ser negativo (recibido: {chips})")
    folded = require(request, "folded", "folded", list)
    for i, name in enumerate(folded):
        check_type(name, str, f"folded[{i}]")
        if name not in bets:
            raise RequestError(f"folded[{i}]", f"«{name}» no está en «bets»")
        if name in folded[:i]:
            raise RequestError(f"folded[{i}]", f"«{name}» está repetido")
    try:
        pots = side_pots(bets, folded)
    except InvalidPotError as exc:
        raise RequestError("folded", str(exc)) from None
    return {"pots": [pot_reply(pot) for pot in pots]}


def pot_reply(pot: Pot) -> dict:
    """A pot as protocol data: its chips, its level (contribution cap), who can win it and what each
    player put into it (seat order)."""
    return {"amount": pot.amount, "level": pot.level, "eligible": list(pot.eligible),
            "contributions": dict(pot.contributions)}


@command("holdem-showdown", "Texas Hold'em: mejor mano de cinco cartas de cada jugador y ganadores.")
def _showdown_command(request: dict) -> dict:
    hands = player_hands(require(request, "players", "players"), "players", 2, max_players=MAX_PLAYERS)
    board = parse_card_list(require(request, "board", "board"), "board", 5)
    unique_cards(located(hands, "players") + [(f"board[{i}]", c) for i, c in enumerate(board)])
    result = showdown(hands, board)
    return {
        "players": {
            name: {"cards": format_cards(value.cards), "category": value.category, "name": name_es(value)}
            for name, value in result.values.items()
        },
        "winners": result.winners,
    }
