"""``mata-ases-bot`` and ``mata-ases-deal`` requests for the Pyodide batch: the same decisions, reasons
and deals as CPython (seeded randomness, no floating point that could differ).

States come from random hands (2-8 players, both modalities and betting modes) stopped at a bot's
decision, with each style; plus card choices, refused requests, seeded deals and a free-table session
(start, the reader's decision, the rest of the reply, a refused setup).
"""

from __future__ import annotations

import random

from engine.games.mata_ases.bot_policy import STYLES
from engine.games.mata_ases.bot_sample import decision_states
from engine.games.mata_ases.command import play


def _states() -> list[dict]:
    rng = random.Random(2718)
    out = []
    for players in range(2, 9):
        for betting in ("fixed", "no-limit"):
            modality = ("boton-ante", "bring-in")[players % 2]
            for state in decision_states(rng, 2, chance=0.25, per_hand=2, players=players, betting=betting,
                                         modality=modality):
                hand, _ = play(state)
                style = list(STYLES)[len(out) % 3]
                out.append(dict(state, bot={"player": hand.to_act, "style": style, "seed": len(out)}))
    return out


def cases() -> list[tuple[str, dict]]:
    states = _states()
    refused = [dict(states[0], bot={"player": "Tú", "style": "prudente", "seed": 1}),
               dict(states[1], bot={"player": states[1]["bot"]["player"], "style": "valiente", "seed": 1})]
    deals = [{"players": ["Tú", "Ana", "Beto"], "seed": 0},
             {"players": ["Tú", "Ana", "Beto", "Carla", "Dani", "Eva", "Fede", "Gala"], "seed": 123456789},
             {"players": ["Tú", "Ana"], "seed": 42, "exposures": True},
             {"players": ["Tú"], "seed": 1}]
    table = {"opponents": 4, "modality": "bring-in", "betting": "no-limit", "minimum": 20, "stack": 800, "seed": 99}
    free = [("play-start", {"game": "mata-ases", "mode": "free", "session": "pyodide-mesa", "table": table, "visit": [40, -20]}),
            ("play-step", {"session": "pyodide-mesa", "decision": {"action": "fold"}}),
            ("play-step", {"session": "pyodide-mesa"}),
            ("play-start", {"game": "mata-ases", "mode": "free", "session": "pyodide-mesa", "table": dict(table, opponents=9)})]
    return ([("mata-ases-bot", r) for r in states + refused] + [("mata-ases-deal", r) for r in deals] + free)
