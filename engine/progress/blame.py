"""Which skill a wrong answer failed, and why: the learning layer's side of each game's ``blame`` facet.

A game declares, per question kind, an :class:`~engine.progress.Analysis` (``BLAME``) that recomputes the
situation with its rules and compares the reader's parsed answer with the parts of the engine's solution,
and the skills of a decision at its table (``DECISIONS``). This module finds them through the registry;
nothing here matches the reader's words or names a game.

A reader's decision in a practice hand is one of three things (:func:`decision`): the hand's line (right on
the decision's rule skill), a move the rules allow but the line does not take (a *choice*: recorded and
shown with what the hand teaches, it lowers no skill), or a move the rules refuse (:func:`refused`: wrong on
the rule skill, with the table's own reason).

>>> spec = {"kind": "holdem-pots", "ask": "eligible", "pot": 2, "folded": ["David"],
...         "bets": {"Ana": 100, "Beto": 40, "Carla": 100, "David": 60}}
>>> found, other = blame(spec, frozenset({"Ana", "Carla", "David"}))
>>> found[0].skill, found[0].why
('holdem.side-pots.eligibility', 'David se retiró: sus fichas se quedan en el bote, pero no opta a él.')
"""

from __future__ import annotations

from typing import Any

from ..games import declared, find_game
from ..table.words import form
from . import Analysis, Blame, OtherGame, progress_reply

__all__ = ["STRICT", "analysis", "blame", "decision", "refused", "said"]

#: Whether an analysis that fails raises (the tests) or leaves the reply without a reason (the reader's
#: check must never fail because the reason could not be found).
STRICT = False


def analysis(kind: Any) -> Analysis | None:
    """The game's analysis of question kind ``kind``, or None."""
    return declared(kind, "blame", "BLAME")


def blame(spec: dict, given: Any) -> tuple[list[Blame], OtherGame | None]:
    """The skills a wrong answer ``given`` (read as the solution's type) failed, and another game under
    whose rules it is right (or None)."""
    try:
        found = analysis(spec.get("kind"))
        return found.wrong(spec, given) if found else ([], None)
    except Exception:
        if STRICT:
            raise
        return [], None


def said(move: dict) -> str:
    """A decision in the infinitive («apostar 50», «pedirla abierta»), as the table words it."""
    try:
        return form(move["action"], "infinitive", move.get("amount"))
    except ValueError:
        return move["action"]


def decision(game: str, slot: str, line: dict, chosen: dict, item: dict, lesson: str | None) -> dict | None:
    """The ``progress`` of a reader's legal decision in a practice hand: right on the decision's rule skill
    when it is the hand's line (``line``, the script's default move), else a choice (``ok`` null, no skill:
    the rules allowed it) with the line and what the hand teaches (``lesson``). None: the game has no
    decision skill for that kind of decision."""
    decisions = find_game(game).facet("blame").DECISIONS
    skill = decisions.slots.get(slot) if decisions else None
    if skill is None:
        return None
    if chosen == line:
        return progress_reply(item, True, [skill], [], None)
    choice = {"text": f"Lo permiten las reglas, pero la línea de esta mano es {said(line)}, no {said(chosen)}.",
              "reason": lesson}
    return {"item": item, "ok": None, "grade": None, "skills": [], "other_game": None, "shown": None,
            "choice": choice}


def refused(game: str, slot: str, sized: bool, why: str, item: dict, shown: dict) -> dict | None:
    """The ``progress`` of a decision the rules refuse: wrong on the rule skill (``sized``: a bet or raise the
    rules allow here, but not of that size: the sizing skill), ``why`` the table's own words. None: the game
    has no decision skill for it."""
    decisions = find_game(game).facet("blame").DECISIONS
    if decisions is None or slot not in decisions.slots:
        return None
    skill = decisions.size if sized else decisions.slots[slot]
    return progress_reply(item, False, [skill], [Blame(skill, why)], None, shown=shown)
