"""The Ultimate session (uth-session-deal, uth-session-decide): each decision's figures are the strategy
drill's exact values, the best play's house edge is the engine's, a reader's edge is the best one plus
what the decisions lost per hand, nothing the rules have not shown travels early, and bad requests
change nothing."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import protocol
from engine.cards import DECK, format_cards, parse_cards
from engine.drills import make_drill
from engine.games.ultimate import session as S
from engine.games.ultimate.strategy import OPTIONS, decision, house_edge
from engine.protocol import finish
from engine.spanish import signed
from engine.table.grades import GRADES, grade


def play(session: S.UthSession, choose) -> None:
    """Deal one hand and play it to its end with ``choose(hand, decided) -> option``."""
    hand = session.deal()
    while hand.street != "over":
        decided = decision(hand.hole, hand.shown_board())
        session.apply(finish(session.decide_steps(choose(hand, decided))))


def best(_hand, decided):
    return decided.best


def test_the_best_play_has_the_engines_house_edge_exactly():
    session = S.UthSession(random.Random(53))
    for _ in range(15):
        play(session, best)
    taken = [g for h in session.hands for g in h.decisions]
    assert all(g.loss == 0 and g.grade is GRADES[0] for g in taken)
    assert {g.decided.street for g in taken} == {"preflop", "flop", "river"}  # every street was decided
    done = S.summary(session)
    assert done["edge"]["yours"] == done["edge"]["optimal"] == float(house_edge())
    assert done["edge"]["optimal_text"] == "2,185\xa0%"  # REFERENCE.md: 2.185 % of the Ante with optimal play
    assert done["per_100"] == 0 and done["costliest"] == []
    assert [g["count"] for g in done["grades"]] == [len(taken), 0, 0, 0]


def test_a_readers_edge_is_the_best_one_plus_the_loss_per_hand():
    rng = random.Random(4)
    session = S.UthSession(random.Random(8))

    def careless(hand, decided):
        return rng.choice(OPTIONS[decided.street])

    for _ in range(15):
        play(session, careless)
    losses = [decision(g.hole, g.board).loss(g.option) for h in session.hands for g in h.decisions]
    done = S.summary(session)
    expected = house_edge() + sum(losses, Fraction(0)) / 15
    assert done["edge"]["yours"] == float(expected) > done["edge"]["optimal"]
    assert done["decisions"] == len(losses)
    assert done["per_100"] == float(sum(losses, Fraction(0)) * 100 / len(losses))
    costly = sorted(losses, reverse=True)[:3]
    assert [c["loss"] for c in done["costliest"]] == [float(x) for x in costly]
    counted = {g.code: sum(grade(x, 2) is g for x in losses) for g in GRADES}
    assert {g["code"]: g["count"] for g in done["grades"]} == counted
    result = sum((h.settled.value for h in session.hands), Fraction(0))
    # a settled result is exact, not an expected value to three places («−6 veces el Ante», never «−6,000»)
    assert done["result_text"] == f"{signed(result)} veces el Ante"


def _drill_spot(street: str, seed: int):
    drill = make_drill("uth-strategy", seed, "fácil", family={"preflop": "preflop-clear", "flop": "flop-made",
                                                              "river": "river-clear"}[street])
    return drill, parse_cards(" ".join(drill.data["hole"])), parse_cards(" ".join(drill.data["board"]))


@pytest.mark.parametrize("street, seed", [("preflop", 1), ("preflop", 2), ("flop", 3), ("river", 4), ("river", 5)])
def test_each_decisions_figures_are_the_strategy_drills(street, seed):
    drill, hole, board = _drill_spot(street, seed)
    rest = [c for c in DECK if c not in hole and c not in board]
    full = list(board) + rest[:5 - len(board)]
    dealer = rest[5 - len(board):7 - len(board)]
    key = f"drill-{street}-{seed}"
    cards = {"hole": format_cards(hole), "board": format_cards(full), "dealer": format_cards(dealer)}
    assert "error" not in protocol.answer("uth-session-deal", {"session": key, "new": True, "cards": cards})
    for _ in range({"preflop": 0, "flop": 1, "river": 2}[street]):
        protocol.answer("uth-session-decide", {"session": key, "option": "check"})
    choice = OPTIONS[street][-1]
    reply = protocol.answer("uth-session-decide", {"session": key, "option": choice})
    graded = reply["graded"]
    seen = {f["label"]: [c["card"] for c in f["cards"]] for f in graded["facts"]}
    assert graded["street"] == street and seen.get("Mesa", []) == drill.data["board"]
    assert seen["Tus cartas"] == drill.data["hole"] and "Crupier" not in seen
    assert {v["option"]: v["value"] for v in graded["values"]} == drill.extra["values"]
    assert graded["loss"] == drill.extra["loss"][choice]
    exact = protocol.answer("uth-decision", {"hole": drill.data["hole"], "board": drill.data["board"]})
    assert graded["best"] == exact["best"] and graded["loss"] == exact["loss"][choice]
    assert graded["grade"]["code"] == grade(decision(hole, board).loss(choice), S.STAKE).code


def test_nothing_unseen_travels_before_the_rules_show_it():
    key = "unseen"
    reply = protocol.answer("uth-session-deal", {"session": key, "new": True})
    session = S.SESSIONS.find(key)
    hand = session.hand
    replies = [reply]
    for option in ("check", "check"):
        replies.append(protocol.answer("uth-session-decide", {"session": key, "option": option}))
    for shown, text in zip((0, 3, 5), (json.dumps(r, ensure_ascii=False) for r in replies)):
        hidden = [*hand.dealer, *hand.board[shown:]]
        assert not any(f'"{c}"' in text for c in hidden), (shown, text[:300])
        assert all(f'"{c}"' in text for c in (*hand.hole, *hand.board[:shown]))
    for reply in replies:  # no seed of the deal: only the name of the strategy drill that asks a decision again
        assert "seed" not in json.dumps({k: v for k, v in reply.items() if k != "progress"})
        assert reply.get("progress") is None or reply["progress"]["item"]["request"]["seed"] == 0
    last = protocol.answer("uth-session-decide", {"session": key, "option": "fold"})
    assert [c["card"] for c in last["hand"]["settlement"]["dealer"]] == [str(c) for c in hand.dealer]
    assert last["hand"]["settlement"]["net"] == -2 and last["summary"]["hands"] == 1
    assert last["hand"]["settlement"]["text"] == "Resultado de la mano: −2 veces el Ante."


def test_the_engine_shuffles_nine_different_cards_and_the_page_gets_two():
    reply = protocol.answer("uth-session-deal", {"session": "shuffle", "new": True})
    hand = S.SESSIONS.find("shuffle").hand
    assert len(set((*hand.hole, *hand.board, *hand.dealer))) == 9
    assert [c["card"] for c in reply["hole"]] == [str(c) for c in hand.hole] and reply["board"] == []


def test_each_decision_is_recorded_for_the_strategy_skills():
    cards = {"hole": ["7h", "2d"], "board": ["Qs", "9c", "4h", "Kd", "3s"], "dealer": ["Ac", "Ad"]}
    protocol.answer("uth-session-deal", {"session": "progress", "new": True, "cards": cards})
    raised = protocol.answer("uth-session-decide", {"session": "progress", "option": "4x"})
    progress = raised["progress"]
    assert progress["ok"] is False and progress["grade"] == "again"
    assert progress["skills"][0]["id"] == "ultimate.strategy.preflop" and "cuesta de media" in progress["skills"][0]["why"]
    assert progress["item"] == {"command": "drill", "source": "uth-session", "request": {
        "kind": "uth-strategy", "seed": 0, "level": "media", "family": "preflop-clear",
        "spot": {"hole": ["7h", "2d"], "board": []}}}
    assert progress["shown"]["given"] == "subir 4x" and progress["shown"]["expected"] == "pasar"
    # «Mis errores» asks the same spot again as a drill; a right answer there is the same item, solved.
    again = protocol.answer("drill", progress["item"]["request"])
    assert again["data"] == {"hole": ["7h", "2d"], "board": [], "street": "preflop"} and again["answer"]["best"] == "check"
    solved = protocol.answer("drill-check", {**progress["item"]["request"], "answer": "paso"})["progress"]
    assert solved["ok"] is True and solved["item"]["request"] == progress["item"]["request"]
    assert raised["graded"]["grade"]["name"] == "Error grave" and raised["summary"]["hands"] == 1
    protocol.answer("uth-session-deal", {"session": "progress", "cards": cards})
    checked = protocol.answer("uth-session-decide", {"session": "progress", "option": "check"})["progress"]
    assert checked["ok"] is True and checked["grade"] == "good" and checked["skills"][0]["ok"] is True


@pytest.mark.parametrize("request_, code, field", [
    ({"session": "nobody", "option": "4x"}, "unknown-session", "session"),
    ({"session": "errors", "option": "2x"}, "request", "option"),
    ({"session": "errors", "option": "check", "extra": 1}, "unknown-field", "extra"),
    ({"session": "errors"}, "request", "option"),
])
def test_a_refused_decision_changes_nothing(request_, code, field):
    protocol.answer("uth-session-deal", {"session": "errors", "new": True})
    hand = S.SESSIONS.find("errors").hand
    reply = protocol.answer("uth-session-decide", request_)
    assert reply["code"] == code and reply["field"] == field
    assert hand.street == "preflop" and hand.decisions == []


def test_deals_are_refused_mid_hand_and_with_bad_cards():
    protocol.answer("uth-session-deal", {"session": "deal-errors", "new": True})
    again = protocol.answer("uth-session-deal", {"session": "deal-errors"})
    assert again["code"] == "request" and "termina la mano" in again["error"]
    twice = {"hole": ["As", "As"], "board": ["Qs", "9c", "4h", "Kd", "3s"], "dealer": ["Ac", "Ad"]}
    assert protocol.answer("uth-session-deal", {"session": "x", "new": True, "cards": twice})["code"] == "request"
    short = {"hole": ["As", "Ks"], "board": ["Qs", "9c"], "dealer": ["Ac", "Ad"]}
    assert protocol.answer("uth-session-deal", {"session": "x", "new": True, "cards": short})["field"] == "cards.board"
    assert protocol.answer("uth-session-deal", {"session": "", "new": True})["field"] == "session"
    assert protocol.answer("uth-session-deal", {"session": "never-dealt"})["code"] == "unknown-session"


def test_a_session_holds_at_most_its_hands(monkeypatch):
    monkeypatch.setattr(S, "MAX_HANDS", 2)
    session = S.UthSession(random.Random(1))
    for _ in range(2):
        play(session, best)
    with pytest.raises(Exception, match="ya tiene 2 manos"):
        session.deal()


def test_the_page_states_the_grades_of_this_game():
    text = S.grades_text().replace("\xa0", " ")
    assert "«Correcta» si pierde como mucho el 2 % de lo que tienes en juego al decidir" in text
    assert S.STAKE == 2 * S.ANTE


def test_the_loss_per_hand_is_exactly_what_a_way_of_playing_costs():
    """Why the reader's edge is the best one plus the loss per hand: from a flop, checking and then always
    betting 1x on the river is worth, exactly, the best flop value minus the flop decision's loss minus the
    average loss of the river decisions it takes (every turn and river counted)."""
    hole, flop = parse_cards("Kh 7d"), parse_cards("Qs 7c 2h")
    at_flop = decision(hole, flop)
    rest = [c for c in DECK if c not in hole and c not in flop]
    pairs = [(a, b) for i, a in enumerate(rest) for b in rest[i + 1:]]
    rivers = [decision(hole, [*flop, a, b]) for a, b in pairs]
    played = sum((r.options["1x"] for r in rivers), Fraction(0)) / len(pairs)
    lost = at_flop.loss("check") + sum((r.loss("1x") for r in rivers), Fraction(0)) / len(pairs)
    assert played == at_flop.options[at_flop.best] - lost
    assert lost > 0


ACTIONS = st.lists(st.one_of(st.just(("deal", None)), st.just(("new", None)),
                             st.tuples(st.just("decide"), st.sampled_from(["4x", "3x", "2x", "1x", "check", "fold",
                                                                           "", "FOLD", "x" * 70]))), max_size=14)


@settings(max_examples=40, deadline=None, derandomize=True)
@given(ACTIONS)
def test_any_sequence_of_requests_gets_clean_replies_and_a_sane_session(actions):
    key = "fuzzed"
    protocol.answer("uth-session-deal", {"session": key, "new": True})
    for kind, option in actions:
        if kind == "decide":
            reply = protocol.answer("uth-session-decide", {"session": key, "option": option})
        else:
            reply = protocol.answer("uth-session-deal", {"session": key, **({"new": True} if kind == "new" else {})})
        assert reply.get("code") not in ("internal",), reply
        session = S.SESSIONS.find(key)
        for hand in session.hands:
            streets = [g.decided.street for g in hand.decisions]
            assert streets == ["preflop", "flop", "river"][:len(streets)]
            assert (hand.street == "over") == (hand.settled is not None)
            assert all(h.street == "over" for h in session.hands[:-1])
