"""The quiz question format: a ```` ```pregunta ```` block of a markdown page -> a checked question.

An author writes a fenced block whose info string is ``pregunta``, one ``clave: valor`` per line
(read by the shared reader, :mod:`engine.keyvalue`; the authors' guide is
``docs/desarrollo/preguntas.md``)::

    ```pregunta
    juego: ultimate
    tipo: blind
    enunciado: Blind de 25 y el jugador gana con color. ¿Cuánto se paga por el Blind?
    ante: 25
    play: 4x
    jugador: Ah 9h
    crupier: Kc Kd
    mesa: 2h 5h Jh 7c 3s
    respuesta: 37,5
    ```

:func:`question` turns a block into the engine question (the JSON the browser sends to
``quiz-check``) and remembers the line of every field; :func:`verify` solves it and compares the
author's ``respuesta`` with the engine's answer, read with the same generous reader as a reader's.
The reading of each game's fields is the game's (its questions facet's ``READ``, found through the
registry from the block's ``juego``), with the typed getters of :class:`Fields`; a game's pages may also
hold other blocks of their own (its facet's ``WIDGETS``: the croupier trainer's settings, for one), which
:func:`check_markdown` checks too.

Every problem is a :class:`QuestionError` with the 1-based line of the field at fault (in the
text given); :func:`check_markdown` collects one per block, as :class:`~engine.keyvalue.Problem`
(``file:line: message``), which is what ``python -m engine check`` prints.

>>> page = "# Página\\n\\n```pregunta\\njuego: holdem\\ntipo: botes\\nenunciado: ¿Cuántos botes hay?\\n" \\
...        "apuesta: Ana = 100\\napuesta: Beto = 40\\napuesta: Carla = 100\\nrespuesta: 3\\n```\\n"
>>> [str(p) for p in check_markdown(page, "docs/prueba.md")[1]]
['docs/prueba.md:10: La respuesta «3» no es correcta: el motor calcula 2. (Bote principal: hasta 40 por jugador → 3 × 40 = 120; optan Ana, Beto y Carla. Bote secundario: de 40 a 100 por jugador → 2 × 60 = 120; optan Ana y Carla.)']
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..cards import parse_cards
from ..errors import EngineError, InvalidCardError
from ..games import declarations, find_game
from ..keyvalue import Fence, Problem, fences, normalise, read
from .answers import AnswerError, fold
from .solvers import Solution, solve
from .verdict import CORRECT, NEEDS_DETAIL, judge, read_answer

__all__ = [
    "INFO",
    "Block",
    "Field",
    "Fields",
    "Question",
    "QuestionError",
    "blocks",
    "cards_of",
    "check_markdown",
    "choice",
    "int_of",
    "named",
    "names_list",
    "of",
    "players",
    "question",
    "short",
    "verify",
    "widgets",
]

INFO = "pregunta"


class QuestionError(EngineError):
    """A question block cannot be used; ``line`` is 1-based within the text it was read from."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message


# ---------------------------------------------------------------------------------------------
# Blocks and their fields.

@dataclass
class Field:
    key: str
    value: str
    line: int


@dataclass
class Block:
    """One ```pregunta block (or a game's other block: :func:`widgets`): where it is and its fields."""

    line: int  # the opening fence, 1-based
    end: int  # the closing fence
    indent: str
    fields: list[Field]
    info: str = INFO


def _info(fence: Fence) -> str:
    return fence.info.lower()


def _block(fence: Fence, lines: list[str]) -> Block:
    info = _info(fence)
    if not fence.closed:
        raise QuestionError(fence.line, f"El bloque «{fence.fence}{info}» no se cierra con «{fence.fence}».")
    found = read(fence.numbered(lines), nested=False, example="respuesta: 3")
    if found.problems:
        raise QuestionError(*found.problems[0])
    fields = [Field(normalise(n.key).replace(" ", "-"), n.value, n.line) for n in found.nodes]
    return Block(fence.line, fence.end, fence.indent, fields, info)


def widgets() -> dict:
    """The other blocks the games' pages may hold: info string -> its checker (``checker(block)``, raising
    :class:`QuestionError`), from every game's questions facet (``WIDGETS``)."""
    return declarations("questions", "WIDGETS")


def _question_fences(lines: list[str]) -> list[Fence]:
    infos = {INFO, *widgets()}
    return [f for f in fences(lines) if _info(f) in infos]


def blocks(markdown: str) -> list[Block]:
    """Every top-level ```pregunta block and every block of :func:`widgets` (blocks inside other fences are
    examples, not questions).

    :raises QuestionError: for the first block that is unclosed or has a line that is not ``clave: valor``.
    """
    lines = markdown.split("\n")
    return [_block(f, lines) for f in _question_fences(lines)]


