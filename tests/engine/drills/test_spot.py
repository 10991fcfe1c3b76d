"""A drill of a given situation (``spot``): the strategy drill deals the very decision met elsewhere, judged
and explained as any other of its drills; kinds that read no spot, and bad spots, are refused in Spanish."""

from __future__ import annotations

import pytest

from engine import protocol
from engine.drills import make_drill, spot_item


@pytest.mark.parametrize("hole, board, family", [
    (["Ah", "Kd"], [], "preflop-clear"),
    (["8h", "8d"], ["Ks", "7c", "2d"], "flop-made"),
    (["Ah", "2h"], ["Kh", "7h", "2d"], "flop-made"),
    (["Ah", "5h"], ["Kh", "7h", "2d"], "flop-draw"),
    (["Ah", "5c"], ["Kh", "7h", "2d"], "flop-nothing"),
    (["Ah", "Kd"], ["Qs", "9c", "4h", "7d", "2s"], "river-clear"),
])
def test_a_spot_is_dealt_as_that_decision_with_its_family(hole, board, family):
    spot = {"hole": hole, "board": board}
    drill = make_drill("uth-strategy", 0, "media", spot=spot)
    random_one = make_drill("uth-strategy", 0, "media")
    assert drill.family == family and drill.data["hole"] == hole and drill.data["board"] == board
    assert (drill.data["hole"], drill.data["board"]) != (random_one.data["hole"], random_one.data["board"])
    item = spot_item("uth-strategy", spot, "somewhere")
    assert item["request"]["family"] == family and item["source"] == "somewhere"
    checked = protocol.answer("drill-check", {**item["request"], "answer": drill.answer["best"]})
    assert checked["correct"] and checked["progress"]["item"]["request"] == item["request"]


@pytest.mark.parametrize("request_, field", [
    ({"kind": "holdem-winner", "seed": 1, "spot": {"hole": ["Ah", "Kd"], "board": []}}, "spot"),
    ({"kind": "uth-strategy", "seed": 1, "spot": {"hole": ["Ah", "Kd"], "board": ["Qs"]}}, "spot.board"),
    ({"kind": "uth-strategy", "seed": 1, "spot": {"hole": ["Ah"], "board": []}}, "spot.hole"),
    ({"kind": "uth-strategy", "seed": 1, "spot": {"hole": ["Ah", "Kd"], "board": ["Ah", "9c", "4h"]}}, "spot.board[0]"),
    ({"kind": "uth-strategy", "seed": 1, "spot": ["Ah", "Kd"]}, "spot"),
    ({"kind": "uth-strategy", "seed": 1, "family": "river-clear", "spot": {"hole": ["Ah", "Kd"], "board": []}},
     "family"),
    ({"kind": "uth-strategy", "seed": 1, "spot": {"hole": ["Ah", "Kd"], "board": [], "dealer": ["Qc", "Qd"]}},
     "spot.dealer"),
])
def test_bad_spots_are_refused_naming_the_field(request_, field):
    reply = protocol.answer("drill", request_)
    assert reply["code"] in ("request", "unknown-field") and reply["field"] == field, reply
