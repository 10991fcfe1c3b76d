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
An ```` ```entrenador-ultimate ```` block holds the croupier trainer's optional settings
(:func:`trainer_settings`).

Every problem is a :class:`QuestionError` with the 1-based line of the field at fault (in the
text given); :func:`check_markdown` collects one per block, as :class:`~engine.keyvalue.Problem`
(``file:line: message``), which is what ``python -m engine check`` prints.

>>> page = "# Página\\n\\n```pregunta\\njuego: holdem\\ntipo: botes\\nenunciado: ¿Cuántos botes hay?\\n" \\
...        "apuesta: Ana = 100\\napuesta: Beto = 40\\nrespuesta: 3\\n```\\n"
>>> [str(p) for p in check_markdown(page, "docs/prueba.md")[1]]
['docs/prueba.md:9: La respuesta «3» no es correcta: el motor calcula 2. (Bote principal: hasta 40 por jugador → 2 × 40 = 80; optan Ana y Beto. Bote secundario: de 40 a 100 por jugador → 60 = 60; optan Ana.)']
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..errors import EngineError
from ..keyvalue import Fence, Problem, fences, normalise, read
from .answers import AnswerError, fold
from .solvers import Solution, solve
from .verdict import CORRECT, NEEDS_DETAIL, judge, read_answer

__all__ = [
    "INFO",
    "MODES",
    "TRIPS_MODES",
    "UNITS",
    "TRAINER_INFO",
    "Block",
    "Field",
    "Question",
    "QuestionError",
    "TrainerSettings",
    "blocks",
    "check_markdown",
    "question",
    "trainer_settings",
    "verify",
]

INFO = "pregunta"
TRAINER_INFO = "entrenador-ultimate"

# The croupier trainer's settings (:mod:`engine.drills.trainer` deals with them; an ```entrenador-ultimate
# block chooses among them, :func:`trainer_settings`).
#: Trainer modes: what the reader computes (the ``ask`` of the question) and the prompt.
MODES: dict[str, tuple[str, str]] = {
    "blind": ("blind", "¿Cuál es el resultado neto del Blind?"),
    "trips": ("trips", "¿Cuál es el resultado neto de la apuesta Trips?"),
    "ante-play": ("ante+play", "¿Cuál es el resultado neto de Ante y Play juntos?"),
    "total": ("total", "¿Cuál es el resultado neto total del jugador (Ante, Blind, Play y Trips)?"),
}

#: Units the trainer offers: the Ante (and the Blind) of every hand.
UNITS = (1, 5, 10, 25, 100)
#: Modes whose question depends on the Trips pay table (the others leave it out).
TRIPS_MODES = ("trips", "total")


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
    """One ```pregunta (or ```entrenador-ultimate) block: where it is and its fields."""

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
    found = read(fence.numbered(lines), nested=False, example="juego: ultimate")
    if found.problems:
        raise QuestionError(*found.problems[0])
    fields = [Field(normalise(n.key).replace(" ", "-"), n.value, n.line) for n in found.nodes]
    return Block(fence.line, fence.end, fence.indent, fields, info)


def _question_fences(lines: list[str]) -> list[Fence]:
    return [f for f in fences(lines) if _info(f) in (INFO, TRAINER_INFO)]


def blocks(markdown: str) -> list[Block]:
    """Every top-level ```pregunta and ```entrenador-ultimate block (blocks inside other fences are
    examples, not questions).

    :raises QuestionError: for the first block that is unclosed or has a line that is not ``clave: valor``.
    """
    lines = markdown.split("\n")
    return [_block(f, lines) for f in _question_fences(lines)]


def _short(text: str, limit: int = 50) -> str:
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


def _cards(f: Field, count: int | None) -> list[str]:
    from ..cards import parse_cards
    from ..errors import InvalidCardError

    try:
        cards = parse_cards(f.value)
    except InvalidCardError as exc:
        raise QuestionError(f.line, str(exc)) from None
    if count is not None and len(cards) != count:
        raise QuestionError(f.line, f"«{f.key}» debe tener {count} cartas y tiene {len(cards)}: «{_short(f.value)}».")
    return [str(c) for c in cards]


