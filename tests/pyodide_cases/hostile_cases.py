"""Issue 14's hostile requests that survive a trip through JavaScript's JSON: Pyodide refuses them
exactly like CPython (limits, unknown fields, short excerpts, type names in Spanish)."""

ROYAL = ["As", "Ks", "Qs", "Js", "Ts"]
UTH = {"trips": 0, "play": 0, "player": ["As", "Ks"], "dealer": ["2c", "3d"], "board": ["Qs", "Js", "9s", "4h", "5h"]}


def cases() -> list[tuple[str, dict]]:
    return [
        ("hand-evaluate", {"cards": ROYAL, "vocabulario": "mx"}),
        ("hand-evaluate", {"cards": ROYAL, "vocabulary": "x" * 100_000}),
        ("hand-evaluate", {"cards": [None, True, 1.5, [], {}]}),
        ("uth-settle", UTH | {"ante": 10**20}),
        ("uth-settle", UTH | {"ante": 10**12 - 1, "play": 10**12 - 1}),
        ("holdem-pots", {"bets": {f"J{i}": 10 for i in range(6000)}, "folded": []}),
        ("version", {"extra": 1}),
    ]
