"""A session of Ultimate Texas Hold'em hands played by the reader, each decision graded by its exact cost.

The reader plays hand after hand against the dealer: 4x, 3x or check before the flop, 2x or check on the
flop, 1x or fold on the river; a bet ends the decisions and the engine settles the hand. Each decision is
valued by :func:`engine.games.ultimate.strategy.decision` (the same exact values as the strategy drill and
``uth-decision``), its loss is the best option's value minus the chosen one's (in Antes) and its grade is
:func:`engine.table.grades.grade` of that loss against what the reader has in play: the Ante and the Blind
(:data:`STAKE`). Each decision carries ``progress`` for «Mi progreso» (the skills
``ultimate.strategy.<street>``); its item is the strategy drill of that very spot
(:func:`engine.drills.spot_item`), so «Mis errores» asks it again.

The session's house edge of the reader's own play is the optimal strategy's
(:func:`engine.games.ultimate.strategy.house_edge`) plus the average loss per hand of the reader's decisions:
what the reader's choices cost on the hands dealt, with no luck of the cards in it (the expected result of
a way of playing is the best play's minus the expected sum of what its decisions lose against the best,
each valued assuming the best play afterwards). Playing every decision best, it is the optimal one exactly.

Nothing is shown early: the engine deals from its own randomness (:class:`random.SystemRandom`; the page
never receives a seed) and keeps the hand; a reply carries the reader's cards, the board as far as the
streets have dealt it and, once the hand is over, the dealer's cards with the settlement.

>>> import random
>>> from engine.protocol import finish
>>> s = UthSession(random.Random(3))
>>> hand = s.deal(); hand.street, len(hand.shown_board())
('preflop', 0)
>>> graded = finish(s.decide_steps("check")); s.apply(graded); hand.street, len(hand.shown_board())
('flop', 3)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Generator, Sequence

from ...cards import DECK, Card, format_cards
from ...drills import spot_item
from ...errors import RequestError
from ...progress import Blame, compact_facts, progress_reply
from ...protocol import command, refuse_unknown_fields
from ...quiz import cards_display, solve
from ...requests import cards as parse_card_list
from ...requests import optional, require, unique_cards
from ...spanish import amount, capital, percent
from ...table.grades import GRADES, Grade, grade, summarize, thresholds_text
from ...table.sessions import SessionStore
from ..holdem.rules import street_phrase
from .drills import strategy_steps
from .rules import json_amount
from .strategy import (OPTION_NAMES, OPTIONS, Decision, cost_sentence, decision_steps, house_edge, in_antes,
                       simple_reason, simple_strategy, value_text)

__all__ = ["ANTE", "MAX_HANDS", "SESSIONS", "STAKE", "STAKE_WORDS", "Graded", "Hand", "UthSession", "grades_text",
           "summary"]

#: The Ante of every hand (the Blind is equal): every figure is in Antes.
ANTE = 1
#: What a decision's loss is a share of, for its grade: the Ante and the Blind on the table (in Antes).
STAKE = Fraction(2)
#: What :data:`STAKE` is, after «el 2 %».
STAKE_WORDS = "de lo que tienes en juego al decidir (el Ante y el Blind: 2 veces el Ante)"
#: Hands one session keeps (then the reader starts another).
MAX_HANDS = 2000
#: Where each street leaves the board, and the Play each bet puts in (in Antes).
_SHOWN = {"preflop": 0, "flop": 3, "river": 5, "over": 5}
_PLAY = {"4x": 4, "3x": 3, "2x": 2, "1x": 1, "fold": 0}
_NEXT = {"preflop": "flop", "flop": "river"}

SESSIONS = SessionStore("La sesión «{key}» ya no está en el motor (se reinició, o empezaste otras): empieza una "
                        "nueva.")


def grades_text() -> str:
    """The four grades and their thresholds, as this game measures them (for the page)."""
    return thresholds_text(STAKE_WORDS)


@dataclass(frozen=True)
class Graded:
    """One decision of the reader: the hand's number (from 1), the cards seen, the option chosen, the exact
    values (:class:`~engine.games.ultimate.strategy.Decision`) and its grade."""

    hand: int
    hole: tuple[Card, ...]
    board: tuple[Card, ...]
    option: str
    decided: Decision
    grade: Grade

    @property
    def loss(self) -> Fraction:
        return self.decided.loss(self.option)


@dataclass
class Hand:
    """A hand of the session: its number, the reader's cards, the board (all five, dealt), the dealer's
    cards, the street of the next decision (``over`` when the hand is settled), the Play and the decisions."""

    number: int
    hole: tuple[Card, ...]
    board: tuple[Card, ...]
    dealer: tuple[Card, ...]
    street: str = "preflop"
    play: int = 0
    decisions: list[Graded] = field(default_factory=list)
    #: The engine's settlement once the hand is over (:func:`engine.quiz.solve`).
    settled: object = None

    def shown_board(self) -> tuple[Card, ...]:
        """The board as far as the streets have dealt it."""
        return self.board[:_SHOWN[self.street]]


class UthSession:
    """A reader's session: the hands dealt (the last one may be in play), dealt from ``rng``."""

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.SystemRandom()
        self.hands: list[Hand] = []

    @property
    def hand(self) -> Hand | None:
        return self.hands[-1] if self.hands else None

    def deal(self, cards: tuple[Sequence[Card], Sequence[Card], Sequence[Card]] | None = None) -> Hand:
        """A new hand (``cards``: the reader's, the board and the dealer's, else shuffled).

        :raises RequestError: while a hand is in play, or when the session is full."""
        if self.hand is not None and self.hand.street != "over":
            raise RequestError("session", "termina la mano en juego antes de repartir otra")
        if len(self.hands) >= MAX_HANDS:
            raise RequestError("session", f"la sesión ya tiene {amount(MAX_HANDS)} manos: empieza otra")
        if cards is None:
            shuffled = self.rng.sample(DECK, 9)
            cards = (shuffled[:2], shuffled[2:7], shuffled[7:])
        hole, board, dealer = (tuple(c) for c in cards)
        self.hands.append(Hand(len(self.hands) + 1, hole, board, dealer))
        return self.hands[-1]

    def decide_steps(self, option: str) -> Generator[tuple[int, int], None, Graded]:
        """The graded decision ``option`` at the hand's street, in steps (a flop decision counts its
        turns and rivers); the session does not change (:meth:`apply` does).

        :raises RequestError: with no decision to take, or an option the street does not have."""
        hand = self.hand
        if hand is None or hand.street == "over":
            raise RequestError("session", "no hay ninguna decisión pendiente: reparte una mano")
        options = OPTIONS[hand.street]
        if option not in options:
            raise RequestError("option", f"{street_phrase(hand.street)} las opciones son "
                                         f"{', '.join(f'«{o}»' for o in options)}")
        board = hand.shown_board()
        decided = yield from decision_steps(hand.hole, board)
        return Graded(hand.number, hand.hole, board, option, decided, grade(decided.loss(option), STAKE))

    def apply(self, graded: Graded) -> None:
        """Take the decision: the next street, or the hand over (with a bet, or a fold)."""
        hand = self.hand
        hand.decisions.append(graded)
        if graded.option in _PLAY:
            hand.play = _PLAY[graded.option]
            hand.street = "over"
            hand.settled = solve({"kind": "uth", "ask": "total", "ante": ANTE, "play": hand.play * ANTE, "trips": 0,
                                  "player": format_cards(hand.hole), "dealer": format_cards(hand.dealer),
                                  "board": format_cards(hand.board)})
        else:
            hand.street = _NEXT[hand.street]

    def finished(self) -> list[Hand]:
        return [h for h in self.hands if h.street == "over"]


