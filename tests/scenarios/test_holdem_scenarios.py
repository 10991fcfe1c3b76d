"""Texas Hold'em practice hands: the format's errors with their lines, each of the seven hands' rule and
result, the scripts' honesty, and the sessions of the simulator."""

from __future__ import annotations

from pathlib import Path

import pytest

from dataclasses import replace

from engine import protocol
from engine.authoring.check import check_scenario
from engine.authoring.walkthrough import walk
from engine.games.holdem.authoring import new_hand
from engine.scenarios import to_json
from engine.scenarios.format import load, parse

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted((ROOT / "scenarios").glob("holdem-*.md"))
GOOD = """---
juego: Texas Hold'em
título: Prueba
orden: 1
lección: Una lección.
asientos: Ana 1000, Tú 1000, Beto 1000
botón: Beto
ciegas: 10, 20
cartas:
  Ana:  9h 3c
  Tú:   Kh Kd
  Beto: Ac Js
mesa: Ks 8d 4c 2h 7s
guion:
  Ana: pasa, se retira
  Beto: pasa, paga
  Tú: paga, pasa
resultado:
  bote: 50 para Tú
  fichas: Ana 990, Tú 1030, Beto 980
---

Texto.

## Qué observar

Algo.

## Qué enseña esta mano

Algo más.
"""


def hand(name: str):
    return load(ROOT / "scenarios" / f"{name}.md")


def test_the_seven_hands_are_holdem_in_order_and_check_clean():
    scenarios = [load(path) for path in FILES]
    assert len(scenarios) == 7 and {s.game for s in scenarios} == {"holdem"}
    assert sorted(s.order for s in scenarios) == list(range(1, 8))
    for scenario in scenarios:
        assert check_scenario(scenario) == [], scenario.name


def test_a_good_file_checks_and_its_claims_are_compared():
    scenario, problems = parse(GOOD, "scenarios/x.md")
    assert problems == [] and check_scenario(scenario) == []
    wrong, _ = parse(GOOD.replace("bote: 50 para Tú", "bote: 70 para Ana").replace("Beto 980", "Beto 990"),
                     "scenarios/x.md")
    found = check_scenario(wrong)
    assert [p.line for p in found] == [19, 20]
    assert "el motor da «bote 50 para Tú», no «bote 70 para Ana»" in found[0].message
    assert "Beto termina con 980 fichas según el motor, no con 990" in found[1].message


@pytest.mark.parametrize("old, new, line, words", [
    ("juego: Texas Hold'em", "juego: Póker chino", 2, "Juego desconocido"),
    ("ciegas: 10, 20", "ciegas: 20", 8, "la ciega pequeña y la grande"),
    ("ciegas: 10, 20", "ciegas: 30, 20", 8, "no puede ser mayor"),
    ("  Tú:   Kh Kd", "  Tú:   Kh Kd Qs", 11, "recibe 2"),
    ("  Beto: Ac Js", "  Beto: Ac Kh", 12, "repetida"),
    ("mesa: Ks 8d 4c 2h 7s", "mesa: Ks 8d 4c", 13, "escribe las cinco"),
    ("  Beto: pasa, paga", "  Beto: pasa, abierta", 16, "es de Mata Ases"),
    ("  Beto: pasa, paga", "  Beto: pasa, baila", 16, "No entiendo «baila»"),
    ("  Beto: pasa, paga", "  Berta: pasa, paga", 16, "no está sentado"),
    ("botón: Beto", "botón: Carla", 7, "no está sentado"),
    ("botón: Beto", "modalidades: Bring In", 7, "Las claves de una mano de Texas Hold'em son"),
    ("asientos: Ana 1000, Tú 1000, Beto 1000", "asientos: Ana 1000, Beto 1000", 6, "Falta «Tú»"),
])
def test_format_errors_name_their_line(old, new, line, words):
    assert old in GOOD
    scenario, problems = parse(GOOD.replace(old, new), "scenarios/x.md")
    assert scenario is None
    assert any(p.line == line and words in p.message for p in problems), [str(p) for p in problems]


def test_a_script_that_cannot_answer_is_told_with_its_line_and_the_path():
    text = GOOD.replace("  Beto: pasa, paga", "  Beto:\n    pre-flop: paga\n    siempre: pasa")
    scenario, _ = parse(text, "scenarios/x.md")
    assert check_scenario(scenario, explore=False) == []  # the default line never needs it
    problems = check_scenario(scenario)
    assert problems and all(p.line == 18 for p in problems)
    assert all(p.message.startswith("El guion de Beto no dice qué hace ante una apuesta (")
               and "solo dice «pasa»" in p.message and " Pasa si " in p.message for p in problems), \
        [p.message for p in problems]


def _events(name: str) -> dict:
    played = walk(hand(name))
    return {"events": played.events, "result": played.result}


