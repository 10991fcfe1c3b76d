"""Hold'em equity: exact counts against an independent enumeration with treys, the sampled answer
against the exact one, and the protocol's Spanish errors."""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

import engine.games.holdem.equity
from engine.cards import DECK, parse_cards
from engine.errors import EngineError
from engine.games.holdem.equity import equity
from engine.protocol import answer, answer_json

treys = pytest.importorskip("treys")
EVALUATOR = treys.Evaluator()


def treys_equity(players: dict[str, str], board: str = "", dead: str = "") -> dict:
    """Wins, ties and pot shares by name, enumerating every board (and unknown hand) with treys."""
    hands = {name: parse_cards(cards) for name, cards in players.items()}
    fixed = parse_cards(board)
    used = {c for h in hands.values() for c in h} | set(fixed) | set(parse_cards(dead))
    free = [c for c in DECK if c not in used]
    to_treys = {c: treys.Card.new(str(c)) for c in DECK}
    names = list(hands)
    wins = dict.fromkeys(names, 0)
    ties = dict.fromkeys(names, 0)
    shares = dict.fromkeys(names, Fraction(0))
    deals = 0
    unknown = [n for n in names if not hands[n]]
    assert len(unknown) <= 1
    for pair in (combinations(free, 2) if unknown else [()]):
        dealt = dict(hands)
        if unknown:
            dealt[unknown[0]] = list(pair)
        rest = [c for c in free if c not in pair]
        for extra in combinations(rest, 5 - len(fixed)):
            cards = [to_treys[c] for c in fixed + list(extra)]
            scores = {n: EVALUATOR.evaluate(cards, [to_treys[c] for c in dealt[n]]) for n in names}
            best = min(scores.values())  # treys: lower is better
            winners = [n for n in names if scores[n] == best]
            for n in winners:
                (wins if len(winners) == 1 else ties)[n] += 1
                shares[n] += Fraction(1, len(winners))
            deals += 1
    return {"deals": deals, "wins": wins, "ties": ties, "equity": {n: s / deals for n, s in shares.items()}}


def check_against_treys(players: dict[str, str], board: str = "", dead: str = "") -> None:
    expected = treys_equity(players, board, dead)
    result = equity({n: parse_cards(c) for n, c in players.items()}, parse_cards(board), parse_cards(dead))
    assert result.exact
    assert result.boards == expected["deals"]
    for i, name in enumerate(result.names):
        assert result.wins[i] == expected["wins"][name], name
        assert result.ties[i] == expected["ties"][name], name
        assert result.equity(i) == expected["equity"][name], name


@pytest.mark.parametrize("players, board", [
    ({"Ana": "Ah Kh", "Beto": "Qs Qd"}, "Jh 7h 2c"),             # flop: flush draw against an overpair
    ({"Ana": "9s 8s", "Beto": "Ac Ad", "Carla": "Td Tc"}, "7s 6d 2s"),  # flop, three players
    ({"Ana": "As 5c", "Beto": "Ad 5d"}, "Kd Qd 5h 2c"),           # turn: split pots and a flush draw
    ({"Ana": "Kc Qc", "Beto": "8h 8d", "Carla": "Ac 3s", "Dani": "Jc Tc"}, "9c 8c 2h 3d"),  # turn, 4 players
    ({"Ana": "As Kd", "Beto": "Ah Kc"}, "Qs Jh Tc 4d 4s"),        # river: a tie
])
def test_flop_turn_and_river_match_treys(players, board):
    check_against_treys(players, board)


def test_pre_flop_matches_treys_with_the_deck_cut_by_dead_cards():
    # Before the flop (five cards to come) on a deck cut to 15 live cards: 3.003 boards.
    hands = parse_cards("As Ks Jh Jd 8c 9c")
    live = parse_cards("2c 5h 7s 7d 8s 8h Th Ts Qh Qd Qc Kc Ah Ad 9d")
    dead = " ".join(str(c) for c in DECK if c not in live and c not in hands)
    check_against_treys({"Ana": "As Ks", "Beto": "Jh Jd", "Carla": "8c 9c"}, "", dead)


