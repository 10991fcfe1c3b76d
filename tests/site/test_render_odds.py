"""The «Probabilidades» charts and tables: every bar and every cell holds the engine's figure, the
charts fit 360 px and follow the theme's colours, and the three pages carry their markers."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from engine import spanish, stats
from engine.games.holdem import equity as holdem_equity
from engine.games.mata_ases import odds as mata_ases_odds
from engine.games.ultimate.rules import TRIPS_TABLES, trips_house_edge
from site_hooks.render import charts, odds_holdem, odds_mata_ases
from site_hooks.tables import render
from tests.site.engine_html import read_table

ROOT = Path(__file__).resolve().parents[2]


def bars(html: str, name: str) -> list[float]:
    """The data-value of each bar of chart ``name``."""
    svg = re.search(rf'<svg[^>]*data-engine-chart="{name}".*?</svg>', html, re.S)
    assert svg, f"no chart {name}"
    assert 'aria-hidden="true"' in svg.group(0) and 'viewBox="0 0 360 ' in svg.group(0)
    return [float(v) for v in re.findall(r'<rect[^>]*data-value="([^"]+)"', svg.group(0))]


def test_trips_chart_and_table_are_the_engines_house_edges():
    html = render("uth-odds-trips")
    edges = sorted(float(trips_house_edge(name)) for name in TRIPS_TABLES)
    assert bars(html, "uth-odds-trips") == edges
    table = read_table(html)
    assert [float(c.value) for c in table.column("Ventaja de la casa")] == edges
    assert table.row("50-40-30-9-7-4-3").texts[1] == "0,902\u00a0%"  # REFERENCE.md


def test_hand_frequency_chart_is_the_seven_card_count():
    html = render("uth-odds-hands")
    counts = stats.category_counts(7)
    total = sum(counts.values())
    assert bars(html, "uth-odds-hands") == [n / total for n in counts.values()]
    table = read_table(html)
    assert table.row("high_card").texts[1] == "23.294.460"  # REFERENCE.md: the dealer does not qualify
    assert [int(c.value) for c in table.column("Combinaciones")] == list(counts.values())


def test_matchup_chart_and_table_are_exact_equities():
    html = render("holdem-odds-matchups")
    rows = odds_holdem.matchup_rows()
    for (_, a, b, result), value in zip(rows, bars(html, "holdem-odds-matchups")):
        assert value == float(result.equity(0))
    first = rows[0][3]
    assert first.boards == 1_712_304 and first.exact
    table = read_table(html)
    for row, (_, a, b, result) in zip(table.rows, rows):
        assert float(row.cells[2].value) + float(row.cells[3].value) == pytest.approx(1)
        assert row.cells[2].text == spanish.percent(result.equity(0), 2)


def test_outs_table_against_the_rule_and_the_exact_chance():
    html = render("holdem-odds-outs")
    table = read_table(html)
    for row, (_, outs) in zip(table.rows, odds_holdem.DRAWS):
        assert int(row.cells[1].value) == outs
        assert float(row.cells[3].value) == float(Fraction(outs, 47))
        assert float(row.cells[5].value) == float(holdem_equity.hit_chance(outs))
    assert bars(html, "holdem-odds-outs")[1::2] == [float(holdem_equity.hit_chance(o)) for _, o in odds_holdem.DRAWS]


def test_draw_example_counts_its_outs_with_the_engine():
    assert odds_holdem.draw_example_outs() == 15  # nine hearts, three Aces, three Kings
    assert render("figure", ["holdem-odds-draw-example-rule"], inline=True) == "60\u00a0%"


def test_draw_example_hit_chance_counts_the_same_deals_as_its_equity():
    """Issue 23: the chance of an out was counted over 47 unseen cards (54,1 %) beside an equity that
    knows the rival's Queens; over the 990 turn-river pairs of the 45 unseen cards it is 555 of 990."""
    from itertools import combinations

    from engine.cards import DECK
    from engine.evaluation import strength

    hero, villain, board = (parse_card_list(text) for text in odds_holdem.DRAW_EXAMPLE)
    unseen = [c for c in DECK if c not in hero + villain + board]
    outs = {c for c in unseen if strength(hero + board + [c]) > strength(villain + board + [c])}
    pairs = list(combinations(unseen, 2))
    hits = sum(bool(outs & set(pair)) for pair in pairs)
    assert (hits, len(pairs)) == (555, 990) == odds_holdem.draw_example_hits()
    assert odds_holdem.draw_example().boards == len(pairs)
    assert render("figure", ["holdem-odds-draw-example-hit"], inline=True) == spanish.percent(Fraction(555, 990), 1)
    assert render("figure", ["holdem-odds-draw-example-unseen"], inline=True) == "45"
    page = (ROOT / "docs/holdem/probabilidades.md").read_text(encoding="utf-8")
    for name in ("hit", "hit-pairs", "pairs", "unseen", "equity"):
        assert f"<!-- engine:figure holdem-odds-draw-example-{name} -->" in page


