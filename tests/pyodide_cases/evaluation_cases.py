"""Showdown, settlement and pot cases for the Pyodide batch: random deals with a fixed seed, the
seeds' worked examples and invalid requests. Same request, same reply in CPython and Pyodide."""

from __future__ import annotations

import random

from engine.cards import DECK


def _deal(rng: random.Random, n: int) -> list[str]:
    return [str(c) for c in rng.sample(DECK, n)]


def _mata_ases(rng: random.Random) -> list[tuple[str, dict]]:
    cases = [
        # The walkthrough: Doble par de Ases y Reyes beats Doble par de Reinas y Ochos.
        {"players": {"Tú": ["As", "Ah", "7c", "Kd", "3h"], "Ana": ["Qs", "Qd", "8h", "5c", "2s"]},
         "ayudas": ["Kc", "8d", "4s"]},
        # ¿Quién gana?: straight flush to the King beats a full house and a straight flush to the 7.
        {"players": {"Tú": ["9s", "Ts", "Js", "Qs", "2d"], "Ana": ["Ah", "Ad", "Ac", "Kh", "Kd"],
                     "Beto": ["3c", "4c", "5c", "7c", "2h"]},
         "ayudas": ["Ks", "6c", "8h"]},
        # Nobody kills the Aces.
        {"players": {"Ana": ["Ks", "Kd", "7c", "5h", "2s"], "Beto": ["Qs", "Jd", "9c", "4h", "3s"]},
         "ayudas": ["Kh", "6d", "8c"]},
    ]
    for _ in range(60):
        n = rng.randint(1, 8)
        cards = _deal(rng, 5 * n + 3)
        players = {f"J{i + 1}": cards[5 * i:5 * i + 5] for i in range(n)}
        cases.append({"players": players, "ayudas": cards[-3:]})
    invalid = [
        {"players": {"Ana": ["As", "Ah", "Kd", "Qc", "Xx"]}, "ayudas": ["2c", "3c", "4c"]},
        {"players": {"Ana": ["As", "Ah", "Kd", "Qc"]}, "ayudas": ["2c", "3c", "4c"]},
        {"players": {"Ana": ["As", "Ah", "Kd", "Qc", "Jc"]}, "ayudas": ["2c", "3c"]},
        {"players": {"Ana": ["As", "Ah", "Kd", "Qc", "Jc"], "Beto": ["As", "2d", "3d", "4d", "5d"]},
         "ayudas": ["2c", "3c", "4c"]},
        {"players": {"Ana": ["As", "Ah", "Kd", "Qc", "Jc"]}, "ayudas": ["2c", "3c", "Jc"]},
        {"players": {}, "ayudas": ["2c", "3c", "4c"]},
        {"players": ["As"], "ayudas": ["2c", "3c", "4c"]},
        {"ayudas": ["2c", "3c", "4c"]},
        {"players": {"Ana": ["As", "Ah", "Kd", "Qc", "Jc"]}},
        {"players": {"Ana": "As Ah Kd Qc Jc"}, "ayudas": ["2c", "3c", "4c"]},
        {"players": {"Ana": ["As", "Ah", "Kd", "Qc", 5]}, "ayudas": ["2c", "3c", "4c"]},
    ]
    return [("mata-ases-showdown", request) for request in cases + invalid]


