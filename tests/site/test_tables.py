"""site_hooks/tables.py: every generated table equals the engine's data; markers fail loudly; text is escaped.

These call the hook's render functions directly (no build): see test_pages.py for the built site.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from mkdocs.exceptions import PluginError

from engine import stats
from engine.cards import parse_cards
from engine.evaluation import CATEGORIES, category_name_es, category_name_mx, evaluate
from engine.games import holdem, mata_ases, ultimate
from engine.protocol import answer
from tests.site.engine_html import read_table, read_tables
from site_hooks import tables

SEED_TRIPS_EDGES = {  # REFERENCE.md, computed and cross-checked
    "50-40-30-9-7-4-3": "0,902\u00a0%",
    "50-40-30-8-6-5-3": "1,904\u00a0%",
    "50-40-30-8-7-4-3": "3,498\u00a0%",
    "50-40-20-7-6-5-3": "6,181\u00a0%",
}


def html(name: str, *args: str) -> str:
    rendered = tables.render(name, list(args))
    assert isinstance(rendered, tables.Markup), type(rendered)
    return rendered


# Spanish numbers ------------------------------------------------------------------------------

@pytest.mark.parametrize("value, text", [
    (0, "0"), (5, "5"), (1350, "1.350"), (2598960, "2.598.960"), (-500, "\u2212500"),
])
def test_integers_use_a_point_for_thousands_and_a_true_minus(value, text):
    assert tables.fmt_int(value) == text


def test_decimals_percentages_nets_and_odds():
    assert tables.fmt_decimal(37.5, 1) == "37,5"
    assert tables.fmt_decimal(1234.5, 1) == "1.234,5"
    assert tables.fmt_pct(Fraction(902, 100000)) == "0,902\u00a0%"
    assert tables.fmt_pct(stats.dealer_nonqualification_rate(), 2) == "17,41\u00a0%"
    assert tables.fmt_amount(Fraction(75, 2)) == "37,5"
    assert tables.fmt_net(1350) == "+1.350"
    assert tables.fmt_net(-500) == "\u2212500"
    assert tables.fmt_net(0) == "0"
    assert tables.fmt_odds(Fraction(3, 2)) == "3 a 2"
    assert tables.fmt_odds(500) == "500 a 1"


# Hand rankings --------------------------------------------------------------------------------

def test_mata_ases_ranking_follows_the_engine_with_the_aces_line():
    table = read_table(html("ranking-mx"))
    ids = [row.cells[0].value for row in table.rows]
    expected = [c for c in CATEGORIES if c not in ("pair", "high_card")] + ["pair_aces", "pair_other", "high_card"]
    assert ids == expected
    for row, data in zip(table.rows, tables.ranking_rows("mx")):
        value = evaluate(data["cards"])
        assert value.category == data["category"]
        assert row.cells[2].cards == [c.name_es for c in value.cards]
        assert row.cells[3].value == ("si" if mata_ases.kills_aces(value) else "no")
        if data["category"] != "pair":
            assert row.cells[0].text == category_name_mx(data["category"])
    aces = table.row("pair_aces")
    assert "Mínimo para cobrar" in aces.cells[0].text
    assert aces.classes == ("rules-minimum",)
    # Everything above the line kills the Aces, nothing below it does.
    verdicts = [row.cells[3].value for row in table.rows]
    cut = ids.index("pair_aces") + 1
    assert set(verdicts[:cut]) == {"si"} and set(verdicts[cut:]) == {"no"}


def test_holdem_ranking_counts_equal_the_engines_five_card_counts():
    table = read_table(html("ranking-es"))
    counts = stats.category_counts(5)
    assert [row.cells[0].value for row in table.rows] == list(CATEGORIES)
    for row in table.rows:
        category = row.cells[0].value
        assert row.cells[0].text == category_name_es(category)
        assert int(row.cells[3].value) == counts[category]
        assert evaluate(parse_cards(tables.CATEGORY_EXAMPLES[category])).category == category
    assert sum(counts.values()) == 2598960
    assert table.row("high_card").cells[3].text == "1.302.540"
    assert "2.598.960" in table.caption


def test_seven_card_frequencies_equal_the_engines_counts():
    table = read_table(html("frequencies-7"))
    counts = stats.category_counts(7)
    for category in CATEGORIES:
        assert int(table.row(category).cells[1].value) == counts[category]
    assert table.row("Total").cells[1].text == "133.784.560"
    assert table.row("royal_flush").cells[1].text == "4.324"


# Mata Ases ------------------------------------------------------------------------------------

def test_formation_examples_are_the_engines_best_plays():
    table = read_table(html("mata-ases-formation"))
    for row, data in zip(table.rows, tables.mata_ases_formation_rows()):
        play = mata_ases.best_play(data["own"], data["ayudas"])
        assert row.cells[3].value == play.category
        assert play.name in row.cells[3].text
        assert row.cells[4].value == (str(play.ayuda) if play.ayuda else "-")
        assert row.cells[5].value == ("si" if play.kills_aces else "no")
    # The cases show what the page says they show.
    values = [row.cells[4].value for row in table.rows]
    assert values[0] != "-" and values[2] == "-"
    assert table.rows[1].cells[3].value == "three_of_a_kind"  # a full house would need two ayudas
    assert table.rows[3].cells[5].value == "no"


@pytest.mark.parametrize("mode, chosen", [("ante", "Carla"), ("bring-in", "Beto")])
def test_openers_come_from_the_engine(mode, chosen):
    table = read_table(html("mata-ases-opener", mode))
    marked = [row.cells[0].text for row in table.rows if row.cells[2].value == "x"]
    open_cards = {n: parse_cards(c)[0] for n, c in tables.MATA_ASES_OPEN_CARDS}
    engine_choice = (mata_ases.player_with_highest_open if mode == "ante" else mata_ases.player_with_lowest_open)(open_cards)
    assert marked == [engine_choice] == [chosen]


def test_visible_hands_come_from_the_engine():
    table = read_table(html("mata-ases-visible"))
    ayudas, data = tables.mata_ases_visible_rows()
    for row, item in zip(table.rows, data):
        assert row.cells[3].text == mata_ases.visible_value(item["open"], ayudas).name
    first = [row.cells[0].text for row in table.rows if row.cells[4].value == "x"]
    assert first == ["Beto"]


def test_mata_ases_figures():
    assert tables.render("figure", ["mata-ases-max-players"]) == str(mata_ases.MAX_PLAYERS) == "8"
    assert tables.render("figure", ["mata-ases-cards-used"]) == "43"


# Ultimate Texas Hold'em -----------------------------------------------------------------------

def test_blind_table_equals_the_engines_blind_table():
    table = read_table(html("uth-blind-table"))
    paying = [row for row in table.rows if row.cells[0].value != "-"]
    assert [row.cells[0].value for row in paying] == [c for c in CATEGORIES if c in ultimate.BLIND_TABLE]
    for row in paying:
        odds = Fraction(ultimate.BLIND_TABLE[row.cells[0].value])
        assert Fraction(row.cells[1].value) == odds
        assert Fraction(row.cells[2].value) == 100 * odds
    assert table.row("flush").texts[1:] == ["3 a 2", "+150"]
    assert table.row("royal_flush").texts[2] == "+50.000"
    assert table.rows[-1].texts == ["Menos que escalera", "Empate (se devuelve)", "0"]


def test_trips_table_equals_the_engines_default_table():
    table = read_table(html("uth-trips-table"))
    pays = ultimate.TRIPS_TABLES[ultimate.DEFAULT_TRIPS_TABLE]
    paying = [row for row in table.rows if row.cells[0].value != "-"]
    assert {row.cells[0].value: Fraction(row.cells[1].value) for row in paying} == pays
    assert all(Fraction(row.cells[2].value) == 100 * pays[row.cells[0].value] for row in paying)
    assert table.rows[-1].texts == ["Menos que trío", "Pierde", "\u2212100"]
    assert ultimate.DEFAULT_TRIPS_TABLE in table.caption


def test_trips_variants_equal_the_engines_tables_and_house_edges():
    table = read_table(html("uth-trips-tables"))
    names = [h.split(" ")[0] for h in table.headers[1:]]
    assert set(names) == set(ultimate.TRIPS_TABLES)
    edges = table.row("edge")
    for i, name in enumerate(names, start=1):
        for category, odds in ultimate.TRIPS_TABLES[name].items():
            assert int(table.row(category).cells[i].value) == odds
        assert edges.cells[i].value == name
        assert edges.cells[i].text == tables.fmt_pct(stats.trips_house_edge(name), 3) == SEED_TRIPS_EDGES[name]
    assert [stats.trips_house_edge(n) for n in names] == sorted(stats.trips_house_edge(n) for n in names)
    assert "(este sitio)" in table.headers[1 + names.index(ultimate.DEFAULT_TRIPS_TABLE)]


def test_settlement_table_is_the_seeds_table_computed_hand_by_hand():
    table = read_table(html("uth-settlement-table"))
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


#: The seed's four examples: the nets each bet shows (ante, blind, play, trips, total).
SEED_EXAMPLES = {
    1: ("+100", "+150", "+400", "+700", "+1.350"),
    2: ("0", "0", "+200", None, "+200"),
    3: ("\u2212100", "\u2212100", "\u2212300", None, "\u2212500"),
    4: ("0", "0", "0", "+400", "+400"),
}


@pytest.mark.parametrize("number", sorted(SEED_EXAMPLES))
def test_worked_examples_show_the_seeds_nets(number):
    found = read_tables(html("uth-example", str(number)))
    nets = found[f"uth-example-{number}"]
    ante, blind, play, trips, total = SEED_EXAMPLES[number]
    assert nets.row("Ante").cells[3].text == ante
    assert nets.row("Blind").cells[3].text == blind
    assert nets.row("Play").cells[3].text == play
    if trips is None:
        assert "Trips" not in [r.cells[0].text for r in nets.rows]
    else:
        assert nets.row("Trips").cells[3].text == trips
    assert nets.row("Total").cells[3].text == total
    # The nets are the protocol's answer for the cards shown.
    ex = tables.UTH_EXAMPLES[number]
    reply = answer("uth-settle", {"ante": ex["ante"], "trips": ex["trips"], "play": ex["play"],
                                  "player": ex["player"].split(), "dealer": ex["dealer"].split(),
                                  "board": ex["board"].split()})
    assert tables.fmt_net(reply["total"]) == total
    hands = found[f"uth-example-{number}-hands"]
    assert hands.row("Jugador").cells[1].cards == [c.name_es for c in parse_cards(ex["player"])]


def test_worked_examples_fit_the_seeds_descriptions():
    def hands(n):
        ex = tables.uth_example(n)
        return ex["result"], ex

    r, ex = hands(1)  # flush to the Ace against a qualifying pair of Kings, Play 4x
    assert (r.player.category, r.player.ranks[0]) == ("flush", 14)
    assert (r.dealer.category, r.dealer.ranks[0]) == ("pair", 13) and ex["play"] == 4 * ex["ante"]
    r, ex = hands(2)  # pair of Queens, dealer Ace high does not qualify, Play 2x
    assert (r.player.category, r.player.ranks[0]) == ("pair", 12)
    assert (r.dealer.category, r.dealer.ranks[0]) == ("high_card", 14) and not r.dealer_qualifies
    r, ex = hands(3)  # pair of nines against pair of Kings, Play 3x
    assert (r.player.category, r.player.ranks[0], r.dealer.ranks[0]) == ("pair", 9, 13)
    r, ex = hands(4)  # the board is a straight to the nine and both play it
    board = evaluate(parse_cards(ex["board"]))
    assert (board.category, board.ranks[0]) == ("straight", 9)
    assert r.player == r.dealer == board and r.outcome == "tie"


def test_cheat_sheet_has_a_tab_per_unit_with_the_engines_payouts():
    sheet = tables.render("uth-cheat-sheet", [])
    assert isinstance(sheet, tables.Tabs)
    assert [title for title, _ in sheet.items] == ["Unidad 5", "Unidad 10", "Unidad 25", "Unidad 100"]
    for (title, content), unit in zip(sheet.items, tables.CHEAT_SHEET_UNITS):
        found = read_tables(content)
        blind, trips, play = (found[f"uth-cheat-{k}-{unit}"] for k in ("blind", "trips", "play"))
        for category, odds in ultimate.BLIND_TABLE.items():
            assert Fraction(blind.row(category).cells[2].value) == unit * Fraction(odds)
        for category, odds in ultimate.TRIPS_TABLES[ultimate.DEFAULT_TRIPS_TABLE].items():
            assert Fraction(trips.row(category).cells[2].value) == unit * odds
        assert [Fraction(c.value) for c in play.column("Si ganas")] == [unit * k for k in (4, 3, 2, 1)]
    # The seed's question: a Blind of 25 with a flush pays 37,5.
    blind_25 = read_tables(sheet.items[2][1])["uth-cheat-blind-25"]
    assert blind_25.row("flush").cells[2].text == "+37,5"


def test_dealer_figure():
    assert tables.render("figure", ["uth-dealer-fails"]) == "17,41\u00a0%"
    assert tables.render("figure", ["seven-card-total"]) == "133.784.560"


# Texas Hold'em --------------------------------------------------------------------------------

@pytest.mark.parametrize("span, players", [("2", [2]), ("3-6", [3, 4, 5, 6]), ("7-10", [7, 8, 9, 10])])
def test_position_tables_equal_the_engines_positions(span, players):
    table = read_table(html("holdem-positions", span))
    assert [int(row.cells[0].value) for row in table.rows] == players
    for row, n in zip(table.rows, players):
        names = holdem.positions(n)
        assert row.cells[1].value.split() == list(names)
        assert row.cells[2].value.split() == [names[s] for s in holdem.preflop_order(n)]
        assert row.cells[3].value.split() == [names[s] for s in holdem.postflop_order(n)]


def test_heads_up_exception_and_long_table_names():
    heads_up = read_table(html("holdem-positions", "2")).rows[0]
    assert heads_up.cells[2].value.split()[0] == "D/SB"  # first before the flop
    assert heads_up.cells[3].value.split() == ["BB", "D/SB"]  # last after it
    ten = read_table(html("holdem-positions", "10")).rows[0]
    assert ten.cells[1].value.split() == ["D", "SB", "BB", "UTG1", "UTG2", "UTG3", "UTG4", "UTG5", "HJ", "CO"]


def test_side_pot_example_is_the_seeds_computed_by_the_engine():
    found = read_tables(html("holdem-side-pot-example"))
    pots = found["holdem-side-pots"]
    rows = pots.rows[:-1]
    assert [int(r.cells[1].value) for r in rows] == [510, 200, 600]
    assert [r.cells[2].value.split() for r in rows] == [["UTG1", "UTG2", "D", "BB"], ["UTG2", "D", "BB"], ["D", "BB"]]
    assert [r.cells[0].text for r in rows] == ["Bote principal", "Bote secundario", "Bote terciario"]
    assert pots.row("Total").cells[1].text == "1.310"
    assert "SB: 10" in rows[0].cells[3].text  # the small blind's dead chips are in the main pot
    data = tables.holdem_side_pot_data()
    reply = answer("holdem-pots", {"bets": data["bets"], "folded": data["folded"]})
    assert [(p["amount"], p["eligible"]) for p in reply["pots"]] == [(r["amount"], r["eligible"]) for r in data["pots"]]
    assert len(found["holdem-side-pot-actions"].rows) == 9


# Markers --------------------------------------------------------------------------------------

def test_page_without_markers_is_left_alone():
    class File:
        src_uri = "x.md"

    class Page:
        file = File()

    assert tables.on_page_markdown("# Hola\n\nNada que generar.", Page(), {}, None) is None
    assert tables.on_page_content("<p>Hola</p>", Page(), {}, None) == "<p>Hola</p>"


def test_unknown_marker_fails_with_file_and_line():
    text = "# Título\n\nTexto.\n<!-- engine:no-existe -->\n"
    with pytest.raises(PluginError) as info:
        tables.expand(text, "docs/ultimate/index.md")
    message = str(info.value)
    assert message.startswith("docs/ultimate/index.md:4:")
    assert "marcador desconocido «engine:no-existe»" in message


@pytest.mark.parametrize("text, fragment", [
    ("<!-- engine:uth-example 9 -->", "lleva un argumento entre"),
    ("<!-- engine:uth-blind-table de más -->", "no lleva argumentos"),
    ("<!-- engine:holdem-positions 1-11 -->", "de 2 a 10 jugadores"),
    ("Mira <!-- engine:uth-blind-table --> aquí.", "debe ir solo en su línea"),
    ("<!-- engine:figure uth-dealer-fails -->", "va dentro de una frase"),
    ("Una cifra: <!-- engine:figure no-existe -->.", "lleva un argumento entre"),
    ("Sin cerrar <!-- engine:figure uth-dealer-fails", "marcador mal cerrado"),
])
def test_bad_markers_fail_with_a_spanish_message_and_the_line(text, fragment):
    with pytest.raises(PluginError) as info:
        tables.expand(f"Uno.\n\n{text}\n", "docs/p.md")
    assert str(info.value).startswith("docs/p.md:3:")
    assert fragment in str(info.value)


def test_markers_in_code_blocks_are_left_alone():
    text = "```markdown\n<!-- engine:no-existe -->\n```\n"
    assert tables.expand(text).markdown == text


def test_blocks_are_stashed_and_put_back_after_markdown():
    result = tables.expand("Antes.\n\n=== \"Pestaña\"\n\n    <!-- engine:uth-blind-table -->\n\nDespués.\n")
    (token, block_html), = result.blocks.items()
    assert f"\n    {token}\n" in result.markdown
    assert tables.fill(f"<p>Antes.</p><p>{token}</p>", result.blocks) == f"<p>Antes.</p>{block_html}"
    with pytest.raises(PluginError):
        tables.fill("<p>Antes.</p>", result.blocks, "docs/p.md")


def test_inline_figures_are_replaced_in_place():
    result = tables.expand("En el <!-- engine:figure uth-dealer-fails --> de las manos.")
    assert result.markdown == "En el 17,41\u00a0% de las manos."
    assert result.blocks == {}


# Escaping -------------------------------------------------------------------------------------

def test_tables_escape_every_text_cell_and_attribute():
    out = tables.table(['<th> & "x"'], [['<script>alert("x")</script>', tables.Cell("a&b", value='"><img>')]],
                       name='n"><b>', caption="<i>c</i>")
    assert "<script>" not in out and "<img>" not in out and "<i>" not in out and "<b>" not in out
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in out
    assert 'data-value="&quot;&gt;&lt;img&gt;"' in out
    assert 'data-engine-table="n&quot;&gt;&lt;b&gt;"' in out


def test_renderers_escape_their_data(monkeypatch):
    actions = tuple((name, f"<b>{text}</b> & co", chips, out) for name, text, chips, out in tables.HOLDEM_SIDE_POT["actions"])
    monkeypatch.setitem(tables.HOLDEM_SIDE_POT, "actions", actions)
    out = html("holdem-side-pot-example")
    assert "<b>" not in out and "&lt;b&gt;All-in de 100&lt;/b&gt; &amp; co" in out


def test_cards_carry_their_spanish_name_and_do_not_rely_on_colour():
    heart = tables.card_html(parse_cards("Th")[0])
    assert heart == '<span class="naipe naipe--rojo" role="img" aria-label="10 de corazones">10♥</span>'
    spade = tables.card_html(parse_cards("As")[0])
    assert spade == '<span class="naipe" role="img" aria-label="As de picas">A♠</span>'


def test_every_marker_renders():
    for name, found in tables.MARKERS.items():
        if name == "figure":
            for figure in tables.FIGURES:
                assert tables.render(name, [figure])
        elif name in ("uth-example", "mata-ases-opener", "holdem-positions"):
            continue  # covered above with their arguments
        else:
            assert tables.render(name, [])
