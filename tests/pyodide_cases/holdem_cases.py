"""Hold'em cases for the Pyodide batch: showdowns with the table and the betting (pots, odd chips
from the button, the uncalled bet returned), random deals with a fixed seed, and invalid tables.
Same request, same reply in CPython and Pyodide."""

from __future__ import annotations

import random

from engine.cards import DECK

BOARD = ["Ts", "Jh", "Qc", "Kd", "Ac"]


def _table(rng: random.Random) -> dict:
    n = rng.randint(2, 10)
    seats = [f"J{i + 1}" for i in range(n)]
    folded = rng.sample(seats, rng.randint(0, n - 1))
    live = [name for name in seats if name not in folded]
    cards = [str(c) for c in rng.sample(DECK, 2 * len(live) + 5)]
    return {"players": {name: cards[2 * i:2 * i + 2] for i, name in enumerate(live)}, "board": cards[-5:],
            "seats": seats, "button": rng.choice(seats),
            "bets": {name: rng.choice([0, 5, 20, 35, 100, 101, 250]) for name in seats}, "folded": folded}


def cases() -> list[tuple[str, dict]]:
    rng = random.Random(20)
    split = {"players": {"Ana": ["2s", "3s"], "Beto": ["2c", "3c"], "Dani": ["4d", "4h"]}, "board": BOARD,
             "seats": ["Ana", "Beto", "Carla", "Dani"], "button": "Ana",
             "bets": {"Ana": 50, "Beto": 80, "Carla": 1, "Dani": 100}, "folded": ["Carla"]}
    heads_up = {"players": {"SB": ["2s", "3s"], "BB": ["2c", "3c"]}, "board": BOARD, "seats": ["SB", "BB"],
                "button": "SB", "bets": {"SB": 25, "BB": 25}}
    short_blind = {"players": {"D": ["Qc", "Qh"], "SB": ["Ah", "Ad"], "BB": ["3c", "4c"]},
                   "board": ["2c", "7d", "9h", "Js", "Kd"], "seats": ["D", "SB", "BB"], "button": "D",
                   "bets": {"D": 20, "SB": 7, "BB": 20}}
    valid = [split, heads_up, short_blind] + [_table(rng) for _ in range(40)]
    invalid = [
        {k: v for k, v in split.items() if k != "seats"},
        split | {"button": "Zoe"},
        split | {"bets": {"Ana": -5}},
        split | {"folded": ["Ana"]},
        split | {"folded": []},
        split | {"seats": ["Ana", "Beto", "Ana"]},
    ]
    # Players and board only: names to escape, a flush, a tie.
    plain = [{"players": {'Di"ego': ["Ah", "Kh"], "Inés\\": ["Qh", "2h"], "Ñandú\n": ["2c", "3d"]},
              "board": ["Th", "9h", "5h", "3c", "4c"]},
             {"players": {"Ana": ["2s", "3s"], "Beto": ["2c", "3c"]}, "board": BOARD}]
    for _ in range(10):
        n = rng.randint(2, 10)
        cards = [str(c) for c in rng.sample(DECK, 2 * n + 5)]
        plain.append({"players": {f"J{i + 1}": cards[2 * i:2 * i + 2] for i in range(n)}, "board": cards[-5:]})
    return [("holdem-showdown", request) for request in valid + invalid + plain]
