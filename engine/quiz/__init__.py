"""Quizzes: questions whose answers the engine computes, and readers' answers read generously.

- :mod:`engine.quiz.answers` reads a reader's answer (``"1.350"``, ``"37,5"``, ``"−500"``, ``"Ana y
  Beto"``, ``"full de ases y reyes"``, ``"utg+1"``...);
- :mod:`engine.quiz.solvers` solves a question (plain JSON data) and explains it step by step;
- :mod:`engine.quiz.verdict` judges a read answer against the solution;
- :mod:`engine.quiz.format` reads an author's ```` ```pregunta ```` block into a question, with the
  line of every field, and checks the author's key (``python -m engine check``, the site build).

:func:`check` is the ``quiz-check`` command: solve, read the answer, judge it. A reader's answer
never makes it raise: anything unreadable gets a friendly Spanish message. A malformed *question*
raises :class:`~engine.errors.RequestError`.

The ``quiz-check`` contract (the quiz and trainer UIs rely on it)
------------------------------------------------------------------

Request: ``{"question": {...}, "answer": "texto del lector", "reveal": false}``.

Reply (every field always present)::

    {"verdict":  "correct" | "incorrect" | "needs-detail" | "unreadable" | "revealed",
     "title":    str,           # the verdict's headline: "✓ Correcto", "✗ No es correcto", "Solución"...
     "correct":  bool,          # verdict == "correct"
     "valid":    bool,          # the answer could be read (false for "unreadable" and a bare reveal)
     "hint":     str | None,    # needs-detail: what to add, e.g. "¿Qué pareja? …" (never the answer)
     "message":  str,           # one Spanish sentence for the reader, right for the verdict
     "given":    str | None,    # the answer as read, in the site's notation ("1,00", "UTG2, D y BB")
     "revealed": bool,          # whether "expected" and "steps" carry the solution
     "expected": str | None,    # the solution, only when revealed
     "steps":    [str, ...],    # its explanation, only when revealed (else [])
     "progress": {...} | None}  # the skills it exercised, the failing one and why (engine.progress)

The request may also say what the item is, for the reader's progress: ``"page"`` and ``"id"`` (a
question on its page), or ``"trainer": {"mode", "seed", "unit"?, "trips_table"?}`` and ``"ms"`` (a
croupier-trainer round and the time it took): see :mod:`engine.progress`.

The solution is revealed when the answer is correct, or when the request says ``"reveal": true``
(the reader pressed «Ver la solución»; the answer may then be empty, giving the verdict
``"revealed"``). A wrong, vague or unreadable answer without ``reveal`` keeps it hidden, so the
reader can try again: the UI says «Inténtalo otra vez» and offers «Ver la solución», which sends
the same request with ``"reveal": true``.

>>> reply = check({"kind": "uth", "ask": "blind", "ante": 25, "play": 100, "player": ["Ah", "9h"],
...                "dealer": ["Kc", "Kd"], "board": ["2h", "5h", "Jh", "7c", "3s"]}, "37.5")
>>> reply["verdict"], reply["expected"], reply["given"]
('correct', '37,5', '37,5')
"""

from __future__ import annotations

from typing import Any

from ..errors import RequestError
from ..progress import Blame, blame, compact_facts, progress_reply
from ..protocol import command
from ..requests import check_type, optional, require
from .answers import (MAX_ANSWER_CHARS, AnswerError, TieAnswer, fold, format_amount, parse_actions, parse_amount,
                      parse_hand_name, parse_names, parse_position)
from .solvers import QuestionKind, Solution, Trainer, ask, cards_display, kinds, question_kind, solve
from .verdict import CORRECT, NEEDS_DETAIL, display_given, is_correct, judge, read_answer, titled

__all__ = [
    "MAX_ANSWER_CHARS",
    "AnswerError",
    "QuestionKind",
    "Solution",
    "TieAnswer",
    "Trainer",
    "ask",
    "cards_display",
    "check",
    "fold",
    "format_amount",
    "is_correct",
    "judge",
    "kinds",
    "parse_actions",
    "parse_amount",
    "parse_hand_name",
    "parse_names",
    "parse_position",
    "question_kind",
    "read_answer",
    "solve",
    "titled",
]


def check(spec: Any, answer: Any, *, reveal: bool = False, item: dict | None = None,
          skills: list[str] | None = None, slow: bool = False) -> dict:
    """Solve ``spec`` and judge ``answer``: the ``quiz-check`` reply (see the module docstring), with
    its ``progress`` (:mod:`engine.progress`; ``item``: what reopens the question, by default the
    question itself; ``skills``: those it exercises, by default the question's; ``slow``: right but
    slow is graded ``hard``).

    :raises RequestError: if ``spec`` is not a valid question.
    """
    solution = solve(spec)
    reply = titled(_judged(solution, answer, reveal))
    reply["progress"] = progress_of(spec, solution, reply, answer, item=item, skills=skills, slow=slow)
    return reply


