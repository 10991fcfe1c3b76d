"""engine.quiz.solvers: every kind of question solved by the engine and explained, checked against
hand-checked figures."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine import protocol
from engine.errors import RequestError
from engine.quiz import check, solve


# ---------------------------------------------------------------------------------------------
# Questions of Ultimate Texas Hold'em: the seed's three, checked by hand.

def uth(ask, *, ante, play, player, dealer, board, trips=0, table=None):
    spec = {"kind": "uth", "ask": ask, "ante": ante, "play": play, "trips": trips,
            "player": player.split(), "dealer": dealer.split(), "board": board.split()}
    if table:
        spec["trips_table"] = table
    return spec


SEED_BLIND = uth("blind", ante=25, play=100, player="Ah 9h", dealer="Kc Kd", board="2h 5h Jh 7c 3s")
SEED_TRIPS = uth("trips", ante=10, trips=10, play=40, player="Qh Qd", dealer="Kc 2d", board="Qs 5h 5c 7c 3s")
SEED_ANTE_PLAY = uth("ante+play", ante=20, play=80, player="Jh Jd", dealer="9c 9d", board="2s 5h Kc 7d 3s")


def test_seed_blind_of_25_with_a_flush_pays_37_5():
    solution = solve(SEED_BLIND)
    assert solution.value == Fraction(75, 2)
    assert solution.display == "37,5"
    assert any("3 a 2" in step and "37,5" in step for step in solution.steps)
    for answer in ("37,5", "37.5", "+37,5", " 37,50 "):
        assert check(SEED_BLIND, answer)["correct"], answer


def test_seed_trips_of_10_with_a_full_house_pays_80():
    solution = solve(SEED_TRIPS)
    assert solution.value == 80
    assert any("8 a 1" in step for step in solution.steps)
    assert check(SEED_TRIPS, "80")["correct"]
    assert not check(SEED_TRIPS, "70")["correct"]


def test_seed_ante_20_play_4x_won_with_a_pair_pays_100():
    solution = solve(SEED_ANTE_PLAY)
    assert solution.value == 100
    assert solution.data["outcome"] == "win" and solution.data["dealer_qualifies"]
    assert solution.steps[-1] == "Ante + Play: +20 + 80 = +100."
    assert check(SEED_ANTE_PLAY, "100")["correct"]


@pytest.mark.parametrize("spec, value", [
    # Blind: straight 1 to 1; a win with less than a straight pushes; a loss loses it
    (uth("blind", ante=10, play=20, player="8c 9d", dealer="Ah Qd", board="5s 6h 7d Kc 2c"), 10),
    (uth("blind", ante=10, play=40, player="Ks 7s", dealer="Qd 3c", board="Kd 7h 2c 9s 4d"), 0),
    (uth("blind", ante=10, play=40, player="9h 9d", dealer="Kc Kd", board="2h 7h 4s Js 3c"), -10),
    # Trips with another pay table, and without three of a kind
    (uth("trips", ante=25, trips=25, play=25, player="8h 8s", dealer="Ac Jd", board="8d 4c 4h Qs 2d",
         table="50-40-30-9-7-4-3"), 225),
    (uth("trips", ante=10, trips=10, play=40, player="Ac Kd", dealer="Qc Qs", board="Ah 9d 6c 4s 2h"), -10),
    # Fold: Ante and Blind lost, Trips still paid (3 to 1 on three Nines)
    (uth("total", ante=10, trips=5, play=0, player="9h 9d", dealer="Kc Kd", board="9s 7h 4s Js 3c"), -5),
    # Dealer does not qualify: the Ante pushes, the Play is paid
    (uth("ante+play", ante=15, play=30, player="Qs Qc", dealer="Ah 8d", board="2d 5c 9h Jd 4s"), 30),
    (uth("ante", ante=15, play=30, player="Qs Qc", dealer="Ah 8d", board="2d 5c 9h Jd 4s"), 0),
    # ... and when the dealer wins without qualifying, the Ante still pushes
    (uth("total", ante=10, play=40, player="Jc 8d", dealer="As 4c", board="Kh 9s 6d 3c 2h"), -50),
    # The seed's worked examples
    (uth("total", ante=100, trips=100, play=400, player="Ah 2h", dealer="Kc Kd", board="9h 7h 4h Ks 3c"), 1350),
    (uth("total", ante=100, play=300, player="9h 9d", dealer="Kc Kd", board="2h 7h 4s Js 3c"), -500),
    (uth("total", ante=100, trips=100, play=100, player="2d 3h", dealer="Kd Qh", board="5c 6d 7h 8s 9c"), 400),
    (uth("play", ante=100, trips=100, play=100, player="2d 3h", dealer="Kd Qh", board="5c 6d 7h 8s 9c"), 0),
])
def test_uth_questions_match_hand_checked_figures(spec, value):
    assert solve(spec).value == value


def test_uth_answers_agree_with_uth_settle():
    spec = uth("total", ante=25, trips=10, play=75, player="Ah Kh", dealer="2c 2d", board="Qh Jh Th 3s 4d")
    reply = protocol.answer("uth-settle", {k: spec[k] for k in ("ante", "trips", "play", "player", "dealer", "board")})
    assert solve(spec).value == Fraction(str(reply["total"]))
    for part in ("ante", "blind", "play", "trips"):
        assert solve({**spec, "ask": part}).value == Fraction(str(reply[part])), part


def test_wrong_sign_gets_a_hint():
    spec = uth("total", ante=100, play=300, player="9h 9d", dealer="Kc Kd", board="2h 7h 4s Js 3c")
    reply = check(spec, "500")
    assert not reply["correct"] and reply["valid"]
    assert "signo" in reply["message"]
    assert check(spec, "\u2212500")["correct"] and check(spec, "-500")["correct"]


@pytest.mark.parametrize("spec, field", [
    ({**SEED_BLIND, "play": 7}, "question.play"),
    ({**SEED_BLIND, "dealer": ["Ah", "Kd"]}, "question.dealer[0]"),
    ({**SEED_BLIND, "ask": "jackpot"}, "question.ask"),
    ({**SEED_BLIND, "trips_table": "1-2-3"}, "question.trips_table"),
    ({**SEED_BLIND, "ask": "trips"}, "question.trips"),
    ({"kind": "rummy"}, "question.kind"),
])
def test_malformed_questions_raise_request_errors_naming_the_field(spec, field):
    with pytest.raises(RequestError) as info:
        solve(spec)
    assert info.value.field == field


# ---------------------------------------------------------------------------------------------
# Mata Ases.

SEED_MATA = {"kind": "mata-ases", "ask": "winners",
             "players": {"Tú": "9s Ts Js Qs 2d".split(), "Ana": "Ah Ad Ac Kh Kd".split(),
                         "Beto": "3c 4c 5c 7c 8d".split()},
             "ayudas": "Ks 6c 4d".split()}


def test_seed_challenge_you_win_with_a_king_high_straight_flush():
    solution = solve(SEED_MATA)
    assert solution.value == {"Tú"}
    text = " ".join(solution.steps)
    assert "Escalera de color al Rey" in text and "Full House de Ases y Reyes" in text
    assert "Escalera de color al 7" in text and "con la ayuda 6♣" in text
    assert check(SEED_MATA, "tú")["correct"] and check(SEED_MATA, "Tu")["correct"]
    assert not check(SEED_MATA, "Ana")["correct"]


def test_only_one_ayuda_counts_and_the_explanation_says_so():
    spec = {"kind": "mata-ases", "ask": "winners",
            "players": {"Ana": "Ah Kh 7h 2c 2d".split(), "Beto": "Ac Ad 9s 8c 4d".split()},
            "ayudas": "Qh Jh 5s".split()}
    solution = solve(spec)
    assert solution.value == {"Beto"}
    assert any("dos ayudas Ana tendría color" in step for step in solution.steps)
    hand = solve({**spec, "ask": "hand", "of": "Ana"})
    assert hand.display == "Par de Doses"
    assert check({**spec, "ask": "hand", "of": "Ana"}, "par de doses")["correct"]
    assert not check({**spec, "ask": "hand", "of": "Ana"}, "color")["correct"]


def test_a_pair_of_kings_does_not_kill_the_aces_nobody_wins():
    spec = {"kind": "mata-ases", "ask": "winners",
            "players": {"Ana": "Kh Kd 9c 7s 2d".split(), "Beto": "Qh Jd 8c 6s 3d".split()},
            "ayudas": "Ts 5c 4h".split()}
    solution = solve(spec)
    assert solution.value == frozenset()
    assert "extensión" in solution.steps[-1]
    for answer in ("nadie", "Nadie", "extensión", "nadie mata los ases"):
        assert check(spec, answer)["correct"], answer
    assert not check(spec, "Ana")["correct"]


def test_small_two_pair_beats_a_pair_of_aces_and_ties_share():
    spec = {"kind": "mata-ases", "ask": "winners",
            "players": {"Ana": "3h 3d 2c 2s 9h".split(), "Beto": "Ac Qd 8s 7c 5d".split()},
            "ayudas": "Ah Jc 4s".split()}
    assert solve(spec).value == {"Ana"}
    tie = {"kind": "mata-ases", "ask": "winners",
           "players": {"Ana": "9c 8d 7h 6s 2c".split(), "Beto": "9h 8s 7c 6d 3h".split()},
           "ayudas": "Td Kc 4s".split()}
    assert solve(tie).value == {"Ana", "Beto"}
    assert check(tie, "Ana y Beto")["correct"] and not check(tie, "Ana")["correct"]


def test_mata_ases_hand_names_accept_either_vocabulary():
    spec = {**SEED_MATA, "ask": "hand", "of": "Ana"}
    for answer in ("Full House de Ases y Reyes", "full de ases y reyes", "Un full de Ases con Reyes"):
        assert check(spec, answer)["correct"], answer
    for answer in ("full", "Full House", "full de ases"):
        assert check(spec, answer)["verdict"] == "needs-detail", answer
    assert check(spec, "full de reyes y ases")["verdict"] == "incorrect"


# ---------------------------------------------------------------------------------------------
# Texas Hold'em.

SIX = ["Ana", "Beto", "Carla", "Dani", "Eva", "Fede"]
BETS = {"UTG1": 100, "UTG2": 150, "UTG3": 0, "UTG4": 0, "HJ": 150, "CO": 0, "D": 450, "SB": 10, "BB": 450}
FOLDED = ["UTG3", "UTG4", "HJ", "CO", "SB"]


@pytest.mark.parametrize("players, of, position", [
    (SIX, "Eva", "UTG"), (SIX, "Beto", "D"), (SIX, "Carla", "SB"), (SIX, "Ana", "CO"),
    (9, 3, "UTG1"), (9, 0, "D"), (8, 7, "CO"), (5, 4, "CO"), (2, 0, "D/SB"), (2, 1, "BB"),
])
def test_position_names(players, of, position):
    spec = {"kind": "holdem-position", "ask": "position", "players": players, "of": of}
    if isinstance(players, list):
        spec["button"] = "Beto"
    assert solve(spec).value == position


@pytest.mark.parametrize("players, button, street, folded, first", [
    (SIX, "Beto", "preflop", [], "Eva"),
    (SIX, "Beto", "flop", [], "Carla"),
    (SIX, "Beto", "turn", ["Carla", "Dani"], "Eva"),
    (["Ana", "Beto"], "Ana", "preflop", [], "Ana"),
    (["Ana", "Beto"], "Ana", "river", [], "Beto"),
    (["Ana", "Beto", "Carla"], "Ana", "preflop", [], "Ana"),
])
def test_who_acts_first(players, button, street, folded, first):
    spec = {"kind": "holdem-position", "ask": "first-to-act", "players": players, "button": button,
            "street": street, "folded": folded}
    assert solve(spec).value == {first}
    assert check(spec, first.lower())["correct"]


def test_who_acts_first_accepts_the_position_name_too():
    spec = {"kind": "holdem-position", "ask": "first-to-act", "players": SIX, "button": "Beto"}
    assert check(spec, "UTG")["correct"]
    assert not check(spec, "BB")["correct"]


def test_seed_side_pots():
    def pots(ask, **extra):
        return solve({"kind": "holdem-pots", "ask": ask, "bets": BETS, "folded": FOLDED, **extra})

    assert [pots("amount", pot=i).value for i in (1, 2, 3)] == [510, 200, 600]
    assert pots("eligible", pot=1).value == {"UTG1", "UTG2", "D", "BB"}
    assert pots("eligible", pot=2).value == {"UTG2", "D", "BB"}
    assert pots("eligible", pot=3).value == {"D", "BB"}
    assert pots("count").value == 3
    steps = pots("count").steps
    assert "Bote principal: hasta 100 por jugador → 5 × 100 + 10 = 510; optan UTG1, UTG2, D y BB." in steps
    assert "Bote secundario: de 100 a 150 por jugador → 4 × 50 = 200; optan UTG2, D y BB." in steps


def test_showdown_winners_and_hands():
    kicker = {"kind": "holdem-showdown", "ask": "winners",
              "players": {"Ana": ["Ah", "Kd"], "Beto": ["Ac", "Qs"]}, "board": "Ad 9c 7h 4s 2d".split()}
    assert solve(kicker).value == {"Ana"}
    board = {"kind": "holdem-showdown", "ask": "winners",
             "players": {"Ana": ["9h", "9d"], "Beto": ["3c", "2s"]}, "board": "Ah Kc Qd Jc Ts".split()}
    assert solve(board).value == {"Ana", "Beto"}
    assert any("juega la mesa" in step for step in solve(board).steps)
    three = {"kind": "holdem-showdown", "ask": "hand", "of": "Beto",
             "players": {"Ana": ["Ah", "5h"], "Beto": ["9c", "8d"], "Carla": ["Qs", "Qc"]},
             "board": "Kh 7h Tc 6s 2h".split()}
    assert solve({**three, "ask": "winners"}).value == {"Ana"}
    assert solve(three).display == "Escalera al 10"
    assert check(three, "escalera al diez")["correct"]


# ---------------------------------------------------------------------------------------------
# The answers the issue saw misread (issue 12), on the site's own questions.
BETO = {**SEED_MATA, "ask": "hand", "of": "Beto"}  # Escalera de color al 7 (3-4-5-7 and the ayuda 6♣)
ANA_PAIR = {"kind": "mata-ases", "ask": "hand", "of": "Ana",
            "players": {"Ana": "Ah Kh 7h 2c 2d".split(), "Beto": "Ac Ad 9s 8c 4d".split()},
            "ayudas": "Qh Jh 5s".split()}  # Par de Doses
STRAIGHT_10 = {"kind": "holdem-showdown", "ask": "hand", "of": "Beto",
               "players": {"Ana": ["Ah", "5h"], "Beto": ["9c", "8d"], "Carla": ["Qs", "Qc"]},
               "board": "Kh 7h Tc 6s 2h".split()}  # Escalera al 10


@pytest.mark.parametrize("spec, answer", [
    (BETO, "Escalera de color del 3 al 7"), (BETO, "escalera de color de 3 a 7"),
    (BETO, "Escalera de color hasta el 7"), (BETO, "ESCALERA DE COLOR DEL 7 AL 3"),
    (BETO, "escalera de color 3 4 5 6 7"), (BETO, "escalera de color al siete"),
    (STRAIGHT_10, "Escalera del 6 al 10"), (STRAIGHT_10, "escalera desde el 6 hasta el 10"),
    (STRAIGHT_10, "escalera hasta el diez"), (STRAIGHT_10, "escalera de seis a diez"),
    (ANA_PAIR, "Pareja de doses"), (ANA_PAIR, "par de 2"), (ANA_PAIR, "PAR DE DOSES"),
])
def test_every_correct_wording_is_accepted(spec, answer):
    assert check(spec, answer)["verdict"] == "correct", answer


@pytest.mark.parametrize("spec, answer, hint", [
    (ANA_PAIR, "par", "¿Qué par?"), (ANA_PAIR, "Pareja", "¿Qué par?"),  # Mata Ases says «Par»
    (STRAIGHT_10, "Escalera", "¿Escalera hasta qué carta?"),
    (BETO, "escalera de color", "¿Escalera de color hasta qué carta?"),
])
def test_a_true_answer_without_its_cards_gets_a_hint_not_a_pass(spec, answer, hint):
    reply = check(spec, answer)
    assert reply["verdict"] == "needs-detail" and not reply["correct"] and reply["valid"]
    assert reply["title"] == "Casi: falta precisar"
    assert reply["hint"].startswith(hint) and hint in reply["message"]
    assert reply["expected"] is None and reply["steps"] == []
    assert solve(spec).display.lower() not in (reply["hint"] + reply["message"]).lower()


@pytest.mark.parametrize("spec, answer", [
    (ANA_PAIR, "par de treses"), (ANA_PAIR, "color"), (STRAIGHT_10, "escalera del 5 al 9"),
    (STRAIGHT_10, "escalera al 9"), (BETO, "escalera del 3 al 7"),
])
def test_a_wrong_detail_is_wrong(spec, answer):
    assert check(spec, answer)["verdict"] == "incorrect", answer


def test_straight_ends_that_are_not_five_cards_apart_are_explained():
    reply = check(STRAIGHT_10, "escalera del 3 al 10")
    assert reply["verdict"] == "unreadable" and "cinco cartas seguidas" in reply["message"]


TIE = {"kind": "holdem-showdown", "ask": "winners",
       "players": {"Ana": ["9h", "9d"], "Beto": ["3c", "2s"]}, "board": "Ah Kc Qd Jc Ts".split()}
TIE_OF_THREE = {**TIE, "players": {**TIE["players"], "Carla": ["4d", "4s"]}}
NO_TIE = {**TIE, "board": "Ah Kc Qd 9c 2d".split()}  # Ana's three nines win


@pytest.mark.parametrize("answer", ["empate", "Empate", "los dos", "ambos", "Ambos empatan", "hay empate",
                                    "se reparten el bote", "todos", "empate entre Ana y Beto"])
def test_a_tie_of_two_is_read_from_empate_ambos_los_dos(answer):
    assert check(TIE, answer)["verdict"] == "correct", answer
    assert check(NO_TIE, answer)["verdict"] == "incorrect", answer


def test_a_tie_among_more_players_asks_between_whom():
    assert check(TIE_OF_THREE, "todos")["verdict"] == "correct"
    assert check(TIE_OF_THREE, "los tres")["verdict"] == "correct"
    for answer in ("empate", "empatan"):
        reply = check(TIE_OF_THREE, answer)
        assert reply["verdict"] == "needs-detail" and "¿Entre quiénes?" in reply["hint"], answer
    assert check(TIE_OF_THREE, "los dos")["verdict"] == "incorrect"  # the three tie
    assert check({**NO_TIE, "players": TIE_OF_THREE["players"]}, "empate")["verdict"] == "incorrect"


SIDE_POT = {"kind": "holdem-pots", "ask": "eligible", "bets": BETS, "folded": FOLDED, "pot": 2}


@pytest.mark.parametrize("answer", ["botón, ciega grande y UTG2", "UTG2, D y BB", "utg+2, boton, bb",
                                    "BB y botón y UTG 2", "el botón, la ciega grande y utg2"])
def test_side_pot_players_may_be_named_by_seat(answer):
    assert check(SIDE_POT, answer)["verdict"] == "correct", answer


def test_unknown_names_are_echoed_as_the_reader_wrote_them():
    reply = check(SIDE_POT, "botón, ciega mediana y UTG2")
    assert reply["verdict"] == "unreadable" and "«ciega mediana»" in reply["message"]
    reply = check({**SIDE_POT, "bets": {"Ana": 100, "Beto": 200, "Carla": 200}, "folded": [], "pot": 1},
                  "Ana y Dámaso")
    assert "«Dámaso»" in reply["message"]


def test_a_decimal_answer_is_echoed_with_the_readers_decimals():
    reply = check(SEED_BLIND, "1.00")
    assert reply["given"] == "1,00" and reply["verdict"] == "incorrect"
    assert check(SEED_BLIND, "37.50")["given"] == "37,50"
    pot = {"kind": "holdem-pots", "ask": "amount", "bets": {"Ana": 500, "Beto": 500}, "folded": [], "pot": 1}
    assert check(pot, "1.000")["verdict"] == "correct" and check(pot, "1.000")["given"] == "1.000"
    assert check(pot, "1.00")["verdict"] == "incorrect"