def _facts(hole: Sequence[Card], board: Sequence[Card], dealer: Sequence[Card] = ()) -> list[dict]:
    """The cards as a page's facts: the reader's, the board (once dealt) and the dealer's (once shown)."""
    facts = [{"label": "Tus cartas", "cards": cards_display(hole)}]
    if board:
        facts.append({"label": "Mesa", "cards": cards_display(board)})
    if dealer:
        facts.append({"label": "Crupier", "cards": cards_display(dealer)})
    return facts


def _decision_view(graded: Graded) -> dict:
    """A graded decision for the page: where, the cards seen, the choice, each option's value and cost, the
    grade and why (one sentence, and the whole explanation)."""
    decided = graded.decided
    option, best = graded.option, decided.best
    if graded.loss == 0:
        why = f"{capital(OPTION_NAMES[option])} es lo mejor aquí: vale {in_antes(decided.options[option], signed=True)}."
    else:
        why = cost_sentence(option, best, in_antes(graded.loss))
    simple, reason = simple_strategy(list(graded.hole), list(graded.board))
    said = f"La estrategia simple dice {OPTION_NAMES[simple]}, porque {simple_reason(graded.hole, graded.board, reason)}."
    values = [{"option": o, "name": OPTION_NAMES[o], "value": value_text(decided.options[o]),
               "cost": None if o == best else in_antes(decided.loss(o))} for o in OPTIONS[decided.street]]
    return {
        "hand": graded.hand, "street": decided.street, "when": street_phrase(decided.street),
        "title": f"Mano {amount(graded.hand)}, {street_phrase(decided.street)}: {OPTION_NAMES[option]}",
        "facts": _facts(graded.hole, graded.board),
        "option": option, "name": OPTION_NAMES[option], "best": best, "best_name": OPTION_NAMES[best],
        "values": values,
        "lines": [f"{capital(v['name'])}: {in_antes(decided.options[v['option']], signed=True)}"
                  + (" (lo mejor)" if v["cost"] is None else f" (cuesta {v['cost']})") for v in values],
        "loss": float(graded.loss), "loss_text": in_antes(graded.loss),
        "grade": {"code": graded.grade.code, "name": graded.grade.name},
        "why": f"{why} {said}", "simple": said, "steps": strategy_steps(list(graded.hole), list(graded.board), decided),
    }


