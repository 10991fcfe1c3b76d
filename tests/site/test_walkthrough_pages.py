"""«Manos comentadas»: every practice hand on a page of its own, generated from scenarios/ at build time.

Uses the session's single strict build (``built_site`` in tests/conftest.py): each hand has its page
with both modalities' walkthroughs, the index and the simulator page list and link them all, the
navigation leads from one hand to the next, search finds them, and none of them starts the engine.
The simulator page, which used to carry every walkthrough, stays light.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin

from engine.games.mata_ases.texts import MODALITY_NAMES
from engine.scenarios import to_json
from engine.scenarios.format import load
from site_hooks import engine_bundle
from tests.site.test_pages import article, text_of

ROOT = Path(__file__).resolve().parents[2]
ALL_HANDS = sorted((load(p, display=f"scenarios/{p.name}") for p in (ROOT / "scenarios").glob("*.md")),
                   key=lambda s: (s.order, s.name))
#: The Mata Ases hands (each game's hands have their own folder, list and numbering).
HANDS = [s for s in ALL_HANDS if s.game == "mata-ases"]
HOLDEM_HANDS = [s for s in ALL_HANDS if s.game == "holdem"]
SIMULATOR = "mata-ases/simulador/"
INDEX = "mata-ases/manos-comentadas/"
#: The simulator page, the heaviest one, carried the fourteen walkthroughs (6,179 elements in its HTML).
MAX_SIMULATOR_ELEMENTS = 1500


def hand_path(scenario) -> str:
    return f"{INDEX}{scenario.name}/"


def read(built_site: Path, path: str) -> str:
    return (built_site / path / "index.html").read_text(encoding="utf-8")


class Elements(HTMLParser):
    """Counts the elements of a page as the browser parses it (void ones included)."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def handle_starttag(self, tag, attrs):
        self.count += 1


def element_count(html: str) -> int:
    parser = Elements()
    parser.feed(html)
    return parser.count


def list_links(html: str, base: str) -> list[tuple[str, str]]:
    """``(scenario name, absolute target)`` of each link of the page's hand list, in order."""
    found = re.findall(r'<a href="([^"]+)" class="hand-title" data-scenario="([^"]+)">', article(html))
    return [(name, urljoin(f"http://sitio/{base}", href)) for href, name in found]


def test_every_hand_has_its_page_with_both_modalities_walkthroughs(built_site):
    assert len(HANDS) >= 7
    for number, scenario in enumerate(HANDS, start=1):
        html = read(built_site, hand_path(scenario))
        text = text_of(html)
        assert f"{number}. {scenario.title}" in text and scenario.lesson in text, scenario.name
        walks = re.findall(r'<article class="walkthrough sim" data-search-exclude data-scenario="([^"]+)" '
                           r'data-modality="([^"]+)" data-game="mata-ases">', html)
        assert walks == [(scenario.name, m) for m in scenario.modalities], scenario.name
        if len(scenario.modalities) > 1:  # one tab per modality, named by the engine
            tabs = re.findall(r'<label for="__tabbed_\d+_\d+">([^<]+)</label>', html)
            assert tabs == [MODALITY_NAMES[m] for m in scenario.modalities], scenario.name
        assert html.count('class="sim-log__step"') > 10
        assert "ESCENARIOBLOCK" not in html and "<!-- escenario:" not in html
        # «Jugar esta mano en el simulador» opens this very hand there
        play = re.search(r'<a class="md-button md-button--primary" href="([^"]+)">Jugar esta mano', html)
        assert play and urljoin(f"http://sitio/{hand_path(scenario)}", play.group(1)) == \
            f"http://sitio/{SIMULATOR}?mano={scenario.name}"


def test_the_index_and_the_simulator_page_link_every_hand_in_order(built_site):
    expected = [(s.name, f"http://sitio/{hand_path(s)}") for s in HANDS]
    for page in (INDEX, SIMULATOR):
        html = read(built_site, page)
        assert list_links(html, page) == expected, page
        assert "<!-- manos-comentadas" not in html and "ESCENARIOBLOCK" not in html
        text = text_of(html)
        for number, scenario in enumerate(HANDS, start=1):
            assert f"{number}. {scenario.title} Nivel {number} de {len(HANDS)}" in text, (page, scenario.name)
            assert scenario.lesson in text


def test_the_simulator_page_keeps_the_simulator_and_is_light(built_site):
    html = read(built_site, SIMULATOR)
    assert 'id="simulador" data-engine' in html
    assert 'class="walkthrough"' not in html
    assert element_count(html) <= MAX_SIMULATOR_ELEMENTS, element_count(html)


def test_previous_and_next_lead_from_one_hand_to_the_next(built_site):
    pages = [INDEX] + [hand_path(s) for s in HANDS]
    for index, path in enumerate(pages):
        footer = read(built_site, path).split('<footer class="md-footer">', 1)[1]
        links = dict(re.findall(r'href="([^"]+)" class="md-footer__link md-footer__link--(prev|next)"', footer))
        targets = {kind: urljoin(f"http://sitio/{path}", href) for href, kind in links.items()}
        if index > 0:
            assert targets["prev"] == f"http://sitio/{pages[index - 1]}", path
        if index + 1 < len(pages):
            assert targets["next"] == f"http://sitio/{pages[index + 1]}", path
    assert targets["next"] == "http://sitio/mata-ases/mesa-libre/"  # after the last hand, the next page
    # The index comes right after the simulator in the Mata Ases section of the navigation.
    assert '<a href="../manos-comentadas/" class="md-footer__link md-footer__link--next"' in read(built_site, SIMULATOR)


