"""Pots from what each player put in, computed on demand (never kept in sync by hand).

Bets make the layers (main pot, then side pots); antes are dead money that belongs to the main pot,
which every contender can win.

>>> [(p.amount, p.eligible) for p in layered_pots({"A": 50, "B": 200, "C": 200}, ["A", "B", "C"], dead=25)]
[(175, ('A', 'B', 'C')), (300, ('B', 'C'))]
"""

from __future__ import annotations

from typing import Mapping, Sequence

from ...pots import Pot, side_pots, uncalled_bet

__all__ = ["Pot", "layered_pots", "uncalled"]


def uncalled(bets: Mapping[str, int]) -> tuple[str, int] | None:
    """The player whose top chips nobody matched, and how many: ``(name, excess)`` or None
    (:func:`engine.pots.uncalled_bet`, shared with Hold'em)."""
    return uncalled_bet(bets)


def layered_pots(bets: Mapping[str, int], contenders: Sequence[str], *, dead: int = 0) -> list[Pot]:
    """Main pot first, then the side pots (:func:`engine.pots.side_pots`, shared with Hold'em).

    ``bets`` are the chips each player bet, in seat order (folded players' chips are dead money in
    the pots they reach); ``contenders`` are the players still able to win; ``dead`` (antes) goes to
    the main pot, which every contender can win.
    """
    folded = [name for name in bets if name not in contenders]
    return side_pots(bets, folded, dead=dead)
