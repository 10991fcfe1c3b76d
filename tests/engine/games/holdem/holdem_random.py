"""Random Hold'em play for tests: the dealer's steps from a shuffled deck and a random legal action,
with a random amount, for whoever is to act (shared by tests/engine/games/holdem/test_holdem_hand_phh.py and the
Pyodide cases in tests/pyodide_cases/holdem_hand_cases.py)."""

from __future__ import annotations

import random

from engine.cards import DECK
from engine.games.holdem.hand import HoldemHand


def play_randomly(hand: HoldemHand, rng: random.Random, *, max_events: int | None = None,
                  decide=None) -> HoldemHand:
    """Play ``hand`` on from a deck shuffled by ``rng`` until it is over (or has ``max_events`` events):
    the dealer deals what is due from the top (no burn cards: PHH does not write them, and these hands
    must read back from their PHH), each player picks a legal action at random, or by
    ``decide(hand, rng)`` (which acts itself) when given.
    """
    deck = list(DECK)
    rng.shuffle(deck)
    while not hand.over and (max_events is None or len(hand.events) < max_events):
        if hand.phase == "deal-hole":
            hand.deal_hole(hand.undealt()[0], [deck.pop(), deck.pop()])
        elif hand.phase == "deal-board":
            hand.deal_board([deck.pop() for _ in range(hand.board_due())])
        elif hand.phase == "showdown":
            hand.finish()
        elif decide is not None:
            decide(hand, rng)
        else:
            option = rng.choice(hand.legal_actions())
            amount = rng.randint(option["min"], option["max"]) if "min" in option else None
            hand.act(hand.to_act, option["action"], amount)
    return hand
