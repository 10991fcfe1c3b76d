"""Pyodide batch cases for ``author-check`` (the authors' workshop): a practice hand of each game as the site
has it and broken, a page of questions, a binary paste and a bad request. The check in the browser's engine
must say what CPython's says (tests/pyodide/test_batch.py), and CPython's is engine check's
(tests/engine/authoring/test_authoring.py)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def cases() -> list[tuple[str, dict]]:
    hand = (ROOT / "scenarios" / "06-all-in.md").read_text(encoding="utf-8")
    holdem = (ROOT / "scenarios" / "holdem-04-heads-up.md").read_text(encoding="utf-8")
    questions = (ROOT / "docs" / "desarrollo" / "_plantilla-preguntas.md").read_text(encoding="utf-8")
    return [
        ("author-check", {"text": hand, "path": "scenarios/06-all-in.md"}),
        ("author-check", {"text": hand.replace("Qh 4c Qs 7d 2h", "Qh 4c Qs 7d 1h"), "path": "scenarios/06-all-in.md"}),
        ("author-check", {"text": holdem, "path": "scenarios/holdem-04-heads-up.md"}),
        ("author-check", {"text": questions.replace("respuesta: 37,5", "respuesta: 25"), "kind": "question"}),
        ("author-check", {"text": "---\ntítulo: x\n\x00\x01PNG"}),
        ("author-check", {"text": "x", "kind": "mano"}),
    ]
