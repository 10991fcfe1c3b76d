"""The scenarios hook: validation at build time, markers, and the static walkthrough HTML."""

from __future__ import annotations

import dataclasses
import doctest
import json
import re
from html.parser import HTMLParser
from pathlib import Path
from types import SimpleNamespace

import pytest
from mkdocs.exceptions import PluginError

from engine.authoring.walkthrough import Walk as Played
from site_hooks import scenarios as hook

from tests.engine.scenarios.samples import variant, write

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
        if tag == "li" and "sim-log__step" in cls:
            self.steps.append(attrs.get("data-type"))
        elif tag == "cite":
            self._into, self._text = self.cites, []
        elif tag == "h3":
            self._into, self._text = self.titles, []
        elif tag == "div" and "sim-table" in cls:
            self.tables += 1
        elif tag == "span" and "sim-card" in cls and "sim-card--back" not in cls:
            self.cards.append((attrs.get("role"), attrs.get("aria-label")))

    def handle_data(self, data):
        if self._into is not None:
            self._text.append(data)

    def handle_endtag(self, tag):
        if tag in ("cite", "h3") and self._into is not None:
            self._into.append("".join(self._text))
            self._into = None


def test_walkthrough_of_hand_one_has_every_step_and_citation(configured):
    played = configured["walks"]["01-matar-los-ases", "boton-ante"]
    parsed = Walk()
    parsed.feed(hook.walkthrough_html(played))
    assert parsed.steps == [e["type"] for e in played.events]
    assert parsed.titles == ["Reparto inicial y primera ronda", "Las ayudas", "Tercera carta", "Cuarta carta",
                             "Quinta carta y última ronda", "Showdown", "Final de la mano"]
    assert parsed.tables == 6  # one per street: the table as the street ends
    assert parsed.cites == [e["cite"] for e in played.events if e.get("cite")]
    for cite in SEED_CITES:
        assert cite in parsed.cites
    assert ("img", "As de picas") in parsed.cards
    assert ("img", "As de corazones, tu carta cerrada, oculta para los demás") in parsed.cards
    assert ("img", "Rey de diamantes") in parsed.cards


def test_walkthrough_text_is_escaped_and_cards_are_not_told_by_colour_alone(configured):
    scenario = configured["scenarios"]["01-matar-los-ases"]
    table = {"button": "Beto", "pot": 25, "to_act": None, "ayudas": {"cards": [], "open": False, "label": "x"},
             "seats": [{"name": "<script>", "stack": 5, "bet": 0, "open": ["Kd"], "closed": ["??"], "badges": []}]}
    played = Played(scenario, "boton-ante", events=[{"type": "check", "street": 1, "deal": 0, "player": "Ana",
                                                     "text": "<b>Ana</b> pasa & ya", "cite": "<i>x</i>"}],
                    tables={0: table})
    html = hook.walkthrough_html(played)
    assert "<b>" not in html and "<script>" not in html and "<i>" not in html
    assert "&lt;b&gt;Ana&lt;/b&gt; pasa &amp; ya" in html
    # The live table's card (site_hooks/table_markup.py): the suit is a symbol, red is a class on top.
    assert '<span class="sim-card sim-card--red" role="img" aria-label="Rey de diamantes" data-card="Kd">' \
           '<span class="sim-card__rank">K</span><span class="sim-card__suit">♦</span></span>' in html


def test_walkthrough_amounts_are_written_as_the_engine_writes_them(configured):
    scenario = configured["scenarios"]["01-matar-los-ases"]
    table = {"button": "Ana", "pot": 1350, "to_act": None, "ayudas": {"cards": [], "open": False, "label": "x"},
             "seats": [{"name": "Ana", "stack": 12500, "bet": 1000, "open": ["Kd"], "closed": ["??"], "badges": []}]}
    played = Played(scenario, "boton-ante", events=[{"type": "check", "street": 1, "deal": 0, "player": "Ana",
                                                     "text": "Ana pasa."}], tables={0: table})
    html = re.sub(r"<[^>]+>", "", hook.walkthrough_html(played))
    for text in ("Fichas: 12.500En esta ronda: 1.000", "Pozo 1.350"):
        assert text in html, text


