"""MkDocs hook: quiz questions written as ```` ```pregunta ```` blocks, checked by the engine at build.

An author writes a fenced block whose info string is ``pregunta``, with one ``clave: valor`` per line
(the syntax is documented for authors in ``docs/desarrollo/preguntas.md``)::

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

At build time the hook turns each block into a question for :mod:`engine.quiz`, lets the engine
solve it and compares the author's ``respuesta`` with the engine's answer (read with the same
generous reader the browser uses). A wrong key, an unknown key, a bad card or an impossible deal
stops the build with a Spanish ``PluginError`` that names ``file:line`` and, for a wrong key, the
engine's answer.

Each question is rendered as plain HTML that teaches without JavaScript (the cards with their
Spanish names, the bets, the question and a ``<details>`` with the worked solution); with
JavaScript, ``docs/javascripts/ui/quiz.js`` shows an answer box checked by the engine in the
browser. Everything an author writes is escaped.

The hook is scoped: pages without a ``pregunta`` block are returned untouched. Blocks inside other
fenced blocks are left alone, so the authors' page can show the syntax.
"""

from __future__ import annotations

import html
import json
import re
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

from site_hooks import blocks as site_blocks

INFO = "pregunta"
TRAINER_INFO = "entrenador-ultimate"
FENCE_RE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^`\n]*?)[ \t]*$")
FIELD_RE = re.compile(r"^(?P<key>[A-Za-zÁÉÍÓÚáéíóúÑñ+\-]+)[ \t]*:[ \t]*(?P<value>.*)$")
ROOT = Path(__file__).resolve().parent.parent


class QuizSyntaxError(Exception):
    """A question cannot be built or its key is wrong; ``line`` is 1-based within the page."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message


# ---------------------------------------------------------------------------------------------
# Finding the blocks.

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


def find_blocks(markdown: str) -> list[Block]:
    """Every top-level ```pregunta block (blocks inside other fences are code, not questions).

    :raises QuizSyntaxError: for an unclosed block or a line that is not ``clave: valor``.
    """
    lines = markdown.split("\n")
    blocks: list[Block] = []
    i = 0
    while i < len(lines):
        match = FENCE_RE.match(lines[i])
        if not match:
            i += 1
            continue
        fence, indent = match["fence"], match["indent"]
        closing = re.compile(rf"^[ \t]*{re.escape(fence[0])}{{{len(fence)},}}[ \t]*$")
        end = i + 1
        while end < len(lines) and not closing.match(lines[end]):
            end += 1
        info = match["info"].strip().lower()
        if info in (INFO, TRAINER_INFO):
            if end >= len(lines):
                raise QuizSyntaxError(i + 1, f"el bloque «{fence}{info}» no se cierra con «{fence}».")
            blocks.append(Block(i + 1, end + 1, indent, _fields(lines[i + 1:end], i + 2, indent), info))
        i = end + 1
    return blocks


def _fields(lines: list[str], first: int, indent: str) -> list[Field]:
    fields: list[Field] = []
    for offset, raw in enumerate(lines):
        number = first + offset
        line = raw[len(indent):] if raw.startswith(indent) else raw.lstrip()
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if line[:1] in (" ", "\t"):
            if not fields:
                raise QuizSyntaxError(number, "una línea sangrada continúa el campo anterior, pero no hay ninguno.")
            fields[-1].value = f"{fields[-1].value} {line.strip()}".strip()
            continue
        match = FIELD_RE.match(line)
        if not match:
            raise QuizSyntaxError(
                number, f"se esperaba «clave: valor» y hay «{_short(line)}» (ver docs/desarrollo/preguntas.md)."
            )
        fields.append(Field(_norm_key(match["key"]), match["value"].strip(), number))
    return fields


def _norm_key(key: str) -> str:
    from engine.quiz import fold

    return fold(key).replace(" ", "-")


def _short(text: str, limit: int = 50) -> str:
    text = text.strip()
    return text if len(text) <= limit else text[: limit - 1] + "…"


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
                raise QuizSyntaxError(found[1].line, f"el campo «{key}» está repetido (ya aparece en la línea {found[0].line}).")

    def get(self, key: str, *, required: bool = True) -> Field | None:
        found = self.by_key.get(key)
        if not found:
            if required:
                raise QuizSyntaxError(self.block.line, f"a la pregunta le falta el campo «{key}».")
            return None
        self.used.add(id(found[0]))
        return found[0]

    def all(self, key: str, *, required: bool = True) -> list[Field]:
        found = self.by_key.get(key, [])
        if not found and required:
            raise QuizSyntaxError(self.block.line, f"a la pregunta le falta al menos un campo «{key}».")
        for f in found:
            self.used.add(id(f))
        return found

    def finish(self, allowed_hint: str) -> None:
        for f in self.block.fields:
            if id(f) not in self.used:
                raise QuizSyntaxError(f.line, f"campo desconocido o que no se usa aquí: «{f.key}». {allowed_hint}")


def _cards(f: Field, count: int | None) -> list[str]:
    from engine.cards import parse_cards
    from engine.errors import InvalidCardError

    try:
        cards = parse_cards(f.value)
    except InvalidCardError as exc:
        raise QuizSyntaxError(f.line, str(exc)) from None
    if count is not None and len(cards) != count:
        raise QuizSyntaxError(f.line, f"«{f.key}» debe tener {count} cartas y tiene {len(cards)}: «{_short(f.value)}».")
    return [str(c) for c in cards]


def _int(f: Field, minimum: int = 0) -> int:
    text = f.value.replace(".", "").replace(" ", "")
    if not text.isdigit() or int(text) < minimum:
        raise QuizSyntaxError(f.line, f"«{f.key}» debe ser un número entero de {minimum} o más: «{_short(f.value)}».")
    return int(text)


def _named(f: Field) -> tuple[str, str]:
    """``"Ana = As Kd"`` -> ``("Ana", "As Kd")``."""
    name, sep, rest = f.value.partition("=")
    if not sep or not name.strip() or not rest.strip():
        raise QuizSyntaxError(f.line, f"«{f.key}» se escribe «Nombre = …», por ejemplo «Ana = As Kd»: «{_short(f.value)}».")
    return name.strip(), rest.strip()


def _names_list(f: Field) -> list[str]:
    names = [n.strip() for n in re.split(r"[,;]", f.value) if n.strip()]
    if not names:
        raise QuizSyntaxError(f.line, f"«{f.key}» debe ser una lista de nombres separados por comas.")
    return names


def _choice(f: Field, options: dict[str, str]) -> str:
    from engine.quiz import fold

    value = fold(f.value)
    if value not in options:
        shown = ", ".join(sorted({k for k in options if " " not in k}))
        raise QuizSyntaxError(f.line, f"«{f.key}: {_short(f.value)}» no es válido; opciones: {shown}.")
    return options[value]


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


def build_question(block: Block) -> Question:
    """The engine question of a block.

    :raises QuizSyntaxError: for a missing, repeated, unknown or malformed field.
    """
    fields = Fields(block)
    game = _choice(fields.get("juego"), GAMES)
    prompt = fields.get("enunciado").value
    answer = fields.get("respuesta")
    note_field = fields.get("nota", required=False)
    note = note_field.value if note_field else None
    ask_field = fields.get("tipo")
    lines: dict[str, int] = {"question": block.line}
    if game == "ultimate":
        spec, hint = _ultimate(fields, ask_field, lines)
    elif game == "mata-ases":
        spec, hint = _mata_ases(fields, ask_field, lines)
    else:
        spec, hint = _holdem(fields, ask_field, lines)
    fields.finish(f"{hint} {COMMON}")
    if not prompt:
        raise QuizSyntaxError(block.line, "el enunciado está vacío.")
    return Question(spec, prompt, answer, note, block.line, lines)


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
        raise QuizSyntaxError(f.line, f"«play» es 4x, 3x, 2x, 1x, una cantidad o «se retira»: «{_short(f.value)}».")
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
            raise QuizSyntaxError(f.line, f"el jugador «{name}» está repetido.")
        players[name] = _cards(Field(f.key, cards, f.line), count)
        lines[f"question.players.{name}"] = f.line
    return players


def _mata_ases(fields: Fields, ask_field: Field, lines: dict) -> tuple[dict, str]:
    ask = _choice(ask_field, MATA_ASKS)
    players = _players(fields, 5, lines)
    f = fields.get("ayudas")
    spec: dict[str, Any] = {"kind": "mata-ases", "ask": ask, "players": players, "ayudas": _cards(f, 3)}
    lines["question.ayudas"] = f.line
    lines["question.players"] = fields.by_key["jugador"][0].line
    if ask == "hand":
        f = fields.get("de")
        spec["of"] = f.value.strip()
        lines["question.of"] = f.line
    return spec, "Campos de Mata Ases: jugador (Nombre = 5 cartas), ayudas, de."


def _holdem(fields: Fields, ask_field: Field, lines: dict) -> tuple[dict, str]:
    kind, ask = _choice(ask_field, HOLDEM_ASKS)
    spec: dict[str, Any] = {"kind": kind, "ask": ask}
    if kind == "holdem-position":
        f = fields.get("jugadores")
        spec["players"] = int(f.value) if f.value.strip().isdigit() else _names_list(f)
        lines["question.players"] = f.line
        f = fields.get("boton", required=False)
        if f:
            spec["button"] = f.value.strip()
            lines["question.button"] = f.line
        if ask == "position":
            f = fields.get("de")
            spec["of"] = int(f.value) if f.value.strip().isdigit() else f.value.strip()
            lines["question.of"] = f.line
        else:
            f = fields.get("ronda", required=False)
            spec["street"] = _choice(f, STREETS) if f else "preflop"
            if f:
                lines["question.street"] = f.line
            f = fields.get("retirados", required=False)
            if f:
                spec["folded"] = _names_list(f)
                lines["question.folded"] = f.line
        return spec, "Campos: jugadores (número o nombres en orden), boton, de, ronda, retirados."
    if kind == "holdem-pots":
        bets: dict[str, int] = {}
        for f in fields.all("apuesta"):
            name, amount = _named(f)
            if name in bets:
                raise QuizSyntaxError(f.line, f"el jugador «{name}» está repetido.")
            bets[name] = _int(Field(f.key, amount, f.line), 0)
            lines[f"question.bets.{name}"] = f.line
        lines["question.bets"] = fields.by_key["apuesta"][0].line
        spec["bets"] = bets
        f = fields.get("retirados", required=False)
        spec["folded"] = _names_list(f) if f else []
        if f:
            lines["question.folded"] = f.line
        if ask in ("amount", "eligible"):
            f = fields.get("bote")
            text = f.value.strip().lower()
            spec["pot"] = POT_NAMES[text] if text in POT_NAMES else _int(f, 1)
            lines["question.pot"] = f.line
        return spec, "Campos de botes: apuesta (Nombre = cantidad), retirados, bote (1 = principal)."
    players = _players(fields, 2, lines)
    lines["question.players"] = fields.by_key["jugador"][0].line
    f = fields.get("mesa")
    spec["players"] = players
    spec["board"] = _cards(f, 5)
    lines["question.board"] = f.line
    if ask == "hand":
        f = fields.get("de")
        spec["of"] = f.value.strip()
        lines["question.of"] = f.line
    return spec, "Campos del showdown: jugador (Nombre = 2 cartas), mesa, de."


# ---------------------------------------------------------------------------------------------
# Checking a question with the engine.

def verify(question: Question):
    """Solve the question with the engine and compare the author's key with the engine's answer.

    :returns: the engine's :class:`engine.quiz.Solution`.
    :raises QuizSyntaxError: for an impossible question or a wrong key (with the engine's answer).
    """
    from engine.errors import EngineError
    from engine.quiz import AnswerError, is_correct, read_answer, solve

    try:
        solution = solve(question.spec)
    except EngineError as exc:
        raise QuizSyntaxError(_line_of(question, exc), f"el motor no puede resolver la pregunta: {exc}") from None
    try:
        given = read_answer(solution, question.answer.value)
    except AnswerError as exc:
        raise QuizSyntaxError(
            question.answer.line,
            f"la respuesta «{_short(question.answer.value)}» no se puede leer ({exc}). "
            f"El motor calcula: {solution.display}.",
        ) from None
    if not is_correct(solution, given):
        raise QuizSyntaxError(
            question.answer.line,
            f"la respuesta «{_short(question.answer.value)}» no es correcta: el motor calcula "
            f"{solution.display}. ({' '.join(solution.steps[-2:])})",
        )
    return solution


def _line_of(question: Question, exc: Exception) -> int:
    path = getattr(exc, "field", "") or ""
    best, line = -1, question.line
    for prefix, number in question.lines.items():
        if (path == prefix or path.startswith(prefix + ".") or path.startswith(prefix + "[")) and len(prefix) > best:
            best, line = len(prefix), number
    return line


# ---------------------------------------------------------------------------------------------
# HTML.

def esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def cards_html(cards: list[dict]) -> str:
    out = []
    for card in cards:
        cls = "quiz-card quiz-card--red" if card["red"] else "quiz-card"
        out.append(f'<span class="{cls}" role="img" aria-label="{esc(card["name"])}">{esc(card["text"])}</span>')
    return " ".join(out)


def facts_html(facts: tuple[dict, ...]) -> str:
    rows = []
    for fact in facts:
        if "cards" in fact:
            value = f'<span class="quiz-cards">{cards_html(fact["cards"])}</span>'
        else:
            value = esc(fact["text"])
        rows.append(f"<div><dt>{esc(fact['label'])}</dt><dd>{value}</dd></div>")
    return f'<dl class="quiz__facts">{"".join(rows)}</dl>'


def render(question: Question, solution, qid: str, *, with_status: bool) -> str:
    """The HTML of one question (all text escaped)."""
    spec_json = json.dumps(question.spec, ensure_ascii=False, separators=(",", ":"))
    steps = "".join(f"<li>{esc(step)}</li>" for step in solution.steps)
    note = f'<p class="quiz__note">{esc(question.note)}</p>' if question.note else ""
    status = '<p class="engine-status" data-engine-status></p>' if with_status else ""
    return (
        f'<div class="quiz" id="{qid}" data-quiz data-engine data-quiz-spec="{esc(spec_json)}">'
        f'<p class="quiz__prompt">{esc(question.prompt)}</p>'
        f"{facts_html(solution.facts)}"
        f'<form class="quiz__form" hidden novalidate>'
        f'<label for="{qid}-respuesta">Tu respuesta</label>'
        f'<div class="quiz__row">'
        f'<input id="{qid}-respuesta" name="respuesta" type="text" autocomplete="off" spellcheck="false" '
        f'maxlength="200" aria-describedby="{qid}-ayuda">'
        f'<button type="submit" class="md-button md-button--primary">Comprobar</button>'
        f"</div>"
        f'<p class="quiz__hint" id="{qid}-ayuda">{esc(solution.hint)}</p>'
        f"</form>"
        f'<div class="quiz__feedback" data-quiz-feedback aria-live="polite"></div>'
        f'<details class="quiz__solution"><summary>Ver la solución</summary>'
        f'<p class="quiz__answer"><strong>Respuesta:</strong> <span data-quiz-answer>{esc(solution.display)}</span></p>'
        f'<ol class="quiz__steps">{steps}</ol>{note}</details>'
        f"{status}"
        f"</div>"
    )


def render_trainer(block: Block, *, with_status: bool) -> str:
    """The croupier's trainer: settings (modes, Trips tables and units come from the engine), the
    hand, the answer box and the score. Optional fields: ``modo``, ``tabla-trips``, ``unidad``."""
    from engine.games.ultimate import DEFAULT_TRIPS_TABLE, TRIPS_TABLES
    from engine.trainer import MODES, UNITS

    fields = Fields(block)
    mode_field = fields.get("modo", required=False)
    mode = mode_field.value.strip() if mode_field else "blind"
    if mode not in MODES:
        raise QuizSyntaxError(mode_field.line, f"modo desconocido «{_short(mode)}»; modos: {', '.join(MODES)}.")
    table_field = fields.get("tabla-trips", required=False)
    table = table_field.value.strip() if table_field else DEFAULT_TRIPS_TABLE
    if table not in TRIPS_TABLES:
        raise QuizSyntaxError(table_field.line, f"tabla desconocida «{_short(table)}»; tablas: {', '.join(TRIPS_TABLES)}.")
    unit_field = fields.get("unidad", required=False)
    unit = _int(unit_field, 1) if unit_field else 5
    if unit not in UNITS:
        raise QuizSyntaxError(unit_field.line, f"la unidad debe ser una de {', '.join(map(str, UNITS))}.")
    fields.finish("Campos del entrenador: modo, tabla-trips, unidad.")
    labels = {"blind": "Pago del Blind", "trips": "Pago de Trips", "ante-play": "Ante + Play",
              "total": "Liquidación completa"}
    modes = "".join(
        f'<label class="trainer__mode"><input type="radio" name="modo" value="{esc(key)}"'
        f'{" checked" if key == mode else ""}> {esc(labels.get(key, key))}</label>'
        for key in MODES
    )
    tables = "".join(
        f'<option value="{esc(name)}"{" selected" if name == table else ""}>{esc(name)}'
        f'{" (la de este sitio)" if name == DEFAULT_TRIPS_TABLE else ""}</option>'
        for name in TRIPS_TABLES
    )
    units = "".join(f'<option value="{u}"{" selected" if u == unit else ""}>{u}</option>' for u in UNITS)
    status = '<p class="engine-status" data-engine-status></p>' if with_status else ""
    return (
        '<div class="trainer" id="entrenador" data-engine data-uth-trainer>'
        '<p class="trainer__nojs" data-no-js>El entrenador reparte manos al azar con el motor de reglas, '
        "que funciona en tu navegador: necesita JavaScript. Las preguntas resueltas de "
        "«Ponte a prueba» se leen sin él.</p>"
        '<form class="trainer__settings" hidden>'
        f'<fieldset><legend>Qué practicas</legend>{modes}</fieldset>'
        '<div class="trainer__selects">'
        f'<label>Tabla de Trips <select name="tabla">{tables}</select></label>'
        f'<label>Unidad de apuesta <select name="unidad">{units}</select></label>'
        "</div>"
        '<button type="button" class="md-button" data-trainer-deal>Nueva mano</button>'
        "</form>"
        '<div class="trainer__hand" data-trainer-hand hidden>'
        '<p class="trainer__prompt" data-trainer-prompt></p>'
        '<dl class="quiz__facts" data-trainer-facts></dl>'
        "</div>"
        '<form class="quiz__form trainer__answer" data-trainer-answer hidden novalidate>'
        '<label for="entrenador-respuesta">Tu respuesta</label>'
        '<div class="quiz__row">'
        '<input id="entrenador-respuesta" name="respuesta" type="text" autocomplete="off" spellcheck="false" '
        'maxlength="200" aria-describedby="entrenador-ayuda">'
        '<button type="submit" class="md-button md-button--primary">Comprobar</button>'
        "</div>"
        '<p class="quiz__hint" id="entrenador-ayuda" data-trainer-hint></p>'
        "</form>"
        '<div class="quiz__feedback" data-trainer-feedback aria-live="polite"></div>'
        '<p class="trainer__score" data-trainer-score aria-live="polite" hidden></p>'
        f"{status}"
        "</div>"
    )


# ---------------------------------------------------------------------------------------------
# The page.

def process(markdown: str, *, slot_prefix: str = "") -> tuple[str, dict[str, str]]:
    """Replace every ```pregunta block by a placeholder paragraph; return the HTML for each.

    Line numbers in errors are those of ``markdown``.

    :raises QuizSyntaxError: for the first bad question.
    """
    blocks = find_blocks(markdown)
    if not blocks:
        return markdown, {}
    prefix = slot_prefix or f"QUIZSLOT{secrets.token_hex(6).upper()}N"
    lines = markdown.split("\n")
    slots: dict[str, str] = {}
    status_shown = False
    for n, block in enumerate(blocks, start=1):
        slot = f"{prefix}{n}X"
        if block.info == TRAINER_INFO:
            slots[slot] = render_trainer(block, with_status=not status_shown)
        else:
            question = build_question(block)
            solution = verify(question)
            slots[slot] = render(question, solution, f"quiz-{n}", with_status=not status_shown)
        status_shown = True
        lines[block.line - 1] = f"{block.indent}{slot}"
        for i in range(block.line, block.end):
            lines[i] = None  # type: ignore[call-overload]
    out: list[str] = []
    for line in lines:
        if line is None:
            continue
        if line.lstrip().startswith(prefix):
            out.extend(["", line, ""])
        else:
            out.append(line)
    return "\n".join(out), slots


def check_file(path: Path, *, label: str | None = None) -> int:
    """Check every question of a Markdown file; the number of questions.

    :raises PluginError: with ``label:line`` (``label`` defaults to the path).
    """
    text = path.read_text(encoding="utf-8-sig")
    try:
        _, slots = process(text)
    except QuizSyntaxError as exc:
        raise PluginError(f"{label or path}:{exc.line}: {exc.message}") from None
    return len(slots)


_PAGES = site_blocks.PageBlocks("una pregunta")


def _source_label(page, config=None) -> str:
    """The page's source path for messages: relative to the project (mkdocs.yml's folder)."""
    path = Path(page.file.abs_src_path).resolve()
    base = Path(config["config_file_path"]).parent if config and config.get("config_file_path") else ROOT
    try:
        return path.relative_to(base.resolve()).as_posix()
    except ValueError:
        return str(path)


def _line_offset(page, markdown: str) -> int:
    """Lines of front matter MkDocs removed before handing us the Markdown."""
    try:
        raw = Path(page.file.abs_src_path).read_text(encoding="utf-8-sig").replace("\r\n", "\n")
    except OSError:
        return 0
    if raw.endswith(markdown) and len(raw) > len(markdown):
        return raw[: len(raw) - len(markdown)].count("\n")
    index = raw.find(markdown)
    return raw[:index].count("\n") if index > 0 else 0


def on_page_markdown(markdown, page, config, files):
    _PAGES.hold(_source_label(page, config), {})
    if INFO not in markdown and TRAINER_INFO not in markdown:
        return markdown
    try:
        new, slots = process(markdown)
    except QuizSyntaxError as exc:
        line = exc.line + _line_offset(page, markdown)
        raise PluginError(f"{_source_label(page, config)}:{line}: {exc.message}") from None
    _PAGES.hold(_source_label(page, config), slots)
    return new


def on_page_content(html_text, page, config, files):
    return _PAGES.release(_source_label(page, config), html_text)