@pytest.mark.parametrize("hands", [
    {"Ana": "As Ks", "Beto": "Qs Js"},
    {"Ana": "Ah Kh", "Beto": "2h 3h", "Carla": "9d 9c"},
    {"Ana": "Tc 9c", "Beto": "8c 7c", "Carla": "Ac Kd", "Dani": "5s 5h"},
])
def test_pre_flop_count_by_ranks_equals_the_count_board_by_board(hands):
    # The dead cards leave 24 live cards with many of each suit, so flushes are frequent.
    players = {name: parse_cards(cards) for name, cards in hands.items()}
    held = {c for hand in players.values() for c in hand}
    dead = [c for c in DECK if c not in held and c.rank in (4, 6, 11, 12)][:16] + [c for c in DECK if c.rank == 8
                                                                                  and c not in held][:2]
    by_ranks = equity(players, dead=dead)
    assert by_ranks == equity(players, dead=dead, method="boards")
    assert by_ranks.boards == comb(52 - len(held) - len(dead), 5)
    progress = []
    equity(players, dead=dead, progress=lambda done, total: progress.append((done, total)))
    assert progress[-1] == (by_ranks.boards, by_ranks.boards)


def test_an_unknown_hand_on_the_river_matches_treys():
    check_against_treys({"Ana": "Ah Qh", "Beto": ""}, "Qc 9h 4h 2s Ks")


def test_aces_against_kings_before_the_flop_counts_every_board():
    # 1.712.304 boards; treys gave these counts in one offline run of the same enumeration.
    result = equity({"Ana": parse_cards("As Ah"), "Beto": parse_cards("Ks Kd")})
    assert result.boards == 1_712_304
    assert (result.wins, result.ties) == (TREYS_AA_KK_WINS, (TREYS_AA_KK_TIES,) * 2)


TREYS_AA_KK_WINS = (1_399_204, 305_177)
TREYS_AA_KK_TIES = 7_923


def test_sampled_answer_brackets_the_exact_one():
    players = {"Ana": parse_cards("Ah Kh"), "Beto": parse_cards("Qs Qd")}
    board = parse_cards("Jh 7h 2c")
    exact = equity(players, board)
    sampled = equity(players, board, samples=4000, seed=7)
    assert not sampled.exact and sampled.boards == 4000
    for i in range(2):
        low, high = sampled.interval(i)
        assert low <= exact.equity(i) <= high
        assert 0.01 < high - low < 0.04  # about ± 1,5 points with 4.000 deals
    assert equity(players, board, samples=4000, seed=7) == sampled  # seeded: same reply every time


def test_too_many_unknown_deals_are_sampled(monkeypatch):
    monkeypatch.setattr(engine.games.holdem.equity, "DEFAULT_SAMPLES", 5000)
    result = equity({"Ana": parse_cards("As Ks"), "Beto": []})
    assert not result.exact and result.boards == 5000
    low, high = result.interval(0)
    assert 0.63 < low < high < 0.71  # A-K suited against a random hand: about 67 %


def test_many_ways_to_deal_unknown_hands_are_sampled_even_on_the_river(monkeypatch):
    # Two unknown hands on the river: 1.070.190 deals of one board each, too slow to count one by one.
    monkeypatch.setattr(engine.games.holdem.equity, "DEFAULT_SAMPLES", 2000)
    assert not equity({"Ana": [], "Beto": []}, parse_cards("As Kd 7h 4c 2s")).exact
    assert equity({"Ana": parse_cards("Ah Qh"), "Beto": []}, parse_cards("Qc 9h 4h 2s")).exact


def test_progress_reaches_the_total():
    calls = []
    equity({"Ana": parse_cards("As Ah"), "Beto": parse_cards("Ks Kd")}, parse_cards("2c 3d 9h"),
           progress=lambda done, total: calls.append((done, total)))
    assert calls[-1] == (990, 990)
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)


def test_the_protocol_reports_progress_and_answers_the_same():
    calls = []
    request = {"players": {"Ana": ["As", "Ah"], "Beto": []}, "board": ["2c", "7d", "9h"]}
    text = answer_json("holdem-equity", json.dumps(request), lambda d, t: calls.append((d, t)))
    assert json.loads(text) == answer("holdem-equity", request)
    assert 10 < len(calls) <= 102 and calls[-1][0] == calls[-1][1] == json.loads(text)["boards"]
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)
    bad = answer_json("holdem-equity", '{"players": 3}', lambda d, t: None)
    assert json.loads(bad)["field"] == "players"


