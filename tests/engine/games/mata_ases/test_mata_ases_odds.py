"""Mata Ases probabilities: the exact counts against a second way of counting, the simulations
against the exact figures (inside their 95 % interval), and the unlimited-ayudas play against
every five-card hand of the eight cards."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

from engine.cards import DECK, parse_cards
from engine.errors import EngineError
from engine.evaluation import strength
from engine.games.mata_ases.showdown import best_play
from engine.games.mata_ases import odds as mata_ases_odds
from engine.games.mata_ases.odds import Estimate, hand_odds, table_odds, unlimited_best

C = parse_cards


def helping_cards(own, free):
    """The unseen cards that, as the only ayuda, give ``own`` a play that kills the Aces."""
    return {card for card in free if best_play(own, [card]).kills_aces}


@pytest.mark.parametrize("own", ["Qs Qh 9d 7c 2s", "Ks Jd 9h 6c 3d", "Ah Kh Qh 4h 9c", "8s 7d 6h 5c 2d"])
def test_kill_chance_of_five_own_cards_equals_the_count_by_helping_cards(own):
    # Second method: the Aces die unless none of the three ayudas is a card that helps on its own
    # (a play uses one ayuda at most), so P = 1 - C(47 - h, 3) / C(47, 3).
    own = C(own)
    free = [c for c in DECK if c not in own]
    h = len(helping_cards(own, free))
    odds = hand_odds(own)
    assert odds.kills.exact and odds.kills.total == comb(47, 3)
    assert odds.kills.value == 1 - Fraction(comb(47 - h, 3), comb(47, 3))


def test_own_cards_that_kill_always_kill():
    odds = hand_odds(C("As Ah Kd 7c 2s"))
    assert odds.kills.value == 1
    assert odds.category.value <= odds.ayuda.value


@pytest.mark.parametrize("own, ayudas", [("Qs Qh 9d 7c", ""), ("Ks Jd 9h", "Ah 2c 3d"), ("As Kd", "")])
def test_simulation_brackets_the_exact_count(own, ayudas):
    own, ayudas = C(own), C(ayudas)
    exact = hand_odds(own, ayudas) if len(own) + len(ayudas) >= 5 else None
    if exact is None:  # two own cards: too many deals; compare two seeds instead
        a, b = hand_odds(own, deals=1500, seed=1), hand_odds(own, deals=1500, seed=2)
        assert a.kills.interval()[0] < b.kills.interval()[1] and b.kills.interval()[0] < a.kills.interval()[1]
        return
    assert exact.kills.exact
    sampled = hand_odds(own, ayudas, deals=2000, seed=11)
    assert not sampled.kills.exact and sampled.kills.total == 2000
    for figure in ("kills", "ayuda", "category"):
        low, high = getattr(sampled, figure).interval()
        assert low <= getattr(exact, figure).value <= high, figure


def eight_hands_without_a_kill():
    """Eight hands of five cards (40 of the 48 cards without Aces), none of them killing the Aces alone."""
    no_aces = [c for c in DECK if c.rank != 14]
    for seed in range(100):
        cards = random.Random(seed).sample(no_aces, 40)
        hands = [cards[5 * i:5 * i + 5] for i in range(8)]
        if not any(best_play(h, []).kills_aces for h in hands):
            return hands
    raise AssertionError("no deal found")


def test_extension_of_a_full_table_equals_the_count_by_helping_cards():
    hands = eight_hands_without_a_kill()
    held = {c for h in hands for c in h}
    free = [c for c in DECK if c not in held]  # 12 cards: 220 sets of ayudas
    helping = set().union(*(helping_cards(h, free) for h in hands))
    odds = table_odds(hands)
    assert odds.extension.exact and odds.extension.total == comb(12, 3)
    assert odds.extension.value == Fraction(comb(12 - len(helping), 3), comb(12, 3))
    sampled = table_odds(hands, deals=1500, seed=4)
    for figure in ("extension", "rescued", "limit"):
        low, high = getattr(sampled, figure).interval()
        assert low <= getattr(odds, figure).value <= high, figure


def test_random_tables_are_seeded_and_fewer_aces_die_at_bigger_tables():
    two = table_odds(2, deals=600, seed=3)
    assert two == table_odds(2, deals=600, seed=3)
    eight = table_odds(8, deals=600, seed=3)
    assert eight.extension.interval()[1] < two.extension.interval()[0]
    assert two.extension.total == 600 and two.rescued.total == 600 - two.extension.hits


def test_unlimited_best_is_the_best_five_of_the_eight_cards():
    rng = random.Random(5)
    for _ in range(150):
        cards = rng.sample(DECK, 8)
        brute = max(strength(list(five)) for five in combinations(cards, 5))
        assert unlimited_best(cards[:5], cards[5:]) == brute


def test_estimate_interval_and_text():
    assert Estimate(3, 4, True).interval() == (0.75, 0.75)
    low, high = Estimate(0, 100, False).interval()
    assert low == 0 and 0.03 < high < 0.04  # Wilson: no empty interval at 0
    assert Estimate(1, 8, True).text(2) == "12,50\u00a0%"


@pytest.mark.parametrize("call, words", [
    (lambda: hand_odds(C("As Ks Qs Js Ts 9s")), "5 cartas propias"),
    (lambda: hand_odds(C("As As")), "repetida"),
    (lambda: table_odds(9), "de 2 a 8 jugadores"),
    (lambda: table_odds([C("As Ks Qs Js")]), "5 cartas propias"),
])
def test_errors_in_spanish(call, words):
    with pytest.raises(EngineError, match=words):
        call()


# ---------------------------------------------------------------------------------------------
# Exact counts by helping cards, and the counted table the page reads (issue 23, 1).

def brute_force(own, ayudas):
    """hits of (kills, uses an ayuda, lifts the category) over every deal, one best_play per deal."""
    from engine.evaluation import code_of

    free = [c for c in DECK if c not in own and c not in ayudas]
    hits, total = [0, 0, 0], 0
    for more in combinations(free, 5 - len(own)):
        cards = list(own) + list(more)
        alone = best_play(cards, [])
        rest = [c for c in free if c not in more]
        for extra in combinations(rest, 3 - len(ayudas)):
            play = best_play(cards, list(ayudas) + list(extra))
            hits[0] += play.kills_aces
            hits[1] += play.ayuda is not None
            hits[2] += play.ayuda is not None and code_of(play.strength) > code_of(alone.strength)
            total += 1
    return hits, total


@pytest.mark.parametrize("own, ayudas", [("Kh Qh 8h 4h 2c", ""), ("Ah 9d 9c 5s", "Qd"), ("Jh Th 4c", "Ah 3h")])
def test_exact_counts_by_helping_cards_equal_every_deal_dealt(own, ayudas):
    own, ayudas = C(own), C(ayudas)
    odds = hand_odds(own, ayudas)
    hits, total = brute_force(own, ayudas)
    assert [odds.kills.hits, odds.ayuda.hits, odds.category.hits] == hits
    assert odds.kills.exact and odds.kills.total == total


def test_nine_eight_suited_kills_the_aces_44_5_percent_of_the_time():
    """The page said 41,5 % (39,4-43,7) from 2,000 deals; 100,000 independent deals give 44,5 % (44,2-44,9).
    The counted table holds the exact count, and the engine recomputes it."""
    counted = mata_ases_odds.start_odds(C("9h 8h"))
    assert counted.kills.exact and counted.kills.total == comb(50, 3) * comb(47, 3)
    assert 0.442 < float(counted.kills.value) < 0.449
    assert counted == hand_odds(C("9s 8s"))  # a sample of the table, recomputed: any pair of the class


def test_any_hand_is_the_average_of_the_counted_starting_pairs():
    from engine.games.mata_ases.odds_counts import START_DEALS, STARTS

    assert len(STARTS) == 169 and sum(row[0] for row in STARTS.values()) == comb(52, 2)
    odds = mata_ases_odds.any_hand_odds()
    assert odds.kills.exact and odds.kills.value == sum(
        Fraction(row[0] * row[1], comb(52, 2) * START_DEALS) for row in STARTS.values())
    assert mata_ases_odds.start_odds(C("As Ad")).kills.value == 1
    assert mata_ases_odds.start_odds(C("Kd Ks")) == mata_ases_odds.start_odds(C("Kh Kc"))


def test_counted_table_simulation_recomputes_and_its_intervals_hold_together():
    from engine.games.mata_ases.odds_counts import TABLES

    assert list(TABLES) == list(range(2, 9)) and all(len(c) == mata_ases_odds.TABLE_CHUNKS for c in TABLES.values())
    assert mata_ases_odds.table_chunk(2, 17) == TABLES[2][17]  # a sample chunk, dealt again
    rows = mata_ases_odds.counted_tables()
    family = mata_ases_odds.counted_intervals()
    assert family == 3 * len(rows) == 21
    for row in rows:
        for figure in (row.extension, row.rescued, row.limit):
            assert not figure.exact and figure.confidence == pytest.approx(1 - 0.05 / family)
            low, high = figure.interval()
            alone = Estimate(figure.hits, figure.total, False).interval()
            assert low < alone[0] and alone[1] < high  # wider than a lone 95 % interval
    assert rows[0].extension.total == mata_ases_odds.TABLE_CHUNK * mata_ases_odds.TABLE_CHUNKS
    assert rows[-1].extension.interval()[1] < rows[0].extension.interval()[0]


def test_simultaneous_confidence_is_bonferroni():
    assert mata_ases_odds.simultaneous(1) == pytest.approx(0.95)
    assert mata_ases_odds.simultaneous(20) == pytest.approx(0.9975)
