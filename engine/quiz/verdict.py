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

from typing import Any, Sequence

from ..errors import RequestError
from ..spanish import listing, rank_name, rank_plural
from ..spanish import amount as format_amount
from .answers import (RANK_VALUES, AnswerError, TieAnswer, parse_amount, parse_hand_name, parse_names,
                      parse_position, quote, read_amount)
from .solvers import Solution

__all__ = ["CORRECT", "INCORRECT", "NEEDS_DETAIL", "display_given", "is_correct", "judge", "read_answer"]


def read_answer(solution: Solution, text: Any) -> Any:
    """The reader's answer as a value comparable with ``solution.value``.

    :raises AnswerError: with a friendly Spanish message.
    """
    if solution.answer_type == "amount":
        return parse_amount(text)
    if solution.answer_type == "names":
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
        return parse_hand_name(text)
    raise RequestError("kind", f"tipo de respuesta desconocido: {solution.answer_type}")


def display_given(solution: Solution, value: Any, text: str) -> str:
    """The reader's answer as the page echoes it: amounts in Spanish with the decimals the reader
    wrote (``"1.00"`` -> ``"1,00"``), names as the question spells them, hands as written."""
    if solution.answer_type == "amount":
        shown = format_amount(value, signed=solution.signed)
        places = read_amount(text)[1]
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

#: What to ask when a hand is named without its cards (by category; with one of two ranks named).
#: The examples are filled with ranks that are not the answer's (:func:`_hand_hint`).
_HAND_HINTS: dict[str, str] = {
    "high_card": "¿Qué carta es la más alta? Escríbela, por ejemplo «Carta alta: {one}».",
    "pair": "¿Qué pareja? Di también su carta, por ejemplo «Pareja de {many}».",
    "two_pair": "¿Qué dos parejas? Di las dos, por ejemplo «Doble pareja de {many} y {other}».",
    "two_pair+1": "¿Y la otra pareja? Di las dos, por ejemplo «Doble pareja de {many} y {other}».",
    "three_of_a_kind": "¿Trío de qué carta? Por ejemplo «Trío de {many}».",
    "straight": "¿Escalera hasta qué carta? Por ejemplo «Escalera al {top}» o «Escalera del {low} al {top}».",
    "flush": "¿Color a qué carta? Di la más alta, por ejemplo «Color al {one}».",
    "full_house": "¿Full de qué? Di el trío y la pareja, por ejemplo «Full de {many} y {other}».",
    "full_house+1": "¿Y la pareja del full? Di el trío y la pareja, por ejemplo «Full de {many} y {other}».",
    "four_of_a_kind": "¿Póker de qué carta? Por ejemplo «Póker de {many}».",
    "straight_flush": "¿Escalera de color hasta qué carta? Por ejemplo «Escalera de color al {top}».",
}


def _hand_hint(key: str, expected_ranks: Sequence[str]) -> str:
    """The hint for ``key`` with example ranks that differ from the answer's (no giveaway)."""
    taken = {RANK_VALUES[r] for r in expected_ranks}
    free = [v for v in (13, 9, 8, 7, 6, 5, 4, 3) if v not in taken]  # all read «al …», not «a la …»
    tops = [v for v in (9, 8, 7, 6) if v not in taken]
    return _HAND_HINTS[key].format(one=rank_name(free[0]), many=rank_plural(free[0]),
                                   other=rank_plural(free[1]), top=tops[0], low=tops[0] - 4)


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
    expected_category, expected_ranks = solution.value
    if category != expected_category:
        return INCORRECT, None
    if category == "two_pair":  # the two pairs in either order
        same = set(ranks) <= set(expected_ranks) and len(set(ranks)) == len(ranks)
    else:
        same = tuple(ranks) == tuple(expected_ranks[: len(ranks)])
    if not same or len(ranks) > len(expected_ranks):
        return INCORRECT, None
    if len(ranks) == len(expected_ranks):
        return CORRECT, None
    key = f"{category}+{len(ranks)}" if ranks else category
    return NEEDS_DETAIL, _hand_hint(key if key in _HAND_HINTS else category, expected_ranks)


def is_correct(solution: Solution, given: Any) -> bool:
    """Whether the read answer is right and says enough (see :func:`judge`)."""
    return judge(solution, given)[0] == CORRECT
