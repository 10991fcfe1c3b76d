"""The scenario file format: parse a practice hand, keep every value's source line, report problems.

A scenario file is markdown. Its data sits between two ``---`` lines at the very top, one
``clave: valor`` per line; a ``clave:`` with nothing after it opens a block whose lines are
indented below it. ``#`` starts a comment. Everything after the closing ``---`` is the page text.
The authors' guide (docs/desarrollo/escribir-manos.md) documents every field; a short example::

    ---
    título: Matar los Ases con un par
    orden: 1
    lección: Para cobrar hay que enseñar par de Ases o mejor.
    modalidades: Botón Ante, Bring In
    asientos: Tú 1000, Ana 1000, Beto 1000
    botón: Beto
    ante: 25
    bring in: 25
    mínimo: 50

    reparto 1:
      Tú:     As Kc Ah 7c Kd
      Ana:    Qs Qh 8c 8d 3s
      Beto:   Jd 9c 5h 2d 4c
      ayudas: Th 6s 3h

    guion:
      Tú:   abierta, pasa, paga
      Ana:  abierta, pasa, paga
      Beto: abierta, pasa, se retira

    resultado Botón Ante:
      pozo: 225 para Tú
      fichas: Tú 1125, Ana 900, Beto 975
    ---

Parsing never stops at the first problem: :func:`parse` returns the scenario (or None) and the
list of every :class:`Problem` it found, each with its line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from ..cards import Card
from ..errors import EngineError, InvalidCardError, RequestError
from ..spanish import fold

__all__ = [
    "BET_WORDS",
    "CARD_WORDS",
    "FACING_WORDS",
    "MAX_SEATS",
    "MODALITIES",
    "MODALITY_NAMES",
    "READER",
    "ROUND_NAMES",
    "Deal",
    "Outcome",
    "Problem",
    "Scenario",
    "ScenarioError",
    "ScriptEntry",
    "Seat",
    "Slot",
    "from_json",
    "load",
    "parse",
    "to_json",
]

#: The reader of the site, who plays against the scripted opponents.
READER = "Tú"

#: At most eight players sit at a Mata Ases table.
MAX_SEATS = 8

#: Modality ids (as in the ``mata-ases-hand`` request) and their Spanish names.
MODALITIES = ("boton-ante", "bring-in")
MODALITY_NAMES = {"boton-ante": "Botón Ante", "bring-in": "Bring In"}

#: Betting rounds, named by the number of own cards each player holds during the round.
ROUNDS = (2, 3, 4, 5)
ROUND_NAMES = {2: "1ª ronda", 3: "3ª carta", 4: "4ª carta", 5: "5ª carta"}

#: Script words, by slot. A round's line lists at most one word of each slot, in any order.
CARD_WORDS = {"abierta": "up", "aire": "up", "cerrada": "down"}
BET_WORDS = {"pasa": "check", "apuesta": "bet"}
FACING_WORDS = {"paga": "call", "iguala": "call", "se retira": "fold", "sube": "raise"}
SLOTS = ("card", "open", "facing")
_WORDS = {**{w: ("card", a) for w, a in CARD_WORDS.items()},
          **{w: ("open", a) for w, a in BET_WORDS.items()},
          **{w: ("facing", a) for w, a in FACING_WORDS.items()}}
#: Canonical word for each (slot, action), used when writing messages.
WORD_OF = {("card", "up"): "abierta", ("card", "down"): "cerrada", ("open", "check"): "pasa",
           ("open", "bet"): "apuesta", ("facing", "call"): "paga", ("facing", "fold"): "se retira",
           ("facing", "raise"): "sube"}
SLOT_NAMES = {"card": "cómo recibe la carta", "open": "qué hace si nadie ha apostado",
              "facing": "qué hace ante una apuesta"}

REQUIRED_HEADINGS = {"que observar": "## Qué observar", "que ensena": "## Qué enseña esta mano"}


# ---------------------------------------------------------------------------------------------
# Problems.

@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong in a scenario file, at a line (1-based)."""

    path: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}"


class ScenarioError(EngineError):
    """A scenario cannot be used; ``problems`` lists every reason, each with its line."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = sorted(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


# ---------------------------------------------------------------------------------------------
# The parsed scenario.

@dataclass(frozen=True)
class Seat:
    name: str
    stack: int
    line: int


@dataclass(frozen=True)
class Deal:
    """The cards of one hand: the original deal is number 1, each extension adds one."""

    number: int
    line: int
    #: Own cards of each player, in the order received.
    cards: dict[str, tuple[Card, ...]]
    ayudas: tuple[Card, ...]
    #: Cards the dealer exposes by mistake: (player, card number 1..5).
    exposed: tuple[tuple[str, int], ...] = ()
    #: Source line of each player's cards, and of the ayudas (key ``""``).
    lines: dict[str, int] = field(default_factory=dict)

    def request(self) -> dict:
        """This deal as the ``mata-ases-hand`` request expects it."""
        out: dict[str, Any] = {
            "cards": {name: [str(c) for c in cards] for name, cards in self.cards.items()},
            "ayudas": [str(c) for c in self.ayudas],
        }
        if self.exposed:
            out["exposed"] = [{"player": p, "card": n} for p, n in self.exposed]
        return out


@dataclass(frozen=True)
class Slot:
    """One scripted answer: the action id (``"up"``, ``"check"``, ``"call"``...), the word, its line."""

    action: str
    word: str
    line: int


@dataclass(frozen=True)
class ScriptEntry:
    """What a player does in one round (or in every round, when ``round`` is None).

    ``modality`` and ``deal`` restrict the entry to one modality or one deal (None: all).
    """

    player: str
    line: int
    round: int | None = None
    modality: str | None = None
    deal: int | None = None
    slots: dict[str, Slot] = field(default_factory=dict)

    @property
    def specificity(self) -> tuple[bool, bool, bool]:
        """Sort key: a section for one deal beats one for a modality, which beats the general
        script; inside the same kind of section, a round's line beats «siempre»."""
        return (self.deal is not None, self.modality is not None, self.round is not None)


