"""The scenarios hook: validation at build time, markers, and the static walkthrough HTML."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from types import SimpleNamespace

import pytest
from mkdocs.exceptions import PluginError

from engine.scenarios import load, to_json
from site_hooks import scenarios as hook

from .samples import variant, write

ROOT = Path(__file__).resolve().parents[2]
SEED_CITES = (
    "Reglamento Mata Ases Emporium Academy 2024, desarrollo A y B",
    "Reglamento Mata Ases Emporium Academy 2024, desarrollo C-1",
    "Reglamento Mata Ases Emporium Academy 2024, desarrollo F",
    "Reglamento Mata Ases Emporium Academy 2024, desarrollo E",
    "Reglamento Mata Ases Emporium Academy 2024, desarrollo H y regla 10-A · Mata Ases, formato de juego",
)


@pytest.fixture(scope="module")
def configured():
    hook.on_config(SimpleNamespace(extra={}))
    return hook._state


def page(src: str = "mata-ases/prueba.md"):
    return SimpleNamespace(file=SimpleNamespace(src_uri=src))


class Walk(HTMLParser):
    """Collects the steps, citations, section titles, tables and cards of a walkthrough."""

    def __init__(self) -> None:
        super().__init__()
        self.steps, self.cites, self.titles, self.cards = [], [], [], []
        self.tables = 0
        self._into: list | None = None
        self._text: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        cls = attrs.get("class") or ""
        if tag == "li" and "walk-step" in cls:
            self.steps.append(attrs.get("data-type"))
        elif tag == "cite":
            self._into, self._text = self.cites, []
        elif tag == "h4":
            self._into, self._text = self.titles, []
        elif tag == "div" and "walk-table" in cls:
            self.tables += 1
        elif tag == "span" and "walk-card" in cls and "walk-card--back" not in cls:
            self.cards.append((attrs.get("role"), attrs.get("aria-label")))

    def handle_data(self, data):
        if self._into is not None:
            self._text.append(data)

    def handle_endtag(self, tag):
        if tag in ("cite", "h4") and self._into is not None:
            self._into.append("".join(self._text))
            self._into = None


def test_walkthrough_of_hand_one_has_every_step_and_citation(configured):
    scenario = configured["scenarios"]["01-matar-los-ases"]
    reply = configured["walks"]["01-matar-los-ases", "boton-ante"]
    parsed = Walk()
    parsed.feed(hook.walkthrough_html(scenario, "boton-ante", reply))
    assert parsed.steps == [e["type"] for e in reply["events"]]
    assert parsed.titles == ["Reparto inicial y primera ronda", "Las ayudas", "Tercera carta", "Cuarta carta",
                             "Quinta carta y última ronda", "Showdown"]
    assert parsed.tables == 6
    assert parsed.cites == [e["cite"] for e in reply["events"] if e["cite"]]
    for cite in SEED_CITES:
        assert cite in parsed.cites
    assert ("img", "As de picas") in parsed.cards and ("img", "As de corazones, cerrada") in parsed.cards
    assert ("img", "Rey de diamantes") in parsed.cards


def test_walkthrough_text_is_escaped_and_cards_are_not_told_by_colour_alone(configured):
    scenario = configured["scenarios"]["01-matar-los-ases"]
    reply = {"events": [{"type": "check", "street": 1, "deal": 0, "player": "Ana", "text": "<b>Ana</b> pasa & ya",
                         "cite": "<i>x</i>", "table": {"button": "Beto", "pot": 25, "players": {
                             "<script>": {"stack": 5, "bet": 0, "folded": False, "all_in": False,
                                          "open": ["Kd"], "closed": ["2c"]}}, "ayudas": {"cards": [], "open": False}}}],
             "stacks": {}, "pots": []}
    html = hook.walkthrough_html(scenario, "boton-ante", reply)
    assert "<b>" not in html and "<script>" not in html and "<i>" not in html
    assert "&lt;b&gt;Ana&lt;/b&gt; pasa &amp; ya" in html
    assert '<span class="walk-card walk-card--red" role="img" aria-label="Rey de diamantes" ' \
           'title="Rey de diamantes">K♦</span>' in html


def test_walkthrough_amounts_are_written_as_the_engine_writes_them(configured):
    scenario = configured["scenarios"]["01-matar-los-ases"]
    reply = {"events": [{"type": "check", "street": 1, "deal": 0, "player": "Ana", "text": "Ana pasa.", "cite": "",
                         "table": {"button": "Ana", "pot": 1350, "players": {
                             "Ana": {"stack": 12500, "bet": 1000, "folded": False, "all_in": False,
                                     "open": ["Kd"], "closed": ["2c"]}}, "ayudas": {"cards": [], "open": False}}}],
             "stacks": {"Ana": 13850, "Tú": 0}, "pots": [{"amount": 1350, "winners": ["Ana"]},
                                                          {"amount": 1500, "winners": ["Ana", "Beto", "Tú"]}]}
    html = hook.walkthrough_html(scenario, "boton-ante", reply)
    for text in ("Fichas: 12.500 · En esta ronda: 1.000", "Pozo: 1.350", "Pozo de 1.350: Ana.",
                 "Pozo de 1.500: Ana, Beto y tú.",
                 "Fichas al terminar: Ana 13.850 · Tú 0."):
        assert text in html, text


def test_the_whole_hand_marker_gives_title_text_and_one_tab_per_modality(configured):
    markdown = "Intro\n\n<!-- escenario: 04-la-extension -->\n\nFin\n"
    out = hook.on_page_markdown(markdown, page(), None, None)
    assert "## 4. La extensión de la mano { #mano-04-la-extension }" in out
    assert "### Qué observar { #mano-04-la-extension-que-observar }" in out
    assert '??? example "Paso a paso, con tu línea por defecto"' in out
    assert '    === "Botón Ante"' in out and '    === "Bring In"' in out
    blocks = hook.PAGES.pending("docs/mata-ases/prueba.md")
    assert len(blocks) == 3  # lesson + two walkthroughs
    html = "".join(f"<p>{token}</p>" for token in blocks)
    filled = hook.on_page_content(html, page(), None, None)
    assert filled.count('class="walkthrough"') == 2
    assert "Extensión 1 · reparto inicial y primera ronda" in filled


def test_a_walkthrough_marker_for_one_modality(configured):
    out = hook.on_page_markdown("<!-- escenario: 06-all-in bring-in -->", page(), None, None)
    (token, html), = hook.PAGES.pending("docs/mata-ases/prueba.md").items()
    assert out.strip() == token
    assert 'data-modality="bring-in"' in html and "pozo secundario" in html


@pytest.mark.parametrize("line, message", [
    ("<!-- escenario: 99-nada -->", "mano de práctica desconocida: «99-nada». Manos en scenarios/: "
                                    "01-matar-los-ases, 02-todos-pasan, 03-una-sola-ayuda, 04-la-extension, "
                                    "05-solo-queda-uno, 06-all-in, 07-full-contra-full."),
    ("<!-- escenario: 01-matar-los-ases stud -->", "modalidad desconocida: «stud». Escribe «boton-ante» o «bring-in»."),
    ("Mira <!-- escenario: 01-matar-los-ases --> aquí", "el marcador «<!-- escenario: … -->» tiene que ir solo en su "
                                                        "línea."),
    ("<!-- escenario: -->", "falta el nombre de la mano: «<!-- escenario: 01-matar-los-ases -->»."),
])
def test_a_bad_marker_fails_the_build_with_file_and_line(configured, line, message):
    with pytest.raises(PluginError) as info:
        hook.on_page_markdown(f"# Página\n\n{line}\n", page("mata-ases/x.md"), None, None)
    assert str(info.value) == f"docs/mata-ases/x.md:3: {message}"


def test_markers_in_code_are_left_alone(configured):
    markdown = "```\n<!-- escenario: 99-nada -->\n```\n\nEscribe `<!-- escenario: 99-nada -->` en la página.\n"
    assert hook.on_page_markdown(markdown, page(), None, None) == markdown
    assert hook.on_page_markdown("Sin marcadores.", page(), None, None) is None


def test_a_broken_scenario_stops_the_build_listing_every_problem(tmp_path, monkeypatch):
    base = (ROOT / "scenarios" / "01-matar-los-ases.md").read_text()
    write(tmp_path, variant(("Qh Qc 8c 5s 3s", "Qh Qc 8c 5s 1s"), ("mínimo: 50", "mínimo: cincuenta"), base=base),
          "01-roto.md")
    monkeypatch.setattr(hook, "SCENARIO_DIR", tmp_path / "scenarios")
    monkeypatch.setattr(hook, "ROOT", tmp_path)
    monkeypatch.setattr(hook, "_state", {"scenarios": {}, "walks": {}})
    with pytest.raises(PluginError) as info:
        hook.on_config(SimpleNamespace(extra={}))
    message = str(info.value)
    assert message.startswith("Las manos de práctica tienen problemas (2 problemas en 1 archivo.)")
    assert re.search(r"\n  scenarios/01-roto\.md:\d+: El mínimo debe ser un número entero", message)
    assert re.search(r"\n  scenarios/01-roto\.md:\d+: Carta no válida: «1s» \(Ana\)", message)


def test_the_built_site_shows_every_walkthrough_and_exports_the_scenarios(built_site):
    html = (built_site / "mata-ases" / "simulador" / "index.html").read_text()
    assert html.count('class="walkthrough"') == 14
    assert 'id="simulador" data-engine' in html and "data-walkthroughs" in html
    assert "ESCENARIOBLOCK" not in html and "<!-- escenario:" not in html
    exported = json.loads((built_site / "assets" / "scenarios.json").read_text())
    expected = [to_json(load(p, display=f"scenarios/{p.name}")) for p in sorted((ROOT / "scenarios").glob("*.md"))]
    assert exported == {"scenarios": expected}
    guide = (built_site / "desarrollo" / "escribir-manos" / "index.html").read_text()
    assert "Cómo escribir una mano de práctica" in guide


def test_a_citation_repeated_in_a_section_is_folded_away():
    first = str(hook.step_html({"type": "card", "text": "Pides la carta abierta.", "cite": "Regla E"}))
    again = str(hook.step_html({"type": "card", "text": "Ana pide la carta abierta.", "cite": "Regla E",
                                "cite_repeat": True}))
    assert "<details" not in first and '<cite class="walk-cite">Regla E</cite>' in first
    assert again.count("<details") == 1 and "<summary>Regla</summary>" in again and "Regla E</cite>" in again
