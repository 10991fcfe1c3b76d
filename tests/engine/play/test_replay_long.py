"""«Ver hasta el final» on a long hand history (issue 41, item 3): linear in the hand, in slices the
worker can stop between, and the page left a bounded number of events to draw (a line stands for the
rest). ``make fuzz`` also times a long replay against a short one (a ratio, never an absolute time)."""

from __future__ import annotations

import json
import os
import re
import time

import pytest

from engine.protocol import Job, answer
from engine.table.view import MAX_DRAWN
from engine.table.words import SKIPPED

FUZZ = int(os.environ.get("FUZZ_EXAMPLES", "0"))
STACK = 10**9


def long_phh(raises: int) -> str:
    """Heads-up, ``raises`` minimum raises before the flop, then a fold: one action a raise."""
    actions = ["d dh p1 AsAh", "d dh p2 KsKh"]
    to = 2
    for i in range(raises):
        to += 2
        actions.append(f"p{2 if i % 2 == 0 else 1} cbr {to}")
    actions.append(f"p{2 if raises % 2 == 0 else 1} f")
    return ("variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
            f"starting_stacks = [{STACK}, {STACK}]\nactions = [" + ",".join(f"'{a}'" for a in actions) + "]\n")


def start(session: str, raises: int) -> dict:
    reply = answer("play-start", {"session": session, "game": "holdem", "mode": "replay",
                                  "history": long_phh(raises)})
    assert "error" not in reply, reply
    return reply


def to_end(session: str) -> list[dict]:
    """Every reply of «Ver hasta el final», the ones after ``more`` included."""
    replies = [answer("play-step", {"session": session, "to_end": True})]
    while replies[-1].get("more"):
        replies.append(answer("play-step", {"session": session}))
    return replies


def test_to_the_end_of_a_long_hand_leaves_the_page_a_bounded_log_and_the_right_end():
    first = start("long", 3000)
    replies = to_end("long")
    events = [e for r in replies for e in r.get("events", [])]
    assert "error" not in replies[-1] and replies[-1]["over"] and replies[-1]["step"] == first["steps"]
    assert first["steps"] > 10 * MAX_DRAWN and len(events) <= MAX_DRAWN + 1
    assert events[0]["type"] == "skipped"
    assert re.fullmatch(re.escape(SKIPPED).replace(r"\{n\}", r"\d{1,3}(?:\.\d{3})+"), events[0]["text"])
    assert any(e["type"] == "win" for e in events)  # the end of the hand is drawn
    # The hand's end: every chip still at the table.
    stacks = {row["name"]: row["stack"] for row in replies[-1]["result"]["stacks"]}
    assert sum(stacks.values()) == 2 * STACK


def test_a_short_hand_to_the_end_draws_every_event():
    first = start("short", 10)
    events = [e for r in to_end("short") for e in r.get("events", [])]
    assert all(e["type"] != "skipped" for e in events)
    assert len(first["events"]) + len(events) > 10


def test_to_the_end_runs_in_slices_that_a_cancellation_stops():
    first = start("sliced", 3000)
    job = Job("play-step", json.dumps({"session": "sliced", "to_end": True}))
    slices = 0
    while job.step(0.0) is None:
        slices += 1
        assert 0 < job.done <= job.total == first["steps"]
    assert slices >= first["steps"] // 200
    start("stopped", 3000)
    job = Job("play-step", json.dumps({"session": "stopped", "to_end": True}))
    assert job.step(0.0) is None
    job.cancel()
    assert json.loads(job.step(0.0))["code"] == "cancelled"
    # The session is still there and goes on from where it stopped.
    replies = to_end("stopped")
    assert replies[-1]["over"] and replies[-1]["step"] == first["steps"]


@pytest.mark.skipif(not FUZZ, reason="make fuzz: the time of a long replay against a short one")
def test_a_long_replay_costs_in_proportion_to_its_length():
    """Before: 2,500 actions 0.47 s, 10,000 actions 6.3 s (quadratic). Now 8 times the actions cost
    about 8 times as much; the bound leaves room for a noisy machine, not for a quadratic viewer (64×)."""

    def cost(raises: int) -> float:
        best = float("inf")
        for attempt in range(3):
            session = f"t{raises}-{attempt}"
            start(session, raises)
            began = time.process_time()
            to_end(session)
            best = min(best, time.process_time() - began)
        return best

    short, long = cost(1500), cost(12_000)
    assert long / short < 20, (short, long)
