"""The four game commands through the protocol: exact reply shapes, Spanish errors naming the field,
the command line, and round trips."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import protocol
from engine.cards import DECK
from engine.evaluation import CATEGORIES
from tests.pyodide_cases.evaluation_cases import cases as pyodide_cases

COMMANDS = ("mata-ases-showdown", "uth-settle", "holdem-pots", "holdem-showdown")


def answer(command: str, request: dict) -> dict:
    reply = protocol.answer(command, request)
    # Every reply survives JSON unchanged (what the browser and the command line see).
    assert json.loads(protocol.dumps(reply)) == reply
    return reply


def test_the_commands_are_published():
    assert set(COMMANDS) <= set(protocol.commands())


# mata-ases-showdown ---------------------------------------------------------------------------

def test_mata_ases_walkthrough():
    reply = answer("mata-ases-showdown", {
        "players": {"Tú": ["As", "Ah", "7c", "Kd", "3h"], "Ana": ["Qs", "Qd", "8h", "5c", "2s"]},
        "ayudas": ["Kc", "8d", "4s"],
    })
    assert reply == {
        "players": {
            "Tú": {"cards": ["As", "Ah", "Kd", "Kc", "7c"], "category": "two_pair",
                   "name": "Doble par de Ases y Reyes", "kills_aces": True},
            "Ana": {"cards": ["Qs", "Qd", "8h", "8d", "5c"], "category": "two_pair",
                    "name": "Doble par de Reinas y Ochos", "kills_aces": True},
        },
        "winners": ["Tú"],
    }


def test_mata_ases_challenge_and_nobody_kills():
    reply = answer("mata-ases-showdown", {
        "players": {"Tú": ["9s", "10s", "js", "Q♠", "2d"], "Ana": ["Ah", "Ad", "Ac", "Kh", "Kd"],
                    "Beto": ["3c", "4c", "5c", "7c", "2h"]},
        "ayudas": ["Ks", "6c", "8h"],
    })
    assert [p["name"] for p in reply["players"].values()] == [
        "Escalera de color al Rey", "Full House de Ases y Reyes", "Escalera de color al 7"]
    assert reply["players"]["Tú"]["cards"] == ["Ks", "Qs", "Js", "Ts", "9s"]
    assert reply["winners"] == ["Tú"]
    reply = answer("mata-ases-showdown", {"players": {"Ana": ["Ks", "Kd", "7c", "5h", "2s"]},
                                          "ayudas": ["Qh", "6d", "8c"]})
    assert reply["winners"] == [] and reply["players"]["Ana"]["kills_aces"] is False


# uth-settle -----------------------------------------------------------------------------------

@pytest.mark.parametrize("request_, expected", [
    ({"ante": 100, "trips": 100, "play": 400, "player": ["Ah", "2h"], "dealer": ["Kc", "Kd"],
      "board": ["9h", "7h", "4h", "Ks", "3c"]},
     {"ante": 100, "blind": 150, "play": 400, "trips": 700, "total": 1350}),
    ({"ante": 100, "trips": 0, "play": 200, "player": ["Qh", "Qd"], "dealer": ["Ac", "8d"],
      "board": ["2s", "5h", "9c", "Jd", "3s"]},
     {"ante": 0, "blind": 0, "play": 200, "trips": 0, "total": 200}),
    ({"ante": 100, "trips": 0, "play": 300, "player": ["9h", "9d"], "dealer": ["Kc", "Kd"],
      "board": ["2s", "5h", "7c", "Jd", "3s"]},
     {"ante": -100, "blind": -100, "play": -300, "trips": 0, "total": -500}),
    ({"ante": 100, "trips": 100, "play": 100, "player": ["2c", "3d"], "dealer": ["2h", "3s"],
      "board": ["5s", "6h", "7c", "8d", "9s"]},
     {"ante": 0, "blind": 0, "play": 0, "trips": 400, "total": 400}),
    ({"ante": 25, "trips": 0, "play": 25, "player": ["Ah", "2h"], "dealer": ["Kc", "Kd"],
      "board": ["9h", "7h", "4h", "Ks", "3c"]},
     {"ante": 25, "blind": 37.5, "play": 25, "trips": 0, "total": 87.5}),
    ({"ante": 10, "trips": 10, "play": 0, "player": ["Kh", "Kd"], "dealer": ["2c", "3d"],
      "board": ["Ks", "7h", "7c", "4d", "9s"], "trips_table": "50-40-30-9-7-4-3"},
     {"ante": -10, "blind": -10, "play": 0, "trips": 90, "total": 70}),
])
def test_uth_settle(request_, expected):
    reply = answer("uth-settle", request_)
    assert {k: reply[k] for k in expected} == expected
    assert set(reply["reasons"]) == set(reply["why"]) == {"ante", "blind", "play", "trips"}
    for key in expected:  # whole amounts are JSON integers, half chips JSON decimals
        assert type(reply[key]) is (int if reply[key] == int(reply[key]) else float)


# holdem-pots and holdem-showdown --------------------------------------------------------------

def test_holdem_pots_seed_example():
    reply = answer("holdem-pots", {
        "bets": {"UTG1": 100, "UTG2": 150, "UTG3": 0, "UTG4": 0, "HJ": 150, "CO": 0, "D": 450, "SB": 10,
                 "BB": 450},
        "folded": ["UTG3", "UTG4", "HJ", "CO", "SB"],
    })
    assert reply == {"pots": [
        {"amount": 510, "level": 100, "eligible": ["UTG1", "UTG2", "D", "BB"],
         "contributions": {"UTG1": 100, "UTG2": 100, "HJ": 100, "D": 100, "SB": 10, "BB": 100}},
        {"amount": 200, "level": 150, "eligible": ["UTG2", "D", "BB"],
         "contributions": {"UTG2": 50, "HJ": 50, "D": 50, "BB": 50}},
        {"amount": 600, "level": 450, "eligible": ["D", "BB"], "contributions": {"D": 300, "BB": 300}},
    ], "returned": {}}


def test_holdem_pots_return_the_uncalled_bet_instead_of_a_pot():
    """Issue 50: 500, 300 and 100 all in make two pots (300 and 400) and Ana's 200 goes back to her."""
    reply = answer("holdem-pots", {"bets": {"Ana": 500, "Beto": 300, "Carla": 100}, "folded": []})
    assert [(p["amount"], p["eligible"]) for p in reply["pots"]] == [(300, ["Ana", "Beto", "Carla"]),
                                                                     (400, ["Ana", "Beto"])]
    assert reply["returned"] == {"Ana": 200}