def _uth(rng: random.Random) -> list[tuple[str, dict]]:
    examples = [
        {"ante": 100, "trips": 100, "play": 400, "player": ["Ah", "2h"], "dealer": ["Kc", "Kd"],
         "board": ["9h", "7h", "4h", "Ks", "3c"]},
        {"ante": 100, "trips": 0, "play": 200, "player": ["Qh", "Qd"], "dealer": ["Ac", "8d"],
         "board": ["2s", "5h", "9c", "Jd", "3s"]},
        {"ante": 100, "trips": 0, "play": 300, "player": ["9h", "9d"], "dealer": ["Kc", "Kd"],
         "board": ["2s", "5h", "7c", "Jd", "3s"]},
        {"ante": 100, "trips": 100, "play": 100, "player": ["2c", "3d"], "dealer": ["2h", "3s"],
         "board": ["5s", "6h", "7c", "8d", "9s"]},
        {"ante": 25, "trips": 0, "play": 25, "player": ["Ah", "2h"], "dealer": ["Kc", "Kd"],
         "board": ["9h", "7h", "4h", "Ks", "3c"], "trips_table": "50-40-30-9-7-4-3"},
        # A 3 a 2 Blind on an odd unit pays the exact half (+7.5), worded by the engine.
        {"ante": 5, "trips": 0, "play": 20, "player": ["Ah", "2h"], "dealer": ["Kc", "Kd"],
         "board": ["9h", "7h", "4h", "Ks", "3c"]},
        # Trips is settled after a fold (four of a kind: 30 to 1).
        {"ante": 10, "trips": 5, "play": 0, "player": ["7h", "7d"], "dealer": ["2c", "3d"],
         "board": ["7s", "7c", "Kh", "4d", "9s"]},
    ]
    cases = list(examples)
    tables = [None, "50-40-30-9-7-4-3", "50-40-30-8-6-5-3", "50-40-30-8-7-4-3", "50-40-20-7-6-5-3"]
    for _ in range(60):
        cards = _deal(rng, 9)
        ante = rng.choice([1, 5, 10, 25, 35, 100])
        request = {"ante": ante, "trips": rng.choice([0, 0, ante, 7]), "play": ante * rng.choice([0, 1, 2, 3, 4]),
                   "player": cards[:2], "dealer": cards[2:4], "board": cards[4:]}
        table = rng.choice(tables)
        if table is not None:
            request["trips_table"] = table
        cases.append(request)
    base = dict(examples[0])
    invalid = [
        base | {"play": 250},
        base | {"play": 500},
        base | {"play": -100},
        base | {"ante": -5},
        base | {"ante": 0},
        base | {"trips": -1},
        base | {"ante": 10.5},
        base | {"trips_table": "50-40-30-8-7-4-2"},
        base | {"player": ["Ah"]},
        base | {"player": ["Ah", "Kc"]},
        base | {"board": ["9h", "7h", "4h", "Ks", "3x"]},
        base | {"dealer": ["Kc", "Kc"]},
        {k: v for k, v in base.items() if k != "board"},
        base | {"ante": True},
    ]
    return [("uth-settle", request) for request in cases + invalid]


def _pots(rng: random.Random) -> list[tuple[str, dict]]:
    seed_example = {
        "bets": {"UTG1": 100, "UTG2": 150, "UTG3": 0, "UTG4": 0, "HJ": 150, "CO": 0, "D": 450, "SB": 10,
                 "BB": 450},
        "folded": ["UTG3", "UTG4", "HJ", "CO", "SB"],
    }
    cases = [seed_example, {"bets": {"A": 50, "B": 50}, "folded": []}, {"bets": {"A": 0, "B": 0}, "folded": []}]
    for _ in range(40):
        n = rng.randint(2, 10)
        names = [f"P{i}" for i in range(n)]
        bets = {name: rng.choice([0, 10, 20, 50, 100, 150, 300, rng.randint(1, 999)]) for name in names}
        folded = [name for name in names if rng.random() < 0.3]
        if len(folded) == n:
            folded.pop()
        cases.append({"bets": bets, "folded": folded})
    invalid = [
        {"bets": {"A": 10, "B": -5}, "folded": []},
        {"bets": {"A": 10, "B": 5}, "folded": ["C"]},
        {"bets": {"A": 10, "B": 5}, "folded": ["A", "B"]},
        {"bets": {"A": 10, "B": 5}, "folded": ["A", "A"]},
        {"bets": {"A": 10, "B": "5"}, "folded": []},
        {"bets": {}, "folded": []},
        {"bets": {"A": 10}},
        {"folded": []},
    ]
    return [("holdem-pots", request) for request in cases + invalid]


def _holdem(rng: random.Random) -> list[tuple[str, dict]]:
    cases = [
        # Both play the board: a split.
        {"players": {"Ana": ["2c", "3d"], "Beto": ["2h", "4s"]}, "board": ["Ts", "Jh", "Qc", "Kd", "As"]},
        # Kickers beyond the five never count.
        {"players": {"Ana": ["Ac", "3d"], "Beto": ["Ad", "2s"]}, "board": ["Ah", "Kh", "Qc", "Jd", "9s"]},
    ]
    for _ in range(50):
        n = rng.randint(2, 10)
        cards = _deal(rng, 2 * n + 5)
        cases.append({"players": {f"J{i + 1}": cards[2 * i:2 * i + 2] for i in range(n)}, "board": cards[-5:]})
    invalid = [
        {"players": {"Ana": ["2c", "3d", "4h"]}, "board": ["Ts", "Jh", "Qc", "Kd", "As"]},
        {"players": {"Ana": ["2c", "3d"]}, "board": ["Ts", "Jh", "Qc", "Kd"]},
        {"players": {"Ana": ["2c", "Ts"]}, "board": ["Ts", "Jh", "Qc", "Kd", "As"]},
        {"players": {"Ana": ["2c", "zz"]}, "board": ["Ts", "Jh", "Qc", "Kd", "As"]},
        {"players": {}, "board": ["Ts", "Jh", "Qc", "Kd", "As"]},
    ]
    return [("holdem-showdown", request) for request in cases + invalid]


def cases() -> list[tuple[str, dict]]:
    rng = random.Random(20240603)
    return _mata_ases(rng) + _uth(rng) + _pots(rng) + _holdem(rng)
