"""Exact hand frequencies and the figures derived from them, computed (never stored).

The count of ``n``-card hands (5, 6 or 7) whose best five fall in each category comes from two
exact sums, so no hand is enumerated one by one:

- Hands with five or more cards of one suit. With at most seven cards only one suit can have
  five, and such a hand can hold neither four of a kind nor a full house, so its category is
  fixed by the ranks of that suit alone: for each set of ``k >= 5`` ranks of one suit, the other
  ``n - k`` cards come from the 39 cards of the other three suits.
- The other hands, grouped by rank multiset (how many cards of each rank). A multiset's category
  without a flush is fixed by the ranks; its suit assignments number the product of C(4, c) over
  its ranks, and those giving five cards of one suit are counted with a polynomial in the
  number of spades (per rank: C(3, c) ways without the spade, C(3, c - 1) with it), times 4.

>>> counts = category_counts(5)
>>> counts["royal_flush"], counts["straight_flush"], counts["high_card"]
(4, 36, 1302540)
>>> f"{float(dealer_nonqualification_rate()):.4f}"
'0.1741'
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import comb
from typing import Mapping

from .evaluation import CATEGORIES, category_of, strength_of_flush, strength_of_ranks

__all__ = [
    "category_counts",
    "category_frequencies",
    "dealer_nonqualification_rate",
    "expected_value",
    "hand_count",
]


def hand_count(n: int) -> int:
    """C(52, n): how many ``n``-card hands there are.

    >>> hand_count(7)
    133784560
    """
    return comb(52, n)


@cache
def _category_counts(n: int, ranks: int) -> tuple[tuple[str, int], ...]:
    counts = dict.fromkeys(CATEGORIES, 0)
    low = 13 - ranks  # bit of the lowest rank in the deck (0 = the deuce)
    # Five or more cards of one suit: the ranks of that suit decide.
    for mask in range(0, 1 << 13, 1 << low):
        k = mask.bit_count()
        if 5 <= k <= n:
            counts[category_of(strength_of_flush(mask))] += 4 * comb(3 * ranks, n - k)
    # Every rank multiset, without the suit assignments that make a flush.
    ways_without = [comb(3, c) for c in range(5)]
    ways_with = [comb(3, c - 1) if c else 0 for c in range(5)]
    ways_total = [comb(4, c) for c in range(5)]

    def walk(rank: int, left: int, key: int, total: int, poly: list[int]) -> None:
        if rank == 13:
            if left == 0:
                flushes = 4 * sum(poly[5:])
                counts[category_of(strength_of_ranks(key))] += total - flushes
            return
        walk(rank + 1, left, key, total, poly)
        for c in range(1, min(4, left) + 1):
            a, b = ways_without[c], ways_with[c]
            product = [0] * (len(poly) + 1)
            for i, coefficient in enumerate(poly):
                if coefficient:
                    product[i] += coefficient * a
                    product[i + 1] += coefficient * b
            walk(rank + 1, left - c, key + (c << (3 * rank)), total * ways_total[c], product)

    walk(low, n, 0, 1, [1])
    return tuple(counts.items())


def category_counts(n: int = 7, *, ranks: int = 13) -> dict[str, int]:
    """How many ``n``-card hands (5, 6 or 7 cards) have their best five in each category.

    ``ranks`` shrinks the deck to its highest ranks (6: nine to Ace, 24 cards); tests use it to
    check the method against enumerating every hand of a small deck.

    :raises ValueError: for another number of cards, or fewer than 2 ranks.

    >>> category_counts(5, ranks=6)["royal_flush"]
    4
    """
    if n not in (5, 6, 7):
        raise ValueError(f"Solo se calculan manos de 5, 6 o 7 cartas (recibido {n}).")
    if not 2 <= ranks <= 13:
        raise ValueError(f"La baraja tiene de 2 a 13 valores (recibido {ranks}).")
    return dict(_category_counts(n, ranks))


def category_frequencies(n: int = 7) -> dict[str, Fraction]:
    """Exact probability of each category for ``n`` random cards.

    >>> category_frequencies(5)["royal_flush"]
    Fraction(1, 649740)
    """
    total = hand_count(n)
    return {category: Fraction(count, total) for category, count in category_counts(n).items()}


def dealer_nonqualification_rate() -> Fraction:
    """Probability that seven cards make no pair or better (high card only: no pair, straight or
    flush), the rate at which the Ultimate Texas Hold'em dealer does not qualify.

    >>> dealer_nonqualification_rate() == Fraction(23294460, 133784560)
    True
    """
    return category_frequencies(7)["high_card"]


def expected_value(pays: Mapping[str, int | Fraction], n: int = 7) -> Fraction:
    """The expected net result per unit of a bet settled on ``n`` random cards alone: it pays
    ``pays[category]`` to 1 for the categories listed and loses the unit otherwise. Games pass
    their pay tables (Ultimate's Trips: :func:`engine.games.ultimate.rules.trips_house_edge`).

    >>> expected_value({"royal_flush": 1000, "straight_flush": 100}, 5) < 0
    True
    """
    expected = Fraction(0)
    for category, probability in category_frequencies(n).items():
        odds = pays.get(category)
        expected += probability * (odds if odds is not None else -1)
    return expected