def test_holdem_showdown_split_and_names():
    reply = answer("holdem-showdown", {"players": {"Ana": ["Ac", "3d"], "Beto": ["Ad", "2s"]},
                                       "board": ["Ah", "Kh", "Qc", "Jd", "9s"]})
    assert reply == {
        "players": {
            "Ana": {"cards": ["Ah", "Ac", "Kh", "Qc", "Jd"], "category": "pair", "name": "Pareja de Ases"},
            "Beto": {"cards": ["Ah", "Ad", "Kh", "Qc", "Jd"], "category": "pair", "name": "Pareja de Ases"},
        },
        "winners": ["Ana", "Beto"],
    }


def test_holdem_showdown_with_the_table_settles_every_pot_odd_chips_from_the_button():
    # Ana and Beto split the board's straight (Ana holds the spades); Carla (folded) left 1 chip.
    request = {"players": {"Ana": ["2s", "3s"], "Beto": ["2c", "3c"], "Dani": ["4d", "4h"]},
               "board": ["Ts", "Jh", "Qc", "Kd", "Ac"],
               "seats": ["Ana", "Beto", "Carla", "Dani"], "button": "Ana",
               "bets": {"Ana": 50, "Beto": 80, "Carla": 1, "Dani": 100}, "folded": ["Carla"]}
    reply = answer("holdem-showdown", request)
    assert reply["winners"] == ["Ana", "Beto", "Dani"]
    assert reply["pots"] == [
        # 50 x 3 + Carla's 1: Beto is first left of the button, so the odd chip is his.
        {"amount": 151, "eligible": ["Ana", "Beto", "Dani"], "winners": ["Beto", "Dani", "Ana"],
         "shares": {"Beto": 51, "Dani": 50, "Ana": 50}},
        {"amount": 60, "eligible": ["Beto", "Dani"], "winners": ["Beto", "Dani"], "shares": {"Beto": 30, "Dani": 30}},
    ]
    assert reply["returned"] == {"Dani": 20}  # nobody called Dani's last 20
    assert reply["awards"] == {"Ana": 50, "Beto": 81, "Dani": 80}
    # Without the table the reply is the plain showdown.
    plain = answer("holdem-showdown", {"players": request["players"], "board": request["board"]})
    assert plain == {"players": reply["players"], "winners": reply["winners"]}


