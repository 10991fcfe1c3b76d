"""engine.games.ultimate.trainer: random Ultimate hands for each mode, valid deals, the engine's answer accepted."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine import protocol
from engine.cards import parse_cards
from engine.games.ultimate.rules import TRIPS_TABLES, settle
from engine.quiz import check, format_amount, solve
from engine.games.ultimate.trainer import MODES, UNITS, deal


@pytest.mark.parametrize("mode", list(MODES))
@pytest.mark.parametrize("table", list(TRIPS_TABLES))
def test_trainer_deals_valid_hands_and_checks_answers(mode, table):
    for seed in range(60):
        hand = deal(mode, trips_table=table, unit=UNITS[seed % len(UNITS)], seed=seed)
        q = hand["question"]
        assert hand["seed"] == seed and hand["mode"] == mode
        assert q["kind"] == "uth" and q["ask"] == MODES[mode][0] and q["trips_table"] == table
        assert len(q["player"]) == 2 and len(q["dealer"]) == 2 and len(q["board"]) == 5
        cards = parse_cards(q["player"] + q["dealer"] + q["board"])
        assert len(set(cards)) == 9
        assert q["ante"] == UNITS[seed % len(UNITS)]  # the unit is the Ante, as on the rules page
        assert q["play"] == 0 or q["play"] // q["ante"] in (1, 2, 3, 4) and q["play"] % q["ante"] == 0
        assert (q["trips"] > 0) == (mode in ("trips", "total"))
        # the engine's expected answer is accepted, a different one is not
        result = settle(ante=q["ante"], play=q["play"], trips=q["trips"], player=parse_cards(q["player"]),
                        dealer=parse_cards(q["dealer"]), board=parse_cards(q["board"]), trips_table=table)
        expected = {"blind": result.blind, "trips": result.trips, "ante+play": result.ante + result.play,
                    "total": result.total}[q["ask"]]
        assert check(q, format_amount(expected))["correct"]
        assert check(q, str(float(expected)))["correct"]
        assert not check(q, format_amount(expected + 1))["correct"]


def test_trainer_is_reproducible_and_random_without_seed():
    assert deal("total", seed=99) == deal("total", seed=99)
    seeds = {deal("blind")["seed"] for _ in range(5)}
    assert len(seeds) > 1


def test_trainer_modes_practise_what_they_are_about():
    blind_pays = sum(solve(deal("blind", seed=s)["question"]).value > 0 for s in range(200))
    trips_pays = sum(solve(deal("trips", seed=s)["question"]).value > 0 for s in range(200))
    assert blind_pays > 100  # most Blind hands are wins with a straight or better
    assert trips_pays > 100


@pytest.mark.parametrize("request_, field", [
    ({"mode": "nope"}, "mode"), ({"unit": 3}, "unit"), ({"trips_table": "1-2-3"}, "trips_table"),
    ({"seed": -1}, "seed"), ({"seed": "x"}, "seed"),
])
def test_trainer_command_rejects_bad_settings(request_, field):
    reply = protocol.answer("uth-trainer-deal", request_)
    assert "error" in reply and f"«{field}»" in reply["error"]


def test_trainer_command_reply_shape():
    reply = protocol.answer("uth-trainer-deal", {"mode": "blind", "unit": 25, "seed": 5})
    assert set(reply) == {"seed", "mode", "prompt", "question", "facts", "hint", "uses_trips_table"}
    assert reply["question"]["ante"] == 25 and reply["uses_trips_table"] is False
    assert protocol.answer("uth-trainer-deal", {"mode": "total", "seed": 5})["uses_trips_table"] is True
    labels = [f["label"] for f in reply["facts"]]
    assert labels[:4] == ["Jugador", "Crupier", "Mesa", "Apuestas"]
    assert all({"card", "text", "name", "red"} <= set(c) for c in reply["facts"][0]["cards"])


def test_fractional_payouts_are_exact_never_rounded():
    """The site's convention (engine.games.ultimate.rules): a 3 a 2 Blind on an odd unit pays the half."""
    halves = []
    for seed in range(300):
        q = deal("blind", unit=5, seed=seed)["question"]
        value = solve(q).value
        if value.denominator == 2:
            halves.append((q, value))
    assert halves, "no 3 a 2 Blind on a unit of 5 in 300 hands"
    q, value = halves[0]
    assert value == Fraction(15, 2)  # color on a Blind of 5
    assert check(q, "7,5")["correct"] and check(q, "7.5")["correct"]
    assert not check(q, "7")["correct"] and not check(q, "8")["correct"]