@dataclass(frozen=True)
class Pot:
    amount: int
    winners: tuple[str, ...]
    line: int


@dataclass(frozen=True)
class Outcome:
    """What the author claims happens along the default line in one modality."""

    modality: str
    line: int
    pots: tuple[Pot, ...] = ()
    stacks: dict[str, int] = field(default_factory=dict)
    stacks_line: int = 0
    extensions: int | None = None
    extensions_line: int = 0


@dataclass(frozen=True)
class Scenario:
    """A practice hand. ``name`` is the file name without ``.md``; ``path`` is shown in messages."""

    name: str
    path: str
    title: str
    order: int
    lesson: str
    modalities: tuple[str, ...]
    seats: tuple[Seat, ...]
    button: str
    ante: int
    bring_in: int
    minimum: int
    betting: str
    deals: tuple[Deal, ...]
    script: tuple[ScriptEntry, ...]
    outcomes: dict[str, Outcome]
    body: str = ""
    body_line: int = 1
    single_modality_reason: str = ""
    #: Line of each top-level field (normalised key -> line), for messages.
    lines: dict[str, int] = field(default_factory=dict)

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats)

    @property
    def opponents(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats if seat.name != READER)

    def line_of(self, key: str, default: int = 1) -> int:
        return self.lines.get(key, default)

    def hand_request(self, modality: str, actions: list[dict] | None = None) -> dict:
        """The ``mata-ases-hand`` request for this scenario in ``modality`` with ``actions``."""
        return {
            "modality": modality,
            "stakes": {"ante": self.ante, "bring_in": self.bring_in, "minimum": self.minimum},
            "betting": self.betting,
            "seats": [{"name": s.name, "stack": s.stack} for s in self.seats],
            "button": self.button,
            "deals": [deal.request() for deal in self.deals],
            "actions": list(actions or []),
        }

    def entries(self, player: str, modality: str, deal: int, round_: int) -> list[ScriptEntry]:
        """The script entries that apply, most specific first (deal, then modality, then round)."""
        found = [e for e in self.script
                 if e.player == player
                 and e.modality in (None, modality)
                 and e.deal in (None, deal)
                 and e.round in (None, round_)]
        found.sort(key=lambda e: e.specificity, reverse=True)
        return found

    def slot(self, player: str, modality: str, deal: int, round_: int, slot: str) -> Slot | None:
        """The scripted answer for one decision, or None when the script is silent."""
        for entry in self.entries(player, modality, deal, round_):
            if slot in entry.slots:
                return entry.slots[slot]
        return None

    def script_line(self, player: str, modality: str, deal: int, round_: int) -> int:
        """The line to blame when the script is silent: the most specific entry that applies, else the
        player's first line that applies to this modality and deal, else the «guion:» line."""
        entries = self.entries(player, modality, deal, round_)
        if entries:
            return entries[0].line
        own = [e.line for e in self.script
               if e.player == player and e.modality in (None, modality) and e.deal in (None, deal)]
        return min(own) if own else self.line_of("guion", 1)


# ---------------------------------------------------------------------------------------------
# Lines -> a tree of ``clave: valor`` nodes.

@dataclass
class _Node:
    key: str
    value: str
    line: int
    indent: int
    children: list["_Node"] = field(default_factory=list)

    @property
    def norm(self) -> str:
        return normalise(self.key)


def normalise(text: str) -> str:
    """Lower case, no accents, ``ª`` as ``a``, single spaces: ``"Botón-Ante"`` -> ``"boton ante"``."""
    return fold(text, punctuation=True)


_COMMENT_RE = re.compile(r"(^|\s)#.*$")


class _Collector:
    def __init__(self, path: str) -> None:
        self.path = path
        self.problems: list[Problem] = []
        #: Normalised text of the lines that could not be read (to avoid a second, derived problem).
        self.broken: list[str] = []

    def add(self, line: int, message: str) -> None:
        self.problems.append(Problem(self.path, line, message))


def _split_front_matter(text: str, out: _Collector) -> tuple[list[tuple[int, str]], str, int] | None:
    lines = text.splitlines()
    first = 0
    while first < len(lines) and not lines[first].strip():
        first += 1
    if first >= len(lines) or lines[first].strip().lstrip("\ufeff") != "---":
        out.add(first + 1 if first < len(lines) else 1,
                "El archivo debe empezar con una línea «---»: los datos de la mano van entre dos líneas "
                "«---» al principio, y el texto de la página después.")
        return None
    for end in range(first + 1, len(lines)):
        if lines[end].strip() == "---":
            data = [(n + 1, lines[n]) for n in range(first + 1, end)]
            body_start = end + 1
            return data, "\n".join(lines[body_start:]), body_start + 1
    out.add(first + 1, "Falta la segunda línea «---» que cierra los datos de la mano.")
    return None


