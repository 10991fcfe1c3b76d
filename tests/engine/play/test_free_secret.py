"""A free table the pages open deals from a secret the engine keeps (issue 51, items 1 and 2).

The old attack: the deal depended only on the table's seed and the hand's number, the page held the
seed, and one ``play-start`` per seat with the same table dealt the reader each bot's cards. Here the
same attack, with everything a page holds (the setup it sent, every reply), deals other cards; no reply
during a hand or at its end carries the table's secret, a seed drawn from it, or a card the reader's
seat never saw (as a token or by its Spanish name); a Mata Ases hand's history carries only the cards
the reader saw, and its replay is the hand he played.
"""

from __future__ import annotations

import json
import random
import re

import pytest

from engine.cards import DECK
from engine.play.commands import SESSIONS
from engine.protocol import answer
from engine.spanish import card_name
from engine.table.records import Showing
from engine.table.words import YOU

SETUPS = {
    "holdem": {"players": 6, "seat": 0, "blinds": [10, 20], "depth": 100},
    "mata-ases": {"opponents": 4, "modality": "boton-ante", "betting": "no-limit", "minimum": 50, "depth": 40},
}
CARD = re.compile(r'"([2-9TJQKA][cdhs])"')


def engine_hand(session: str):
    return SESSIONS.find(session).hand


def hidden_now(hand, reader: str = YOU) -> set[str]:
    """The cards of the deal in play the reader's seat may not see: every other seat's face-down cards not
    shown at the showdown (the engine's own hand, not the viewer's replies)."""
    deal = getattr(hand, "deal_index", None)
    shown = {str(card) for rec in hand.events if isinstance(rec, Showing) and getattr(rec, "deal", None) == deal
             for card in (*rec.cards, *rec.held)}  # a lone Mata Ases hand is shown too: it must kill the Aces
    return {str(card) for player in hand.names if player != reader
            for card, up in zip(hand.hole[player], hand.up[player])
            if card is not None and not up and str(card) not in shown}


def this_deal(reply: dict, hand) -> dict:
    """The reply without what it says of an earlier deal (a Mata Ases misdeal or extension)."""
    deal = getattr(hand, "deal_index", None)
    now = dict(reply)
    for key in ("events", "reasons"):
        if key in now:
            now[key] = [item for item in now[key] if item.get("deal", deal) == deal]
    if "result" in now:
        now["result"] = {**now["result"], "shows": [s for s in now["result"].get("shows", []) if s.get("deal", deal) == deal]}
    if now.get("events") != reply.get("events"):
        now.pop("cards", None)  # it names the earlier deal's cards too: its events are left out above
    return now


def hidden_named(reply: dict, hand, reader: str = YOU) -> list[str]:
    """The cards a reply names, by token or by their Spanish name, that the reader's seat may not see."""
    text = json.dumps(this_deal(reply, hand), ensure_ascii=False)
    hidden = hidden_now(hand, reader)
    found = [f"la carta {token}" for token in CARD.findall(text) if token in hidden]
    names = {str(card): card_name(card) for card in DECK}
    return found + [f"«{names[token]}»" for token in hidden if re.search(rf"\b{re.escape(names[token])}\b", text)]


def leaks(reply: dict, hand, secret: str, seed: int) -> list[str]:
    """What a reply names that the reader's seat may not know."""
    found = hidden_named(reply, hand)
    whole = json.dumps(reply, ensure_ascii=False)
    if secret in whole or str(seed) in whole:
        found.append("el secreto de la mesa")
    found += ["el campo «seed»"] * bool(re.search(r'"seed":', whole)) + ["la mesa que la reparte"] * ("table" in reply)
    return found


def decide(reply: dict, rng: random.Random) -> dict | None:
    can = [c["action"] for c in (reply.get("next") or {}).get("can", [])]
    if not can:
        return None
    if "fold" in can and rng.random() < 0.25:
        return {"action": "fold"}
    return {"action": next(a for a in ("check", "call", "up", *can) if a in can)}