def _progress(graded: Graded) -> dict:
    """The decision's ``progress`` field (:mod:`engine.progress`): its street's strategy skill, right when
    graded «Correcta»."""
    skill = f"ultimate.strategy.{graded.decided.street}"
    item = spot_item("uth-strategy", {"hole": format_cards(graded.hole), "board": format_cards(graded.board)},
                     "uth-session")
    ok = graded.grade.ok
    facts = [{"label": "Tus cartas", "cards": cards_display(graded.hole)}]
    if graded.board:
        facts.append({"label": "Mesa", "cards": cards_display(graded.board)})
    found = [] if ok else [Blame(skill, cost_sentence(graded.option, graded.decided.best, in_antes(graded.loss)))]
    shown = {"facts": compact_facts(facts), "given": OPTION_NAMES[graded.option],
             "expected": OPTION_NAMES[graded.decided.best]}
    return progress_reply(item, ok, [skill], found, None, shown=shown)


def _hand_view(hand: Hand) -> dict:
    """What the reader sees of the hand now: the street, the cards dealt, the options; once over, the dealer's
    cards and the engine's settlement."""
    over = hand.street == "over"
    view = {"hand": hand.number, "title": f"Mano {amount(hand.number)}", "street": hand.street,
            "hole": cards_display(hand.hole), "board": cards_display(hand.shown_board()),
            "facts": _facts(hand.hole, hand.shown_board(), hand.dealer if over else ()),
            "options": [{"option": o, "name": capital(OPTION_NAMES[o])} for o in OPTIONS.get(hand.street, ())],
            "prompt": None if over else f"{capital(street_phrase(hand.street))}: ¿qué haces?", "settlement": None}
    if over:
        solution = hand.settled
        view["settlement"] = {"dealer": cards_display(hand.dealer), "steps": list(solution.steps),
                              "net": json_amount(solution.value),
                              "text": f"Resultado de la mano: {in_antes(solution.value, signed=True, exact=True)}."}
    return view


