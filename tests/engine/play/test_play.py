"""A practice hand played: the play layer's practice mode (``play-start``), the script's answer to a
decision (:func:`engine.scenarios.script.decide`) and the default line (:func:`engine.authoring.walkthrough.walk`).

The simulator's click by click protocol is tested in test_session.py; its speed and reply sizes are
measured by benchmarks/bench_simulator.py, not asserted here.
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from engine import protocol
from engine.authoring.walkthrough import walk
from engine.errors import EngineError
from engine.games.mata_ases import authoring as mata
from engine.scenarios import from_json, to_json
from engine.scenarios.format import load
from engine.scenarios.script import decide
from engine.table.game import Move, ScriptGap

ROOT = Path(__file__).resolve().parents[3]
FIRST = ROOT / "scenarios" / "01-matar-los-ases.md"


@pytest.fixture(scope="module")
def hand_one():
    scenario = load(FIRST)
    return scenario, to_json(scenario)


def start(data: dict, modality: str | None, reader: list | None = None, session: str = "p") -> dict:
    request = {"session": session, "mode": "practice", "scenario": data, "reader": reader or []}
    if modality is not None:
        request["modality"] = modality
    return protocol.answer("play-start", request)


def whole(reply: dict, session: str = "p") -> dict:
    """A reply with the rest of its events (``more``) gathered."""
    events = list(reply.get("events") or [])
    while reply.get("more"):
        reply = protocol.answer("play-step", {"session": session})
        events += reply["events"]
    return {**reply, "events": events}


def test_stops_at_the_readers_first_decision(hand_one):
    _, data = hand_one
    reply = whole(start(data, "boton-ante"))
    assert reply["reader"] == "Tú" and reply["next"]["player"] == "Tú"
    assert [(o["action"], o.get("min"), o.get("max")) for o in reply["next"]["can"]] == [
        ("check", None, None), ("bet", 50, 50)]
    assert [e["type"] for e in reply["events"]][:3] == ["ante", "deal", "first_to_act"]


def test_plays_the_opponents_up_to_the_reader(hand_one):
    _, data = hand_one
    reply = whole(start(data, "boton-ante", [{"action": "check"}]))
    # Ana and Beto check after the reader; the 3rd card comes closed; Ana bets, Beto folds: the reader's turn.
    decided = [(e["player"], e["type"]) for e in reply["events"] if e["type"] in ("check", "bet", "fold", "call")]
    assert decided == [("Tú", "check"), ("Ana", "check"), ("Beto", "check"), ("Ana", "bet"), ("Beto", "fold")]
    assert reply["next"]["player"] == "Tú"
    assert {o["action"] for o in reply["next"]["can"]} == {"call", "fold"}


def test_the_default_line_ends_with_the_claimed_outcome(hand_one):
    scenario, data = hand_one
    for modality in scenario.modalities:
        played = walk(scenario, modality)
        claim = scenario.outcomes[modality]
        assert played.stacks == claim.stacks
        assert [(p["amount"], p["winners"]) for p in played.result["pots"]] == [
            (p.amount, list(p.winners)) for p in claim.pots]
        # The same line through play-start ends the same way.
        reply = whole(start(data, modality, played.reader))
        assert reply["result"] == played.result


def test_an_illegal_reader_decision_is_reported_with_its_index(hand_one):
    scenario, data = hand_one
    reply = start(data, "boton-ante", [{"action": "check"}, {"action": "check"}])
    assert (reply["at"], reply["field"], reply["code"]) == (1, "reader[1]", "illegal-action")
    assert reply["error"].startswith("No puedes pasar")
    line = walk(scenario, "boton-ante").reader
    extra = start(data, "boton-ante", line + [{"action": "check"}])
    assert extra == {"error": f"Campo «reader[{len(line)}]»: la mano ya terminó: sobran decisiones", "code": "request",
                     "field": f"reader[{len(line)}]", "at": len(line)}


def test_a_script_that_cannot_answer_says_where(hand_one):
    scenario, data = hand_one
    broken = dict(data, script=[e for e in data["script"] if not (e["player"] == "Beto" and e["round"] is None)])
    message = ("El guion de Beto no dice qué hace si nadie ha apostado (1ª ronda, Botón Ante): añade «pasa» o "
               "«apuesta».")
    # For authors (engine check, walkthroughs): where the hand stopped, and why.
    stopped = walk(from_json(broken), "boton-ante")
    assert str(stopped.gap) == message and stopped.result is None
    assert stopped.decisions[-1] == ("Ana", Move("check"))
    # On the protocol: the one error shape, with the line to fix (no line of Beto's applies to Botón Ante).
    assert start(broken, "boton-ante", [{"action": "check"}]) == {
        "error": message, "code": "script-gap", "line": data["lines"]["guion"]}


@pytest.mark.parametrize("request_, error", [
    ({"modality": "boton-ante"}, "Campo «scenario»: falta el escenario (el JSON que exporta el sitio)"),
    ({"scenario": {"name": "x"}, "modality": "boton-ante"}, "Campo «scenario.game»: falta este campo"),
    ({"scenario": {"name": "x", "game": "ultimate"}},
     "Campo «scenario.game»: Ultimate Texas Hold'em no tiene manos de práctica en este sitio."),
])
def test_malformed_requests(request_, error):
    reply = protocol.answer("play-start", {"session": "p", "mode": "practice", **request_})
    assert reply["error"] == error and reply["code"] == "request"


def test_unknown_modality(hand_one):
    _, data = hand_one
    assert start(data, "stud") == {
        "error": "Campo «modality»: esta mano se juega en «boton-ante» o «bring-in» (recibido: \"stud\")",
        "code": "request", "field": "modality"}


def test_the_script_answers_the_decision_the_game_describes(hand_one):
    scenario, _ = hand_one
    hand = mata.practice(scenario, "bring-in").hand
    hand.act("Tú", "call")
    assert hand.to_act == "Ana"
    move, line = decide(scenario, mata.situation(hand))
    assert move == Move("call") and line == next(e.line for e in scenario.script if e.player == "Ana")
    hand.act("Ana", "call")
    assert decide(scenario, mata.situation(hand))[0] == Move("call")  # Beto's «guion Bring In» line


def test_a_gap_names_who_when_and_what_is_owed(hand_one):
    scenario, data = hand_one
    broken = from_json(dict(data, script=[e for e in data["script"] if e["player"] != "Ana"]))
    hand = mata.practice(broken, "boton-ante").hand
    hand.act("Tú", "bet", 50)
    with pytest.raises(ScriptGap) as info:
        decide(broken, mata.situation(hand))
    assert str(info.value) == ("El guion de Ana no dice qué hace ante una apuesta (1ª ronda, Botón Ante): tiene una "
                               "apuesta delante (50 por pagar). Añade «paga», «se retira» o «sube».")


@pytest.mark.parametrize("change, field, line_of", [
    (lambda d: d["seats"][1].update(stack=0), "seats[1].stack", lambda s: s.seats[1].line),
    (lambda d: d["deals"][0]["ayudas"].__setitem__(0, d["deals"][0]["ayudas"][1]), "deals[0].ayudas[1]",
     lambda s: s.fields.deals[0].line),
    (lambda d: d.update(button="Zoe"), "button", lambda s: s.line_of("boton")),
])
def test_a_table_the_hand_engine_refuses_is_blamed_on_the_line_its_field_came_from(hand_one, change, field, line_of):
    _, data = hand_one
    broken = copy.deepcopy(data)
    change(broken)
    scenario = from_json(broken)
    with pytest.raises(EngineError) as info:
        walk(scenario, scenario.modalities[0])
    assert str(info.value).startswith(f"El motor no puede jugar la mano «{scenario.name}»") and f"«{field}»" in str(
        info.value)
    assert info.value.line == line_of(scenario) == mata.line_of_field(scenario, field) > 1
    reply = start(broken, scenario.modalities[0])
    assert (reply["line"], reply["error"]) == (info.value.line, str(info.value))


def test_line_of_field_knows_every_setup_field(hand_one):
    scenario, _ = hand_one
    assert mata.line_of_field(scenario, "stakes.bring_in") == scenario.line_of("bring in") > 1
    assert mata.line_of_field(scenario, "stakes.ante") == scenario.line_of("ante") > 1
    assert mata.line_of_field(scenario, "deals[0].cards.Ana[2]") == scenario.fields.deals[0].line
    assert (mata.line_of_field(scenario, "deals[9]") == mata.line_of_field(scenario, "reader[0]")
            == mata.line_of_field(scenario, None) == 1)
