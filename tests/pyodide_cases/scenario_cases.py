"""Pyodide batch cases for the practice hands (Mata Ases and Hold'em): the practice mode of ``play-start``
along each practice hand's default line.

For every practice hand and modality: the first stop (no reader decision yet), the whole default line
(every reader decision at once), a prefix of it, and a few malformed or illegal requests. The hands are
read from scenarios/*.md and exported with the same function the site uses.
"""

from __future__ import annotations

from pathlib import Path

from engine.authoring.walkthrough import walk
from engine.scenarios import to_json
from engine.scenarios.format import load

ROOT = Path(__file__).resolve().parents[2]


def scenarios():
    return [load(path) for path in sorted((ROOT / "scenarios").glob("*.md"))]


def cases() -> list[tuple[str, dict]]:
    out: list[tuple[str, dict]] = []
    loaded = scenarios()
    for number, scenario in enumerate(loaded):
        data = to_json(scenario)
        for variant in scenario.variants:  # a Hold'em hand has no modality
            reader = walk(scenario, variant).reader
            base = {"mode": "practice", "session": f"scenario-{number}", "scenario": data,
                    **({"modality": variant} if variant else {})}
            out.append(("play-start", {**base, "reader": []}))
            out.append(("play-start", {**base, "reader": reader}))
            out += [("play-step", {"session": base["session"]}) for _ in range(2)]  # the rest of a "more"
            if len(reader) > 2:
                out.append(("play-start", {**base, "reader": reader[:2]}))
            if variant is None:
                out.append(("play-start", {**base, "modality": "boton-ante", "reader": []}))
                out.append(("play-start", {**base, "reader": [{"action": "raise", "amount": 1}]}))
    first = to_json(loaded[0])
    start = {"mode": "practice", "session": "scenario-bad"}
    out += [
        ("play-start", {**start, "scenario": first, "modality": "holdem", "reader": []}),
        ("play-start", {**start, "scenario": first, "modality": "boton-ante", "reader": [{"action": "fold"}]}),
        ("play-start", {**start, "scenario": first, "modality": "boton-ante", "reader": "check"}),
        ("play-start", {**start, "modality": "boton-ante"}),
    ]
    return out
