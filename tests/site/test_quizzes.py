"""site_hooks/quizzes.py: the engine's questions rendered as safe HTML, its errors with the page's file:line.

Parsing and checking the blocks is tested in tests/engine/quiz/test_quiz_format.py."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from html.parser import HTMLParser
from pathlib import Path
from types import SimpleNamespace

import pytest
from mkdocs.exceptions import PluginError

from engine.quiz.format import QuestionError
from tests.engine.quiz.test_quiz_format import GOOD
from site_hooks import quizzes

ROOT = Path(__file__).resolve().parents[2]



def block(body: str) -> str:
    return "```pregunta\n" + textwrap.dedent(body).strip() + "\n```\n"


def fail(markdown: str) -> QuestionError:
    with pytest.raises(QuestionError) as info:
        quizzes.process(markdown)
    return info.value


# ---------------------------------------------------------------------------------------------
# Errors: the engine's message, where the page's file says it.

def test_a_bad_question_stops_processing_with_the_engines_error_and_line():
    error = fail("intro\n\n" + GOOD.replace("crupier: Kc Kd", "crupier: Ah Kd"))
    assert (error.line, error.message) == (10, "El motor no puede resolver la pregunta («crupier»): la carta Ah "
                                                "está repetida (ya aparece en la línea 9).")


def test_front_matter_lines_are_counted(tmp_path):
    src = tmp_path / "docs" / "p.md"
    src.parent.mkdir()
    raw = "---\ntitle: Pagos\nhide:\n  - toc\n---\n\n# Pagos\n\n" + GOOD.replace("respuesta: 37,5", "respuesta: 30")
    src.write_text(raw, encoding="utf-8")
    markdown = raw.split("---\n", 2)[2].lstrip("\n")  # what MkDocs hands to the hook
    page = SimpleNamespace(file=SimpleNamespace(abs_src_path=str(src), src_uri="p.md"))
    config = {"config_file_path": str(tmp_path / "mkdocs.yml")}
    with pytest.raises(PluginError) as info:
        quizzes.on_page_markdown(markdown, page, config, None)
    assert str(info.value).startswith("docs/p.md:18: La respuesta «30» no es correcta: el motor calcula 37,5.")


def test_mkdocs_build_fails_on_a_wrong_key(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Inicio\n\n" + GOOD.replace("respuesta: 37,5", "respuesta: 40"),
                                               encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(
        f"site_name: prueba\nhooks:\n  - {ROOT / 'site_hooks' / 'quizzes.py'}\n", encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(tmp_path / "site")],
        cwd=tmp_path, capture_output=True, text=True, env=dict(os.environ, NO_MKDOCS_2_WARNING="1"),
    )
    assert result.returncode != 0
    assert "docs/index.md:12: La respuesta «40» no es correcta: el motor calcula 37,5." in result.stderr + result.stdout


# ---------------------------------------------------------------------------------------------
# What the hook leaves alone, and the HTML it writes.

def test_pages_without_questions_are_untouched():
    markdown = "# Título\n\nUna pregunta cualquiera, sin bloque.\n"
    page = SimpleNamespace(file=SimpleNamespace(abs_src_path="/nonexistent.md", src_uri="x.md"))
    assert quizzes.on_page_markdown(markdown, page, {}, None) == markdown
    assert quizzes.on_page_content("<p>x</p>", page, {}, None) == "<p>x</p>"


class Collect(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags: list[tuple[str, dict]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data):
        self.text.append(data)


def render(markdown: str) -> tuple[str, list[str], Collect]:
    new, slots = quizzes.process(markdown)
    parsed = Collect()
    html = "".join(slots.values())
    parsed.feed(html)
    return new, list(slots), parsed


def test_author_text_is_escaped():
    evil = GOOD.replace("enunciado: Blind de 25", 'enunciado: <img src=x onerror=alert(1)> Blind de 25') \
               .replace("respuesta: 37,5", "respuesta: 37,5\nnota: <script>alert(1)</script> & «ojo»")
    _, _, parsed = render(evil)
    tags = {tag for tag, _ in parsed.tags}
    assert "img" not in tags and "script" not in tags
    text = "".join(parsed.text)
    assert "<img src=x onerror=alert(1)> Blind de 25" in text
    assert "<script>alert(1)</script> & «ojo»" in text
    names = block("""
        juego: holdem
        tipo: ganador
        enunciado: ¿Quién?
        jugador: <b>Ana</b> = Ah Kd
        jugador: Beto"><i onclick> = Ac Qs
        mesa: Ad 9c 7h 4s 2d
        respuesta: <b>Ana</b>
    """)
    _, _, parsed = render(names)
    assert "b" not in {tag for tag, _ in parsed.tags}
    spec = json.loads(next(a["data-quiz-spec"] for t, a in parsed.tags if "data-quiz-spec" in a))
    assert set(spec["players"]) == {"<b>Ana</b>", 'Beto"><i onclick>'}
    assert "i" not in {tag for tag, _ in parsed.tags}
    assert not any("onclick" in attrs for _, attrs in parsed.tags)


def test_the_question_teaches_without_javascript():
    new, slots, parsed = render("Intro.\n\n" + GOOD + "\nFin.\n")
    assert new.split("\n").count(slots[0]) == 1 and "Intro." in new and "Fin." in new
    text = " ".join("".join(parsed.text).split())
    assert "¿Cuánto se paga?" in text and "Ante 25 · Blind 25 · Play 100 (4x)" in text
    assert "Ver la solución" in text and "Respuesta: 37,5" in text and "3 a 2" in text
    cards = [a["aria-label"] for t, a in parsed.tags if a.get("role") == "img"]
    assert cards[:2] == ["As de corazones", "9 de corazones"] and len(cards) == 9
    roots = [a for t, a in parsed.tags if "data-quiz" in a]
    assert len(roots) == 1 and "data-engine" in roots[0] and roots[0]["id"] == "quiz-1"
    assert json.loads(roots[0]["data-quiz-spec"])["ask"] == "blind"
    forms = [a for t, a in parsed.tags if t == "form"]
    assert forms and all("hidden" in f for f in forms)  # the answer box appears only with JavaScript
    assert any(t == "details" for t, _ in parsed.tags)
    assert any("data-engine-status" in a for _, a in parsed.tags)
    label = next(a for t, a in parsed.tags if t == "label")
    assert label["for"] == "quiz-1-respuesta"


def test_only_the_first_question_shows_the_engine_status():
    _, slots, parsed = render(GOOD + "\n" + GOOD)
    assert len(slots) == 2
    assert sum("data-engine-status" in a for _, a in parsed.tags) == 1


def test_placeholders_become_the_questions_in_the_html():
    page = SimpleNamespace(file=SimpleNamespace(abs_src_path="/nonexistent.md", src_uri="q.md"))
    markdown = quizzes.on_page_markdown("# T\n\n" + GOOD, page, {}, None)
    assert quizzes.PAGES.pending("docs/q.md")
    slot = next(line for line in markdown.split("\n") if line.startswith("QUIZSLOT"))
    html = quizzes.on_page_content(f"<h1>T</h1>\n<p>{slot}</p>", page, {}, None)
    assert slot not in html and 'id="quiz-1"' in html


def test_trainer_block_offers_the_engines_modes_and_tables():
    _, slots, parsed = render("```entrenador-ultimate\nmodo: trips\ntabla-trips: 50-40-30-9-7-4-3\n```\n")
    radios = [a for t, a in parsed.tags if a.get("type") == "radio"]
    assert [r["value"] for r in radios] == ["blind", "trips", "ante-play", "total"]
    assert ["checked" in r for r in radios] == [False, True, False, False]
    options = [a for t, a in parsed.tags if t == "option"]
    assert any(o.get("value") == "50-40-30-9-7-4-3" and "selected" in o for o in options)
    error = fail("```entrenador-ultimate\nmodo: póquer\n```\n")
    assert error.line == 2
