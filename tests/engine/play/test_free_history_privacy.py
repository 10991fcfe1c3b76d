"""A finished free-table hand's history (the share link and the .phh download, issue 41 item 8) carries
no bot's hole cards unless the bot showed them at the table: folded and mucked hands stay ``????``."""

from __future__ import annotations

import re

import pytest

from engine.games.holdem.phh import loads
from engine.protocol import answer
from engine.table.words import YOU


def play_to_the_end(seed: int, style: str) -> dict:
    info = answer("game-info", {"game": "holdem"})
    table = {field["key"]: field["default"] for field in info["setup"]}
    table["seed"] = seed
    reply = answer("play-start", {"session": f"p{seed}", "game": "holdem", "mode": "free", "table": table})
    events = list(reply.get("events", []))
    for _ in range(200):
        if "history" in reply:
            return {**reply, "all_events": events}
        can = (reply.get("next") or {}).get("can", [])
        if not can:
            reply = answer("play-step", {"session": f"p{seed}"})
        else:
            wanted = {"call": ["call", "check"], "fold": ["fold", "check"]}[style]
            action = next((c for w in wanted for c in can if c["action"] == w), can[0])
            reply = answer("play-step", {"session": f"p{seed}", "decision": {"action": action["action"]}})
        events += reply.get("events", [])
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("style", ["call", "fold"])
@pytest.mark.parametrize("seed", range(1, 13))
def test_the_history_shows_only_the_cards_shown_at_the_table(seed, style):
    reply = play_to_the_end(seed, style)
    history = loads(reply["history"])
    names = dict(zip(history.ids, history.players))
    shown = {e["player"] for e in reply["all_events"] if e.get("type") == "show" and e.get("cards")}
    for action in history.actions:
        dealt = re.fullmatch(r"d dh (p\d+) (\S+)", action)
        if dealt and names[dealt[1]] != YOU:
            assert dealt[2] == "????", (action, names[dealt[1]])
        showing = re.fullmatch(r"(p\d+) sm (\S+)", action)
        if showing and names[showing[1]] != YOU:
            assert names[showing[1]] in shown, (action, shown)
