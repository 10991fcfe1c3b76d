"""Issue 50, items 6 and 7: the coach gives one equity per decision, the same every time it is asked and in
every session: exact where every deal can be counted within its budget (one or two hands on the turn and the
river), checked against treys and the engine's exact enumeration (``holdem-equity``); otherwise drawn from enough
deals that its 95 % margin is at most one point, the margin shown, and within that margin of the exact
count (heads-up on the flop) or of a far larger draw.
The draw is seeded by what the seat sees, never by the table's secret."""

from __future__ import annotations

from fractions import Fraction
from types import SimpleNamespace

import pytest

from engine import protocol
from engine.cards import parse_cards
from engine.games.holdem.bot_policy import coach_equity
from engine.games.holdem.equity import equity, versus_random
from engine.play.commands import SESSIONS
from engine.table.coach import MARGIN, SAMPLES, _asked, margin_of
from engine.table.words import YOU

AUDIT = {"players": 4, "seed": 2, "seat": 0, "blinds": [10, 20], "depth": 100}


def view(cards: str, opponents: int) -> SimpleNamespace:
    """What :func:`coach_equity` reads of a seat's view: its own two cards, the board, the live opponents."""
    return SimpleNamespace(cards=tuple(parse_cards(cards)), opponents=opponents)


def exact(cards: str, opponents: int) -> float:
    reply = protocol.answer("holdem-equity", {"players": {"Tú": cards.split()[:2], "Rival": []},
                                              "board": cards.split()[2:]})
    assert reply["exact"] is True and opponents == 1
    return reply["equity"]["Tú"]


def treys_turn_equity(cards: str) -> float:
    """Heads-up equity on the turn against a random hand, counted with treys (an independent evaluator):
    every opponent holding and every river, a tie half a pot."""
    from itertools import combinations

    treys = pytest.importorskip("treys")
    evaluator = treys.Evaluator()
    mine = [treys.Card.new(c) for c in cards.split()[:2]]
    board = [treys.Card.new(c) for c in cards.split()[2:]]
    ranks, suits = "23456789TJQKA", "shdc"
    free = [treys.Card.new(r + s) for r in ranks for s in suits if treys.Card.new(r + s) not in mine + board]
    total = shares = 0.0
    for river in free:
        full = board + [river]
        me = evaluator.evaluate(full, mine)
        for a, b in combinations([c for c in free if c != river], 2):
            other = evaluator.evaluate(full, [a, b])  # lower is better
            shares += 1.0 if me < other else 0.5 if me == other else 0.0
            total += 1
    return shares / total


def _run(reply: dict, key: str) -> dict:
    while reply.get("more"):
        reply = protocol.answer("play-step", {"session": key})
    return reply


def audit_turn_notes(key: str, asks: int) -> list[dict]:
    """The audit's spot: the second hand of a 4-player table (seed 2), the reader checking or calling to the
    turn (Ks 4c on Jc Qc 8c 7h against one opponent); play-coach asked ``asks`` times there."""
    reply = _run(protocol.answer("play-start", {"session": key, "game": "holdem", "mode": "free", "table": AUDIT}),
                 key)
    hand = 0
    while True:
        session = SESSIONS.find(key)
        if session.is_over():
            assert hand == 0, "the hand reached its end before the turn"
            reply = _run(protocol.answer("play-next", {"session": key}), key)
            hand += 1
            continue
        if hand == 1 and len(session.hand.board) == 4 and session.hand.to_act == YOU:
            return [protocol.answer("play-coach", {"session": key})["now"] for _ in range(asks)]
        kinds = [o["action"] for o in session.hand.legal_actions()]
        action = next(k for k in ("check", "call") if k in kinds)
        reply = _run(protocol.answer("play-step", {"session": key, "decision": {"action": action}}), key)


def test_the_audit_spot_reads_37_7_percent_however_often_it_is_asked():
    cards = "Ks 4c Jc Qc 8c 7h"
    assert round(exact(cards, 1), 4) == 0.3769 == round(treys_turn_equity(cards), 4)
    own = coach_equity(view(cards, 1))
    assert own.exact and own.value == pytest.approx(exact(cards, 1), abs=1e-12) and own.margin == 0
    notes = audit_turn_notes("audit", 3)
    session = SESSIONS.find("audit")
    if sorted(str(c) for c in session.hand.hole[YOU]) != ["4c", "Ks"]:
        pytest.skip("the free table's seed 2 deals other cards now; the figure is checked above")
    facts = {note["facts"][-1] for note in notes}
    assert len(facts) == 1
    (fact,) = facts
    assert fact.startswith("Tu equity: 37,7\xa0% contra una mano al azar, exacta")