def test_the_walkthroughs_end_is_the_live_tables_result(configured):
    """The end of a walkthrough is the engine session's result (the live page's), drawn with the same parts:
    the engine's sentences for each pot, each hand shown, the final stacks and their changes."""
    played = configured["walks"]["06-all-in", "boton-ante"]
    html = hook.walkthrough_html(played)
    end = html[html.index('<section class="sim-result walk-result"'):]
    last = played.events[-1]["deal"]
    for event in played.events:
        if event["deal"] == last and event["type"] in ("win", "split"):
            assert f"<p{' class=\"sim-result__win\"' if event.get('player') == 'Tú' else ''}>{event['text']}</p>" \
                in end, event["text"]
    shows = re.findall(r'data-show="([^"]+)"', end)
    assert shows == [e["text"] for e in played.events if e["type"] == "show"]
    rows = dict(re.findall(r'<tr data-player="([^"]+)" data-final-stack="(\d+)">', end))
    assert {name: int(stack) for name, stack in rows.items()} == played.stacks
    assert '<th scope="col" data-label="change">Cambio</th>' in end


def test_the_whole_hand_marker_gives_a_hands_page(configured):
    out = hook.on_page_markdown("<!-- escenario: 04-la-extension -->\n", page("mata-ases/manos-comentadas/x.md"),
                                None, None)
    lines = out.split("\n")
    scenario = configured["scenarios"]["04-la-extension"]
    body = scenario.body.strip()
    assert body in out and "## Qué observar" in out  # the author's text as written: h2 under the page's title
    assert lines.index("## Paso a paso, con tu línea por defecto") > lines.index("## Qué enseña esta mano")
    assert '=== "Botón Ante"' in lines and '=== "Bring In"' in lines
    blocks = hook.PAGES.pending("docs/mata-ases/manos-comentadas/x.md")
    assert len(blocks) == 3  # the head (lesson, level, link) + two walkthroughs
    html = "".join(f"<p>{token}</p>" for token in blocks)
    filled = hook.on_page_content(html, page("mata-ases/manos-comentadas/x.md"), None, None)
    assert filled.count('class="walkthrough sim"') == 2
    assert "Extensión 1 · Reparto inicial y primera ronda" in filled  # the live log's section
    assert f"<strong>Lección:</strong> {scenario.lesson}" in filled
    assert "Nivel 4 de 7, de la más fácil a la más difícil. Se juega en las dos modalidades" in filled
    assert '<a class="md-button md-button--primary" href="../../simulador/?mano=04-la-extension">' in filled


def test_a_hand_in_one_modality_has_its_walkthrough_without_tabs(configured, monkeypatch):
    scenario = configured["scenarios"]["01-matar-los-ases"]
    fields = dataclasses.replace(scenario.fields, modalities=("bring-in",), single_modality_reason="Por el Bring In.")
    single = dataclasses.replace(scenario, fields=fields, variants=("bring-in",))
    monkeypatch.setitem(configured["scenarios"], scenario.name, single)
    out = hook.on_page_markdown("<!-- escenario: 01-matar-los-ases -->\n", page(), None, None)
    assert "===" not in out
    (head, walk), = [list(hook.PAGES.pending("docs/mata-ases/prueba.md").values())]
    assert "<strong>Solo en Bring In.</strong> Por el Bring In." in head
    assert 'data-modality="bring-in"' in walk


def test_the_list_marker_links_every_hand_from_the_page_it_is_on(configured):
    out = hook.on_page_markdown("Intro\n\n<!-- manos-comentadas: lista -->\n", page("mata-ases/simulador.md"),
                                None, None)
    (token, html), = hook.PAGES.pending("docs/mata-ases/simulador.md").items()
    assert token in out and "<!--" not in out
    links = re.findall(r'<a href="([^"]+)" class="hand-title" data-scenario="([^"]+)">([^<]+)</a>', html)
    ordered = sorted((s for s in configured["scenarios"].values() if hook.game_of(s) == "mata-ases"),
                     key=lambda s: s.order)  # the Mata Ases hands only: each game has its own list
    assert links == [(f"../manos-comentadas/{s.name}/", s.name, f"{n}. {s.title}") for n, s in enumerate(ordered, 1)]
    assert html.count('class="hand-lesson"') == len(ordered)
    assert "Nivel 7 de 7 · Botón Ante y Bring In" in html


def test_a_list_marker_with_something_else_fails_with_file_and_line(configured):
    with pytest.raises(PluginError) as info:
        hook.on_page_markdown("# Página\n\n<!-- manos-comentadas: todas -->\n", page("mata-ases/x.md"), None, None)
    assert str(info.value) == "docs/mata-ases/x.md:3: «todas»: escribe «<!-- manos-comentadas: lista -->»."


def test_a_hands_page_is_its_title_and_its_marker_with_the_title_as_text(configured, monkeypatch):
    scenario = configured["scenarios"]["02-todos-pasan"]
    odd = dataclasses.replace(scenario, title="Todos *pasan* <b>[ya]</b>", lesson='Dice "hola": sí')
    monkeypatch.setitem(configured["scenarios"], scenario.name, odd)
    markdown = hook.hand_page(odd)
    assert markdown.split("\n")[:7] == ["---", 'description: "Dice \\"hola\\": sí"', "---", "",
                                        r"# 2\. Todos \*pasan\* &lt;b&gt;\[ya\]&lt;/b&gt;", "",
                                        "<!-- escenario: 02-todos-pasan -->"]


