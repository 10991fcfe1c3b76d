"""The next hand's button and blinds, with players who are out (the dead-button rule).

The rules page (docs/holdem/index.md, «La rotación del botón») states the dead-button rule for
tournaments, the site's convention: the big blind always moves on to the next player still in, so
nobody skips it or posts it twice in a row; the small blind and the button are placed behind it, on
the seats that had the big and the small blind, even when that leaves the button on the seat of a
player who is out (a dead button) or a hand without a small blind. When two players are left the
button is set so that nobody posts the big blind twice in a row (the other player is the button and
the small blind, even if he had the button last hand).

>>> next_hand(["p1", "p2", "p3", "p4"], small_blind="p1", big_blind="p2", busted=[])
NextHand(street=None, button='p1', small_blind='p2', big_blind='p3', dead_button=False, busted=())
>>> next_hand(["p1", "p2", "p3", "p4"], small_blind="p1", big_blind="p2", busted=["p1"])
NextHand(street=None, button='p1', small_blind='p2', big_blind='p3', dead_button=True, busted=('p1',))
>>> next_hand(["p1", "p2", "p3", "p4", "p5"], small_blind="p1", big_blind="p2", busted=["p2", "p3"])
NextHand(street=None, button='p1', small_blind=None, big_blind='p4', dead_button=False, busted=('p2', 'p3'))
>>> next_hand(["p1", "p2", "p3", "p4"], small_blind="p1", big_blind="p2", busted=["p2", "p3"])
NextHand(street=None, button='p1', small_blind='p1', big_blind='p4', dead_button=False, busted=('p2', 'p3'))
"""

from __future__ import annotations

from typing import Iterable, Sequence

from .records import NextHand

__all__ = ["next_hand", "showing_order"]


def showing_order(ring: Sequence, remaining: Iterable, first=None) -> list:
    """Who shows at the showdown, in turn: the players of ``remaining`` in the order of ``ring`` (clockwise
    from the button's left), from ``first`` when given, the last player who bet or raised in the last
    round (TDA 17), the others clockwise after him.

    >>> showing_order(["SB", "BB", "UTG", "D"], ["BB", "D", "SB"], first="D")
    ['D', 'SB', 'BB']
    """
    remaining = set(remaining)
    order = [seat for seat in ring if seat in remaining]
    if first is not None:
        at = order.index(first)
        order = order[at:] + order[:at]
    return order


def next_hand(seats: Sequence[str], *, small_blind: str, big_blind: str, busted: Iterable[str]) -> NextHand | None:
    """The next hand's positions from this hand's blinds; ``seats`` clockwise. None when fewer than
    two players are left (the game is over)."""
    busted = tuple(name for name in seats if name in set(busted))
    alive = [name for name in seats if name not in busted]
    if len(alive) < 2:
        return None
    n, i = len(seats), seats.index(big_blind)
    new_big = next(seats[(i + k) % n] for k in range(1, n + 1) if seats[(i + k) % n] in alive)
    if len(alive) == 2:  # heads-up: the other player has the button and posts the small blind
        other = alive[0] if alive[1] == new_big else alive[1]
        return NextHand(other, other, new_big, False, busted)
    small = big_blind if big_blind in alive else None
    return NextHand(small_blind, small, new_big, small_blind in busted, busted)
