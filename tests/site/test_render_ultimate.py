"""site_hooks/render/ultimate.py: the Ultimate Texas Hold'em tables against the seed's tables,
figures and worked examples; the protocol and the module settle every hand shown alike."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.cards import parse_cards
from engine.games.ultimate import rules as game
from engine.protocol import answer
from site_hooks.render import ultimate
from site_hooks.tables import render
from tests.site.engine_html import read_table, read_tables

ORDER = ["royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush", "straight", "three_of_a_kind"]
#: Seed 003's Blind pay table (paid only when the player beats the dealer).
BLIND = {"royal_flush": Fraction(500), "straight_flush": Fraction(50), "four_of_a_kind": Fraction(10),
         "full_house": Fraction(3), "flush": Fraction(3, 2), "straight": Fraction(1)}
#: REFERENCE.md: the Trips house edge of each pay table.
TRIPS_EDGES = {"50-40-30-9-7-4-3": "0,902", "50-40-30-8-6-5-3": "1,904", "50-40-30-8-7-4-3": "3,498",
               "50-40-20-7-6-5-3": "6,181"}


def trips_pays(name: str) -> dict[str, int]:
    """A Trips table's name lists its payouts from royal flush to three of a kind."""
    return dict(zip(ORDER, map(int, name.split("-"))))


def test_blind_table_is_the_seeds():
    table = read_table(render("uth-blind-table"))
    assert {r.cells[0].value: Fraction(r.cells[1].value) for r in table.rows[:-1]} == BLIND
    assert [r.texts for r in table.rows] == [
        ["Escalera real", "500 a 1", "+50.000"], ["Escalera de color", "50 a 1", "+5.000"],
        ["Póker", "10 a 1", "+1.000"], ["Full", "3 a 1", "+300"], ["Color", "3 a 2", "+150"],
        ["Escalera", "1 a 1", "+100"], ["Menos que escalera", "Empate (se devuelve)", "0"]]


def test_trips_table_is_the_one_its_name_lists():
    table = read_table(render("uth-trips-table"))
    assert game.DEFAULT_TRIPS_TABLE == "50-40-30-8-7-4-3" and game.DEFAULT_TRIPS_TABLE in table.caption
    pays = trips_pays(game.DEFAULT_TRIPS_TABLE)
    assert {r.cells[0].value: int(r.cells[1].value) for r in table.rows[:-1]} == pays
    assert [Fraction(r.cells[2].value) for r in table.rows[:-1]] == [100 * p for p in pays.values()]
    assert table.rows[0].texts == ["Escalera real", "50 a 1", "+5.000"]
    assert table.rows[-1].texts == ["Menos que trío", "Pierde", "\u2212100"]


def test_trips_variants_and_their_house_edges():
    table = read_table(render("uth-trips-tables"))
    names = [h.split(" ")[0] for h in table.headers[1:]]
    assert names == list(TRIPS_EDGES)  # best for the player first
    assert "(este sitio)" in table.headers[1 + names.index("50-40-30-8-7-4-3")]
    for i, name in enumerate(names, start=1):
        assert {c: int(table.row(c).cells[i].value) for c in ORDER} == trips_pays(name)
    assert [c.text for c in table.row("edge").cells[1:]] == [f"{e}\u00a0%" for e in TRIPS_EDGES.values()]


def test_settlement_table_is_the_seeds():
    table = read_table(render("uth-settlement-table"))
    win, push, lose, blind = "1 a 1", "Empate (se devuelve)", "Pierde", "Según la tabla del Blind"
    assert [row.texts for row in table.rows] == [
        ["Gana el jugador y el crupier se clasifica", win, win, blind],
        ["Gana el jugador y el crupier no se clasifica", push, win, blind],
        ["Empate", push, push, push],
        ["Gana el crupier y se clasifica", lose, lose, lose],
        ["Gana el crupier sin clasificarse", push, lose, lose],
        ["El jugador se retira", lose, "—", lose],
    ]
    assert [row.cells[0].value for row in table.rows] == ["win", "win", "tie", "lose", "lose", "fold"]


def test_settlement_cases_fit_their_labels():
    rows = ultimate.settlement_rows()
    assert [(r["result"].outcome, r["result"].dealer_qualifies) for r in rows] == [
        ("win", True), ("win", False), ("tie", True), ("lose", True), ("lose", False), ("fold", False)]
    for row in rows:
        result = row["result"]
        if result.outcome == "win":  # «según la tabla del Blind»: the engine paid the Blind table
            assert Fraction(row["reply"]["blind"]) == 100 * BLIND.get(result.player.category, 0)


#: Seed 003's four examples: the net of each bet, and why (ante, blind, play, trips, total).
SEED_EXAMPLES = {
    1: {"Ante": ("Paga 1 a 1", "+100"), "Blind": ("Color paga 3 a 2", "+150"), "Play": ("Paga 1 a 1", "+400"),
        "Trips": ("Color paga 7 a 1, sin mirar al crupier", "+700"), "Total": ("Gana el jugador.", "+1.350")},
    2: {"Ante": ("Se devuelve porque el crupier no se clasifica", "0"),
        "Blind": ("Gana con pareja, menos que escalera: se devuelve", "0"), "Play": ("Paga 1 a 1", "+200"),
        "Total": ("Gana el jugador.", "+200")},
    3: {"Ante": ("Se pierde", "\u2212100"), "Blind": ("Se pierde", "\u2212100"), "Play": ("Se pierde", "\u2212300"),
        "Total": ("Gana el crupier.", "\u2212500")},
    4: {"Ante": ("Empate, se devuelve", "0"), "Blind": ("Empate, se devuelve", "0"),
        "Play": ("Empate, se devuelve", "0"), "Trips": ("Escalera paga 4 a 1, sin mirar al crupier", "+400"),
        "Total": ("Empate.", "+400")},
}


