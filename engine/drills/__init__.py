"""Endless drills: seeded, explained practice questions for every game.

A *drill* is dealt from ``(kind, seed, level)`` and nothing else, so the same request always gives
the same drill and a page can reopen one from its address. Each level first picks a *case family*
(what the drill is about to teach: nobody kills the Aces, the kicker decides, an all-in smaller
than the blinds...), then deals until the hand really is in that family; the family test runs on
the engine's own result, never on how the cards were stacked.

Each game declares its drill kinds in its ``drills`` facet (:data:`engine.games.FACETS`): a
:class:`DrillKinds` whose :meth:`DrillKinds.kind` decorator adds a generator with its families, their
topics and the skills each family exercises; this package finds a kind's game through the registry (the
kind starts with the game's name: :func:`engine.games.owner`) and names no game. The question, the
answer and the explanation all come from the game: most kinds build an :mod:`engine.quiz` question and
let its solver explain and its answer reader judge the reader's words (``drill-check`` regenerates the
drill and calls :func:`engine.quiz.check`); a kind that judges otherwise (a decision's value, a table
asked under two games' rules, a spot at a table) gives its own checker (:func:`own_check`). Every
``drill-check`` reply carries ``progress`` (:mod:`engine.progress`): the skills of the drill's family
and question, and, when wrong, which failed and why. A request may name the ``family`` (and, for a kind
that asks several things, the ``ask``) to deal an item of one skill; for a kind that reads one, a ``spot``
(the very situation, such as a decision met elsewhere on the site) deals that situation instead of a
random one, its family the one the kind gives it.

>>> d = make_drill("holdem-winner", 7, "fácil")
>>> d.kind, d.seed, d.level, sorted(d.data)
('holdem-winner', 7, 'fácil', ['board', 'players'])
>>> make_drill("holdem-winner", 7, "fácil").reply() == d.reply()
True
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any, Callable
from typing import Generator as Steps

from ..errors import RequestError, shown
from ..games import declarations, declared
from ..progress import compact_facts, drill_item, progress_reply
from ..protocol import command, finish
from ..quiz import AnswerError, check, question_kind, solve, titled
from ..requests import optional, require

__all__ = ["DEFAULT_LEVEL", "LEVELS", "MAX_SEED", "Drill", "DrillKinds", "Kind", "check_drill", "deal_until",
           "drill_steps", "kind_of", "kinds", "make_drill", "own_check", "quiz_fields", "rng_for", "spot_item"]

#: The levels, easiest first.
LEVELS = ("fácil", "media", "difícil")
DEFAULT_LEVEL = "media"
MAX_SEED = 2**32

#: How many deals a generator may try to land in its case family before giving up (a bug: the
#: tests deal hundreds of seeds of every kind and level and never reach it).
MAX_TRIES = 4000


@dataclass(frozen=True)
class Drill:
    """One drill: what it asks, its data, the engine's answer and explanation, and how to check."""

    kind: str
    seed: int
    level: str
    #: The case family the level picked (a code, e.g. ``"nobody-kills"``).
    family: str
    #: What the family practises, in Spanish.
    topic: str
    #: The question, in Spanish.
    question: str
    #: What the reader sees (cards, bets, table), as the issue's shapes say.
    data: dict
    #: The engine's answer, as data.
    answer: dict
    #: The explanation, one Spanish step per item.
    explanation: tuple[str, ...]
    #: How to write the answer (Spanish).
    hint: str
    #: The facts to show, ready for the page (labels and card displays), from the quiz solver.
    facts: tuple[dict, ...] = ()
    #: The :mod:`engine.quiz` question that judges the reader's answer (None: ``checker`` does).
    quiz: dict | None = None
    #: ``checker(answer_text, reveal) -> quiz-check-shaped reply`` for kinds without a quiz question;
    #: its ``progress`` is built by :meth:`check` from the reply's ``blame`` (``(found, other)``: the
    #: :class:`~engine.progress.Blame` list and :class:`~engine.progress.OtherGame`, removed from the
    #: reply) and ``shown_expected`` (the right answer as «Mis errores» shows it, removed too).
    checker: Callable[[Any, bool], dict] | None = field(default=None, compare=False, repr=False)
    #: Extra data for the page (e.g. the value of every option of a decision).
    extra: dict = field(default_factory=dict)

    def reply(self) -> dict:
        """The ``drill`` reply."""
        reply = {"kind": self.kind, "seed": self.seed, "level": self.level, "family": self.family,
                 "topic": self.topic,
                 "question": self.question, "data": self.data, "answer": self.answer,
                 "explanation": list(self.explanation), "hint": self.hint, "facts": list(self.facts)}
        reply.update(self.extra)
        return reply

    def check(self, text: Any, *, reveal: bool = False) -> dict:
        """Judge the reader's ``text``: the ``quiz-check`` reply (``verdict``, ``correct``, ``valid``,
        ``expected``, ``given``, ``message``, ``steps``...; the solution only when right or when
        ``reveal``); a wrong or unreadable answer never raises."""
        item = drill_item(self.kind, self.seed, self.level)
        skills = kind_of(self.kind).skills_of(self.family, self.quiz)
        if self.checker is None:
            return check(self.quiz, text, reveal=reveal, item=item, skills=skills)
        reply = self.checker(text, reveal)
        found, other = reply.pop("blame", ([], None))
        expected = reply.pop("shown_expected")
        judged = reply["valid"] or reply["revealed"]
        shown = {"facts": compact_facts(self.facts), "given": reply["given"], "expected": expected}
        reply["progress"] = (progress_reply(item, reply["correct"], skills, found, other, generic=reply["message"],
                                            shown=shown) if judged else None)
        return reply