def _tree(lines: list[tuple[int, str]], out: _Collector) -> list[_Node]:
    roots: list[_Node] = []
    stack: list[_Node] = []
    for number, raw in lines:
        text = _COMMENT_RE.sub("", raw.expandtabs(4)).rstrip()
        if not text.strip():
            continue
        indent = len(text) - len(text.lstrip(" "))
        body = text.strip()
        if ":" not in body:
            out.broken.append(normalise(body))
            out.add(number, f"Falta «:» en «{body}»: cada línea es «clave: valor» (por ejemplo «botón: Beto»).")
            continue
        key, value = body.split(":", 1)
        node = _Node(key.strip(), value.strip(), number, indent)
        while stack and stack[-1].indent >= indent:
            stack.pop()
        siblings = stack[-1].children if stack else roots
        if not stack and indent > 0:
            out.add(number, f"«{node.key}» tiene sangría pero no hay ninguna clave con «:» al final encima "
                            "de la que dependa: quita los espacios del principio.")
            continue
        if siblings and siblings[-1].indent != indent:
            out.add(number, f"La sangría de «{node.key}» no coincide con la de «{siblings[-1].key}» "
                            f"(línea {siblings[-1].line}): alinea las dos líneas.")
            continue
        siblings.append(node)
        stack.append(node)
    return roots


# ---------------------------------------------------------------------------------------------
# Small value parsers (each reports its own problem and returns None on failure).

def _int(node: _Node, out: _Collector, what: str, *, minimum: int = 0) -> int | None:
    text = node.value.replace(".", "").replace(" ", "")
    if not re.fullmatch(r"\d+", text):
        out.add(node.line, f"{what} debe ser un número entero (se leyó «{node.value}»).")
        return None
    number = int(text)
    if number < minimum:
        out.add(node.line, f"{what} debe ser al menos {minimum} (se leyó {number}).")
        return None
    return number


def _unquote(text: str) -> str:
    """Texts may be written between quotes (a habit from other formats); the quotes are dropped."""
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'«":
        return text[1:-1].strip()
    if len(text) >= 2 and text[0] == "«" and text[-1] == "»":
        return text[1:-1].strip()
    return text


def modality_id(text: str) -> str | None:
    """``"Botón Ante"``, ``"boton-ante"`` -> ``"boton-ante"``; ``"Bring In"``, ``"brinco"`` -> ``"bring-in"``."""
    key = normalise(text)
    if key in ("boton ante", "botonante", "boton"):
        return "boton-ante"
    if key in ("bring in", "bringin", "brinco"):
        return "bring-in"
    return None


def _modalities(node: _Node, out: _Collector) -> tuple[str, ...] | None:
    found: list[str] = []
    for part in _split_list(node.value):
        modality = modality_id(part)
        if modality is None:
            out.add(node.line, f"Modalidad desconocida: «{part}». Las modalidades son «Botón Ante» y «Bring In».")
            return None
        if modality in found:
            out.add(node.line, f"La modalidad «{MODALITY_NAMES[modality]}» está repetida.")
            return None
        found.append(modality)
    if not found:
        out.add(node.line, "Escribe al menos una modalidad: «Botón Ante», «Bring In» o las dos, separadas por comas.")
        return None
    return tuple(m for m in MODALITIES if m in found)


def _split_list(text: str) -> list[str]:
    return [part.strip() for part in re.split(r"[,;]", text) if part.strip()]


def _name_value_pairs(node: _Node, out: _Collector, what: str) -> list[tuple[str, int, int]] | None:
    """``"Tú 1000, Ana 1000"`` (or one ``nombre: número`` per indented line) -> (name, number, line)."""
    pairs: list[tuple[str, int, int]] = []
    items: list[tuple[str, int]] = []
    if node.value:
        items += [(part, node.line) for part in _split_list(node.value)]
    for child in node.children:
        items.append((f"{child.key} {child.value}", child.line))
        if child.children:
            out.add(child.children[0].line, f"«{child.key}» no lleva líneas debajo.")
    if not items:
        out.add(node.line, f"Faltan {what}: escribe «nombre número», separados por comas (por ejemplo «Tú 1000, Ana 1000»).")
        return None
    ok = True
    for item, line in items:
        match = re.fullmatch(r"(.+?)\s+(\d[\d.]*)", item.strip())
        if not match:
            out.add(line, f"No entiendo «{item}»: escribe un nombre y un número, por ejemplo «Ana 1000».")
            ok = False
            continue
        pairs.append((match.group(1).strip(), int(match.group(2).replace(".", "")), line))
    return pairs if ok else None


def _cards(text: str, line: int, out: _Collector, owner: str) -> list[Card] | None:
    tokens = text.replace(",", " ").split()
    parsed: list[Card] = []
    ok = True
    for token in tokens:
        try:
            parsed.append(Card.parse(token))
        except InvalidCardError:
            out.add(line, f"Carta no válida: «{token}» ({owner}). Escribe el valor (2-9, T o 10, J, Q, K, A) "
                          "y el palo (s picas, h corazones, d diamantes, c tréboles), por ejemplo «As» o «10d».")
            ok = False
    return parsed if ok else None


_ORDINALS = {"primera": 1, "segunda": 2, "tercera": 3, "cuarta": 4, "quinta": 5}


def round_id(text: str) -> int | None | str:
    """A round key -> cards held (2..5), ``None`` for «siempre», or ``"?"`` when not a round key."""
    key = normalise(text)
    if key in ("siempre", "todas", "todas las rondas", "cada ronda"):
        return None
    if key in ("reparto inicial", "inicio"):
        return 2
    match = re.fullmatch(r"(?:(\d)\s*a?|(primera|segunda|tercera|cuarta|quinta))\s+(ronda|carta)|(ronda|carta)\s+(\d)", key)
    if not match:
        return "?"
    if match.group(4):
        number, kind = int(match.group(5)), match.group(4)
    else:
        number = int(match.group(1)) if match.group(1) else _ORDINALS[match.group(2)]
        kind = match.group(3)
    if kind == "ronda" and 1 <= number <= 4:
        return number + 1
    if kind == "carta" and 2 <= number <= 5:
        return number
    return "?"