def play_hands(game: str, session: str, hands: int, rng: random.Random):
    """Every reply of ``hands`` hands at a new secret table, each with the engine's hand and table."""
    reply = answer("play-start", {"session": session, "game": game, "mode": "free", "table": dict(SETUPS[game])})
    for number in range(hands):
        for _ in range(400):
            assert "error" not in reply, reply
            session_now = SESSIONS.find(session)
            yield reply, session_now.hand, session_now.table
            if "result" in reply:
                break
            decision = decide(reply, rng) if not reply.get("more") else None
            reply = answer("play-step", {"session": session, **({"decision": decision} if decision else {})})
        else:
            raise AssertionError("the hand did not end")
        if reply.get("table_over") or number == hands - 1:
            return
        reply = answer("play-next", {"session": session})


@pytest.mark.parametrize("game", sorted(SETUPS))
def test_no_reply_names_a_hidden_card_the_secret_or_a_seed(game):
    rng = random.Random(51)
    replies = hiding = 0
    for reply, hand, table in play_hands(game, f"scan-{game}", 12, rng):
        problems = leaks(reply, hand, table.chance._key, table.seed())
        assert not problems, (hand.events[-1], problems)
        replies += 1
        hiding += bool(hidden_now(hand))
    assert replies > 5 and hiding > 5  # (the table may end early: the reader out of chips)


def test_the_same_table_at_another_seat_deals_other_cards():
    """Hold'em: the page's setup with ``seat: k`` no longer deals the reader bot k's cards."""
    setup = SETUPS["holdem"]
    same = 0
    for number in range(3):
        answer("play-start", {"session": "victim", "game": "holdem", "mode": "free", "table": dict(setup)})
        hand = engine_hand("victim")
        ring = SESSIONS.find("victim").table.ring
        for seat in range(1, setup["players"]):
            attack = answer("play-start", {"session": "attack", "game": "holdem", "mode": "free",
                                           "table": {**setup, "seat": seat}})
            assert "error" not in attack, attack
            same += set(engine_hand("attack").hole[YOU]) == set(hand.hole[ring[seat]])
    assert same <= 1, f"{same} of 15 bots' hands dealt to the attacker"


def test_the_same_mata_ases_table_deals_other_cards():
    deals = set()
    for _ in range(4):
        answer("play-start", {"session": "again", "game": "mata-ases", "mode": "free", "table": SETUPS["mata-ases"]})
        deals.add(tuple(sorted(map(str, engine_hand("again").deals[0].cards["Tú"]))))
    assert len(deals) > 1


def test_a_seed_in_the_setup_is_a_public_table_and_only_that():
    """The command line and the tests may still seed a table (its replies say so: ``table`` with its seed);
    the pages never send one."""
    setup = {**SETUPS["holdem"], "seed": 7}
    first = answer("play-start", {"session": "public", "game": "holdem", "mode": "free", "table": setup})
    cards = engine_hand("public").hole[YOU]
    again = answer("play-start", {"session": "public", "game": "holdem", "mode": "free", "table": setup})
    assert engine_hand("public").hole[YOU] == cards and first["table"]["seed"] == again["table"]["seed"] == 7
    assert repr(SESSIONS.find("public").table.chance) == "Chance(7)"
    answer("play-start", {"session": "private", "game": "holdem", "mode": "free", "table": SETUPS["holdem"]})
    chance = SESSIONS.find("private").table.chance
    assert repr(chance) == "Chance(None)" and chance._key not in repr(SESSIONS.find("private").table.__dict__.get("setup"))


def test_a_mata_ases_history_names_only_the_cards_seen_and_replays_the_hand():
    rng = random.Random(7)
    histories = 0
    for reply, hand, _ in play_hands("mata-ases", "history", 15, rng):
        if "history" not in reply:
            continue
        histories += 1
        data = json.loads(reply["history"])
        assert data["v"] == 2 and "seed" not in data["t"]
        last = data["k"][-1]
        assert len(data["k"]) == hand.deal_index + 1
        named = {c for c in [*last["ayudas"], *(c for cs in last["cards"].values() for c in cs)]}
        assert not named & hidden_now(hand) and set(map(str, hand.hole[YOU])) <= named
        replay = answer("play-start", {"session": "r", "game": "mata-ases", "mode": "replay", "history": reply["history"]})
        while "error" not in replay and (not replay["over"] or replay.get("more")):
            replay = answer("play-step", {"session": "r", **({} if replay.get("more") else {"to_end": True})})
        assert replay["result"]["stacks"] == reply["result"]["stacks"]
        assert replay["result"]["pots"] == reply["result"]["pots"]
        assert "seed" not in replay["table"]
    assert histories == 15


