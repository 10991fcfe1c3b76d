"""Ultimate Texas Hold'em's drills (its ``drills`` facet): settling a hand (``uth-payout``, the croupier
trainer's modes) and choosing the Play (``uth-strategy``, judged by :mod:`.strategy`).

``uth-payout`` families are the trainer's modes (:data:`.trainer.MODES`): the trainer already
deals toward the instructive cases of each (the Blind paying only with a straight or better, Trips
from three of a kind, a dealer who does not qualify).
"""

from __future__ import annotations

import random
import re
from fractions import Fraction
from typing import Any, Generator

from ...cards import DECK, Card, format_cards, parse_cards
from ...errors import RequestError
from ...drills import MAX_SEED, DrillKinds, deal_until, own_check, quiz_fields
from ...evaluation import evaluate, name_es
from ...progress import Blame
from ...quiz import AnswerError, cards_display, solve
from ...requests import cards as card_list
from ...requests import check_type, require, unique_cards
from ...spanish import amount, cards_text, fold, listing
from ..holdem.rules import street_phrase
from . import trainer
from .rules import json_amount
from .strategy import (OPTION_NAMES, OPTIONS, cost_sentence, decision, decision_reply, decision_steps, in_antes,
                       simple_reason, simple_strategy)
from .trainer import UNITS, deal

DRILLS = DrillKinds()

_UNITS = {"fácil": (5, 10), "media": (5, 10, 25), "difícil": UNITS}


@DRILLS.kind("uth-payout", {
    "fácil": (("blind", 1), ("ante-play", 1)),
    "media": (("blind", 1), ("ante-play", 1), ("trips", 1)),
    "difícil": (("trips", 1), ("total", 3)),
}, {
    "blind": "cuánto paga el Blind",
    "ante-play": "Ante y Play",
    "trips": "la apuesta Trips",
    "total": "el resultado total del jugador",
}, skills=trainer.SKILLS)
def _uth_payout(rng: random.Random, level: str, family: str) -> dict:
    hand = deal(family, unit=rng.choice(_UNITS[level]), seed=rng.randrange(MAX_SEED))
    spec = hand["question"]
    solution = solve(spec)
    data = {key: spec[key] for key in ("player", "dealer", "board", "ante", "play", "trips", "trips_table")}
    answer = {"amount": json_amount(solution.value), "text": solution.display}
    return quiz_fields(spec, hand["prompt"], data, answer)


# ---------------------------------------------------------------------------------------------
# The Play decision (uth-strategy).

#: A wrong choice costing at least this (Antes) is a clear case; under CLOSE, a close one.
CLEAR = Fraction(1, 2)
CLOSE = Fraction(1, 5)
#: Before the flop, a close case: 4x and checking differ by less than this (Antes).
PREFLOP_CLOSE = Fraction(1, 10)


def _flop_shape(hole: list[Card], flop: list[Card]) -> str:
    """``made`` (a pair or better with a hidden card), ``draw`` (four to a flush with a hidden card)
    or ``nothing``."""
    ranks = [c.rank for c in flop]
    if hole[0].rank == hole[1].rank or any(c.rank in ranks for c in hole):
        return "made"
    for suit in {c.suit for c in hole}:
        if sum(c.suit == suit for c in hole + flop) >= 4:
            return "draw"
    return "nothing"


def read_spot(value: Any) -> tuple[str, dict]:
    """A Play decision met elsewhere (a session's), as a drill request's ``spot``: ``{"hole": 2 cards, "board":
    0, 3 or 5 cards}`` -> its family (by street; on the flop, by what the reader holds) and the spot as plain
    data.

    :raises RequestError: naming the field at fault.
    """
    check_type(value, dict, "spot")
    hole = card_list(require(value, "hole", "spot.hole"), "spot.hole", 2)
    board = card_list(require(value, "board", "spot.board"), "spot.board")
    if len(board) not in (0, 3, 5):
        raise RequestError("spot.board", f"debe tener 0, 3 o 5 cartas (tiene {len(board)})")
    unique_cards([(f"spot.hole[{i}]", c) for i, c in enumerate(hole)]
                 + [(f"spot.board[{i}]", c) for i, c in enumerate(board)])
    street = {0: "preflop", 3: "flop", 5: "river"}[len(board)]
    family = f"flop-{_flop_shape(hole, board)}" if street == "flop" else f"{street}-clear"
    return family, {"hole": format_cards(hole), "board": format_cards(board)}


