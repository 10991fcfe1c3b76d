"""The verdict on a reader's answer against the engine's :class:`~engine.quiz.solvers.Solution`:
the answer read as a value of the solution's type (:func:`read_answer`, with the readers of
:mod:`engine.quiz.answers`), echoed as the page shows it (:func:`display_given`), and judged
(:func:`judge`: correct, incorrect, or right but missing a detail, with a hint that asks for it).

>>> from engine.quiz.solvers import Solution
>>> solution = Solution("amount", 1350, "1.350", ())
>>> judge(solution, read_answer(solution, "1350 fichas"))
('correct', None)
"""

from __future__ import annotations

import re
from typing import Any, Sequence

from ..errors import RequestError
from ..spanish import listing
from ..spanish import amount as format_amount
from .answers import (AnswerError, TieAnswer, check_length, hand_examples, parse_hand_name, parse_names,
                      parse_position, quote, read_amount)
from .solvers import Solution

__all__ = ["CORRECT", "INCORRECT", "NEEDS_DETAIL", "display_given", "is_correct", "judge", "read_answer"]


def read_answer(solution: Solution, text: Any) -> Any:
    """The reader's answer as a value comparable with ``solution.value``.

    :raises AnswerError: with a friendly Spanish message.
    """
    if solution.answer_type == "amount":
        return read_amount(text, signed=_is_net(solution))[0]
    if solution.answer_type == "names":
        seated = _names_with_seats(solution, text)
        if seated is not None:
            return seated
        try:
            return parse_names(text, solution.choices, allow_nobody=solution.allow_nobody)
        except AnswerError:
            # a position name where a player is asked: accept it when it names one seat
            positions = solution.data.get("positions") or {}
            if positions:
                try:
                    seat = parse_position(text, list(positions.values()))
                except AnswerError:
                    pass
                else:
                    return frozenset(n for n, p in positions.items() if p == seat)
            raise
    if solution.answer_type == "position":
        return parse_position(text, solution.choices)
    if solution.answer_type == "hand":
        return parse_hand_name(text, vocabulary=solution.data.get("vocabulary", "es"))
    raise RequestError("kind", f"tipo de respuesta desconocido: {solution.answer_type}")


_BRACKETED = re.compile(r"\(([^()]*)\)")


def _names_with_seats(solution: Solution, text: Any) -> frozenset[str] | None:
    """Names followed by their seats in brackets, as the site writes its own answers: «Carla (BB)»,
    «ana (d/sb)». The players named and those sitting in the seats named: a seat that is not the
    player's adds someone else, so the answer is wrong. None when the answer has no brackets or the
    question no seats.
    """
    positions = solution.data.get("positions") or {}
    seats = _BRACKETED.findall(check_length(text))
    if not positions or not seats:
        return None
    named = parse_names(_BRACKETED.sub(" ", text), solution.choices, allow_nobody=solution.allow_nobody)
    if isinstance(named, TieAnswer):
        return None
    for seat in seats:
        label = parse_position(seat, list(positions.values()))
        named |= {name for name, position in positions.items() if position == label}
    return named


def _is_net(solution: Solution) -> bool:
    """Whether an amount answer is a net result, which may be a loss."""
    return bool(solution.signed or solution.data.get("net"))


def display_given(solution: Solution, value: Any, text: str) -> str:
    """The reader's answer as the page echoes it: amounts in Spanish with the decimals the reader
    wrote (``"1.00"`` -> ``"1,00"``), names as the question spells them, hands as written."""
    if solution.answer_type == "amount":
        shown = format_amount(value, signed=solution.signed)
        places = read_amount(text, signed=_is_net(solution))[1]
        have = len(shown.partition(",")[2])
        if places > have:
            shown += ("" if have else ",") + "0" * (places - have)
        return shown
    if solution.answer_type == "names" and not isinstance(value, TieAnswer):
        if not value:
            return "Nadie"
        return listing([n for n in solution.choices if n in value])
    if solution.answer_type == "position":
        return value
    words = quote(text, 60)
    return words[:1].upper() + words[1:]


#: Verdicts of :func:`judge`.
CORRECT, INCORRECT, NEEDS_DETAIL = "correct", "incorrect", "needs-detail"

#: The headline each verdict of a ``quiz-check`` reply carries (its ``title``), shown above its message.
TITLES = {CORRECT: "✓ Correcto", INCORRECT: "✗ No es correcto", NEEDS_DETAIL: "Casi: falta precisar",
          "unreadable": "Revisa tu respuesta", "revealed": "Solución"}


