"""Quiz and trainer requests for the Pyodide batch: the browser must judge answers like CPython."""

from __future__ import annotations

UTH_BLIND = {"kind": "uth", "ask": "blind", "ante": 25, "play": 100, "trips": 0,
             "player": ["Ah", "9h"], "dealer": ["Kc", "Kd"], "board": ["2h", "5h", "Jh", "7c", "3s"]}
UTH_TRIPS = {"kind": "uth", "ask": "trips", "ante": 10, "play": 40, "trips": 10,
             "player": ["Qh", "Qd"], "dealer": ["Kc", "2d"], "board": ["Qs", "5h", "5c", "7c", "3s"]}
UTH_ANTE_PLAY = {"kind": "uth", "ask": "ante+play", "ante": 20, "play": 80,
                 "player": ["Jh", "Jd"], "dealer": ["9c", "9d"], "board": ["2s", "5h", "Kc", "7d", "3s"]}
UTH_TOTAL_FOLD = {"kind": "uth", "ask": "total", "ante": 10, "play": 0, "trips": 5,
                  "player": ["9h", "9d"], "dealer": ["Kc", "Kd"], "board": ["9s", "7h", "4s", "Js", "3c"]}
MATA = {"kind": "mata-ases", "ask": "winners",
        "players": {"Tú": ["9s", "Ts", "Js", "Qs", "2d"], "Ana": ["Ah", "Ad", "Ac", "Kh", "Kd"],
                    "Beto": ["3c", "4c", "5c", "7c", "8d"]},
        "ayudas": ["Ks", "6c", "4d"]}
MATA_NOBODY = {"kind": "mata-ases", "ask": "winners",
               "players": {"Ana": ["Kh", "Kd", "9c", "7s", "2d"], "Beto": ["Qh", "Jd", "8c", "6s", "3d"]},
               "ayudas": ["Ks", "5c", "4h"]}
BETS = {"UTG1": 100, "UTG2": 150, "UTG3": 0, "UTG4": 0, "HJ": 150, "CO": 0, "D": 450, "SB": 10, "BB": 450}
FOLDED = ["UTG3", "UTG4", "HJ", "CO", "SB"]
SIX = ["Ana", "Beto", "Carla", "Dani", "Eva", "Fede"]
SHOWDOWN = {"kind": "holdem-showdown", "ask": "winners",
            "players": {"Ana": ["Ah", "Kd"], "Beto": ["Ac", "Qs"]}, "board": ["Ad", "9c", "7h", "4s", "2d"]}

BAD_ANSWERS = ["", "   ", "abc", "x" * 10_000, "<img src=x onerror=alert(1)>", None, 42, ["1"], "1.35.0"]


def q(question: dict, answer) -> tuple[str, dict]:
    return ("quiz-check", {"question": question, "answer": answer})


def cases() -> list[tuple[str, dict]]:
    out = [
        q(UTH_BLIND, "37,5"), q(UTH_BLIND, "37.5"), q(UTH_BLIND, "+37,5"), q(UTH_BLIND, "25"),
        q(UTH_TRIPS, "80"), q(UTH_TRIPS, "80 fichas"), q(UTH_TRIPS, "70"),
        q(UTH_ANTE_PLAY, "100"), q(UTH_ANTE_PLAY, "−100"),
        q(UTH_TOTAL_FOLD, "−5"), q(UTH_TOTAL_FOLD, "-5"), q(UTH_TOTAL_FOLD, "5"),
        q({**UTH_BLIND, "ask": "total", "trips": 100, "ante": 100, "play": 400,
           "player": ["Ah", "2h"], "dealer": ["Kc", "Kd"], "board": ["9h", "7h", "4h", "Ks", "3c"]}, "1.350"),
        q(MATA, "tú"), q(MATA, "Ana"), q(MATA, "nadie"),
        q(MATA_NOBODY, "nadie"), q(MATA_NOBODY, "extensión"), q(MATA_NOBODY, "Ana"),
        q({**MATA, "ask": "hand", "of": "Ana"}, "full house de ases y reyes"),
        q({**MATA, "ask": "hand", "of": "Beto"}, "color"),
        q({"kind": "holdem-pots", "ask": "amount", "bets": BETS, "folded": FOLDED, "pot": 1}, "510"),
        q({"kind": "holdem-pots", "ask": "eligible", "bets": BETS, "folded": FOLDED, "pot": 2}, "UTG2, D y BB"),
        q({"kind": "holdem-pots", "ask": "count", "bets": BETS, "folded": FOLDED}, "2"),
        q({"kind": "holdem-position", "ask": "position", "players": SIX, "button": "Beto", "of": "Eva"}, "utg"),
        q({"kind": "holdem-position", "ask": "position", "players": 9, "of": 3}, "UTG+1"),
        q({"kind": "holdem-position", "ask": "first-to-act", "players": SIX, "button": "Beto"}, "Eva"),
        q({"kind": "holdem-position", "ask": "first-to-act", "players": 2, "street": "flop"}, "BB"),
        q(SHOWDOWN, "Ana"), q(SHOWDOWN, "Ana y Beto"),
        q({**SHOWDOWN, "ask": "hand", "of": "Beto"}, "pareja de ases"),
        # one rule for answers: ranges, ties, seats, a hint for a vague answer, the solution on request
        q({**MATA, "ask": "hand", "of": "Beto"}, "Escalera de color del 3 al 7"),
        q({**MATA, "ask": "hand", "of": "Beto"}, "escalera de color"),
        q({**SHOWDOWN, "board": ["Ad", "Kc", "Qd", "Jc", "Ts"]}, "empate"),
        q({"kind": "holdem-pots", "ask": "eligible", "bets": BETS, "folded": FOLDED, "pot": 2},
          "botón, ciega grande y UTG2"),
        q(UTH_BLIND, "1.00"),
        ("quiz-check", {"question": UTH_BLIND, "answer": "25", "reveal": True}),
        ("quiz-check", {"question": UTH_BLIND, "reveal": True}),
        # malformed questions: errors are data
        ("quiz-check", {"question": {"kind": "nope"}, "answer": "1"}),
        ("quiz-check", {"question": {**UTH_BLIND, "play": 7}, "answer": "1"}),
        ("quiz-check", {"question": {**UTH_BLIND, "dealer": ["Ah", "Kd"]}, "answer": "1"}),
        ("quiz-check", {"answer": "1"}),
    ]
    out += [q(UTH_BLIND, bad) for bad in BAD_ANSWERS]
    out += [q(MATA, bad) for bad in BAD_ANSWERS[:5]]
    for mode in ("blind", "trips", "ante-play", "total"):
        out.append(("uth-trainer-deal", {"mode": mode, "unit": 5, "seed": 12345}))
        out.append(("uth-trainer-deal", {"mode": mode, "unit": 25, "seed": 7, "trips_table": "50-40-30-9-7-4-3"}))
    out += [
        ("uth-trainer-deal", {"mode": "nope", "seed": 1}),
        ("uth-trainer-deal", {"mode": "total", "unit": 3, "seed": 1}),
        ("uth-trainer-deal", {"mode": "total", "seed": -1}),
        ("uth-trainer-deal", {"mode": "total", "trips_table": "1-2-3", "seed": 1}),
    ]
    return out
