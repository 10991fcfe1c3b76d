"""engine.review.learning: each decision a free table's hand review grades is one attempt on its game's play
skill (right only when «Correcta»), recorded once per hand, with no card the reader's seat did not see; the
play skills are declared by the games and reviewed by their decision drill; the Ultimate path step counts
the session's decisions."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest

from engine.cards import DECK
from engine.drills import drill_steps
from engine.games import FacetError, find_game
from engine.progress import catalogue, check_game, skill
from engine.protocol import answer
from engine.spanish import card_name
from engine.review.learning import FACING, OPEN, RIGHT, decision_progress, slot_of
from engine.table.grades import GRADES
from engine.table.words import YOU

PLAYED = {"holdem": ("holdem.play.facing", "holdem.play.open"),
          "mata-ases": ("mata-ases.play.facing", "mata-ases.play.open")}


def _finished_hand(game: str, seed: int) -> tuple[str, dict]:
    """A hand of ``game``'s free table played to its end by the reader (paying, checking, sometimes
    raising): its session and its last reply."""
    info = answer("game-info", {"game": game})
    table = {field["key"]: field["default"] for field in info["setup"]} | {"seed": seed}
    key = f"learn-{game}-{seed}"
    reply = answer("play-start", {"session": key, "game": game, "mode": "free", "table": table})
    for turn in range(200):
        if "result" in reply:
            return key, reply
        can = (reply.get("next") or {}).get("can", [])
        if not can:
            reply = answer("play-step", {"session": key})
            continue
        actions = [c["action"] for c in can]
        wanted = ("raise", "bet") if turn % 3 == 1 else ("call", "check", "up")
        action = next((a for a in wanted if a in actions), actions[0])
        choice = next(c for c in can if c["action"] == action)
        decision = {"action": action, **({"amount": choice["min"]} if action in ("bet", "raise") else {})}
        reply = answer("play-step", {"session": key, "decision": decision})
    raise AssertionError("the hand did not end")


def _reviewed(game: str) -> tuple[str, dict, dict]:
    """A finished hand whose review records something: its session, the review and the hand's last reply."""
    for seed in range(1, 40):
        key, last = _finished_hand(game, seed)
        review = answer("play-review", {"session": key})
        if review.get("progress"):
            return key, review, last
    raise AssertionError("no reviewed decision with a play skill")


@pytest.mark.parametrize("game", ["holdem", "mata-ases"])
def test_each_reviewed_decision_is_one_attempt_on_its_play_skill_once(game):
    key, review, _ = _reviewed(game)
    decisions = {d["spot"]: d for d in review["decisions"]}
    assert len(review["progress"]) == sum(d["slot"] in ("facing", "open") for d in review["decisions"])
    for progress in review["progress"]:
        decision = decisions[progress["item"]["request"]["spot"]]
        assert progress["item"]["command"] == "play-review" and progress["item"]["source"] == f"{game}-table"
        assert [s["id"] for s in progress["skills"]] == [f"{game}.play.{decision['slot']}"]
        assert progress["ok"] is (decision["grade"] == GRADES[0].code)
        assert progress["skills"][0]["ok"] is progress["ok"]
        assert progress["grade"] == ("good" if progress["ok"] else "again")
        assert (progress["shown"] is None) is progress["ok"]
    again = answer("play-review", {"session": key})  # the same hand asked again: nothing more to record
    assert "progress" not in again and again["decisions"] == review["decisions"]


@pytest.mark.parametrize("game", ["holdem", "mata-ases"])
def test_a_reviewed_hand_records_no_card_the_reader_did_not_see(game):
    key, review, last = _reviewed(game)
    reveal = answer("play-reveal", {"session": key})
    hidden = {card for player in reveal["players"] if player["name"] != YOU for card in player["cards"]}
    hidden -= set(re.findall(r"[2-9TJQKA][cdhs]", last["history"]))  # what the reader saw of the hand
    text = json.dumps(review["progress"], ensure_ascii=False)
    named = {str(card) for card in DECK if f'"{card}"' in text or card_name(card) in text}
    assert hidden and not named & hidden, named & hidden
    assert not any("seen" in d for d in review["decisions"]), "the reply carries no earlier hand's cards"


