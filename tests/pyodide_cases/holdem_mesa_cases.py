"""Pyodide batch cases for the Hold'em free table and the PHH replay: a table started, played a few
decisions, the next hand dealt and the same hand again; a hand history shown step by step and to its
end; setup errors and a wrong PHH line. The requests run in order in one engine, as in the page."""

from __future__ import annotations

TABLE = {"players": 4, "seat": 1, "blinds": [5, 10], "stack": 200, "seed": 7, "ante": 1}
PHH = """variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [5, 10, 0]
min_bet = 10
starting_stacks = [200, 200, 200]
actions = ['d dh p1 9h8d', 'd dh p2 Ah4s', 'd dh p3 Qc3h', 'p3 f', 'p1 cc', 'p2 cc',
  'd db Td7s8s', 'p1 cc', 'p2 cbr 20', 'p1 cc', 'd db Ac', 'p1 cc', 'p2 cc', 'd db 7h', 'p1 cc', 'p2 cc']
players = ['Ana', 'Tú', 'Beto']
"""


def cases() -> list[tuple[str, dict]]:
    out: list[tuple[str, dict]] = [
        ("play-start", {"game": "holdem", "mode": "free", "session": "py-hm", "table": TABLE}),
        ("play-step", {"session": "py-hm", "decision": {"action": "fold"}}),
        ("play-step", {"session": "py-hm"}),
        ("play-next", {"session": "py-hm"}),
        ("play-step", {"session": "py-hm", "decision": {"action": "call"}}),
        ("play-start", {"game": "holdem", "mode": "free", "session": "py-hm", "table": {**TABLE, "players": 2, "seat": 0},
                               "actions": [{"action": "call"}, {"action": "check"}]}),
        ("play-start", {"game": "holdem", "mode": "free", "session": "py-hm", "table": {**TABLE, "players": 11}}),
        ("play-next", {"session": "py-nobody"}),
        ("play-start", {"session": "py-r", "game": "holdem", "mode": "replay", "history": PHH}),
        ("play-step", {"session": "py-r"}),
        ("play-step", {"session": "py-r", "to_end": True}),
        ("play-step", {"session": "py-r"}),
        ("play-start", {"session": "py-r", "game": "holdem", "mode": "replay", "history": PHH.replace("'p2 cbr 20'", "'p2 cbr 5'")}),
    ]
    for seed in range(3):
        out.append(("play-start", {"game": "holdem", "mode": "free", "session": f"py-hm{seed}", "table": {**TABLE, "players": 3 + seed * 3,
                                                                             "seat": seed, "seed": seed}}))
        out.append(("play-step", {"session": f"py-hm{seed}", "decision": {"action": "call"}}))
    return out