@DRILLS.kind("uth-strategy", {
    "fácil": (("preflop-clear", 1), ("river-clear", 2), ("flop-made", 1)),
    "media": (("preflop-close", 1), ("river-clear", 1), ("river-close", 1), ("flop-made", 1), ("flop-draw", 1),
              ("flop-nothing", 1)),
    "difícil": (("preflop-close", 1), ("river-close", 2), ("flop-draw", 1), ("flop-nothing", 1)),
}, {
    "preflop-clear": "antes del flop: subir 4x, 3x o pasar",
    "preflop-close": "antes del flop, una decisión ajustada",
    "river-clear": "el river: apostar 1x o retirarse",
    "river-close": "el river, una decisión ajustada",
    "flop-made": "el flop con pareja o más",
    "flop-draw": "el flop con cuatro cartas a color",
    "flop-nothing": "el flop sin nada",
}, skills={family: (f"ultimate.strategy.{family.partition('-')[0]}",) for family in (
    "preflop-clear", "preflop-close", "river-clear", "river-close", "flop-made", "flop-draw", "flop-nothing")},
    spot=read_spot)
def _uth_strategy(rng: random.Random, level: str, family: str,
                  spot: dict | None = None) -> Generator[tuple[int, int], None, dict]:
    """The drill's fields, in steps: a flop decision counts 1.081 turns and rivers. ``spot``: that decision
    (:func:`read_spot`), not a random one."""
    if spot is not None:
        hole, board = parse_cards(" ".join(spot["hole"])), parse_cards(" ".join(spot["board"]))
        return _strategy_fields(hole, board, (yield from decision_steps(hole, board)))
    street, _, shape = family.partition("-")
    size = {"preflop": 0, "flop": 3, "river": 5}[street]

    def deal():
        cards = rng.sample(DECK, 2 + size)
        return cards[:2], cards[2:]

    if street == "flop":
        hole, board = deal_until(rng, deal, lambda r: _flop_shape(*r) == shape)
        decided = yield from decision_steps(hole, board)
    else:
        def accept(r):
            decided = decision(*r)
            gap = min(decided.loss(o) for o in decided.options if o != decided.best)  # the runner-up's cost
            if street == "preflop":  # pre-flop values are smaller: 4x against checking
                gap = abs(decided.options["4x"] - decided.options["check"])
                return gap >= CLOSE if shape == "clear" else gap < PREFLOP_CLOSE
            return gap >= CLEAR if shape == "clear" else gap < CLOSE

        hole, board = deal_until(rng, deal, accept)
        decided = decision(hole, board)
    return _strategy_fields(hole, board, decided)


def strategy_steps(hole: list[Card], board: list[Card], decided) -> list[str]:
    """The explanation of a Play decision (a drill's, a session's): the hand, what the simple strategy says
    and whether it is right here, what each other option costs, the value of each and what was counted."""
    street = decided.street
    options = OPTIONS[street]
    hand = name_es(evaluate(hole + board)) if street == "river" else None
    counted = {
        "river": f"las {amount(decided.deals)} manos posibles del crupier",
        "flop": f"las {amount(decided.deals // 990)} combinaciones de turn y river y, en cada una, las 990 manos "
                "posibles del crupier (si pasas, en el river eliges lo mejor: apostar 1x o retirarte)",
        "preflop": f"{amount(decided.deals)} repartos: cada flop, turn y river y cada mano posible del crupier (si "
                   "pasas, después eliges lo mejor en el flop y en el river; la tabla de las 169 manos iniciales "
                   "la calcula un programa del sitio)",
    }[street]
    best = decided.best
    simple, why = simple_strategy(hole, board)
    verdict = ("aquí coincide con lo mejor" if decided.loss(simple) == 0 else
               f"aquí se equivoca: cuesta de media {in_antes(decided.loss(simple))}")
    return ([f"Tu jugada: {hand}."] if hand else []) + [
        f"La estrategia simple dice {OPTION_NAMES[simple]}, porque {simple_reason(hole, board, why)}: {verdict}.",
    ] + [f"Lo mejor es {OPTION_NAMES[best]}; {OPTION_NAMES[o]} cuesta de media {in_antes(decided.loss(o))}."
         for o in options if o != best] + [
        "Valor de cada opción (lo que ganas o pierdes de media con Ante + Blind + Play, sin Trips): "
        + "; ".join(f"{OPTION_NAMES[o]}, {in_antes(decided.options[o], signed=True)}" for o in options) + ".",
        f"Estos valores cuentan {counted}.",
    ]


