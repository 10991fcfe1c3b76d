"""What a table is dealt from, and why it cannot be played, reported as data (never raised here): the seats,
each deal's cards (a game of several deals, extensions or new deals, is given one per deal) and the set-up
problems, each with the request field at fault.

>>> from engine.cards import parse_cards
>>> deal = Deal.from_deck(["Ana", "Beto"], parse_cards("As Kd 2c 3c 4h 5h 6s"), own=2, board=3)
>>> [str(c) for c in deal.cards["Beto"]], [str(c) for c in deal.board]
(['2c', '3c'], ['4h', '5h', '6s'])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Mapping, NamedTuple, Sequence

from ..cards import Card

__all__ = ["Deal", "Seat", "SetupProblem", "listed", "seat_problems"]


class SetupProblem(NamedTuple):
    """Why a table cannot be played: the request ``field`` at fault and a Spanish clause.

    ``field`` uses the protocol's paths: ``"seats"``, ``"seats[1].name"``, ``"seats[0].stack"``,
    ``"button"``, ``"modality"``, ``"betting"``, ``"stakes.minimum"``... ``problem`` starts in lower case and
    has no final period, as :class:`~engine.errors.RequestError` words it; :attr:`sentence` is the
    stand-alone sentence. A hand raises the first problem (:class:`~.errors.TableSetupError`), a protocol
    command answers it as ``RequestError(field, problem)`` and the author format reports each at the line
    of its field.
    """

    field: str
    problem: str

    @property
    def sentence(self) -> str:
        """``"En Botón Ante hace falta un ante de al menos 1 ficha (se recibió 0)."``"""
        return self.problem[:1].upper() + self.problem[1:] + "."


def listed(options: Sequence[str]) -> str:
    """``«a» o «b»``: the values a field may take, in a problem."""
    return " o ".join(f"«{o}»" for o in options)


def seat_problems(seats: Sequence[tuple[str, int]], *, players: tuple[int, int],
                  same: Callable[[str], str] = str) -> list[SetupProblem]:
    """What is wrong with the seats (``(name, stack)`` pairs, clockwise): their number (``players``: the
    fewest and the most), empty or repeated names (compared through ``same``, e.g. an accent-folding
    function) and stacks without chips.

    >>> [p.field for p in seat_problems([("Ana", 100), ("ana", 0)], players=(2, 8), same=str.lower)]
    ['seats[1].name', 'seats[1].stack']
    """
    low, high = players
    found = []
    if not low <= len(seats) <= high:
        found.append(SetupProblem("seats", f"deben sentarse de {low} a {high} jugadores (hay {len(seats)})"))
    seen: set[str] = set()
    for i, (name, stack) in enumerate(seats):
        if not name.strip():
            found.append(SetupProblem(f"seats[{i}].name", "el nombre no puede estar vacío"))
        elif same(name) in seen:
            found.append(SetupProblem(f"seats[{i}].name", f"el nombre «{name}» está repetido"))
        seen.add(same(name))
        if stack < 1:
            found.append(SetupProblem(
                f"seats[{i}].stack", f"{name or 'cada jugador'} necesita al menos 1 ficha para jugar (tiene {stack})"))
    return found


@dataclass(frozen=True)
class Seat:
    name: str
    stack: int


@dataclass(frozen=True)
class Deal:
    """The cards of one deal: each player's own cards in the order he receives them, the ``board`` (the
    shared cards, in the order they are put down) and the cards the dealer exposes by mistake (``exposed``:
    the game's own records of them)."""

    cards: Mapping[str, tuple[Card, ...]]
    board: tuple[Card, ...]
    exposed: tuple = ()

    @classmethod
    def from_deck(cls, names: Sequence[str], deck: Sequence[Card], *, own: int, board: int,
                  exposed: Iterable = ()) -> Deal:
        """``own`` cards per player (in ``names`` order, consecutive) and then ``board`` cards from ``deck``."""
        cards = {name: tuple(deck[own * i:own * i + own]) for i, name in enumerate(names)}
        start = own * len(names)
        return cls(cards, tuple(deck[start:start + board]), tuple(exposed))
