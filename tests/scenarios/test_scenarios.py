"""The seven practice hands of the site: each validates, and replays in each of its modalities along
the default line and along every path of reader decisions with the hand engine's invariants.

The paths are those of engine.authoring.check's explorer (what ``python -m engine check`` and the
build run), visited here with invariants it does not check itself: after every decision no chip is
created or lost, nobody holds more than one closed card while betting, and every event is
explained; each finished hand ends with ``hand_end`` and pays real players. The explorer's own
logic (gaps, deduplicated extensions, unused script lines) is tested in test_check.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.authoring.check import Report, check_paths, compare_outcome, explore_paths
from engine.authoring.walkthrough import walk
from engine.scenarios import READER
from engine.scenarios.format import load
from tests.engine.games.mata_ases.events import events

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted(p for p in (ROOT / "scenarios").glob("*.md") if not p.name.startswith("holdem-"))  # Mata Ases
STREETS = {1, "ayudas", 3, 4, 5, "showdown"}
EXPECTED = {
    "01-matar-los-ases": "Matar los Ases con un par",
    "02-todos-pasan": "Todos pasan: se abren las cartas",
    "03-una-sola-ayuda": "Una sola ayuda",
    "04-la-extension": "La extensión de la mano",
    "05-solo-queda-uno": "Solo queda uno: también tiene que matar los Ases",
    "06-all-in": "All-in y pozos secundarios",
    "07-full-contra-full": "Full house contra full house",
}


@pytest.fixture(scope="module")
def scenarios():
    return [load(path, display=f"scenarios/{path.name}") for path in FILES]


def test_the_seven_hands_in_order(scenarios):
    assert {s.name: s.title for s in scenarios} == EXPECTED
    assert [s.order for s in scenarios] == list(range(1, 8))
    for scenario in scenarios:
        assert scenario.modalities == ("boton-ante", "bring-in") or scenario.fields.single_modality_reason
        assert scenario.players[0] == READER and set(scenario.opponents) == {"Ana", "Beto"}


def test_every_scenario_validates():
    """Includes every reader path, and every script line used on some path."""
    report = check_paths([ROOT / "scenarios"], root=ROOT)
    assert report.problems == []
    assert sorted(s.game for s in report.scenarios) == ["holdem"] * 7 + ["mata-ases"] * 7


def test_hand_one_tells_the_seed_story_in_boton_ante(scenarios):
    played = walk(scenarios[0], "boton-ante")
    events = played.events
    openers = [(e["street"], e["player"]) for e in events if e["type"] == "first_to_act"]
    assert openers == [(1, "Tú"), (3, "Ana"), (4, "Ana"), (5, "Tú")]
    assert [(e["street"], e["type"]) for e in events if e["type"] in ("all_checked", "fold")] == [
        (1, "all_checked"), (3, "fold"), (5, "all_checked")]
    assert [(e["player"], e["amount"]) for e in events if e["type"] in ("bet", "call")] == [
        ("Ana", 50), ("Tú", 50), ("Ana", 50), ("Tú", 50)]
    shown = {e["player"]: e["text"].lower() for e in events if e["type"] == "show"}
    assert "doble par de ases y reyes" in shown["Tú"] and "doble par de reinas y ochos" in shown["Ana"]
    assert played.result["pots"] == [{"amount": 225, "winners": ["Tú"]}]
    assert played.stacks == {"Tú": 1125, "Ana": 900, "Beto": 975}


# ---------------------------------------------------------------------------------------------
# Replays with invariants.

def check_invariants(state, total: int, where: str) -> None:
    assert sum(state.stacks.values()) + state.pot == total, f"chips created or lost {where}"
    assert min(state.stacks.values()) >= 0, where
    for event in events(state):
        assert event.text and event.street in STREETS, (where, event)
    if not state.is_over and state.phase == "bet":
        for player in state.live():
            assert len(state.closed_cards(player)) <= 1, f"{player} holds two closed cards {where}"


@pytest.mark.slow
@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_reader_path_replays_with_the_invariants(path):
    scenario = load(path)
    total = sum(s.stack for s in scenario.seats)
    for modality in scenario.modalities:
        finished = []

        def visit(state, path_so_far):
            where = f"({scenario.name}, {modality}, {path_so_far})"
            check_invariants(state, total, where)
            if state.is_over:
                assert events(state)[-1].type == "hand_end", where
                for amount, winners in state.pot_results():
                    assert amount > 0 and set(winners) <= set(scenario.players), where
                finished.append(state)

        report = Report()
        used: set[int] = set()
        assert explore_paths(scenario, modality, report, used=used, visit=visit) == []
        assert len(finished) >= 20, "too few paths: the reader's choices are not being explored"
        assert report.paths >= len(finished)
        # The default line, through the same entry point the simulator uses.
        played = walk(scenario, modality)
        assert played.result is not None and played.gap is None
        assert compare_outcome(scenario, scenario.outcomes[modality], played.result, "pozo") == []


def test_hand_six_lesson_says_what_its_end_screen_says(scenarios):
    """Issue 23 (8): the lesson said every pot needs someone who kills the Aces; the engine gives a pot
    where nobody does to the best five-card hand when another pot was killed, and the lesson says so."""
    six = next(s for s in scenarios if s.name == "06-all-in")
    wins = [e["text"] for e in walk(six, "boton-ante").events if e["type"] == "win"]
    assert any("nadie mata los Ases, pero en otro sí" in text and "la mejor jugada de cinco cartas" in text
               for text in wins)
    assert "en cada uno alguien tiene que matar los Ases" not in six.lesson
    assert "nadie mata los Ases" in six.lesson and "la mejor jugada de cinco cartas" in six.lesson
