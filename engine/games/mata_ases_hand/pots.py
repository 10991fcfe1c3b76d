"""Pots from contributions, computed on demand (never kept in sync by hand).

>>> [(p.amount, p.eligible) for p in layered_pots({"A": 50, "B": 200, "C": 200}, ["A", "B", "C"])]
[(150, ('A', 'B', 'C')), (300, ('B', 'C'))]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence


@dataclass(frozen=True)
class Pot:
    """One pot: its chips and the players who can win it (in seat order)."""

    amount: int
    eligible: tuple[str, ...]


def uncalled(contributions: Mapping[str, int]) -> tuple[str, int] | None:
    """The player whose top chips nobody matched, and how many: ``(name, excess)`` or None."""
    ranked = sorted(contributions.items(), key=lambda item: item[1], reverse=True)
    if not ranked or ranked[0][1] <= 0:
        return None
    second = ranked[1][1] if len(ranked) > 1 else 0
    if ranked[0][1] > second:
        return ranked[0][0], ranked[0][1] - second
    return None


def layered_pots(contributions: Mapping[str, int], contenders: Sequence[str]) -> list[Pot]:
    """Main pot first, then the side pots, from what each player put in.

    ``contenders`` are the players still able to win (in seat order); everybody else's chips are
    dead money in the layers they reach. Layers with the same contenders merge. A layer nobody
    can win (every player in it folded) joins the pot below it.
    """
    live = set(contenders)
    levels = sorted({c for c in contributions.values() if c > 0})
    pots: list[Pot] = []
    previous = 0
    carry = 0
    for level in levels:
        members = [n for n, c in contributions.items() if c >= level]
        amount = (level - previous) * len(members) + carry
        carry = 0
        eligible = tuple(n for n in contenders if n in live and contributions.get(n, 0) >= level)
        if not eligible:
            if pots:
                pots[-1] = Pot(pots[-1].amount + amount, pots[-1].eligible)
            else:
                carry = amount
        elif pots and pots[-1].eligible == eligible:
            pots[-1] = Pot(pots[-1].amount + amount, eligible)
        else:
            pots.append(Pot(amount, eligible))
        previous = level
    if carry and contenders:  # nobody left in any layer reached so far: the contenders share it
        pots.append(Pot(carry, tuple(contenders)))
    return pots
