"""Ultimate Texas Hold'em: the seed's worked examples and payout questions, every settlement rule."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import DECK, parse_cards
from engine.evaluation import InvalidHandError, evaluate
from engine.games.ultimate.rules import (BETS, BLIND_TABLE, DECISIONS, DEFAULT_TRIPS_TABLE, REASONS, TRIPS_TABLES,
                                         InvalidBetError, bet_line, blind_odds, json_amount, settle,
                                         simple_strategy_preflop, trips_expected_value, trips_house_edge,
                                         trips_odds, word_reason)

C = parse_cards


def nets(s) -> tuple:
    return (s.ante, s.blind, s.play, s.trips, s.total)


# The seed's four hands ------------------------------------------------------------------------

def test_example_1_flush_against_a_qualifying_pair_of_kings_pays_1350():
    s = settle(ante=100, trips=100, play=400, player=C("Ah 2h"), dealer=C("Kc Kd"), board=C("9h 7h 4h Ks 3c"))
    assert evaluate(C("Ah 2h 9h 7h 4h Ks 3c")).category == "flush"
    assert nets(s) == (100, 150, 400, 700, 1350)
    assert s.outcome == "win" and s.dealer_qualifies


def test_example_2_pair_of_queens_against_a_dealer_who_does_not_qualify_pays_200():
    s = settle(ante=100, play=200, player=C("Qh Qd"), dealer=C("Ac 8d"), board=C("2s 5h 9c Jd 3s"))
    assert not s.dealer_qualifies and s.outcome == "win"
    assert nets(s) == (0, 0, 200, 0, 200)


def test_example_3_pair_of_nines_against_pair_of_kings_loses_500():
    s = settle(ante=100, play=300, player=C("9h 9d"), dealer=C("Kc Kd"), board=C("2s 5h 7c Jd 3s"))
    assert nets(s) == (-100, -100, -300, 0, -500)


def test_example_4_both_play_the_board_push_and_trips_pays_400():
    s = settle(ante=100, trips=100, play=100, player=C("2c 3d"), dealer=C("2h 3s"), board=C("5s 6h 7c 8d 9s"))
    assert s.outcome == "tie"
    assert nets(s) == (0, 0, 0, 400, 400)


# The seed's three payout questions ------------------------------------------------------------

def test_question_blind_25_with_a_flush_pays_37_5():
    s = settle(ante=25, play=25, player=C("Ah 2h"), dealer=C("Kc Kd"), board=C("9h 7h 4h Ks 3c"))
    assert s.blind == Fraction(75, 2)
    assert json_amount(s.blind) == 37.5


def test_question_trips_10_with_a_full_house_pays_80():
    s = settle(ante=10, trips=10, play=0, player=C("Kh Kd"), dealer=C("2c 3d"), board=C("Ks 7h 7c 4d 9s"))
    assert s.trips == 80
    assert trips_odds("full_house") * 10 == 80


def test_question_ante_20_play_4x_wins_with_a_pair_against_a_qualifier_pays_100():
    s = settle(ante=20, play=80, player=C("Ah Ad"), dealer=C("Kc Kd"), board=C("2s 5h 7c Jd 3s"))
    assert s.ante + s.play == 100
    assert s.blind == 0  # a pair is below a straight: the Blind pushes


# Settlement rules -----------------------------------------------------------------------------

def test_fold_loses_ante_and_blind_but_trips_still_pays():
    s = settle(ante=10, trips=5, play=0, player=C("7h 7d"), dealer=C("2c 3d"), board=C("7s 7c Kh 4d 9s"))
    assert s.outcome == "fold"
    assert nets(s) == (-10, -10, 0, 150, 130)  # four of a kind: Trips 30 to 1


def test_dealer_not_qualifying_and_winning_pushes_only_the_ante():
    s = settle(ante=10, play=40, player=C("Qh 2d"), dealer=C("Ac 8d"), board=C("Ks 5h 9c Jd 3s"))
    assert not s.dealer_qualifies and s.outcome == "lose"
    assert nets(s) == (0, -10, -40, 0, -50)


def test_blind_pays_by_its_table_only_with_a_straight_or_better():
    board = C("9h 7h 4h Ks 3c")
    straight = settle(ante=10, play=10, player=C("6d 5d"), dealer=C("Kc Kd"), board=board)
    assert straight.player.category == "straight"
    assert straight.blind == 10
    royal = settle(ante=10, play=10, player=C("Ah Kh"), dealer=C("2c 2d"), board=C("Qh Jh Th 3s 4c"))
    assert evaluate(C("Ah Kh Qh Jh Th 3s 4c")).category == "royal_flush"
    assert nets(royal) == (10, 5000, 10, 0, 5020)
    assert [blind_odds(c) for c in ("royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush",
                                    "straight", "three_of_a_kind", "pair")] == [500, 50, 10, 3, Fraction(3, 2), 1,
                                                                                None, None]


def test_ties_push_everything_also_with_a_dealer_who_does_not_qualify():
    s = settle(ante=10, trips=10, play=20, player=C("2c 3d"), dealer=C("2h 3s"), board=C("Ah Kd 9c 7s 5h"))
    assert s.outcome == "tie" and not s.dealer_qualifies
    assert nets(s) == (0, 0, 0, -10, -10)


def test_kickers_beyond_five_never_count():
    # Both have A-K-Q-J-9 from the board with an extra low card: a tie.
    s = settle(ante=10, play=10, player=C("3c 2d"), dealer=C("4h 2s"), board=C("Ah Kd Qc Js 9h"))
    assert s.outcome == "tie" and nets(s)[:4] == (0, 0, 0, 0)


@pytest.mark.parametrize("table, three, straight, flush", [
    ("50-40-30-9-7-4-3", 3, 4, 7), ("50-40-30-8-6-5-3", 3, 5, 6), ("50-40-30-8-7-4-3", 3, 4, 7),
    ("50-40-20-7-6-5-3", 3, 5, 6)])
def test_trips_tables_are_data(table, three, straight, flush):
    assert TRIPS_TABLES[table]["three_of_a_kind"] == three
    assert TRIPS_TABLES[table]["straight"] == straight
    assert TRIPS_TABLES[table]["flush"] == flush
    assert trips_odds("two_pair", table) is None
    assert "-".join(str(v) for v in TRIPS_TABLES[table].values()) == table


def test_default_trips_table_and_blind_table():
    assert DEFAULT_TRIPS_TABLE == "50-40-30-8-7-4-3"
    assert BLIND_TABLE["flush"] == Fraction(3, 2)
    s = settle(ante=10, trips=10, play=0, player=C("Kh Kd"), dealer=C("2c 3d"), board=C("Ks 7h 7c 4d 9s"),
               trips_table="50-40-30-9-7-4-3")
    assert s.trips == 90


def test_trips_loses_below_three_of_a_kind():
    s = settle(ante=10, trips=10, play=10, player=C("Kh Kd"), dealer=C("2c 3d"), board=C("Qs 7h 7c 4d 9s"))
    assert s.trips == -10


@pytest.mark.parametrize("kwargs, match", [
    ({"play": 25}, "Play"), ({"play": 50}, "Play"), ({"play": -10}, "Play"), ({"ante": 0}, "Ante"),
    ({"trips": -1}, "Trips"), ({"trips_table": "1-2-3"}, "Tabla"),
])
def test_invalid_bets(kwargs, match):
    base = dict(ante=10, play=10, player=C("Kh Kd"), dealer=C("2c 3d"), board=C("Qs 7h 7c 4d 9s"))
    with pytest.raises(InvalidBetError, match=match):
        settle(**(base | kwargs))


def test_invalid_hands():
    with pytest.raises(InvalidHandError):
        settle(ante=10, play=10, player=C("Kh"), dealer=C("2c 3d"), board=C("Qs 7h 7c 4d 9s"))
    with pytest.raises(InvalidHandError):
        settle(ante=10, play=10, player=C("Kh 7h"), dealer=C("2c 3d"), board=C("Qs 7h 7c 4d 9s"))


def test_json_amounts_are_int_when_whole_else_float():
    assert json_amount(Fraction(150)) == 150 and isinstance(json_amount(Fraction(150)), int)
    assert json_amount(Fraction(75, 2)) == 37.5
    assert json_amount(-5) == -5


# Results as data: reason codes and their one wording ----------------------------------------

def reasons(s) -> tuple:
    return tuple(b.reason for b in s.bets)


REASON_CASES = [
    # example 1: flush beats a qualifying dealer
    (dict(ante=100, trips=100, play=400, player="Ah 2h", dealer="Kc Kd", board="9h 7h 4h Ks 3c"),
     ("pays-even", "pays-table", "pays-even", "pays-table")),
    # example 2: the dealer does not qualify, the player wins with a pair
    (dict(ante=100, play=200, player="Qh Qd", dealer="Ac 8d", board="2s 5h 9c Jd 3s"),
     ("push-dealer-not-qualified", "push-below-straight", "pays-even", "no-bet")),
    # the dealer wins without qualifying
    (dict(ante=10, trips=10, play=40, player="Qh 2d", dealer="Ac 8d", board="Ks 5h 9c Jd 3s"),
     ("push-dealer-not-qualified", "lose", "lose", "lose-below-trips")),
    (dict(ante=100, play=300, player="9h 9d", dealer="Kc Kd", board="2s 5h 7c Jd 3s"),
     ("lose", "lose", "lose", "no-bet")),
    (dict(ante=100, trips=100, play=100, player="2c 3d", dealer="2h 3s", board="5s 6h 7c 8d 9s"),
     ("push-tie", "push-tie", "push-tie", "pays-table")),
    (dict(ante=10, trips=5, play=0, player="7h 7d", dealer="2c 3d", board="7s 7c Kh 4d 9s"),
     ("lose-fold", "lose-fold", "no-play", "pays-table")),
]


@pytest.mark.parametrize("hand, expected", REASON_CASES)
def test_each_bet_carries_a_reason_code(hand, expected):
    s = settle(**{k: C(v) if isinstance(v, str) else v for k, v in hand.items()})
    assert reasons(s) == expected
    assert tuple(b.bet for b in s.bets) == BETS


@settings(max_examples=300, deadline=None)
@given(st.permutations(range(52)), st.integers(1, 40), st.sampled_from([0, 1, 2, 3, 4]), st.integers(0, 20))
def test_property_every_net_follows_from_its_reason(order, ante, multiple, trips):
    cards = [DECK[i] for i in order[:9]]
    s = settle(ante=ante, play=ante * multiple, trips=trips, player=cards[:2], dealer=cards[2:4], board=cards[4:])
    for bet in s.bets:
        assert bet.reason in REASONS
        expected = {"pays-even": bet.stake, "lose": -bet.stake, "lose-fold": -bet.stake,
                    "lose-below-trips": -bet.stake}.get(bet.reason)
        if bet.reason == "pays-table":
            expected = bet.stake * bet.odds
            table = BLIND_TABLE if bet.bet == "blind" else TRIPS_TABLES[DEFAULT_TRIPS_TABLE]
            assert bet.odds == table[s.player.category]
        elif bet.reason.startswith(("push", "no-")):
            expected = 0
        assert bet.net == expected
        assert word_reason(bet) and bet_line(s, bet.bet).endswith(".")
    assert s.total == sum(b.net for b in s.bets)


def test_the_cases_above_reach_every_reason_and_each_is_worded_differently():
    assert {r for _, expected in REASON_CASES for r in expected} == set(REASONS)
    worded = set()
    for hand, _ in REASON_CASES:
        s = settle(**{k: C(v) if isinstance(v, str) else v for k, v in hand.items()})
        worded |= {(b.reason, word_reason(b)) for b in s.bets}
    texts = [text for _, text in worded]
    assert len(texts) == len(set(texts))  # no two reasons are worded alike


def test_wording_of_a_pushed_blind_and_of_trips_after_a_fold():
    s = settle(ante=100, play=200, player=C("Qh Qd"), dealer=C("Ac 8d"), board=C("2s 5h 9c Jd 3s"))
    assert word_reason(s.bet("ante")) == "se devuelve porque el crupier no se clasifica"
    assert bet_line(s, "blind") == "Blind 100: gana con pareja, menos que escalera: se devuelve → 0."
    s = settle(ante=10, trips=5, play=0, player=C("7h 7d"), dealer=C("2c 3d"), board=C("7s 7c Kh 4d 9s"))
    assert bet_line(s, "ante") == "Ante 10: se pierde al retirarse → −10."
    assert bet_line(s, "trips") == ("Trips 5: póker paga 30 a 1 en la tabla 50-40-30-8-7-4-3, sin mirar al "
                                    "crupier → 5 × 30 = +150.")


# The page's statements ------------------------------------------------------------------------

def test_trips_is_settled_after_a_fold_exactly_as_without_it():
    """This site's convention: Trips is settled on the player's cards and the whole board, fold or not."""
    hand = dict(ante=10, trips=10, player=C("Kh Kd"), dealer=C("2c 3d"), board=C("Ks 7h 7c 4d 9s"))
    folded, played = settle(play=0, **hand), settle(play=10, **hand)
    assert folded.outcome == "fold" and folded.trips == played.trips == 80
    assert folded.bet("trips").reason == "pays-table"
    lost = settle(play=0, **(hand | {"player": C("Qh 2d")}))
    assert lost.trips == -10 and lost.bet("trips").reason == "lose-below-trips"


def test_a_3_to_2_blind_on_an_odd_unit_pays_the_exact_half():
    s = settle(ante=5, play=20, player=C("Ah 2h"), dealer=C("Kc Kd"), board=C("9h 7h 4h Ks 3c"))
    assert s.blind == Fraction(15, 2) and json_amount(s.blind) == 7.5
    assert bet_line(s, "blind") == "Blind 5: color paga 3 a 2 → 5 × 3/2 = +7,5."


def test_the_player_can_fold_only_on_the_river():
    assert [street for street, options in DECISIONS.items() if "fold" in options] == ["river"]
    assert all("check" in options for street, options in DECISIONS.items() if street != "river")
    bets = sorted(m for options in DECISIONS.values() for m in options if isinstance(m, int))
    assert bets == [1, 2, 3, 4] and DECISIONS["preflop"][:2] == (4, 3)


def test_simple_strategy_raises_4x_with_500_of_1326_starting_hands():
    hands = list(itertools.combinations(DECK, 2))
    raising = [h for h in hands if simple_strategy_preflop(h)]
    assert len(hands) == 1326 and len(raising) == 500
    # Spot checks of each boundary: 3-3 yes, 2-2 no; K-5 offsuit yes, K-4 offsuit no; Q-6 suited yes,
    # Q-5 suited no; Q-8 offsuit yes, Q-7 offsuit no; J-8 suited yes, J-7 suited no; J-10 offsuit
    # yes, J-9 offsuit no; 10-9 suited no.
    for hand, raises in [("3c 3d", True), ("2c 2d", False), ("Kc 5d", True), ("Kc 4d", False),
                         ("Qh 6h", True), ("Qh 5h", False), ("Qh 8c", True), ("Qh 7c", False),
                         ("Js 8s", True), ("Js 7s", False), ("Jd Tc", True), ("Jd 9c", False),
                         ("Ts 9s", False), ("Ad 2c", True), ("Kd 2d", True)]:
        assert simple_strategy_preflop(C(hand)) is raises, hand


# Trips house edges, exact from the 7-card frequencies ------------------------------------------

@pytest.mark.parametrize("table, edge", [
    ("50-40-30-9-7-4-3", "0.902"), ("50-40-30-8-6-5-3", "1.904"), ("50-40-30-8-7-4-3", "3.498"),
    ("50-40-20-7-6-5-3", "6.181"),
])
def test_trips_house_edges(table, edge):
    assert f"{float(trips_house_edge(table)) * 100:.3f}" == edge
    assert trips_expected_value(table) == -trips_house_edge(table)


def test_trips_house_edge_is_exact():
    seven = {"royal_flush": 4324, "straight_flush": 37260, "four_of_a_kind": 224848, "full_house": 3473184,
             "flush": 4047644, "straight": 6180020, "three_of_a_kind": 6461620, "two_pair": 31433400,
             "pair": 58627800, "high_card": 23294460}  # REFERENCE.md
    table = TRIPS_TABLES[DEFAULT_TRIPS_TABLE]
    wins = sum(seven[c] * table[c] for c in table)
    losses = sum(seven[c] for c in seven if c not in table)
    assert trips_house_edge() == Fraction(losses - wins, 133_784_560)


def test_unknown_trips_table():
    with pytest.raises(InvalidBetError):
        trips_house_edge("1-2-3")
