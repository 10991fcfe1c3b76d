"""Hands played to the end by agents (bots, random players, calling stations): for tests and benchmarks.

An agent is a function ``(hand, player) -> (action, amount)`` called at the player's turn; it must
look only at what the player may see (:func:`bot` reads :func:`.view.view_of`, which takes the
player's own hole cards only). The cards come from a deck (top first) as the dealer deals them.

>>> from engine.cards import DECK
>>> hand = play([("a", 200), ("b", 200)], list(DECK), {"a": calling_station, "b": bot("agresivo", 1)})
>>> hand.over, sum(hand.stacks.values())
(True, 400)
"""

from __future__ import annotations

import random
from typing import Callable, Mapping, Sequence

from ...cards import Card
from .hand import HoldemHand
from .bot_policy import decide
from .bot_view import view_of

__all__ = ["Agent", "bot", "calling_station", "play", "random_player"]

Agent = Callable[[HoldemHand, str], tuple[str, int | None]]


def bot(style: str, seed: int, samples: int | None = None) -> Agent:
    """An agent that decides as ``holdem-bot`` does."""

    def act(hand: HoldemHand, player: str) -> tuple[str, int | None]:
        decision = decide(view_of(hand, player), style, seed, samples=samples)
        return decision.action, decision.amount if decision.action in ("bet", "raise") else None

    return act


def calling_station(hand: HoldemHand, player: str) -> tuple[str, int | None]:
    """Checks when free, calls anything else; never bets or folds."""
    kinds = [o["action"] for o in hand.legal_actions()]
    return ("check" if "check" in kinds else "call"), None


def random_player(seed: int) -> Agent:
    """Picks one of the offered kinds of action at random (never a fold when checking is free), and a
    bet or raise anywhere between the least and a pot-sized raise (all-in one time in ten)."""
    rng = random.Random(seed)

    def act(hand: HoldemHand, player: str) -> tuple[str, int | None]:
        options = hand.legal_actions()
        kinds = [o for o in options if not (o["action"] == "fold" and any(p["action"] == "check" for p in options))]
        option = rng.choice(kinds)
        if "min" not in option:
            return option["action"], None
        low, high = option["min"], option["max"]
        top = min(high, max(low, hand.target + hand.pot + hand.call_amount(player)))
        return option["action"], high if rng.random() < 0.1 else rng.randint(low, top)

    return act


def play(seats: Sequence[tuple[str, int]], deck: Sequence[Card], agents: Mapping[str, Agent], *,
         button: str | None = None, blinds: Sequence[int] = (1, 2), on_decision=None) -> HoldemHand:
    """One hand to the end: ``seats`` clockwise (the button last unless ``button``), cards from
    ``deck`` (top first: hole cards one at a time from the left of the button, a burn before each
    street), each decision from the player's agent; ``on_decision(hand, player, action, amount)``
    is called before each is applied."""
    hand = HoldemHand(list(seats), button=button or seats[-1][0], blinds=list(blinds), min_bet=max(blinds))
    cards = iter(deck)
    while not hand.over:
        if hand.phase in ("deal-hole", "deal-board", "showdown"):
            hand.deal_due(cards)  # the dealer's steps, as holdem-hand's native form deals them
        else:
            player = hand.to_act
            action, amount = agents[player](hand, player)
            if on_decision is not None:
                on_decision(hand, player, action, amount)
            hand.act(player, action, amount)
    return hand
