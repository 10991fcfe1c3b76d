"""Texas Hold'em: positions by table size, order of action, seven-card showdown, split pots."""

from __future__ import annotations

import doctest

import pytest

import engine.games.holdem
from engine.cards import format_cards, parse_cards
from engine.errors import EngineError
from engine.evaluation import InvalidHandError
from engine.games.holdem import (
    odd_chip_order,
    positions,
    postflop_order,
    preflop_order,
    showdown,
    split_among_winners,
)
from engine.pots import side_pots

C = parse_cards


def test_doctests():
    assert doctest.testmod(engine.games.holdem).failed == 0


@pytest.mark.parametrize("n, names", [
    (2, "D/SB BB"),
    (3, "D SB BB"),
    (4, "D SB BB CO"),
    (5, "D SB BB HJ CO"),
    (6, "D SB BB UTG HJ CO"),
    (7, "D SB BB UTG1 UTG2 HJ CO"),
    (8, "D SB BB UTG1 UTG2 UTG3 HJ CO"),
    (9, "D SB BB UTG1 UTG2 UTG3 UTG4 HJ CO"),
    (10, "D SB BB UTG1 UTG2 UTG3 UTG4 UTG5 HJ CO"),
])
def test_positions_by_table_size(n, names):
    assert positions(n) == tuple(names.split())


def test_seed_side_pot_example_seats_match_nine_handed_names():
    assert set(positions(9)) == {"UTG1", "UTG2", "UTG3", "UTG4", "HJ", "CO", "D", "SB", "BB"}


@pytest.mark.parametrize("n", range(3, 11))
def test_left_of_the_big_blind_acts_first_pre_flop_and_left_of_the_button_after(n):
    names = positions(n)
    pre = [names[s] for s in preflop_order(n)]
    post = [names[s] for s in postflop_order(n)]
    assert pre[-1] == "BB" and pre[-2] == "SB" and pre[-3] == "D"
    assert post[0] == "SB" and post[-1] == "D"
    assert sorted(pre) == sorted(post) == sorted(names)
    if n >= 4:
        assert pre[0] == names[3]


def test_heads_up_dealer_is_small_blind_first_pre_flop_second_after():
    names = positions(2)
    assert [names[s] for s in preflop_order(2)] == ["D/SB", "BB"]
    assert [names[s] for s in postflop_order(2)] == ["BB", "D/SB"]


@pytest.mark.parametrize("n", [0, 1, 11])
def test_table_size_out_of_range(n):
    for fn in (positions, preflop_order, postflop_order):
        with pytest.raises(EngineError):
            fn(n)


def test_showdown_best_five_and_winner():
    result = showdown({"Ana": C("Ah Kh"), "Beto": C("Qc Qd")}, C("Qh Jh Th 2s 3c"))
    assert result.values["Ana"].category == "royal_flush"
    assert format_cards(result.values["Ana"].cards) == ["Ah", "Kh", "Qh", "Jh", "Th"]
    assert result.values["Beto"].category == "three_of_a_kind"
    assert result.winners == ["Ana"]


def test_kickers_beyond_the_five_never_count_and_ties_split():
    result = showdown({"Ana": C("Ac 3d"), "Beto": C("Ad 2s")}, C("Ah Kh Qc Jd 9s"))
    assert result.winners == ["Ana", "Beto"]
    result = showdown({"Ana": C("2c 3d"), "Beto": C("2h 4s"), "Carla": C("Kc 7d")}, C("Ts Jh Qc Kd As"))
    assert result.winners == ["Ana", "Beto", "Carla"]  # the board's straight for all three


def test_kicker_inside_the_five_counts():
    result = showdown({"Ana": C("Ac Qd"), "Beto": C("Ad Js")}, C("Ah Kh 7c 4d 2s"))
    assert result.winners == ["Ana"]


def test_showdown_errors():
    with pytest.raises(InvalidHandError):
        showdown({"Ana": C("Ac Qd")}, C("Ah Kh 7c 4d"))
    with pytest.raises(InvalidHandError):
        showdown({"Ana": C("Ac")}, C("Ah Kh 7c 4d 2s"))
    with pytest.raises(InvalidHandError):
        showdown({"Ana": C("Ac Qd"), "Beto": C("Ac Js")}, C("Ah Kh 7c 4d 2s"))
    with pytest.raises(InvalidHandError):
        showdown({}, C("Ah Kh 7c 4d 2s"))


def test_odd_chips_go_to_the_highest_hole_card_by_suit():
    holes = {"Ana": C("2c 3d"), "Beto": C("2h 3s"), "Carla": C("2d 3c")}
    assert odd_chip_order(["Ana", "Beto", "Carla"], holes) == ["Beto", "Ana", "Carla"]


def test_split_among_winners_settles_each_pot_on_its_own():
    board = C("Ts Jh Qc 2d 3h")
    holes = {"A": C("Ac Kc"), "B": C("Ad Kd"), "C": C("9c 8c"), "D": C("4c 4d")}
    result = showdown(holes, board)
    pots = side_pots({"A": 101, "B": 200, "C": 200, "D": 300}, folded=[])
    assert [p.amount for p in pots] == [404, 297, 100]
    won = split_among_winners(pots, result.values, holes)
    # A and B tie with the Ace-high straight: the main pot splits (odd chip to B, Ad > Ac); B takes
    # the second pot alone; only D is left for the third.
    assert won == {"A": 202, "B": 202 + 297, "C": 0, "D": 100}
    assert sum(won.values()) == 801
