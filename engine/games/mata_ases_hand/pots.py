"""Pots from what each player put in, computed on demand (never kept in sync by hand).

Bets make the layers (main pot, then side pots); antes are dead money that belongs to the main pot,
which every contender can win.

>>> [(p.amount, p.eligible) for p in layered_pots({"A": 50, "B": 200, "C": 200}, ["A", "B", "C"], dead=25)]
[(175, ('A', 'B', 'C')), (300, ('B', 'C'))]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence


@dataclass(frozen=True)
class Pot:
    """One pot: its chips and the players who can win it (in seat order)."""

    amount: int
    eligible: tuple[str, ...]


def uncalled(bets: Mapping[str, int]) -> tuple[str, int] | None:
    """The player whose top chips nobody matched, and how many: ``(name, excess)`` or None."""
    ranked = sorted(bets.items(), key=lambda item: item[1], reverse=True)
    if not ranked or ranked[0][1] <= 0:
        return None
    second = ranked[1][1] if len(ranked) > 1 else 0
    if ranked[0][1] > second:
        return ranked[0][0], ranked[0][1] - second
    return None


def layered_pots(bets: Mapping[str, int], contenders: Sequence[str], *, dead: int = 0) -> list[Pot]:
    """Main pot first, then the side pots.

    ``bets`` are the chips each player bet (folded players' chips are dead money in the layers
    they reach); ``contenders`` are the players still able to win, in seat order; ``dead`` (antes)
    goes to the main pot. Layers with the same contenders merge; a layer nobody can win (every
    player in it folded) joins the pot below it.
    """
    pots: list[Pot] = [Pot(dead, tuple(contenders))] if dead else []
    previous = 0
    carry = 0
    for level in sorted({c for c in bets.values() if c > 0}):
        members = sum(1 for c in bets.values() if c >= level)
        amount = (level - previous) * members + carry
        carry = 0
        eligible = tuple(n for n in contenders if bets.get(n, 0) >= level)
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
    if carry:  # nobody in any layer reached so far can win it: the contenders share it
        pots.append(Pot(carry, tuple(contenders)))
    return pots
