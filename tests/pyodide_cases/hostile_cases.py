"""Issue 14's hostile requests that survive a trip through JavaScript's JSON: Pyodide refuses them
exactly like CPython (limits, unknown fields, short excerpts, type names in Spanish). Issue 41's hostile
PHH: a 2,000-part dotted key (it overflowed JavaScript's stack inside Pyodide), lists nested 3,000 deep
and a 5,000-digit amount, each refused in Spanish before tomllib reads it."""

ROYAL = ["As", "Ks", "Qs", "Js", "Ts"]
PHH = ("variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
       "starting_stacks = [100, 100]\nactions = ['d dh p1 AsAh', 'd dh p2 ????', 'p2 cbr 6', 'p1 f']\n")
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
        ("holdem-hand", {"phh": "variant = 'NT'\n" + ".".join(["a"] * 2000) + " = 1\n"}),
        ("holdem-hand", {"phh": "variant = 'NT'\n[" + ".".join(["a"] * 2000) + "]\n"}),
        ("holdem-hand", {"phh": "variant = 'NT'\nx = " + "[" * 3000 + "]" * 3000 + "\n"}),
        ("holdem-hand", {"phh": PHH.replace("'p2 cbr 6'", "'p2 cbr " + "9" * 5000 + "'")}),
        ("holdem-hand", {"phh": PHH.replace("min_bet = 2", "min_bet = " + "9" * 5000)}),
        ("play-start", {"session": "hostil", "game": "holdem", "mode": "replay",
                        "history": "variant = 'NT'\n" + ".".join(["a"] * 2000) + " = 1\n"}),
    ]
