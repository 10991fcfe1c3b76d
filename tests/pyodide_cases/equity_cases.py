"""Hold'em equity in Pyodide: exact counts, an unknown hand, a seeded sample and the errors."""


def cases() -> list[tuple[str, dict]]:
    heads_up = {"Ana": ["As", "Ah"], "Beto": ["Ks", "Kd"]}
    return [
        ("holdem-equity", {"players": heads_up, "board": ["2c", "7d", "9h"]}),
        ("holdem-equity", {"players": {"Ana": ["9s", "8s"], "Beto": ["Ac", "Ad"], "Carla": ["Td", "Tc"]},
                           "board": ["7s", "6d", "2s", "Kh"]}),
        ("holdem-equity", {"players": {"Ana": ["Ah", "Qh"], "Beto": []}, "board": ["Qc", "9h", "4h", "2s", "Ks"]}),
        ("holdem-equity", {"players": {"Ana": ["As", "Ks"], "Beto": []}, "samples": 300, "seed": 5}),
        # Before the flop (the count by ranks) on a deck cut to 16 live cards by dead cards.
        ("holdem-equity", {"players": {"Ana": ["As", "Ks"], "Beto": ["Qs", "Js"], "Carla": ["9h", "9d"]},
                           "dead": [r + s for r in "2345678" for s in "cdhs"] + ["Tc", "Td"]}),
        ("holdem-equity", {"players": heads_up, "board": ["2c"]}),
        ("holdem-equity", {"players": {"Ana": ["As", "Ah"], "Beto": ["As", "Kd"]}}),
    ]
