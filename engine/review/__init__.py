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
from .grades import TIE, WORDS, graded, summary
from .learning import slot_of
from .worlds import WORLDS, estimate_steps, public_seed

__all__ = ["MAX_REVIEWED", "TIE", "WORDS", "review_decision", "review_decision_steps", "review_steps",
           "summary"]


def review_decision(session, index: int, at, *, worlds: int = WORLDS) -> dict:
    """The review of the reader's decision ``index`` of ``session`` (``at``: its :class:`~engine.table.coach.Spot`):
    :func:`.grades.graded`'s fields, its ``slot`` (:func:`.learning.slot_of`), ``spot`` (its public seed) and
    ``seen`` (the cards his seat saw)."""
    steps = review_decision_steps(session, index, at, worlds=worlds)
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value


def review_decision_steps(session, index: int, at, *, worlds: int = WORLDS) -> Generator[int, None, dict]:
    """:func:`review_decision` world by world (yields the worlds done)."""
    table = session.table
    place = session.spots[index][0]
    result = yield from estimate_steps(session.game, table, at.view, session.decisions, place, at.move,
                                       table.styles, session.reader, worlds=worlds)
    out = graded(at.view, result, at.move, index=index, at=place, when=at.when, cite=at.cite, unit=table.unit())
    # what «Mi progreso» records of it (engine.review.learning): its kind, its public seed, the cards he saw
    return {**out, "slot": slot_of(at.view), "spot": public_seed(session.game.id, at.view, session.decisions[:place]),
            "seen": sorted(str(card) for card in at.view.seen)}


#: The most decisions of the reader one request reviews (a hand of endless re-raises stays bounded).
MAX_REVIEWED = 24


def review_steps(session, index: int | None = None, *, worlds: int = WORLDS,
                 cache: dict | None = None) -> Generator[tuple[int, int], None, dict]:
    """The reader's decisions in the session's hand reviewed (:func:`review_decision`), or only his decision
    ``index`` (from 0): a generator that yields ``(done, total)`` after each world and returns ``{"words",
    "decisions"}``. ``cache`` keeps each decision's review by its number once done (the same hand's): a page
    may ask during the hand, while the reader thinks, and find them ready after it.

    :raises RequestError: at once, when the session's table has no review, for an ``index`` he has not taken
        or for more than :data:`MAX_REVIEWED` decisions."""
    table = getattr(session, "table", None)
    if table is None or type(table).world is FreeTable.world:
        raise RequestError("session", "esta mano no tiene revisión: solo la tienen las manos de una mesa libre")
    taken = len(session.spots)
    if index is not None and not 0 <= index < taken:
        raise RequestError("decision", f"en esta mano has tomado {taken} decisi{'ón' if taken == 1 else 'ones'}: "
                                       f"el número va de 0 a {taken - 1}" if taken else
                                       "aún no has tomado ninguna decisión en esta mano")
    chosen = list(range(taken)) if index is None else [index]
    if len(chosen) > MAX_REVIEWED:
        raise RequestError("session", f"esta mano tiene {taken} decisiones tuyas y la revisión mira como mucho "
                                      f"{MAX_REVIEWED} a la vez: pide cada una con «decision»")
    return _steps(session, chosen, worlds, {} if cache is None else cache)


def _steps(session, chosen: list[int], worlds: int, cache: dict) -> Generator[tuple[int, int], None, dict]:
    decisions = []
    for done, (index, at) in enumerate(session.replayed([i for i in chosen if i not in cache])):
        steps = review_decision_steps(session, index, at, worlds=worlds)
        while True:  # a slice per world: the worker sees a cancellation within a few milliseconds
            try:
                next(steps)
            except StopIteration as stop:
                cache[index] = stop.value
                break
            yield done, len(chosen)
        yield done + 1, len(chosen)
    return {"words": dict(WORDS), "decisions": [cache[i] for i in chosen]}
