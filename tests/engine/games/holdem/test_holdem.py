"""Texas Hold'em: positions by table size, order of action, seven-card showdown, split pots."""

from __future__ import annotations

import doctest

import pytest

import engine.games.holdem.rules
from engine.cards import format_cards, parse_cards
from engine.errors import EngineError
from engine.evaluation import InvalidHandError
from engine.games.holdem.rules import (deal_order, odd_chip_order, positions, postflop_order, preflop_order,
                                       settle, showdown, showdown_order, split_among_winners)
from engine.pots import side_pots

C = parse_cards


def test_doctests():
    assert doctest.testmod(engine.games.holdem.rules).failed == 0


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


def test_heads_up_button_is_the_small_blind_acts_first_pre_flop_and_last_after():
    names = positions(2)
    assert names[0] == "D/SB"  # seat 0 holds the button
    assert [names[s] for s in preflop_order(2)] == ["D/SB", "BB"]
    assert [names[s] for s in postflop_order(2)] == ["BB", "D/SB"]


def test_heads_up_the_big_blind_gets_the_first_card_and_the_button_the_second():
    names = positions(2)
    assert [names[s] for s in deal_order(2)] == ["BB", "D/SB"]


@pytest.mark.parametrize("n", range(3, 11))
def test_cards_are_dealt_from_the_left_of_the_button_which_gets_the_last_card(n):
    names = positions(n)
    order = [names[s] for s in deal_order(n)]
    assert order[0] == "SB" and order[-1] == "D" and sorted(order) == sorted(names)


def test_showdown_order_without_a_river_bet_starts_left_of_the_button():
    # Heads-up: the big blind acts first on the river, so it shows first (TDA 16).
    names = positions(2)
    assert [names[s] for s in showdown_order(2, [0, 1])] == ["BB", "D/SB"]
    # Six players, SB and BB folded: the first still in the hand left of the button shows first.
    names = positions(6)
    assert [names[s] for s in showdown_order(6, [0, 3, 5])] == ["UTG", "CO", "D"]


def test_showdown_order_with_a_river_bet_starts_with_the_last_aggressor():
    names = positions(6)
    assert [names[s] for s in showdown_order(6, [0, 1, 4], last_aggressor=4)] == ["HJ", "D", "SB"]
    names = positions(2)
    assert [names[s] for s in showdown_order(2, [0, 1], last_aggressor=0)] == ["D/SB", "BB"]


def test_showdown_order_errors():
    with pytest.raises(EngineError):
        showdown_order(6, [0, 7])
    with pytest.raises(EngineError):
        showdown_order(6, [0, 1], last_aggressor=2)
    with pytest.raises(EngineError):
        showdown_order(6, [])


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


SEATS = ["Ana", "Beto", "Carla", "Dani", "Eva"]


def test_odd_chips_go_clockwise_from_the_button_not_by_suit():
    # Button Carla: clockwise from her left come Dani, Eva, Ana, Beto and Carla herself last.
    assert odd_chip_order(["Ana", "Carla", "Eva"], SEATS, "Carla") == ["Eva", "Ana", "Carla"]
    assert odd_chip_order(["Beto", "Ana"], SEATS, "Ana") == ["Beto", "Ana"]
    # Heads-up the button is the small blind: the odd chip goes to the big blind.
    assert odd_chip_order(["SB", "BB"], ["SB", "BB"], "SB") == ["BB", "SB"]
    with pytest.raises(EngineError):
        odd_chip_order(["Ana"], SEATS, "Zoe")
    with pytest.raises(EngineError):
        odd_chip_order(["Zoe"], SEATS, "Ana")


def test_the_odd_chip_ignores_the_suits_of_the_hole_cards():
    # Ana and Beto split the board's straight; Ana holds the higher cards by suit (spades), but Beto
    # sits first to the button's left, so Beto takes the odd chip.
    holes = {"Ana": C("2s 3s"), "Beto": C("2c 3c")}
    result = showdown(holes, C("Ts Jh Qc Kd Ac"))
    assert result.winners == ["Ana", "Beto"]
    settled = settle(result.values, ["Ana", "Beto"], "Ana", {"Ana": 51, "Beto": 51})
    assert settled.awards == {"Ana": 51, "Beto": 51}
    settled = settle(result.values, ["Ana", "Beto", "Carla"], "Ana", {"Ana": 50, "Beto": 50, "Carla": 1}, ["Carla"])
    assert settled.pots[0].winners == ("Beto", "Ana") and settled.awards == {"Ana": 50, "Beto": 51}