#: A generator: ``(rng, level, family) -> Drill`` fields (see :func:`_register`); one that works
#: for long (an Ultimate flop decision) returns them in steps (yields ``(done, total)``, as a command).
Generator = Callable[[random.Random, str, str], "dict | Steps[tuple[int, int], None, dict]"]


@dataclass(frozen=True)
class Kind:
    name: str
    #: Case families by level: ``{level: ((family, weight), ...)}``.
    families: dict[str, tuple[tuple[str, int], ...]]
    #: What each family practises, in Spanish (shown as the drill's topic).
    topics: dict[str, str]
    generate: Generator
    #: The skills each family exercises, the main one first (a question's own add theirs: :meth:`skills_of`).
    skills: dict[str, tuple[str, ...]]
    #: The questions a kind may be asked to ask (a request's ``ask``; the seed picks one otherwise):
    #: the generator then takes ``ask=``.
    asks: tuple[str, ...] = ()
    #: How a kind reads a request's ``spot`` (None: it takes none): ``spot -> (family, the spot as plain
    #: JSON data)``, raising :class:`~engine.errors.RequestError`; the generator then takes ``spot=``.
    spot: Callable[[Any], tuple[str, dict]] | None = None

    def skills_of(self, family: str, spec: dict | None = None) -> list[str]:
        """The skills of a drill of ``family``: the family's, then those of its quiz question (``spec``)."""
        own = question_kind(spec["kind"]).skills(spec) if spec else []
        return list(dict.fromkeys([*self.skills[family], *own]))


class DrillKinds(dict):
    """A game's drill kinds (its drills facet's ``DRILLS``): kind name -> :class:`Kind`, each added by
    the :meth:`kind` decorator."""

    def kind(self, name: str, families: dict[str, tuple[tuple[str, int], ...]], topics: dict[str, str], *,
             skills: dict[str, tuple[str, ...]], asks: tuple[str, ...] = (),
             spot: Callable[[Any], tuple[str, dict]] | None = None) -> Callable[[Generator], Generator]:
        """Decorator: add ``generate`` as drill kind ``name`` with its families per level, what each family
        practises, the skills each exercises, the questions a request may choose and how it reads a spot
        (see :class:`Kind`)."""

        def register(generate: Generator) -> Generator:
            named = {f for level in families.values() for f, _ in level}
            if set(families) != set(LEVELS):
                raise RuntimeError(f"drill kind {name!r} must give families for every level")
            if named - set(topics) or named != set(skills):
                raise RuntimeError(f"drill kind {name!r}: every family needs a topic and its skills")
            self[name] = Kind(name, families, topics, generate, skills, asks, spot)
            return generate

        return register


def kinds() -> list[str]:
    """Every drill kind the games declare, game by game."""
    return list(declarations("drills", "DRILLS"))


def kind_of(name: Any) -> Kind:
    """The drill kind ``name``, from its game's facet. :raises RequestError: for a kind no game declares."""
    found = declared(name, "drills", "DRILLS")
    if found is None:
        raise RequestError("kind", f"tipo de ejercicio desconocido «{shown(name)}»; tipos: {', '.join(kinds())}")
    return found


def rng_for(kind: str, seed: int, level: str) -> random.Random:
    """The drill's random source: a string seed hashes the same on every Python (CPython, Pyodide)."""
    return random.Random(f"drill:{kind}:{level}:{seed}")


#: The drills made last, the newest last (``drill-check`` regenerates the drill the page just showed).
_MADE: dict[tuple[str, int, str], Drill] = {}
MAX_MADE = 256


