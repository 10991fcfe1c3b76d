"""``scenario-play`` (the full replay the static walkthroughs use) and ``opponent_decision``.

The simulator's per-click protocol is tested in test_session.py; its speed and reply sizes are
measured by benchmarks/bench_simulator.py (``--engine``), not asserted here.
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from engine import protocol
from engine.scenarios import READER, from_json, load, to_json
from engine.scenarios.script import ScriptGap, opponent_decision, play

ROOT = Path(__file__).resolve().parents[2]
FIRST = ROOT / "scenarios" / "01-matar-los-ases.md"


@pytest.fixture(scope="module")
def hand_one():
    scenario = load(FIRST)
    return scenario, to_json(scenario)


def reader_line(scenario, modality) -> list[dict]:
    reply = play(scenario, modality, [], default_line=True)
    return [{k: v for k, v in d.items() if k != "player"} for d in reply["decisions"] if d["player"] == READER]


def test_stops_at_the_readers_first_decision(hand_one):
    _, data = hand_one
    reply = protocol.answer("scenario-play", {"scenario": data, "modality": "boton-ante", "reader": []})
    assert reply["next"] == {"player": "Tú", "can": [{"action": "check"}, {"action": "bet", "min": 50, "max": 50}]}
    assert [e["type"] for e in reply["events"]][:3] == ["ante", "deal", "first_to_act"]
    assert reply["decisions"] == []


def test_auto_plays_the_opponents_up_to_the_reader(hand_one):
    _, data = hand_one
    reply = protocol.answer("scenario-play", {"scenario": data, "modality": "boton-ante",
                                              "reader": [{"action": "check"}]})
    # Ana and Beto check after the reader; the 3rd card comes closed; Ana bets, Beto folds: the reader's turn.
    assert [(d["player"], d["action"]) for d in reply["decisions"]] == [
        ("Tú", "check"), ("Ana", "check"), ("Beto", "check"), ("Ana", "bet"), ("Beto", "fold")]
    assert reply["next"]["player"] == "Tú"
    assert {o["action"] for o in reply["next"]["can"]} == {"call", "fold"}


def test_the_default_line_ends_with_the_claimed_outcome(hand_one):
    scenario, data = hand_one
    for modality in scenario.modalities:
        reply = protocol.answer("scenario-play", {"scenario": data, "modality": modality,
                                                  "reader": reader_line(scenario, modality)})
        assert "next" not in reply
        claim = scenario.outcomes[modality]
        assert reply["stacks"] == claim.stacks
        assert [(p["amount"], p["winners"]) for p in reply["pots"]] == [(p.amount, list(p.winners)) for p in claim.pots]


def test_an_illegal_reader_decision_is_reported_with_its_index(hand_one):
    _, data = hand_one
    reply = protocol.answer("scenario-play", {"scenario": data, "modality": "boton-ante",
                                              "reader": [{"action": "check"}, {"action": "check"}]})
    assert (reply["at"], reply["field"], reply["code"]) == (1, "reader[1]", "illegal-action")
    assert reply["error"].startswith("No puedes pasar")
    line = reader_line(load(FIRST), "boton-ante")
    extra = protocol.answer("scenario-play", {"scenario": data, "modality": "boton-ante",
                                              "reader": line + [{"action": "check"}]})
    assert extra == {"error": "La mano ya terminó: sobran decisiones.", "code": "hand-over",
                     "field": f"reader[{len(line)}]", "at": len(line)}


def test_a_script_that_cannot_answer_says_where(hand_one):
    scenario, data = hand_one
    broken = dict(data, script=[e for e in data["script"] if not (e["player"] == "Beto" and e["round"] is None)])
    message = ("El guion de Beto no dice qué hace si nadie ha apostado (1ª ronda, Botón Ante): añade «pasa» o "
               "«apuesta».")
    # For authors (engine check, walkthroughs): where the hand stopped, and why.
    stopped = play(from_json(broken), "boton-ante", [{"action": "check"}])
    assert stopped["scenario_error"] == message
    assert stopped["next"]["player"] == "Beto" and stopped["decisions"][-1] == {"player": "Ana", "action": "check"}
    # On the protocol: the one error shape, with the line to fix (no line of Beto's applies to Botón Ante).
    reply = protocol.answer("scenario-play", {"scenario": broken, "modality": "boton-ante",
                                              "reader": [{"action": "check"}]})
    assert reply == {"error": message, "code": "script-gap", "line": data["lines"]["guion"]}


@pytest.mark.parametrize("request_, error", [
    ({"modality": "boton-ante"}, "Campo «scenario»: falta el escenario (el JSON que exporta el sitio)"),
    ({"scenario": {"name": "x"}, "modality": "boton-ante"}, "Campo «scenario.seats»: falta este campo"),
])
def test_malformed_requests(request_, error):
    reply = protocol.answer("scenario-play", request_)
    assert reply["error"] == error and reply["code"] == "request"


def test_unknown_modality(hand_one):
    _, data = hand_one
    reply = protocol.answer("scenario-play", {"scenario": data, "modality": "stud", "reader": []})
    assert reply == {"error": "Campo «modality»: esta mano se juega en «boton-ante» o «bring-in» (recibido: \"stud\")",
                     "code": "request", "field": "modality"}


def test_opponent_decision_reads_a_mata_ases_hand_reply(hand_one):
    scenario, data = hand_one
    request = scenario.hand_request("bring-in", [{"player": "Tú", "action": "call"}])
    reply = protocol.answer("mata-ases-hand", request)
    assert reply["next"]["player"] == "Ana"
    assert opponent_decision(data, "bring-in", reply) == {"player": "Ana", "action": "call"}
    reply = protocol.answer("mata-ases-hand", scenario.hand_request("bring-in", [
        {"player": "Tú", "action": "call"}, {"player": "Ana", "action": "call"}]))
    assert opponent_decision(scenario, "bring-in", reply) == {"player": "Beto", "action": "call"}
    first = protocol.answer("mata-ases-hand", scenario.hand_request("bring-in"))
    with pytest.raises(ValueError):
        opponent_decision(scenario, "bring-in", first)  # the reader's turn


def test_opponent_decision_explains_a_gap(hand_one):
    scenario, data = hand_one
    broken = dict(data, script=[e for e in data["script"] if e["player"] != "Ana"])
    reply = protocol.answer("mata-ases-hand", scenario.hand_request("boton-ante", [{"player": "Tú", "action": "bet",
                                                                                     "amount": 50}]))
    with pytest.raises(ScriptGap) as info:
        opponent_decision(broken, "boton-ante", reply)
    assert "El guion de Ana no dice qué hace ante una apuesta (1ª ronda, Botón Ante)" in str(info.value)


@pytest.mark.parametrize("change, field, line_of", [
    (lambda d: d["seats"][1].update(stack=0), "seats[1].stack", lambda s: s.seats[1].line),
    (lambda d: d["deals"][0]["ayudas"].__setitem__(0, d["deals"][0]["ayudas"][1]), "deals[0].ayudas[1]",
     lambda s: s.deals[0].line),
    (lambda d: d.update(button="Zoe"), "button", lambda s: s.line_of("boton")),
])
def test_a_table_the_hand_engine_refuses_is_blamed_on_the_line_its_field_came_from(hand_one, change, field, line_of):
    _, data = hand_one
    broken = copy.deepcopy(data)
    change(broken)
    scenario = from_json(broken)
    reply = play(scenario, scenario.modalities[0], [], default_line=True)
    assert f"«{field}»" in reply["scenario_error"]
    assert reply["scenario_line"] == line_of(scenario) == scenario.line_of_field(field) > 1


def test_line_of_field_knows_every_setup_field(hand_one):
    scenario, _ = hand_one
    assert scenario.line_of_field("stakes.bring_in") == scenario.line_of("bring in") > 1
    assert scenario.line_of_field("stakes.ante") == scenario.line_of("ante") > 1
    assert scenario.line_of_field("deals[0].cards.Ana[2]") == scenario.deals[0].line
    assert scenario.line_of_field("deals[9]") == scenario.line_of_field("reader[0]") == scenario.line_of_field(None) == 1
