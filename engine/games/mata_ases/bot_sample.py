"""Hand states at a bot's decision, from random play (for tests, Pyodide cases and benchmarks).

>>> import random
>>> state = decision_states(random.Random(1), 1)[0]
>>> state["actions"] is not None and "bot" not in state
True
"""

from __future__ import annotations

import random

from ...table.words import YOU
from .command import play
from .simulate import random_decision, random_table

__all__ = ["decision_states"]


def decision_states(rng: random.Random, count: int, *, chance: float = 0.3, per_hand: int = 99,
                    **table) -> list[dict]:
    """``count`` ``mata-ases-hand`` requests stopped where a player other than «Tú» must decide.

    Random tables (``table``: the options of :func:`random_table`), random legal play; each decision
    is kept with probability ``chance``, at most ``per_hand`` from one hand.
    """
    states: list[dict] = []
    while len(states) < count:
        request = random_table(rng, **table)
        hand, _ = play(request)
        actions: list[dict] = []
        taken = 0
        while not hand.is_over and taken < per_hand:
            if hand.to_act != YOU and rng.random() < chance:
                states.append(dict(request, actions=list(actions)))
                taken += 1
            decision = random_decision(hand, rng)
            hand.act(decision["player"], decision["action"], decision.get("amount"))
            actions.append(decision)
    return states[:count]
