"""``play-start`` (mode ``practice``) / ``play-step``: the lean, stateful protocol of the browser simulator.

Every practice hand is played in both modalities along the reader's default line and along a few
other lines; each click's reply must stay under the size budget, and the replies put together must
tell exactly the hand that the full replay (``scenario-play``) tells.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import protocol
from engine.scenarios import READER, load, to_json
from engine.play.commands import SESSIONS
from engine.scenarios.script import play
from engine.play.session import MAX_SESSIONS

ROOT = Path(__file__).resolve().parents[2]
PATHS = sorted((ROOT / "scenarios").glob("*.md"))
#: The issue's goal: at most 5 KB per click (UTF-8 bytes of the JSON the worker posts back).
MAX_REPLY_BYTES = 5 * 1024


def size(reply: dict) -> int:
    return len(protocol.dumps(reply).encode("utf-8"))


def strip(decision: dict) -> dict:
    return {k: v for k, v in decision.items() if k != "player"}


def default_line(scenario, modality) -> list[dict]:
    reply = play(scenario, modality, [], default_line=True)
    return [strip(d) for d in reply["decisions"] if d["player"] == READER]


def lines(scenario, modality) -> list[list[dict]]:
    """The default line and, for each of its decisions, the line that folds (or checks) there and then
    plays check/call/card-up to the end: every branch point the reader has on the default line."""
    default = default_line(scenario, modality)
    out = [default]
    for index in range(len(default)):
        reply = play(scenario, modality, default[:index])
        can = {o["action"] for o in reply["next"]["can"]}
        other = next((a for a in ("fold", "down", "check") if a in can and a != default[index]["action"]), None)
        if other is None:
            continue
        line = default[:index] + [{"action": other}]
        while True:
            reply = play(scenario, modality, line)
            if "next" not in reply or "error" in reply or "scenario_error" in reply:
                break
            options = {o["action"] for o in reply["next"]["can"]}
            line.append({"action": next(a for a in ("check", "call", "up", "fold") if a in options)})
        if "error" not in reply and "scenario_error" not in reply:
            out.append(line)
    return out


def play_session(data: dict, modality: str, line: list[dict], key: str = "test") -> list[dict]:
    replies = [protocol.answer("play-start", {"mode": "practice", "session": key, "scenario": data, "modality": modality})]
    for decision in line + [None]:
        while replies[-1].get("more"):
            assert set(replies[-1]) == {"session", "reader", "events", "more", "cards"} | ({"amounts", "labels"} & set(replies[-1]))
            replies.append(protocol.answer("play-step", {"session": key}))
        if decision is not None:
            assert "next" in replies[-1], replies[-1]
            replies.append(protocol.answer("play-step", {"session": key, "decision": decision}))
    return replies


CASES = [(path, modality) for path in PATHS for modality in load(path).modalities]


@pytest.mark.parametrize("path, modality", CASES, ids=[f"{p.stem}-{m}" for p, m in CASES])
def test_every_click_is_small_and_the_session_tells_the_whole_hand(path, modality):
    scenario = load(path)
    data = to_json(scenario)
    for line in lines(scenario, modality):
        replies = play_session(data, modality, line)
        for index, reply in enumerate(replies):
            assert "error" not in reply, reply
            assert size(reply) <= MAX_REPLY_BYTES, (path.stem, modality, index, size(reply))
            assert all("table" not in e or "players" not in e["table"] for e in reply["events"])
        full = play(scenario, modality, line)
        # The same events, in order, told once each.
        told = [(e["type"], e["deal"], e.get("player"), e["text"]) for r in replies for e in r["events"]]
        assert told == [(e["type"], e["deal"], e["player"], e["text"]) for e in full["events"]]
        # Merging the table deltas gives the full replay's last table, seat by seat.
        seats: dict[str, dict] = {}
        cards: dict[str, dict] = {}
        for reply in replies:
            cards.update(reply["cards"])
            for event in reply["events"]:
                for seat in event.get("table", {}).get("seats", []):
                    seats[seat["name"]] = seat
        last = full["events"][-1]["table"]
        for name, snap in last["players"].items():
            assert (seats[name]["stack"], seats[name]["bet"], seats[name]["open"], seats[name]["closed"]) == (
                snap["stack"], snap["bet"], snap["open"], snap["closed"]), name
            assert bool(seats[name].get("folded")) == snap["folded"]
            for token in snap["open"] + snap["closed"]:
                assert token in cards  # every card on the table came with its display
        # The result is the full replay's.
        result = replies[-1]["result"]
        assert result["pots"] == full["pots"] and result["extensions"] == full["extensions"]
        assert {row["name"]: row["stack"] for row in result["stacks"]} == full["stacks"]
        shows = [item["text"] for deal in result["shows"] for item in deal["items"] if item["type"] == "show"]
        assert shows == [e["text"] for e in full["events"] if e["type"] == "show"]


def test_seats_carry_forced_bets_shown_hands_and_winnings():
    scenario = load(PATHS[0])
    replies = play_session(to_json(scenario), "bring-in", default_line(scenario, "bring-in"))
    first = {s["name"]: s for s in replies[0]["events"][-1]["table"]["seats"]}
    posted = [s for s in first.values() if "forced" in s]
    assert len(posted) == 1 and posted[0]["forced"]["type"] == "bring_in"
    assert posted[0]["forced"]["label"] == f"Bring In {posted[0]['forced']['amount']}"
    final: dict[str, dict] = {}
    for reply in replies:
        for event in reply["events"]:
            for seat in event.get("table", {}).get("seats", []):
                final[seat["name"]] = seat
    full = play(scenario, "bring-in", default_line(scenario, "bring-in"))
    won = {}
    for e in full["events"]:
        if e["type"] == "win":
            won[e["player"]] = won.get(e["player"], 0) + e["amount"]
    assert {n: s["won"] for n, s in final.items() if "won" in s} == won
    shown = {n: s["shown"] for n, s in final.items() if "shown" in s}
    assert shown and all(isinstance(s["kills"], bool) and s["name"][0].isupper() for s in shown.values())
    killers = {n for n, s in shown.items() if s["kills"]}
    assert set(won) <= killers  # only a play that kills the Aces collects


def test_options_come_with_their_words_and_cards_with_their_names():
    scenario = load(PATHS[0])
    reply = protocol.answer("play-start", {"mode": "practice", "session": "w", "scenario": to_json(scenario), "modality": "boton-ante"})
    assert reply["next"]["prompt"] == "Te toca hablar: nadie ha apostado en esta ronda."
    assert [(o["action"], o["label"]) for o in reply["next"]["can"]] == [("check", "Pasar"), ("bet", "Apostar 50")]
    assert reply["cards"]["As"] == {"rank": "A", "suit": "♠", "color": "black", "name": "As de picas"}
    assert reply["cards"]["Th"]["rank"] == "10" if "Th" in reply["cards"] else True
    assert reply["events"][0]["section"] == "Reparto inicial y primera ronda"


def test_a_refused_decision_keeps_the_session():
    scenario = load(PATHS[0])
    data = to_json(scenario)
    start = protocol.answer("play-start", {"mode": "practice", "session": "r", "scenario": data, "modality": "boton-ante"})
    refused = protocol.answer("play-step", {"session": "r", "decision": {"action": "fold"}})
    assert refused["code"] == "illegal-action" and refused["field"] == "decision" and "at" not in refused
    assert refused["error"].startswith("No puedes retirarte")
    malformed = protocol.answer("play-step", {"session": "r", "decision": {"amount": 5}})
    assert (malformed["code"], malformed["field"]) == ("request", "decision.action")
    line = default_line(scenario, "boton-ante")
    again = protocol.answer("play-step", {"session": "r", "decision": line[0]})
    assert "error" not in again and again["events"][0]["text"] != start["events"][0]["text"]


def test_resuming_replays_the_readers_decisions_and_reports_a_bad_one_with_its_index():
    scenario = load(PATHS[0])
    data = to_json(scenario)
    line = default_line(scenario, "boton-ante")
    resumed = protocol.answer("play-start", {"mode": "practice", "session": "m", "scenario": data, "modality": "boton-ante",
                                                 "reader": line})
    while resumed.get("more"):
        resumed = protocol.answer("play-step", {"session": "m"})
    assert resumed["result"]["stacks"] == play_session(data, "boton-ante", line, "m2")[-1]["result"]["stacks"]
    bad = protocol.answer("play-start", {"mode": "practice", "session": "m", "scenario": data, "modality": "boton-ante",
                                             "reader": line[:1] + [{"action": "muck"}]})
    assert (bad["code"], bad["field"], bad["at"]) == ("illegal-action", "reader[1]", 1)
    extra = protocol.answer("play-start", {"mode": "practice", "session": "m", "scenario": data, "modality": "boton-ante",
                                               "reader": line + [{"action": "check"}]})
    assert (extra["code"], extra["at"]) == ("request", len(line))


def test_a_script_gap_is_an_error_with_the_line_and_ends_the_session():
    scenario = load(PATHS[0])
    data = to_json(scenario)
    broken = dict(data, script=[e for e in data["script"] if not (e["player"] == "Beto" and e["round"] is None)])
    protocol.answer("play-start", {"mode": "practice", "session": "g", "scenario": broken, "modality": "boton-ante"})
    reply = protocol.answer("play-step", {"session": "g", "decision": {"action": "check"}})
    assert reply["code"] == "script-gap" and reply["line"] == data["lines"]["guion"]
    gone = protocol.answer("play-step", {"session": "g", "decision": {"action": "check"}})
    assert gone["code"] == "unknown-session" and gone["field"] == "session"


def test_live_sessions_are_bounded_the_oldest_goes_first():
    data = to_json(load(PATHS[0]))
    keys = [f"bound-{i}" for i in range(MAX_SESSIONS + 2)]
    for key in keys:
        protocol.answer("play-start", {"mode": "practice", "session": key, "scenario": data, "modality": "boton-ante"})
    assert len(SESSIONS) == MAX_SESSIONS
    assert list(SESSIONS) == keys[-MAX_SESSIONS:]
    gone = protocol.answer("play-step", {"session": keys[0], "decision": {"action": "check"}})
    assert gone["code"] == "unknown-session"


@pytest.mark.parametrize("request_, field", [
    ({}, "session"),
    ({"session": ""}, "session"),
    ({"session": "x" * 65}, "session"),
    ({"session": "x"}, "mode"),
    ({"session": "x", "mode": "practice"}, "scenario"),
    ({"session": "x", "mode": "free"}, "game"),
])
def test_malformed_start_requests(request_, field):
    reply = protocol.answer("play-start", request_)
    assert (reply["code"], reply["field"]) == ("request", field)


def test_the_ayudas_come_with_the_sentence_for_their_state():
    from engine.games.mata_ases.texts import AYUDAS_LABELS

    seen = {}
    for path, modality in CASES:
        scenario = load(path)
        line = lines(scenario, modality)[0]
        for reply in play_session(to_json(scenario), modality, line):
            for event in reply["events"]:
                ayudas = event.get("table", {}).get("ayudas")
                if ayudas is not None:
                    state = "none" if not ayudas["cards"] else "open" if ayudas["open"] else "closed"
                    seen[state] = ayudas["label"]
    assert seen == AYUDAS_LABELS  # all three states reached, each with its own sentence
