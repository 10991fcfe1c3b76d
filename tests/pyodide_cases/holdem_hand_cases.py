"""holdem-hand cases for the Pyodide batch: the PHH fixtures (heads-up, short all-in, side pots, odd
chip, big-blind ante, uncalled bet), a hand in progress, random played hands written as PHH, bad
input, and the native form (seats, a seeded deck, the reader). Same request, same reply in CPython and Pyodide."""

from __future__ import annotations

import random
from pathlib import Path

from engine.games.holdem.hand import HoldemHand
from engine.games.holdem.phh import dumps
from tests.engine.games.holdem.holdem_random import play_randomly

PHH = Path(__file__).parent.parent / "engine" / "games" / "holdem" / "phh"


def _random_phh(rng: random.Random) -> str:
    n = rng.randint(2, 10)
    names = [f"p{i}" for i in range(1, n + 1)]
    hand = HoldemHand([(name, rng.randint(1, 500)) for name in names], button=names[-1], blinds=[1, 2],
                      antes=[0, 2], min_bet=2)
    return dumps(play_randomly(hand, rng, max_events=rng.randint(5, 80)))  # often a hand in progress


def cases() -> list[tuple[str, dict]]:
    out = [("holdem-hand", {"phh": path.read_text()}) for path in sorted(PHH.glob("*.phh"))]
    rng = random.Random(31)
    out += [("holdem-hand", {"phh": _random_phh(rng)}) for _ in range(4)]
    bad = ["variant = 'NT'\nantes = [0, 0\nmin_bet = 2\n", "variant = 'FT'\n",
           "variant = 'NT'\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [10, 10]\n"
           "actions = ['d dh p1 AsAh', 'd dh p2 AsKd']\n"]
    out += [("holdem-hand", {"phh": text}) for text in bad]
    native = {"seats": [{"name": "Tú", "stack": 1000}, {"name": "Ana", "stack": 400}, {"name": "Beto", "stack": 90}],
              "button": "Ana", "blinds": [10, 20], "antes": [0, 20], "seed": 9}
    out.append(("holdem-hand", {**native, "actions": [{"player": "Ana", "action": "raise", "amount": 90},
                                                      {"player": "Beto", "action": "call"},
                                                      {"player": "Tú", "action": "raise", "amount": 400},
                                                      {"player": "Ana", "action": "call"}]}))
    out.append(("holdem-hand", {**native, "actions": [{"player": "Ana", "action": "check"}]}))
    return out
