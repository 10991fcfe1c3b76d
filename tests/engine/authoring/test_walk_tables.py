"""The «Manos comentadas» drawings: each part of the log is drawn as it ends. A betting round's drawing
has the pot its log states, nobody to act, no Hold'em blind left as a bet of the round (it is in the pot), and
every player who folded by then (in this deal) drawn as folded."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.authoring.walkthrough import sections, walk
from engine.games import find_game
from engine.scenarios.format import load

ROOT = Path(__file__).resolve().parents[3]
FILES = sorted((ROOT / "scenarios").glob("*.md"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_each_drawing_is_the_end_of_its_part_of_the_log(path):
    scenario = load(path)
    for variant in find_game(scenario.game).author().variants(scenario.fields) or (None,):
        played = walk(scenario, variant)
        folded: set[str] = set()
        deal = None
        for title, first, items in sections(played.events):
            for event in items:
                if event.get("deal", deal) != deal:  # a Mata Ases extension deals a new hand
                    folded, deal = set(), event["deal"]
                if event["type"] == "fold":
                    folded.add(event["player"])
            table = played.tables.get(first + len(items) - 1)
            ends = [e for e in items if e["type"] == "round_end"]
            if table is None or not ends:
                continue
            where = (path.stem, variant, title)
            acting = [s["name"] for s in table["seats"] if any(b["kind"] == "act" for b in s.get("badges", []))]
            assert table.get("to_act") is None and acting == [], where
            if scenario.game == "holdem":  # a blind is the round's bet until the round ends: then it is in the pot
                assert not [s["name"] for s in table["seats"] if s.get("forced")], where
            if "amount" in ends[-1]:
                assert table["pot"] == ends[-1]["amount"], where
            drawn = {s["name"] for s in table["seats"] if s.get("folded")}
            assert folded <= drawn, (where, folded - drawn)
