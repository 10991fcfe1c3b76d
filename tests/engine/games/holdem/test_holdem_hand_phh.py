"""PHH for Hold'em hands: bad input refused in Spanish with a code (and line / action index), illegal
actions of every kind refused, and every hand the engine plays written out as PHH and read back."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from engine.games.holdem.hand import HoldemHand
from engine.games.holdem.phh import dumps, loads, replay
from engine.protocol import answer
from engine.table import HandOverError, IllegalActionError, InvalidAmountError, NotYourTurnError
from tests.engine.games.holdem.holdem_random import play_randomly

TURN, AMOUNT, ILLEGAL, OVER = (NotYourTurnError.code, InvalidAmountError.code, IllegalActionError.code,
                               HandOverError.code)

PHH = Path(__file__).parent / "phh"
HEAD = "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [10, 20, 0]\nmin_bet = 20\n"


def ask(text: str) -> dict:
    return answer("holdem-hand", {"phh": text})


def hand_with(*actions: str, stacks: str = "[1000, 1000, 1000]") -> dict:
    listed = "".join(f"  '{a}',\n" for a in actions)
    return ask(HEAD + f"starting_stacks = {stacks}\nactions = [\n{listed}]\n")


DEALT = ("d dh p1 AhAd", "d dh p2 KcKs", "d dh p3 QhQc")


@pytest.mark.parametrize("text, code, line", [
    ("variant = 'NT'\nantes = [0, 0\nmin_bet = 2\n", "phh-syntax", 3),
    ("variant = 'NT'\nantes = [0, 0\n", "phh-syntax", 2),
    ("variant = 'FT'\nstarting_stacks = [10, 10]\n", "phh-variant", 1),
    (HEAD + "starting_stacks = [1000.5, 1000, 1000]\n", "decimal-amount", 5),
    (HEAD.replace("min_bet = 20", "min_bet = 2.5") + "starting_stacks = [10, 10, 10]\n", "decimal-amount", 4),
    (HEAD + "starting_stacks = [" + ", ".join(["100"] * 11) + "]\n", "player-count", 5),
    (HEAD + "starting_stacks = [100]\n", "player-count", 5),
    (HEAD.replace("min_bet = 20\n", ""), "phh", None),
    (HEAD + "starting_stacks = [100, -5, 100]\n", "phh", 5),
])
def test_bad_phh_is_refused_with_a_spanish_message_a_code_and_the_line(text, code, line):
    reply = ask(text)
    assert reply["code"] == code, reply
    assert reply.get("line") == line
    assert (reply["error"][0].isupper() or reply["error"][0] == "«") and "Traceback" not in reply["error"]


@pytest.mark.parametrize("actions, code, at", [
    (("d dh p1 AhAd", "d dh p2 AhKs"), "duplicate-card", 1),                # a card dealt twice
    (DEALT + ("p1 cc",), TURN, 3),                               # out of turn: p3 opens
    (DEALT + ("p3 cbr 5000",), AMOUNT, 3),                        # beyond the stack
    (DEALT + ("p3 cbr 30",), AMOUNT, 3),                          # a raise below the minimum
    (DEALT + ("p3 cbr 12.5",), "decimal-amount", 3),                        # decimals
    (DEALT + ("p3 cc", "p1 cc", "p2 cc", "d db 7c5d2s", "p1 cbr 10"), AMOUNT, 7),  # bet < BB
    (DEALT + ("p3 cc", "p1 cc", "p2 cc", "d db 7c5d2s", "p1 cbr 40", "p1 cc"),
     TURN, 8),                                                   # p1 acts twice in a row
    (DEALT + ("p3 cc", "p1 cc", "p2 cc", "d db 7c5d2s", "p1 cbr 40", "p2 cc", "p3 cc", "p1 cc"),
     ILLEGAL, 10),                                                 # the turn card is due
    (DEALT + ("p3 f", "p1 f", "p2 cc"), OVER, 5),                    # after the hand is over
    (DEALT + ("d db 7c5d2s",), "illegal-deal", 3),                          # the board during the betting
    (DEALT + ("p3 cc", "p1 cc", "p2 cc", "d db 7c5d2s4h"), "illegal-deal", 6),  # four flop cards
    (DEALT + ("p3 cc", "p1 cc", "p2 cc", "d db 7cAh2s"), "duplicate-card", 6),  # a board card dealt twice
    (("d dh p1 AhAd", "d dh p1 KcKs"), "illegal-deal", 1),                  # the same player dealt twice
    (("d dh p4 AhAd",), "phh-action", 0),                                   # no such player
    (("p1 xx",), "phh-action", 0),                                          # not PHH
    (("d dh p1 AhAd", "d dh p2 KcKs", "p3 f"), ILLEGAL, 2),        # betting before all cards
])
def test_every_kind_of_illegal_action_is_refused_at_its_index(actions, code, at):
    reply = hand_with(*actions)
    assert (reply.get("code"), reply.get("at")) == (code, at), reply
    assert reply["field"] == f"actions[{at}]" and reply["line"] == 7 + at


def test_check_call_and_bet_refused_where_the_rules_say():
    reply = hand_with(*DEALT, "p3 cbr 60", "p1 cc", "p2 cc", "d db 7c5d2s", "p1 cc")
    assert reply["next"]["player"] == "p2"
    # p2 facing no bet: "cc" is a check; facing a bet "cc" is a call — PHH has one verb, the engine picks
    after = hand_with(*DEALT, "p3 cbr 60", "p1 cc", "p2 cc", "d db 7c5d2s", "p1 cbr 100", "p2 cbr 150")
    assert after["code"] == AMOUNT and "la subida mínima es a 200" in after["error"]


def test_the_showdown_needs_the_cards_it_uses():
    reply = hand_with("d dh p1 ????", "d dh p2 KcKs", "d dh p3 QhQc", "p3 cc", "p1 cc", "p2 cc",
                      "d db 7c5d2s", "p1 cc", "p2 cc", "p3 cc", "d db 4h", "p1 cc", "p2 cc", "p3 cc",
                      "d db 9s", "p1 cc", "p2 cc", "p3 cc")
    assert reply["code"] == "missing-cards" and "p1" in reply["error"]
    shown = hand_with("d dh p1 ????", "d dh p2 KcKs", "d dh p3 QhQc", "p3 cc", "p1 cc", "p2 cc",
                      "d db 7c5d2s", "p1 cc", "p2 cc", "p3 cc", "d db 4h", "p1 cc", "p2 cc", "p3 cc",
                      "d db 9s", "p1 cc", "p2 cc", "p3 cc", "p1 sm AhAd")
    assert shown["status"] == "over" and shown["finishing_stacks"] == [1040, 980, 980]


def test_a_muck_gives_up_the_pot_and_an_unknown_hand_that_never_shows_is_fine():
    reply = hand_with("d dh p1 ????", "d dh p2 KcKs", "d dh p3 ????", "p3 cc", "p1 cc", "p2 cc",
                      "d db 7c5d2s", "p1 cc", "p2 cc", "p3 cc", "d db 4h", "p1 cc", "p2 cc", "p3 cc",
                      "d db 9s", "p1 cc", "p2 cc", "p3 cc", "p1 sm", "p3 sm")
    assert reply["finishing_stacks"] == [980, 1040, 980]
    assert [e["type"] for e in reply["events"][-4:-1]] == ["muck", "muck", "show"] or \
        [e["type"] for e in reply["events"]].count("muck") == 2


def test_each_fixture_round_trips_through_dumps():
    for path in sorted(PHH.glob("*.phh")):
        history = loads(path.read_text())
        hand = replay(history)
        again = replay(loads(dumps(hand)))
        assert [again.stacks[p] for p in again.names] == [hand.stacks[p] for p in hand.names], path.name
        assert again.events == hand.events, path.name


def _random_hand(rng: random.Random) -> HoldemHand:
    n = rng.randint(2, 10)
    names = [f"p{i}" for i in range(1, n + 1)]
    stacks = [rng.choice([rng.randint(1, 30), rng.randint(30, 3000)]) for _ in names]
    antes = rng.choice([[], [rng.randint(1, 5)] * n, [0, rng.randint(1, 20)]])
    hand = HoldemHand(list(zip(names, stacks)), button=names[-1], blinds=[5, 10], antes=antes, min_bet=10)
    return play_randomly(hand, rng)


def test_every_hand_the_engine_plays_reads_back_from_its_phh():
    rng = random.Random(21)
    for _ in range(60):
        hand = _random_hand(rng)
        assert sum(hand.stacks.values()) == sum(hand.starting_stacks.values())
        text = dumps(hand)
        again = replay(loads(text))
        assert again.events == hand.events
        assert loads(dumps(again)) == loads(text)


def test_metadata_and_player_names_survive():
    text = (PHH / "heads_up.phh").read_text() + "event = 'Mesa 3'\nday = 2\n"
    history = loads(text)
    assert history.players == ("Ana", "Beto") and history.extra == {"event": "Mesa 3", "day": 2}
    out = dumps(replay(history), players=list(history.players), extra=history.extra)
    assert "players = ['Ana', 'Beto']" in out and "event = 'Mesa 3'" in out and "finishing_stacks" in out


def test_the_request_needs_a_phh_text():
    assert answer("holdem-hand", {})["code"] == "request"
    assert answer("holdem-hand", {"phh": 3})["code"] == "request"


def test_mutated_hand_histories_get_a_spanish_error_or_a_state_never_an_internal_error():
    rng = random.Random(8)
    texts = [path.read_text() for path in sorted(PHH.glob("*.phh"))]
    noise = ["p1 cbr 0", "p2 cbr 99999999999999", "d db", "d dh p1 AsAs", "p0 f", "p1 sm AsKs", "p3 cc",
             "d db ??????", "pX f", "p1 cbr -5", "d dh p2 ????", "p1 sm -", "d db AcAdAhAs", ""]
    for _ in range(int(os.environ.get("PHH_MUTATIONS", "300"))):
        history = loads(rng.choice(texts))
        actions = list(history.actions)
        for _ in range(rng.randint(1, 3)):
            kind = rng.randrange(4)
            i = rng.randrange(len(actions) + 1)
            if kind == 0 and actions:
                del actions[min(i, len(actions) - 1)]
            elif kind == 1:
                actions.insert(i, rng.choice(noise))
            elif kind == 2 and len(actions) > 1:
                j = rng.randrange(len(actions))
                actions[min(i, len(actions) - 1)], actions[j] = actions[j], actions[min(i, len(actions) - 1)]
            else:
                actions.insert(i, rng.choice(actions or noise))
        head = "\n".join(f"{k} = {v!r}" for k, v in (("antes", list(history.antes)),
                                                      ("blinds_or_straddles", list(history.blinds_or_straddles)),
                                                      ("min_bet", history.min_bet),
                                                      ("starting_stacks", list(history.starting_stacks))))
        reply = ask("variant = 'NT'\n" + head + f"\nactions = {actions!r}\n")
        assert reply.get("code") != "internal", (actions, reply)
        assert "error" in reply or reply["status"] in ("playing", "over")


def test_shows_as_pokerkit_writes_them_all_in_hands_before_the_board_the_winner_after_a_muck():
    # PokerKit 0.7.7 writes the shows of an all-in right after the betting, before the rest of the board
    reply = hand_with("d dh p1 AhAd", "d dh p2 KcKs", "d dh p3 QhQc", "p3 cbr 1000", "p1 cc", "p2 f",
                      "p3 sm QhQc", "p1 sm AhAd", "d db 7c5d2s", "d db 4h", "d db 9s")
    assert reply["finishing_stacks"] == [2020, 980, 0]
    unknown = hand_with("d dh p1 ????", "d dh p2 KcKs", "d dh p3 ????", "p3 cbr 1000", "p1 cc", "p2 f",
                        "p3 sm QhQc", "p1 sm AhAd", "d db 7c5d2s", "d db 4h", "d db 9s")
    assert unknown["finishing_stacks"] == [2020, 980, 0]
    assert hand_with("d dh p1 AhAd", "d dh p2 KcKs", "d dh p3 QhQc", "p3 cbr 1000", "p1 cc", "p2 f",
                     "p3 sm")["code"] == "illegal-deal"  # after an all-in every hand is tabled
    # one player mucks, the last one left shows afterwards (or not: both read the same)
    checks = ("p3 cc", "p1 cc", "p2 cc", "d db 7c5d2s", "p1 cc", "p2 cc", "p3 cc", "d db 4h", "p1 cc", "p2 cc",
              "p3 cc", "d db 9s", "p1 cc", "p2 cc", "p3 cc")
    shown = hand_with(*DEALT, *checks, "p1 sm", "p2 sm", "p3 sm QhQc")
    silent = hand_with(*DEALT, *checks, "p1 sm", "p2 sm")
    assert shown["finishing_stacks"] == silent["finishing_stacks"] == [980, 980, 1040]


def test_a_dead_small_blind_hand_reads_back_with_its_big_blind():
    """Dead-button rule: the small blind's seat is empty, the first player posts the big blind. Its PHH
    has one blind, on p1; read back, p1 is the big blind again (not «la ciega pequeña»), and the
    positions keep the empty seat."""
    hand = HoldemHand([("Ana", 1000), ("Beto", 1000), ("Carla", 1000)], button="Carla", blinds=[0, 20],
                      min_bet=20, no_small_blind=True)
    assert hand.big_blind == "Ana" and hand.small_blind is None
    text = dumps(hand)
    assert "blinds_or_straddles = [20, 0, 0]" in text
    again = replay(loads(text))
    assert again.small_blind is None and again.big_blind == "p1"
    assert [again.position[p] for p in ("p1", "p2", "p3")] == [hand.position[p] for p in ("Ana", "Beto", "Carla")]
    first = answer("holdem-hand", {"phh": text})["events"][0]
    assert first["type"] == "blind" and "ciega grande" in first["text"]
