"""The one vocabulary module: amounts, cards, hand names, positions, streets and folding."""

from __future__ import annotations

import doctest
from fractions import Fraction

import pytest

import engine.spanish as spanish
from engine.cards import DECK, Card, parse_cards
from engine.evaluation import CATEGORIES, evaluate, name_es, name_mx
from engine.games.holdem.rules import MAX_PLAYERS, MIN_PLAYERS, positions
from engine.quiz import parse_amount


def test_every_public_function_has_examples():  # they run in test_doctests.py
    finder = doctest.DocTestFinder()
    tested = {t.name.rsplit(".", 1)[-1] for t in finder.find(spanish) if t.examples}
    functions = {n for n in spanish.__all__ if callable(getattr(spanish, n))}
    assert functions <= tested, f"public functions without examples: {sorted(functions - tested)}"


@pytest.mark.parametrize("value, text", [
    (0, "0"), (7, "7"), (999, "999"), (1000, "1.000"), (1350, "1.350"), (1_350_000, "1.350.000"),
    (Fraction(75, 2), "37,5"), (Fraction(5, 4), "1,25"), (Fraction(2701, 2), "1.350,5"),
    (-10, "\u221210"), (Fraction(-15, 2), "\u22127,5"), (Fraction(1, 3), "0,333333"),
])
def test_amounts(value, text):
    assert spanish.amount(value) == text


@pytest.mark.parametrize("value, text", [
    (Fraction(15, 2), "+7,5"), (1350, "+1.350"), (0, "0"), (-500, "\u2212500"),
])
def test_signed_amounts(value, text):
    assert spanish.signed(value) == text


@pytest.mark.parametrize("value", [0, 1, 37, 1350, -10, Fraction(75, 2), Fraction(-2701, 2), 10**9 + 7])
def test_amounts_read_back_exactly(value):
    assert parse_amount(spanish.amount(value)) == value
    assert parse_amount(spanish.signed(value)) == value


def test_the_minus_is_never_a_hyphen():
    assert "-" not in spanish.amount(-1350) + spanish.decimal(-2.5, 2) + spanish.percent(Fraction(-1, 8))


def test_chips_agree_in_number():
    assert (spanish.chips(1), spanish.chips(2), spanish.chips(1350)) == ("1 ficha", "2 fichas", "1.350 fichas")


def test_decimal_percent_and_odds():
    assert spanish.decimal(Fraction(2185, 100000) * 100, 3) == "2,185"
    assert spanish.percent(Fraction(23294460, 133784560), 2) == "17,41\u00a0%"
    assert spanish.odds(Fraction(3, 2)) == "3 a 2" and spanish.odds(1000) == "1.000 a 1"


@pytest.mark.parametrize("token, symbol, name, article", [
    ("As", "A♠", "As de picas", "el As de picas"),
    ("Th", "10♥", "10 de corazones", "el 10 de corazones"),
    ("Qd", "Q♦", "Reina de diamantes", "la Reina de diamantes"),
    ("Jc", "J♣", "Jota de tréboles", "la Jota de tréboles"),
    ("Kh", "K♥", "Rey de corazones", "el Rey de corazones"),
    ("2s", "2♠", "2 de picas", "el 2 de picas"),
])
def test_card_words(token, symbol, name, article):
    card = Card.parse(token)
    assert spanish.card_symbol(card) == card.symbol == symbol
    assert spanish.card_name(card) == card.name_es == name
    assert spanish.card_name(card, article=True) == article


def test_card_display_for_every_card_is_json_ready_and_consistent():
    for card in DECK:
        shown = spanish.card_display(card)
        assert set(shown) == {"code", "rank", "suit", "color", "name", "name_with_article"}
        assert Card.parse(shown["code"]) is card and Card.parse(shown["rank"] + shown["suit"]) is card
        assert shown["color"] == ("red" if shown["suit"] in "♥♦" else "black")
        assert shown["name_with_article"].endswith(shown["name"])
    assert len({spanish.card_name(c) for c in DECK}) == 52


