"""engine.quiz (check, quiz-check): a reader's answer judged against the engine's solution, never an
exception. Readers' answers: test_quiz_answers.py; solvers: test_quiz_solvers.py; ```pregunta blocks:
test_quiz_format.py; the trainer: test_trainer.py."""

from __future__ import annotations

import pytest

from engine import protocol
from engine.quiz import MAX_ANSWER_CHARS, check
from tests.engine.test_quiz_answers import BAD_ANSWERS
from tests.engine.test_quiz_solvers import BETS, FOLDED, SEED_BLIND, SEED_MATA


# ---------------------------------------------------------------------------------------------
# check(): the reply contract, and bad answers.

@pytest.mark.parametrize("spec", [SEED_BLIND, SEED_MATA,
                                  {"kind": "holdem-pots", "ask": "amount", "bets": BETS, "folded": FOLDED, "pot": 1}])
@pytest.mark.parametrize("answer", BAD_ANSWERS + [None, 42, ["1"], {"a": 1}])
def test_bad_answers_get_a_friendly_message_never_an_exception(spec, answer):
    reply = check(spec, answer)
    assert reply == {"correct": False, "valid": False, "expected": None, "given": None,
                     "message": reply["message"], "steps": []}
    assert 0 < len(reply["message"]) < 400
    if isinstance(answer, str) and len(answer) > MAX_ANSWER_CHARS:
        assert answer[:100] not in reply["message"]


def test_quiz_check_command_reply_shape():
    reply = protocol.answer("quiz-check", {"question": SEED_BLIND, "answer": "37,5"})
    assert reply["correct"] is True and reply["valid"] is True
    assert reply["expected"] == "37,5" and reply["given"] == "37,5"
    assert reply["steps"] and all(isinstance(s, str) for s in reply["steps"])
    wrong = protocol.answer("quiz-check", {"question": SEED_BLIND, "answer": "25"})
    assert wrong["correct"] is False and "37,5" in wrong["message"]
    missing = protocol.answer("quiz-check", {"question": SEED_BLIND})
    assert missing["valid"] is False
    assert "error" in protocol.answer("quiz-check", {"answer": "1"})
    assert "error" in protocol.answer("quiz-check", {"question": {"kind": "uth"}, "answer": "1"})

