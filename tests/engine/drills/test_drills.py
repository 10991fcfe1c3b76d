"""Drills: every kind's answer against an independent computation (treys, or plain counting written
here), over hundreds of seeds; determinism per seed; variety; case families; drill-check."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest
from treys import Card as TCard
from treys import Evaluator

import engine.drills
from engine import protocol
from engine.drills import LEVELS, kinds, make_drill

EVAL = Evaluator()
SEEDS = range(120)


@pytest.fixture(autouse=True)
def strict_blame(monkeypatch):
    """A wrong answer's reason that cannot be computed raises here (engine.progress.blame.STRICT)."""
    from engine.progress import blame

    monkeypatch.setattr(blame, "STRICT", True)


def seeds_for(kind: str) -> range:
    """A flop decision counts 1.07 million deals, a play decision is valued over the review's worlds: these
    kinds get fewer seeds."""
    return range(12) if kind == "uth-strategy" or kind.endswith("-decision") else SEEDS


def T(tokens):
    return [TCard.new(t) for t in tokens]


def score(cards) -> int:
    """treys: lower is better; 5 to 7 cards."""
    cards = T(cards)
    return EVAL.evaluate(cards[:2], cards[2:])


def rank_class(value: int) -> int:
    return EVAL.get_rank_class(value)


#: treys' score of the weakest pair of Aces: a play kills the Aces when it scores at most this.
ACES = score(["As", "Ad", "4c", "3h", "2s"])


def every(kind, levels=LEVELS, seeds=SEEDS):
    for level in levels:
        for seed in seeds:
            yield make_drill(kind, seed, level)


# ---------------------------------------------------------------------------------------------
# Answers against independent computation.

def test_mata_ases_winner_against_treys():
    for d in every("mata-ases-winner"):
        ayudas = d.data["ayudas"]
        best = {}
        for name, own in d.data["players"].items():
            plays = [own] + [list(four) + [a] for four in combinations(own, 4) for a in ayudas]
            best[name] = min(score(p) for p in plays)
        killers = {n: s for n, s in best.items() if s <= ACES}
        top = min(killers.values(), default=None)
        expected = sorted(n for n, s in killers.items() if s == top)
        assert sorted(d.answer["winners"]) == expected, (d.seed, d.level, d.data)
        if d.family == "nobody-kills":
            assert expected == []
        if d.family == "split":
            assert len(expected) >= 2
        if d.family == "kings":  # someone's best play is exactly a pair of Kings
            assert any(rank_class(s) == 8 and ACES < s <= score(["Ks", "Kd", "4c", "3h", "2s"])
                       for s in best.values())
        if d.family == "one-ayuda":  # some player would do better with two ayudas
            assert any(min(score(list(f)) for f in combinations(own + ayudas, 5)) < best[n]
                       for n, own in d.data["players"].items())


def test_holdem_winner_against_treys():
    wheel = score(["5s", "4d", "3c", "2h", "As"])
    for d in every("holdem-winner"):
        board = d.data["board"]
        scores = {n: score(hole + board) for n, hole in d.data["players"].items()}
        top = min(scores.values())
        assert sorted(d.answer["winners"]) == sorted(n for n, s in scores.items() if s == top), (d.seed, d.level)
        if d.family == "split":
            assert len(d.answer["winners"]) >= 2
        if d.family == "board":
            assert score(board) == top
        if d.family == "wheel":
            assert top == wheel or rank_class(top) == 1 and top == score(["5s", "4s", "3s", "2s", "As"])


def reference_pots(bets: dict[str, int], folded: list[str]) -> list[tuple[int, list[str]]]:
    """Layer by layer, written from the definition: each distinct amount of a live player closes a pot."""
    live = [n for n in bets if n not in folded]
    pots, floor = [], 0
    for level in sorted({bets[n] for n in live}):
        amount = sum(max(0, min(b, level) - floor) for b in bets.values())
        pots.append((amount, [n for n in live if bets[n] >= level]))
        floor = level
    return pots


def test_holdem_side_pots_against_layers_and_reachable():
    for d in every("holdem-side-pots"):
        bets, folded = d.data["bets"], d.data["folded"]
        small, big = d.data["blinds"]
        expected = reference_pots(bets, folded)
        assert [(p["amount"], p["eligible"]) for p in d.answer["pots"]] == expected, (d.seed, d.level)
        assert sum(p["amount"] for p in d.answer["pots"]) == sum(bets.values())
        live = [n for n in bets if n not in folded]
        top = max(bets[n] for n in live)
        # A situation a real hand reaches: the top bet called, blinds posted, folders below the top.
        assert sum(bets[n] == top for n in live) >= 2
        assert all(bets[n] < top for n in folded)
        seats = list(bets)
        assert bets[seats[1]] <= small or seats[1] not in folded and bets[seats[1]] >= small
        assert bets[seats[2]] >= min(big, bets[seats[2]]) > 0
        if d.family == "below-blinds":
            assert any(0 < bets[n] < big for n in live)
        if d.family == "dead-money":
            assert any(bets[n] for n in folded)
        if d.family == "several":
            assert len(expected) >= 3


