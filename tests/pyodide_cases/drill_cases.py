"""Drills in Pyodide: one drill of every kind (each its own level), checking an answer, an error."""


def cases() -> list[tuple[str, dict]]:
    from engine.drills import LEVELS, kinds

    drills = [("drill", {"kind": kind, "seed": 11 + i, "level": LEVELS[i % 3]}) for i, kind in enumerate(kinds())]
    return drills + [
        ("drill-check", {"kind": "holdem-winner", "seed": 3, "level": "difícil", "answer": "Ana y Beto"}),
        ("drill-check", {"kind": "uth-payout", "seed": 4, "level": "fácil", "answer": "37,5"}),
        ("drill", {"kind": "holdem-winner", "level": "experto", "seed": 1}),
    ]
