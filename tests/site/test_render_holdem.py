"""site_hooks/render/holdem.py: the Hold'em tables against the known counts and the seed's rules."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine import spanish
from engine.glossary import abbreviation
from site_hooks.render import holdem
from site_hooks.tables import render
from tests.site.engine_html import read_table, read_tables

#: REFERENCE.md: five-card hands of each category (of 2,598,960), best first.
FIVE_CARD = {"royal_flush": 4, "straight_flush": 36, "four_of_a_kind": 624, "full_house": 3744, "flush": 5108,
             "straight": 10200, "three_of_a_kind": 54912, "two_pair": 123552, "pair": 1098240,
             "high_card": 1302540}
#: REFERENCE.md: best five of seven cards (of 133,784,560).
SEVEN_CARD = {"royal_flush": 4324, "straight_flush": 37260, "four_of_a_kind": 224848, "full_house": 3473184,
              "flush": 4047644, "straight": 6180020, "three_of_a_kind": 6461620, "two_pair": 31433400,
              "pair": 58627800, "high_card": 23294460}
NAMES_ES = ["Escalera real", "Escalera de color", "Póker", "Full", "Color", "Escalera", "Trío", "Doble pareja",
            "Pareja", "Carta alta"]


def test_ranking_counts_are_the_known_five_card_counts():
    table = read_table(render("ranking-es"))
    assert [row.cells[0].value for row in table.rows] == list(FIVE_CARD)
    assert [row.cells[0].text for row in table.rows] == NAMES_ES
    assert {row.cells[0].value: int(row.cells[3].value) for row in table.rows} == FIVE_CARD
    assert table.row("high_card").texts[3:] == ["1.302.540", "50,1177\u00a0%"]
    assert table.row("royal_flush").texts[3:] == ["4", "0,0002\u00a0%"]
    assert "2.598.960" in table.caption


def test_seven_card_frequencies_are_the_known_counts():
    table = read_table(render("frequencies-7"))
    assert {row.cells[0].value: int(row.cells[1].value) for row in table.rows[:-1]} == SEVEN_CARD
    assert table.row("royal_flush").texts[1:] == ["4.324", "0,003\u00a0%", "30.940"]  # 133,784,560 / 4,324
    assert table.row("pair").texts[1:] == ["58.627.800", "43,823\u00a0%", "2,3"]
    assert table.row("Total").texts[1:3] == ["133.784.560", "100\u00a0%"]


def seats(n: int) -> list[str]:
    """Seed 004's seats from the button: heads-up D/SB and BB; short tables add CO, HJ and UTG;
    long ones number UTG1, UTG2... up to HJ and CO."""
    if n == 2:
        return ["D/SB", "BB"]
    if n <= 6:
        return ["D", "SB", "BB"] + (["UTG"] if n >= 6 else []) + (["HJ"] if n >= 5 else []) + (["CO"] if n >= 4 else [])
    return ["D", "SB", "BB"] + [f"UTG{i}" for i in range(1, n - 4)] + ["HJ", "CO"]


def orders(n: int) -> tuple[list[str], list[str]]:
    """Before the flop the player after the big blind speaks first; after it, the first player after
    the button. Heads-up, the button (small blind) speaks first before the flop and last after."""
    s = seats(n)
    if n == 2:
        return s, s[::-1]
    return s[3:] + s[:3], s[1:] + s[:1]


@pytest.mark.parametrize("span, players", [("2", [2]), ("3-6", [3, 4, 5, 6]), ("7-10", [7, 8, 9, 10])])
def test_positions_follow_the_seeds_rules(span, players):
    table = read_table(render("holdem-positions", [span]))
    assert [int(row.cells[0].value) for row in table.rows] == players
    for row, n in zip(table.rows, players):
        preflop, postflop = orders(n)
        assert [row.cells[i].value.split() for i in (1, 2, 3)] == [seats(n), preflop, postflop]
    # Each code carries the engine's name for it.
    cell = read_tables(render("holdem-positions", ["6"]))["holdem-positions-6"].rows[0].cells[1]
    assert cell.text == "D, SB, BB, UTG, HJ, CO"
    # Its explanation (the name first) opens on tap and on focus.
    explained = abbreviation("CO")
    assert explained.startswith(spanish.position_name("CO"))
    assert holdem.position_html("CO") == f'<abbr title="{explained}" tabindex="0">CO</abbr>'


def test_side_pot_example_is_the_seeds():
    found = read_tables(render("holdem-side-pot-example"))
    pots = found["holdem-side-pots"]
    assert [r.texts for r in pots.rows] == [
        ["Bote principal", "510", "UTG1, UTG2, D, BB", "UTG1, UTG2, HJ, D, BB: 100 cada uno; SB: 10"],
        ["Bote secundario", "200", "UTG2, D, BB", "UTG2, HJ, D, BB: 50 cada uno"],
        ["Bote terciario", "600", "D, BB", "D, BB: 300 cada uno"],
        ["Total", "1.310", "", ""],
    ]
    actions = found["holdem-side-pot-actions"]
    assert len(actions.rows) == 9 and actions.row("SB").cells[2].text == "10"
    # The table's chips are what the actions put in: nothing lost or made up.
    assert sum(int(r.cells[2].text.replace(".", "")) for r in actions.rows) == 1310


def test_side_pot_example_escapes_its_text(monkeypatch):
    actions = tuple((name, f"<b>{text}</b> & co", chips, out) for name, text, chips, out in holdem.SIDE_POT["actions"])
    monkeypatch.setitem(holdem.SIDE_POT, "actions", actions)
    out = render("holdem-side-pot-example")
    assert "<b>" not in out and "&lt;b&gt;All-in de 100&lt;/b&gt; &amp; co" in out


def test_five_card_total_figure():
    assert render("figure", ["five-card-total"]) == "2.598.960"
    assert render("figure", ["seven-card-total"]) == "133.784.560"
    assert Fraction(sum(FIVE_CARD.values())) == 2598960


def test_rules_page_example_figures():
    # Blinds 10/20, small blind all-in for 7: the main pot is 7 from each of the three, the rest is a side pot.
    assert render("figure", ["holdem-short-blind-main-pot"], inline=True) == "21"
    assert render("figure", ["holdem-short-blind-side-pot"], inline=True) == "26"
    assert render("figure", ["holdem-uncalled-returned"], inline=True) == "180"  # 300 bet, 120 called