#: Position names by table size, clockwise from the button (seed 004), written out here.
POSITIONS = {
    2: ["D/SB", "BB"], 3: ["D", "SB", "BB"], 4: ["D", "SB", "BB", "CO"], 5: ["D", "SB", "BB", "HJ", "CO"],
    6: ["D", "SB", "BB", "UTG", "HJ", "CO"], 7: ["D", "SB", "BB", "UTG1", "UTG2", "HJ", "CO"],
    8: ["D", "SB", "BB", "UTG1", "UTG2", "UTG3", "HJ", "CO"],
    9: ["D", "SB", "BB", "UTG1", "UTG2", "UTG3", "UTG4", "HJ", "CO"],
    10: ["D", "SB", "BB", "UTG1", "UTG2", "UTG3", "UTG4", "UTG5", "HJ", "CO"],
}


def from_button(players, button):
    i = players.index(button)
    return players[i:] + players[:i]


def test_holdem_position_against_the_table_of_names():
    for d in every("holdem-position"):
        seated = from_button(d.data["players"], d.data["button"])
        assert d.answer["position"] == POSITIONS[len(seated)][seated.index(d.data["of"])]
        if d.family == "heads-up":
            assert len(seated) == 2


def test_holdem_first_to_act_against_the_order_of_play():
    for d in every("holdem-first-to-act"):
        seated = from_button(d.data["players"], d.data["button"])
        n = len(seated)
        if d.data["street"] == "preflop":
            order = [0, 1] if n == 2 else [(3 + i) % n for i in range(n)]
        else:
            order = [(1 + i) % n for i in range(n)]
        first = next(seated[s] for s in order if seated[s] not in d.data["folded"])
        assert d.answer["player"] == first, (d.seed, d.level, d.data)
        assert d.answer["position"] == POSITIONS[n][seated.index(first)]
        if d.family == "postflop-folded":
            assert seated[1] in d.data["folded"] and d.data["street"] != "preflop"


#: The Blind's pays by treys class (1 straight flush ... 5 straight); a royal flush pays 500.
BLIND_PAYS = {1: 50, 2: 10, 3: 3, 4: Fraction(3, 2), 5: 1}


def uth_nets(player, dealer, board, ante, play, trips=0, table="50-40-30-8-7-4-3"):
    """Ante, Blind, Play and Trips nets written from seed 003's rules, hands judged by treys."""
    mine, theirs = score(player + board), score(dealer + board)
    cls = rank_class(mine)
    royal = mine == 1
    qualifies = rank_class(theirs) <= 8
    pays = tuple(int(x) for x in table.split("-"))  # royal, SF, four, full, flush, straight, three
    trips_odds = ({1: pays[1], 2: pays[2], 3: pays[3], 4: pays[4], 5: pays[5], 6: pays[6]}.get(cls)
                  if not royal else pays[0])
    trips_net = 0 if not trips else (trips * trips_odds if trips_odds else -trips)
    if play == 0:
        return -ante, -ante, 0, trips_net
    if mine < theirs:
        blind = ante * (500 if royal else BLIND_PAYS.get(cls, 0))
        return (ante if qualifies else 0), blind, play, trips_net
    if mine == theirs:
        return 0, 0, 0, trips_net
    return (-ante if qualifies else 0), -ante, -play, trips_net


def test_uth_payout_against_the_rules_written_here():
    for d in every("uth-payout"):
        q = d.data
        ante, blind, play, trips = uth_nets(q["player"], q["dealer"], q["board"], q["ante"], q["play"], q["trips"],
                                            q["trips_table"])
        expected = {"blind": blind, "trips": trips, "ante-play": ante + play,
                    "total": ante + blind + play + trips}[d.family]
        assert Fraction(d.answer["amount"]) == expected, (d.seed, d.level)


def river_value(hole, board) -> Fraction:
    """Ante + Blind + Play with 1x, averaged over the dealer's 990 holdings (rules written here,
    hands judged by the engine's evaluator: treys is too slow for hundreds of rivers)."""
    from engine.cards import DECK, parse_cards
    from engine.evaluation import strength

    hole, board = parse_cards(hole), parse_cards(board)
    mine = strength(hole + board)
    blind2 = {9: 1000, 8: 100, 7: 20, 6: 6, 5: 3, 4: 2}.get(mine >> 20, 0)  # twice the Blind's pays
    total2 = 0
    left = [c for c in DECK if c not in hole and c not in board]
    for dealer in combinations(left, 2):
        theirs = strength(list(dealer) + board)
        qualifies = theirs >> 20 > 0
        if mine > theirs:
            total2 += 2 * (1 + qualifies) + blind2
        elif mine < theirs:
            total2 -= 2 * (2 + qualifies)
    return Fraction(total2, 2 * 990)


