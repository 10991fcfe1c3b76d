"""Pyodide batch cases for the coach (``play-coach``): a note on the decision the reader faces, the notes
after a hand of each game, one decision's note, a number not taken, and a practice hand's citation; and
«Ver las cartas de todos» (``play-reveal``): refused during the hand, every player's cards after it."""

from __future__ import annotations

from pathlib import Path

from engine.scenarios import to_json
from engine.scenarios.format import load

ROOT = Path(__file__).resolve().parents[2]
HOLDEM = {"players": 3, "seat": 1, "blinds": [10, 20], "depth": 100, "seed": 4}
HEADS_UP = {"players": 2, "seat": 0, "blinds": [10, 20], "depth": 100, "seed": 4}  # the reader folds first
MATA = {"opponents": 2, "modality": "boton-ante", "betting": "fixed", "minimum": 50, "depth": 40, "seed": 4,
        "exposures": False}


def cases() -> list[tuple[str, dict]]:
    scenario = to_json(load(ROOT / "scenarios" / "holdem-02-la-subida-minima.md"))
    return [
        ("play-start", {"game": "holdem", "mode": "free", "session": "py-co", "table": HOLDEM}),
        ("play-coach", {"session": "py-co"}),
        ("play-step", {"session": "py-co", "decision": {"action": "call"}}),
        ("play-coach", {"session": "py-co"}),
        ("play-coach", {"session": "py-co", "decision": 0}),
        ("play-coach", {"session": "py-co", "decision": 5}),
        ("play-start", {"game": "mata-ases", "mode": "free", "session": "py-co", "table": MATA}),
        ("play-coach", {"session": "py-co"}),
        ("play-step", {"session": "py-co", "decision": {"action": "check"}}),
        ("play-coach", {"session": "py-co"}),
        ("play-start", {"mode": "practice", "session": "py-co", "scenario": scenario,
                        "reader": [{"action": "raise", "amount": 100}]}),
        ("play-coach", {"session": "py-co"}),
        ("play-start", {"game": "holdem", "mode": "free", "session": "py-rv", "table": HEADS_UP}),
        ("play-reveal", {"session": "py-rv"}),
        ("play-step", {"session": "py-rv", "decision": {"action": "fold"}}),
        ("play-reveal", {"session": "py-rv"}),
    ]
