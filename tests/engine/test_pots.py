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
    assert [(p.floor, p.level) for p in pots] == [(0, 100), (100, 150), (150, 450)]
    assert [p.contributions for p in pots] == [
        {"UTG1": 100, "UTG2": 100, "HJ": 100, "D": 100, "SB": 10, "BB": 100},
        {"UTG2": 50, "HJ": 50, "D": 50, "BB": 50},
        {"D": 300, "BB": 300},
    ]
    assert list(pots[0].contributions) == ["UTG1", "UTG2", "HJ", "D", "SB", "BB"]  # seat order


def test_no_all_in_is_one_pot():
    assert side_pots({"A": 50, "B": 50, "C": 20}, ["C"]) == [Pot(120, ("A", "B"))]


def test_zero_contributions():
    assert side_pots({"A": 0, "B": 0}) == []
    assert side_pots({"A": 0, "B": 10}, ["B"]) == [Pot(10, ("A",))]


def test_folded_chips_above_every_live_player_go_to_the_last_pot():
    [pot] = side_pots({"A": 100, "B": 50}, ["A"])
    assert pot == Pot(150, ("B",))
    assert (pot.level, pot.contributions) == (50, {"A": 100, "B": 50})


def test_an_all_in_smaller_than_the_big_blind_leaves_part_of_the_blind_in_a_side_pot():
    # Blinds 10/20: SB all-in for 7, BB's 20 and D's call of 20 -> the main pot holds 7 of each.
    main, side = side_pots({"D": 20, "SB": 7, "BB": 20})
    assert (main.amount, main.level, main.eligible) == (21, 7, ("D", "SB", "BB"))
    assert (side.amount, side.floor, side.level, side.contributions) == (26, 7, 20, {"D": 13, "BB": 13})


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
    assert [p.floor for p in pots[1:]] == [p.level for p in pots[:-1]]
    for pot in pots:
        assert pot.amount == sum(pot.contributions.values()) and pot.dead == 0
        assert all(chips > 0 for chips in pot.contributions.values())
        assert list(pot.contributions) == [n for n in names if n in pot.contributions]
        assert pot.eligible == tuple(n for n in live if bets[n] >= pot.level)
        if pot is not pots[-1]:  # the last pot may also take folded chips above every live bet
            assert pot.contributions == {n: min(b, pot.level) - pot.floor for n, b in bets.items() if b > pot.floor}
    for name in names:  # every chip is in exactly one pot
        assert sum(p.contributions.get(name, 0) for p in pots) == bets[name]
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
    assert [(p.dead, p.level) for p in merged] == [(25, 50), (0, 200)]
    # A player still in who put nothing in (all-in with no chips) can win only the dead money.
    apart = side_pots({"A": 0, "B": 50, "C": 100}, dead=25)
    assert [(p.amount, p.eligible) for p in apart] == [(25, ("A", "B", "C")), (100, ("B", "C")), (50, ("C",))]
    assert [(p.dead, p.floor, p.level, p.contributions) for p in apart] == [
        (25, 0, 0, {}), (0, 0, 50, {"B": 50, "C": 50}), (0, 50, 100, {"C": 50})]
    assert [(p.amount, p.eligible) for p in side_pots({"A": 0, "B": 0}, dead=25)] == [(25, ("A", "B"))]
