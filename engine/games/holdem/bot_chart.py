"""The pre-flop chart: a hand's score (Bill Chen's formula) against thresholds by position and style.

Chen's score: the high card (As 10, Rey 8, Reina 7, Jota 6, lower cards half their rank), doubled
for a pair (at least 5), +2 suited, minus the gap between the ranks (1 → -1, 2 → -2, 3 → -4, more
→ -5), +1 for connected or one-gap cards below the Queen; rounded up. All 169 starting hands are
scored once into :data:`SCORES`.

The threshold to open (nobody has raised yet) grows with the players still to act behind: the more
of them, the likelier one holds a better hand. A style moves every threshold (:data:`SHIFT`).

>>> score("As", "Ah"), score("Ks", "Qs"), score("7c", "2d"), score("Ts", "9s")
(20, 10, -1, 8)
>>> open_threshold(behind=1, style="equilibrado") < open_threshold(behind=8, style="equilibrado")
True
"""

from __future__ import annotations

import math

__all__ = ["SCORES", "SHIFT", "call_threshold", "open_threshold", "reraise_threshold", "score"]

_RANKS = "23456789TJQKA"
_HIGH = {14: 10.0, 13: 8.0, 12: 7.0, 11: 6.0}


def _chen(high: int, low: int, suited: bool) -> int:
    points = _HIGH.get(high, high / 2)
    if high == low:
        return math.ceil(max(5.0, points * 2))
    if suited:
        points += 2
    gap = high - low - 1
    points -= (0, 1, 2, 4)[gap] if gap < 4 else 5
    if gap <= 1 and high < 12:
        points += 1
    return math.ceil(points)


#: Chen's score of every starting hand, by (high rank, low rank, suited).
SCORES: dict[tuple[int, int, bool], int] = {
    (h, l, s): _chen(h, l, s) for h in range(2, 15) for l in range(2, h + 1) for s in ((False,) if h == l else (False, True))
}

#: How far each style moves the thresholds: tighter (+) or looser (-).
SHIFT = {"prudente": 1.5, "equilibrado": 0.0, "agresivo": -1.5}


def score(a: str, b: str) -> int:
    """Chen's score of two hole cards written as ``"As"``, ``"Td"``."""
    x, y = _RANKS.index(a[0]) + 2, _RANKS.index(b[0]) + 2
    return SCORES[max(x, y), min(x, y), x != y and a[1] == b[1]]


def open_threshold(*, behind: int, style: str) -> float:
    """The least score to raise first in (``behind``: players still to act after this one)."""
    return 4.5 + 0.7 * behind + SHIFT[style]


def call_threshold(*, behind: int, style: str, raises: int) -> float:
    """The least score to call a raise (each further raise asks for more)."""
    return 7.0 + 0.3 * behind + 1.5 * (raises - 1) + SHIFT[style]


def reraise_threshold(*, style: str, raises: int) -> float:
    """The least score to raise again over ``raises`` bets and raises."""
    return 11.0 + 1.5 * (raises - 1) + SHIFT[style]