@pytest.mark.parametrize("number", sorted(SEED_EXAMPLES))
def test_worked_examples_show_the_seeds_nets_and_reasons(number):
    found = read_tables(render("uth-example", [str(number)]))
    nets = found[f"uth-example-{number}"]
    assert {row.cells[0].text: (row.cells[2].text, row.cells[3].text) for row in nets.rows} == SEED_EXAMPLES[number]
    ex = ultimate.EXAMPLES[number]
    hands = found[f"uth-example-{number}-hands"]
    assert len(hands.row("Jugador").cells[1].cards) == 2 and len(hands.row("Mesa").cells[1].cards) == 5
    assert hands.row("Jugador").cells[1].text == " ".join(
        {"T": "10"}.get(t[0], t[0]) + {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}[t[1]] for t in ex["player"].split())


def test_worked_examples_fit_the_seeds_descriptions():
    r = ultimate.example(1)["result"]  # flush to the Ace against a qualifying pair of Kings, Play 4x
    assert (r.player.category, r.player.ranks[0], r.dealer.category, r.dealer.ranks[0]) == ("flush", 14, "pair", 13)
    r = ultimate.example(2)["result"]  # pair of Queens, dealer Ace high does not qualify, Play 2x
    assert (r.player.category, r.player.ranks[0], r.dealer.category, r.dealer_qualifies) == ("pair", 12, "high_card", False)
    r = ultimate.example(3)["result"]  # pair of nines against pair of Kings, Play 3x
    assert (r.player.category, r.player.ranks[0], r.dealer.ranks[0]) == ("pair", 9, 13)
    r = ultimate.example(4)["result"]  # the board is a straight to the nine and both play it
    assert (r.player.category, r.player.ranks[0], r.outcome) == ("straight", 9, "tie")
    assert [ultimate.EXAMPLES[n]["play"] // ultimate.EXAMPLES[n]["ante"] for n in (1, 2, 3, 4)] == [4, 2, 3, 1]
    caption = read_tables(render("uth-example", ["1"]))["uth-example-1-hands"].caption
    assert caption == "Apuestas: Ante 100, Blind 100, Trips 100, Play 4x = 400 (antes del flop)."


def _every_hand_shown():
    for label, player, dealer, board, play in ultimate.SETTLEMENT_CASES:
        yield {"ante": 100, "trips": 0, "play": 100 * play, "player": player, "dealer": dealer, "board": board}
    for ex in ultimate.EXAMPLES.values():
        yield {k: ex[k] for k in ("ante", "trips", "play", "player", "dealer", "board")}


def test_protocol_and_module_settle_every_hand_shown_alike():
    """The pages show the protocol's replies (what the browser gets); the module must agree."""
    for hand in _every_hand_shown():
        reply = answer("uth-settle", {**hand, **{k: hand[k].split() for k in ("player", "dealer", "board")}})
        result = game.settle(ante=hand["ante"], play=hand["play"], trips=hand["trips"],
                             player=parse_cards(hand["player"]), dealer=parse_cards(hand["dealer"]),
                             board=parse_cards(hand["board"]))
        assert {k: Fraction(reply[k]) for k in ("ante", "blind", "play", "trips", "total")} == {
            "ante": result.ante, "blind": result.blind, "play": result.play, "trips": result.trips,
            "total": result.total}, hand


def test_cheat_sheet_has_a_tab_per_unit_with_the_seeds_payouts():
    sheet = render("uth-cheat-sheet")
    assert [title for title, _ in sheet.items] == ["Unidad 5", "Unidad 10", "Unidad 25", "Unidad 100"]
    pays = trips_pays(game.DEFAULT_TRIPS_TABLE)
    for (_, content), unit in zip(sheet.items, (5, 10, 25, 100)):
        found = read_tables(content)
        blind, trips, play = (found[f"uth-cheat-{k}-{unit}"] for k in ("blind", "trips", "play"))
        assert {r.cells[0].value: Fraction(r.cells[2].value) for r in blind.rows[:-1]} == {
            c: unit * odds for c, odds in BLIND.items()}
        assert {r.cells[0].value: Fraction(r.cells[2].value) for r in trips.rows[:-1]} == {
            c: unit * p for c, p in pays.items()}
        assert [(r.cells[0].text, Fraction(r.cells[2].value)) for r in play.rows] == [
            ("Antes del flop", 4 * unit), ("Antes del flop", 3 * unit), ("En el flop", 2 * unit),
            ("En el river", unit)]
    # The seed's question: a Blind of 25 with a flush pays 37,5.
    assert read_tables(sheet.items[2][1])["uth-cheat-blind-25"].row("flush").cells[2].text == "+37,5"


def test_dealer_figure():
    assert render("figure", ["uth-dealer-fails"], inline=True) == "17,41\u00a0%"  # 23,294,460 / 133,784,560


def test_simple_strategy_and_odd_unit_figures():
    assert render("figure", ["uth-simple-strategy-raises"], inline=True) == "500"  # REFERENCE.md
    assert render("figure", ["two-card-total"], inline=True) == "1.326"
    assert render("figure", ["uth-blind-flush-on-5"], inline=True) == "+7,5"  # 3 a 2 on 5, not rounded


def test_the_session_page_states_the_engines_grades():
    from engine.table.grades import GRADES

    text = render("figure", ["uth-session-grades"], inline=True).replace("\u00a0", " ")
    for level in GRADES:
        assert f"«{level.name}» si pierde" in text
    assert text.startswith("«Correcta» si pierde como mucho el 2 % de lo que tienes en juego al decidir (el Ante y "
                           "el Blind: 2 veces el Ante)") and text.endswith("«Error grave» si pierde más del 30 %.")