def test_holdem_showdown_heads_up_the_big_blind_takes_the_odd_chip():
    reply = answer("holdem-showdown", {"players": {"SB": ["2s", "3s"], "BB": ["2c", "3c"]},
                                       "board": ["Ts", "Jh", "Qc", "Kd", "Ac"], "seats": ["SB", "BB"],
                                       "button": "SB", "bets": {"SB": 25, "BB": 25}})
    assert reply["pots"][0]["winners"] == ["BB", "SB"] and reply["awards"] == {"SB": 25, "BB": 25}
    reply = answer("holdem-showdown", {"players": {"SB": ["2s", "3s"], "BB": ["2c", "3c"]},
                                       "board": ["Ts", "Jh", "Qc", "Kd", "Ac"], "seats": ["SB", "BB"],
                                       "button": "SB", "bets": {"SB": 25, "BB": 25}, "folded": []})
    assert reply["awards"] == {"SB": 25, "BB": 25} and reply["returned"] == {}


TABLE = {"players": {"Ana": ["Ac", "3d"], "Beto": ["Ad", "2s"]}, "board": ["Ah", "Kh", "Qc", "Jd", "9s"],
                        "seats": ["Ana", "Beto", "Carla"], "button": "Carla", "bets": {"Ana": 20, "Beto": 20, "Carla": 5},
                        "folded": ["Carla"]}


@pytest.mark.parametrize("request_, field, quoted", [
    ({k: v for k, v in TABLE.items() if k != "seats"}, "seats", "falta"),
    ({k: v for k, v in TABLE.items() if k != "button"}, "button", "falta"),
    ({k: v for k, v in TABLE.items() if k != "bets"}, "bets", "falta"),
    (TABLE | {"seats": "Ana Beto"}, "seats", "lista"),
    (TABLE | {"seats": ["Ana"]}, "seats", "de 2 a 10"),
    (TABLE | {"seats": ["Ana", "Beto", "Ana"]}, "seats[2]", "«Ana» está repetido"),
    (TABLE | {"seats": ["Ana", "Beto", 3]}, "seats[2]", "3"),
    (TABLE | {"button": "Zoe"}, "button", "«Zoe»"),
    (TABLE | {"button": 1}, "button", "texto"),
    (TABLE | {"bets": {"Ana": 20, "Zoe": 5}}, "bets.Zoe", "«Zoe»"),
    (TABLE | {"bets": {"Ana": -5}}, "bets.Ana", "-5"),
    (TABLE | {"bets": {"Ana": 2.5}}, "bets.Ana", "2.5"),
    (TABLE | {"bets": [20, 20]}, "bets", "objeto"),
    (TABLE | {"folded": ["Ana"]}, "folded[0]", "«Ana»"),
    (TABLE | {"folded": ["Zoe"]}, "folded[0]", "«Zoe»"),
    (TABLE | {"folded": ["Carla", "Carla"]}, "folded[1]", "repetido"),
    (TABLE | {"folded": "Carla"}, "folded", "lista"),
    (TABLE | {"folded": []}, "seats[2]", "«Carla»"),
    (TABLE | {"seats": ["Ana", "Carla"]}, "players.Beto", "«Beto»"),
])
def test_holdem_showdown_table_errors_name_the_field(request_, field, quoted):
    reply = answer("holdem-showdown", request_)
    assert set(reply) == {"error", "code", "field"} and reply["code"] == "request" and reply["field"] == field
    assert f"Campo «{field}»" in reply["error"] and quoted in reply["error"]


