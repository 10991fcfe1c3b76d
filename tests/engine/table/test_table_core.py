"""The table core (engine/table/): betting rules (TDA 43 and 47, fixed betting, the Bring In, a round
where only one player may act, the fold where checking is free) and legal_actions derived from can_*."""

from __future__ import annotations

import random

import pytest

from engine.table import (BettingOrRaisingTo, DECISIONS, IllegalActionError, InvalidAmountError, NotYourTurnError,
                          Rules, Table, TableSetupError)


def table(stacks=(1000, 1000, 1000), **rules) -> Table:
    t = Table([(f"P{i}", s) for i, s in enumerate(stacks, 1)], Rules(**{"minimum": 20, **rules}))
    t.new_round("flop")
    t.open_betting("P1")
    return t


def test_a_bet_is_at_least_the_minimum_and_at_most_the_stack():
    t = table()
    with pytest.raises(InvalidAmountError, match="la apuesta mínima es de 20"):
        t.bet("P1", 19)
    with pytest.raises(InvalidAmountError, match="solo le quedan 1.000 fichas"):
        t.bet("P1", 1001)
    assert t.bet("P1", 20).full


def test_an_all_in_bet_for_less_than_the_minimum_is_allowed_and_is_not_full():
    t = table((10, 1000, 1000))
    assert t.bet_range("P1") == (10, 10)
    rec = t.bet("P1", 10)
    assert rec.all_in and not rec.full
    t.call("P2")
    # P3 has not acted: may raise; the minimum raise adds the table minimum (no full bet yet)
    assert t.raise_range("P3")[0] == 30


def test_a_raise_adds_at_least_the_largest_full_bet_or_raise_of_the_round():
    t = table()
    t.bet("P1", 100)
    assert t.raise_range("P2")[0] == 200  # TDA 43
    t.raise_to("P2", 350)  # a raise of 250
    assert t.raise_range("P3")[0] == 600
    with pytest.raises(InvalidAmountError, match="la subida mínima es a 600"):
        t.raise_to("P3", 599)


def test_a_short_all_in_does_not_reopen_the_betting_for_who_already_acted():
    t = table((1000, 150, 1000))
    t.bet("P1", 100)
    short = t.raise_to("P2", 150)
    assert short.all_in and not short.full
    assert t.raise_range("P3")[0] == 250  # P3 had not acted: a full raise over 150
    t.call("P3")
    assert [o["action"] for o in t.legal_actions()] == ["fold", "call"]
    with pytest.raises(IllegalActionError, match="no reabre las apuestas"):
        t.raise_to("P1", 300)


def test_short_all_ins_that_add_up_to_a_full_raise_reopen_the_betting():
    t = table((1000, 150, 1000, 210))
    t.bet("P1", 100)
    t.raise_to("P2", 150)
    t.call("P3")
    t.raise_to("P4", 210)  # +60: short, but P1 now faces 110 >= 100
    assert t.to_act == "P1" and t.can_raise("P1")
    t.call("P1")
    assert t.to_act == "P3" and not t.can_raise("P3")


def test_fixed_betting_bets_and_calls_the_minimum_and_never_raises():
    t = table(betting="fixed")
    assert t.bet_range("P1") == (20, 20)
    with pytest.raises(InvalidAmountError, match="apuestas son fijas"):
        t.bet("P1", 40)
    t.bet("P1", 20)
    assert [o["action"] for o in t.legal_actions()] == ["fold", "call"]
    with pytest.raises(IllegalActionError, match="fijas y no se sube"):
        t.raise_to("P2", 40)


def test_the_bring_in_counts_as_a_bet_and_the_call_is_the_table_minimum():
    t = Table([("A", 500), ("B", 500), ("C", 500)], Rules(minimum=50, fold_when_free=False))
    t.new_round(1)
    t.post_bring_in("A", 10)
    t.open_betting("B")
    options = t.legal_actions()
    assert options == [{"action": "fold"}, {"action": "call", "amount": 50},
                       {"action": "raise", "min": 100, "max": 500}]
    assert not t.can_check("B") and not t.can_bet("B")
    t.call("B")
    t.call("C")
    assert t.to_act == "A" and t.call_amount("A") == 40


def test_an_ante_is_dead_money_and_no_bet():
    t = Table([("A", 100), ("B", 100)], Rules(minimum=10))
    t.new_round(1)
    t.post_ante("A", 5)
    t.post_ante("B", 5)
    t.open_betting("A")
    assert t.can_check("A") and t.target == 0 and t.pot == 10
    assert [(p.amount, p.eligible) for p in t.pots()] == [(10, ("A", "B"))]


