"""Questions whose answers the engine computes, each explained step by step in Spanish.

A *question* is plain data (a JSON object, the same in the browser and at build time)::

    {"kind": "uth", "ask": "blind", "ante": 25, "play": 100, "player": ["Ah", "9h"], ...}

Each game declares its question kinds in its ``questions`` facet (:data:`engine.games.FACETS`): a
:class:`QuestionKind` per kind, whose solver computes with the game's rules and returns a
:class:`Solution`. :func:`solve` finds the kind's game through the registry (the kind starts with the
game's name: :func:`engine.games.owner`). A malformed question raises
:class:`~engine.errors.RequestError` naming the field (it is the author's or the program's mistake, never
the reader's).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Iterable

from ..cards import Card
from ..errors import RequestError
from ..games import declarations, declared
from ..requests import check_type, require
from ..spanish import card_display, listing
from .answers import hand_examples

__all__ = ["QuestionKind", "Solution", "Trainer", "ask", "cards_display", "kinds", "question_kind", "solve"]


# ---------------------------------------------------------------------------------------------
# Solutions.

@dataclass(frozen=True)
class Solution:
    """The engine's answer to a question, how to read a reader's answer, and the explanation."""

    #: ``"amount"``, ``"names"``, ``"position"`` or ``"hand"``.
    answer_type: str
    #: Fraction for amounts, frozenset of names, a position name, or (category, ranks) for hands.
    value: Any
    #: The answer as shown to the reader (Spanish).
    display: str
    #: The explanation, one Spanish sentence per step.
    steps: tuple[str, ...]
    #: Names the reader may use (players or positions).
    choices: tuple[str, ...] = ()
    #: Whether «nadie» is a possible answer (Mata Ases: nobody kills the Aces).
    allow_nobody: bool = False
    #: Signed amounts (net results) are displayed with «+».
    signed: bool = False
    #: What the question shows: ``{"label", "cards": [cards_display...]}`` or ``{"label", "text"}``.
    facts: tuple[dict, ...] = ()
    #: Extra data for callers.
    data: dict = field(default_factory=dict)

    @property
    def hint(self) -> str:
        """How to write the answer (Spanish), for the answer box."""
        if self.data.get("hint"):
            return self.data["hint"]
        if self.answer_type == "amount":
            if self.signed or self.data.get("net"):
                return ("Escribe el resultado neto: sin signo (o con «+») si el jugador cobra, con «−» "
                        "si pierde, 0 si se le devuelve. Por ejemplo 37,5, −25 o 0; también vale «gana 37,5» "
                        "o «pierde 25».")
            return "Escribe una cantidad, por ejemplo 150, 1.350 o 37,5."
        if self.answer_type == "names":
            extra = "; «nadie» si nadie cobra" if self.allow_nobody else ""
            return (f"Escribe un nombre ({listing(list(self.choices), 'o')}); si son varios, "
                    f"sepáralos con «y»{extra}.")
        if self.answer_type == "position":
            return f"Escribe la posición: {', '.join(self.choices)}."
        words = hand_examples(self.data.get("vocabulary", "es"), ("as",))
        return (f"Escribe la jugada con sus cartas, por ejemplo «{words['one_pair']}», «Escalera del 5 al 9» "
                f"o «{words['full_house']}»; si quieres, añade las cartas que la acompañan: "
                f"«{words['one_pair']} con As y 9».")



# ---------------------------------------------------------------------------------------------
# Question kinds.

@dataclass(frozen=True)
class Trainer:
    """Endless rounds of a question kind dealt by a command (the croupier trainer): ``command`` deals one
    round (the ``item`` of its answers), ``modes`` gives each mode's skills, and a right answer slower than
    ``slow_ms`` of its mode is graded ``hard``."""

    command: str
    modes: dict[str, tuple[str, ...]]
    slow_ms: dict[str, int]


@dataclass(frozen=True)
class QuestionKind:
    """A question kind a game declares: ``solve(spec)`` gives the :class:`Solution` (raising
    :class:`~engine.errors.RequestError` for a malformed question), ``skills(spec)`` the skills a question
    of the kind exercises, and ``trainer`` the command that deals endless rounds of it, if any."""

    solve: Callable[[dict], Solution]
    skills: Callable[[dict], list[str]]
    trainer: Trainer | None = None


def question_kind(kind: Any) -> QuestionKind:
    """The :class:`QuestionKind` named ``kind``, from its game's facet.

    :raises RequestError: for a kind no game declares."""
    found = declared(kind, "questions", "QUESTIONS")
    if found is None:
        raise RequestError("question.kind", f"tipo de pregunta desconocido «{kind}» (tipos: {', '.join(kinds())})")
    return found


def kinds() -> list[str]:
    """Every question kind the site's games declare."""
    return sorted(declarations("questions", "QUESTIONS"))


def solve(spec: Any) -> Solution:
    """The engine's answer to a question, with its explanation.

    :raises RequestError: naming the field when the question is malformed.
    """
    check_type(spec, dict, "question")
    return question_kind(require(spec, "kind", "question.kind", str)).solve(spec)


def ask(spec: dict, choices: Iterable[str]) -> str:
    """The question's ``ask``, one of ``choices``. :raises RequestError: for another."""
    choices = list(choices)
    asked = require(spec, "ask", "question.ask", str)
    if asked not in choices:
        raise RequestError("question.ask", f"«{asked}» no se puede preguntar aquí (opciones: {', '.join(choices)})")
    return asked


def cards_display(cards: Iterable[Card]) -> list[dict]:
    """Cards for a page: ``[{"card": "Ah", "text": "A♥", "name": "As de corazones", "red": true}]``."""
    shown = [card_display(c) for c in cards]
    return [{"card": d["code"], "text": d["rank"] + d["suit"], "name": d["name"], "red": d["color"] == "red"}
            for d in shown]
