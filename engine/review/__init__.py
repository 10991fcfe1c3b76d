"""«Revisión de la mano»: each of the reader's decisions in a hand valued and graded against the bots he
played, given only what his seat saw then (every game, every kind of hand, one mechanism).

The hand's game is asked through its :class:`~engine.table.game.TableGame` (``seat_view``, ``policy``) and
the hand's :class:`~engine.table.game.Worlds` (``world``, ``styles``, ``unit``), never by name; a session
gives them (:meth:`engine.play.session.Session.reviewed`): a free table's bots, a practice hand's script
valued as bots of one style, a history's hand replayed.

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
from ..table.words import decision_range
from .grades import TIE, WORDS, graded, summary
from .learning import slot_of
from .worlds import WORLDS, estimate_steps, public_seed

__all__ = ["MAX_REVIEWED", "TIE", "WORDS", "review_decision", "review_decision_steps", "review_steps",
           "summary"]


def review_decision(session, index: int, at, *, worlds: int = WORLDS) -> dict:
    """The review of the reader's decision ``index`` of ``session`` (``at``: its :class:`~engine.table.coach.Spot`):
    :func:`.grades.graded`'s fields, its ``slot`` (:func:`.learning.slot_of`), ``spot`` (its public seed) and
    ``seen`` (the cards his seat saw)."""
    played, hand_worlds = session.reviewed()
    steps = review_decision_steps(played, hand_worlds, index, at, worlds=worlds)
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value


def review_decision_steps(session, hand_worlds, index: int, at, *, worlds: int = WORLDS
                          ) -> Generator[int, None, dict]:
    """:func:`review_decision` world by world (yields the worlds done), over ``hand_worlds`` (the session's
    :class:`~engine.table.game.Worlds`)."""
    place = session.spots[index][0]
    result = yield from estimate_steps(session.game, hand_worlds, at.view, session.decisions, place, at.move,
                                       hand_worlds.styles, session.reader, worlds=worlds)
    out = graded(at.view, result, at.move, index=index, at=place, when=at.when, cite=at.cite, unit=hand_worlds.unit)
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
    session, hand_worlds = session.reviewed()  # a hand without review is refused here
    taken = len(session.spots)
    if index is not None and not 0 <= index < taken:
        raise RequestError("decision", decision_range(taken))
    chosen = list(range(taken)) if index is None else [index]
    if len(chosen) > MAX_REVIEWED:
        raise RequestError("session", f"esta mano tiene {taken} decisiones tuyas y la revisión mira como mucho "
                                      f"{MAX_REVIEWED} a la vez: pide cada una con «decision»")
    return _steps(session, hand_worlds, chosen, worlds, {} if cache is None else cache)


def _steps(session, hand_worlds, chosen: list[int], worlds: int, cache: dict
           ) -> Generator[tuple[int, int], None, dict]:
    for done, (index, at) in enumerate(session.replayed([i for i in chosen if i not in cache])):
        steps = review_decision_steps(session, hand_worlds, index, at, worlds=worlds)
        while True:  # a slice per world: the worker sees a cancellation within a few milliseconds
            try:
                next(steps)
            except StopIteration as stop:
                cache[index] = stop.value
                break
            yield done, len(chosen)
        yield done + 1, len(chosen)
    words = dict(WORDS) if hand_worlds.assumed is None else {**WORDS, "assumed": hand_worlds.assumed}
    return {"words": words, "decisions": [cache[i] for i in chosen]}
