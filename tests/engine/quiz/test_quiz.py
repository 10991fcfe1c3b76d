"""engine.quiz (check, quiz-check): a reader's answer judged against the engine's solution, never an
exception. Readers' answers: test_quiz_answers.py; solvers: test_quiz_solvers.py; ```pregunta blocks:
test_quiz_format.py; the trainer: test_trainer.py."""

from __future__ import annotations

import pytest

from engine import protocol
from engine.quiz import MAX_ANSWER_CHARS, check
from tests.engine.quiz.test_quiz_answers import BAD_ANSWERS
from tests.engine.quiz.test_quiz_solvers import BETS, FOLDED, SEED_BLIND, SEED_MATA


# ---------------------------------------------------------------------------------------------
# check(): the reply contract, and bad answers.

@pytest.mark.parametrize("spec", [SEED_BLIND, SEED_MATA,
                                  {"kind": "holdem-pots", "ask": "amount", "bets": BETS, "folded": FOLDED, "pot": 1}])
@pytest.mark.parametrize("answer", BAD_ANSWERS + [None, 42, ["1"], {"a": 1}])
def test_bad_answers_get_a_friendly_message_never_an_exception(spec, answer):
    reply = check(spec, answer)
    assert reply == {"verdict": "unreadable", "title": "Revisa tu respuesta", "correct": False, "valid": False,
                     "hint": None, "expected": None, "given": None, "revealed": False,
                     "message": reply["message"], "steps": [], "progress": None}  # nothing judged: no progress
    assert 0 < len(reply["message"]) < 400
    if isinstance(answer, str) and len(answer) > MAX_ANSWER_CHARS:
        assert answer[:100] not in reply["message"]


def test_quiz_check_command_reply_shape():
    reply = protocol.answer("quiz-check", {"question": SEED_BLIND, "answer": "37,5"})
    assert reply["correct"] is True and reply["valid"] is True
    assert reply["expected"] == "37,5" and reply["given"] == "37,5"
    assert reply["steps"] and all(isinstance(s, str) for s in reply["steps"])
    assert reply["verdict"] == "correct" and reply["revealed"] is True and reply["hint"] is None
    assert reply["title"] == "✓ Correcto"
    missing = protocol.answer("quiz-check", {"question": SEED_BLIND})
    assert missing["valid"] is False
    assert "error" in protocol.answer("quiz-check", {"answer": "1"})
    assert "error" in protocol.answer("quiz-check", {"question": {"kind": "uth"}, "answer": "1"})
    assert "«reveal»" in protocol.answer("quiz-check", {"question": SEED_BLIND, "answer": "1", "reveal": "sí"})["error"]


# ---------------------------------------------------------------------------------------------
# A second try: the solution stays hidden until the reader asks for it.

def test_a_wrong_answer_hides_the_solution_and_invites_another_try():
    wrong = protocol.answer("quiz-check", {"question": SEED_BLIND, "answer": "25"})
    assert wrong["verdict"] == "incorrect" and wrong["valid"] and not wrong["correct"]
    assert wrong["title"] == "✗ No es correcto"
    assert wrong["revealed"] is False and wrong["expected"] is None and wrong["steps"] == []
    assert "37,5" not in wrong["message"] and "otra vez" in wrong["message"]
    assert wrong["given"] == "25"


def test_the_solution_opens_on_request_with_or_without_an_answer():
    shown = protocol.answer("quiz-check", {"question": SEED_BLIND, "answer": "25", "reveal": True})
    assert shown["verdict"] == "incorrect" and shown["revealed"] is True
    assert shown["expected"] == "37,5" and shown["steps"]
    assert "la respuesta correcta es 37,5" in shown["message"]
    for answer in (None, "", "  "):
        bare = check(SEED_BLIND, answer, reveal=True)
        assert bare["verdict"] == "revealed" and bare["revealed"] and bare["expected"] == "37,5"
        assert bare["title"] == "Solución"
        assert bare["message"] == "La respuesta es 37,5." and bare["steps"]
    unreadable = check(SEED_BLIND, "mucho", reveal=True)
    assert unreadable["verdict"] == "unreadable" and unreadable["expected"] == "37,5"


def test_the_sign_hint_does_not_give_the_amount_away():
    spec = {**SEED_BLIND, "ask": "total"}
    value = check(spec, "0", reveal=True)["expected"]
    flipped = value.replace("+", "\u2212") if value.startswith("+") else value.replace("\u2212", "")
    reply = check(spec, flipped)
    assert reply["verdict"] == "incorrect" and "el signo no" in reply["message"]
    assert value.lstrip("+\u2212") not in reply["message"].replace(reply["given"], "")

