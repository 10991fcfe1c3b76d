"""Random legal hands, for tests, benchmarks and examples (seeded: the same seed, the same hand).

>>> import random
>>> request = random_request(random.Random(7))
>>> hand, error = play(request)
>>> error is None and hand.is_over
True
"""

from __future__ import annotations

import random
from typing import Callable

from ...cards import DECK, format_cards
from .command import MAX_DEALS, play
from .hand import MataAsesHand
from .rules import BETTINGS, MODALITIES

NAMES = ("Tú", "Ana", "Beto", "Carla", "Dani", "Eva", "Fede", "Gala")


def random_deal(rng: random.Random, names: list[str], *, exposure: float = 0.0, early: float = 0.0) -> dict:
    """A shuffled deal as a request entry, sometimes with an exposed card."""
    deck = list(DECK)
    rng.shuffle(deck)
    deal = {
        "cards": {name: format_cards(deck[5 * i:5 * i + 5]) for i, name in enumerate(names)},
        "ayudas": format_cards(deck[5 * len(names):5 * len(names) + 3]),
    }
    exposed = []
    if rng.random() < early:
        exposed.append({"player": rng.choice(names), "card": 2})
    if rng.random() < exposure:
        exposed.append({"player": rng.choice(names), "card": rng.choice((3, 4, 5))})
    if exposed:
        deal["exposed"] = exposed
    return deal


def random_decision(hand: MataAsesHand, rng: random.Random) -> dict:
    """A legal decision for the player to act, chosen at random (all-ins and folds included)."""
    options = hand.legal_actions()
    option = rng.choice(options)
    if option["action"] in ("check", "call") and len(options) > 1 and rng.random() < 0.15:
        option = rng.choice(options)
    decision = {"player": hand.to_act, "action": option["action"]}
    if option["action"] in ("bet", "raise"):
        low, high = option["min"], option["max"]
        roll = rng.random()
        decision["amount"] = low if roll < 0.6 else high if roll < 0.75 else rng.randint(low, high)
    return decision


def random_table(rng: random.Random, *, players: int | None = None, modality: str | None = None,
                 betting: str | None = None, exposure: float = 0.05, early: float = 0.01) -> dict:
    """A request with random seats, stakes and deals (no actions yet)."""
    n = players or rng.randint(2, 8)
    names = list(NAMES[:n])
    rng.shuffle(names)
    minimum = rng.choice((10, 20, 50, 100))
    stakes = {"minimum": minimum, "ante": max(1, minimum // 2), "bring_in": max(1, minimum // 2)}
    seats = [{"name": name, "stack": rng.choice((minimum // 2 or 1, minimum, 3 * minimum, 10 * minimum,
                                                  20 * minimum, 40 * minimum))}
             for name in names]
    deals = [random_deal(rng, names, exposure=exposure, early=early if k < 2 else 0.0)
             for k in range(MAX_DEALS if early else 3)]
    return {
        "modality": modality or rng.choice(MODALITIES),
        "stakes": stakes,
        "betting": betting or rng.choice(BETTINGS),
        "seats": seats,
        "button": rng.choice(names),
        "deals": deals,
        "actions": [],
    }


def play_out(hand: MataAsesHand, rng: random.Random, *,
             on_move: Callable[[MataAsesHand], None] | None = None) -> list[dict]:
    """Play ``hand`` to the end with random legal decisions; returns the decisions."""
    decisions = []
    while not hand.is_over:
        decision = random_decision(hand, rng)
        hand.act(decision["player"], decision["action"], decision.get("amount"))
        decisions.append(decision)
        if on_move is not None:
            on_move(hand)
    return decisions


def random_request(rng: random.Random, **table) -> dict:
    """A complete random hand as a ``mata-ases-hand`` request (deals and every decision)."""
    request = random_table(rng, **table)
    hand, _ = play(request)
    request["actions"] = play_out(hand, rng)
    return request