def _deal_number(text: str) -> int | None:
    """``"reparto 2"`` -> 2, ``"extension 1"`` -> 2; None when ``text`` is not such a key."""
    match = re.fullmatch(r"(reparto|extension)\s*(\d+)", text)
    if not match:
        return None
    number = int(match.group(2))
    return number if match.group(1) == "reparto" else number + 1


def _qualifiers(rest: str) -> tuple[str | None, int | None, str]:
    """Split «Bring In, reparto 2» into (modality, deal, leftover text)."""
    rest = normalise(rest.replace(",", " "))
    modality = None
    for text, mid in (("boton ante", "boton-ante"), ("bring in", "bring-in"), ("brinco", "bring-in")):
        if text in rest.split() or f" {text} " in f" {rest} ":
            modality = mid
            rest = f" {rest} ".replace(f" {text} ", " ").strip()
            break
    deal = None
    match = re.search(r"(reparto|extension)\s*(\d+)", rest)
    if match:
        deal = _deal_number(f"{match.group(1)} {match.group(2)}")
        rest = (rest[:match.start()] + rest[match.end():]).strip()
    return modality, deal, " ".join(rest.split())


# ---------------------------------------------------------------------------------------------
# The parser.

#: Top-level keys (normalised) -> field id, and the field's name as authors write it.
_FIELD_KEYS = {
    "titulo": "titulo", "orden": "orden", "leccion": "leccion", "modalidades": "modalidades",
    "modalidad": "modalidades", "modalidad unica": "modalidad unica", "asientos": "asientos",
    "boton": "boton", "ante": "ante", "bring in": "bring in", "brinco": "bring in", "minimo": "minimo",
    "apuestas": "apuestas",
}
_FIELD_NAMES = {
    "titulo": "título", "orden": "orden", "leccion": "lección", "modalidades": "modalidades",
    "modalidad unica": "modalidad única", "asientos": "asientos", "boton": "botón", "ante": "ante",
    "bring in": "bring in", "minimo": "mínimo", "apuestas": "apuestas",
}


