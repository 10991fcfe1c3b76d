"""Random deals for the free table, from a seed: a hand is (table, seed, decisions) and replays exactly.

Each deal (the hand, then one per extension and, with exposures, a few redeals) comes from its own
shuffle of a full deck; the shuffles come one after another from ``random.Random(seed)``, which
gives the same cards in CPython and in Pyodide.
"""

from __future__ import annotations

import random

from .command import MAX_DEALS
from .rules import MAX_EXTENSIONS
from .simulate import random_deal

__all__ = ["EARLY", "EXPOSURE", "deals_for"]

#: With exposures on: chance per deal of a dealer's mistake on a 3rd-5th card, and on a 2nd card.
EXPOSURE = 0.04
EARLY = 0.01


def deals_for(names: list[str], seed: int, *, exposures: bool = False) -> list[dict]:
    """Every deal a hand at this table may need, as ``mata-ases-hand`` request entries."""
    rng = random.Random(seed)
    if not exposures:
        return [random_deal(rng, names) for _ in range(1 + MAX_EXTENSIONS)]
    return [random_deal(rng, names, exposure=EXPOSURE, early=EARLY) for _ in range(MAX_DEALS)]
