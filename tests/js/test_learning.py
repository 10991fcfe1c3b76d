"""Measured learning: simulated readers, whose memory of each skill follows a known forgetting curve (their own
FSRS weights, unknown to the scheduler), answer real engine items through the site's own model for 60 days
(tests/js/learner.mjs). «Repasar ahora» serves every due skill, recall when a review comes is near the 0.9 the
schedule aims at, and the predicted recall is calibrated. benchmarks/bench_learning.py runs more readers and
writes the figures."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from engine.drills import make_drill
from engine.progress import catalogue
from tests.engine.drills.test_drills import right_text, wrong_text

ROOT = Path(__file__).resolve().parents[2]
LEARNER = ROOT / "tests" / "js" / "learner.mjs"


#: Seeds tried at most for a play decision's items: where the review tells no action apart, every answer is
#: «Correcta» and a reader cannot fail the item (tests/engine/drills/test_drills.py skips those too).
DECISION_SEEDS = 12


def pools(seeds: int) -> dict[str, list[dict]]:
    """For every skill, ``seeds`` items of its review drill, each with the engine's `progress` of a right and of
    a wrong answer (a flop decision of Ultimate counts a million deals: one item)."""
    found = {}
    for skill in catalogue()["skills"]:
        request = skill["practice"]["request"]
        wanted = 1 if request["kind"] == "uth-strategy" else seeds
        decision = request["kind"].endswith("-decision")
        items = []
        for seed in range(DECISION_SEEDS if decision else wanted):
            drill = make_drill(request["kind"], seed, request["level"], request["family"], request.get("ask"))
            reply = drill.reply()
            if decision and set(reply["answer"]["grades"].values()) == {"correct"}:
                continue
            right, wrong = drill.check(right_text(reply, drill.quiz)), drill.check(wrong_text(reply, drill.quiz))
            assert right["progress"]["ok"] and not wrong["progress"]["ok"], (skill["id"], seed)
            items.append({"right": right["progress"], "wrong": wrong["progress"]})
            if len(items) == wanted:
                break
        assert len(items) == wanted, (skill["id"], len(items))
        found[skill["id"]] = items
    return found


def simulate(pools_: dict, *, readers: int, days: int = 60, seed: int = 1, reference: int | None = None) -> dict:
    """The metrics of tests/js/learner.mjs for these readers (``reference``: a fixed review interval, in days)."""
    data = {"catalogue": catalogue(), "pools": pools_, "readers": readers, "days": days, "seed": seed,
            "reference": reference}
    done = subprocess.run(["node", str(LEARNER)], input=json.dumps(data), capture_output=True, text=True, cwd=ROOT,
                          check=True, timeout=600)
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def measured() -> dict:
    if shutil.which("node") is None:
        pytest.skip("Node.js no está instalado")
    return simulate(pools(2), readers=12)


def test_repasar_ahora_serves_every_skill_the_schedule_calls_due(measured):
    assert measured["due"] > 100 and measured["servedShare"] == 1


def test_recall_when_a_review_comes_is_near_the_target(measured):
    assert measured["reviews"] > 200
    assert 0.8 <= measured["recallAtReview"] <= 0.97, measured["recallAtReview"]
    assert measured["learntShare"] > 0.8 and measured["reviewsToLearn"] <= 8, measured


def test_the_predicted_recall_is_calibrated(measured):
    # The goal is 5 points in every bin; a dozen readers add their sampling error (two standard errors).
    assert measured["rmseBins"] <= 0.07, measured["bins"]
    for row in measured["bins"]:
        if row["n"] >= 50:
            noise = 2 * (row["predicted"] * (1 - row["predicted"]) / row["n"]) ** 0.5
            assert abs(row["predicted"] - row["observed"]) <= 0.05 + noise, row