def test_the_hands_pages_go_after_the_index_in_the_navigation():
    index = f"{hook.PUBLISHED['mata-ases']['dir']}/index.md"
    nav = [{"Inicio": "index.md"}, {"Mata Ases": [{"Simulador": "s.md"}, {"Manos comentadas": [{"Todas": index}]},
                                                  {"Mesa libre": "m.md"}]}]
    pages = ["mata-ases/manos-comentadas/01-a.md", "mata-ases/manos-comentadas/02-b.md"]
    once = hook.with_hand_pages(nav, pages, index)
    assert once[1]["Mata Ases"][1] == {"Manos comentadas": [{"Todas": index}] + pages}
    assert once[1]["Mata Ases"][2] == {"Mesa libre": "m.md"}
    assert hook.with_hand_pages(once, pages, index) == once  # a second build of the same configuration
    with pytest.raises(PluginError) as info:
        hook.with_hand_pages([{"Inicio": "index.md"}], pages, index)
    assert "mkdocs.yml" in str(info.value) and index in str(info.value)


def test_every_hand_in_scenarios_gets_a_generated_page(tmp_path, monkeypatch):
    """An author adds a file to scenarios/ and nothing else: the build gives it a page and a nav entry."""
    from mkdocs.config import load_config
    from mkdocs.structure.files import Files

    base = (ROOT / "scenarios" / "01-matar-los-ases.md").read_text()
    write(tmp_path, base, "01-matar-los-ases.md")
    write(tmp_path, base.replace("orden: 1", "orden: 8").replace("título: Matar los Ases con un par",
                                                                 "título: Una mano nueva"), "08-nueva.md")
    monkeypatch.setattr(hook, "SCENARIO_DIR", tmp_path / "scenarios")
    monkeypatch.setattr(hook, "ROOT", tmp_path)
    monkeypatch.setattr(hook, "_state", {"scenarios": {}, "walks": {}})
    config = load_config(str(ROOT / "mkdocs.yml"))
    config.plugins._current_plugin = "site_hooks/scenarios.py"  # as MkDocs sets it while a hook runs
    hook.on_config(config)
    section = next(item["Manos comentadas"] for group in config["nav"] if isinstance(group, dict)
                   for items in group.values() if isinstance(items, list)
                   for item in items if isinstance(item, dict) and "Manos comentadas" in item)
    assert section[1:] == ["mata-ases/manos-comentadas/01-matar-los-ases.md", "mata-ases/manos-comentadas/08-nueva.md"]
    files = hook.on_files(Files([]), config)
    new = files.get_file_from_path("mata-ases/manos-comentadas/08-nueva.md")
    assert new is not None and new.generated_by and new.url == "mata-ases/manos-comentadas/08-nueva/"
    assert new.content_string.split("\n")[4:7] == ["# 2\\. Una mano nueva", "", "<!-- escenario: 08-nueva -->"]
    with pytest.raises(PluginError) as info:  # a page written by hand where the build puts one
        hook.on_files(files, config)
    assert "docs/mata-ases/manos-comentadas/01-matar-los-ases.md" in str(info.value)


def test_the_hooks_examples():
    assert doctest.testmod(hook).failed == 0


def test_a_walkthrough_marker_for_one_modality(configured):
    out = hook.on_page_markdown("<!-- escenario: 06-all-in bring-in -->", page(), None, None)
    (token, html), = hook.PAGES.pending("docs/mata-ases/prueba.md").items()
    assert out.strip() == token
    assert 'data-modality="bring-in"' in html and "pozo secundario" in html


