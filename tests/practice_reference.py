"""A practice hand played in CPython, what the browser tests compare a page with: the play layer's practice
session along the reader's decisions, and what it stands at (the reader's options, or the hand's end)."""

from __future__ import annotations

from engine.games import find_game
from engine.play.session import PracticeSession
from engine.scenarios import from_json
from engine.scenarios.script import decide
from engine.table.game import ScriptGap


def replay(scenario: dict, modality: str | None, reader: list[dict]) -> dict:
    """``scenario`` (its JSON) played along ``reader``: ``events`` (the viewer's, every one so far),
    ``table`` (the viewer's table now), ``hand`` (the game's hand), ``script`` (what the reader's default
    line would do now, None when it is silent); ``next`` (``{"player", "can"}``: the legal options) while
    the hand runs, else ``result`` (the viewer's) with ``pots``, ``extensions`` and ``stacks`` (by name).

    :raises EngineError: for a decision the hand refuses."""
    parsed = from_json(scenario)
    session = PracticeSession(parsed, modality)
    session.advance()
    for decision in reader:
        session.step({"decision": decision})
    hand, viewer = session.hand, session.viewer
    out: dict = {"events": list(viewer.event_views(0)), "table": viewer.table(), "hand": hand}
    if session.is_over():
        result = viewer.result()
        out.update(result=result, pots=result["pots"], extensions=result.get("extensions", 0),
                   stacks={row["name"]: row["stack"] for row in result["stacks"]})
        return out
    out["next"] = {"player": hand.to_act, "can": hand.legal_actions()}
    try:
        move, _ = decide(parsed, find_game(parsed.game).author().situation(hand))
        out["script"] = move.as_json()
    except ScriptGap:
        out["script"] = None
    return out
