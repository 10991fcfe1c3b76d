"""Drills in Pyodide: one drill of every kind (each its own level), checking answers, errors; Ultimate
decisions on the river, the flop and before the flop (from the table of the 169 starting hands)."""


def cases() -> list[tuple[str, dict]]:
    from engine.drills import LEVELS, kinds

    drills = [("drill", {"kind": kind, "seed": 11 + i, "level": LEVELS[i % 3]}) for i, kind in enumerate(kinds())]
    return drills + [
        ("drill-check", {"kind": "holdem-winner", "seed": 3, "level": "difícil", "answer": "Ana y Beto"}),
        ("drill-check", {"kind": "uth-payout", "seed": 4, "level": "fácil", "answer": "37,5"}),
        ("drill", {"kind": "holdem-winner", "level": "experto", "seed": 1}),
        ("drill-check", {"kind": "uth-strategy", "seed": 17, "level": "fácil", "answer": "me retiro"}),
        ("uth-decision", {"hole": ["Ah", "Kd"], "board": ["Qs", "9s", "4s", "7d", "2s"]}),
        ("uth-decision", {"hole": ["Ah", "Kd"], "board": ["Qs", "9c", "4h"]}),
        ("uth-decision", {"hole": ["Ah", "Kd"], "board": []}),
        ("drill-check", {"kind": "uth-strategy", "seed": 4, "level": "fácil", "answer": "paso"}),
        ("drill-check", {"kind": "holdem-side-by-side", "seed": 5, "level": "media", "family": "first-to-act-holdem",
                         "answer": "Beto"}),
        ("progress-catalogue", {}),
    ]
