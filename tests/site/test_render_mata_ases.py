"""site_hooks/render/mata_ases.py: the Mata Ases tables against the guide's facts, worked out by hand."""

from __future__ import annotations

import pytest

from engine.cards import parse_cards
from engine import spanish
from site_hooks.render.common import CATEGORY_EXAMPLES, MATA_ASES_PAIRS
from site_hooks.tables import render
from tests.site.engine_html import read_table

#: The guide's ranking, best first, with the pair split at the Aces.
RANKING = [
    ("royal_flush", "Escalera real"), ("straight_flush", "Escalera de color"), ("four_of_a_kind", "Póker"),
    ("full_house", "Full House"), ("flush", "Color"), ("straight", "Escalera"), ("three_of_a_kind", "Trío"),
    ("two_pair", "Doble par"), ("pair_aces", "Par de Ases"), ("pair_other", "Otro par"), ("high_card", "Carta alta"),
]


def test_ranking_is_the_guides_with_the_aces_line():
    table = read_table(render("ranking-mx"))
    assert [(row.cells[0].value, row.cells[0].text.replace(" Mínimo para cobrar", "")) for row in table.rows] == RANKING
    # Everything down to the pair of Aces kills them, nothing below does.
    assert [row.cells[3].value for row in table.rows] == ["si"] * 9 + ["no"] * 2
    aces = table.row("pair_aces")
    assert "Mínimo para cobrar" in aces.cells[0].text and aces.classes == ("rules-minimum",)
    # Each example shows the five cards it was written with.
    examples = CATEGORY_EXAMPLES | {f"pair_{key}": cards for key, _, _, cards in MATA_ASES_PAIRS}
    for row in table.rows:
        shown = sorted(row.cells[2].cards)
        assert shown == sorted(spanish.card_name(c) for c in parse_cards(examples[row.cells[0].value]))


#: (category, ayuda used or "-", kills the Aces), worked out by hand for each case of the page.
FORMATION = [
    ("two_pair", "Kh", "si"),  # A-A plus the K ayuda pairs the K of their own: Aces and Kings
    ("three_of_a_kind", "Qh", "si"),  # one ayuda only: three Queens (Q + 8 + 8 would be two ayudas)
    ("full_house", "-", "si"),  # their own full house; no single ayuda improves it
    ("pair", "Qc", "no"),  # Kings, the Queen only a better kicker: not enough
]


def test_formation_cases_are_worked_out_as_the_page_says():
    table = read_table(render("mata-ases-formation"))
    assert [(r.cells[3].value, r.cells[4].value, r.cells[5].value) for r in table.rows] == FORMATION
    assert table.rows[0].cells[4].text == "K♥ (Rey de corazones)"
    assert table.rows[2].cells[4].text == "Ninguna: las cinco propias"


@pytest.mark.parametrize("mode, chosen, role", [
    ("ante", "Carla", "Habla primero"),  # two Kings: spades before hearts
    ("bring-in", "Beto", "Pone el Bring In"),  # two fours: clubs is the lowest suit
])
def test_openers_follow_the_suit_order(mode, chosen, role):
    table = read_table(render("mata-ases-opener", [mode]))
    marked = [(row.cells[0].text, row.cells[2].text) for row in table.rows if row.cells[2].value == "x"]
    assert marked == [(chosen, role)]
    assert table.caption.startswith(f"{role}: {chosen}, con ")
    assert table.row("Carla").cells[1].text == "K♠ (Rey de picas)"


def test_visible_hands_decide_who_speaks_first():
    table = read_table(render("mata-ases-visible"))
    # Ayudas Qc 7d 2h: Ana pairs her Queen, Beto makes three sevens, «Tú» pairs nothing.
    assert [(r.cells[0].text, r.cells[3].value) for r in table.rows] == [
        ("Ana", "pair"), ("Beto", "three_of_a_kind"), ("Tú", "high_card")]
    assert table.row("Beto").cells[2].text == "7♦ (7 de diamantes)"
    assert [r.cells[0].text for r in table.rows if r.cells[4].value == "x"] == ["Beto"]


def test_figures():
    assert render("figure", ["mata-ases-max-players"], inline=True) == "8"
    assert render("figure", ["mata-ases-cards-used"], inline=True) == "43"  # 8 players × 5 + 3 ayudas