@pytest.mark.parametrize("line, message", [
    ("<!-- escenario: 99-nada -->", "mano de práctica desconocida: «99-nada». Manos en scenarios/: "
                                    "01-matar-los-ases, 02-todos-pasan, 03-una-sola-ayuda, 04-la-extension, "
                                    "05-solo-queda-uno, 06-all-in, 07-full-contra-full, holdem-01-ciegas-y-quien-habla, "
                                    "holdem-02-la-subida-minima, holdem-03-todos-pasan, holdem-04-heads-up, "
                                    "holdem-05-all-in-corto, holdem-06-botes-secundarios, holdem-07-showdown-y-ficha-impar."),
    ("<!-- escenario: 01-matar-los-ases stud -->", "la mano «01-matar-los-ases» no se juega en «stud»: escribe "
                                                   "«boton-ante» (Botón Ante) o «bring-in» (Bring In)."),
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


def test_a_citation_repeated_in_a_section_is_folded_away():
    first = str(hook.step_html({"type": "card", "text": "Pides la carta abierta.", "cite": "Regla E"}))
    again = str(hook.step_html({"type": "card", "text": "Ana pide la carta abierta.", "cite": "Regla E",
                                "cite_repeat": True}))
    assert "<details" not in first and '<cite class="sim-log__cite">Regla E</cite>' in first
    assert again.count("<details") == 1 and "<summary>Regla</summary>" in again and "Regla E</cite>" in again


def test_a_hand_of_another_game_gets_its_own_folder_simulator_list_and_json(configured, monkeypatch, tmp_path):
    """Each game's hands (Hold'em's name their game) have their own folder, numbering, list and simulator,
    and leave the Mata Ases hands' alone."""
    other = configured["scenarios"]["holdem-06-botes-secundarios"]
    assert hook.page_src("holdem-06-botes-secundarios") == "holdem/manos-comentadas/holdem-06-botes-secundarios.md"
    assert hook.page_src("02-todos-pasan") == "mata-ases/manos-comentadas/02-todos-pasan.md"
    assert not other.modalities and other.variants == (None,)
    holdem = hook.ordered("holdem")  # numbered among its game's hands only
    assert hook.level_text(other) == f"Nivel {holdem.index(other) + 1} de {len(holdem)}" and len(holdem) > 1
    assert hook.level_text(configured["scenarios"]["07-full-contra-full"]) == "Nivel 7 de 7"
    link = lambda src: src  # noqa: E731  (addresses as sources, to read them)
    blocks = hook.PAGES.page("docs/holdem/manos-comentadas/holdem-06-botes-secundarios.md")
    hook.render_scenario(other, blocks, link)
    tokens = hook.PAGES.pending("docs/holdem/manos-comentadas/holdem-06-botes-secundarios.md")
    head = hook.on_page_content("".join(f"<p>{t}</p>" for t in tokens),
                                page("holdem/manos-comentadas/holdem-06-botes-secundarios.md"), None, None)
    assert 'href="holdem/simulador.md?mano=holdem-06-botes-secundarios"' in head
    assert head.count('<article class="walkthrough sim"') == 1 and 'data-kind="board"' in head  # one table markup
    assert "Pre-flop" in head and "data-sim-result" in head
    holdem_list = str(hook.hand_list_html(link, "holdem"))
    assert holdem_list.count("<li>") == len(hook.ordered("holdem")) and "holdem-06-botes-secundarios" in holdem_list
    assert "holdem-" not in str(hook.hand_list_html(link, "mata-ases"))
    assert hook.game_of_page(page("holdem/manos-comentadas/index.md"), None) == "holdem"
    # The navigation: after the game's index when it has one; left alone when it has none (yet).
    nav = [{"Hold'em": [{"Manos": "holdem/manos-comentadas/index.md"}]}]
    assert hook.with_hand_pages(nav, ["holdem/manos-comentadas/holdem-06-botes-secundarios.md"], "holdem/manos-comentadas/index.md",
                                required=False) == [{"Hold'em": [{"Manos": "holdem/manos-comentadas/index.md"},
                                                                 "holdem/manos-comentadas/holdem-06-botes-secundarios.md"]}]
    assert hook.with_hand_pages([{"A": "a.md"}], ["x.md"], "holdem/manos-comentadas/index.md",
                                required=False) == [{"A": "a.md"}]

    class Config(dict):
        site_dir = str(tmp_path)
    hook.on_post_build(Config())
    data = json.loads((tmp_path / "assets" / "scenarios.json").read_text(encoding="utf-8"))
    games = {s["name"]: s["game"] for s in data["scenarios"]}
    assert games["holdem-06-botes-secundarios"] == "holdem" and games["01-matar-los-ases"] == "mata-ases"
    assert data["pages"]["holdem-06-botes-secundarios"] == "holdem/manos-comentadas/holdem-06-botes-secundarios/"


def test_table_pages_get_the_tables_templates_once(configured):
    out = hook.on_page_markdown("# Mesa\n\n<div id=\"mesa\"></div>\n<!-- mesa: plantillas -->\n",
                                page("holdem/mesa.md"), None, None)
    (token,) = hook.PAGES.pending("docs/holdem/mesa.md")
    filled = hook.on_page_content(f"<p>{token}</p>", page("holdem/mesa.md"), None, None)
    assert token in out and filled.count('<template id="tpl-table-seat">') == 1
    with pytest.raises(PluginError, match="mesa: plantillas"):
        hook.on_page_markdown("<!-- mesa: otra -->\n", page("holdem/mesa.md"), None, None)