def parse(text: str, path: str = "<escenario>", name: str | None = None) -> tuple[Scenario | None, list[Problem]]:
    """Parse a scenario file's text; returns the scenario (None if unusable) and every problem found.

    ``path`` is how messages name the file; ``name`` defaults to its stem.
    """
    out = _Collector(path)
    name = name if name is not None else Path(path).stem
    split = _split_front_matter(text, out)
    if split is None:
        return None, out.problems
    data_lines, body, body_line = split
    nodes = _tree(data_lines, out)

    fields: dict[str, _Node] = {}
    deal_nodes: dict[int, _Node] = {}
    script_nodes: list[tuple[_Node, str | None, int | None]] = []
    outcome_nodes: list[tuple[_Node, str | None]] = []
    lines: dict[str, int] = {}
    for node in nodes:
        key = node.norm
        target = _FIELD_KEYS.get(key)
        if target is not None:
            if target in fields:
                out.add(node.line, f"«{_FIELD_NAMES[target]}» está repetido (ya aparece en la línea {fields[target].line}).")
                continue
            if node.children and target != "asientos":
                out.add(node.children[0].line, f"«{node.key}» no lleva líneas debajo: escribe el valor en la misma línea.")
            fields[target] = node
            lines[target] = node.line
            continue
        number = _deal_number(key)
        if number is not None:
            if number in deal_nodes:
                out.add(node.line, f"El reparto {number} está repetido (ya aparece en la línea {deal_nodes[number].line}).")
            else:
                deal_nodes[number] = node
            continue
        if key == "guion" or key.startswith("guion "):
            modality, deal, leftover = _qualifiers(key[5:])
            if leftover:
                out.add(node.line, f"No entiendo «{node.key}»: después de «guion» puede ir una modalidad "
                                   "(«Botón Ante», «Bring In») y un reparto («reparto 2»), nada más.")
                continue
            lines.setdefault("guion", node.line)
            script_nodes.append((node, modality, deal))
            continue
        if key == "resultado" or key.startswith("resultado "):
            rest = key[len("resultado"):].strip()
            modality = modality_id(rest) if rest else None
            if rest and modality is None:
                out.add(node.line, f"Modalidad desconocida en «{node.key}»: escribe «resultado Botón Ante» o «resultado Bring In».")
                continue
            lines.setdefault("resultado", node.line)
            outcome_nodes.append((node, modality))
            continue
        out.add(node.line, f"Clave desconocida: «{node.key}». Las claves son: título, orden, lección, modalidades, "
                           "modalidad única, asientos, botón, ante, bring in, mínimo, apuestas, reparto N, guion, resultado.")

    def required(key: str) -> _Node | None:
        if key not in fields:
            if any(text.startswith(key) for text in out.broken):
                return None
            out.add(1, f"Falta «{_FIELD_NAMES[key]}:» en los datos de la mano.")
            return None
        return fields[key]

    title = required("titulo")
    order_node = required("orden")
    lesson = required("leccion")
    modalities_node = required("modalidades")
    seats_node = required("asientos")
    button_node = required("boton")
    ante_node, bring_node, minimum_node = required("ante"), required("bring in"), required("minimo")

    for node, what in ((title, "El título"), (lesson, "La lección")):
        if node is not None:
            node.value = _unquote(node.value)
            if not node.value:
                out.add(node.line, f"{what} está vacío.")
    order = _int(order_node, out, "El orden", minimum=1) if order_node else None
    modalities = _modalities(modalities_node, out) if modalities_node else None
    reason_node = fields.get("modalidad unica")
    if modalities is not None:
        if len(modalities) == 1 and (reason_node is None or not reason_node.value):
            out.add(modalities_node.line, "Esta mano se juega en una sola modalidad: explica por qué en "
                                          "«modalidad única: …» (una frase que la página muestra).")
        if len(modalities) > 1 and reason_node is not None:
            out.add(reason_node.line, "«modalidad única» sobra: la mano se juega en las dos modalidades.")

    # Seats.
    seats: list[Seat] = []
    if seats_node is not None:
        pairs = _name_value_pairs(seats_node, out, "los asientos")
        if pairs is not None:
            seen: dict[str, int] = {}
            for seat_name, stack, line in pairs:
                if normalise(seat_name) in seen:
                    out.add(line, f"«{seat_name}» está sentado dos veces (ya aparece en la línea {seen[normalise(seat_name)]}).")
                    continue
                if stack <= 0:
                    out.add(line, f"{seat_name} necesita fichas: escribe un número mayor que 0.")
                seen[normalise(seat_name)] = line
                seats.append(Seat(seat_name, stack, line))
            if len(seats) > MAX_SEATS:
                out.add(seats_node.line, f"Hay {len(seats)} asientos: en Mata Ases se sientan como máximo {MAX_SEATS} jugadores.")
            elif len(seats) < 2:
                out.add(seats_node.line, "Hacen falta al menos 2 asientos.")
            if seats and READER not in [s.name for s in seats]:
                if normalise(READER) in seen:
                    out.add(seats_node.line, f"Escribe «{READER}» con tilde: es el nombre del lector.")
                else:
                    out.add(seats_node.line, f"Falta «{READER}» en los asientos: el lector siempre juega.")
    seat_by_norm = {normalise(s.name): s.name for s in seats}

    def player(text: str) -> str | None:
        return seat_by_norm.get(normalise(text))

    button = None
    if button_node is not None:
        button = player(button_node.value)
        if button is None and seats:
            out.add(button_node.line, f"El botón «{button_node.value}» no está en los asientos "
                                      f"({', '.join(s.name for s in seats)}).")
    ante = _int(ante_node, out, "El ante") if ante_node else None
    bring_in = _int(bring_node, out, "El Bring In", minimum=1) if bring_node else None
    minimum = _int(minimum_node, out, "El mínimo", minimum=1) if minimum_node else None
    if bring_in is not None and minimum is not None and bring_in > minimum:
        out.add(bring_node.line, f"El Bring In ({bring_in}) no puede ser mayor que el mínimo de la mesa ({minimum}).")
    betting = "fixed"
    if "apuestas" in fields:
        word = normalise(fields["apuestas"].value)
        if word in ("fijas", "fijo", "limite fijo"):
            betting = "fixed"
        elif word in ("sin limite", "no limit"):
            betting = "no-limit"
        else:
            out.add(fields["apuestas"].line, f"«apuestas: {fields['apuestas'].value}» no se entiende: escribe «fijas» o «sin límite».")

    # Deals.
    deals: list[Deal] = []
    for number in sorted(deal_nodes):
        deal = _parse_deal(number, deal_nodes[number], seats, player, out)
        if deal is not None:
            deals.append(deal)
    if not deal_nodes:
        out.add(1, "Falta «reparto 1:» con las cinco cartas de cada jugador y las tres ayudas.")
    else:
        expected = list(range(1, max(deal_nodes) + 1))
        missing = [n for n in expected if n not in deal_nodes]
        if missing:
            out.add(deal_nodes[max(deal_nodes)].line,
                    f"Falta el reparto {missing[0]}: los repartos se numeran 1, 2, 3… sin saltos.")

    # Script.
    script: list[ScriptEntry] = []
    if not script_nodes:
        out.add(1, f"Falta «guion:»: qué hace cada jugador en cada ronda (y tu línea por defecto, bajo «{READER}»).")
    for node, modality, deal in script_nodes:
        if modality is not None and modalities is not None and modality not in modalities:
            out.add(node.line, f"Este guion es para {MODALITY_NAMES[modality]}, pero la mano no se juega en esa modalidad.")
        if deal is not None and deal not in deal_nodes:
            out.add(node.line, f"Este guion es para el reparto {deal}, pero ese reparto no existe.")
        script += _parse_script(node, modality, deal, player, out)
    _check_script_repeats(script, out)
    if seats and script_nodes:
        scripted = {e.player for e in script}
        for seat in seats:
            if seat.name not in scripted:
                who = "tu línea por defecto" if seat.name == READER else f"el guion de {seat.name}"
                out.add(script_nodes[0][0].line, f"Falta {who}: añade «{seat.name}:» bajo «guion:».")

    # Outcomes.
    outcomes: dict[str, Outcome] = {}
    for node, modality in outcome_nodes:
        targets = [modality] if modality else list(modalities or ())
        for target in targets:
            if target in outcomes:
                out.add(node.line, f"El resultado de {MODALITY_NAMES[target]} está repetido "
                                   f"(ya aparece en la línea {outcomes[target].line}).")
                continue
            if modalities is not None and target not in modalities:
                out.add(node.line, f"La mano no se juega en {MODALITY_NAMES[target]}: este resultado sobra.")
                continue
            parsed = _parse_outcome(node, target, player, out)
            if parsed is not None:
                outcomes[target] = parsed
    for modality in modalities or ():
        if modality not in outcomes and not any(m in (None, modality) for _, m in outcome_nodes):
            out.add(1, f"Falta «resultado {MODALITY_NAMES[modality]}:» (quién gana qué y las fichas finales "
                       "con la línea por defecto).")

    # Body.
    headings = {normalise(h) for h in re.findall(r"^#{2,3}\s+(.+?)\s*#*\s*$", body, flags=re.M)}
    for needed, heading in REQUIRED_HEADINGS.items():
        if not any(h.startswith(needed) for h in headings):
            out.add(body_line, f"Falta el apartado «{heading}» en el texto de la página (después de la segunda «---»).")
    if not body.strip():
        out.add(body_line, "Falta el texto de la página: introducción, «## Qué observar» y «## Qué enseña esta mano».")

    if out.problems:
        return None, out.problems
    scenario = Scenario(
        name=name, path=path, title=title.value, order=order, lesson=lesson.value,
        modalities=modalities, seats=tuple(seats), button=button, ante=ante, bring_in=bring_in,
        minimum=minimum, betting=betting, deals=tuple(deals), script=tuple(script), outcomes=outcomes,
        body=body.strip("\n"), body_line=body_line,
        single_modality_reason=_unquote(reason_node.value) if reason_node is not None else "", lines=lines,
    )
    return scenario, []