def _strategy_fields(hole: list[Card], board: list[Card], decided) -> dict:
    street = decided.street
    options = OPTIONS[street]
    names = [OPTION_NAMES[o] for o in options]
    table = f" y en la mesa hay {cards_text(board)}" if board else ""
    question = (f"Ultimate Texas Hold'em, {street_phrase(street)}: tienes {cards_text(hole)}{table}. "
                f"¿Qué haces: {listing(names, 'o')}?")
    best = decided.best
    simple, _why = simple_strategy(hole, board)
    steps = strategy_steps(hole, board, decided)
    data = {"hole": format_cards(hole), "board": format_cards(board), "street": street}
    facts = ({"label": "Tus cartas", "cards": cards_display(hole)},) + (
        ({"label": "Mesa", "cards": cards_display(board)},) if board else ())
    reply = decision_reply(decided)
    answer = {"best": best, "options": reply["options"], "simple": simple}
    hint = f"Escribe tu decisión: {listing(names, 'o')} (también «{'», «'.join(options)}»)."

    def verdict(given: str) -> tuple:
        cost = in_antes(decided.loss(given))
        return (decided.loss(given) == 0, OPTION_NAMES[given],
                f"«{OPTION_NAMES[given]}» no es lo mejor: cuesta de media {cost}.",
                ([_strategy_blame(street, given, best, simple, cost)], None))

    def checker(text: Any, reveal: bool) -> dict:
        return own_check(text, reveal, read=lambda t: read_option(t, options), verdict=verdict,
                         expected=OPTION_NAMES[best], solution=f"Lo mejor es {OPTION_NAMES[best]}.", steps=tuple(steps),
                         correct=f"La respuesta es {OPTION_NAMES[best]}.")

    return {"question": question, "data": data, "answer": answer, "explanation": tuple(steps), "hint": hint,
            "facts": facts, "checker": checker,
            "extra": {"values": reply["text"], "names": reply["names"], "loss": reply["loss"]}}


def _strategy_blame(street: str, given: str, best: str, simple: str, cost: str):
    """Why a Play decision was wrong: what it costs against the best option, and whether the simple
    strategy led there (:class:`engine.progress.Blame`)."""
    why = cost_sentence(given, best, cost)
    if given == simple:
        why += " La estrategia simple dice eso, pero aquí se equivoca."
    return Blame(f"ultimate.strategy.{street}", why)


_OPTION_WORDS = {
    "check": ("pasar", "paso", "check", "chequear", "chequeo", "esperar", "espero", "no apostar", "no apuesto"),
    "fold": ("retirarse", "retirarme", "me retiro", "retiro", "fold", "foldear", "tirar", "tiro", "abandonar",
             "no voy", "irse", "me voy"),
}
_BET_WORDS = ("apostar", "apuesto", "subir", "subo", "jugar", "juego", "bet", "raise", "ir", "voy", "play")
_NUMBER_WORDS = {"uno": "1", "una": "1", "dos": "2", "tres": "3", "cuatro": "4", "doble": "2", "triple": "3"}


def read_option(text: Any, options: tuple[str, ...]) -> str:
    """The option a reader means: ``"4x"``, ``"subo 3"``, ``"apostar"`` (the only bet of the street),
    ``"pasar"``, ``"me retiro"``...

    :raises AnswerError: with a friendly Spanish message for anything else.
    """
    choices = listing([f"«{OPTION_NAMES[o]}» ({o})" for o in options], "o")
    if not isinstance(text, str) or not text.strip():
        raise AnswerError(f"Escribe tu decisión: {choices}.")
    folded = fold(text)
    folded = re.sub(r"[.!¡?¿:\"«»()]", " ", folded)
    words = folded.split()
    if len(folded) > 60:
        raise AnswerError(f"Basta con la decisión: {choices}.")
    for option, phrases in _OPTION_WORDS.items():
        if any(folded == p.strip() or folded.startswith(p.strip() + " ") for p in phrases):
            if option in options:
                return option
            raise AnswerError(f"Ahora no se puede {OPTION_NAMES[option]}: {choices}.")
    numbers = [_NUMBER_WORDS.get(w, w) for w in words]
    multiples = [m.group(1) for w in numbers for m in [re.fullmatch(r"x?([1-4])(?:x|veces)?", w)] if m]
    bets = [o for o in options if o.endswith("x")]
    if len(multiples) == 1 and f"{multiples[0]}x" in options:
        return f"{multiples[0]}x"
    if not multiples and len(bets) == 1 and any(w in _BET_WORDS for w in words):
        return bets[0]
    if multiples:
        raise AnswerError(f"Ahora no se puede apostar {multiples[0]}x: {choices}.")
    raise AnswerError(f"No entiendo «{text.strip()[:40]}» como decisión: {choices}.")
