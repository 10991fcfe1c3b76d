"""``play-start`` (mode ``practice``) / ``play-step``: the lean, stateful protocol of the browser simulator.

Every Mata Ases practice hand is played in both modalities along the reader's default line and along a
few other lines; each click's reply must stay under the size budget, the replies put together must tell
exactly the hand the hand engine played (its events and its last table), and no reply may carry a card
the reader's seat does not see.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine import protocol
from engine.authoring.walkthrough import walk
from engine.games.mata_ases import authoring as mata
from engine.games.mata_ases.command import build_hand
from engine.play.commands import SESSIONS
from engine.play.session import MAX_SESSIONS
from engine.scenarios import READER, to_json
from engine.scenarios.format import load
from engine.scenarios.script import decide
from tests.engine.games.mata_ases.events import events

ROOT = Path(__file__).resolve().parents[3]
PATHS = sorted(p for p in (ROOT / "scenarios").glob("*.md") if load(p).game == "mata-ases")
#: The issue's goal: at most 5 KB per click (UTF-8 bytes of the JSON the worker posts back).
MAX_REPLY_BYTES = 5 * 1024


def size(reply: dict) -> int:
    return len(protocol.dumps(reply).encode("utf-8"))


def default_line(scenario, modality) -> list[dict]:
    return walk(scenario, modality).reader


def reference(scenario, modality: str, line: list[dict]):
    """The hand engine's own hand along ``line`` (the reader's decisions), every other seat by the script,
    stopped at the reader's next decision once ``line`` runs out."""
    hand, _ = build_hand(mata.hand_request(scenario, modality), tables=True)  # each event with the table after it
    queue = list(line)
    while not hand.is_over:
        if hand.to_act == READER:
            if not queue:
                break
            decision = queue.pop(0)
            hand.act(READER, decision["action"], decision.get("amount"))
        else:
            move, _ = decide(scenario, mata.situation(hand))
            hand.act(hand.to_act, move.action, move.amount)
    return hand


def lines(scenario, modality) -> list[list[dict]]:
    """The default line and, for each of its decisions, the line that folds (or checks) there and then
    plays check/call/card-up to the end: every branch point the reader has on the default line."""
    default = default_line(scenario, modality)
    out = [default]
    for index in range(len(default)):
        can = {o["action"] for o in reference(scenario, modality, default[:index]).legal_actions()}
        other = next((a for a in ("fold", "down", "check") if a in can and a != default[index]["action"]), None)
        if other is None:
            continue
        line = default[:index] + [{"action": other}]
        while True:
            hand = reference(scenario, modality, line)
            if hand.is_over:
                break
            options = {o["action"] for o in hand.legal_actions()}
            line.append({"action": next(a for a in ("check", "call", "up", "fold") if a in options)})
        out.append(line)
    return out


def never_seen(hand) -> set[str]:
    """The cards of a hand the reader never sees: another seat's closed cards that are never shown (a fold,
    a hand won uncontested) and ayudas never opened, by their tokens."""
    dealt: set[str] = set()
    seen: set[str] = set()
    for event in events(hand):
        snap = event.table
        for name, seat in snap["players"].items():
            dealt.update(seat["open"] + seat["closed"])
            seen.update(seat["open"] + (seat["closed"] if name == READER else []))
        dealt.update(snap["ayudas"]["cards"])
        if snap["ayudas"]["open"]:
            seen.update(snap["ayudas"]["cards"])
        if event.type in ("show", "win") and event.cards:
            seen.update(event.cards)
    return dealt - seen


def play_session(data: dict, modality: str, line: list[dict], key: str = "test") -> list[dict]:
    replies = [protocol.answer("play-start", {"mode": "practice", "session": key, "scenario": data, "modality": modality})]
    for decision in line + [None]:
        while replies[-1].get("more"):
            assert set(replies[-1]) == {"session", "reader", "events", "more", "cards"} | ({"amounts", "labels", "progress"} & set(replies[-1]))
            replies.append(protocol.answer("play-step", {"session": key}))
        if decision is not None:
            assert "next" in replies[-1], replies[-1]
            replies.append(protocol.answer("play-step", {"session": key, "decision": decision}))
    return replies


CASES = [(path, modality) for path in PATHS for modality in load(path).modalities]


ALL_PATHS = sorted((ROOT / "scenarios").glob("*.md"))


