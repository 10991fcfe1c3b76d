"""engine.review: the review of a free table's hand (both games) never depends on the real hidden cards, agrees
with exact enumeration on a river spot, and grades and words as its module says."""

from __future__ import annotations

import math

import pytest

from engine.cards import DECK, Card
from engine.evaluation import code_of, strength
from engine.games.holdem.play import GAME as HOLDEM
from engine.games.holdem.play import HoldemGame
from engine.games.holdem.rules import RULES
from engine.games.holdem.texts import WORDS
from engine.games.mata_ases import play as mata_play
from engine.games.mata_ases.play import GAME as MATA
from engine.play.session import FreeSession
from engine.review import review_steps, summary
from engine.review.grades import grade_of
from engine.review.worlds import TREMBLE, estimate
from engine.table.bots import Decision
from engine.table.grades import GRADES
from engine.table.game import Move

HOLDEM_TABLE = {"players": 3, "seat": 0, "blinds": [10, 20], "depth": 100, "seed": 11}
MATA_TABLE = {"opponents": 2, "modality": "boton-ante", "betting": "no-limit", "minimum": 50, "depth": 40,
              "seed": 4, "exposures": False}


def _drive(session: FreeSession, style: str = "agresivo") -> None:
    """Play the reader's seat with a bot's policy to the end of the hand."""
    session.advance()
    while not session.is_over():
        view = session.game.seat_view(session.hand, session.reader)
        decision = session.game.policy(view, style, 5)
        session.act(Move(decision.action, decision.amount if decision.action in ("bet", "raise") else None))
        session.advance()


def _review(session: FreeSession, worlds: int) -> dict:
    steps = review_steps(session, worlds=worlds)
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value


def _unseen(session: FreeSession) -> set:
    """The cards the reader's seat never saw at any of his decisions."""
    seen = set()
    for _, at in session.replayed(list(range(len(session.spots)))):
        seen |= set(at.view.seen)
    return set(DECK) - seen


def _swap(cards: list, unseen: set) -> list:
    """Every unseen card moved one place on among the unseen ones (each lands where another one was)."""
    places = [i for i, card in enumerate(cards) if card in unseen]
    out = list(cards)
    for i, j in zip(places, places[1:] + places[:1]):
        out[j] = cards[i]
    return out


def test_holdem_swapping_the_bots_hidden_cards_changes_no_figure():
    game = HOLDEM
    session = FreeSession(game, game.free_table(game.free_setup(HOLDEM_TABLE)))
    _drive(session)
    assert session.spots, "the reader must have decided"
    first = _review(session, worlds=6)
    unseen = _unseen(session)
    real = session.table.deck()
    swapped = _swap(real, unseen)
    assert swapped != real
    other = FreeSession(game, game.free_table(game.free_setup(HOLDEM_TABLE)))
    other.table.deck = lambda: list(swapped)
    other.hand, other.deal = other.table.redeal()
    other.restore(list(session.decisions), others=False)
    assert other.decisions == session.decisions
    bots = [q for q in other.hand.names if q != other.reader]
    assert any(other.hand.hole[q] != session.hand.hole[q] for q in bots)
    assert _review(other, worlds=6) == first


def test_mata_ases_swapping_the_bots_hidden_cards_changes_no_figure(monkeypatch):
    game = MATA
    session = FreeSession(game, game.free_table(game.free_setup(MATA_TABLE)))
    _drive(session, "equilibrado")
    assert session.spots and session.hand.deal_index == 0
    first = _review(session, worlds=4)
    unseen = {str(card) for card in _unseen(session)}
    real = mata_play.deals_for

    def deals(names, seed, *, exposures=False):
        out = real(names, seed, exposures=exposures)
        cards = [c for n in names for c in out[0]["cards"][n]] + out[0]["ayudas"]
        moved = iter(_swap(cards, unseen))
        out[0] = {**out[0], "cards": {n: [next(moved) for _ in range(5)] for n in names},
                  "ayudas": [next(moved) for _ in range(3)]}
        return out

    monkeypatch.setattr(mata_play, "deals_for", deals)
    other = FreeSession(game, game.free_table(game.free_setup(MATA_TABLE)))
    other.restore(list(session.decisions), others=False)
    assert other.spots == session.spots
    assert any(other.hand.hole[q] != session.hand.hole[q] for q in other.hand.names if q != other.reader)
    assert _review(other, worlds=4) == first