def _parse_deal(number: int, node: _Node, seats: list[Seat], player, out: _Collector) -> Deal | None:
    if node.value:
        out.add(node.line, f"Las cartas del reparto {number} van en líneas debajo de «{node.key}:», una por jugador.")
    cards: dict[str, tuple[Card, ...]] = {}
    lines: dict[str, int] = {}
    ayudas: tuple[Card, ...] | None = None
    exposed: list[tuple[str, int]] = []
    located: list[tuple[Card, int, str]] = []
    mentioned: dict[str, int] = {}
    ok = True
    for child in node.children:
        key = child.norm
        if child.children:
            out.add(child.children[0].line, f"«{child.key}» no lleva líneas debajo.")
        if key in ("ayudas", "ayuda"):
            if "" in mentioned:
                out.add(child.line, f"Las ayudas del reparto {number} están repetidas (línea {mentioned['']}).")
                ok = False
                continue
            mentioned[""] = child.line
            parsed = _cards(child.value, child.line, out, "ayudas")
            if parsed is None:
                ok = False
                continue
            if len(parsed) != 3:
                out.add(child.line, f"Hay {len(parsed)} ayudas en el reparto {number}: tienen que ser exactamente 3.")
                ok = False
            ayudas = tuple(parsed)
            lines[""] = child.line
            located += [(c, child.line, "las ayudas") for c in parsed]
            continue
        if key in ("expuesta", "carta expuesta", "expuestas"):
            match = re.fullmatch(r"(.+?)\s+(\d)", child.value.strip())
            who = player(match.group(1)) if match else None
            if match is None or who is None or not 1 <= int(match.group(2)) <= 5:
                out.add(child.line, f"No entiendo «{child.key}: {child.value}»: escribe el jugador y el número de la "
                                    "carta que el dealer expone por error (1 a 5), por ejemplo «expuesta: Ana 3».")
                ok = False
                continue
            exposed.append((who, int(match.group(2))))
            continue
        who = player(child.key)
        if who is None:
            names = ", ".join(s.name for s in seats)
            out.add(child.line, f"«{child.key}» no está sentado en la mesa ({names}); en un reparto van los "
                                "jugadores, «ayudas» y, si hace falta, «expuesta».")
            ok = False
            continue
        if who in mentioned:
            out.add(child.line, f"Las cartas de {who} están repetidas en el reparto {number} (línea {mentioned[who]}).")
            ok = False
            continue
        mentioned[who] = child.line
        parsed = _cards(child.value, child.line, out, who)
        if parsed is None:
            ok = False
            continue
        if len(parsed) != 5:
            out.add(child.line, f"{who} tiene {len(parsed)} cartas en el reparto {number}: cada jugador recibe "
                                "exactamente 5, en el orden en que las recibe.")
            ok = False
        cards[who] = tuple(parsed)
        lines[who] = child.line
        located += [(c, child.line, who) for c in parsed]
    seen: dict[Card, tuple[int, str]] = {}
    for card, line, owner in located:
        if card in seen:
            first_line, first_owner = seen[card]
            out.add(line, f"La carta «{card}» ({card.name_es}) está repetida en el reparto {number}: "
                          f"ya la tiene {first_owner} en la línea {first_line}.")
            ok = False
        else:
            seen[card] = (line, owner)
    if "" not in mentioned:
        out.add(node.line, f"Faltan las ayudas del reparto {number}: añade «ayudas:» con 3 cartas.")
        ok = False
    if number == 1:
        for seat in seats:
            if seat.name not in mentioned:
                out.add(node.line, f"Faltan las cartas de {seat.name} en el reparto 1.")
                ok = False
    if not ok:
        return None
    ordered = {s.name: cards[s.name] for s in seats if s.name in cards}
    return Deal(number, node.line, ordered, ayudas, tuple(exposed), lines)


