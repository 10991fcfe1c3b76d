"""Pyodide batch cases for the practice hands (Mata Ases and Hold'em): ``scenario-play`` along each
scenario's default line.

For every scenario and modality: the first stop (no reader decision yet), the whole default line
(every reader decision at once), a prefix of it, and a few malformed or illegal requests. The
scenarios are read from scenarios/*.md and exported with the same function the site uses.
"""

from __future__ import annotations

from pathlib import Path

from engine.scenarios import READER, load, to_json
from engine.scenarios.script import play

ROOT = Path(__file__).resolve().parents[2]


def scenarios():
    return [load(path) for path in sorted((ROOT / "scenarios").glob("*.md"))]


def cases() -> list[tuple[str, dict]]:
    out: list[tuple[str, dict]] = []
    loaded = scenarios()
    for scenario in loaded:
        data = to_json(scenario)
        for modality in scenario.modalities or (None,):  # a Hold'em hand has no modality
            reply = play(scenario, modality, [], default_line=True)
            reader = [{k: v for k, v in d.items() if k != "player"}
                      for d in reply["decisions"] if d["player"] == READER]
            base = {"scenario": data, **({"modality": modality} if modality else {})}
            out.append(("scenario-play", {**base, "reader": []}))
            out.append(("scenario-play", {**base, "reader": reader}))
            if len(reader) > 2:
                out.append(("scenario-play", {**base, "reader": reader[:2]}))
            if modality is None:
                out.append(("scenario-play", {**base, "modality": "boton-ante", "reader": []}))
                out.append(("scenario-play", {**base, "reader": [{"action": "raise", "amount": 1}]}))
    first = to_json(loaded[0])
    out += [
        ("scenario-play", {"scenario": first, "modality": "holdem", "reader": []}),
        ("scenario-play", {"scenario": first, "modality": "boton-ante", "reader": [{"action": "fold"}]}),
        ("scenario-play", {"scenario": first, "modality": "boton-ante", "reader": "check"}),
        ("scenario-play", {"modality": "boton-ante"}),
    ]
    return out