def _int(f: Field, minimum: int = 0) -> int:
    text = f.value.replace(".", "").replace(" ", "")
    if not text.isdigit() or int(text) < minimum:
        raise QuestionError(f.line, f"«{f.key}» debe ser un número entero de {minimum} o más: «{_short(f.value)}».")
    return int(text)


def _named(f: Field) -> tuple[str, str]:
    """``"Ana = As Kd"`` -> ``("Ana", "As Kd")``."""
    name, sep, rest = f.value.partition("=")
    if not sep or not name.strip() or not rest.strip():
        raise QuestionError(f.line, f"«{f.key}» se escribe «Nombre = …», por ejemplo «Ana = As Kd»: «{_short(f.value)}».")
    return name.strip(), rest.strip()


def _names_list(f: Field) -> list[str]:
    names = [n.strip() for n in re.split(r"[,;]", f.value) if n.strip()]
    if not names:
        raise QuestionError(f.line, f"«{f.key}» debe ser una lista de nombres separados por comas.")
    return names


def _choice(f: Field, options: dict[str, Any]) -> Any:
    value = fold(f.value)
    if value not in options:
        shown = ", ".join(sorted({k for k in options if " " not in k}))
        raise QuestionError(f.line, f"«{f.key}: {_short(f.value)}» no es válido; opciones: {shown}.")
    return options[value]


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


GAMES = {
    "ultimate": "ultimate", "uth": "ultimate", "ultimate texas hold'em": "ultimate",
    "mata-ases": "mata-ases", "mata ases": "mata-ases", "matases": "mata-ases",
    "holdem": "holdem", "hold'em": "holdem", "texas hold'em": "holdem", "texas holdem": "holdem",
}
UTH_ASKS = {
    "blind": "blind", "trips": "trips", "ante": "ante", "play": "play", "ante+play": "ante+play",
    "ante-play": "ante+play", "ante y play": "ante+play", "total": "total", "liquidacion": "total",
}
MATA_ASKS = {"ganador": "winners", "ganadores": "winners", "jugada": "hand"}
HOLDEM_ASKS = {
    "posicion": ("holdem-position", "position"),
    "habla-primero": ("holdem-position", "first-to-act"),
    "bote": ("holdem-pots", "amount"),
    "aspirantes": ("holdem-pots", "eligible"),
    "botes": ("holdem-pots", "count"),
    "ganador": ("holdem-showdown", "winners"),
    "ganadores": ("holdem-showdown", "winners"),
    "jugada": ("holdem-showdown", "hand"),
}
STREETS = {"preflop": "preflop", "pre-flop": "preflop", "flop": "flop", "turn": "turn", "river": "river"}
POT_NAMES = {"principal": 1, "secundario": 2, "terciario": 3, "cuarto": 4, "quinto": 5}
COMMON = "Campos comunes: juego, tipo, enunciado, respuesta, nota."


def question(block: Block) -> Question:
    """The engine question of a block.

    :raises QuestionError: for a missing, repeated, unknown or malformed field.
    """
    fields = Fields(block)
    game = _choice(fields.get("juego"), GAMES)
    prompt = fields.get("enunciado").value
    answer = fields.get("respuesta")
    note_field = fields.get("nota", required=False)
    note = note_field.value if note_field else None
    ask_field = fields.get("tipo")
    lines: dict[str, int] = {"question": block.line}
    builder = {"ultimate": _ultimate, "mata-ases": _mata_ases, "holdem": _holdem}[game]
    spec, hint = builder(fields, ask_field, lines)
    fields.finish(f"{hint} {COMMON}")
    if not prompt:
        raise QuestionError(block.line, "El enunciado está vacío.")
    return Question(spec, prompt, answer, note, block.line, lines, {f.line: f.key for f in block.fields})


