"""site_hooks/quizzes.py: ```pregunta blocks parsed, every key checked by the engine, safe HTML."""

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

from engine.quiz import solve
from site_hooks import quizzes

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"

GOOD = """\
```pregunta
juego: ultimate
tipo: blind
enunciado: Blind de 25 y el jugador gana con color. ¿Cuánto se paga?
ante: 25
play: 4x
jugador: Ah 9h
crupier: Kc Kd
mesa: 2h 5h Jh 7c 3s
respuesta: 37,5
```
"""


def block(body: str) -> str:
    return "```pregunta\n" + textwrap.dedent(body).strip() + "\n```\n"


def fail(markdown: str) -> quizzes.QuizSyntaxError:
    with pytest.raises(quizzes.QuizSyntaxError) as info:
        quizzes.process(markdown)
    return info.value


# ---------------------------------------------------------------------------------------------
# The repository's pages.

QUIZ_PAGES = {
    "ultimate/ponte-a-prueba.md": 13,
    "mata-ases/quien-gana.md": 7,
    "holdem/ponte-a-prueba.md": 14,
}


@pytest.mark.parametrize("page, at_least", sorted(QUIZ_PAGES.items()))
def test_every_key_in_the_quiz_pages_is_verified_by_the_engine(page, at_least):
    assert quizzes.check_file(DOCS / page, label=f"docs/{page}") >= at_least


def test_every_page_of_the_site_with_questions_builds():
    counted = {}
    for path in sorted(DOCS.rglob("*.md")):
        text = path.read_text(encoding="utf-8")
        if "pregunta" in text or "entrenador-ultimate" in text:
            counted[path.relative_to(DOCS).as_posix()] = quizzes.check_file(path)
    assert counted["desarrollo/preguntas.md"] == 0  # its examples sit inside ```` fences
    assert counted["ultimate/entrenador.md"] == 1
    assert sum(counted.values()) >= sum(QUIZ_PAGES.values())


def test_the_quiz_pages_cover_what_the_issue_asks_for():
    def specs(page):
        text = (DOCS / page).read_text(encoding="utf-8")
        return [quizzes.build_question(b).spec for b in quizzes.find_blocks(text) if b.info == "pregunta"]

    uth = specs("ultimate/ponte-a-prueba.md")
    asks = {s["ask"] for s in uth}
    assert {"blind", "trips", "ante+play", "total"} <= asks
    assert any(s["play"] == 0 for s in uth)  # a fold
    assert any(solve(s).data["dealer_qualifies"] is False for s in uth)  # the dealer does not qualify
    mata = [solve(s) for s in specs("mata-ases/quien-gana.md")]
    assert any(s.value == frozenset() for s in mata)  # nobody kills the Aces: extension
    assert any("dos ayudas" in " ".join(s.steps) for s in mata)  # one ayuda only
    assert any("Par de Reyes" in " ".join(s.steps) and s.value == frozenset() for s in mata)
    holdem = specs("holdem/ponte-a-prueba.md")
    kinds = {(s["kind"], s["ask"]) for s in holdem}
    assert {("holdem-position", "position"), ("holdem-position", "first-to-act"),
            ("holdem-pots", "amount"), ("holdem-pots", "eligible"), ("holdem-showdown", "winners")} <= kinds


# ---------------------------------------------------------------------------------------------
# Wrong keys and malformed questions: file:line and the engine's answer.

def test_a_wrong_key_fails_with_file_line_and_the_engines_answer(tmp_path):
    page = tmp_path / "pagos.md"
    page.write_text("# Pagos\n\nTexto.\n\n" + GOOD.replace("respuesta: 37,5", "respuesta: 25"), encoding="utf-8")
    with pytest.raises(PluginError) as info:
        quizzes.check_file(page, label="docs/pagos.md")
    message = str(info.value)
    assert message.startswith("docs/pagos.md:14: la respuesta «25» no es correcta: el motor calcula 37,5.")


def test_the_line_is_that_of_the_field_at_fault():
    text = "intro\n\n" + GOOD.replace("crupier: Kc Kd", "crupier: Ah Kd")
    error = fail(text)
    assert error.line == 10  # the dealer's line: the Ace of hearts is also the player's
    assert "Ah" in error.message or "repetida" in error.message


@pytest.mark.parametrize("change, line, words", [
    (("play: 4x", "play: 7x"), 6, "play"),
    (("jugador: Ah 9h", "jugador: Ah 9h 2c"), 7, "2 cartas"),
    (("mesa: 2h 5h Jh 7c 3s", "mesa: 2h 5h Jh 7c Xx"), 9, "Carta no válida"),
    (("tipo: blind", "tipo: jackpot"), 3, "opciones"),
    (("juego: ultimate", "juego: canasta"), 2, "opciones"),
    (("ante: 25", "ante: 25\nbote: 3"), 6, "campo desconocido"),
    (("ante: 25", "ante: 25\nante: 30"), 6, "repetido"),
    (("respuesta: 37,5", "respuesta: treinta"), 10, "no se puede leer"),
    (("enunciado: Blind", "esto no es un campo\nenunciado: Blind"), 4, "clave: valor"),
])
def test_malformed_questions_name_their_line(change, line, words):
    error = fail(GOOD.replace(*change))
    assert error.line == line, error.message
    assert words in error.message


def test_missing_fields_and_unclosed_blocks():
    error = fail("x\n" + GOOD.replace("respuesta: 37,5\n", ""))
    assert error.line == 2 and "respuesta" in error.message
    error = fail("x\n\n```pregunta\njuego: ultimate\n")
    assert error.line == 3 and "no se cierra" in error.message


def test_engine_errors_in_mata_ases_and_holdem_point_at_the_field():
    mata = block("""
        juego: mata-ases
        tipo: ganador
        enunciado: ¿Quién gana?
        jugador: Ana = Ah Ad Ac Kh Kd
        jugador: Beto = 3c 4c 5c 7c Ah
        ayudas: Ks 6c 4d
        respuesta: Ana
    """)
    error = fail(mata)
    assert error.line == 6 and "repetida" in error.message
    pots = block("""
        juego: holdem
        tipo: bote
        enunciado: ¿Cuánto?
        apuesta: Ana = 100
        apuesta: Beto = 300
        retirados: Carla
        bote: 1
        respuesta: 200
    """)
    error = fail(pots)
    assert error.line == 7 and "Carla" in error.message


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
    assert str(info.value).startswith("docs/p.md:18: la respuesta «30» no es correcta: el motor calcula 37,5.")


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
    assert "docs/index.md:12: la respuesta «40» no es correcta: el motor calcula 37,5." in result.stderr + result.stdout


# ---------------------------------------------------------------------------------------------
# What the hook leaves alone, and the HTML it writes.

def test_blocks_inside_other_fences_are_examples_not_questions():
    text = "````markdown\n" + GOOD.replace("37,5", "1") + "````\n\n~~~\n```pregunta\n~~~\n"
    assert quizzes.process(text) == (text, {})


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
