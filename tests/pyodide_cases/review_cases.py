"""Pyodide batch cases for «Revisión de la mano» (``play-review``): a Hold'em hand and a Mata Ases hand kept as
sessions and reviewed, one decision alone, a number not taken, and a hand restored from its table."""

from __future__ import annotations

HOLDEM = {"players": 2, "seat": 0, "blinds": [10, 20], "depth": 50, "seed": 4}
MATA = {"opponents": 1, "modality": "boton-ante", "betting": "fixed", "minimum": 50, "depth": 20, "seed": 4,
        "exposures": False}


def cases() -> list[tuple[str, dict]]:
    return [
        ("play-start", {"game": "holdem", "mode": "free", "session": "py-rv", "table": HOLDEM}),
        ("play-step", {"session": "py-rv", "decision": {"action": "fold"}}),
        ("play-review", {"session": "py-rv"}),
        ("play-review", {"session": "py-rv", "decision": 0}),
        ("play-review", {"session": "py-rv", "decision": 3}),
        ("play-review", {"game": "holdem", "table": HOLDEM, "actions": [{"action": "fold"}]}),
        ("play-start", {"game": "mata-ases", "mode": "free", "session": "py-rv", "table": MATA}),
        ("play-step", {"session": "py-rv", "decision": {"action": "check"}}),
        ("play-review", {"session": "py-rv"}),
    ]