def test_uth_strategy_rivers_against_the_rules_written_here():
    from engine.games.ultimate.drills import CLEAR, CLOSE

    for d in every("uth-strategy", ("fácil", "difícil"), seeds_for("uth-strategy")):
        if d.data["street"] != "river":  # pre-flop drills: tests/engine/games/ultimate/test_uth_preflop.py
            assert d.family.startswith(d.data["street"]) and len(d.data["board"]) == {"flop": 3, "preflop": 0}[
                d.data["street"]]
            continue
        value = river_value(d.data["hole"], d.data["board"])
        assert d.answer["best"] == ("1x" if value >= -2 else "fold")
        assert d.answer["options"]["1x"] == float(value)
        assert abs(value + 2) >= CLEAR if d.family == "river-clear" else abs(value + 2) < CLOSE


# ---------------------------------------------------------------------------------------------
# Determinism, variety, families, checking.

@pytest.mark.parametrize("kind", kinds())
def test_same_request_same_drill_and_seeds_vary(kind):
    seen = set()
    count = 8 if kind == "uth-strategy" or kind.endswith("-decision") else 40
    for seed in range(count):
        engine.drills._MADE.clear()  # not the cached one
        first = make_drill(kind, seed, "media").reply()
        assert protocol.answer("drill", {"kind": kind, "seed": seed, "level": "media"}) == first
        seen.add(repr(first["data"]))
    assert len(seen) >= count * 9 // 10, f"{kind}: only {len(seen)} distinct deals in {count} seeds"


@pytest.mark.parametrize("kind", kinds())
def test_every_family_of_every_level_comes_up(kind):
    from engine.drills import kind_of

    for level in LEVELS:
        wanted = {family for family, _ in kind_of(kind).families[level]}
        got = set()
        for seed in seeds_for(kind):  # until every family has come up
            got.add(make_drill(kind, seed, level).family)
            if got == wanted:
                break
        assert got == wanted, (level, wanted - got)


@pytest.mark.parametrize("kind", kinds())
def test_drill_check_accepts_the_answer_and_refuses_a_wrong_one(kind):
    for level in LEVELS:
        for seed in range(3 if kind == "uth-strategy" else 2 if kind.endswith("-decision") else 12):
            ask = {"kind": kind, "seed": seed, "level": level}
            reply = protocol.answer("drill", ask)
            if kind.endswith("-decision") and set(reply["answer"]["grades"].values()) == {"correct"}:
                continue  # every action is «Correcta» here (the worlds tell none apart): nothing is wrong
            right = protocol.answer("drill-check", {**ask, "answer": right_text(reply)})
            assert right["correct"] and right["valid"], (seed, right)
            assert right["steps"] == reply["explanation"]
            wrong = protocol.answer("drill-check", {**ask, "answer": wrong_text(reply)})
            assert wrong["verdict"] == "incorrect" and not wrong["steps"], (seed, level, wrong)
            shown = protocol.answer("drill-check", {**ask, "answer": wrong_text(reply), "reveal": True})
            assert not shown["correct"] and shown["revealed"] and shown["steps"] == reply["explanation"]
            asked = protocol.answer("drill-check", {**ask, "answer": "", "reveal": True})
            assert asked["verdict"] == "revealed" and asked["steps"] == reply["explanation"], asked
            # every verdict carries its headline, the UTH strategy drill's own checker too
            assert (right["title"], wrong["title"], asked["title"]) == ("✓ Correcto", "✗ No es correcto", "Solución")
            # every checked answer names its skills; a wrong one says which failed and why; a reveal is wrong
            assert right["progress"]["grade"] == "good" and right["progress"]["skills"], right["progress"]
            assert all(s["ok"] and s["why"] is None for s in right["progress"]["skills"])
            assert right["progress"]["item"]["request"] == {"kind": kind, "seed": seed, "level": level}
            for judged in (wrong, shown, asked):
                assert judged["progress"]["grade"] == "again" and not judged["progress"]["ok"]
                assert any(not s["ok"] for s in judged["progress"]["skills"])
            for judged in (wrong, asked):
                failed = [s for s in judged["progress"]["skills"] if not s["ok"]]
                assert failed[0]["why"], (seed, level, judged["progress"])


