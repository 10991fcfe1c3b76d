"""A game's table rules as data: betting structure, streets, and the fold where checking is free.

>>> HOLDEM_LIKE = Rules(minimum=20, streets=(Street("preflop", hole=(False, False)),
...                     Street("flop", board=3, burn=True)))
>>> HOLDEM_LIKE.betting, HOLDEM_LIKE.street("flop").board, HOLDEM_LIKE.fold_when_free
('no-limit', 3, True)
>>> Rules(minimum=0).problems()
['la apuesta mínima de la mesa debe ser de al menos 1 ficha (se recibió 0)']
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["BETTINGS", "Rules", "Street"]

#: "no-limit": a bet of at least the table minimum up to the whole stack; "fixed": bets and calls of
#: exactly the table minimum, no raises (the Mata Ases simulator's mode).
BETTINGS = ("no-limit", "fixed")


@dataclass(frozen=True)
class Street:
    """One street: its name, the own cards each player gets (``hole``: one flag per card, True =
    face up), the shared cards turned up (``board``) and whether a card is burnt first.

    Who opens the betting is the game's rule (a function of the state: the player left of the big
    blind, the best visible hand...), so it is not data here.
    """

    name: object
    hole: tuple[bool, ...] = ()
    board: int = 0
    burn: bool = False


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
    wins from each rival at most what he put in himself, ante included)."""

    minimum: int
    betting: str = "no-limit"
    fold_when_free: bool = True
    streets: tuple[Street, ...] = ()
    raise_needs_caller: bool = True
    dead_antes: bool = False

    def street(self, name: object) -> Street:
        """The street called ``name``. :raises KeyError: for none."""
        for street in self.streets:
            if street.name == name:
                return street
        raise KeyError(name)

    def problems(self) -> list[str]:
        """Why these rules cannot be played (Spanish clauses, empty when fine)."""
        found = []
        if self.minimum < 1:
            found.append(f"la apuesta mínima de la mesa debe ser de al menos 1 ficha (se recibió {self.minimum})")
        if self.betting not in BETTINGS:
            found.append(f"el tipo de apuestas debe ser «no-limit» o «fixed» (se recibió «{self.betting}»)")
        return found