def _ultimate(fields: Fields, ask_field: Field, lines: dict) -> tuple[dict, str]:
    ask = _choice(ask_field, UTH_ASKS)
    spec: dict[str, Any] = {"kind": "uth", "ask": ask}
    for key, name, count in (("jugador", "player", 2), ("crupier", "dealer", 2), ("mesa", "board", 5)):
        f = fields.get(key)
        spec[name] = _cards(f, count)
        lines[f"question.{name}"] = f.line
    f = fields.get("ante")
    spec["ante"] = _int(f, 1)
    lines["question.ante"] = f.line
    f = fields.get("play")
    value = f.value.strip().lower().replace("×", "x")
    if value in ("retira", "se retira", "retirado", "fold", "0", "no"):
        spec["play"] = 0
    elif re.fullmatch(r"[1-4]\s*x", value):
        spec["play"] = int(value[0]) * spec["ante"]
    elif value.isdigit():
        spec["play"] = int(value)  # an amount; the engine checks it is 1-4 times the Ante
    else:
        raise QuestionError(f.line, f"«play» es 4x, 3x, 2x, 1x, una cantidad o «se retira»: «{_short(f.value)}».")
    lines["question.play"] = f.line
    f = fields.get("trips", required=False)
    spec["trips"] = _int(f) if f else 0
    if f:
        lines["question.trips"] = f.line
    f = fields.get("tabla-trips", required=False)
    if f:
        spec["trips_table"] = f.value.strip()
        lines["question.trips_table"] = f.line
    return spec, "Campos de Ultimate: ante, play, trips, jugador, crupier, mesa, tabla-trips."


def _players(fields: Fields, count: int, lines: dict) -> dict[str, list[str]]:
    """The ``jugador: Nombre = cartas`` lines, ``count`` cards each, remembering each one's line."""
    players: dict[str, list[str]] = {}
    for f in fields.all("jugador"):
        name, cards = _named(f)
        if name in players:
            raise QuestionError(f.line, f"El jugador «{name}» está repetido.")
        players[name] = _cards(Field(f.key, cards, f.line), count)
        lines[f"question.players.{name}"] = f.line
    lines["question.players"] = fields.by_key["jugador"][0].line
    return players


def _of(fields: Fields, spec: dict, lines: dict, *, seat_number: bool = False) -> None:
    f = fields.get("de")
    spec["of"] = int(f.value) if seat_number and f.value.strip().isdigit() else f.value.strip()
    lines["question.of"] = f.line


def _mata_ases(fields: Fields, ask_field: Field, lines: dict) -> tuple[dict, str]:
    ask = _choice(ask_field, MATA_ASKS)
    players = _players(fields, 5, lines)
    f = fields.get("ayudas")
    spec: dict[str, Any] = {"kind": "mata-ases", "ask": ask, "players": players, "ayudas": _cards(f, 3)}
    lines["question.ayudas"] = f.line
    if ask == "hand":
        _of(fields, spec, lines)
    return spec, "Campos de Mata Ases: jugador (Nombre = 5 cartas), ayudas, de."


def _holdem(fields: Fields, ask_field: Field, lines: dict) -> tuple[dict, str]:
    kind, ask = _choice(ask_field, HOLDEM_ASKS)
    spec: dict[str, Any] = {"kind": kind, "ask": ask}
    if kind == "holdem-position":
        return spec, _holdem_position(fields, spec, lines)
    if kind == "holdem-pots":
        return spec, _holdem_pots(fields, spec, lines)
    spec["players"] = _players(fields, 2, lines)
    f = fields.get("mesa")
    spec["board"] = _cards(f, 5)
    lines["question.board"] = f.line
    if ask == "hand":
        _of(fields, spec, lines)
    return spec, "Campos del showdown: jugador (Nombre = 2 cartas), mesa, de."


def _holdem_position(fields: Fields, spec: dict, lines: dict) -> str:
    f = fields.get("jugadores")
    spec["players"] = int(f.value) if f.value.strip().isdigit() else _names_list(f)
    lines["question.players"] = f.line
    # «habla-primero» needs the button (docs/desarrollo/preguntas.md); «posicion» counts from the first seat.
    f = fields.get("boton", required=spec["ask"] == "first-to-act")
    if f:
        spec["button"] = f.value.strip()
        lines["question.button"] = f.line
    if spec["ask"] == "position":
        _of(fields, spec, lines, seat_number=True)
    else:
        f = fields.get("ronda", required=False)
        spec["street"] = _choice(f, STREETS) if f else "preflop"
        if f:
            lines["question.street"] = f.line
        f = fields.get("retirados", required=False)
        if f:
            spec["folded"] = _names_list(f)
            lines["question.folded"] = f.line
    return "Campos: jugadores (número o nombres en orden), boton, de, ronda, retirados."


