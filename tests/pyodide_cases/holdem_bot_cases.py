"""holdem-bot cases for the Pyodide batch: a pre-flop decision from the PHH form and a post-flop one
(equity drawn from the seed) from the native form. Same request, same reply in CPython and Pyodide."""

from __future__ import annotations

PHH = ("variant = 'NT'\nantes = [0, 0, 0, 0]\nblinds_or_straddles = [50, 100]\nmin_bet = 100\n"
       "starting_stacks = [10000, 10000, 10000, 10000]\nplayers = ['Ana', 'Beto', 'Carla', 'Dani']\n"
       "actions = ['d dh p1 AsKs', 'd dh p2 7c2d', 'd dh p3 QhQd', 'd dh p4 9s8s']\n")


def cases() -> list[tuple[str, dict]]:
    native = {"seats": [{"name": "Tú", "stack": 1000}, {"name": "Ana", "stack": 400}, {"name": "Beto", "stack": 900}],
              "button": "Ana", "blinds": [10, 20], "seed": 9,
              "actions": [{"player": "Ana", "action": "raise", "amount": 60}, {"player": "Beto", "action": "call"},
                          {"player": "Tú", "action": "call"}, {"player": "Beto", "action": "check"},
                          {"player": "Tú", "action": "bet", "amount": 90}]}
    return [("holdem-bot", {"phh": PHH, "bot": {"player": "p3", "style": "equilibrado", "seed": 4}}),
            ("holdem-bot", {**native, "bot": {"player": "Ana", "style": "agresivo", "seed": 2}})]