def test_split_among_winners_settles_each_pot_on_its_own():
    board = C("Ts Jh Qc 2d 3h")
    holes = {"A": C("Ac Kc"), "B": C("Ad Kd"), "C": C("9c 8c"), "D": C("4c 4d")}
    result = showdown(holes, board)
    pots = side_pots({"A": 101, "B": 200, "C": 200, "D": 300}, folded=[])
    assert [p.amount for p in pots] == [404, 297, 100]
    settled = split_among_winners(pots, result.values, ["A", "B", "C", "D"], "D")
    # A and B tie with the Ace-high straight: the main pot splits, the odd chip to A (first left of
    # the button D); B takes the second pot alone; only D is left for the third.
    assert [(r.winners, r.shares) for r in settled] == [
        (("A", "B"), {"A": 202, "B": 202}), (("B",), {"B": 297}), (("D",), {"D": 100})]


def test_settle_returns_the_uncalled_bet_and_splits_every_pot():
    board = C("Ts Jh Qc 2d 3h")
    holes = {"A": C("Ac Kc"), "B": C("Ad Kd"), "C": C("9c 8c"), "D": C("4c 4d")}
    values = showdown(holes, board).values
    settled = settle(values, ["A", "B", "C", "D"], "B", {"A": 101, "B": 200, "C": 200, "D": 300})
    # D's 100 above everyone else's 200 was never called: it goes back to D and is no pot.
    assert settled.returned == {"D": 100}
    assert [(r.pot.amount, r.pot.eligible, r.winners) for r in settled.pots] == [
        (404, ("A", "B", "C", "D"), ("A", "B")), (297, ("B", "C", "D"), ("B",))]
    # Button B: the odd chip of the main pot goes to the first winner after B clockwise, which is A.
    assert settled.pots[0].shares == {"A": 202, "B": 202}
    assert settled.awards == {"A": 202, "B": 499, "C": 0, "D": 0}
    assert sum(settled.awards.values()) + sum(settled.returned.values()) == 801


def test_settle_folded_chips_stay_in_the_pots_they_reach():
    board = C("2c 7d 9h Js Kd")
    holes = {"A": C("Ah Ad"), "B": C("Qc Qh")}
    values = showdown(holes, board).values
    # C bet 40 and folded to B's raise; A is all-in for 30.
    settled = settle(values, ["A", "B", "C"], "C", {"A": 30, "B": 100, "C": 40}, ["C"])
    assert settled.returned == {"B": 60}
    assert [(r.pot.amount, r.pot.eligible, r.winners) for r in settled.pots] == [
        (90, ("A", "B"), ("A",)), (20, ("B",), ("B",))]
    assert settled.awards == {"A": 90, "B": 20}


def test_an_all_in_smaller_than_the_big_blind_does_not_win_the_whole_blinds():
    board = C("2c 7d 9h Js Kd")
    holes = {"D": C("Qc Qh"), "SB": C("Ah Ad"), "BB": C("3c 4c")}
    values = showdown(holes, board).values
    # Blinds 10/20: SB is all-in for 7; the button calls 20, nobody bets later.
    settled = settle(values, ["D", "SB", "BB"], "D", {"D": 20, "SB": 7, "BB": 20})
    assert [(r.pot.amount, r.winners) for r in settled.pots] == [(21, ("SB",)), (26, ("D",))]
    assert settled.awards == {"D": 26, "SB": 21, "BB": 0}


def test_every_position_code_has_one_spanish_name_and_the_page_uses_it():
    from pathlib import Path

    from engine.spanish import position_name

    page = (Path(__file__).resolve().parents[4] / "docs" / "holdem" / "index.md").read_text(encoding="utf-8")
    codes = {code for n in range(2, 11) for code in positions(n)}
    names = {code: position_name(code) for code in codes}
    assert names["CO"] == "cutoff" and names["HJ"] == "hijack" and names["D"] == "botón"
    for code in ("CO", "HJ"):  # the page names these seats in running text, with their code
        assert f"**{names[code]} ({code})**" in page, code
