"""site_hooks/workshop.py: what the authors' workshop offers to start from, and its editor bundle."""

from __future__ import annotations

import re
from pathlib import Path

from engine import protocol
from engine.quiz.format import check_markdown
from site_hooks import workshop

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"


def test_every_hand_and_question_of_the_site_and_both_templates_are_offered():
    found = workshop.sources(DOCS)
    hands = [s for s in found if s["group"] == "Manos de práctica"]
    assert [s["path"] for s in hands] == [f"scenarios/{p.name}" for p in sorted((ROOT / "scenarios").glob("*.md"))]
    assert all(s["text"] == (ROOT / s["path"]).read_text(encoding="utf-8") for s in hands)
    questions = [s for s in found if s["group"].startswith("Preguntas: ")]
    published = sum(check_markdown(p.read_text(encoding="utf-8"), "x")[0] for p in DOCS.rglob("*.md")
                    if not any(part.startswith("_") for part in p.relative_to(DOCS).parts)
                    and "entrenador-ultimate" not in p.read_text(encoding="utf-8"))
    assert len(questions) == published
    for source in questions:  # each block alone is one sound question, as the workshop checks it
        assert check_markdown(source["text"], "pregunta.md") == (1, [])
    templates = [s for s in found if s["group"] == "Plantillas"]
    assert [s["kind"] for s in templates] == ["scenario", "question"]
    for template in templates:  # a blank template is a sound file: every field, each with a value that works
        reply = protocol.answer("author-check", {"text": template["text"], "path": template["path"]})
        assert reply["ok"], reply["problems"]


def test_the_editor_bundle_is_built_from_the_pinned_packages_and_cached():
    bundle = workshop.build_bundle()
    assert b"EditorView" in bundle and b"setDiagnostics" in bundle  # the names editor.js imports
    assert not re.search(rb"""(?:from|import)\s*\(?\s*["']https?:""", bundle)  # nothing loaded from elsewhere
    assert (workshop.CACHE / f"codemirror-{workshop.bundle_key()}.js").read_bytes() == bundle