@settings(max_examples=80)
@given(st.lists(st.sampled_from(DECK), min_size=35, max_size=35, unique=True), st.integers(2, 10), st.data())
def test_property_holdem_table_awards_every_chip(cards, n, data):
    tokens = [str(c) for c in cards]
    seats = [f"J{i}" for i in range(n)]
    folded = data.draw(st.lists(st.sampled_from(seats), unique=True, max_size=n - 1))
    bets = {name: data.draw(st.integers(0, 300)) for name in seats}
    button = data.draw(st.sampled_from(seats))
    live = [name for name in seats if name not in folded]
    request = {"players": {name: tokens[2 * i:2 * i + 2] for i, name in enumerate(live)}, "board": tokens[30:35],
               "seats": seats, "button": button, "bets": bets, "folded": folded}
    reply = answer("holdem-showdown", request)
    assert sum(reply["awards"].values()) + sum(reply["returned"].values()) == sum(bets.values())
    assert len(reply["returned"]) <= 1
    after_button = [seats[(seats.index(button) + 1 + i) % n] for i in range(n)]
    for pot in reply["pots"]:
        assert pot["amount"] > 0 and set(pot["winners"]) <= set(pot["eligible"]) <= set(live)
        assert sum(pot["shares"].values()) == pot["amount"]
        # The odd chips go one by one to the winners in order clockwise from the button's left.
        assert pot["winners"] == [name for name in after_button if name in pot["winners"]]
        assert list(pot["shares"].values()) == sorted(pot["shares"].values(), reverse=True)
        assert max(pot["shares"].values()) - min(pot["shares"].values()) <= 1
        # Winners hold the best hand among the eligible: the same showdown among them alone agrees.
        alone = answer("holdem-showdown", {"players": {k: request["players"][k] for k in pot["eligible"]},
                                           "board": request["board"]})
        assert alone["winners"] == [k for k in pot["eligible"] if k in pot["winners"]]
    assert list(reply["awards"]) == live


# Errors ---------------------------------------------------------------------------------------

MATA = {"players": {"Ana": ["As", "Ah", "Kd", "Qc", "Jc"]}, "ayudas": ["2c", "3c", "4c"]}
UTH = {"ante": 10, "trips": 0, "play": 40, "player": ["Ah", "2h"], "dealer": ["Kc", "Kd"],
       "board": ["9h", "7h", "4h", "Ks", "3c"]}
POTS = {"bets": {"A": 10, "B": 20}, "folded": []}
HOLDEM = {"players": {"Ana": ["Ac", "3d"]}, "board": ["Ah", "Kh", "Qc", "Jd", "9s"]}


