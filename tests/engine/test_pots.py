"""Side pots from contributions: the seed's example, edge cases and properties."""

from __future__ import annotations

import doctest

import pytest
from hypothesis import given
from hypothesis import strategies as st

import engine.pots
from engine.pots import InvalidPotError, Pot, odd_chip_order, side_pots, split_pot


def test_doctests():
    assert doctest.testmod(engine.pots).failed == 0


def test_seed_example_510_200_600():
    bets = {"UTG1": 100, "UTG2": 150, "UTG3": 0, "UTG4": 0, "HJ": 150, "CO": 0, "D": 450, "SB": 10, "BB": 450}
    pots = side_pots(bets, ["UTG3", "UTG4", "HJ", "CO", "SB"])
    assert pots == [
        Pot(510, ("UTG1", "UTG2", "D", "BB")),
        Pot(200, ("UTG2", "D", "BB")),
        Pot(600, ("D", "BB")),
    ]


def test_no_all_in_is_one_pot():
    assert side_pots({"A": 50, "B": 50, "C": 20}, ["C"]) == [Pot(120, ("A", "B"))]


def test_zero_contributions():
    assert side_pots({"A": 0, "B": 0}) == []
    assert side_pots({"A": 0, "B": 10}, ["B"]) == [Pot(10, ("A",))]


def test_folded_chips_above_every_live_player_go_to_the_last_pot():
    assert side_pots({"A": 100, "B": 50}, ["A"]) == [Pot(150, ("B",))]


def test_errors():
    with pytest.raises(InvalidPotError):
        side_pots({"A": -1, "B": 5})
    with pytest.raises(InvalidPotError):
        side_pots({"A": 1, "B": 5}, ["C"])
    with pytest.raises(InvalidPotError):
        side_pots({"A": 1, "B": 5}, ["A", "B"])
    with pytest.raises(InvalidPotError):
        split_pot(10, [])


def test_split_pot_odd_chips_in_the_order_given():
    assert split_pot(10, ["A", "B", "C"]) == {"A": 4, "B": 3, "C": 3}
    assert split_pot(11, ["A", "B", "C"]) == {"A": 4, "B": 4, "C": 3}
    assert split_pot(0, ["A"]) == {"A": 0}


contributions = st.dictionaries(st.sampled_from("ABCDEFGHIJ"), st.integers(0, 1000), min_size=1, max_size=10)


@given(contributions, st.data())
def test_property_pots_sum_to_the_bets_and_eligibility_nests(bets, data):
    names = list(bets)
    folded = data.draw(st.lists(st.sampled_from(names), unique=True, max_size=len(names) - 1))
    pots = side_pots(bets, folded)
    live = [n for n in names if n not in folded]
    assert sum(p.amount for p in pots) == sum(bets.values())
    assert all(p.amount > 0 for p in pots)
    for pot in pots:
        assert pot.eligible and set(pot.eligible) <= set(live)
        assert list(pot.eligible) == [n for n in names if n in pot.eligible]  # seat order
    for outer, inner in zip(pots, pots[1:]):
        assert set(inner.eligible) < set(outer.eligible)  # each side pot: fewer players
    if pots and any(bets[n] > 0 for n in live):
        top = max(bets[n] for n in live)
        assert set(pots[-1].eligible) == {n for n in live if bets[n] == top}
        # Each live player can win from every other player at most what they put in themselves.
        for name in live:
            reachable = sum(p.amount for p in pots if name in p.eligible)
            if bets[name] == top:
                assert reachable == sum(bets.values())
            else:
                assert reachable == sum(min(bet, bets[name]) for bet in bets.values())


@given(st.integers(0, 10_000), st.lists(st.sampled_from("ABCDEFGH"), min_size=1, max_size=8, unique=True))
def test_property_split_pot_shares_everything_fairly(amount, winners):
    shares = split_pot(amount, winners)
    assert sum(shares.values()) == amount
    assert max(shares.values()) - min(shares.values()) <= 1
    assert list(shares.values()) == sorted(shares.values(), reverse=True)


def test_odd_chip_order_highest_own_card_by_suit_first():
    from engine.cards import parse_cards

    own = {"Ana": parse_cards("Kd 2c"), "Beto": parse_cards("Kh 3c"), "Carla": parse_cards("Qs Js")}
    assert odd_chip_order(["Ana", "Beto", "Carla"], own) == ["Beto", "Ana", "Carla"]
    assert split_pot(101, odd_chip_order(["Ana", "Beto"], own)) == {"Beto": 51, "Ana": 50}


def test_dead_money_goes_to_a_main_pot_everyone_still_in_can_win():
    from engine.pots import side_pots

    merged = side_pots({"A": 50, "B": 200, "C": 200}, dead=25)
    assert [(p.amount, p.eligible) for p in merged] == [(175, ("A", "B", "C")), (300, ("B", "C"))]
    # A player still in who put nothing in (all-in with no chips) can win only the dead money.
    apart = side_pots({"A": 0, "B": 50, "C": 100}, dead=25)
    assert [(p.amount, p.eligible) for p in apart] == [(25, ("A", "B", "C")), (100, ("B", "C")), (50, ("C",))]
    assert [(p.amount, p.eligible) for p in side_pots({"A": 0, "B": 0}, dead=25)] == [(25, ("A", "B"))]
