"""The seven practice hands of the site: each validates, and replays in each of its modalities along
the default line and along every path of reader decisions with the hand engine's invariants.

The exploration here is written independently of engine.scenarios.check (which the build uses):
depth first over every option the engine offers the reader, the opponents answering from the
script (an extension that starts in exactly the same state as one already explored is played
once), checking after every decision that no chip is created or lost, that nobody holds more
than one closed card while betting, and that every event is explained. It also records which
lines of each script are used, and requires every line of every script to be reached (a line's
word for a situation that never comes up, like «pasa» for someone who always faces a bet, is
allowed).
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from engine.scenarios import READER, load
from engine.scenarios.check import check_paths, compare_outcome
from engine.scenarios.script import ScriptGap, decide, new_hand, play, situation_of

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted((ROOT / "scenarios").glob("*.md"))
STREETS = {1, 3, 4, 5, "showdown"}
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
        assert scenario.modalities == ("boton-ante", "bring-in") or scenario.single_modality_reason
        assert scenario.players[0] == READER and set(scenario.opponents) == {"Ana", "Beto"}


def test_every_scenario_validates():
    report = check_paths([ROOT / "scenarios"], root=ROOT)
    assert report.problems == []
    assert len(report.scenarios) == 7


def test_hand_one_tells_the_seed_story_in_boton_ante(scenarios):
    reply = play(scenarios[0], "boton-ante", [], default_line=True)
    events = reply["events"]
    openers = [(e["street"], e["player"]) for e in events if e["type"] == "first_to_act"]
    assert openers == [(1, "Tú"), (3, "Ana"), (4, "Ana"), (5, "Tú")]
    assert [(e["street"], e["type"]) for e in events if e["type"] in ("all_checked", "fold")] == [
        (1, "all_checked"), (3, "fold"), (5, "all_checked")]
    assert [(e["player"], e["amount"]) for e in events if e["type"] in ("bet", "call")] == [
        ("Ana", 50), ("Tú", 50), ("Ana", 50), ("Tú", 50)]
    shown = {e["player"]: e["text"].lower() for e in events if e["type"] == "show"}
    assert "doble par de ases y reyes" in shown["Tú"] and "doble par de reinas y ochos" in shown["Ana"]
    assert reply["pots"] == [{"amount": 225, "winners": ["Tú"]}]
    assert reply["stacks"] == {"Tú": 1125, "Ana": 900, "Beto": 975}


# ---------------------------------------------------------------------------------------------
# Replays with invariants.

def check_invariants(state, total: int, where: str) -> None:
    assert sum(state.stacks.values()) + state.pot == total, f"chips created or lost {where}"
    assert min(state.stacks.values()) >= 0, where
    for event in state.events:
        assert event.text and event.street in STREETS, (where, event)
    if not state.is_over and state.phase == "bet":
        for player in state.live():
            assert len(state.closed_cards(player)) <= 1, f"{player} holds two closed cards {where}"


def fork(state):
    return copy.deepcopy(state, {id(state.events): list(state.events), id(state.moves): list(state.moves)})


def explore(scenario, modality):
    """Every path of reader decisions: (finished hands, script lines used)."""
    total = sum(s.stack for s in scenario.seats)
    used: set[int] = set()
    finished = []
    extensions_seen: set[tuple] = set()
    stack = [(new_hand(scenario, modality), [], 0)]
    while stack:
        state, path, dealt = stack.pop()
        while not state.is_over:
            check_invariants(state, total, f"({scenario.name}, {modality}, {path})")
            if state.deal_index != dealt:
                # An extension that starts exactly like one already explored plays out the same way.
                dealt = state.deal_index
                key = (dealt, state.participants, state.button, state.pot, state.extensions,
                       tuple(sorted(state.stacks.items())), tuple(sorted(state.contributions.items())))
                if key in extensions_seen:
                    break
                extensions_seen.add(key)
            sit = situation_of(state)
            if sit.player == READER:
                for action, option in sit.can.items():
                    decision = {"action": action}
                    if action in ("bet", "raise"):
                        decision["amount"] = option["min"]
                    child = fork(state)
                    child.act(READER, action, decision.get("amount"))
                    stack.append((child, path + [(sit.deal, sit.round, action)], state.deal_index))
                break
            try:
                decision = decide(scenario, modality, sit)
            except ScriptGap as gap:  # pragma: no cover - the failure message says where
                pytest.fail(f"{scenario.path}:{gap.line}: {gap} (reader path {path})")
            used.add(scenario.slot(sit.player, modality, sit.deal, sit.round, sit.kind).line)
            state.act(decision["player"], decision["action"], decision.get("amount"))
        if state.is_over:
            check_invariants(state, total, f"({scenario.name}, {modality}, end of {path})")
            assert state.events[-1].type == "hand_end"
            finished.append(state)
    return finished, used


@pytest.mark.slow
@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_reader_path_replays_with_the_invariants(path):
    scenario = load(path)
    used: set[int] = set()
    for modality in scenario.modalities:
        finished, lines = explore(scenario, modality)
        used |= lines
        assert len(finished) >= 20, "too few paths: the reader's choices are not being explored"
        for state in finished:
            for result in state.results:
                assert result.amount > 0 and set(result.winners) <= set(scenario.players)
        # The default line, through the same entry point the simulator uses.
        reply = play(scenario, modality, [], default_line=True)
        assert "next" not in reply and "scenario_error" not in reply
        assert compare_outcome(scenario.outcomes[modality], reply) == []
        used |= default_line_lines(scenario, modality)
    declared = {entry.line for entry in scenario.script}
    assert declared - used == set(), f"script lines never used: {sorted(declared - used)}"


def default_line_lines(scenario, modality) -> set[int]:
    """The script lines the reader's default line uses."""
    used = set()
    state = new_hand(scenario, modality)
    while not state.is_over:
        sit = situation_of(state)
        decision = decide(scenario, modality, sit)
        if sit.player == READER:
            used.add(scenario.slot(READER, modality, sit.deal, sit.round, sit.kind).line)
        state.act(decision["player"], decision["action"], decision.get("amount"))
    return used