@pytest.mark.parametrize("command, request_, field, quoted", [
    ("mata-ases-showdown", MATA | {"ayudas": ["2c", "3c", "Xx"]}, "ayudas[2]", "«Xx»"),
    ("mata-ases-showdown", MATA | {"ayudas": ["2c", "3c", "As"]}, "ayudas[2]", "As"),
    ("mata-ases-showdown", MATA | {"ayudas": ["2c", "3c"]}, "ayudas", "3 cartas"),
    ("mata-ases-showdown", {"players": {"Ana": ["As", "Ah", "Kd", "Qc"]}, "ayudas": ["2c", "3c", "4c"]},
     "players.Ana", "5 cartas"),
    ("mata-ases-showdown", {"players": {f"J{i}": [] for i in range(9)}, "ayudas": []}, "players", "8"),
    ("mata-ases-showdown", {"ayudas": ["2c", "3c", "4c"]}, "players", "falta"),
    ("uth-settle", UTH | {"play": 25}, "play", "25"),
    ("uth-settle", UTH | {"play": 50}, "play", "50"),
    ("uth-settle", UTH | {"ante": -10}, "ante", "-10"),
    ("uth-settle", UTH | {"trips": -1}, "trips", "-1"),
    ("uth-settle", UTH | {"trips_table": "1-2-3"}, "trips_table", "«1-2-3»"),
    ("uth-settle", UTH | {"dealer": ["Kc", "Ah"]}, "dealer[1]", "Ah"),
    ("uth-settle", UTH | {"board": ["9h", "7h", "4h", "Ks"]}, "board", "5 cartas"),
    ("uth-settle", UTH | {"ante": "10"}, "ante", '"10"'),
    ("holdem-pots", POTS | {"bets": {"A": -1}}, "bets.A", "-1"),
    ("holdem-pots", POTS | {"folded": ["C"]}, "folded[0]", "«C»"),
    ("holdem-pots", POTS | {"folded": ["A", "B"]}, "folded", "retiraron"),
    ("holdem-showdown", HOLDEM | {"board": ["Ah", "Kh", "Qc", "Jd", "Ac"]}, "board[4]", "Ac"),
    ("holdem-showdown", HOLDEM | {"players": {"Ana": ["Ac"]}}, "players.Ana", "2 cartas"),
    ("holdem-showdown", HOLDEM | {"players": {"Ana": ["Ac", "1x"]}}, "players.Ana[1]", "«1x»"),
])
def test_invalid_requests_get_a_spanish_error_naming_the_field(command, request_, field, quoted):
    reply = answer(command, request_)
    assert set(reply) == {"error", "code", "field"} and reply["code"] == "request" and reply["field"] == field
    assert f"Campo «{field}»" in reply["error"]
    assert quoted in reply["error"]


def test_command_line_answers_json_lines_in_order():
    lines = [
        {"players": {"Ana": ["As", "Ah", "Kd", "Qc", "Jc"]}, "ayudas": ["2c", "3c", "4c"]},
        {"players": {"Ana": ["As"]}, "ayudas": ["2c", "3c", "4c"]},
        {"players": {"Ana": ["Ks", "Kh", "Kd", "Qc", "Jc"]}, "ayudas": ["2c", "3c", "4c"]},
    ]
    result = subprocess.run([sys.executable, "-m", "engine", "mata-ases-showdown"],
                            input="".join(json.dumps(r) + "\n" for r in lines), capture_output=True,
                            text=True, encoding="utf-8")
    replies = [json.loads(line) for line in result.stdout.splitlines()]
    assert replies == [protocol.answer("mata-ases-showdown", r) for r in lines]
    assert result.returncode == 1  # one line failed
    assert replies[0]["players"]["Ana"]["name"] == "Par de Ases" and "error" in replies[1]


def test_pyodide_cases_cover_every_command_valid_and_invalid():
    collected = pyodide_cases()
    assert 100 <= len(collected) <= 300
    assert collected == pyodide_cases()  # deterministic
    for command in COMMANDS:
        replies = [protocol.answer(c, r) for c, r in collected if c == command]
        assert any("error" in r for r in replies) and any("error" not in r for r in replies)


# Round trips (hypothesis) ---------------------------------------------------------------------

deals = st.lists(st.sampled_from(DECK), min_size=43, max_size=43, unique=True)