# --------------------------------------------------------------------------------------------- river

def _improves(view) -> bool:
    """A made hand of a better kind than the board's alone (a pair on a board without one...)."""
    board = [Card.parse(c) for c in view.board]
    return code_of(strength([*(Card.parse(c) for c in view.hole), *board])) > code_of(strength(board))


class KnownGame(HoldemGame):
    """Hold'em whose bots follow a known, deterministic policy: check or call to the river, there bet half the
    pot (or call) with a hand better than the board, else check (or fold)."""

    def policy(self, view, style, seed, *, budget=None):
        kinds = {o["action"]: o for o in view.options}
        if view.street != "river" or "check" not in kinds and "fold" not in kinds:
            return Decision("check" if "check" in kinds else "call")
        strong = _improves(view)
        if "check" in kinds:
            if strong and "bet" in kinds:
                return Decision("bet", max(kinds["bet"]["min"], min(kinds["bet"]["max"], view.pot // 2)))
            return Decision("check")
        return Decision("call" if strong else "fold")

    def bot(self, hand, player, style, seed):
        decision = self.policy(self.seat_view(hand, player), style, seed)
        return Move(decision.action, decision.amount if decision.action in ("bet", "raise") else None)


def _river_spot():
    """A heads-up hand where the reader checks everything and faces the bot's river bet."""
    game = KnownGame("holdem", "Texas Hold'em", RULES, WORDS, bots=("Ana",))
    for seed in range(60):
        setup = game.free_setup({"players": 2, "seat": 0, "blinds": [10, 20], "depth": 100, "seed": seed})
        session = FreeSession(game, game.free_table(setup))
        session.advance()
        while not session.is_over():
            view = game.seat_view(session.hand, session.reader)
            if view.street == "river" and view.to_call:
                return game, session
            kinds = {o["action"] for o in view.options}
            session.act(Move("check" if "check" in kinds else "call"))
            session.advance()
    raise AssertionError("no river bet in 60 seeds")


def _exact(game, session, view, candidate, *, bayes: bool = True) -> float:
    """The candidate's value over every holding of the bot, each weighed by the known policy (with the
    review's tremble), the hand played on the engine's table."""
    seen = set(view.seen)
    unseen = [c for c in DECK if c not in seen]
    real = session.table.deck()
    bot = next(q for q in session.hand.names if q != session.reader)
    total = weighted = 0.0
    for i in range(len(unseen)):
        for j in range(i + 1, len(unseen)):
            holding = {unseen[i], unseen[j]}
            hand, deal = session.table.world(view, _Fixed(holding, real, seen))
            weight = 1.0
            tremble = TREMBLE if bayes else 1.0
            for decision in session.decisions[:len(session.decisions)]:
                player = hand.to_act
                if player == bot:
                    chosen = game.policy(game.seat_view(hand, player), "equilibrado", 0)
                    weight *= 1.0 if chosen.action == decision["action"] else tremble
                hand.act(player, decision["action"], decision.get("amount"))
                deal(hand)
            before = hand.stacks[session.reader]
            hand.act(session.reader, candidate.action, candidate.amount)
            deal(hand)
            while not hand.over:
                player = hand.to_act
                chosen = game.policy(game.seat_view(hand, player), "equilibrado", 0)
                hand.act(player, chosen.action, chosen.amount if chosen.action in ("bet", "raise") else None)
                deal(hand)
            total += weight
            weighted += weight * (hand.stacks[session.reader] - before)
    return weighted / total


class _Fixed:
    """A ``draw`` whose shuffle puts the bot's ``holding`` where the world deals the bot's cards."""

    def __init__(self, holding, real, seen) -> None:
        self.holding, self.real, self.seen = holding, real, seen

    def shuffle(self, unseen: list) -> None:
        rest = [c for c in unseen if c not in self.holding]
        slots = [i for i, c in enumerate(self.real) if c not in self.seen]
        # the deck deals the hole cards first, one at a time: the bot's are the unseen ones among the first four
        first = [k for k, i in enumerate(slots) if i < 4]
        order = list(rest)
        for k, card in zip(first, sorted(self.holding)):
            order.insert(k, card)
        unseen[:] = order


def test_river_estimate_agrees_with_exact_enumeration_within_its_margin():
    game, session = _river_spot()
    view = game.seat_view(session.hand, session.reader)
    at = len(session.decisions)
    move = Move("call")
    result = estimate(game, session.table, view, session.decisions, at, move, session.table.styles,
                      session.reader, worlds=600, work=None, played=600)
    assert result.effective < 0.8 * 600  # the bot's bet told something: the worlds weigh differently
    checked = 0
    for candidate, value in result.values.items():
        if candidate.action == "fold":
            assert value.mean == 0 and value.margin == 0
            continue
        exact = _exact(game, session, view, candidate)
        assert abs(value.mean - exact) <= value.margin, (candidate, value, exact)
        blind = _exact(game, session, view, candidate, bayes=False)  # the cards at random, actions ignored
        assert abs(value.mean - blind) > value.margin, (candidate, value, blind)
        checked += 1
    assert checked >= 1


# --------------------------------------------------------------------------------------------- grades

def test_grades_are_the_tables_and_a_loss_within_its_margin_is_correct():
    for level, nxt in zip(GRADES, GRADES[1:]):
        assert grade_of(float(level.upto) * 100, 100, False) is level
        assert grade_of(float(level.upto) * 100 + 1, 100, False) is nxt
    assert grade_of(10_000, 100, True) is GRADES[0]


def test_a_review_says_each_action_with_its_margin_and_the_summary_ranks_the_costliest():
    session = FreeSession(HOLDEM, HOLDEM.free_table(HOLDEM.free_setup(HOLDEM_TABLE)))
    _drive(session)
    reply = _review(session, worlds=8)
    assert reply["words"]["title"] == "Revisión de la mano"
    for d in reply["decisions"]:
        assert d["grade"] in {g.code for g in GRADES}
        assert sum(a["chosen"] for a in d["actions"]) == 1 and sum(a["best"] for a in d["actions"]) == 1
        assert all("±" in a["figure"] and a["margin"] >= 0 for a in d["actions"])
        assert d["why"].endswith(".") and "%" in d["why"]
        counted = 0 if any(a["chosen"] and a["tie"] for a in d["actions"]) else d["loss"]
        assert d["units"] == pytest.approx(counted / 20, abs=0.01)
    made = [{"grade": g, "loss": loss, "units": loss / 20} for g, loss in
            (("correct", 0), ("mistake", 30), ("blunder", 90), ("inaccuracy", 5), ("mistake", 40))]
    out = summary(made, (20, "ciegas grandes"))
    assert out["decisions"] == 5 and out["per_100"] == pytest.approx(100 * 165 / 20 / 5)
    assert [d["loss"] for d in out["costliest"]] == [90, 40, 30]
    assert "ciegas grandes por cada 100 decisiones" in out["text"]
    assert math.isclose(sum(out["counts"].values()), 5)


# --------------------------------------------------------------------------------------------- limits

def _raise_war(reader_raises: int) -> list[dict]:
    """A heads-up hand where the reader (the button, first to act) and the bot min-raise in turn."""
    return [{"action": "raise", "amount": 20 * (i + 2)} for i in range(2 * reader_raises - 1)]


def test_a_hand_with_more_decisions_than_the_review_takes_is_refused_in_spanish_and_one_is_still_reviewed():
    from engine import protocol
    from engine.review import MAX_REVIEWED
    from engine.spanish import amount
    table = {"players": 2, "seat": 0, "blinds": [10, 20], "depth": 1000, "seed": 0}
    request = {"game": "holdem", "table": table, "actions": _raise_war(MAX_REVIEWED + 1)}
    reply = protocol.answer("play-review", request)
    assert reply["code"] == "request" and reply["field"] == "session", reply
    assert f"como mucho {MAX_REVIEWED}" in reply["error"] and "«decision»" in reply["error"]
    one = protocol.answer("play-review", {**request, "decision": MAX_REVIEWED})
    assert "error" not in one, one
    assert [d["index"] for d in one["decisions"]] == [MAX_REVIEWED]
    assert one["decisions"][0]["you"] == f"Subes a {amount(20 * (2 * MAX_REVIEWED + 2))}."
