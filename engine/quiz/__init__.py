"""Quizzes: questions whose answers the engine computes, and readers' answers read generously.

- :mod:`engine.quiz.answers` reads a reader's answer (``"1.350"``, ``"37,5"``, ``"−500"``, ``"Ana y
  Beto"``, ``"full de ases y reyes"``, ``"utg+1"``...) and judges it against a solution;
- :mod:`engine.quiz.solvers` solves a question (plain JSON data) and explains it step by step;
- :mod:`engine.quiz.format` reads an author's ```` ```pregunta ```` block into a question, with the
  line of every field, and checks the author's key (``python -m engine check``, the site build).

:func:`check` is the ``quiz-check`` command: solve, read the answer, say whether it is right. A
reader's answer never makes it raise: anything unreadable gets a friendly Spanish message. A
malformed *question* raises :class:`~engine.errors.RequestError`.

>>> reply = check({"kind": "uth", "ask": "blind", "ante": 25, "play": 100, "player": ["Ah", "9h"],
...                "dealer": ["Kc", "Kd"], "board": ["2h", "5h", "Jh", "7c", "3s"]}, "37.5")
>>> reply["correct"], reply["expected"], reply["given"]
(True, '37,5', '37,5')
"""

from __future__ import annotations

from typing import Any

from ..protocol import command
from ..requests import require
from .answers import (
    MAX_ANSWER_CHARS,
    AnswerError,
    display_given,
    fold,
    format_amount,
    is_correct,
    parse_amount,
    parse_hand_name,
    parse_names,
    parse_position,
    read_answer,
)
from .solvers import Solution, kinds, solve

__all__ = [
    "MAX_ANSWER_CHARS",
    "AnswerError",
    "Solution",
    "check",
    "fold",
    "format_amount",
    "is_correct",
    "kinds",
    "parse_amount",
    "parse_hand_name",
    "parse_names",
    "parse_position",
    "read_answer",
    "solve",
]


def check(spec: Any, answer: Any) -> dict:
    """Solve ``spec`` and judge ``answer``: the ``quiz-check`` reply.

    ``{"correct", "valid", "expected", "given", "message", "steps"}``. An unreadable answer gives
    ``valid: false``, a friendly ``message`` and no solution (so a typo does not give it away).

    :raises RequestError: if ``spec`` is not a valid question.
    """
    solution = solve(spec)
    try:
        given = read_answer(solution, answer)
    except AnswerError as exc:
        return {"correct": False, "valid": False, "expected": None, "given": None,
                "message": str(exc), "steps": []}
    correct = is_correct(solution, given)
    given_display = display_given(solution, given, answer)
    if correct:
        message = f"La respuesta es {solution.display}."
    else:
        message = f"Has respondido {given_display}; la respuesta correcta es {solution.display}."
        if solution.answer_type == "amount" and given == -solution.value and given != 0:
            message += (" La cantidad es la buena, pero el signo no: el signo menos indica que el "
                        "jugador pierde.")
    return {"correct": correct, "valid": True, "expected": solution.display, "given": given_display,
            "message": message, "steps": list(solution.steps)}


@command("quiz-check", "Ejercicios: comprueba la respuesta de un lector a una pregunta y explica la solución.")
def _quiz_check(request: dict) -> dict:
    """``{"question": {...}, "answer": "texto del lector"}`` -> the :func:`check` reply."""
    return check(require(request, "question", "question"), request.get("answer"))