@settings(max_examples=60)
@given(deals, st.integers(1, 8))
def test_property_mata_ases_round_trip(cards, n):
    request = {"players": {f"J{i}": [str(c) for c in cards[5 * i:5 * i + 5]] for i in range(n)},
               "ayudas": [str(c) for c in cards[40:43]]}
    reply = answer("mata-ases-showdown", request)
    assert json.loads(protocol.answer_json("mata-ases-showdown", json.dumps(request))) == reply
    assert list(reply["players"]) == list(request["players"])
    for name, play in reply["players"].items():
        assert play["category"] in CATEGORIES
        used = set(play["cards"])
        assert len(used) == 5 and len(used & set(request["ayudas"])) <= 1
        assert len(used - set(request["ayudas"])) >= 4 and used - set(request["ayudas"]) <= set(request["players"][name])
    assert all(reply["players"][w]["kills_aces"] for w in reply["winners"])
    # The same request in other spellings gets the same reply.
    lower = {"players": {k: [t.lower() for t in v] for k, v in request["players"].items()},
             "ayudas": [t.replace("T", "10") for t in request["ayudas"]]}
    assert answer("mata-ases-showdown", lower) == reply


@settings(max_examples=60)
@given(deals, st.integers(1, 50), st.sampled_from([0, 1, 2, 3, 4]), st.integers(0, 20))
def test_property_uth_round_trip(cards, ante, multiple, trips):
    tokens = [str(c) for c in cards]
    request = {"ante": ante, "trips": trips, "play": ante * multiple, "player": tokens[:2],
               "dealer": tokens[2:4], "board": tokens[4:9]}
    reply = answer("uth-settle", request)
    assert set(reply) == {"ante", "blind", "play", "trips", "total", "outcome", "dealer_qualifies", "reasons", "why"}
    assert reply["total"] == reply["ante"] + reply["blind"] + reply["play"] + reply["trips"]
    if multiple == 0:
        assert reply["ante"] == reply["blind"] == -ante and reply["play"] == 0
    assert json.loads(protocol.answer_json("uth-settle", json.dumps(request))) == reply


@settings(max_examples=60)
@given(st.dictionaries(st.text("ABCDEFGH", min_size=1, max_size=3), st.integers(0, 500), min_size=1, max_size=10),
       st.data())
def test_property_pots_round_trip(bets, data):
    folded = data.draw(st.lists(st.sampled_from(list(bets)), unique=True, max_size=len(bets) - 1))
    reply = answer("holdem-pots", {"bets": bets, "folded": folded})
    returned = reply["returned"]
    assert sum(p["amount"] for p in reply["pots"]) + sum(returned.values()) == sum(bets.values())
    for pot in reply["pots"]:
        assert pot["eligible"] == [n for n in bets if n in pot["eligible"] and n not in folded]
        assert sum(pot["contributions"].values()) == pot["amount"]
    for name, chips in bets.items():
        assert sum(pot["contributions"].get(name, 0) for pot in reply["pots"]) + returned.get(name, 0) == chips
    top = max(bets.values())
    if top and len(bets) > 1 and list(bets.values()).count(top) == 1:  # the largest bet is matched only up to the second one
        assert returned == {max(bets, key=bets.get): top - sorted(bets.values())[-2]}


@settings(max_examples=60)
@given(deals, st.integers(1, 10))
def test_property_holdem_round_trip(cards, n):
    tokens = [str(c) for c in cards]
    request = {"players": {f"J{i}": tokens[2 * i:2 * i + 2] for i in range(n)}, "board": tokens[30:35]}
    reply = answer("holdem-showdown", request)
    assert reply["winners"] and set(reply["winners"]) <= set(request["players"])
    for name, hand in reply["players"].items():
        assert set(hand["cards"]) <= set(request["players"][name]) | set(request["board"])


def test_holdem_showdown_reads_any_card_spelling():
    assert answer("holdem-showdown", {"players": {"Ana": ["10s", "2c"]}, "board": ["As", "Kd", "Qh", "Jc", "9s"]}
                  )["players"]["Ana"]["cards"] == ["As", "Kd", "Qh", "Jc", "Ts"]
