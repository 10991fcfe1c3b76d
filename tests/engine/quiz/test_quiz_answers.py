"""engine.quiz.answers: readers' answers read generously (amounts, names, positions, hands)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.quiz.answers import (MAX_ANSWER_CHARS, AnswerError, TieAnswer, fold, format_amount, parse_amount,
                                 parse_hand_name, parse_names, parse_position)

BAD_ANSWERS = ["", "   ", "abc", "x" * 10_000, "<img src=x onerror=alert(1)>", "1.35.0", "12,34,5", "--5"]

# ---------------------------------------------------------------------------------------------
# Reading answers.

@pytest.mark.parametrize("text, value", [
    ("1.350", 1350), ("1350", 1350), ("1 350", 1350), ("1\u00a0350", 1350), ("1\u202f350", 1350),
    ("37,5", Fraction(75, 2)), ("37.5", Fraction(75, 2)), (" 37,5 ", Fraction(75, 2)),
    ("+200", 200), ("+ 200", 200), ("200", 200), ("0", 0), ("-0", 0),
    ("\u2212500", -500), ("-500", -500), ("\u2013500", -500), ("\u2212 500", -500),
    ("1.350,5", Fraction(2701, 2)), ("1,350.5", Fraction(2701, 2)), ("1.000.000", 1_000_000),
    ("1,350", 1350), ("0,5", Fraction(1, 2)), (",5", Fraction(1, 2)), ("37,50", Fraction(75, 2)),
    ("25 fichas", 25), ("€ 25", 25), ("25€", 25), ("37,5 FICHAS", Fraction(75, 2)),
    ("50 000", 50_000), ("50.000", 50_000), ("1.35", Fraction(135, 100)), ("0.125", Fraction(1, 8)),
    # the rule: three digits after a single point or comma group thousands, anything else is decimals
    ("1.00", 1), ("1,00", 1), ("1.000", 1000), ("1,000", 1000), ("2.50", Fraction(5, 2)), ("0,125", Fraction(1, 8)),
    ("1.0000", 1), ("12.5", Fraction(25, 2)),
])
def test_amounts_are_read_in_spanish_and_plain_formats(text, value):
    assert parse_amount(text) == value


@pytest.mark.parametrize("text", BAD_ANSWERS + ["37,5 euros y pico", "1.2.3", "5-", None, 42, ["1"]])
def test_unreadable_amounts_raise_a_friendly_answer_error(text):
    with pytest.raises(AnswerError) as info:
        parse_amount(text)
    message = str(info.value)
    assert message and len(message) < 300
    assert "Traceback" not in message


def test_too_long_answers_are_refused_without_echoing_them():
    with pytest.raises(AnswerError, match="demasiado larga") as info:
        parse_amount("1" * (MAX_ANSWER_CHARS + 1))
    assert "1" * 50 not in str(info.value)


@pytest.mark.parametrize("value, text, signed", [
    (1350, "1.350", False), (Fraction(75, 2), "37,5", False), (-500, "\u2212500", False),
    (200, "+200", True), (0, "0", True), (Fraction(-75, 2), "\u221237,5", True), (50_000, "50.000", False),
])
def test_amounts_are_displayed_the_spanish_way(value, text, signed):
    assert format_amount(value, signed=signed) == text


def test_fold_ignores_case_accents_and_spaces():
    assert fold("  Tú  y BETO ") == "tu y beto"
    assert fold("EXTENSIÓN") == "extension"


PLAYERS = ("Tú", "Ana", "Beto")


@pytest.mark.parametrize("text, names", [
    ("Tú", {"Tú"}), ("tu", {"Tú"}), ("TU", {"Tú"}), ("yo", {"Tú"}), ("gana Ana", {"Ana"}),
    ("Ana y Beto", {"Ana", "Beto"}), ("ana, beto", {"Ana", "Beto"}), ("Beto / Ana", {"Ana", "Beto"}),
    ("empate entre Ana y Beto", {"Ana", "Beto"}), ("Ana.", {"Ana"}),
    ("nadie", set()), ("Nadie mata los Ases", set()), ("extensión", set()), ("extension de la mano", set()),
    ("todos", {"Tú", "Ana", "Beto"}), ("los tres", {"Tú", "Ana", "Beto"}), ("tú y ana empatan", {"Tú", "Ana"}),
])
def test_names_are_matched_without_case_or_accents(text, names):
    assert parse_names(text, PLAYERS, allow_nobody=True) == names


@pytest.mark.parametrize("text", BAD_ANSWERS + ["Carla", "Ana y Carla"])
def test_unknown_names_get_a_friendly_message(text):
    with pytest.raises(AnswerError):
        parse_names(text, PLAYERS, allow_nobody=True)


def test_a_tie_without_names_among_more_players_is_a_tie_answer():
    assert parse_names("empate", PLAYERS) == TieAnswer("empate", None)
    assert parse_names("los dos", PLAYERS) == TieAnswer("los dos", 2)
    assert parse_names("ambos", ("Ana", "Beto")) == {"Ana", "Beto"}


def test_nobody_is_only_an_answer_where_it_can_be():
    with pytest.raises(AnswerError):
        parse_names("nadie", PLAYERS)


@pytest.mark.parametrize("text, position", [
    ("UTG1", "UTG1"), ("utg+1", "UTG1"), ("UTG 1", "UTG1"), ("botón", "D"), ("dealer", "D"), ("BTN", "D"),
    ("ciega pequeña", "SB"), ("Small blind", "SB"), ("ciega grande", "BB"), ("cut off", "CO"), ("hijack", "HJ"),
])
def test_positions_are_read_by_their_usual_names(text, position):
    assert parse_position(text, ("D", "SB", "BB", "UTG1", "UTG2", "HJ", "CO")) == position


def test_heads_up_dealer_is_matched_by_either_name():
    assert parse_position("botón", ("D/SB", "BB")) == "D/SB"
    assert parse_position("sb", ("D/SB", "BB")) == "D/SB"
    with pytest.raises(AnswerError):
        parse_position("UTG", ("D/SB", "BB"))


@pytest.mark.parametrize("text, category, ranks", [
    ("Color", "flush", ()), ("full", "full_house", ()), ("Full House de Ases y Reyes", "full_house", ("as", "rey")),
    ("full de ases con reyes", "full_house", ("as", "rey")), ("doble pareja", "two_pair", ()),
    ("Doble par de Ases y Reyes", "two_pair", ("as", "rey")), ("par de doses", "pair", ("2",)),
    ("pareja de jotas", "pair", ("jota",)), ("escalera de color al 7", "straight_flush", ("7",)),
    ("ESCALERA REAL", "royal_flush", ()), ("Escalera al 10", "straight", ("10",)), ("póker de nueves", "four_of_a_kind", ("9",)),
    ("trío de reinas", "three_of_a_kind", ("reina",)), ("carta alta: As", "high_card", ("as",)),
    ("Escalera de color del 3 al 7", "straight_flush", ("7",)), ("escalera del as al 5", "straight", ("5",)),
    ("escalera 5 4 3 2 as", "straight", ("5",)), ("escalera de 10 a as", "straight", ("as",)),
    ("escalera de color al as", "royal_flush", ()), ("Tengo una escalera a la reina", "straight", ("reina",)),
    ("Color de corazones", "flush", ()), ("color de tréboles al rey", "flush", ("rey",)),
])
def test_hand_names_are_read_in_both_vocabularies(text, category, ranks):
    assert parse_hand_name(text) == (category, ranks)


@pytest.mark.parametrize("text", BAD_ANSWERS[:5] + ["escalera de ponis", "escalera del 3 al 9", "escalera 2 3 4"])
def test_unreadable_hand_names_get_a_friendly_message(text):
    with pytest.raises(AnswerError):
        parse_hand_name(text)