def test_protocol_reply():
    reply = answer("holdem-equity", {"players": {"Ana": ["As", "Ah"], "Beto": ["Ks", "Kd"]},
                                     "board": ["2c", "7d", "9h", "Jc"]})
    assert reply["exact"] is True and reply["boards"] == 44
    assert reply["equity"] == {"Ana": 21 / 22, "Beto": 1 / 22}
    assert reply["win"]["Ana"] + reply["win"]["Beto"] + reply["tie"]["Ana"] == 1
    assert reply["text"]["Ana"] == "95,45\u00a0%" and reply["tie_text"]["Beto"] == "0,00\u00a0%"
    assert reply["summary"] == "Cálculo exacto: 44 repartos posibles, todos contados."


def test_protocol_sampled_reply_has_interval():
    reply = answer("holdem-equity", {"players": {"Ana": ["As", "Ks"], "Beto": []}, "board": ["2c", "7d", "9h"],
                                     "samples": 500, "seed": 3})
    assert reply["exact"] is False and reply["samples"] == 500
    low, high = reply["interval"]["Ana"]
    assert low < reply["equity"]["Ana"] < high
    assert "±" in reply["text"]["Ana"]


@pytest.mark.parametrize("request_, field, words", [
    ({"players": {"Ana": ["As", "Ah"]}}, "players", "de 2 a 10 jugadores"),
    ({"players": {"Ana": ["As"], "Beto": ["Ks", "Kd"]}}, "players.Ana", "Ana: escribe sus dos cartas"),
    ({"players": {"Ana": ["As", "Xx"], "Beto": ["Ks", "Kd"]}}, "players.Ana[1]", ""),
    ({"players": {"Ana": ["As", "Ah"], "Beto": ["Ks", "Kd"]}, "board": ["2c"]}, "board", "0, 3, 4 o 5"),
    ({"players": {"Ana": ["As", "Ah"], "Beto": ["Ks", "As"]}}, "players.Beto[1]",
     "El As de picas ya está en la mano de Ana."),
    ({"players": {"Ana": ["As", "Ah"], "Beto": ["Ks", "Kd"]}, "dead": ["Kd"]}, "dead[0]",
     "El Rey de diamantes ya está en la mano de Beto."),
    ({"players": {"Ana": ["As", "Ah"], "Beto": ["Ks", "Kd"]}, "samples": 0}, "samples", "entre 1 y"),
    ({"players": ["As"]}, "players", "objeto"),
])
def test_protocol_errors_name_the_field(request_, field, words):
    reply = answer("holdem-equity", request_)
    assert reply["field"] == field and reply["code"] in ("request", "equity-card")  # the latter: a reader's card
    assert words in reply["error"]


def test_calculator_errors_speak_the_readers_language():
    """Issue 23: «Campo «players.Jugador 2[0]»: la carta As está repetida…» showed a field path and a card
    code that reads as the Spanish word «as»; the reader gets the card's name and the hand that holds it."""
    cases = [
        ({"Jugador 1": ["As", "Kd"], "Jugador 2": ["A♠", "Qd"]}, [], "El As de picas ya está en la mano de Jugador 1."),
        ({"Jugador 1": ["Qh", "Kd"], "Jugador 2": []}, ["2c", "Qh", "4d"], "La Reina de corazones ya está en la mano de Jugador 1."),
        ({"Jugador 1": ["Td", "10d"], "Jugador 2": []}, [], "El 10 de diamantes está dos veces en la mano de Jugador 1."),
        ({"Jugador 1": ["As", "Kd"], "Jugador 2": []}, ["2c", "2c", "3h"], "El 2 de tréboles está dos veces en la mesa."),
        ({"Jugador 1": ["Xx", "Kd"], "Jugador 2": []}, [], "«Xx», en la mano de Jugador 1, no es una carta. Escribe"),
    ]
    for players, board, message in cases:
        reply = answer("holdem-equity", {"players": players, "board": board})
        assert reply["error"].startswith(message), reply
        assert "Campo" not in reply["error"] and "players." not in reply["error"] and "field" in reply


def test_engine_errors_in_spanish():
    with pytest.raises(EngineError, match="mesa tiene 0, 3, 4 o 5"):
        equity({"Ana": parse_cards("As Ah"), "Beto": parse_cards("Ks Kd")}, parse_cards("2c 3c"))