def test_hand_names_in_both_vocabularies():
    full = evaluate(parse_cards("As Ad Ah Kc Ks 2d 3c"))
    two_pair = evaluate(parse_cards("As Ad Kh Kc 5s"))
    assert (name_es(full), name_mx(full)) == ("Full de Ases y Reyes", "Full House de Ases y Reyes")
    assert (name_es(two_pair), name_mx(two_pair)) == ("Doble pareja de Ases y Reyes", "Doble par de Ases y Reyes")
    assert spanish.hand_name("two_pair", (14, 13, 5), "mx", running=True) == "doble par de Ases y Reyes"
    assert name_es(evaluate(parse_cards("Jh Th 9h 8h 7h"))) == "Escalera de color a la Jota"
    assert name_es(evaluate(parse_cards("5s 4h 3h 2h Ah"))) == "Escalera al 5"


@pytest.mark.parametrize("category", CATEGORIES)
@pytest.mark.parametrize("vocabulary", ["es", "mx"])
def test_running_text_lowers_only_the_category(category, vocabulary):
    ranks = (14, 13, 12, 11, 9)
    name = spanish.hand_name(category, ranks, vocabulary)
    running = spanish.hand_name(category, ranks, vocabulary, running=True)
    assert spanish.in_running_text(name, category, vocabulary) == running
    base = spanish.category_name(category, vocabulary)
    if category == "high_card":  # its card in brackets: never a second colon inside a sentence
        assert (name, running) == (f"{base}: As", f"{base.lower()} (As)")
    else:
        assert running == base.lower() + name[len(base):]
    assert ":" not in running
    with pytest.raises(ValueError):
        spanish.in_running_text("Nada de nada", category, vocabulary)


def test_unknown_vocabulary_is_refused():
    with pytest.raises(ValueError, match="vocabulary"):
        spanish.category_name("pair", "ar")


def test_every_position_the_engine_seats_has_one_name():
    codes = {code for n in range(MIN_PLAYERS, MAX_PLAYERS + 1) for code in positions(n)}
    names = {code: spanish.position_name(code) for code in codes}
    assert names["CO"] == "cutoff" and names["D"] == "botón" and names["UTG3"] == "under the gun 3"
    assert len(set(names.values())) == len(codes)
    for code in codes:
        assert f"({code})" in spanish.position_phrase(code) or spanish.position_phrase(code).startswith(code)


def test_position_words_reach_every_code_a_reader_may_name():
    folded = {spanish.fold(name): code for code, name in
              ((c, spanish.position_name(c)) for c in ("D", "SB", "BB", "UTG", "HJ", "CO"))}
    for word, code in folded.items():
        assert spanish.POSITION_WORDS[word] == code


def test_each_game_names_its_streets_once_as_data():
    """Titles, sentences and a script's names come from each game's streets (the table rules' Street)."""
    from engine.games.holdem.authoring import ROUNDS as HOLDEM_ROUNDS
    from engine.games.holdem.rules import STREETS, street_phrase
    from engine.games.mata_ases.authoring import ROUNDS as MATA_ROUNDS
    from engine.games.mata_ases.rules import RULES as MATA_RULES
    from engine.games.mata_ases.rules import STREETS as MATA_STREETS
    from engine.table.texts import part_title

    assert [s.title for s in STREETS] == ["Pre-flop", "Flop", "Turn", "River"]
    assert [street_phrase(s) for s in ("preflop", "river", "showdown")] == ["antes del flop", "en el river",
                                                                             "en el showdown"]
    assert HOLDEM_ROUNDS == {"preflop": "pre-flop", "flop": "flop", "turn": "turn", "river": "river"}
    assert [s.name for s in MATA_STREETS] == [1, "ayudas", 3, 4, 5]  # the hand's own streets, the ayudas put down
    assert [s.name for s in MATA_STREETS if s.betting] == list(MATA_ROUNDS) == [1, 3, 4, 5]
    assert [part_title([], MATA_RULES, s) for s in (1, "ayudas", 3, "showdown")] == [
        "Reparto inicial y primera ronda", "Las ayudas", "Tercera carta", "Showdown"]


@pytest.mark.parametrize("text, folded", [
    ("  Tú  y BETO ", "tu y beto"), ("Ciega Pequeña", "ciega pequena"), ("ÁÉÍÓÚÜÑ", "aeiouun"),
])
def test_fold(text, folded):
    assert spanish.fold(text) == folded


def test_fold_for_keys_treats_punctuation_as_space():
    assert spanish.fold("¿Botón_Ante-(2ª)?", punctuation=True) == "boton ante 2a"
    assert spanish.fold("Botón-Ante") == "boton-ante"
