"""site_hooks/html.py: every piece of text is escaped exactly once, Markup passes through."""

from __future__ import annotations

import doctest

import pytest

from site_hooks import html
from site_hooks.html import Cell, Markup, esc, join, table, tag
from tests.site.engine_html import read_table

HOSTILE = ['<script>alert("x")</script>', "\" onmouseover='x' a=\"", "&amp; already", "</td></tr></table>"]


def test_doctests():
    assert doctest.testmod(html).failed == 0
    assert doctest.testmod(html).attempted >= 2


@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_text_is_escaped_in_content_and_attributes(text):
    out = tag("span", text, title=text, data_value=text)
    assert out.count("<") == 2 and out.count(">") == 2  # only the element's own brackets
    assert out.count('"') == 4  # only the two attributes' quotes
    assert "'" not in out
    assert out.startswith('<span title="') and out.endswith("</span>")


def test_markup_passes_through_and_is_not_escaped_twice():
    inner = tag("strong", "a & b")
    assert esc(inner) is inner
    assert tag("p", inner) == "<p><strong>a &amp; b</strong></p>"
    assert esc("a &amp; b") == "a &amp;amp; b"  # plain text is text, even when it looks escaped
    assert isinstance(join(["<i>", inner]), Markup)
    assert join(["<i>", inner], " & ") == "&lt;i&gt; &amp; <strong>a &amp; b</strong>"


def test_attributes_names_and_flags():
    assert tag("td", "1", class_="rules-num", data_value=None) == '<td class="rules-num">1</td>'
    assert tag("article", "", data_search_exclude=True, hidden=False) == "<article data-search-exclude></article>"
    assert tag("br") == "<br>"
    assert tag("span", 0) == "<span>0</span>"


def test_tables_escape_every_text_cell_attribute_and_caption():
    out = table(['<th> & "x"'], [['<script>alert("x")</script>', Cell("a&b", value='"><img>')]],
                name='n"><b>', caption="<i>c</i>")
    assert "<script>" not in out and "<img>" not in out and "<i>" not in out and "<b>" not in out
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in out
    assert 'data-value="&quot;&gt;&lt;img&gt;"' in out
    assert 'data-engine-table="n&quot;&gt;&lt;b&gt;"' in out


def test_a_table_reads_back_as_written():
    out = table(["Jugada", "Veces"], [["Color", Cell("5.108", value=5108, cls="rules-num")],
                                      [Cell("Total", header=True, value="total"), "<5.108>"]],
                name="t", caption="Pie", row_classes=["a", None])
    read = read_table(out)
    assert read.name == "t" and read.caption == "Pie" and read.headers == ["Jugada", "Veces"]
    assert [r.texts for r in read.rows] == [["Color", "5.108"], ["Total", "<5.108>"]]
    assert read.rows[0].cells[0].header and not read.rows[0].cells[1].header
    assert read.rows[0].cells[1].value == "5108" and read.rows[0].cells[1].classes == ("rules-num",)
    assert read.rows[0].classes == ("a",) and read.rows[1].classes == ()
    assert read.row("total").cells[0].text == "Total"


def test_cards_carry_their_spanish_name_and_do_not_rely_on_colour():
    from engine import spanish
    from engine.cards import parse_cards
    from site_hooks.html import card

    ten, ace = parse_cards("Th As")
    assert card(spanish.card_display(ten), "naipe", red="naipe--rojo") == \
        '<span class="naipe naipe--rojo" role="img" aria-label="10 de corazones">10♥</span>'
    assert card(spanish.card_display(ace), "naipe", red="naipe--rojo") == \
        '<span class="naipe" role="img" aria-label="As de picas">A♠</span>'
    assert card(spanish.card_display(ten), "walk-card", more="walk-card--closed", label="10 de corazones, cerrada",
                title=True) == ('<span class="walk-card walk-card--red walk-card--closed" role="img" '
                                'aria-label="10 de corazones, cerrada" title="10 de corazones, cerrada">10♥</span>')