def _parse_words(text: str, line: int, who: str, round_: int | None, out: _Collector) -> dict[str, Slot] | None:
    slots: dict[str, Slot] = {}
    ok = True
    for part in _split_list(text):
        word = normalise(part)
        if word in ("retira", "se va", "tira"):
            word = "se retira"
        if word not in _WORDS:
            out.add(line, f"No entiendo «{part}» en el guion de {who}. Palabras posibles: abierta o cerrada "
                          "(cómo recibe la carta); pasa o apuesta (si nadie ha apostado); paga, se retira o sube "
                          "(ante una apuesta). Sepáralas con comas.")
            ok = False
            continue
        slot, action = _WORDS[word]
        if slot in slots:
            out.add(line, f"«{slots[slot].word}» y «{part}» dicen las dos {SLOT_NAMES[slot]}: deja solo una.")
            ok = False
            continue
        if slot == "card" and round_ == 2:
            out.add(line, "En la 1ª ronda nadie elige cómo recibe sus cartas: la primera llega abierta y la "
                          "segunda cerrada. Quita «abierta»/«cerrada» de esta línea.")
            ok = False
            continue
        slots[slot] = Slot(action, part, line)
    return slots if ok else None


def _parse_script(node: _Node, modality: str | None, deal: int | None, player, out: _Collector) -> list[ScriptEntry]:
    entries: list[ScriptEntry] = []
    if node.value:
        out.add(node.line, "Debajo de «guion:» va una línea por jugador («Ana:») y, debajo de cada jugador, "
                           "una por ronda.")
    for child in node.children:
        who = player(child.key)
        if who is None:
            out.add(child.line, f"«{child.key}» no está sentado en la mesa: el guion solo puede hablar de los jugadores "
                                "de «asientos».")
            continue
        if child.value:
            slots = _parse_words(child.value, child.line, who, None, out)
            if slots is not None:
                entries.append(ScriptEntry(who, child.line, None, modality, deal, slots))
        if not child.value and not child.children:
            out.add(child.line, f"El guion de {who} está vacío.")
        for grand in child.children:
            round_ = round_id(grand.key)
            if round_ == "?":
                out.add(grand.line, f"«{grand.key}» no es una ronda. Las rondas son «1ª ronda», «3ª carta», "
                                    "«4ª carta» y «5ª carta»; «siempre» vale para todas.")
                continue
            if grand.children:
                out.add(grand.children[0].line, f"«{grand.key}» no lleva líneas debajo: escribe las palabras en la misma línea.")
            if not grand.value:
                out.add(grand.line, f"Falta qué hace {who} en «{grand.key}».")
                continue
            slots = _parse_words(grand.value, grand.line, who, round_, out)
            if slots is not None:
                entries.append(ScriptEntry(who, grand.line, round_, modality, deal, slots))
    return entries


def _check_script_repeats(script: list[ScriptEntry], out: _Collector) -> None:
    seen: dict[tuple, int] = {}
    for entry in script:
        key = (entry.player, entry.round, entry.modality, entry.deal)
        if key in seen:
            when = ROUND_NAMES[entry.round] if entry.round else "siempre"
            out.add(entry.line, f"El guion de {entry.player} para «{when}» está repetido (ya aparece en la línea {seen[key]}).")
        else:
            seen[key] = entry.line


def _parse_outcome(node: _Node, modality: str, player, out: _Collector) -> Outcome | None:
    pots: list[Pot] = []
    stacks: dict[str, int] = {}
    stacks_line = 0
    extensions, extensions_line = None, 0
    ok = True
    if node.value:
        out.add(node.line, "El resultado va en líneas debajo: «pozo: 225 para Tú» y «fichas: Tú 1125, Ana 900, …».")
    for child in node.children:
        key = child.norm
        if key in ("pozo", "bote"):
            match = re.fullmatch(r"(\d[\d.]*)\s+(?:(para)\s+(.+)|sin ganador)", child.value.strip())
            if not match:
                out.add(child.line, f"No entiendo «pozo: {child.value}»: escribe «pozo: 225 para Tú» "
                                    "(o «para Tú y Ana» si se reparte).")
                ok = False
                continue
            names = re.split(r",|\s+y\s+", match.group(3)) if match.group(2) else []
            winners = []
            for text in names:
                who = player(text.strip())
                if who is None:
                    out.add(child.line, f"«{text.strip()}» no está sentado en la mesa.")
                    ok = False
                else:
                    winners.append(who)
            pots.append(Pot(int(match.group(1).replace(".", "")), tuple(winners), child.line))
        elif key == "fichas":
            pairs = _name_value_pairs(child, out, "las fichas finales")
            if pairs is None:
                ok = False
                continue
            stacks_line = child.line
            for text, amount, line in pairs:
                who = player(text)
                if who is None:
                    out.add(line, f"«{text}» no está sentado en la mesa.")
                    ok = False
                else:
                    stacks[who] = amount
        elif key in ("extensiones", "extension"):
            number = _int(child, out, "El número de extensiones")
            if number is None:
                ok = False
            extensions, extensions_line = number, child.line
        else:
            out.add(child.line, f"«{child.key}» no es parte de un resultado: escribe «pozo», «fichas» o «extensiones».")
            ok = False
    if not pots and not any(c.norm in ("pozo", "bote") for c in node.children):
        out.add(node.line, "Falta al menos un «pozo: … para …» en el resultado.")
        ok = False
    if not stacks:
        out.add(node.line, "Faltan las fichas finales: «fichas: Tú 1125, Ana 900, Beto 975».")
        ok = False
    if not ok:
        return None
    return Outcome(modality, node.line, tuple(pots), stacks, stacks_line, extensions, extensions_line)