def test_a_tie_with_the_best_is_right_and_any_other_grade_is_wrong():
    game = find_game("holdem")
    base = {"index": 0, "when": "Flop", "you": "Pasas", "slot": "open", "spot": 7, "seen": ["Ah", "Kd"],
            "why": "Porque sí.", "actions": [{"text": "Apostar 20", "best": True}, {"text": "Pasar", "best": False}]}
    for level in GRADES:
        progress = decision_progress(game, {**base, "grade": level.code, "label": level.name})
        assert progress["ok"] is (level is GRADES[0])
        if not progress["ok"]:
            assert progress["skills"][0]["why"] == "Porque sí."
            assert progress["shown"]["expected"] == "Apostar 20"
    assert decision_progress(game, {**base, "slot": "card", "grade": "correct", "label": "Correcta"}) is None
    assert "cualquiera de las dos vale aquí" in RIGHT and all(g.name in RIGHT for g in GRADES)


def test_the_kind_of_a_decision():
    class View:
        def __init__(self, options, to_call=0):
            self.options, self.to_call = [{"action": a} for a in options], to_call

    assert slot_of(View(["fold", "call", "raise"], 20)) == "facing"
    assert slot_of(View(["check", "bet"])) == "open"
    assert slot_of(View(["check", "raise"])) == "open"  # the big blind before the flop, nobody raised
    assert slot_of(View(["up", "down"])) == "card"


@pytest.mark.parametrize("game", ["holdem", "mata-ases"])
def test_play_skills_are_declared_with_their_page_and_meaning_and_a_drill(game):
    skills = {s["id"]: s for s in catalogue()["skills"]}
    table = find_game(game).facet("pages").PAGES.url("table")
    for skill_id, words in zip(PLAYED[game], (FACING, OPEN)):
        entry = skills[skill_id]
        assert entry["name"] == words.name and entry["means"] == words.means
        assert entry["rule"].startswith(table + "#")
        assert entry["practice"]["request"]["kind"] == f"{game}-decision"
    games = {g["id"]: g for g in catalogue()["games"]}
    assert games[game]["table"] == table


def test_a_play_skill_a_game_does_not_declare_fails_at_build():
    game = find_game("holdem")
    blame = game.facet("blame")
    broken = replace(blame.DECISIONS, play={"facing": "holdem.play.nothing"})

    class Facets:
        def __getattr__(self, name):
            return getattr(blame, name)
        DECISIONS = broken

    original = game.facet

    def facet(name):
        return Facets() if name == "blame" else original(name)

    object.__setattr__(game, "facet", facet)
    try:
        with pytest.raises(FacetError, match="holdem.play.nothing"):
            check_game(game)
    finally:
        object.__delattr__(game, "facet")


@pytest.mark.parametrize("kind", ["holdem-decision", "mata-ases-decision"])
def test_the_decision_drill_grades_as_the_review_and_records_the_play_skill(kind):
    steps = drill_steps(kind, 4242, "media", "facing")  # a seed no other test deals (the drills kept are not dealt again)
    reported = []
    with pytest.raises(StopIteration):
        while True:
            reported.append(next(steps))
    assert reported and all(isinstance(r, tuple) and len(r) == 2 for r in reported)  # as the worker reads them
    reply = answer("drill", {"kind": kind, "seed": 5, "level": "media", "family": "facing"})
    grades = reply["answer"]["grades"]
    words = {"fold": "retirarse", "call": "pagar", "raise": "subir", "check": "pasar", "bet": "apostar"}
    for action, grade in grades.items():
        checked = answer("drill-check", {"kind": kind, "seed": 5, "level": "media", "family": "facing",
                                         "answer": words[action]})
        assert checked["correct"] is (grade == GRADES[0].code)
        assert checked["progress"]["skills"][0]["id"] == kind.removesuffix("-decision") + ".play.facing"
    texts = json.dumps(reply, ensure_ascii=False)
    named = {str(card) for card in DECK if f'"{card}"' in texts or card_name(card) in texts}
    assert named <= set(reply["data"]["seen"]) and "??" not in texts, named - set(reply["data"]["seen"])


def test_the_ultimate_strategy_step_counts_the_sessions_decisions():
    step = next(s for s in catalogue()["path"]["ultimate"] if s["id"] == "ultimate.strategy")
    assert set(step["done_when"]["of"]) == {"uth-strategy", "uth-session"} and "sesión" in step["ticks"]
    deal = answer("uth-session-deal", {"session": "learn-uth", "new": True})
    decided = answer("uth-session-decide", {"session": "learn-uth", "option": deal["options"][0]["option"]})
    assert decided["progress"]["item"]["source"] in step["done_when"]["of"]
    assert skill(decided["progress"]["skills"][0]["id"]).id in step["skills"]