def short(text: str, limit: int = 50) -> str:
    text = text.strip()
    return text if len(text) <= limit else text[: limit - 1] + "…"


class Fields:
    """The fields of one block: typed getters that report the line, and a check for leftovers."""

    REPEATABLE = {"jugador", "apuesta"}

    def __init__(self, block: Block) -> None:
        self.block = block
        self.used: set[int] = set()
        self.by_key: dict[str, list[Field]] = {}
        for f in block.fields:
            self.by_key.setdefault(f.key, []).append(f)
        for key, found in self.by_key.items():
            if len(found) > 1 and key not in self.REPEATABLE:
                raise QuestionError(found[1].line, f"El campo «{key}» está repetido (ya aparece en la línea "
                                                   f"{found[0].line}).")

    def get(self, key: str, *, required: bool = True) -> Field | None:
        found = self.by_key.get(key)
        if not found:
            if required:
                raise QuestionError(self.block.line, f"A la pregunta le falta el campo «{key}».")
            return None
        self.used.add(id(found[0]))
        return found[0]

    def all(self, key: str, *, required: bool = True) -> list[Field]:
        found = self.by_key.get(key, [])
        if not found and required:
            raise QuestionError(self.block.line, f"A la pregunta le falta al menos un campo «{key}».")
        for f in found:
            self.used.add(id(f))
        return found

    def finish(self, allowed_hint: str) -> None:
        for f in self.block.fields:
            if id(f) not in self.used:
                raise QuestionError(f.line, f"Campo desconocido o que no se usa aquí: «{f.key}». {allowed_hint}")


def cards_of(f: Field, count: int | None) -> list[str]:
    """The cards of field ``f`` (``count`` of them, when given), as tokens."""
    try:
        cards = parse_cards(f.value)
    except InvalidCardError as exc:
        raise QuestionError(f.line, str(exc)) from None
    if count is not None and len(cards) != count:
        raise QuestionError(f.line, f"«{f.key}» debe tener {count} cartas y tiene {len(cards)}: «{short(f.value)}».")
    return [str(c) for c in cards]


def int_of(f: Field, minimum: int = 0) -> int:
    """The whole number of field ``f``, at least ``minimum`` (thousands may be grouped with «.»)."""
    text = f.value.replace(".", "").replace(" ", "")
    if not text.isdigit() or int(text) < minimum:
        raise QuestionError(f.line, f"«{f.key}» debe ser un número entero de {minimum} o más: «{short(f.value)}».")
    return int(text)


def named(f: Field) -> tuple[str, str]:
    """``"Ana = As Kd"`` -> ``("Ana", "As Kd")``."""
    name, sep, rest = f.value.partition("=")
    if not sep or not name.strip() or not rest.strip():
        raise QuestionError(f.line, f"«{f.key}» se escribe «Nombre = …», por ejemplo «Ana = As Kd»: «{short(f.value)}».")
    return name.strip(), rest.strip()


def names_list(f: Field) -> list[str]:
    """The names of field ``f``, separated by commas."""
    names = [n.strip() for n in re.split(r"[,;]", f.value) if n.strip()]
    if not names:
        raise QuestionError(f.line, f"«{f.key}» debe ser una lista de nombres separados por comas.")
    return names


def choice(f: Field, options: dict[str, Any]) -> Any:
    """The option field ``f`` names (folded: case and accents aside)."""
    value = fold(f.value)
    if value not in options:
        shown = ", ".join(sorted({k for k in options if " " not in k}))
        raise QuestionError(f.line, f"«{f.key}: {short(f.value)}» no es válido; opciones: {shown}.")
    return options[value]


def players(fields: Fields, count: int, lines: dict) -> dict[str, list[str]]:
    """The ``jugador: Nombre = cartas`` lines, ``count`` cards each, remembering each one's line."""
    found: dict[str, list[str]] = {}
    for f in fields.all("jugador"):
        name, cards = named(f)
        if name in found:
            raise QuestionError(f.line, f"El jugador «{name}» está repetido.")
        found[name] = cards_of(Field(f.key, cards, f.line), count)
        lines[f"question.players.{name}"] = f.line
    lines["question.players"] = fields.by_key["jugador"][0].line
    return found


def of(fields: Fields, spec: dict, lines: dict, *, seat_number: bool = False) -> None:
    """The ``de`` field (whose hand or seat is asked) into ``spec["of"]``."""
    f = fields.get("de")
    spec["of"] = int(f.value) if seat_number and f.value.strip().isdigit() else f.value.strip()
    lines["question.of"] = f.line


# ---------------------------------------------------------------------------------------------
# From fields to an engine question.