def progress_of(spec: dict, solution: Solution, reply: dict, answer: Any, *, item: dict | None = None,
                skills: list[str] | None = None, slow: bool = False) -> dict | None:
    """The ``progress`` field of a ``quiz-check`` reply (see :mod:`engine.progress`): None when the
    reply judges nothing (an unreadable or imprecise answer, not revealed, that shows no mistake)."""
    if item is None:
        item = {"command": "quiz-check", "request": {"question": spec}, "source": None}
    skills = question_kind(spec["kind"]).skills(spec) if skills is None else skills
    analysis = blame.analysis(spec["kind"])
    shown = {"facts": compact_facts(solution.facts), "given": reply["given"], "expected": solution.display}
    if reply["verdict"] == NEEDS_DETAIL and not reply["revealed"]:  # a hint asked for: counts as wrong
        skill = analysis.vague(spec) if analysis and analysis.vague else (skills[0] if skills else None)
        found = [Blame(skill, reply["hint"])] if skill else []
        return progress_reply(item, False, skills, found, None, generic=reply["hint"], shown=shown)
    if reply["verdict"] == "unreadable" and not reply["revealed"]:
        mistake = (analysis.unreadable(spec, answer) if analysis and analysis.unreadable and isinstance(answer, str)
                   else None)
        if mistake is None:
            return None
        return progress_reply(item, False, skills, *mistake, shown={**shown, "given": answer.strip()[:60]})
    ok = reply["correct"]
    found, other = [], None
    if not ok:
        try:
            given = read_answer(solution, answer)
        except (AnswerError, RequestError):
            given = None
        if given is not None:
            found, other = blame.blame(spec, given)
    return progress_reply(item, ok, skills, found, other, slow=slow and ok, generic=f"La respuesta es {solution.display}.",
                          shown=shown)


def _judged(solution: Solution, answer: Any, reveal: bool) -> dict:
    """The ``quiz-check`` reply but its title."""
    reply = {"verdict": "unreadable", "correct": False, "valid": False, "hint": None, "message": "",
             "given": None, "revealed": False, "expected": None, "steps": []}
    if reveal and (answer is None or (isinstance(answer, str) and not answer.strip())):
        reply.update(verdict="revealed", message=f"La respuesta es {solution.display}.")
        return _reveal(reply, solution)
    try:
        given = read_answer(solution, answer)
    except AnswerError as exc:
        reply["message"] = str(exc)
        if not reveal:
            return reply
        reply["message"] += f" La respuesta es {solution.display}."
        return _reveal(reply, solution)
    verdict, hint = judge(solution, given)
    shown = display_given(solution, given, answer)
    reply.update(verdict=verdict, correct=verdict == CORRECT, valid=True, hint=hint, given=shown)
    if verdict == CORRECT:
        reply["message"] = f"La respuesta es {solution.display}."
        return _reveal(reply, solution)
    if reveal:
        reply["message"] = f"Has respondido {shown}; la respuesta correcta es {solution.display}."
    elif verdict == NEEDS_DETAIL:
        reply["message"] = f"«{shown}» es cierto, pero no basta. {hint}"
    else:
        reply["message"] = f"«{shown}» no es la respuesta. Inténtalo otra vez."
    if solution.answer_type == "amount" and given == -solution.value and given != 0:
        reply["message"] += (" La cantidad es la buena, pero el signo no: el signo menos indica que el "
                             "jugador pierde.")
    return _reveal(reply, solution) if reveal else reply


def _reveal(reply: dict, solution: Solution) -> dict:
    reply.update(revealed=True, expected=solution.display, steps=list(solution.steps))
    return reply


@command("quiz-check", "Ejercicios: comprueba la respuesta de un lector a una pregunta; da una pista si "
         "falta precisar y la solución cuando acierta o la pide.")
def _quiz_check(request: dict) -> dict:
    """``{"question": {...}, "answer": "texto del lector", "reveal": false, "page"?, "id"?, "trainer"?,
    "ms"?}`` -> the :func:`check` reply (``page`` and ``id``: the question on its page; ``trainer``: a round
    of the question kind's trainer, ``{"mode", "seed", "unit"?, "trips_table"?}``; ``ms``: the time taken)."""
    reveal = optional(request, "reveal", "reveal", bool, False)
    spec = require(request, "question", "question")
    page = optional(request, "page", "page", str, None)
    qid = optional(request, "id", "id", str, None)
    ms = optional(request, "ms", "ms", int, None)
    rounds = optional(request, "trainer", "trainer", dict, None)
    item, skills, slow = None, None, False
    if rounds is not None:
        check_type(spec, dict, "question")
        kind = question_kind(spec.get("kind"))
        trainer = kind.trainer
        if trainer is None:
            raise RequestError("trainer", "este tipo de pregunta no tiene entrenador")
        mode = require(rounds, "mode", "trainer.mode", str)
        if mode not in trainer.modes:
            raise RequestError("trainer.mode", f"modo desconocido «{mode}»; modos: {', '.join(trainer.modes)}")
        deal = {"mode": mode, "seed": require(rounds, "seed", "trainer.seed", int)}
        for key, type_ in (("unit", int), ("trips_table", str)):
            value = optional(rounds, key, f"trainer.{key}", type_, None)
            if value is not None:
                deal[key] = value
        item = {"command": trainer.command, "request": deal, "source": trainer.command}
        skills = list(dict.fromkeys(trainer.modes[mode] + tuple(kind.skills(spec))))
        slow = ms is not None and ms > trainer.slow_ms[mode]
    elif page is not None:  # a question on its page: the page reopens it (a small log entry)
        check_type(spec, dict, "question")
        where = {"page": page} if qid is None else {"page": page, "id": qid}
        item = {"command": "quiz-check", "request": where, "source": page}
    return check(spec, request.get("answer"), reveal=reveal, item=item, skills=skills, slow=slow)
