"""Ultimate Texas Hold'em drills: settling a hand (``uth-payout``, the croupier trainer's modes) and
choosing the Play (``uth-strategy``, judged by :mod:`engine.games.ultimate_strategy`).

``uth-payout`` families are the trainer's modes (:data:`engine.trainer.MODES`): the trainer already
deals toward the instructive cases of each (the Blind paying only with a straight or better, Trips
from three of a kind, a dealer who does not qualify).
"""

from __future__ import annotations

import random

from ..trainer import UNITS, deal
from . import MAX_SEED, kind, quiz_fields

_UNITS = {"fácil": (5, 10), "media": (5, 10, 25), "difícil": UNITS}


@kind("uth-payout", {
    "fácil": (("blind", 1), ("ante-play", 1)),
    "media": (("blind", 1), ("ante-play", 1), ("trips", 1)),
    "difícil": (("trips", 1), ("total", 3)),
}, {
    "blind": "cuánto paga el Blind",
    "ante-play": "Ante y Play",
    "trips": "la apuesta Trips",
    "total": "el resultado total del jugador",
})
def _uth_payout(rng: random.Random, level: str, family: str) -> dict:
    hand = deal(family, unit=rng.choice(_UNITS[level]), seed=rng.randrange(MAX_SEED))
    spec = hand["question"]
    from ..games.ultimate import json_amount
    from ..quiz import solve

    solution = solve(spec)
    data = {key: spec[key] for key in ("player", "dealer", "board", "ante", "play", "trips", "trips_table")}
    answer = {"amount": json_amount(solution.value), "text": solution.display}
    return quiz_fields(spec, hand["prompt"], data, answer)
