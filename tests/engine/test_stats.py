"""Exact frequencies, the expected value of a pay table and the 7-card high-card rate, computed."""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import comb

import pytest

from engine.cards import DECK
from engine.evaluation import CATEGORIES, category_of, strength
from engine.stats import (category_counts, category_frequencies, dealer_nonqualification_rate, expected_value,
                          hand_count)

# REFERENCE.md figures.
FIVE = {"royal_flush": 4, "straight_flush": 36, "four_of_a_kind": 624, "full_house": 3744, "flush": 5108,
        "straight": 10200, "three_of_a_kind": 54912, "two_pair": 123552, "pair": 1098240, "high_card": 1302540}
SEVEN = {"royal_flush": 4324, "straight_flush": 37260, "four_of_a_kind": 224848, "full_house": 3473184,
         "flush": 4047644, "straight": 6180020, "three_of_a_kind": 6461620, "two_pair": 31433400,
         "pair": 58627800, "high_card": 23294460}


def test_five_card_counts_match_reference():
    assert category_counts(5) == FIVE


def test_seven_card_counts_are_computed_and_match_reference():
    counts = category_counts(7)
    assert counts == SEVEN
    assert sum(counts.values()) == hand_count(7) == 133_784_560
    assert list(counts) == list(CATEGORIES)


def test_six_card_counts_sum_to_all_hands():
    assert sum(category_counts(6).values()) == comb(52, 6)
    assert category_counts(6)["royal_flush"] == 4 * 47


@pytest.mark.parametrize("n", [5, 6, 7])
def test_counting_method_matches_enumerating_every_hand_of_a_small_deck(n):
    # The 24-card deck from nine to Ace: every hand enumerated against the same computation.
    deck = DECK[-24:]
    counts = dict.fromkeys(CATEGORIES, 0)
    for hand in itertools.combinations(deck, n):
        counts[category_of(strength(hand))] += 1
    assert category_counts(n, ranks=6) == counts
    assert sum(counts.values()) == comb(24, n)


def test_expected_value_of_a_pay_table_is_exact():
    pays = {"three_of_a_kind": 3, "straight": 4, "royal_flush": 50}
    wins = sum(SEVEN[c] * pays[c] for c in pays)
    losses = sum(SEVEN[c] for c in SEVEN if c not in pays)
    assert expected_value(pays) == Fraction(wins - losses, 133_784_560)
    assert expected_value({c: 0 for c in CATEGORIES}, 5) == 0  # a bet that always pushes
    assert expected_value({}, 6) == -1


def test_dealer_fails_to_qualify_17_41_percent():
    rate = dealer_nonqualification_rate()
    assert rate == Fraction(23_294_460, 133_784_560)
    assert f"{float(rate) * 100:.2f}" == "17.41"


def test_frequencies_sum_to_one():
    for n in (5, 6, 7):
        assert sum(category_frequencies(n).values()) == 1
    with pytest.raises(ValueError):
        category_counts(4)