def random_decision(rng, next_: dict) -> dict:
    """One of the reader's legal options at ``next_`` (a reply's ``next``), at random; a bet or raise at its
    least or its most."""
    option = rng.choice(next_["can"])
    decision = {"action": option["action"]}
    if option.get("min") is not None:
        decision["amount"] = rng.choice([option["min"], option.get("max", option["min"])])
    return decision


@pytest.mark.parametrize("path", ALL_PATHS, ids=[p.stem for p in ALL_PATHS])
def test_every_click_off_the_script_is_small_too(path):
    """Seeded random decisions (other amounts, raises where the script calls): a reply carries the
    reader's verdict (``progress``) as well, and still weighs at most 5 KB."""
    scenario = load(path)
    data = to_json(scenario)
    for modality in scenario.modalities or [None]:
        for seed in range(8):
            rng = random.Random(seed)
            request = {"mode": "practice", "session": "small", "scenario": data}
            if modality is not None:
                request["modality"] = modality
            reply = protocol.answer("play-start", request)
            while True:
                assert "error" not in reply and size(reply) <= MAX_REPLY_BYTES, (path.stem, modality, seed, size(reply))
                if reply.get("more"):
                    reply = protocol.answer("play-step", {"session": "small"})
                    continue
                if "next" not in reply:
                    break
                decision = random_decision(rng, reply["next"])
                reply = protocol.answer("play-step", {"session": "small", "decision": decision})


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
        hand = reference(scenario, modality, line)
        # The same events, in order, told once each.
        told = [(e["type"], e["deal"], e.get("player"), e["text"]) for r in replies for e in r["events"]]
        told_by_hand = events(hand)
        assert told == [(e.type, e.deal, e.player, e.text) for e in told_by_hand]
        # Merging the table deltas gives the hand's last table, seat by seat, as the reader's seat sees it.
        seats: dict[str, dict] = {}
        cards: dict[str, dict] = {}
        for reply in replies:
            cards.update(reply["cards"])
            for event in reply["events"]:
                for seat in event.get("table", {}).get("seats", []):
                    seats[seat["name"]] = seat
        last = told_by_hand[-1].table
        shown = {e.player for e in told_by_hand if e.type == "show" and e.deal == hand.deal_index}
        for name, snap in last["players"].items():
            closed = snap["closed"] if name == READER or name in shown else ["??"] * len(snap["closed"])
            assert (seats[name]["stack"], seats[name]["bet"], seats[name]["open"], seats[name]["closed"]) == (
                snap["stack"], snap["bet"], snap["open"], closed), name
            assert bool(seats[name].get("folded")) == snap["folded"]
            for token in snap["open"] + closed:
                assert token == "??" or token in cards  # every card on the table came with its display
        # No reply carries a card the reader never sees.
        hidden = never_seen(hand)
        sent = json.dumps(replies)
        assert not [token for token in hidden if f'"{token}"' in sent], (path.stem, modality, line)
        # The result is the hand's.
        result = replies[-1]["result"]
        assert result["pots"] == [{"amount": amount, "winners": list(winners)} for amount, winners in hand.pot_results()]
        assert result["extensions"] == hand.extensions
        assert {row["name"]: row["stack"] for row in result["stacks"]} == hand.stacks
        shows = [item["text"] for deal in result["shows"] for item in deal["items"] if item["type"] == "show"]
        assert shows == [e.text for e in told_by_hand if e.type == "show"]


def test_some_lines_hide_cards_from_the_reader():
    """The leak check above proves something: lines where an opponent's closed card or an ayuda is never
    seen (a fold, a hand won uncontested) exist, and a closed card is sent as «??»."""
    hidden = 0
    for path, modality in CASES[:4]:
        scenario = load(path)
        hidden += sum(len(never_seen(reference(scenario, modality, line))) for line in lines(scenario, modality))
    assert hidden >= 5
    reply = protocol.answer("play-start", {"mode": "practice", "session": "h", "scenario": to_json(load(PATHS[0])),
                                           "modality": "boton-ante"})
    ana = next(s for s in reply["events"][-1]["table"]["seats"] if s["name"] == "Ana")
    assert ana["closed"] == ["??"] and reply["events"][-1]["table"]["ayudas"]["cards"] == []


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
    hand = reference(scenario, "bring-in", default_line(scenario, "bring-in"))
    won = {}
    for e in events(hand):
        if e.type == "win":
            won[e.player] = won.get(e.player, 0) + e.amount
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