def summary(session: UthSession) -> dict:
    """The session so far, over the hands settled: decisions graded (how many of each grade), the loss per 100
    decisions, the three costliest first, the house edge of the reader's play beside the best play's, and
    the cards' result."""
    hands = session.finished()
    taken = [g for h in hands for g in h.decisions]
    done = summarize((g.loss, g.grade) for g in taken)
    optimal = house_edge()
    yours = optimal + done.loss / len(hands) if hands else None
    result = sum((h.settled.value for h in hands), Fraction(0))
    return {
        "hands": len(hands), "decisions": done.count,
        "grades": [{"code": g.code, "name": g.name, "count": done.by_grade[g.code]} for g in GRADES],
        "loss_text": in_antes(done.loss), "per_100": float(done.per_100),
        "per_100_text": in_antes(done.per_100),
        "costliest": [_decision_view(taken[i]) for i in done.costliest],
        "edge": {"yours": None if yours is None else float(yours), "optimal": float(optimal),
                 "yours_text": None if yours is None else percent(yours, 3), "optimal_text": percent(optimal, 3)},
        "result_text": in_antes(result, signed=True, exact=True),
        "facts": _summary_facts(len(hands), done, yours, optimal, result),
    }


def _summary_facts(hands: int, done, yours: Fraction | None, optimal: Fraction, result: Fraction) -> list[dict]:
    """The summary's figures as a page's facts."""
    grades = ", ".join(f"{amount(done.by_grade[g.code])} «{g.name}»" for g in GRADES)
    return [
        {"label": "Manos jugadas", "text": amount(hands)},
        {"label": "Decisiones calificadas", "text": f"{amount(done.count)}: {grades}"},
        {"label": "Pérdida por cada 100 decisiones", "text": in_antes(done.per_100)},
        {"label": "Ventaja de la casa con tu juego", "text": "—" if yours is None else f"{percent(yours, 3)} del Ante"},
        {"label": "Con la mejor estrategia", "text": f"{percent(optimal, 3)} del Ante"},
        {"label": "Resultado de las cartas", "text": in_antes(result, signed=True, exact=True)},
    ]


def _dealt(request: dict) -> tuple[list[Card], list[Card], list[Card]] | None:
    """The ``cards`` of a deal request, checked: ``{"hole": 2, "board": 5, "dealer": 2}``."""
    given = optional(request, "cards", "cards", dict, None)
    if given is None:
        return None
    parts = [parse_card_list(require(given, name, f"cards.{name}"), f"cards.{name}", count)
             for name, count in (("hole", 2), ("board", 5), ("dealer", 2))]
    unique_cards([(f"cards.{name}[{i}]", c) for name, part in zip(("hole", "board", "dealer"), parts)
                  for i, c in enumerate(part)])
    return parts[0], parts[1], parts[2]


@command("uth-session-deal", "Ultimate Texas Hold'em, una sesión: reparte la mano siguiente (con «new», una sesión "
                             "nueva); solo tus cartas.")
def _deal_command(request: dict) -> dict:
    """``{"session", "new"?: bool, "cards"?: {"hole", "board", "dealer"}}`` -> the hand as the reader sees it:
    ``{"hand": number, "street": "preflop", "hole", "board": [], "options": [{"option", "name"}], "when",
    "settlement": null}``. ``new`` starts the session again (else it must be kept: ``unknown-session``);
    ``cards`` deals those (tests; the page never sends them), else the engine shuffles with its own secret
    randomness, never sent."""
    key = SESSIONS.key(request)
    new = optional(request, "new", "new", bool, False)
    cards = _dealt(request)
    session = UthSession() if new else SESSIONS.find(key)
    refuse_unknown_fields(request)
    hand = session.deal(cards)
    SESSIONS.keep(key, session)
    return _hand_view(hand)


@command("uth-session-decide", "Ultimate Texas Hold'em, una sesión: tu decisión en la mano en juego, con su valor "
                               "exacto, su nota y por qué; al acabar la mano, la liquidación y el resumen.")
def _decide_command(request: dict) -> Generator[tuple[int, int], None, dict]:
    """``{"session", "option"}`` -> ``{"graded": the decision graded (its values, cost, grade, why and
    explanation), "progress", "hand": the hand as the reader sees it now (the next street's cards, or the
    dealer's and the settlement), "summary": the session's when the hand is over, else null}``; in steps
    (a flop decision reports its count). Nothing changes until the reply is ready."""
    session = SESSIONS.find(SESSIONS.key(request))
    option = require(request, "option", "option", str)
    refuse_unknown_fields(request)
    graded = yield from session.decide_steps(option)
    session.apply(graded)
    hand = session.hand
    return {"graded": _decision_view(graded), "progress": _progress(graded), "hand": _hand_view(hand),
            "summary": summary(session) if hand.street == "over" else None}
