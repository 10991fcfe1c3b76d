"""Issue 50, item 1: the uncalled part of the largest bet goes back to its owner and is no pot, in every
builder of pots from bets (engine.pots.called_pots, holdem-pots, the quiz's solver and its blame, the
drills), checked against PokerKit 0.7.7 (dev-only) playing the same all-ins."""

from __future__ import annotations

import random

import pytest

from engine import protocol
from engine.drills import make_drill
from engine.pots import called_pots

pokerkit = pytest.importorskip("pokerkit", reason="PokerKit (dev-only) not installed")

ISSUE = {"Ana": 500, "Beto": 300, "Carla": 100}


def pokerkit_pots(bets: list[int]) -> tuple[list[tuple[int, list[int]]], list[int]]:
    """PokerKit's pots and what each player keeps when every player with chips goes all-in pre-flop for
    exactly ``bets[i]`` (a 0 folds; the big blind is 1 chip, so ``bets[1] >= 1``)."""
    from pokerkit import Automation, Mode, NoLimitTexasHoldem

    state = NoLimitTexasHoldem.create_state(
        (Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
         Automation.CARD_BURNING, Automation.HOLE_DEALING, Automation.BOARD_DEALING,
         Automation.HOLE_CARDS_SHOWING_OR_MUCKING),
        False, 0, (0, 1), 1, [b or 1 for b in bets], len(bets), mode=Mode.CASH_GAME)
    while state.actor_index is not None:
        i = state.actor_index
        if bets[i] == 0:
            state.fold()
        elif bets[i] > max(state.bets) and state.can_complete_bet_or_raise_to(bets[i]):
            state.complete_bet_or_raise_to(bets[i])
        else:
            state.check_or_call()
    kept = [stack if bets[i] else 0 for i, stack in enumerate(state.stacks)]
    return [(pot.amount, list(pot.player_indices)) for pot in state.pots], kept


def random_all_ins(rng: random.Random) -> list[int]:
    n = rng.randint(2, 7)
    bets = [rng.choice((0, 0, 50, 100, 100, 250, 400, 400, 900)) for _ in range(n)]
    bets[1] = max(bets[1], 1)
    return bets


def test_the_issue_s_bets_make_two_pots_and_give_ana_200_back():
    pots, back = called_pots(ISSUE)
    assert [(p.amount, p.eligible) for p in pots] == [(300, ("Ana", "Beto", "Carla")), (400, ("Ana", "Beto"))]
    assert back == ("Ana", 200)
    assert pokerkit_pots([500, 300, 100]) == ([(300, [0, 1, 2]), (400, [0, 1])], [200, 0, 0])


def test_called_pots_and_holdem_pots_agree_with_pokerkit_on_random_all_ins():
    rng = random.Random(50)
    for _ in range(300):
        bets = random_all_ins(rng)
        if sum(1 for b in bets if b) < 2:
            continue
        names = [f"P{i}" for i in range(len(bets))]
        folded = [name for name, b in zip(names, bets) if b == 0]
        expected, kept = pokerkit_pots(bets)
        pots, back = called_pots(dict(zip(names, bets)), folded)
        assert [(p.amount, [names.index(n) for n in p.eligible]) for p in pots] == expected, bets
        assert {names[i]: chips for i, chips in enumerate(kept) if chips} == dict([back] if back else []), bets
        reply = protocol.answer("holdem-pots", {"bets": dict(zip(names, bets)), "folded": folded})
        assert [(p["amount"], p["eligible"]) for p in reply["pots"]] == [(p.amount, list(p.eligible)) for p in pots]
        assert reply["returned"] == dict([back] if back else [])


def quiz(ask: str, answer: str, **extra) -> dict:
    question = {"kind": "holdem-pots", "ask": ask, "bets": ISSUE, "folded": [], **extra}
    return protocol.answer("quiz-check", {"question": question, "answer": answer, "reveal": True})


def test_quiz_check_counts_two_pots_and_blames_the_uncalled_bet_for_three():
    assert quiz("count", "2")["correct"]
    wrong = quiz("count", "3")
    assert not wrong["correct"]
    why = wrong["progress"]["skills"][0]["why"]
    assert "vuelven a Ana" in why and "hay 2 botes" in why and "hay 3" not in why
    assert any("vuelven a Ana y no forman bote" in step for step in wrong["steps"])


def test_quiz_check_side_pot_amount_leaves_out_the_uncalled_chips():
    assert quiz("amount", "400", pot=2)["correct"]
    wrong = quiz("amount", "600", pot=2)
    assert not wrong["correct"] and "vuelven a Ana" in wrong["progress"]["skills"][0]["why"]
    assert "error" in protocol.answer("quiz-check", {"question": {"kind": "holdem-pots", "ask": "amount", "bets": ISSUE,
                                                                  "folded": [], "pot": 3}, "answer": "200"})


def test_side_pot_drills_never_count_an_uncalled_bet_as_a_pot():
    for seed in range(60):
        drill = make_drill("holdem-side-pots", seed, "difícil")
        bets, folded = drill.data["bets"], drill.data["folded"]
        pots, back = called_pots(bets, folded)
        assert back is None
        assert drill.answer["pots"] == [{"amount": p.amount, "eligible": list(p.eligible)} for p in pots]
