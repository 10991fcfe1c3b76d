"""Mata Ases: best play (never two ayudas), killing the Aces, winners, visible hands, openers."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.cards import DECK, Card, format_cards, parse_cards
from engine.errors import EngineError
from engine.evaluation import InvalidHandError, evaluate, strength
from engine.games.mata_ases.showdown import (best_play, highest_open, kills_aces, lowest_open,
                                             player_with_highest_open, player_with_lowest_open, showdown,
                                             visible_value)

C = parse_cards


def brute_force(own, ayudas) -> int:
    """The 16 legal plays (five own; four own + one ayuda), evaluated one by one."""
    plays = [tuple(own)] + [four + (a,) for four in itertools.combinations(own, 4) for a in ayudas]
    return max(strength(play) for play in plays)


def test_walkthrough_showdown_two_pair_aces_and_kings_beats_queens_and_eights():
    # The guide's hand: you hold two Aces and get the King of diamonds; Ana shows a pair of Queens.
    result = showdown({"Tú": C("As Ah 7c Kd 3h"), "Ana": C("Qs Qd 8h 5c 2s")}, C("Kc 8d 4s"))
    you, ana = result.plays["Tú"], result.plays["Ana"]
    assert you.name == "Doble par de Ases y Reyes" and you.kills_aces and you.ayuda == Card.parse("Kc")
    assert ana.name == "Doble par de Reinas y Ochos" and ana.kills_aces
    assert format_cards(you.cards) == ["As", "Ah", "Kd", "Kc", "7c"]
    assert result.winners == ["Tú"]


def test_who_wins_challenge_straight_flush_to_the_king():
    result = showdown(
        {"Tú": C("9s Ts Js Qs 2d"), "Ana": C("Ah Ad Ac Kh Kd"), "Beto": C("3c 4c 5c 7c 2h")},
        C("Ks 6c 8h"),
    )
    assert {name: play.name for name, play in result.plays.items()} == {
        "Tú": "Escalera de color al Rey",
        "Ana": "Full House de Ases y Reyes",
        "Beto": "Escalera de color al 7",
    }
    assert result.plays["Tú"].category == "straight_flush"  # not a royal flush: no Ace
    assert result.plays["Beto"].ayuda == Card.parse("6c")
    assert result.plays["Ana"].ayuda is None
    assert result.winners == ["Tú"]


def test_never_two_ayudas():
    # Two ayudas would make four Aces; only one may be used: three Aces.
    play = best_play(C("As Ah Kd 7c 2s"), C("Ad Ac 9h"))
    assert play.category == "three_of_a_kind" and play.name == "Trío de Ases"
    assert sum(card in C("Ad Ac 9h") for card in play.cards) == 1
    # A flush needs four own cards of the suit: three own hearts and two heart ayudas do not make one.
    play = best_play(C("2h 5h 9h Kc Qd"), C("Jh Th 3s"))
    assert play.category != "flush"


def test_the_five_own_cards_alone_can_be_the_play():
    play = best_play(C("2h 5h 9h Jh Kh"), C("Ac Ad As"))
    assert play.category == "flush" and play.ayuda is None
    assert set(play.cards) == set(C("2h 5h 9h Jh Kh"))


def test_kills_aces_boundary():
    assert not best_play(C("Ks Kd 7c 5h 2s"), C("Qh 9d 3c")).kills_aces  # pair of Kings: not enough
    assert best_play(C("As Kd 7c 5h 2s"), C("Ah 9d 3c")).kills_aces  # an ayuda makes the pair of Aces
    assert best_play(C("2s 2d 3c 3h 7s"), C("Qh 9d 4c")).kills_aces  # any two pair kills them
    weakest = evaluate(C("Ac Ad 4h 3s 2c"))
    assert kills_aces(weakest) and kills_aces(weakest.strength)
    assert not kills_aces(evaluate(C("Kc Kd Qh Js 9c")))


def test_nobody_kills_the_aces_means_no_winner():
    result = showdown({"Ana": C("Ks Kd 7c 5h 2s"), "Beto": C("Qs Jd 9c 4h 3s")}, C("Kh 6d 8c"))
    assert result.plays["Ana"].name == "Trío de Reyes"  # three Kings kill the Aces
    assert result.winners == ["Ana"]
    result = showdown({"Ana": C("Ks Qd 7c 5h 2s"), "Beto": C("Qs Jd 9c 4h 3s")}, C("Kh 6d 8c"))
    assert [p.name for p in result.plays.values()] == ["Par de Reyes", "Carta alta: Rey"]
    assert result.winners == []


def test_even_the_last_player_must_kill_the_aces():
    assert showdown({"Ana": C("Ks Kd 7c 5h 2s")}, C("Qh 6d 8c")).winners == []
    assert showdown({"Ana": C("As Kd 7c 5h 2s")}, C("Ah 6d 8c")).winners == ["Ana"]


def test_ties_share_and_only_killers_count():
    # Both use the Ace of hearts ayuda for the same pair of Aces with the same kickers.
    result = showdown(
        {"Ana": C("As Kd Qc 5h 2s"), "Beto": C("Ac Kh Qd 5d 2c"), "Carla": C("Ks Kc 9c 8h 7s")},
        C("Jh 3d 4c"),
    )
    assert [result.plays[n].name for n in ("Ana", "Beto", "Carla")] == [
        "Carta alta: As", "Carta alta: As", "Par de Reyes"]
    assert result.winners == []
    result = showdown({"Ana": C("As Ad Qc 5h 2s"), "Beto": C("Ac Ah Qd 5d 2c"), "Carla": C("Ks Kc Kd 8h 7s")},
                      C("Jh 3d 4c"))
    assert result.winners == ["Carla"]
    result = showdown({"Ana": C("As Ad Qc 5h 2s"), "Beto": C("Ac Ah Qd 5d 2c")}, C("Jh 3d 4c"))
    assert result.winners == ["Ana", "Beto"]


def test_invalid_hands():
    with pytest.raises(InvalidHandError, match="5 cartas propias"):
        best_play(C("As Ad Qc 5h"), C("Jh 3d 4c"))
    with pytest.raises(InvalidHandError, match="3 ayudas"):
        best_play(C("As Ad Qc 5h 2s"), C("Jh 3d 4c 6c"))
    with pytest.raises(InvalidHandError, match="repetida"):
        best_play(C("As Ad Qc 5h 2s"), C("Jh 3d As"))
    with pytest.raises(InvalidHandError, match="repetida"):
        best_play(C("As Ad Qc 5h As"), C("Jh 3d 4c"))
    with pytest.raises(InvalidHandError, match="repetida"):
        showdown({"Ana": C("As Ad Qc 5h 2s"), "Beto": C("As Kd Qd 5d 2c")}, C("Jh 3d 4c"))


def test_best_play_equals_the_16_hand_brute_force():
    rng = random.Random(16)
    for _ in range(5000):
        deal = rng.sample(DECK, 8)
        own, ayudas = deal[:5], deal[5:]
        play = best_play(own, ayudas)
        assert play.strength == brute_force(own, ayudas)
        assert strength(play.cards) == play.strength and set(play.cards) <= set(deal)
        used = [card for card in play.cards if card in ayudas]
        assert used == ([] if play.ayuda is None else [play.ayuda])


@given(st.lists(st.sampled_from(DECK), min_size=8, max_size=8, unique=True))
def test_property_best_play_is_legal_and_optimal(deal):
    own, ayudas = deal[:5], deal[5:]
    play = best_play(own, ayudas)
    assert play.strength == brute_force(own, ayudas)
    assert len(set(play.cards) & set(ayudas)) <= 1
    assert play.kills_aces == (play.strength >= evaluate(C("Ac Ad 4h 3s 2c")).strength)
    if play.ayuda is not None:  # the ayuda is only reported when it improves on the five own cards
        assert play.strength > strength(own)


# ---------------------------------------------------------------------------------------------
# Visible hands.

def test_visible_hands_rank_stud_style():
    ayudas = C("2h 9d 5c")
    order = [
        visible_value(C("8c 8d 8h 8s"), ()),
        visible_value(C("7c 7d 7h"), ayudas),
        visible_value(C("Kc Kd"), C("6c 6d 7h")),  # kings up, sixes only with one ayuda: pair
        visible_value(C("Kc Kd 6h"), C("6c")),
        visible_value(C("Ac Ad"), ayudas),
        visible_value(C("As Kc"), ayudas),
    ]
    assert [v.category for v in order] == [
        "four_of_a_kind", "three_of_a_kind", "pair", "two_pair", "pair", "high_card"]
    assert visible_value(C("Kc Kd 6h"), C("6c")) > visible_value(C("Ac Ad"), ayudas)
    assert visible_value(C("7c 7d 7h"), ayudas) > visible_value(C("Kc Kd 6h"), C("6c"))


def test_no_straights_or_flushes_with_fewer_than_five_cards():
    four_to_a_straight = visible_value(C("9c Td Jh"), C("Qs"))
    assert four_to_a_straight.category == "high_card" and four_to_a_straight.name == "Reina de picas"
    four_flush = visible_value(C("2h 5h 9h"), C("Kh"))
    assert four_flush.category == "high_card"
    assert visible_value(C("9c Td Jh Qs"), C("8d")).name == "escalera a la Reina"
    assert visible_value(C("2h 5h 9h Jh"), C("Kh")).name == "color al Rey"
    # Five visible cards that make nothing more than a pair still count as a pair.
    assert visible_value(C("2h 5h 9h Jh"), C("Jd")).name == "par de Jotas"


def test_visible_uses_at_most_one_ayuda():
    value = visible_value(C("Ac"), C("Ad Ah 2c"))
    assert value.name == "par de Ases" and len(value.cards) == 2
    assert value.ayuda == Card.parse("Ah")  # equal pairs: the higher suit is shown
    assert visible_value(C("Kc Kd"), ()).ayuda is None


def test_visible_names():
    assert visible_value(C("Qs Qd"), C("7h")).name == "par de Reinas"
    assert visible_value(C("As 7d"), ()).name == "As de picas"
    assert visible_value(C("Ks 7d Kh"), C("7c")).name == "doble par de Reyes y Sietes"
    assert visible_value(C("8s 8d 8h"), ()).name == "trío de Ochos"
    assert visible_value(C("8s 8d 8h 8c"), ()).name == "póker de Ochos"
    assert visible_value(C("Ks Kd Kh 8c"), C("8s")).name == "full house de Reyes y Ochos"


def test_equal_visible_hands_break_ties_by_suit():
    spades, hearts = visible_value(C("Ks 7d"), ()), visible_value(C("Kh 7c"), ())
    assert spades > hearts
    assert visible_value(C("Qs Qc"), ()) > visible_value(C("Qh Qd"), ())
    # The same ayuda counted by both: their own cards decide.
    assert visible_value(C("Kd"), C("As")) > visible_value(C("Kc"), C("As"))


def test_more_visible_cards_rank_higher_when_the_rest_is_equal():
    assert visible_value(C("As Kd 4c"), ()) > visible_value(C("Ah Kc"), ())


@given(st.lists(st.sampled_from(DECK), min_size=10, max_size=10, unique=True),
       st.integers(1, 4), st.integers(1, 4), st.integers(0, 2))
def test_property_visible_values_of_two_players_never_tie(cards, n_a, n_b, n_ayudas):
    a, b, ayudas = cards[:n_a], cards[4:4 + n_b], cards[8:8 + n_ayudas]
    va, vb = visible_value(a, ayudas), visible_value(b, ayudas)
    assert va != vb and (va < vb) != (vb < va)
    assert len(va.cards) <= 5 and set(va.cards) <= set(a) | set(ayudas)
    assert len(set(va.cards) & set(ayudas)) <= 1
    options = [visible_value(a, ())] + [visible_value(a, [x]) for x in ayudas]
    assert va == max(options)


def test_visible_value_errors():
    with pytest.raises(InvalidHandError):
        visible_value((), C("As"))
    with pytest.raises(InvalidHandError):
        visible_value(C("As Ks Qs Js Ts 9s"), ())
    with pytest.raises(InvalidHandError):
        visible_value(C("As Ks"), C("As"))


def test_openers():
    # Botón Ante: the highest open card speaks; suits break ties, spades first.
    assert highest_open(C("Kd As Ah")) == Card.parse("As")
    assert highest_open(C("Qh Qs Qd")) == Card.parse("Qs")
    # Bring In: the lowest open card posts it; clubs is the lowest suit.
    assert lowest_open(C("2d 2c 9s")) == Card.parse("2c")
    assert lowest_open(C("3h 3s")) == Card.parse("3h")
    opened = {"Ana": Card.parse("Qh"), "Beto": Card.parse("Qs"), "Tú": Card.parse("4c")}
    assert player_with_highest_open(opened) == "Beto"
    assert player_with_lowest_open(opened) == "Tú"
    for helper in (highest_open, lowest_open, player_with_highest_open, player_with_lowest_open):
        with pytest.raises(EngineError):
            helper({} if "player" in helper.__name__ else [])


def test_hand_names_inside_sentences_lower_only_the_category():
    from engine.evaluation import in_running_text

    assert in_running_text("Full House de Ases y Cincos", "full_house") == "full house de Ases y Cincos"
    assert in_running_text("Doble par de Ases y Reyes", "two_pair") == "doble par de Ases y Reyes"
    assert in_running_text("Escalera real", "royal_flush") == "escalera real"