def load(path: str | Path, *, display: str | None = None) -> Scenario:
    """Read and parse a scenario file.

    :raises ScenarioError: listing every problem found (file:line: message).
    """
    path = Path(path)
    shown = display or path.as_posix()
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ScenarioError([Problem(shown, 1, f"No se puede leer el archivo: {exc}")]) from None
    scenario, problems = parse(text, shown, path.stem)
    if problems:
        raise ScenarioError(problems)
    return scenario


# ---------------------------------------------------------------------------------------------
# Plain JSON, for the browser simulator (and back).

def to_json(scenario: Scenario) -> dict:
    """The scenario as plain JSON data (what ``scenario-play`` and the browser simulator take)."""
    return {
        "name": scenario.name,
        "path": scenario.path,
        "title": scenario.title,
        "order": scenario.order,
        "lesson": scenario.lesson,
        "modalities": list(scenario.modalities),
        "single_modality_reason": scenario.single_modality_reason or None,
        "reader": READER,
        "seats": [{"name": s.name, "stack": s.stack, "line": s.line} for s in scenario.seats],
        "button": scenario.button,
        "stakes": {"ante": scenario.ante, "bring_in": scenario.bring_in, "minimum": scenario.minimum},
        "betting": scenario.betting,
        "deals": [{**deal.request(), "line": deal.line} for deal in scenario.deals],
        "script": [
            {"player": e.player, "line": e.line, "round": e.round, "modality": e.modality, "deal": e.deal,
             **{slot: {"action": s.action, "word": s.word, "line": s.line} for slot, s in e.slots.items()}}
            for e in scenario.script
        ],
        "outcomes": {
            m: {"line": o.line,
                "pots": [{"amount": p.amount, "winners": list(p.winners), "line": p.line} for p in o.pots],
                "stacks": dict(o.stacks), "stacks_line": o.stacks_line,
                "extensions": o.extensions, "extensions_line": o.extensions_line}
            for m, o in scenario.outcomes.items()
        },
        "lines": dict(scenario.lines),
    }


def from_json(data: Any) -> Scenario:
    """Rebuild a scenario from :func:`to_json` output.

    :raises RequestError: naming the first field that is missing or malformed.
    """
    def need(obj: Any, key: str, path: str, kind: type) -> Any:
        if not isinstance(obj, dict) or key not in obj:
            raise RequestError(path, "falta este campo")
        value = obj[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise RequestError(path, "no tiene el tipo esperado")
        return value

    try:
        seats = tuple(Seat(need(s, "name", f"scenario.seats[{i}].name", str),
                           need(s, "stack", f"scenario.seats[{i}].stack", int), s.get("line", 1))
                      for i, s in enumerate(need(data, "seats", "scenario.seats", list)))
        deals = []
        for i, d in enumerate(need(data, "deals", "scenario.deals", list)):
            where = f"scenario.deals[{i}]"
            cards = {name: tuple(Card.parse(c) for c in need(need(d, "cards", f"{where}.cards", dict), name,
                                                                 f"{where}.cards.{name}", list))
                     for name in need(d, "cards", f"{where}.cards", dict)}
            exposed = tuple((e["player"], e["card"]) for e in d.get("exposed") or [])
            deals.append(Deal(i + 1, d.get("line", 1), cards,
                              tuple(Card.parse(c) for c in need(d, "ayudas", f"{where}.ayudas", list)), exposed))
        script = []
        for i, e in enumerate(need(data, "script", "scenario.script", list)):
            where = f"scenario.script[{i}]"
            slots = {slot: Slot(need(e[slot], "action", f"{where}.{slot}.action", str),
                                e[slot].get("word", ""), e[slot].get("line", 1))
                     for slot in SLOTS if isinstance(e, dict) and e.get(slot)}
            script.append(ScriptEntry(need(e, "player", f"{where}.player", str), e.get("line", 1),
                                      e.get("round"), e.get("modality"), e.get("deal"), slots))
        stakes = need(data, "stakes", "scenario.stakes", dict)
        outcomes = {}
        for modality, o in (data.get("outcomes") or {}).items():
            outcomes[modality] = Outcome(
                modality, o.get("line", 1),
                tuple(Pot(p["amount"], tuple(p["winners"]), p.get("line", 1)) for p in o.get("pots", [])),
                dict(o.get("stacks", {})), o.get("stacks_line", 1), o.get("extensions"), o.get("extensions_line", 1))
        return Scenario(
            name=need(data, "name", "scenario.name", str),
            path=data.get("path") or need(data, "name", "scenario.name", str),
            title=data.get("title", ""), order=data.get("order", 0), lesson=data.get("lesson", ""),
            modalities=tuple(need(data, "modalities", "scenario.modalities", list)), seats=seats,
            button=need(data, "button", "scenario.button", str),
            ante=need(stakes, "ante", "scenario.stakes.ante", int),
            bring_in=need(stakes, "bring_in", "scenario.stakes.bring_in", int),
            minimum=need(stakes, "minimum", "scenario.stakes.minimum", int),
            betting=data.get("betting", "fixed"), deals=tuple(deals), script=tuple(script), outcomes=outcomes,
            single_modality_reason=data.get("single_modality_reason") or "", lines=dict(data.get("lines") or {}),
        )
    except InvalidCardError as exc:
        raise RequestError("scenario.deals", str(exc)) from None
    except (KeyError, TypeError, AttributeError) as exc:
        raise RequestError("scenario", f"no tiene la forma que produce el exportador de escenarios ({exc})") from None
