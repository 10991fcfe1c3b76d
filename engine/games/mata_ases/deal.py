"""Random deals for the free table, from a seed: a hand is (table, seed, decisions) and replays exactly.

Each deal (the hand, then one per extension and, with exposures, a few redeals) comes from its own
shuffle of a full deck; the shuffles come one after another from ``random.Random(seed)``, which
gives the same cards in CPython and in Pyodide. A hand's deals dealt again as one of the worlds a seat
could not tell apart (:func:`world_of`) serve «Revisión de la mano» at every kind of table.
"""

from __future__ import annotations

import random

from ...cards import Card
from ...table.game import world_pick
from ...table.view import HIDDEN
from .command import MAX_DEALS, build_hand
from .rules import MAX_EXTENSIONS
from .simulate import random_deal

__all__ = ["EARLY", "EXPOSURE", "deals_for", "world_of"]

#: With exposures on: chance per deal of a dealer's mistake on a 3rd-5th card, and on a 2nd card.
EXPOSURE = 0.04
EARLY = 0.01


def deals_for(names: list[str], seed: int, *, exposures: bool = False) -> list[dict]:
    """Every deal a hand at this table may need, as ``mata-ases-hand`` request entries."""
    rng = random.Random(seed)
    if not exposures:
        return [random_deal(rng, names) for _ in range(1 + MAX_EXTENSIONS)]
    return [random_deal(rng, names, exposure=EXPOSURE, early=EARLY) for _ in range(MAX_DEALS)]


def world_of(request: dict, view, draw: random.Random):
    """The hand of ``request`` (a ``mata-ases-hand`` request; left as it is) as one world of ``view``: every
    card of the deal in play that ``view`` does not see replaced, in dealing order, by those cards in the
    order ``draw`` shuffles them (:func:`~engine.table.game.world_pick`), and every later deal (an extension,
    a new deal after a misdeal; as many as a hand may need) drawn from ``draw``; earlier deals as they were
    (the reader saw how they ended). A card the dealer exposed by mistake stays exposed; one he would expose
    later is a secret of the deal like the cards, and is left out."""
    pick = world_pick(view, draw)

    def swapped(cards: list[str]) -> list[str]:
        return [str(pick(Card.parse(text) if text != HIDDEN else None)) for text in cards]

    names = [seat["name"] for seat in request["seats"]]
    deals = request["deals"]
    current = deals[view.deal]
    received = {view.player: len(view.own), **{r.name: r.received for r in view.rivals}}
    cards = {n: swapped(current["cards"][n]) for n in names if n in current["cards"]}
    exposed = [e for e in current.get("exposed", []) if e["card"] <= received.get(e["player"], 0)]
    dealt = {**current, "cards": cards, "ayudas": swapped(current["ayudas"]), "exposed": exposed}
    later = max(len(deals), 1 + MAX_EXTENSIONS) - view.deal - 1  # a practice hand may lack those its world needs
    hand, _ = build_hand({**request, "deals": [*deals[:view.deal], dealt,
                                               *(random_deal(draw, names) for _ in range(later))]})
    return hand
