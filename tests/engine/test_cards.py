"""Cards: parsing in every accepted spelling, formatting, Spanish names and the one suit order."""

from __future__ import annotations


import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.cards import DECK, Card, Rank, Suit, format_cards, parse_cards
from engine.errors import EngineError, InvalidCardError


@pytest.mark.parametrize(
    "token, expected",
    [
        ("As", "As"), ("as", "As"), ("AS", "As"), ("A♠", "As"), ("a♠", "As"),
        ("Td", "Td"), ("td", "Td"), ("10d", "Td"), ("10D", "Td"), ("10♦", "Td"),
        ("Kh", "Kh"), ("k♥", "Kh"), ("2c", "2c"), ("2♣", "2c"), (" Qs ", "Qs"), ("j♤", "Js"),
    ],
)
def test_parse_accepts_every_spelling_and_formats_canonically(token, expected):
    assert str(Card.parse(token)) == expected


@pytest.mark.parametrize("token", ["", "A", "1s", "11s", "Ax", "Zs", "10", "s", "AAs", "0d", "Ts♠"])
def test_bad_tokens_raise_with_the_token_quoted(token):
    with pytest.raises(InvalidCardError) as info:
        Card.parse(token)
    assert f"«{token}»" in str(info.value)
    assert isinstance(info.value, EngineError) and isinstance(info.value, ValueError)


@pytest.mark.parametrize("value", [None, 14, ["As"]])
def test_non_text_is_an_error_in_spanish(value):
    with pytest.raises(InvalidCardError, match="Carta no válida"):
        Card.parse(value)


@pytest.mark.parametrize(
    "token, name",
    [("As", "As de picas"), ("10d", "10 de diamantes"), ("Kh", "Rey de corazones"),
     ("Qc", "Reina de tréboles"), ("Jd", "Jota de diamantes"), ("2s", "2 de picas")],
)
def test_spanish_names(token, name):
    assert Card.parse(token).name_es == name


def test_one_suit_order_for_ties_spades_hearts_diamonds_clubs():
    assert [s.name_es for s in sorted(Suit, reverse=True)] == ["picas", "corazones", "diamantes", "tréboles"]
    aces = parse_cards("Ac Ad Ah As")
    assert sorted(aces, reverse=True) == parse_cards("As Ah Ad Ac")
    assert Card.parse("2s") < Card.parse("3c")  # rank first, then suit


def test_deck_has_52_interned_cards_in_index_order():
    assert len(DECK) == 52 == len(set(DECK))
    assert [c.index for c in DECK] == list(range(52))
    assert DECK[0] == Card.parse("2c") and DECK[-1] == Card.parse("As")
    assert Card.parse("as") is Card(Rank.ACE, Suit.SPADES)


def test_parse_cards_and_format_cards():
    assert format_cards(parse_cards("As 10d, kh")) == ["As", "Td", "Kh"]
    assert format_cards(parse_cards(["2c", "A♥"])) == ["2c", "Ah"]


def test_cards_are_immutable():
    with pytest.raises(AttributeError):
        Card.parse("As").rank = Rank.KING


@given(st.sampled_from(DECK))
def test_format_parse_and_repr_round_trip(card):
    assert Card.parse(str(card)) is card
    assert eval(repr(card), {"Card": Card}) is card
    assert Card.parse(str(card).lower()) is card
    symbol = card.rank.letter.replace("T", "10") + card.suit.symbol
    assert Card.parse(symbol) is card


@given(st.sampled_from(DECK), st.sampled_from(DECK))
def test_order_is_rank_then_suit(a, b):
    assert (a < b) == ((a.rank, a.suit) < (b.rank, b.suit))
    assert (a == b) == (a is b)