def make_drill(kind: str, seed: int, level: str = DEFAULT_LEVEL, family: str | None = None,
               ask: str | None = None, spot: Any = None) -> Drill:
    """The drill for ``(kind, seed, level)`` -- always the same one (the last :data:`MAX_MADE` are kept);
    ``family``: one of the level's families instead of the one the seed picks, and ``ask``: one of the
    kind's questions (:attr:`Kind.asks`) -- a review of one skill; ``spot``: that situation (:attr:`Kind.spot`).

    :raises RequestError: for an unknown kind, level, family, question or spot, or a seed out of range.
    """
    return finish(drill_steps(kind, seed, level, family, ask, spot))


def _spot(spec: Kind, spot: Any, family: str | None) -> tuple[str, dict]:
    """The family and the plain data of a request's ``spot`` for kind ``spec``."""
    if spec.spot is None:
        raise RequestError("spot", "este tipo de ejercicio no reparte una situación dada")
    found, data = spec.spot(spot)
    if family is not None and family != found:
        raise RequestError("family", f"esta situación es de la familia «{found}», no «{family[:40]}»")
    return found, data


def drill_steps(kind: str, seed: int, level: str = DEFAULT_LEVEL, family: str | None = None,
                ask: str | None = None, spot: Any = None) -> Steps[tuple[int, int], None, Drill]:
    """:func:`make_drill` in steps: those of a kind that works for long (see :data:`Generator`)."""
    spec = kind_of(kind)
    if level not in LEVELS:
        raise RequestError("level", f"nivel desconocido «{level}»; niveles: {', '.join(LEVELS)}")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < MAX_SEED:
        raise RequestError("seed", f"debe ser un entero entre 0 y {MAX_SEED - 1} (recibido: {shown(seed)})")
    if spot is not None:
        return (yield from _spot_drill(spec, seed, level, *_spot(spec, spot, family)))
    names, weights = zip(*spec.families[level])
    if family is not None and family not in names:
        raise RequestError("family", f"familia desconocida «{family[:40]}» en el nivel «{level}»; familias: "
                                     f"{', '.join(names)}")
    if ask is not None and ask not in spec.asks:
        raise RequestError("ask", f"pregunta desconocida «{ask[:40]}»; " + (
            f"este tipo de ejercicio pregunta: {', '.join(spec.asks)}" if spec.asks
            else "este tipo de ejercicio no deja elegir la pregunta"))
    key = (kind, seed, level, family, ask)
    if key in _MADE:
        _MADE[key] = _MADE.pop(key)  # now the newest
        return _MADE[key]
    rng = rng_for(kind, seed, level)
    picked = rng.choices(names, weights)[0]  # drawn always: a family asked deals from the same random state
    family = family or picked
    fields = spec.generate(rng, level, family) if ask is None else spec.generate(rng, level, family, ask=ask)
    if not isinstance(fields, dict):
        fields = yield from fields
    drill = _MADE[key] = Drill(kind=kind, seed=seed, level=level, family=family, topic=spec.topics[family], **fields)
    if len(_MADE) > MAX_MADE:
        del _MADE[next(iter(_MADE))]
    return drill


def _spot_drill(spec: Kind, seed: int, level: str, family: str, spot: dict) -> Steps[tuple[int, int], None, Drill]:
    """The drill of a given situation (its family the kind's for it; the level and the seed only name it)."""
    key = (spec.name, seed, level, family, None, json.dumps(spot, sort_keys=True))
    if key not in _MADE:
        fields = spec.generate(rng_for(spec.name, seed, level), level, family, spot=spot)
        if not isinstance(fields, dict):
            fields = yield from fields
        _MADE[key] = Drill(kind=spec.name, seed=seed, level=level, family=family, topic=spec.topics[family], **fields)
        if len(_MADE) > MAX_MADE:
            del _MADE[next(iter(_MADE))]
    return _MADE[key]


def spot_item(kind: str, spot: Any, source: str) -> dict:
    """The ``item`` of a situation met elsewhere (``source``: where) that the drill ``kind`` deals again: the
    request of the same drill as ``drill-check`` records it, so a right answer there solves the mistake.

    :raises RequestError: when the kind reads no such spot.
    """
    family, data = _spot(kind_of(kind), spot, None)
    request = {"kind": kind, "seed": 0, "level": DEFAULT_LEVEL, "family": family, "spot": data}
    return {"command": "drill", "request": request, "source": source}


def check_drill(kind: str, seed: int, level: str, text: Any, *, reveal: bool = False,
                family: str | None = None, ask: str | None = None, spot: Any = None) -> dict:
    """Regenerate the drill and judge the reader's answer ``text`` (see :meth:`Drill.check`)."""
    drill = make_drill(kind, seed, level, family, ask, spot)
    reply = drill.check(text, reveal=reveal)
    if reply["progress"] is not None:  # what the request chose: the seed alone would pick its own
        chosen = {"family": family, "ask": ask}
        if spot is not None:
            chosen.update(family=drill.family, spot=_spot(kind_of(kind), spot, None)[1])
        reply["progress"]["item"]["request"].update({k: v for k, v in chosen.items() if v is not None})
    return {"kind": kind, "seed": seed, "level": level, **reply}