def test_only_one_player_may_act_in_a_round_with_a_card_exposed_by_mistake():
    t = Table([("A", 100), ("B", 100), ("C", 100)], Rules(minimum=10, fold_when_free=False))
    t.new_round(3)
    assert t.open_betting("B", only=True) == "B"
    t.check("B")
    assert t.round_closed  # a check ends the round: nobody else acts
    t.new_round(4)
    t.open_betting("B", only=True)
    t.bet("B", 10)
    assert t.to_act == "C"  # a bet lets the others answer


def test_the_fold_where_checking_is_free_follows_the_game():
    assert table().can_fold("P1")  # Hold'em: TDA lets it stand
    strict = table(fold_when_free=False)  # Mata Ases: the site's convention
    with pytest.raises(IllegalActionError, match="pasar no cuesta nada"):
        strict.fold("P1")


def test_one_decision_per_turn_clockwise():
    t = table()
    with pytest.raises(NotYourTurnError, match="No es el turno de P2: le toca a P1"):
        t.check("P2")
    t.check("P1")
    assert t.to_act == "P2"


def test_the_uncalled_part_of_a_bet_goes_back_and_makes_no_pot():
    t = table((1000, 120, 1000))
    t.bet("P1", 300)
    t.call("P2")  # all-in for 120
    t.fold("P3")
    assert t.round_closed
    back = t.return_uncalled()
    assert (back.player, back.amount) == ("P1", 180)
    assert [(p.amount, p.eligible) for p in t.pots()] == [(240, ("P1", "P2"))]


def test_nobody_raises_when_no_opponent_could_put_in_more():
    t = table((1000, 120, 1000))
    t.fold("P1")
    t.bet("P2", 120)  # all-in: P3 may call or fold, a raise could not be called
    assert [o["action"] for o in t.legal_actions()] == ["fold", "call"]
    with pytest.raises(IllegalActionError, match="nadie podría pagar la subida"):
        t.raise_to("P3", 300)



def test_a_game_may_allow_a_raise_nobody_can_call():
    """Mata Ases (``raise_needs_caller=False``) has always offered that raise; the excess goes back."""
    t = table((1000, 120, 1000), raise_needs_caller=False)
    t.fold("P1")
    t.bet("P2", 120)
    assert [o["action"] for o in t.legal_actions()] == ["fold", "call", "raise"]
    t.raise_to("P3", 300)
    back = t.return_uncalled()
    assert (back.player, back.amount) == ("P3", 180)

def test_a_table_that_cannot_be_played_is_refused():
    with pytest.raises(TableSetupError, match="al menos 2 jugadores"):
        Table([("A", 10)], Rules(minimum=1))
    with pytest.raises(TableSetupError, match="repetido"):
        Table([("A", 10), ("A", 10)], Rules(minimum=1))
    with pytest.raises(TableSetupError, match="al menos 1 ficha"):
        Table([("A", 10), ("B", 0)], Rules(minimum=1))


def test_legal_actions_are_exactly_what_can_answers_in_random_play():
    """Every listed option passes its can_* (and its extremes are accepted), every other decision is
    refused: legal_actions holds no rule of its own. Chips are conserved throughout."""
    rng = random.Random(5)
    for _ in range(200):
        stacks = [rng.randint(1, 300) for _ in range(rng.randint(2, 6))]
        t = table(stacks, betting=rng.choice(["no-limit", "fixed"]))
        total = t.chips_in_play()
        while t.to_act is not None:
            p = t.to_act
            options = {o["action"]: o for o in t.legal_actions()}
            for action in DECISIONS:
                can = getattr(t, "can_" + action)
                assert can(p) == (action in options), (action, options)
            for action in ("bet", "raise"):
                if action in options:
                    o = options[action]
                    can = getattr(t, "can_" + action)
                    assert can(p, o["min"]) and can(p, o["max"])
                    assert not can(p, o["max"] + 1)
                    assert o["min"] == o["max"] or not can(p, o["min"] - 1)
            choice = rng.choice(list(options.values()))
            amount = rng.randint(choice["min"], choice["max"]) if "min" in choice else None
            rec = t.act(p, choice["action"], amount)
            assert t.chips_in_play() == total
            if isinstance(rec, BettingOrRaisingTo):
                assert rec.amount == t.bets[p]