def treys_river_two_hands(cards: str) -> Fraction:
    """The river's equity against two unknown hands, counted pair by pair with treys: every ordered pair of
    disjoint holdings, a tie among k winners a k-th of the pot."""
    from itertools import combinations

    treys = pytest.importorskip("treys")
    evaluator = treys.Evaluator()
    mine = [treys.Card.new(c) for c in cards.split()[:2]]
    board = [treys.Card.new(c) for c in cards.split()[2:]]
    free = [treys.Card.new(r + s) for r in "23456789TJQKA" for s in "shdc"]
    free = [c for c in free if c not in mine + board]
    holdings = list(combinations(free, 2))
    rank = {h: evaluator.evaluate(board, list(h)) for h in holdings}  # lower is better
    me = evaluator.evaluate(board, mine)
    share, pairs = Fraction(0), 0
    for first in holdings:
        for second in holdings:
            if set(first) & set(second):
                continue
            pairs += 1
            best = min(me, rank[first], rank[second])
            if me == best:
                share += Fraction(1, [me, rank[first], rank[second]].count(best))
    return share / pairs


@pytest.mark.parametrize("cards", ["7s 7d Ah Kh 2c 3d 9s", "Ah Qh Kh 9h 2h 5c 5d"])
def test_two_hands_on_the_river_are_counted_exactly(cards):
    own = coach_equity(view(cards, 2))
    assert own.exact and own.margin == 0 and own.deals == 990 * 903
    assert versus_random(parse_cards(cards)[:2], parse_cards(cards)[2:], 2)[0] == treys_river_two_hands(cards)


def test_two_hands_on_the_turn_are_counted_exactly_and_agree_with_a_large_draw():
    cards = "Ks 4c Jc Qc 8c 7h"
    own = coach_equity(view(cards, 2))
    assert own.exact and own.deals == 46 * 990 * 903
    large = equity({"me": parse_cards(cards)[:2], "a": (), "b": ()}, parse_cards(cards)[2:], samples=200_000, seed=3)
    low, high = large.interval(0)
    assert low <= own.value <= high


@pytest.mark.parametrize("cards", ["Ks 4c Jc Qc 8c 7h", "7s 7d Ah Kh 2c 3d", "7s 7d Ah Kh 2c 3d 9s"])
def test_heads_up_on_the_turn_and_the_river_is_exact(cards):
    own = coach_equity(view(cards, 1))
    assert own.exact and own.margin == 0
    assert own.value == pytest.approx(exact(cards, 1), abs=1e-12)


def test_heads_up_on_the_flop_is_drawn_within_a_point_of_the_exact_count():
    cards = "Ks 4c Jc Qc 8c"
    own = coach_equity(view(cards, 1))
    assert not own.exact and own.deals == SAMPLES and 0 < own.margin <= MARGIN
    assert abs(own.value - exact(cards, 1)) <= own.margin


@pytest.mark.parametrize("cards, opponents", [("Ks 4c", 1), ("Ah Ad", 3), ("9h 8h Jc Qc 8c", 3),
                                              ("Ks 4c Jc Qc 8c 7h", 3), ("9h 8h Jc Qc 8c 2d 3s", 4)])
def test_a_drawn_equity_has_a_margin_of_at_most_a_point_and_lands_within_it(cards, opponents):
    own = coach_equity(view(cards, opponents))
    assert not own.exact and own.deals == SAMPLES >= 9604
    assert 0 < own.margin <= MARGIN and margin_of(own.value, own.deals) <= MARGIN
    hands = {"me": parse_cards(cards)[:2], **{f"r{i}": () for i in range(opponents)}}
    large = equity(hands, parse_cards(cards)[2:], samples=200_000, seed=7)
    low, high = large.interval(0)
    assert abs(own.value - float(large.equity(0))) <= own.margin + (high - low) / 2


def test_the_same_spot_gives_the_same_figure_in_any_session():
    """No table secret in the draw: the figure depends on what the seat sees, nothing else."""
    cards = "Ah Ad 9h 8h Jc"
    first = coach_equity(view(cards, 3))
    from engine.games.holdem import bot_policy

    bot_policy._coach_equity.cache_clear()  # computed again from nothing: the same draw
    assert coach_equity(view(cards, 3)) == first


def test_the_table_page_says_what_the_coach_computes():
    from pathlib import Path

    page = (Path(__file__).resolve().parents[3] / "docs" / "holdem" / "mesa.md").read_text(encoding="utf-8")
    flat = " ".join(page.split())
    assert MARGIN == 0.01 and "su margen de error es como mucho un punto" in flat
    for opponents in (1, 2):
        assert coach_equity(view("Ks 4c Jc Qc 8c 7h", opponents)).exact
        assert coach_equity(view("7s 7d Ah Kh 2c 3d 9s", opponents)).exact
    assert not coach_equity(view("Ks 4c Jc Qc 8c 7h", 3)).exact
    assert "con uno o dos rivales, en el turn y en el river" in flat


def test_what_the_styles_ask_names_them_right():
    """Item 7: «cada estilo» only when every style asks; one style is named as one."""
    assert _asked({"prudente": 0.34}) == "Para pagar, el estilo prudente pide al menos un 34\xa0%."
    assert _asked({"prudente": 0.34, "agresivo": 0.26}) == ("Para pagar, los estilos prudente y agresivo piden al "
                                                            "menos: prudente, un 34\xa0%; agresivo, un 26\xa0%.")
    assert _asked({"prudente": 0.34, "equilibrado": 0.29, "agresivo": 0.26}).startswith(
        "Para pagar, cada estilo pide al menos: prudente, un 34\xa0%; equilibrado")
