"""The built rules pages: what the issue asks each page to contain, the generated tables in place,
and Spanish search finding the words readers look for.

Uses the session's single strict build (``built_site`` in tests/conftest.py).
"""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import pytest

from tests.site.engine_html import read_tables

PAGES = {
    "home": "index.html",
    "mata-ases": "mata-ases/index.html",
    "ultimate": "ultimate/index.html",
    "holdem": "holdem/index.html",
}


@pytest.fixture(scope="module")
def pages(built_site: Path) -> dict[str, str]:
    return {key: (built_site / path).read_text(encoding="utf-8") for key, path in PAGES.items()}


def article(page_html: str) -> str:
    """The page's content (Material's article), without navigation and search widgets."""
    match = re.search(r'<article class="md-content__inner md-typeset">(.*?)</article>', page_html, re.S)
    assert match, "no article"
    return match.group(1)


def text_of(page_html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", article(page_html))).split())


def headings(page_html: str) -> list[str]:
    found = re.findall(r"<h([1-3])[^>]*>(.*?)</h\1>", article(page_html), re.S)
    return [" ".join(unescape(re.sub(r"<[^>]+>", "", inner)).replace("¶", "").split()) for _, inner in found]


def test_no_marker_or_placeholder_is_left_in_any_page(built_site: Path):
    for page in built_site.rglob("*.html"):
        content = page.read_text(encoding="utf-8")
        assert "<!-- engine:" not in content, page
        assert "ENGINETABLESBLOCK" not in content, page
        assert "<p><table" not in content, page


# Home -----------------------------------------------------------------------------------------

def test_home_presents_the_three_games_the_tools_and_where_to_start(pages):
    page = pages["home"]
    for href in ('href="mata-ases/"', 'href="ultimate/"', 'href="holdem/"'):
        assert href in article(page)
    text = text_of(page)
    for words in ("simulador", "Ejercicios", "entrenador de crupier", "Por dónde empezar"):
        assert words in text
    # The lead's widget is still there, untouched.
    assert "data-hand-widget" in page and 'name="vocabulary"' in page


# Mata Ases ------------------------------------------------------------------------------------

def test_mata_ases_sections(pages):
    found = headings(pages["mata-ases"])
    for heading in (
        "Qué es el Mata Ases y de dónde viene", "El objetivo: matar los Ases", "Ranking de manos",
        "Cómo se forma tu jugada", "Las dos modalidades: Botón Ante y Bring In",
        "Cómo se juega una mano, fase por fase", "Reglas clave", "La extensión de la mano",
        "All-in antes de la última carta", "El último que queda también tiene que matar los Ases",
        "Pozos secundarios", "Cartas expuestas por error", "Gestos en la mesa", "Errores comunes",
        "Preguntas frecuentes", "Convención de este sitio",
    ):
        assert heading in found, heading


def test_mata_ases_ranking_tabs_and_conventions(pages):
    page = pages["mata-ases"]
    found = read_tables(page)
    ranking = found["ranking-mx"]
    assert "Mínimo para cobrar" in ranking.row("pair_aces").cells[0].text
    assert ranking.row("pair_aces").classes == ("rules-minimum",)
    assert {"mata-ases-formation", "mata-ases-opener-ante", "mata-ases-opener-bring-in",
            "mata-ases-visible"} <= set(found)
    # The two modalities are content tabs, with the two suit orders.
    labels = re.findall(r'<label for="__tabbed_\d+_\d+">([^<]+)</label>', page)
    assert labels[:2] == ["Botón Ante", "Bring In"]
    text = text_of(page)
    assert "picas ♠, corazones ♥, diamantes ♦ y tréboles ♣" in text
    assert "tréboles ♣, diamantes ♦, corazones ♥ y picas ♠" in text
    # The site's conventions where the guide is silent.
    for words in ("menos de cinco cartas", "RP-10-D", "20-B", "regla 21"):
        assert words in text, words
    # The hand engine's own conventions are included from its fragment.
    fragment = (Path(__file__).resolve().parents[2] / "docs" / "mata-ases" / "_conventions_hand.md").read_text()
    items = re.findall(r"^- \*\*(.+?)\*\*", fragment, re.M)
    assert items and all(item in text for item in items)
    assert text.index("Convención de este sitio") < text.index(items[0])


def test_mata_ases_links_the_simulator(pages):
    assert 'href="simulador/"' in article(pages["mata-ases"])
    assert 'href="mata-ases/simulador/"' in article(pages["home"])


def test_mata_ases_key_rules_are_there(pages):
    text = text_of(pages["mata-ases"])
    for words in ("no se quema ninguna carta", "una sola carta propia cerrada", "dos extensiones",
                  "sin Bring In", "la mano se anula", "Tocar la mesa", "43 de las 52 cartas"):
        assert words in text, words


# Ultimate Texas Hold'em -----------------------------------------------------------------------

def test_ultimate_sections_and_tables(pages):
    page = pages["ultimate"]
    found = headings(page)
    for heading in ("Las apuestas", "Cómo se juega una mano", "La clasificación del crupier", "La liquidación",
                    "Tabla de pagos del Blind", "Tabla de pagos de Trips", "Variantes", "Casos especiales",
                    "Ejemplos resueltos", "Chuleta de pagos", "Glosario del crupier"):
        assert heading in found, heading
    tables_found = read_tables(page)
    assert {"uth-settlement", "uth-blind", "uth-trips", "uth-trips-variants"} <= set(tables_found)
    assert {f"uth-cheat-{k}-{u}" for k in ("blind", "trips", "play") for u in (5, 10, 25, 100)} <= set(tables_found)
    labels = re.findall(r'<label for="__tabbed_\d+_\d+">([^<]+)</label>', page)
    assert labels == ["Unidad 5", "Unidad 10", "Unidad 25", "Unidad 100"]
    text = text_of(page)
    assert "17,41 %" in text  # the dealer's non-qualification rate, computed (no-break space collapsed)
    edges = tables_found["uth-trips-variants"].row("edge")
    assert [c.text for c in edges.cells[1:]] == [f"{x}\u00a0%" for x in ("0,902", "1,904", "3,498", "6,181")]


def test_ultimate_states_what_this_site_does(pages):
    """Issue 11 (13-15): the page's statements agree with the engine (tests/engine/games/ultimate/test_ultimate.py)."""
    text = text_of(pages["ultimate"])
    assert "no se clasifica en el 17,41 % de las manos" in text and "sin pareja en el" not in text
    assert "Convención de este sitio: Trips se liquida aunque te retires" in text
    assert "En muchos casinos Trips cobra" not in text  # said as this site's rule, not as hearsay
    assert "No puedes retirarte antes del river." in text
    assert "Son 500 de las 1.326 combinaciones" in text
    assert "un Blind de 5 que gana con color cobra +7,5" in text
    assert "la casa se queda a la larga el 2,185 % del Ante" in text  # the engine's table (test_uth_preflop.py)
    assert "en 1.326 de las 1.326 combinaciones" in text


@pytest.mark.parametrize("number, nets", [
    (1, {"Ante": "+100", "Blind": "+150", "Play": "+400", "Trips": "+700", "Total": "+1.350"}),
    (2, {"Ante": "0", "Blind": "0", "Play": "+200", "Total": "+200"}),
    (3, {"Ante": "−100", "Blind": "−100", "Play": "−300", "Total": "−500"}),
    (4, {"Ante": "0", "Blind": "0", "Play": "0", "Trips": "+400", "Total": "+400"}),
])
def test_ultimate_worked_examples_show_the_seeds_nets(pages, number, nets):
    table = read_tables(pages["ultimate"])[f"uth-example-{number}"]
    assert {row.cells[0].text: row.cells[3].text for row in table.rows} == nets


def test_ultimate_pay_tables_are_in_place(pages):
    found = read_tables(pages["ultimate"])
    assert [r.cells[1].text for r in found["uth-blind"].rows] == [
        "500 a 1", "50 a 1", "10 a 1", "3 a 1", "3 a 2", "1 a 1", "Empate (se devuelve)"]
    assert [r.cells[1].text for r in found["uth-trips"].rows] == [
        "50 a 1", "40 a 1", "30 a 1", "8 a 1", "7 a 1", "4 a 1", "3 a 1", "Pierde"]


# Texas Hold'em --------------------------------------------------------------------------------

def test_holdem_sections_and_tables(pages):
    page = pages["holdem"]
    found = headings(page)
    for heading in ("Objetivo del juego", "Qué necesitas para jugar", "Ranking de manos",
                    "Las posiciones en la mesa", "Las ciegas y el ante", "El reparto",
                    "Las cuatro rondas de apuestas", "Las acciones", "All-in y botes secundarios",
                    "Las cartas quemadas", "El showdown: quién enseña primero", "La rotación del botón"):
        assert heading in found, heading
    tables_found = read_tables(page)
    rows = [row for key in ("holdem-positions-2", "holdem-positions-3-6", "holdem-positions-7-10")
            for row in tables_found[key].rows]
    assert [int(r.cells[0].value) for r in rows] == list(range(2, 11))
    pots = tables_found["holdem-side-pots"]
    assert [r.cells[1].text for r in pots.rows] == ["510", "200", "600", "1.310"]
    assert tables_found["ranking-es"].row("royal_flush").cells[3].text == "4"
    assert "frequencies-7" in tables_found
    rotation = tables_found["holdem-button-rotation"]
    assert [r.cells[3].value for r in rotation.rows] == ["Ana", "Beto", "Carla", "Tú", "Ana"]
    text = text_of(page)
    for name in ("subida-antes-del-flop", "apuesta-despues-del-flop", "all-in-corto", "all-in-cortos-que-suman",
                 "heads-up", "quien-ensena-primero", "fichas-sueltas", "ciega-antes-que-ante"):
        assert f'data-example="{name}"' in page, name
    # The figures of «Apuesta y subida mínimas», played by the Hold'em engine (tests/site/test_render_holdem_played.py).
    assert "la apuesta al menos a 40" in text and "llegar al menos a 100" in text
    assert "como mínimo a 250" in text and "igualar los 50 que le faltan" in text


# Search ---------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def search_docs(built_site: Path) -> list[dict]:
    index = json.loads((built_site / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert index["config"]["lang"] == ["es"]
    return index["docs"]


@pytest.mark.parametrize("term, location", [
    ("extensión", "mata-ases/"),
    ("Bring In", "mata-ases/"),
    ("Trips", "ultimate/"),
    ("ciega grande", "holdem/"),
])
def test_spanish_search_finds_the_terms(search_docs, term, location):
    hits = [doc["location"] for doc in search_docs
            if term.lower() in unescape(re.sub(r"<[^>]+>", " ", doc["title"] + " " + doc["text"])).lower()]
    assert any(loc.split("#")[0] == location for loc in hits), (term, hits[:5])


# Issue 23: rules and wording --------------------------------------------------------------------

@pytest.fixture(scope="module")
def more_pages(built_site: Path) -> dict[str, str]:
    names = {"mesa-libre": "mata-ases/mesa-libre/index.html", "mata-odds": "mata-ases/probabilidades/index.html",
             "holdem-odds": "holdem/probabilidades/index.html", "mata-practica": "mata-ases/practica/index.html"}
    return {key: (built_site / path).read_text(encoding="utf-8") for key, path in names.items()}


def test_holdem_conventions_say_what_the_guide_says(pages):
    """(3) Mata Ases has community cards (the ayudas); the high-card-by-suit rule is stud's, adopted for
    Mata Ases by convention. (4) The guide is right on heads-up betting order; silent on deal and showdown."""
    text = text_of(pages["holdem"])
    assert "sin cartas comunes, como Mata Ases" not in text and "se equivoca" not in text
    assert "La guía acierta en el orden de las apuestas: la ciega pequeña, que es el botón, habla primero" in text
    assert "la primera carta es para la ciega grande y el botón recibe la segunda" in text
    assert "Mata Ases también tiene cartas comunes (las tres ayudas)" in text
    assert "la regla del póker abierto por convención" in text and "20-B" in text
    # Odd chips: TDA 20-A's words and what the site does with more than one.
    assert "sin decir cómo se reparten si sobra más de una: aquí se dan de una en una" in text
    # A fold where checking is free stands in Hold'em; the Mata Ases simulator keeps its convention.
    assert "también cuando nadie ha apostado y pasar no te cuesta nada" in text
    assert "El simulador de Mata Ases no lo permite por convención" in text


def test_mata_ases_page_decides_the_exposed_first_card_and_the_fold(pages):
    text = text_of(pages["mata-ases"])
    assert "no hay error posible" not in text
    assert "«una de las dos cartas del reparto inicial»" in text
    assert "la regla solo puede tocar a la segunda carta , la tapada" in text  # the bold closes before the comma
    assert "en una sala, quien se retira pudiendo pasar queda retirado" in text
    assert "el nuevo botón pone otra vez el ante si le quedan fichas; si está all-in, esa extensión no tiene ante" in text


def test_mesa_libre_names_its_betting_options_from_the_engine(more_pages):
    from engine.games.mata_ases.texts import BETTING_NAMES

    text = text_of(more_pages["mesa-libre"])
    assert "límite fijo" not in text
    assert f"con «{BETTING_NAMES['fixed']}», cada apuesta y cada pago son exactamente la apuesta mínima" in text
    assert "nadie puede subir" in text and f"«{BETTING_NAMES['no-limit']}»" in text


def test_mata_ases_pages_say_par_not_pareja(pages, more_pages):
    """One word per game: Mata Ases names hands «Par», «Doble par», «Full House»."""
    for page in (pages["mata-ases"], more_pages["mata-odds"], more_pages["mata-practica"]):
        assert not re.search(r"\bparejas?\b", text_of(page), re.I)
    ranking = read_tables(pages["mata-ases"])["ranking-mx"]
    assert any(text.startswith("Dos pares de valores distintos") for text in ranking.row("two_pair").texts)


def test_mata_ases_odds_page_says_how_its_intervals_hold(more_pages):
    text = text_of(more_pages["mata-odds"])
    assert "sin As y sin pareja" not in text
    assert "los 21 intervalos de la tabla acierten todos a la vez con una probabilidad del 95 % por lo menos" in text
    assert "es del 99,76 % (corrección de Bonferroni)" in text
    assert "44,5 %" in text and "41,5 %" not in text


def test_holdem_draw_example_compares_like_with_like(more_pages):
    text = text_of(more_pages["holdem-odds"])
    assert ("la probabilidad exacta de que salga alguno de tus outs es del 56,1 % (555 de las 990 parejas "
            "posibles de turn y river)") in text  # not 54,1 %: that counts 47 unseen cards, the table's case


# «Mi progreso» and the free tables --------------------------------------------------------------

def test_how_reviewed_decisions_count_is_the_engines_sentence_on_each_page_that_says_it(built_site: Path):
    """The free tables' pages and «Mi progreso» say how a reviewed decision counts in the engine's words
    (engine/review/learning.py), written once: no page's source restates it."""
    from engine.review.learning import KEPT, RIGHT

    for path in ("progreso/index.html", "holdem/mesa/index.html", "mata-ases/mesa-libre/index.html"):
        assert RIGHT in text_of((built_site / path).read_text(encoding="utf-8")), path
    assert KEPT in text_of((built_site / "progreso/index.html").read_text(encoding="utf-8"))
    sources = Path(__file__).resolve().parents[2] / "docs"
    restated = [p for p in sources.rglob("*.md") if "cualquiera de las dos vale aquí" in p.read_text(encoding="utf-8")]
    assert not restated, restated