def _holdem_pots(fields: Fields, spec: dict, lines: dict) -> str:
    bets: dict[str, int] = {}
    for f in fields.all("apuesta"):
        name, amount = _named(f)
        if name in bets:
            raise QuestionError(f.line, f"El jugador «{name}» está repetido.")
        bets[name] = _int(Field(f.key, amount, f.line), 0)
        lines[f"question.bets.{name}"] = f.line
    lines["question.bets"] = fields.by_key["apuesta"][0].line
    spec["bets"] = bets
    f = fields.get("retirados", required=False)
    spec["folded"] = _names_list(f) if f else []
    if f:
        lines["question.folded"] = f.line
    if spec["ask"] in ("amount", "eligible"):
        f = fields.get("bote")
        text = f.value.strip().lower()
        spec["pot"] = POT_NAMES[text] if text in POT_NAMES else _int(f, 1)
        lines["question.pot"] = f.line
    return "Campos de botes: apuesta (Nombre = cantidad), retirados, bote (1 = principal)."


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
            f"La respuesta «{_short(q.answer.value)}» no se puede leer ({str(exc).rstrip('.')}). "
            f"El motor calcula: {solution.display}.",
        ) from None
    verdict, hint = judge(solution, given)
    if verdict == NEEDS_DETAIL:
        raise QuestionError(
            q.answer.line,
            f"La respuesta «{_short(q.answer.value)}» es cierta pero no basta (a un lector se le "
            f"preguntaría: {hint.rstrip('.')}). Escribe la respuesta completa: {solution.display}.",
        )
    if verdict != CORRECT:
        raise QuestionError(
            q.answer.line,
            f"La respuesta «{_short(q.answer.value)}» no es correcta: el motor calcula "
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
# The croupier trainer's block.

@dataclass(frozen=True)
class TrainerSettings:
    mode: str
    table: str
    unit: int


def trainer_settings(block: Block) -> TrainerSettings:
    """The ```entrenador-ultimate block's optional ``modo``, ``tabla-trips`` and ``unidad``.

    :raises QuestionError: for an unknown mode, table or unit, or an unknown field.
    """
    from ..games.ultimate.rules import DEFAULT_TRIPS_TABLE, TRIPS_TABLES

    fields = Fields(block)
    mode_field = fields.get("modo", required=False)
    mode = mode_field.value.strip() if mode_field else "blind"
    if mode not in MODES:
        raise QuestionError(mode_field.line, f"Modo desconocido «{_short(mode)}»; modos: {', '.join(MODES)}.")
    table_field = fields.get("tabla-trips", required=False)
    table = table_field.value.strip() if table_field else DEFAULT_TRIPS_TABLE
    if table not in TRIPS_TABLES:
        raise QuestionError(table_field.line, f"Tabla desconocida «{_short(table)}»; tablas: {', '.join(TRIPS_TABLES)}.")
    unit_field = fields.get("unidad", required=False)
    unit = _int(unit_field, 1) if unit_field else 5
    if unit not in UNITS:
        raise QuestionError(unit_field.line, f"La unidad debe ser una de {', '.join(map(str, UNITS))}.")
    fields.finish("Campos del entrenador: modo, tabla-trips, unidad.")
    return TrainerSettings(mode, table, unit)


# ---------------------------------------------------------------------------------------------
# A whole page, for ``python -m engine check``.

def check_markdown(text: str, path: str) -> tuple[int, list[Problem]]:
    """How many question and trainer blocks a markdown page has, and every problem found in them
    (one per block at most: the first)."""
    problems: list[Problem] = []
    lines = text.split("\n")
    found = _question_fences(lines)
    for fence in found:
        try:
            block = _block(fence, lines)
            if block.info == TRAINER_INFO:
                trainer_settings(block)
            else:
                verify(question(block))
        except QuestionError as exc:
            problems.append(Problem(path, exc.line, exc.message))
    return len(found), problems