def titled(reply: dict) -> dict:
    """``reply`` (a ``quiz-check`` reply) with the headline of its verdict as ``title``."""
    reply["title"] = TITLES[reply["verdict"]]
    return reply

#: What to ask when a hand is named without its cards (by category; with one of two ranks named).
#: The examples are the engine's names (:func:`engine.spanish.hand_name`, in the question's vocabulary)
#: with ranks that are not the answer's (:func:`_hand_hint`).
_HAND_HINTS: dict[str, str] = {
    "high_card": "¿Qué carta es la más alta? Escríbela, por ejemplo «{high}».",
    "pair": "¿Qué {pair}? Di también su carta, por ejemplo «{one_pair}».",
    "two_pair": "¿Qué dos {pairs}? Di {the_pairs} dos, por ejemplo «{two_pair}».",
    "two_pair+1": "¿Y {the} {other} {pair}? Di {the_pairs} dos, por ejemplo «{two_pair}».",
    "three_of_a_kind": "¿Trío de qué carta? Por ejemplo «{three}».",
    "straight": "¿Escalera hasta qué carta? Por ejemplo «{straight}» o «Escalera del {low} al {top}».",
    "flush": "¿Color a qué carta? Di la más alta, por ejemplo «{flush}».",
    "full_house": "¿{full} de qué? Di el trío y {the} {pair}, por ejemplo «{full_house}».",
    "full_house+1": "¿Y {the} {pair} del {full_lower}? Di el trío y {the} {pair}, por ejemplo «{full_house}».",
    "four_of_a_kind": "¿Póker de qué carta? Por ejemplo «{four}».",
    "straight_flush": "¿Escalera de color hasta qué carta? Por ejemplo «{straight_flush}».",
}


def _hand_hint(key: str, expected_ranks: Sequence[str], vocabulary: str = "es") -> str:
    """The hint for ``key`` with example ranks that differ from the answer's (no giveaway)."""
    return _HAND_HINTS[key].format(**hand_examples(vocabulary, expected_ranks))


_TIE_HINT = "¿Entre quiénes? Escribe los nombres de los que empatan, separados por comas o «y»."


def judge(solution: Solution, given: Any) -> tuple[str, str | None]:
    """The verdict on a read answer: ``(CORRECT | INCORRECT | NEEDS_DETAIL, hint)``.

    One rule for every answer type: the answer is correct when it says what the engine's answer
    says; it *needs detail* when everything it says is true but it leaves out part of the engine's
    answer (a hand without its cards: «Par» for «Pareja de Doses», «Escalera» for «Escalera al 10»,
    «Full de Ases» for «Full de Ases y Reyes»; «empate» when several players tie among more), and
    the hint asks for what is missing without giving it away. Anything else is incorrect.
    """
    if isinstance(given, TieAnswer):
        winners = solution.value
        if len(winners) >= 2 and given.count in (None, len(winners)):
            return NEEDS_DETAIL, _TIE_HINT
        return INCORRECT, None
    if solution.answer_type != "hand":
        return (CORRECT if given == solution.value else INCORRECT), None
    category, ranks = given
    expected_category, expected_ranks, *rest = solution.value
    kickers = rest[0] if rest else ()
    if category != expected_category:
        return INCORRECT, None
    ranks, extra = tuple(ranks[: len(expected_ranks)]), tuple(ranks[len(expected_ranks):])
    if category == "two_pair":  # the two pairs in either order
        same = set(ranks) <= set(expected_ranks) and len(set(ranks)) == len(ranks)
    else:
        same = ranks == tuple(expected_ranks[: len(ranks)])
    if not same:
        return INCORRECT, None
    if extra:  # kickers named after the hand: the best ones, in any order («con As y Rey»)
        right = len(set(extra)) == len(extra) and set(extra) == set(kickers[: len(extra)])
        return (CORRECT if right else INCORRECT), None
    if len(ranks) == len(expected_ranks):
        return CORRECT, None
    key = f"{category}+{len(ranks)}" if ranks else category
    return NEEDS_DETAIL, _hand_hint(key if key in _HAND_HINTS else category, expected_ranks,
                                    solution.data.get("vocabulary", "es"))


def is_correct(solution: Solution, given: Any) -> bool:
    """Whether the read answer is right and says enough (see :func:`judge`)."""
    return judge(solution, given)[0] == CORRECT
