"""Mata Ases's table rules as data (:mod:`engine.table.rules`), for the one table hand
(:class:`engine.table.hand.Hand`): its streets, who opens each, its betting and its showdown.

- Street 1: two own cards, the first face up and the second face down; its round is opened by the best
  face-up card in Botón Ante, by the lowest (which posts the Bring In) in Bring In.
- «ayudas»: three shared cards put face down in the middle, no card burnt, no betting.
- Streets 3, 4 and 5: one own card each, face up or face down as its player chooses (keeping one closed
  card); the ayudas are turned up once the third card is dealt; the best visible hand opens each round.
- The showdown: five own cards, or four and one ayuda (at most one shared card); only a pair of Aces or
  better wins; when nobody reaches it the hand is played again, twice at most, then the pots are split;
  the chip a split cannot divide goes to the highest own card by suit.

>>> rules("bring-in", minimum=50, betting="fixed").street(1).opening, RULES.next_street(1), RULES.board_limit
(<Opening.LOW_CARD: 'low-card'>, 'ayudas', 1)
"""

from __future__ import annotations

from dataclasses import replace

from ...table.hand import DealtHand
from ...table.rules import Opening, Rules, Street
from .showdown import MAX_PLAYERS, WEAKEST_KILL

__all__ = ["ACTIONS", "BETTINGS", "MAX_EXTENSIONS", "MODALITIES", "RULES", "STREETS", "rules"]

MODALITIES = ("boton-ante", "bring-in")
BETTINGS = ("fixed", "no-limit")
#: Every decision a player can make (the dealt hand's): "up"/"down" choose how the next own card comes.
ACTIONS = DealtHand.ACTIONS
#: The rulebook recommends at most two extensions; then the pot is split.
MAX_EXTENSIONS = 2

#: The streets (the hand's ``street``: 1, the first betting round, played with the first two cards; the
#: ayudas put down; 3, 4 and 5, the card each player gets and the round after it), with their titles, their
#: betting round in a sentence and their names in a practice hand's script.
STREETS = (
    Street(1, hole=(True, False), opening=Opening.HIGH_CARD, title="Reparto inicial y primera ronda",
           round="la primera ronda de apuestas", short="1ª ronda"),
    Street("ayudas", board=3, board_up=False, betting=False, title="Las ayudas"),
    Street(3, hole=(None,), turn=True, opening=Opening.HIGH_HAND, title="Tercera carta",
           round="la segunda ronda de apuestas", short="3ª carta"),
    Street(4, hole=(None,), opening=Opening.HIGH_HAND, title="Cuarta carta", round="la tercera ronda de apuestas",
           short="4ª carta"),
    Street(5, hole=(None,), opening=Opening.HIGH_HAND, title="Quinta carta y última ronda",
           round="la última ronda de apuestas", short="5ª carta"),
)

#: The rules of a Botón Ante table (:func:`rules` gives each table's): folding is only possible facing a bet
#: (the site's convention), a raise needs no caller (the uncalled part goes back), the antes are dead money.
RULES = Rules(minimum=1, streets=STREETS, players=(2, MAX_PLAYERS), fold_when_free=False, raise_needs_caller=False,
              dead_antes=True, board_limit=1, qualifier=WEAKEST_KILL, extensions=MAX_EXTENSIONS,
              odd_chips="high-card")


def rules(modality: str, *, minimum: int, betting: str, extensions: int = MAX_EXTENSIONS) -> Rules:
    """The rules of a table in ``modality`` (Bring In: the lowest face-up card opens, posting it)."""
    first = replace(STREETS[0], opening=Opening.LOW_CARD) if modality == "bring-in" else STREETS[0]
    return replace(RULES, minimum=minimum, betting=betting, extensions=extensions, streets=(first, *STREETS[1:]))