@pytest.mark.parametrize("game", sorted(SETUPS))
def test_every_players_cards_only_when_asked_after_the_hand(game):
    """«Ver las cartas de todos»: refused while the hand is played, then every player's own cards (the
    bots' hidden ones too); refused for a hand that is not a free table's."""
    reply = answer("play-start", {"session": "reveal", "game": game, "mode": "free", "table": SETUPS[game]})
    while "next" not in reply:  # to the reader's turn: the secret deal may end a hand before it (all fold)
        reply = answer("play-step" if reply.get("more") else "play-next", {"session": "reveal"})
    refused = answer("play-reveal", {"session": "reveal"})
    assert refused["code"] == "request" and "aún no ha terminado" in refused["error"]
    rng = random.Random(3)
    while "result" not in reply:
        decision = decide(reply, rng) if not reply.get("more") else None
        reply = answer("play-step", {"session": "reveal", **({"decision": decision} if decision else {})})
    hand = engine_hand("reveal")
    everyone = answer("play-reveal", {"session": "reveal"})
    assert {p["name"]: p["cards"] for p in everyone["players"]} == {
        name: [str(c) for c in hand.hole[name]] for name in hand.names if hand.hole[name]}
    assert set(everyone["cards"]) == {c for p in everyone["players"] for c in p["cards"]}
    assert answer("play-reveal", {"session": "reveal", "extra": 1})["code"] == "unknown-field"
    replay = answer("play-start", {"session": "p", "game": game, "mode": "replay", "history": reply["history"]})
    assert "error" not in replay, replay
    assert answer("play-reveal", {"session": "p"})["code"] == "request"


@pytest.mark.parametrize("change, field", [
    ({"b": None}, "history.b"),
    ({"k": "x"}, "history.k"),
    ({"k": []}, "history.k"),
    ({"k": [{"cards": {"Tú": ["??"] * 5}, "ayudas": []}] * 40}, "history.k"),
    ({"k": [{"cards": {"Tú": ["??"] * 6}, "ayudas": []}]}, "history.k[0]"),
    ({"k": [{"cards": [], "ayudas": []}]}, "history.k[0]"),
    ({"t": {**SETUPS["mata-ases"], "stack": 2000, "depth": None}}, "history"),
])
def test_a_hostile_mata_ases_history_is_refused_in_spanish(change, field):
    setup = {k: v for k, v in SETUPS["mata-ases"].items() if k != "depth"}
    data = {"v": 2, "t": {**setup, "stack": 2000}, "b": "Tú",
            "k": [{"cards": {n: ["??"] * 5 for n in ("Tú", "Ana", "Beto", "Carla", "Dani")}, "ayudas": ["??"] * 3}],
            "d": [], **change}
    reply = answer("play-start", {"session": "bad", "game": "mata-ases", "mode": "replay", "history": json.dumps(data)})
    assert reply.get("field") == field and reply["code"] == "request", reply


@pytest.mark.parametrize("game", sorted(SETUPS))
def test_the_same_hand_again_up_to_a_decision_from_the_tables_own_secret(game):
    """«Vuelve a esa decisión»: ``play-next`` with ``again`` and the hand's first decisions deals the same cards
    (the engine keeps the secret) and plays them again; ``actions`` without ``again`` is refused."""
    reply = answer("play-start", {"session": "back", "game": game, "mode": "free", "table": SETUPS[game]})
    rng = random.Random(5)
    while "result" not in reply:
        decision = decide(reply, rng) if not reply.get("more") else None
        reply = answer("play-step", {"session": "back", **({"decision": decision} if decision else {})})
    played = engine_hand("back")
    cards = {name: list(played.hole[name]) for name in played.names}
    first = next((i for i, _ in enumerate(reply["decisions"])), 0)
    upto = reply["decisions"][:first + 1]
    refused = answer("play-next", {"session": "back", "actions": upto})
    assert refused["field"] == "actions"
    again = answer("play-next", {"session": "back", "again": True, "actions": upto})
    assert "error" not in again, again
    assert again["decisions"][:len(upto)] == upto
    hand = engine_hand("back")
    if getattr(played, "deal_index", 0) == 0:  # the first deal's cards: dealt again from the same secret
        assert all(hand.hole[name] == cards[name][:len(hand.hole[name])] for name in hand.names)