def deal_until(rng: random.Random, deal: Callable[[], Any], accept: Callable[[Any], bool]) -> Any:
    """Deal with ``deal()`` until ``accept(result)``; the family test runs on the engine's result.

    :raises RuntimeError: after :data:`MAX_TRIES` deals (a generator bug, never the reader's).
    """
    for _ in range(MAX_TRIES):
        result = deal()
        if accept(result):
            return result
    raise RuntimeError("drill generator never reached its case family")


def _request(request: dict) -> tuple[str, int, str, str | None, str | None, Any]:
    kind = require(request, "kind", "kind", str)
    seed = optional(request, "seed", "seed", int, None)
    if seed is None:
        seed = random.SystemRandom().randrange(MAX_SEED)
    level = optional(request, "level", "level", str, DEFAULT_LEVEL)
    family = optional(request, "family", "family", str, None)
    ask = optional(request, "ask", "ask", str, None)
    return kind, seed, level, family, ask, request.get("spot")


@command("drill", "Ejercicios sin fin: reparte un ejercicio (tipo, semilla, nivel y, si se pide, familia) con su "
                  "respuesta y su explicación.")
def _drill_command(request: dict) -> Steps[tuple[int, int], None, dict]:
    """``{"kind", "seed"?, "level"?, "family"?, "ask"?, "spot"?}`` -> the :meth:`Drill.reply` (no seed: a
    random one, returned; ``family``: one of the level's and ``ask``: one of the kind's questions, for a
    review of one skill; ``spot``: that situation, for a kind that reads one), in steps (a flop decision
    reports its count)."""
    return (yield from drill_steps(*_request(request))).reply()


@command("drill-check", "Ejercicios sin fin: comprueba la respuesta del lector a un ejercicio y lo explica.")
def _drill_check_command(request: dict) -> dict:
    """``{"kind", "seed", "level"?, "family"?, "ask"?, "spot"?, "answer": "texto del lector", "reveal"?: true}``
    -> the ``quiz-check`` reply plus ``kind``, ``seed`` and ``level``, with its ``progress``
    (:mod:`engine.progress`)."""
    kind, seed, level, family, ask, spot = _request(request)
    require(request, "seed", "seed", int)
    reveal = optional(request, "reveal", "reveal", bool, False)
    return check_drill(kind, seed, level, request.get("answer"), reveal=reveal, family=family, ask=ask, spot=spot)


def own_check(text: Any, reveal: bool, *, read: Callable[[Any], Any], verdict: Callable[[Any], tuple],
              expected: str, solution: str, steps: tuple[str, ...], correct: str | None = None) -> dict:
    """The ``quiz-check``-shaped reply of a kind judged by its own checker (not a quiz question):
    ``read(text)`` reads the answer (raising :class:`~engine.quiz.AnswerError`); ``verdict(given)`` gives
    ``(right, shown, wrong_message, blame)`` (``blame``: ``(found, other)`` of :mod:`engine.progress`);
    ``expected`` the answer shown, ``solution`` its sentence («La respuesta es …»), ``steps`` the explanation,
    ``correct`` the message of a right answer (by default ``solution``)."""
    reply = {"verdict": "unreadable", "correct": False, "valid": False, "hint": None, "message": "",
             "given": None, "revealed": False, "expected": None, "steps": [], "shown_expected": expected}
    try:
        given = read(text)
    except AnswerError as exc:
        reply["message"] = str(exc) + (f" {solution}" if reveal else "")
    else:
        right, said, wrong, blame = verdict(given)
        reply.update(verdict="correct" if right else "incorrect", correct=right, valid=True, given=said)
        reply["message"] = (correct or solution) if right else wrong + ("" if reveal else " Inténtalo otra vez.")
        if not right:
            reply["blame"] = blame
        reveal = reveal or right
    if reveal:
        if not isinstance(text, str) or not text.strip():
            reply.update(verdict="revealed", message=solution)
        reply.update(revealed=True, expected=expected, steps=list(steps))
    return titled(reply)


def quiz_fields(spec: dict, question: str, data: dict, answer: dict, lead: tuple[str, ...] = ()) -> dict:
    """The fields of a drill judged and explained by the :mod:`engine.quiz` question ``spec``:
    its solver's steps (after the drill's own ``lead`` steps), hint and facts."""
    solution = solve(spec)
    return {"question": question, "data": data, "answer": answer,
            "explanation": tuple(lead) + solution.steps, "hint": solution.hint,
            "facts": solution.facts, "quiz": spec}
