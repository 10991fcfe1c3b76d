"""The Hold'em free table (``play-start``/``play-step``/``play-next``, mode ``free``) and the PHH replay
(mode ``replay``):
setup errors, many random tables played hand after hand (chips kept, busted players leave, the
button moves by the dead-button rule, each hand's PHH replays to the same result, PokerKit agrees on
a sample), honest bots, refused decisions, and a hand history shown step by step."""

from __future__ import annotations

import os
import random

import pytest

from engine import protocol
from engine.cards import DECK
from engine.games.holdem.bot_policy import decide
from engine.games.holdem.bot_view import view_of
from engine.games.holdem.phh import dumps, loads, replay
from engine.games.holdem.rules import positions
from engine.glossary import LOANWORDS
from engine.table.rotation import next_hand
from engine.table import AntePosting
from engine.games.holdem.play import GAME
from engine.play.session import FreeSession
from engine.table.game import Move
from engine.table.words import YOU
from tests.pyodide_cases.holdem_mesa_cases import PHH

#: Tables per run (each played hand after hand until the reader busts, wins or stops); ``make fuzz`` more.
TABLES = max(12, int(os.environ.get("FUZZ_EXAMPLES", "0")) // 10)
EQUITY = LOANWORDS["equity"]
SETUP = {"players": 4, "seat": 1, "blinds": [5, 10], "stack": 300, "seed": 3}


def start(**table) -> dict:
    return protocol.answer("play-start", {"game": "holdem", "mode": "free", "session": "hm", "table": {**SETUP, **table}})


def step(decision=None) -> dict:
    return protocol.answer("play-step", {"session": "hm", **({"decision": decision} if decision else {})})


def finish(reply: dict, rng: random.Random) -> dict:
    """Play the reader at random (bets anywhere in the range) until the hand's result."""
    for _ in range(300):
        assert "error" not in reply, reply
        if reply.get("more"):
            reply = step()
        elif "result" in reply:
            return reply
        else:
            option = rng.choice(reply["next"]["can"])
            decision = {"action": option["action"]}
            if "min" in option:
                decision["amount"] = rng.randint(option["min"], option["max"])
            reply = step(decision)
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("change, field", [
    ({"players": 1}, "table.players"), ({"players": 11}, "table.players"), ({"seat": 4}, "table.seat"),
    ({"blinds": [10]}, "table.blinds"), ({"blinds": [20, 10]}, "table.blinds"), ({"blinds": [5, "10"]}, "table.blinds[1]"),
    ({"stack": 10}, "table.stack"), ({"seed": -1}, "table.seed"), ({"ante": 11}, "table.ante"),
    ({"styles": ["prudente"]}, "table.styles"), ({"styles": ["prudente", "loco", "agresivo"]}, "table.styles[1]"),
])
def test_setup_errors_name_the_field(change, field):
    reply = start(**change)
    assert reply["field"] == field and reply["code"] == "request", reply


def test_random_tables_hand_after_hand():
    for table_seed in range(TABLES):
        rng = random.Random(table_seed)
        players = 2 + table_seed % 9
        setup = {"players": players, "seat": rng.randrange(players), "blinds": [5, 10], "stack": rng.choice([60, 200]),
                 "seed": table_seed * 31, "ante": rng.choice([0, 0, 2])}
        reply = start(**setup)
        total = players * setup["stack"]
        seated = [p["name"] for p in reply["players"]]
        out: set[str] = set()
        for number in range(1, 7):
            assert reply["hand"] == number
            reply = finish(reply, rng)
            result = reply["result"]
            names = [r["name"] for r in result["stacks"]]
            assert not out & set(names), "a busted player was dealt in"
            history = loads(reply["history"])
            again = replay(history)  # the hand's own PHH replays to the same end
            assert list(again.stacks.values()) == [dict((r["name"], r["stack"]) for r in result["stacks"])[n]
                                                   for n in history.players]
            out |= {r["name"] for r in result["stacks"] if r["stack"] == 0}
            for entry in reply["reasons"]:  # a bot's reason marks «equity» with the glossary's meaning
                terms = {t["text"]: t["title"] for t in entry.get("terms", [])}
                assert ("equity" in entry["reason"]) == ("equity" in terms) and terms.get("equity", EQUITY) == EQUITY
            chips = sum(r["stack"] for r in result["stacks"])
            assert chips == total, (table_seed, number)  # busted players hold nothing: every chip is seated
            if "table_over" in reply:
                assert YOU in out or len(set(seated) - out) == 1
                assert protocol.answer("play-next", {"session": "hm"})["code"] == "request"
                break
            rotation = [e for e in reply["events"] if e["type"] == "next_hand"]
            assert rotation, "the hand ends with the next hand's button and blinds"
            reply = protocol.answer("play-next", {"session": "hm"})
            assert "error" not in reply, reply


def test_the_button_moves_by_the_dead_button_rule():
    session = FreeSession(GAME, GAME.free_table(GAME.free_setup({**SETUP, "players": 5, "seat": 0})))
    table = session.table
    ring = table.ring
    for _ in range(12):
        session.advance()
        while not session.hand.over:
            session.act(Move("call" if any(o["action"] == "call" for o in session.hand.legal_actions()) else "check"))
            session.advance()
        if table.over():
            break
        _, small, big = table.positions
        expected = next_hand(ring, small_blind=small, big_blind=big, busted=table.out)
        session.next()
        assert table.positions[2] == expected.big_blind and table.positions[0] == expected.button
        assert session.hand.big_blind == expected.big_blind  # the big blind always moves on to a player still in


def test_bots_decide_on_what_their_player_sees():
    for seed in range(30):
        session = FreeSession(GAME, GAME.free_table(GAME.free_setup({**SETUP, "players": 2 + seed % 5, "seat": 0,
                                                                      "seed": seed})))
        hand = session.hand
        if hand.over or hand.to_act == YOU:
            continue
        player = hand.to_act
        before = decide(view_of(hand, player), "agresivo", seed)
        others = [q for q in hand.names if q != player]
        for q in others:  # other hole cards: swap them with undealt cards
            spare = [c for c in DECK if c not in hand._seen][:2]
            hand.hole[q] = list(spare)
            hand._seen.update({c: "x" for c in spare})
        assert decide(view_of(hand, player), "agresivo", seed) == before


def test_refusals_with_codes():
    for seed in range(20):  # a table where the reader has a decision with a raise to make
        reply = start(players=3, seat=0, seed=seed)
        while reply.get("more"):
            reply = step()
        if "next" in reply and any(o["action"] == "raise" for o in reply["next"]["can"]):
            break
    assert reply["next"]["player"] == YOU
    low = next(o for o in reply["next"]["can"] if o["action"] == "raise")["min"]
    bad = step({"action": "raise", "amount": low - 1})
    assert bad["code"] == "invalid-amount" and bad["field"] == "decision"
    assert step({"action": "dance"})["code"] != "internal"
    nope = protocol.answer("play-next", {"session": "hm"})
    assert nope["code"] == "request" and "aún no ha terminado" in nope["error"]
    assert protocol.answer("play-step", {"session": "nadie", "decision": {"action": "fold"}})["code"] == \
        "unknown-session"


def test_again_deals_the_same_hand():
    reply = finish(start(seed=9), random.Random(2))
    first = loads(reply["history"])
    again = protocol.answer("play-next", {"session": "hm", "again": True})
    assert again["hand"] == reply["hand"]
    again = finish(again, random.Random(2))
    def own(history):  # the reader's cards: the only hole cards the reader's PHH shows as dealt
        return [a for a in history.actions if a.startswith("d dh") and "?" not in a]
    assert own(loads(again["history"])) == own(first)  # the same cards, dealt the same way
    assert loads(again["history"]).starting_stacks == first.starting_stacks


def test_pokerkit_agrees_on_a_sample():
    pokerkit_hands = pytest.importorskip("tests.engine.games.holdem.pokerkit_hands")
    rng = random.Random(5)
    for seed in range(4):
        reply = finish(start(players=3 + seed, seed=seed), rng)
        ours = tuple(loads(reply["history"]).finishing_stacks)
        theirs = pokerkit_hands.pokerkit_replay(reply["history"])
        assert sum(ours) == sum(theirs) and all(abs(a - b) <= len(ours) for a, b in zip(ours, theirs))




def test_a_hand_history_step_by_step():
    first = protocol.answer("play-start", {"session": "r", "game": "holdem", "mode": "replay", "history": PHH})
    assert first["over"] is False and first["steps"] == 16 and "next" not in first
    assert [e["text"] for e in first["events"]] == ["Ana pone la ciega pequeña: 5.", "Pones la ciega grande: 10."]
    one = protocol.answer("play-step", {"session": "r"})
    assert one["step"] == 1 and [e["type"] for e in one["events"]] == ["hole"] and one["events"][0]["cards"] == ["9h", "8d"]
    reply = protocol.answer("play-step", {"session": "r", "to_end": True})
    while reply.get("more"):
        reply = protocol.answer("play-step", {"session": "r"})
    assert reply["over"] is True
    assert reply["result"]["pots"] == [{"amount": 60, "winners": ["Tú"]}]
    assert {r["name"]: r["stack"] for r in reply["result"]["stacks"]} == {"Ana": 170, "Tú": 230, "Beto": 200}


@pytest.mark.parametrize("players", ["", "players = ['Ana', 'Ana', 'Beto']\n"], ids=["no-names", "a-name-twice"])
def test_a_hand_history_without_names_calls_its_players_by_name_not_by_position(players):
    """Position codes move with the button: a PHH without (distinct) names gets «Jugador 1»… in PHH order, and
    the codes stay badges."""
    text = PHH.replace("players = ['Ana', 'Tú', 'Beto']\n", players)
    reply = protocol.answer("play-start", {"session": "r", "game": "holdem", "mode": "replay", "history": text})
    events = list(reply["events"])
    while not reply.get("over") or reply.get("more"):
        reply = protocol.answer("play-step", {"session": "r", "to_end": True})
        events += reply["events"]
    names, codes = {"Jugador 1", "Jugador 2", "Jugador 3"}, set(positions(3))
    assert {e["player"] for e in events if e.get("player")} == names
    seats = [s for e in events if "table" in e for s in e["table"]["seats"]]
    assert {s["name"] for s in seats} == names and {b["text"] for s in seats for b in s["badges"]} >= codes
    assert {r["name"] for r in reply["result"]["stacks"]} == names
    rotation = next(e["text"] for e in events if e["type"] == "next_hand")
    assert rotation == "Próxima mano: la ciega grande pasa a Jugador 3, la ciega pequeña a Jugador 2 y el botón a Jugador 1."
    for event in events:
        assert not codes & set(event["text"].replace(",", " ").replace(".", " ").split()), event["text"]


def test_a_showdown_the_kicker_decides_marks_the_word_with_its_meaning():
    from engine.glossary import LOANWORDS
    text = ("variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [5, 10]\nmin_bet = 10\nstarting_stacks = [100, 100]\n"
            "actions = ['d dh p1 AcKd', 'd dh p2 AhQd', 'p2 cc', 'p1 cc', 'd db Ad7c4h', 'p1 cc', 'p2 cc', 'd db 9s', "
            "'p1 cc', 'p2 cc', 'd db 2c', 'p1 cc', 'p2 cc']\n")
    reply = protocol.answer("play-start", {"session": "k", "game": "holdem", "mode": "replay", "history": text})
    while not reply.get("over") or reply.get("more"):
        reply = protocol.answer("play-step", {"session": "k", "to_end": True})
    show = reply["result"]["shows"][0]
    assert any("kicker" in line for line in show["why"])
    assert show["terms"] == [{"text": "kicker", "title": LOANWORDS["kicker"]}]


def test_a_wrong_line_of_a_hand_history_is_told():
    bad = protocol.answer("play-start", {"session": "r", "game": "holdem", "mode": "replay", "history": PHH.replace("'p2 cbr 20'", "'p2 cbr 5'")})
    assert bad["code"] == "invalid-amount" and bad["line"] == 7 and bad["at"] == 8
    broken = protocol.answer("play-start", {"session": "r", "game": "holdem", "mode": "replay", "history": "variant = 'NT'\nantes = [0,"})
    assert broken["code"] == "phh-syntax" and "line" in broken


def test_a_hand_the_blinds_play_out_alone_still_counts_and_moves_the_button():
    """Found by ``make fuzz``: when the blinds put everybody all-in, the hand ends as it is dealt; its chips
    and the next hand's button must still be settled."""
    session = FreeSession(GAME, GAME.free_table(GAME.free_setup({**SETUP, "players": 2, "seat": 0})))
    table = session.table
    while not session.hand.over:
        session.act(Move("fold"))
    table.stacks = {YOU: 5, "Ana": 1195}
    session.next()
    assert session.hand.over and table.stacks == session.hand.stacks and sum(table.stacks.values()) == 1200
    assert (YOU in table.out) == (session.hand.stacks[YOU] == 0)
    assert YOU in table.out or type(session.hand.events[-1]).__name__ == "NextHand"


def test_with_the_small_blind_s_seat_empty_every_seated_player_posts_his_ante():
    """A player who busted leaves the small blind's seat empty (dead-button rule): the next hand has no
    small blind, but every player still seated, the button included, posts his ante."""
    table = GAME.free_table(GAME.free_setup({**SETUP, "players": 5, "seat": 0, "ante": 2}))
    button, small, big = table.ring[0], table.ring[1], table.ring[2]
    table.out, table.stacks[small] = {small}, 0
    table.positions = (button, small, big)
    hand, _, _ = table.deal()
    assert hand.small_blind is None and hand.big_blind == big
    assert {rec.player: rec.amount for rec in hand.events if isinstance(rec, AntePosting)} == \
        dict.fromkeys(hand.names, 2)
    assert loads(dumps(hand)).antes == (2, 2, 2, 2)


def test_a_reply_carries_no_card_the_reader_has_not_seen():
    """While the hand is played no reply carries its hand history; at the end it comes as the reader saw
    it: his own cards, and a bot's only where they were shown."""
    rng = random.Random(4)
    for seed in range(6):
        reply = start(players=4, seat=0, seed=seed)
        for _ in range(200):
            assert "phh" not in reply or "result" in reply
            if "result" in reply:
                break
            if reply.get("more"):
                reply = step()
                continue
            option = rng.choice([o for o in reply["next"]["can"] if o["action"] != "raise"])
            reply = step({"action": option["action"], **({"amount": option["min"]} if "min" in option else {})})
        history = loads(reply["history"])
        shown = {a.split()[0] for a in history.actions if " sm " in a}
        for action in history.actions:
            if action.startswith("d dh "):
                player = action.split()[2]
                name = history.players[int(player[1:]) - 1]
                assert (name == YOU) == ("?" not in action), action
        assert shown <= {f"p{i}" for i in range(1, 5)}
        again = replay(history)  # the hand replays with the unknown cards
        assert again.over