@dataclass
class Question:
    """An author's question: the engine spec, the text around it, and where its parts are."""

    spec: dict
    prompt: str
    answer: Field
    note: str | None
    line: int
    #: Question field path prefix -> source line (for the engine's RequestError fields).
    lines: dict[str, int] = field(default_factory=dict)
    #: Source line -> the field's key as the author wrote it.
    keys: dict[int, str] = field(default_factory=dict)


COMMON = "Campos comunes: juego, tipo, enunciado, respuesta, nota."


def question(block: Block) -> Question:
    """The engine question of a block: its game (``juego``, through the registry) reads the fields of its
    questions facet (``READ``).

    :raises QuestionError: for a missing, repeated, unknown or malformed field.
    """
    fields = Fields(block)
    game_field = fields.get("juego")
    try:
        game = find_game(game_field.value.strip())
        read_fields = game.facet("questions").READ
    except EngineError as exc:
        raise QuestionError(game_field.line, str(exc)) from None
    if read_fields is None:
        raise QuestionError(game_field.line, f"{game.name} no tiene preguntas en este sitio.")
    prompt = fields.get("enunciado").value
    answer = fields.get("respuesta")
    note_field = fields.get("nota", required=False)
    note = note_field.value if note_field else None
    ask_field = fields.get("tipo")
    lines: dict[str, int] = {"question": block.line}
    spec, hint = read_fields(fields, ask_field, lines)
    fields.finish(f"{hint} {COMMON}")
    if not prompt:
        raise QuestionError(block.line, "El enunciado está vacío.")
    return Question(spec, prompt, answer, note, block.line, lines, {f.line: f.key for f in block.fields})


# ---------------------------------------------------------------------------------------------
# Checking a question with the engine.

def verify(q: Question) -> Solution:
    """Solve the question with the engine and compare the author's key with the engine's answer.

    :returns: the engine's :class:`~engine.quiz.solvers.Solution`.
    :raises QuestionError: for an impossible question or a wrong key (with the engine's answer).
    """
    try:
        solution = solve(q.spec)
    except EngineError as exc:
        line = _line_of(q, getattr(exc, "field", ""))
        where = f" («{q.keys[line]}»)" if line in q.keys else ""
        raise QuestionError(line, f"El motor no puede resolver la pregunta{where}: {_author_words(q, exc)}.") from None
    try:
        given = read_answer(solution, q.answer.value)
    except AnswerError as exc:
        raise QuestionError(
            q.answer.line,
            f"La respuesta «{short(q.answer.value)}» no se puede leer ({str(exc).rstrip('.')}). "
            f"El motor calcula: {solution.display}.",
        ) from None
    verdict, hint = judge(solution, given)
    if verdict == NEEDS_DETAIL:
        raise QuestionError(
            q.answer.line,
            f"La respuesta «{short(q.answer.value)}» es cierta pero no basta (a un lector se le "
            f"preguntaría: {hint.rstrip('.')}). Escribe la respuesta completa: {solution.display}.",
        )
    if verdict != CORRECT:
        raise QuestionError(
            q.answer.line,
            f"La respuesta «{short(q.answer.value)}» no es correcta: el motor calcula "
            f"{solution.display}. ({' '.join(solution.steps[-2:])})",
        )
    return solution


def _line_of(q: Question, path: str) -> int:
    """The line of the question field ``path`` (the longest matching prefix; the block's line if none)."""
    path = path or ""
    best, line = -1, q.line
    for prefix, number in q.lines.items():
        if (path == prefix or path.startswith(prefix + ".") or path.startswith(prefix + "[")) and len(prefix) > best:
            best, line = len(prefix), number
    return line


def _author_words(q: Question, exc: Exception) -> str:
    """The engine's problem as an author reads it: question paths («question.player[0]») become lines."""
    text = str(getattr(exc, "problem", exc)).rstrip(".")
    return re.sub(r"«(question\.[^»]+)»", lambda m: f"la línea {_line_of(q, m.group(1))}", text)


# ---------------------------------------------------------------------------------------------
# A whole page, for ``python -m engine check``.

def check_markdown(text: str, path: str) -> tuple[int, list[Problem]]:
    """How many question blocks (and the games' other blocks) a markdown page has, and every problem found
    in them (one per block at most: the first)."""
    problems: list[Problem] = []
    lines = text.split("\n")
    found = _question_fences(lines)
    checkers = widgets()
    for fence in found:
        try:
            block = _block(fence, lines)
            if block.info in checkers:
                checkers[block.info](block)
            else:
                verify(question(block))
        except QuestionError as exc:
            problems.append(Problem(path, exc.line, exc.message))
    return len(found), problems