def test_mata_ases_chart_and_table_are_the_counted_simulation():
    html = render("mata-odds-table")
    rows = odds_mata_ases.table_rows()
    assert rows == mata_ases_odds.counted_tables()
    assert [r.players for r in rows] == list(range(2, 9))
    assert bars(html, "mata-odds-extension") == [float(r.extension.value) for r in rows]
    table = read_table(html)
    for row, odds in zip(table.rows, rows):
        assert row.cells[1].text == odds.extension.text()
        assert float(row.cells[3].value) == float(odds.limit.value)
    # The caption says how sure the intervals are, all 21 at once (issue 23).
    assert "del 99,76\u00a0% de cada cifra: los 21 intervalos aciertan a la vez" in html
    assert render("figure", ["mata-odds-intervals"], inline=True) == "21"
    assert render("figure", ["mata-odds-deals"], inline=True) == spanish.amount(rows[0].extension.total)
    assert rows[-1].extension.interval()[1] < rows[0].extension.interval()[0]


def test_mata_ases_first_cards_are_exact():
    html = render("mata-odds-first-cards")
    rows = odds_mata_ases.first_card_rows()
    assert bars(html, "mata-odds-first-cards") == [float(odds.kills.value) for _, odds in rows]
    by_cards = dict((" ".join(map(str, cards)), odds) for cards, odds in rows)
    assert by_cards["As Ah"].kills.value == 1  # a pair of Aces already kills them
    nine_eight = by_cards["9h 8h"].kills
    assert nine_eight.exact and nine_eight.text() == "44,5\u00a0%"  # issue 23: it said 41,5 % (39,4-43,7)
    table = read_table(html)
    assert table.row("9h 8h").cells[1].text == "44,5\u00a0%"
    assert "entre" not in html  # exact figures carry no interval
    for name in ("kill-any", "ayuda-any", "raise-any"):
        assert "entre" not in render("figure", [f"mata-odds-{name}"], inline=True)


def test_chart_scales_bars_and_writes_numbers():
    svg = charts.bar_chart([charts.Bar("uno", 0.5, "50 %", (0.4, 0.6)), charts.Bar("dos", 1.0, "100 %")],
                           name="t", scale=1.0)
    widths = [float(w) for w in re.findall(r'<rect[^>]*width="([^"]+)"', svg)]
    assert widths[1] == 2 * widths[0] and "50 %" in svg and "odds-whisker" in svg


@pytest.mark.parametrize("page, markers", [
    ("mata-ases/probabilidades.md", ["mata-odds-table", "mata-odds-first-cards", "mata-odds-own-five"]),
    ("ultimate/probabilidades.md", ["uth-odds-trips", "uth-odds-hands", "figure uth-house-edge"]),
    ("holdem/probabilidades.md", ["holdem-odds-matchups", "holdem-odds-outs"]),
])
def test_pages_carry_their_markers_and_are_in_the_nav(page, markers):
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    for name in markers:
        assert f"<!-- engine:{name} -->" in text
    assert page in (ROOT / "mkdocs.yml").read_text(encoding="utf-8")


def test_styles_follow_the_theme():
    css = (ROOT / "docs/stylesheets/odds.css").read_text(encoding="utf-8")
    assert "currentColor" in css and "var(--md-primary-fg-color)" in css
    assert "stylesheets/odds.css" in (ROOT / "mkdocs.yml").read_text(encoding="utf-8")


def test_calculator_markup_offers_six_players_and_the_52_cards():
    from engine.cards import DECK

    html = render("holdem-equity-calculator")
    assert len(re.findall(r'<div class="equity-field" data-player="Jugador \d"', html)) == 6
    assert len(re.findall(r'data-player="Jugador \d" hidden', html)) == 4
    picked = re.findall(r'<button type="button" class="equity-card" data-card="(\w\w)" data-symbol="([^"]+)" '
                        r'aria-label="([^"]+)"', html)
    assert sorted(card for card, _, _ in picked) == sorted(str(c) for c in DECK)
    names = {card: (symbol, name) for card, symbol, name in picked}
    assert names["As"] == (spanish.card_symbol(parse_card("As")), spanish.card_name(parse_card("As")))  # «A♠»
    assert "<template data-equity-row>" in html and 'data-engine="holdem-equity"' in html


def parse_card_list(text):
    from engine.cards import parse_cards

    return parse_cards(text)


def parse_card(text):
    from engine.cards import Card

    return Card.parse(text)


def test_mata_ases_own_five_are_exact_counts():
    html = render("mata-odds-own-five")
    rows = odds_mata_ases.own_five_rows()
    assert all(odds.kills.exact and odds.kills.total == 16_215 for _, odds in rows)
    assert bars(html, "mata-odds-own-five") == [float(odds.kills.value) for _, odds in rows]
    table = read_table(html)
    by_cards = {row.cells[0].value: row for row in table.rows}
    assert by_cards["Kh Qd 9c 6s 3h"].cells[2].text == "0,0\u00a0%"  # no Ace, no pair: no single ayuda kills
    assert by_cards["Kc Kd 9h 6s 3c"].cells[2].text == by_cards["2c 2d 9h 6s Kc"].cells[2].text
