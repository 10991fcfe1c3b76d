"""uth-decision: river values against treys and rules written here; a flop against a brute-force
count; the simple strategy's clear cases; the protocol reply, progress and errors."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from itertools import combinations

import pytest

from engine import protocol
from engine.cards import DECK, parse_cards
from engine.evaluation import strength
from engine.games.ultimate.strategy import dealer_outs, decision, simple_strategy
from tests.engine.drills.test_drills import uth_nets


def river_value_by_treys(hole, board) -> Fraction:
    """Ante + Blind + Play (1x) summed over the dealer's 990 holdings, by seed 003's rules and treys."""
    left = [str(c) for c in DECK if c not in hole and c not in board]
    h, b = [str(c) for c in hole], [str(c) for c in board]
    total = Fraction(0)
    for dealer in combinations(left, 2):
        ante, blind, play, _ = uth_nets(h, list(dealer), b, 1, 1)
        total += ante + blind + play
    return total / 990


def test_river_values_against_treys():
    rng = random.Random(15)
    for case in range(12):
        hole = rng.sample(DECK, 2)
        rest = [c for c in DECK if c not in hole]
        suited = [c for c in rest if c.suit == case % 4]
        k = (5, 4, 3, 0)[case % 4]  # flush boards of every kind, and plain ones
        board = rng.sample(suited, k)
        board += rng.sample([c for c in rest if c not in board and c.suit != case % 4], 5 - k)
        result = decision(hole, board)
        assert result.options["1x"] == river_value_by_treys(hole, board), (hole, board)
        assert result.options["fold"] == -2
        assert result.best == ("1x" if result.options["1x"] >= -2 else "fold")


def test_a_flop_against_the_brute_force_count():
    """Every turn, river and dealer holding, one by one (1.07 million hands), on a flop of one suit."""
    hole, flop = parse_cards("Ah Kd"), parse_cards("Qs 9s 4s")
    left = [c for c in DECK if c not in hole and c not in flop]
    blind2 = {9: 1000, 8: 100, 7: 20, 6: 6, 5: 3, 4: 2}  # twice the Blind's pays, by category code
    bet = check = 0
    for turn, river in combinations(left, 2):
        board = flop + [turn, river]
        mine = strength(hole + board)
        b2 = blind2.get(mine >> 20, 0)
        one = two = 0  # twice the net of Ante + Blind + Play with 1x and 2x, over the dealer's holdings
        for dealer in combinations([c for c in left if c is not turn and c is not river], 2):
            theirs = strength(list(dealer) + board)
            q = theirs >> 20 != 0  # the dealer qualifies with a pair or better
            if mine > theirs:
                one, two = one + 2 * (1 + q) + b2, two + 2 * (2 + q) + b2
            elif mine < theirs:
                one, two = one - 2 * (2 + q), two - 2 * (3 + q)
        bet += two
        check += max(one, -4 * 990)
    result = decision(hole, flop)
    assert result.options == {"2x": Fraction(bet, 2 * 990 * 1081), "check": Fraction(check, 2 * 990 * 1081)}
    assert result.deals == 990 * 1081


@pytest.mark.parametrize("hole, board", [
    ("8h 8d", "Ks 7c 2d"),     # a hidden pair
    ("Kh 7d", "Ks 7c 2d"),     # two pair with both cards
    ("5s 5d", "5h 9c Jd"),     # a set
])
def test_flop_bets_2x_where_the_simple_strategy_does(hole, board):
    result = decision(parse_cards(hole), parse_cards(board))
    assert result.best == "2x" and result.loss("check") > 0


@pytest.mark.parametrize("hole, board, best", [
    ("8h 8d", "Ks 7c 2d 3h 4s", "1x"),   # a hidden pair calls
    ("7h 2d", "As Kc Qd Jh 9s", "fold"),  # nothing against a board of high cards
    ("3c 2d", "As Ac Kd Kh Qs", "1x"),    # the board plays: mostly a tie (all returned), better than −2
])
def test_river_clear_cases(hole, board, best):
    assert decision(parse_cards(hole), parse_cards(board)).best == best


def test_protocol_reply_progress_and_errors():
    reply = protocol.answer("uth-decision", {"hole": ["Ah", "Kd"], "board": ["Qs", "9c", "4h", "7d", "2s"]})
    assert reply["street"] == "river" and set(reply["options"]) == {"1x", "fold"}
    assert reply["best"] == "1x" and reply["loss"]["1x"] == 0 and reply["loss"]["fold"] > 0
    assert reply["text"]["fold"] == "−2,000" and reply["names"]["fold"] == "retirarse"
    calls = []
    text = protocol.answer_json("uth-decision", '{"hole": ["7h", "7d"], "board": ["7s", "2c", "Kd"]}',
                                lambda d, t: calls.append((d, t)))
    assert json.loads(text)["best"] == "2x"
    assert calls[-1] == (1081, 1081) and [d for d, _ in calls] == sorted(d for d, _ in calls)
    assert protocol.answer("uth-decision", {"hole": ["Ah", "Kd"], "board": []})["street"] == "preflop"
    assert protocol.answer("uth-decision", {"hole": ["Ah", "Kd"], "board": ["2c"]})["field"] == "board"
    assert protocol.answer("uth-decision", {"hole": ["Ah", "Kd"], "board": ["2c", "3c", "4c", "5c"]})["field"] == "board"
    assert protocol.answer("uth-decision", {"hole": ["Ah", "Kd"], "board": ["Ah", "3c", "4c"]})["field"] == "board[0]"


@pytest.mark.parametrize("hole, board, expected", [
    ("8h 8d", "Ks 7c 2d", ("2x", "hidden-pair")),
    ("2h 2d", "Ks 7c 9d", ("check", "pocket-deuces")),     # pocket deuces are the exception
    ("2h 2d", "Ks Kc 9d", ("2x", "two-pair")),             # ... but not with the board's pair
    ("2h Ad", "2s 7c 9d", ("2x", "hidden-pair")),          # a deuce paired with the board is not
    ("5h 2c", "Ks Kd 5d", ("2x", "two-pair")),
    ("Ah Qd", "Ks Kd 5c", ("check", "nothing-flop")),      # the board's pair is nobody's own
    ("Ac Kd", "5c 5d 5h", ("check", "nothing-flop")),
    ("Qc Jc", "Kc 5c 2h", ("2x", "flush-draw")),
    ("Qc 9h", "Kc 5c 2c", ("2x", "flush-draw")),
    ("9c 8h", "Kc 5c 2c", ("check", "nothing-flop")),      # the hidden suited card is below 10
    ("8h 8d", "Ks 7c 2d 3h 4s", ("1x", "hidden-hand")),
    ("7h 2d", "As Kc Qd Jh 9s", ("1x", "few-outs")),       # 19 outs: the board plays, and is strong
    ("3c 2d", "Ks 9h 7c 5d 4s", ("fold", "many-outs")),
    ("3c 3d", "", ("4x", "preflop-raise")),
    ("Kd 4c", "", ("check", "preflop-check")),
])
def test_simple_strategy(hole, board, expected):
    assert simple_strategy(parse_cards(hole), parse_cards(board) if board else []) == expected


def test_simple_flop_reasons_state_the_rule_not_a_false_fact_about_the_hand():
    """Issue 23 (7): «(la pareja de doses en la mano no cuenta)» read as a statement about the reader's hand;
    the exception is the rule's. With pocket deuces the reason no longer says «no tienes pareja»."""
    from engine.games.ultimate.strategy import simple_reason

    eights = simple_reason(parse_cards("8h 8d"), parse_cards("Ks 7c 2d"), "hidden-pair")
    assert "salvo con los doses en la mano" in eights and "no cuenta" not in eights
    deuces = simple_reason(parse_cards("2h 2d"), parse_cards("Ks 7c 9d"), "pocket-deuces")
    assert deuces.startswith("tu única pareja son los doses en la mano") and "no tienes pareja" not in deuces


def test_dealer_outs_counted_one_card_at_a_time():
    hole, board = parse_cards("Ah Kd"), parse_cards("Qs 9c 4h 7d 2s")
    mine = strength(hole + board)
    left = [c for c in DECK if c not in hole and c not in board]
    assert dealer_outs(hole, board) == sum(strength(board + [c]) > mine for c in left) == 15  # a pair of the board


def test_simple_strategy_costs_little_on_the_river():
    """Against the exact decision on 300 random rivers: the same choice almost always."""
    rng = random.Random(3)
    agree = 0
    for _ in range(300):
        cards = rng.sample(DECK, 7)
        exact = decision(cards[:2], cards[2:])
        choice, _ = simple_strategy(cards[:2], cards[2:])
        agree += exact.loss(choice) == 0
    assert agree >= 285
