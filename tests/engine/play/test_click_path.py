"""A reader's click stays narrow: the coach reads what his seat saw only when asked (``play-coach``), by
dealing the hand again and replaying it, never on the click itself; what it reads then is what the seat saw.
How far a click travels is measured, not tested: benchmarks/bench_click_path.py."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from engine import protocol
from engine.play.commands import SESSIONS
from engine.scenarios import to_json
from engine.scenarios.format import load
from engine.table.words import YOU

ROOT = Path(__file__).resolve().parents[3]

STARTS = {
    "holdem-free": {"mode": "free", "game": "holdem",
                    "table": {"players": 4, "seat": 0, "blinds": [5, 10], "stack": 600, "seed": 7}},
    "mata-free": {"mode": "free", "game": "mata-ases",
                  "table": {"opponents": 2, "modality": "bring-in", "betting": "no-limit", "minimum": 50,
                            "stack": 2000, "seed": 7}},
    "mata-practice": {"mode": "practice", "modality": "boton-ante",
                      "scenario": to_json(load(ROOT / "scenarios" / "01-matar-los-ases.md"))},
}


def traced(request: dict) -> tuple[dict, set[str]]:
    """``play-step``'s reply to ``request`` and the engine modules it runs code of."""
    touched: set[str] = set()

    def profile(frame, event, arg):
        if event == "call" and "/engine/" in frame.f_code.co_filename:
            touched.add(frame.f_code.co_filename.split("/engine/", 1)[1])
    sys.setprofile(profile)
    try:
        reply = protocol.answer("play-step", request)
    finally:
        sys.setprofile(None)
    assert "error" not in reply, reply
    return reply, touched


def first(reply: dict) -> dict:
    option = next(o for o in reply["next"]["can"] if o["action"] in ("check", "call", "up"))
    return {"action": option["action"]}


@pytest.mark.parametrize("kind", STARTS)
def test_a_click_asks_nothing_of_the_coach_and_the_coach_sees_what_the_seat_saw(kind):
    reply = protocol.answer("play-start", {"session": "click", **STARTS[kind]})
    session = SESSIONS.find("click")
    seen = []
    while "next" in reply or reply.get("more"):
        if reply.get("more"):
            reply = protocol.answer("play-step", {"session": "click"})
            continue
        seen.append(session.game.seat_view(session.hand, YOU))
        reply, touched = traced({"session": "click", "decision": first(reply)})
        assert "table/coach.py" not in touched
    assert len(seen) >= 2 and len(session.spots) == len(seen)
    assert [spot.view for _, spot in session.replayed(list(range(len(seen))))] == seen
    notes = protocol.answer("play-coach", {"session": "click"})["notes"]
    assert [note["index"] for note in notes] == list(range(len(seen)))


def test_a_bots_reason_is_worded_when_the_page_shows_it_and_says_what_it_said_when_worded_at_once():
    reply = protocol.answer("play-start", {"session": "reasons", **STARTS["holdem-free"]})
    session = SESSIONS.find("reasons")
    clicks = 0
    while "next" in reply or reply.get("more"):
        if reply.get("more"):
            reply = protocol.answer("play-step", {"session": "reasons"})
            continue
        reply, touched = traced({"session": "reasons", "decision": first(reply)})
        if "result" not in reply and not reply.get("more"):
            clicks += 1
            assert "games/holdem/bot_texts.py" not in touched and "glossary.py" not in touched
            assert all(callable(entry["reason"]) for entry in session.reasons)
    assert clicks >= 1 and session.reasons
    shown = reply["reasons"]
    assert all(isinstance(entry["reason"], str) and entry["reason"] for entry in shown)
    assert protocol.answer("play-step", {"session": "reasons"}).get("reasons", shown) == shown
