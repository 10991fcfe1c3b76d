"""«Revisión de la mano»: each of the reader's decisions at a free table valued and graded against the bots he
played, given only what his seat saw then (every game, one mechanism).

The table's game is asked through its :class:`~engine.table.game.TableGame` (``seat_view``, ``policy``) and
its :class:`~engine.table.game.FreeTable` (``world``, ``unit``), never by name:

- :mod:`.worlds`: the value in chips of each legal action, with its 95 % margin, over the worlds his seat
  could not tell apart, weighed by how likely each bot's policy was to act as it did (Bayes);
- :mod:`.grades`: the grade from the loss against the best action as a share of the pot, the sentence of
  why, and a session's summary.

:func:`review_steps` reviews the decisions of a session's hand one by one (a place to pause between two:
the worker computes it in slices).
"""

from __future__ import annotations

from typing import Generator

from ..errors import RequestError
from ..table.game import FreeTable
from .grades import GRADES, TIE, WORDS, graded, summary
from .worlds import WORLDS, estimate

__all__ = ["GRADES", "TIE", "WORDS", "review_decision", "review_steps", "summary"]


def review_decision(session, index: int, at, *, worlds: int = WORLDS) -> dict:
    """The review of the reader's decision ``index`` of ``session`` (``at``: its :class:`~engine.table.coach.Spot`)."""
    table = session.table
    place = session.spots[index][0]
    result = estimate(session.game, table, at.view, session.decisions, place, at.move, table.styles,
                      session.reader, worlds=worlds)
    return graded(at.view, result, at.move, index=index, at=place, when=at.when, cite=at.cite, unit=table.unit())


def review_steps(session, *, worlds: int = WORLDS) -> Generator[tuple[int, int], None, dict]:
    """Every decision of the reader in the session's hand reviewed (:func:`review_decision`): yields
    ``(done, total)`` after each and returns ``{"words", "decisions"}``.

    :raises RequestError: when the session's table has no review."""
    table = getattr(session, "table", None)
    if table is None or type(table).world is FreeTable.world:
        raise RequestError("session", "esta mano no tiene revisión: solo la tienen las manos de una mesa libre")
    total = len(session.spots)
    decisions = []
    for done, (index, at) in enumerate(session.replayed(list(range(total))), start=1):
        decisions.append(review_decision(session, index, at, worlds=worlds))
        yield done, total
    return {"words": dict(WORDS), "decisions": decisions}