def test_search_finds_the_hands_but_not_every_step(built_site):
    index = json.loads((built_site / "search" / "search_index.json").read_text())
    by_page: dict[str, str] = {}
    for doc in index["docs"]:
        page = doc["location"].split("#")[0]
        by_page[page] = by_page.get(page, "") + " " + doc["title"] + " " + doc["text"]
    for scenario in HANDS:
        text = by_page.get(hand_path(scenario), "")
        assert scenario.title in text and scenario.lesson in text, scenario.name
        # the steps repeat the rules page sentence by sentence: they stay out of the index
        assert "Reglamento Mata Ases Emporium Academy 2024" not in text, scenario.name
    assert INDEX in by_page


def test_the_walkthrough_pages_start_no_engine(built_site):
    for path in [INDEX] + [hand_path(s) for s in HANDS]:
        html = read(built_site, path)
        assert engine_bundle.engine_use(html) is None, path
        assert "engine.start()" not in html.split("</head>", 1)[0], path


def test_the_simulator_gets_each_hands_page_address(built_site):
    exported = json.loads((built_site / "assets" / "scenarios.json").read_text(encoding="utf-8"))
    assert exported["scenarios"] == [to_json(s) for s in ALL_HANDS]
    assert exported["pages"] == {**{s.name: hand_path(s) for s in HANDS},
                                 **{s.name: f"holdem/manos-comentadas/{s.name}/" for s in HOLDEM_HANDS}}
    assert all((built_site / path / "index.html").is_file() for path in exported["pages"].values())


class Skeleton(HTMLParser):
    """The element structure of the first ``<li class="sim-seat">`` (or of ``<template id=...>``), as
    (depth, tag, classes) without what the data fill in (cards, badges) or switch (``hidden``)."""

    FILLED = ("sim-cards", "sim-seat__head")

    def __init__(self, template: str | None = None) -> None:
        super().__init__()
        self.template, self.inside_template = template, template is None
        self.items: list[tuple[int, str, str]] = []
        self.depth, self.skip_below, self.done = 0, None, False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "template":
            self.inside_template = attrs.get("id") == self.template
            return
        if self.done or not self.inside_template:
            return
        cls = attrs.get("class") or ""
        if not self.items and "sim-seat" not in cls.split():
            return
        self.depth += 1
        if self.skip_below is None or self.depth <= self.skip_below:
            self.items.append((self.depth, tag, cls))
            if any(c in cls.split() for c in self.FILLED) and self.skip_below is None:
                self.skip_below = self.depth
                if "sim-seat__head" in cls:  # the name stays, the badges go
                    self.skip_below = self.depth + 1

    def handle_endtag(self, tag):
        if tag == "template":
            self.inside_template = self.template is None
            return
        if self.done or not self.items or not self.inside_template:
            return
        if self.skip_below is not None and self.depth == self.skip_below:
            self.skip_below = None
        self.depth -= 1
        if self.depth == 0:
            self.done = True


def skeleton(html: str, template: str | None = None) -> list[tuple[int, str, str]]:
    parser = Skeleton(template)
    parser.feed(html)
    return parser.items


def test_the_walkthroughs_draw_the_live_tables_markup(built_site):
    """One markup for a seat: the template the live table clones (on the simulator page) and the seats of
    the static walkthroughs have the same elements, so a layout changes in one place."""
    live = skeleton(read(built_site, SIMULATOR), "tpl-table-seat")
    assert live and live[0][1:] == ("li", "sim-seat")
    assert [c for _, _, c in live] == ["sim-seat", "sim-seat__head", "sim-seat__name", "sim-cards", "sim-seat__chips",
                                       "sim-seat__money", "", "sim-seat__stack", "sim-seat__bet-part", "",
                                       "sim-seat__bet", "sim-seat__hand"]
    for scenario in HANDS[:2]:
        assert skeleton(read(built_site, hand_path(scenario))) == live, scenario.name
    for path in (SIMULATOR, "mata-ases/mesa-libre/"):  # every table page holds every part, once
        html = read(built_site, path)
        ids = re.findall(r'<template id="(tpl-table-[a-z-]+)">', html)
        assert len(ids) == len(set(ids)) and {"tpl-table-table", "tpl-table-seat", "tpl-table-card",
                                              "tpl-table-step"} <= set(ids), path


def test_holdem_hands_have_their_pages_in_their_own_folder(built_site):
    """Hold'em practice hands: a page each under /holdem/manos-comentadas/, one walkthrough (no modalities)
    drawn with the table's markup (the board, the seats), the engine's result, and their own list."""
    if not HOLDEM_HANDS:
        return
    listing = read(built_site, "holdem/manos-comentadas/")
    assert [name for name, _ in list_links(listing, "holdem/manos-comentadas/")] == [s.name for s in HOLDEM_HANDS]
    for number, scenario in enumerate(HOLDEM_HANDS, start=1):
        html = read(built_site, f"holdem/manos-comentadas/{scenario.name}/")
        assert f"{number}. {scenario.title}" in text_of(html), scenario.name
        walks = re.findall(r'<article class="walkthrough sim" [^>]*data-game="holdem">', html)
        assert len(walks) == 1, scenario.name
        assert 'data-kind="board"' in html and 'class="sim-seat"' in html and "data-sim-result" in html
        assert "mata-ases/manos-comentadas/" not in article(html)
