"""The grade of a decision, for every game: how much it lost against the best action, as a share of what
was in play when it was taken, in four levels stated once here (the pages say them from :func:`levels`).

A game says what ``pot`` is for its decisions (Hold'em and Mata Ases: the pot before the decision;
Ultimate: the Ante and the Blind the player has on the table); the loss and the pot are in the same unit,
and a loss of 0 is the best action.

- «Correcta»: the loss is at most 2 % of the pot;
- «Imprecisión»: more than 2 % and at most 10 %;
- «Error»: more than 10 % and at most 30 %;
- «Error grave»: more than 30 %.

:func:`summarize` gathers a session's graded decisions: how many of each grade, the loss per 100
decisions and the costliest decisions first.

>>> grade(Fraction(2), 100).name, grade(Fraction(201, 100), 100).name, grade(Fraction(31), 100).name
('Correcta', 'Imprecisión', 'Error grave')
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable, Sequence

from ..spanish import percent

__all__ = ["GRADES", "Grade", "Summary", "grade", "levels", "share", "summarize", "thresholds_text"]


@dataclass(frozen=True)
class Grade:
    """One level: its ``code``, its Spanish ``name`` and ``upto``, the largest loss (a share of the pot)
    still graded so (None: no limit)."""

    code: str
    name: str
    upto: Fraction | None

    @property
    def ok(self) -> bool:
        """Whether a decision of this grade counts as right (in «Mi progreso»)."""
        return self is GRADES[0]


#: The four levels, best first.
GRADES = (
    Grade("correct", "Correcta", Fraction(2, 100)),
    Grade("inaccuracy", "Imprecisión", Fraction(10, 100)),
    Grade("mistake", "Error", Fraction(30, 100)),
    Grade("blunder", "Error grave", None),
)


def share(loss: Fraction | int, pot: Fraction | int) -> Fraction:
    """``loss`` as a share of ``pot``.

    :raises ValueError: for a negative loss or a pot that is not positive (a caller's bug).
    """
    if loss < 0 or pot <= 0:
        raise ValueError(f"a loss of {loss} with a pot of {pot}")
    return Fraction(loss) / Fraction(pot)


def grade(loss: Fraction | int, pot: Fraction | int) -> Grade:
    """The grade of a decision that lost ``loss`` against the best action with ``pot`` in play."""
    part = share(loss, pot)
    return next(g for g in GRADES if g.upto is None or part <= g.upto)


def thresholds_text(of_pot: str) -> str:
    """The four levels in one sentence, ``of_pot`` saying what the share is of (``"del bote"``).

    >>> thresholds_text("del bote").split("; ")[0].replace("\\xa0", " ")
    '«Correcta» si pierde como mucho el 2 % del bote frente a lo mejor'
    """
    parts = []
    low = None
    for g in GRADES:
        if low is None:
            parts.append(f"«{g.name}» si pierde como mucho el {percent(g.upto, 0)} {of_pot} frente a lo mejor")
        elif g.upto is None:
            parts.append(f"«{g.name}» si pierde más del {percent(low, 0)}")
        else:
            parts.append(f"«{g.name}» si pierde más del {percent(low, 0)} y como mucho el {percent(g.upto, 0)}")
        low = g.upto
    return "; ".join(parts) + "."


def levels() -> list[dict]:
    """The levels for a page: ``[{"code", "name", "upto": share or None}]``, best first."""
    return [{"code": g.code, "name": g.name, "upto": None if g.upto is None else float(g.upto)} for g in GRADES]


@dataclass(frozen=True)
class Summary:
    """A session's graded decisions: ``count`` of them, how many of each grade (``by_grade``, by code), the
    total ``loss``, the loss per 100 decisions and the positions of the costliest (at most three, costliest
    first, only those that lost something; the earlier first on a tie)."""

    count: int
    by_grade: dict[str, int]
    loss: Fraction
    per_100: Fraction
    costliest: tuple[int, ...]


def summarize(decisions: Iterable[tuple[Fraction, Grade]], *, worst: int = 3) -> Summary:
    """The :class:`Summary` of ``(loss, grade)`` pairs, in the order they were taken."""
    taken: Sequence[tuple[Fraction, Grade]] = list(decisions)
    by_grade = {g.code: 0 for g in GRADES}
    for _loss, g in taken:
        by_grade[g.code] += 1
    total = sum((Fraction(loss) for loss, _g in taken), Fraction(0))
    per_100 = total * 100 / len(taken) if taken else Fraction(0)
    order = sorted((i for i, (loss, _g) in enumerate(taken) if loss > 0), key=lambda i: (-taken[i][0], i))
    return Summary(len(taken), by_grade, total, per_100, tuple(order[:worst]))
