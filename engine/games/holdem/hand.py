"""One hand of No-Limit Texas Hold'em: the table hand (:class:`engine.table.hand.Hand`) on Hold'em's
rules (:data:`.rules.RULES`: 2 to 10 seats, two closed cards each, then 3, 1 and 1 board cards, each
burnt first; before the flop the player left of the largest blind opens, after it the first player
still in left of the button) and its position names (:func:`.rules.positions`).

A fold where checking is free is allowed (TDA: the fold stands; PokerKit refuses it).

>>> from engine.cards import parse_cards
>>> hand = HoldemHand([("p1", 100), ("p2", 100), ("p3", 100)], button="p3", blinds=[1, 2], min_bet=2)
>>> hand.phase, [(type(e).__name__, e.player, e.amount) for e in hand.events]
('deal-hole', [('BlindPosting', 'p1', 1), ('BlindPosting', 'p2', 2)])
>>> for name, cards in (("p1", "As Ah"), ("p2", "Kd Kc"), ("p3", "7c 2d")):
...     _ = hand.deal_hole(name, parse_cards(cards))
>>> hand.to_act, hand.legal_actions()[-1], hand.position
('p3', {'action': 'raise', 'min': 4, 'max': 100}, {'p1': 'SB', 'p2': 'BB', 'p3': 'D'})
"""

from __future__ import annotations

from dataclasses import replace
from typing import Sequence

from ...table.hand import Hand
from ...table.records import BettingOrRaisingTo, CheckingOrCalling, Folding
from . import rules

__all__ = ["HoldemHand", "STREETS", "decisions_of"]

STREETS = rules.RULES.streets


class HoldemHand(Hand):
    """One hand of No-Limit Texas Hold'em; the parameters are the table hand's
    (:class:`engine.table.hand.Hand`), with ``min_bet`` (the big blind) for the rules' minimum.

    :raises TableSetupError: for a table that cannot be played.
    """

    NAME = "Texas Hold'em"
    positions = staticmethod(rules.positions)

    def __init__(self, seats: Sequence[tuple[str, int]], *, button: str, blinds: Sequence[int],
                 antes: Sequence[int] = (), min_bet: int, no_small_blind: bool = False,
                 next_hand: bool = True, ante_trimming: bool | None = None) -> None:
        super().__init__(seats, replace(rules.RULES, minimum=min_bet), button=button, blinds=blinds, antes=antes,
                         no_small_blind=no_small_blind, next_hand=next_hand, ante_trimming=ante_trimming)


def decisions_of(hand: Hand) -> list[tuple[str, str, int | None]]:
    """Every decision made in ``hand``, in order: ``(player, action, amount)`` (``amount``: a bet or raise's
    round total; None for the others), as :meth:`~engine.table.hand.Hand.act` takes them again."""
    out: list[tuple[str, str, int | None]] = []
    for rec in hand.events:
        if isinstance(rec, Folding):
            out.append((rec.player, "fold", None))
        elif isinstance(rec, CheckingOrCalling):
            out.append((rec.player, "check" if rec.amount == 0 else "call", None))
        elif isinstance(rec, BettingOrRaisingTo):
            out.append((rec.player, rec.kind, rec.amount))
    return out
