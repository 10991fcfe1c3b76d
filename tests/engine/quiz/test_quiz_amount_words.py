"""Issue 23: drills and the trainer read natural amounts («pierde 150», «gana 7.5») and a question that
is not a net result («¿cuántos botes?») no longer hints at a minus sign when it refuses an answer."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.drills import check_drill, make_drill
from engine.quiz import check
from engine.quiz.answers import AnswerError, parse_amount
from engine.games.ultimate.trainer import deal


@pytest.mark.parametrize("text, value", [
    ("pierde 150", -150), ("gana 7.5", Fraction(15, 2)), ("Gana 7,5", Fraction(15, 2)),
    ("el jugador pierde 150 fichas", -150), ("cobra 25", 25), ("pierde −150", -150), ("PIERDE 1.350", -1350),
])
def test_net_results_in_words(text, value):
    assert parse_amount(text) == value


@pytest.mark.parametrize("text", ["gana −5", "gana y pierde 5", "pierde", "pierde mucho"])
def test_a_sign_in_words_that_does_not_add_up_is_refused_with_a_reason(text):
    with pytest.raises(AnswerError):
        parse_amount(text)


def _drill_seed(kind: str, level: str, accept) -> tuple[int, object]:
    for seed in range(200):
        drill = make_drill(kind, seed, level)
        if accept(drill):
            return seed, drill
    raise AssertionError(f"no {kind} drill found")


def test_trainer_and_payout_drills_accept_a_loss_in_words():
    for seed in range(60):
        hand = deal("ante-play", seed=seed)
        expected = check(hand["question"], None, reveal=True)["expected"]
        if expected.startswith("\u2212"):
            loss = expected[1:]
            assert check(hand["question"], f"pierde {loss}")["verdict"] == "correct"
            assert check(hand["question"], f"gana {loss}")["verdict"] == "incorrect"
            break
    else:
        raise AssertionError("no losing hand in 60 seeds")


def test_counting_pots_is_not_a_signed_answer():
    seed, drill = _drill_seed("holdem-side-pots", "media", lambda d: d.quiz and d.quiz.get("ask") == "count")
    reply = check_drill("holdem-side-pots", seed, "media", "muchos")
    assert reply["verdict"] == "unreadable"
    assert "signo" not in reply["message"] and "pierde" not in reply["message"]
    amount = check(drill.quiz, None, reveal=True)["expected"]
    assert check_drill("holdem-side-pots", seed, "media", amount)["verdict"] == "correct"