def test_hand_1_blinds_left_of_the_button_and_who_opens():
    reply = _events("holdem-01-ciegas-y-quien-habla")
    blinds = [(e["player"], e["amount"]) for e in reply["events"] if e["type"] == "blind"]
    assert blinds == [("Ana", 10), ("Beto", 20)]
    openers = [(e["street"], e["player"]) for e in reply["events"] if e["type"] == "first_to_act"]
    assert openers == [("preflop", "Tú"), ("flop", "Ana"), ("turn", "Beto"), ("river", "Beto")]


def test_hand_2_the_least_reraise_is_to_100():
    scenario = hand("holdem-02-la-subida-minima")
    state = new_hand(scenario)
    state.act("Beto", "raise", 60)
    state.act("Ana", "fold")
    raise_option = next(o for o in state.legal_actions() if o["action"] == "raise")
    assert raise_option["min"] == 100


def test_hand_4_heads_up_the_button_is_small_blind_and_acts_first_then_last():
    reply = _events("holdem-04-heads-up")
    assert [(e["player"], e["amount"]) for e in reply["events"] if e["type"] == "blind"] == [("Tú", 10), ("Ana", 20)]
    openers = [(e["street"], e["player"]) for e in reply["events"] if e["type"] == "first_to_act"]
    assert openers[:2] == [("preflop", "Tú"), ("flop", "Ana")]
    assert any(e["type"] == "return" and e["player"] == "Tú" and e["amount"] == 100 for e in reply["events"])


def test_hand_5_a_short_all_in_does_not_reopen_the_betting():
    start = protocol.answer("play-start", {"mode": "practice", "session": "h5", "scenario": to_json(hand("holdem-05-all-in-corto"))})
    reply = protocol.answer("play-step", {"session": "h5", "decision": {"action": "call"}})
    reply = protocol.answer("play-step", {"session": "h5", "decision": {"action": "bet", "amount": 100}})
    while reply.get("more"):
        reply = protocol.answer("play-step", {"session": "h5"})
    assert "error" not in start and [o["action"] for o in reply["next"]["can"]] == ["fold", "call"]
    assert reply["next"]["can"][1]["amount"] == 50


def test_hand_6_the_guides_side_pots():
    result = _events("holdem-06-botes-secundarios")["result"]
    assert [(p["amount"], p["winners"]) for p in result["pots"]] == [(510, ["Ana"]), (200, ["Beto"]), (600, ["Tú"])]
    assert result["shows"][-1]["why"] == [  # each sentence says which pot it speaks of (issue 50, item 5)
        "En el bote principal (510), decide la pareja: A♥ (Ana) gana a K♥ (Beto).",
        "En el bote secundario (200), decide la pareja: K♥ (Beto) gana a Q♥ (tú).",
        "En el bote terciario (600), decide la pareja: Q♥ (tú) gana a J♠ (Dani)."]


def test_hand_7_the_river_bettor_shows_first_and_the_odd_chip():
    reply = _events("holdem-07-showdown-y-ficha-impar")
    shows = [e["player"] for e in reply["events"] if e["type"] == "show"]
    assert shows[0] == "Beto"
    assert [(r["name"], r["change"]) for r in reply["result"]["stacks"]] == [("Tú", 2), ("Ana", -5), ("Beto", 3)]
    assert "La ficha que no se puede dividir va a Beto" in reply["result"]["headline"][0]["text"]


def test_scripts_do_not_peek_at_the_cards():
    """A scripted decision depends on the script and the betting only: other hole cards, same decisions."""
    for path in FILES:
        scenario = load(path)
        before = walk(scenario).decisions
        swapped = dict(scenario.fields.hole)
        names = list(swapped)
        swapped[names[0]], swapped[names[-1]] = swapped[names[-1]], swapped[names[0]]
        after = walk(replace(scenario, fields=replace(scenario.fields, hole=swapped))).decisions
        assert after == before, path.name


def test_sessions_refuse_a_modality_and_replay_the_default_line():
    data = to_json(hand("holdem-03-todos-pasan"))
    refused = protocol.answer("play-start", {"mode": "practice", "session": "h3", "scenario": data, "modality": "bring-in"})
    assert refused["code"] == "request" and refused["field"] == "modality" and "Texas Hold'em" in refused["error"]
    reply = protocol.answer("play-start", {"mode": "practice", "session": "h3", "scenario": data,
                                               "reader": [{"action": "call"}, {"action": "check"},
                                                          {"action": "check"}, {"action": "check"}]})
    while reply.get("more"):
        reply = protocol.answer("play-step", {"session": "h3"})
    assert reply["result"]["pots"] == [{"amount": 60, "winners": ["Tú"]}]
    wrong = protocol.answer("play-step", {"session": "h3", "decision": {"action": "check"}})
    assert "ya terminó" in wrong["error"]