def right_text(reply: dict, quiz: dict | None = None) -> str:
    """A right answer to the drill ``reply`` (``quiz``: its question, when the request chose its family or ask)."""
    a = reply["answer"]
    if reply["kind"] in ("mata-ases-winner", "holdem-winner"):
        return " y ".join(a["winners"]) or "nadie"
    if reply["kind"] == "holdem-side-pots":
        return reply_quiz(reply, quiz=quiz)
    if reply["kind"] == "holdem-position":
        return a["position"].lower()
    if reply["kind"] in ("holdem-first-to-act", "holdem-side-by-side"):
        return a["player"].upper()
    if reply["kind"].endswith("-decision"):  # a play decision graded by the review: its best action
        return _INFINITIVE[a["best"]]
    if reply["kind"] == "uth-strategy":
        return {"1x": "apuesto", "2x": "subo 2x", "check": "paso", "fold": "me retiro", "4x": "subo 4x",
                "3x": "subo 3x"}[a["best"]]
    if "hand" in a:
        return a["hand"]
    if "options" in a:
        return ", ".join(_INFINITIVE[o] for o in a["options"])
    if "card" in a:
        return a["card"]
    if "amount" in a and not isinstance(a.get("text"), str):
        return str(a["amount"])
    return a["text"].replace("+", "")


#: How a reader names each decision (the spot drills' answers), written here rather than read from the engine.
_INFINITIVE = {"check": "pasar", "bet": "apostar", "call": "pagar", "raise": "subir", "fold": "retirarse"}


def reply_quiz(reply: dict, wrong: bool = False, quiz: dict | None = None) -> str:
    """The right answer to the pot question asked, or (``wrong``) a readable wrong one."""
    quiz = quiz or make_drill(reply["kind"], reply["seed"], reply["level"]).quiz
    pots = reply["answer"]["pots"]
    if quiz["ask"] == "count":
        return str(len(pots) + wrong)
    pot = pots[quiz["pot"] - 1]
    if quiz["ask"] == "amount":
        return f"{pot['amount'] + wrong} fichas"
    return pot["eligible"][0] if wrong else ", ".join(pot["eligible"])


def wrong_text(reply: dict, quiz: dict | None = None) -> str:
    """A readable wrong answer to the drill ``reply`` (``quiz``: as for :func:`right_text`)."""
    a = reply["answer"]
    if reply["kind"] in ("mata-ases-winner", "holdem-winner"):
        others = [n for n in reply["data"]["players"] if n not in a["winners"]]
        return others[0] if others else a["winners"][0]  # everybody ties: one of them alone is wrong
    if reply["kind"] == "holdem-side-pots":
        return reply_quiz(reply, wrong=True, quiz=quiz)
    if reply["kind"] == "holdem-position":
        return "BB" if a["position"] != "BB" else "botón"
    if reply["kind"] == "holdem-first-to-act":
        return next(n for n in reply["data"]["players"] if n != a["player"])
    if reply["kind"] == "holdem-side-by-side":
        return a["other_game"]
    if reply["kind"] == "uth-strategy":
        return next(o for o in a["options"] if o != a["best"])
    if reply["kind"].endswith("-decision"):  # an action the review grades below «Correcta»
        wrong = [o for o, grade in a["grades"].items() if grade != "correct"]
        return _INFINITIVE[wrong[0] if wrong else a["best"]]  # none when the worlds tell no action apart
    if "hand" in a:
        return "Póker de Doses" if not a["hand"].lower().startswith("póker de doses") else "Escalera real"
    if "options" in a:  # one option short, or one too many
        return ", ".join(_INFINITIVE[o] for o in a["options"][1:]) or "pasar"
    if "card" in a:
        return reply["data"]["open"][0]
    wrong = Fraction(a["amount"]) + 1
    return str(wrong) if wrong.denominator == 1 else str(float(wrong))  # «8.5», never «17/2»


def test_drill_requests_with_errors_name_the_field():
    assert protocol.answer("drill", {"kind": "poker-chino"})["field"] == "kind"
    assert protocol.answer("drill", {"kind": "holdem-winner", "level": "experto"})["field"] == "level"
    assert protocol.answer("drill", {"kind": "holdem-winner", "seed": -1})["field"] == "seed"
    assert protocol.answer("drill-check", {"kind": "holdem-winner", "answer": "Ana"})["field"] == "seed"
    unreadable = protocol.answer("drill-check", {"kind": "holdem-winner", "seed": 1, "answer": "Zoe"})
    assert unreadable["valid"] is False and "zoe" in unreadable["message"].lower()


def test_drill_without_seed_gets_a_random_one_and_says_which():
    reply = protocol.answer("drill", {"kind": "holdem-position"})
    assert reply == protocol.answer("drill", {"kind": "holdem-position", "seed": reply["seed"]})
