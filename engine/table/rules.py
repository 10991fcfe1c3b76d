"""A game's table rules as data: betting structure, streets, who opens each one, the fold where
checking is free, and the showdown: how many shared cards a hand may use, the least hand that wins, the
deals played again when none reaches it, and who gets the chip a split cannot divide.

>>> HOLDEM_LIKE = Rules(minimum=20, streets=(Street("preflop", hole=(False, False), opening=Opening.LEFT_OF_BLINDS),
...                     Street("flop", board=3, burn=True)))
>>> HOLDEM_LIKE.betting, HOLDEM_LIKE.street("flop").board, HOLDEM_LIKE.street("flop").opening, HOLDEM_LIKE.fold_when_free
('no-limit', 3, <Opening.LEFT_OF_BUTTON: 'left-of-button'>, True)
>>> HOLDEM_LIKE.next_street("preflop"), HOLDEM_LIKE.next_street("flop")
('flop', None)
>>> Rules(minimum=0).problems()
['la apuesta mínima de la mesa debe ser de al menos 1 ficha (se recibió 0)']
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Mapping, Sequence

from ..cards import Card
from ..errors import EngineError

__all__ = ["BETTINGS", "Opening", "Rules", "Street", "highest_open", "lowest_open", "player_with_highest_open",
           "player_with_lowest_open", "street_named"]

#: "no-limit": a bet of at least the table minimum up to the whole stack; "fixed": bets and calls of
#: exactly the table minimum, no raises (the Mata Ases simulator's mode).
BETTINGS = ("no-limit", "fixed")


class Opening(Enum):
    """Who opens a street's betting (PokerKit's ``Opening``, in this site's games).

    - ``LEFT_OF_BLINDS``: the first player left of the largest blind or straddle (Hold'em before the flop);
    - ``LEFT_OF_BUTTON``: the first player still in left of the button (Hold'em after the flop);
    - ``HIGH_CARD`` / ``LOW_CARD``: the best / the lowest face-up card, the suits breaking a tie of
      ranks (spades highest, clubs lowest); the lowest posts the Bring In (Mata Ases's first round in
      Botón Ante / in Bring In);
    - ``HIGH_HAND``: the best visible hand (Mata Ases from the third card on).

    The table hand (:class:`engine.table.hand.Hand`) finds the opener of each (:meth:`~engine.table.hand.Hand.opener`);
    the visible hand is the game's (:meth:`~engine.table.hand.Hand.visible_value`).
    """

    LEFT_OF_BLINDS = "left-of-blinds"
    LEFT_OF_BUTTON = "left-of-button"
    HIGH_CARD = "high-card"
    LOW_CARD = "low-card"
    HIGH_HAND = "high-hand"


@dataclass(frozen=True)
class Street:
    """One street: its ``name`` (the records' ``street``), the own cards each player gets (``hole``: one
    flag per card, True = face up, None = the player chooses: face up, or face down turning his closed
    card up), the shared cards it puts in the middle (``board``: face up, or face down when ``board_up``
    is False), whether it turns the face-down shared cards up once its own cards are dealt (``turn``),
    whether a card is burnt first, whether it has a betting round (``betting``) and who opens it.

    Its words, for the texts and the table page: ``title`` («Pre-flop», a section of the log),
    ``round`` (the betting round in a sentence: «la ronda del flop»), ``when`` («en el flop», «antes del
    flop»), ``of`` («del river»), ``dealt`` (its board cards as they come out: «el flop, tres cartas
    comunes»), ``short`` (as a practice hand's script and its messages name it: «pre-flop», «3ª carta»).
    """

    name: object
    hole: tuple[bool | None, ...] = ()
    board: int = 0
    board_up: bool = True
    turn: bool = False
    burn: bool = False
    betting: bool = True
    opening: Opening = Opening.LEFT_OF_BUTTON
    title: str = ""
    round: str = ""
    when: str = ""
    of: str = ""
    dealt: str = ""
    short: str = ""


def street_named(streets: tuple[Street, ...], name: object) -> Street:
    """The street of ``streets`` called ``name``. :raises KeyError: for none.

    >>> street_named((Street("uno", title="Uno"),), "uno").title
    'Uno'
    """
    for street in streets:
        if street.name == name:
            return street
    raise KeyError(name)


@dataclass(frozen=True)
class Rules:
    """How a table bets: ``minimum`` (the big blind / table minimum, the least bet), ``betting``
    (:data:`BETTINGS`), ``fold_when_free`` (Hold'em: True, TDA lets such a fold stand; Mata Ases:
    False, the site's convention), the game's ``streets`` in order, and ``raise_needs_caller``
    (Hold'em: True, as PokerKit, a raise needs an opponent who can put in more than the current bet;
    Mata Ases: False, its engine has always allowed it, the uncalled part going back), and
    ``dead_antes``: True when the antes are dead money for the table (a big-blind ante, the Mata Ases
    button's ante), which every player still in can win; False when each player's ante is his own chips
    (an ante from every player), counted with his bets when the pots are built (TDA 21: a short all-in
    wins from each rival at most what he put in himself, ante included). ``players``: the fewest and
    the most seats.

    The showdown: ``board_limit``, the most shared cards a hand may use (None: any; Mata Ases: one, its
    five own cards or four and one ayuda); ``qualifier``, the least strength that wins a pot
    (:func:`engine.evaluation.strength`; Mata Ases: a pair of Aces); ``extensions``, the deals played again
    when no hand reaches it, before the pots are split among their players; ``odd_chips``, who gets the
    chip a split cannot divide: ``"left-of-button"`` (the first winner left of the button, TDA 20-A) or
    ``"high-card"`` (the highest own card by suit, every own card counting: the stud practice)."""

    minimum: int
    betting: str = "no-limit"
    fold_when_free: bool = True
    streets: tuple[Street, ...] = ()
    raise_needs_caller: bool = True
    dead_antes: bool = False
    players: tuple[int, int] = (2, 10)
    board_limit: int | None = None
    qualifier: int = 0
    extensions: int = 0
    odd_chips: str = "left-of-button"

    def street(self, name: object) -> Street:
        """The street called ``name``. :raises KeyError: for none."""
        return street_named(self.streets, name)

    def next_street(self, name: object) -> object:
        """The name of the street after ``name`` (None after the last).

        >>> Rules(minimum=1, streets=(Street(1), Street("a", betting=False), Street(3))).next_street(1)
        'a'
        """
        names = [street.name for street in self.streets]
        at = names.index(name) + 1
        return names[at] if at < len(names) else None

    def problems(self) -> list[str]:
        """Why these rules cannot be played (Spanish clauses, empty when fine)."""
        found = []
        if self.minimum < 1:
            found.append(f"la apuesta mínima de la mesa debe ser de al menos 1 ficha (se recibió {self.minimum})")
        if self.betting not in BETTINGS:
            found.append(f"el tipo de apuestas debe ser «no-limit» o «fixed» (se recibió «{self.betting}»)")
        return found


# ---------------------------------------------------------------------------------------------
# The face-up card that opens (Opening.HIGH_CARD, Opening.LOW_CARD).

def highest_open(cards: Sequence[Card]) -> Card:
    """The highest card (rank, then suit: spades > hearts > diamonds > clubs): the Botón Ante opener.

    :raises EngineError: for no cards.
    """
    if not cards:
        raise EngineError("No hay cartas abiertas.")
    return max(cards)


def lowest_open(cards: Sequence[Card]) -> Card:
    """The lowest card (rank, then suit: clubs lowest): who posts the Bring In.

    :raises EngineError: for no cards.
    """
    if not cards:
        raise EngineError("No hay cartas abiertas.")
    return min(cards)


def player_with_highest_open(open_cards: Mapping[str, Card]) -> str:
    """The player whose open card is the highest (Botón Ante: speaks first).

    :raises EngineError: for no players.
    """
    if not open_cards:
        raise EngineError("No hay jugadores.")
    return max(open_cards, key=lambda name: open_cards[name])


def player_with_lowest_open(open_cards: Mapping[str, Card]) -> str:
    """The player whose open card is the lowest (Bring In: posts it).

    :raises EngineError: for no players.
    """
    if not open_cards:
        raise EngineError("No hay jugadores.")
    return min(open_cards, key=lambda name: open_cards[name])
