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


def test_a_page_that_is_not_utf8_stops_the_build_at_its_file_and_line_not_with_a_traceback(tmp_path):
    """Issue 41 item 7: the workshop's hook reads pages through the one reader of author files
    (markers.read_author_file, the engine's read_source), as the other hooks and ``engine check`` do."""
    from site_hooks.markers import MarkerError

    docs = tmp_path / "docs"
    for template in workshop.TEMPLATES:
        (docs / template).parent.mkdir(parents=True, exist_ok=True)
        (docs / template).write_text((DOCS / template).read_text(encoding="utf-8"), encoding="utf-8")
    (docs / "reglas.md").write_bytes("# Reglas\n\nuna línea\n".encode() + "año en Latin-1\n".encode("latin-1"))
    try:
        workshop.sources(docs)
    except MarkerError as exc:
        message = str(exc)
    else:
        raise AssertionError("the build went on")
    assert re.search(r"reglas\.md:4\b", message) and "UTF-8" in message, message
