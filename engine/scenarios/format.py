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
from functools import lru_cache
from typing import Iterator
from pathlib import Path

from ..cards import Card
from ..errors import InvalidCardError
from ..games.mata_ases.records import SetupProblem, Stakes, table_problems
from ..keyvalue import Node, clean, normalise, read, read_source, unquote
from ..table.words import script_help, script_words
from .holdem_format import GAME, game_id, parse_holdem
from .json import from_json, to_json
from .model import (FIELD_KEYS, MODALITIES, MODALITY_NAMES, READER, ROUND_NAMES, Deal, Outcome, PlayClaim, Pot,
                    Problem, Scenario, ScenarioError, ScriptEntry, Seat, Slot)

__all__ = [
    "BET_WORDS",
    "CARD_WORDS",
    "FACING_WORDS",
    "card_mentions",
    "load",
    "modality_id",
    "normalise",
    "parse",
    "round_id",
    # Re-exported for callers that imported them from here before the split:
    "MODALITIES",
    "MODALITY_NAMES",
    "READER",
    "ROUND_NAMES",
    "Problem",
    "Scenario",
    "ScenarioError",
    "from_json",
    "to_json",
]

#: Script words (the table's, :func:`engine.table.words.script_words`), by slot. A round's line lists
#: at most one word of each slot, in any order.
_WORDS = script_words()
CARD_WORDS = {w: a for w, (slot, a) in _WORDS.items() if slot == "card"}
BET_WORDS = {w: a for w, (slot, a) in _WORDS.items() if slot == "open"}
FACING_WORDS = {w: a for w, (slot, a) in _WORDS.items() if slot == "facing"}
SLOT_NAMES = {"card": "cómo recibe la carta", "open": "qué hace si nadie ha apostado",
              "facing": "qué hace ante una apuesta"}

REQUIRED_HEADINGS = {"que observar": "## Qué observar", "que ensena": "## Qué enseña esta mano"}


# ---------------------------------------------------------------------------------------------
# Lines -> nodes.

class _Collector:
    def __init__(self, path: str) -> None:
        self.path = path
        self.problems: list[Problem] = []
        #: Normalised text of the lines that could not be read (to avoid a second, derived problem).
        self.broken: list[str] = []

    def add(self, line: int, message: str) -> None:
        self.problems.append(Problem(self.path, line, message))


def _split_front_matter(text: str, out: _Collector) -> tuple[list[tuple[int, str]], str, int] | None:
    lines = clean(text).split("\n")
    first = 0
    while first < len(lines) and not lines[first].strip():
        first += 1
    if first >= len(lines) or lines[first].strip() != "---":
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


def _tree(lines: list[tuple[int, str]], out: _Collector) -> list[Node]:
    found = read(lines, nested=True, example="botón: Beto")
    for line, message in found.problems:
        out.add(line, message)
    out.broken += found.unread
    return found.nodes


# ---------------------------------------------------------------------------------------------
# Small value parsers (each reports its own problem and returns None on failure).

def _int(node: Node, out: _Collector, what: str, *, minimum: int = 0) -> int | None:
    text = node.value.replace(".", "").replace(" ", "")
    if not re.fullmatch(r"\d+", text):
        out.add(node.line, f"{what} debe ser un número entero (se leyó «{node.value}»).")
        return None
    number = int(text)
    if number < minimum:
        out.add(node.line, f"{what} debe ser al menos {minimum} (se leyó {number}).")
        return None
    return number


#: How authors may write each modality (normalised), longest first.
_MODALITY_WORDS = {"boton ante": "boton-ante", "botonante": "boton-ante", "boton": "boton-ante",
                   "bring in": "bring-in", "bringin": "bring-in", "brinco": "bring-in"}


def modality_id(text: str) -> str | None:
    """``"Botón Ante"``, ``"boton-ante"`` -> ``"boton-ante"``; ``"Bring In"``, ``"brinco"`` -> ``"bring-in"``."""
    return _MODALITY_WORDS.get(normalise(text))


def _modalities(node: Node, out: _Collector) -> tuple[str, ...] | None:
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


def _name_value_pairs(node: Node, out: _Collector, what: str) -> list[tuple[str, int, int]] | None:
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
    for text, mid in _MODALITY_WORDS.items():
        if f" {text} " in f" {rest} ":
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
# The parser: top-level keys sorted into sections, then each section read on its own.

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
_BETTING_WORDS = {"fijas": "fixed", "fijo": "fixed", "limite fijo": "fixed", "sin limite": "no-limit",
                  "no limit": "no-limit"}


class _Sections:
    """The top-level nodes of a file, sorted by what they describe (reporting unknown keys)."""

    def __init__(self, nodes: list[Node], out: _Collector) -> None:
        self.out = out
        self.fields: dict[str, Node] = {}
        self.deals: dict[int, Node] = {}
        self.scripts: list[tuple[Node, str | None, int | None]] = []
        self.outcomes: list[tuple[Node, str | None]] = []
        self.lines: dict[str, int] = {}
        #: Whether «asientos» could be read (the hand's seat rules are only checked then).
        self.seats_read = False
        for node in nodes:
            self._sort(node)

    def _sort(self, node: Node) -> None:
        key, out = node.norm, self.out
        target = _FIELD_KEYS.get(key)
        if target is not None:
            if target in self.fields:
                out.add(node.line, f"«{_FIELD_NAMES[target]}» está repetido (ya aparece en la línea "
                                   f"{self.fields[target].line}).")
                return
            if node.children and target != "asientos":
                out.add(node.children[0].line, f"«{node.key}» no lleva líneas debajo: escribe el valor en la misma línea.")
            self.fields[target] = node
            self.lines[target] = node.line
            return
        number = _deal_number(key)
        if number is not None:
            if number in self.deals:
                out.add(node.line, f"El reparto {number} está repetido (ya aparece en la línea {self.deals[number].line}).")
            else:
                self.deals[number] = node
            return
        if key == "guion" or key.startswith("guion "):
            modality, deal, leftover = _qualifiers(key[5:])
            if leftover:
                out.add(node.line, f"No entiendo «{node.key}»: después de «guion» puede ir una modalidad "
                                   "(«Botón Ante», «Bring In») y un reparto («reparto 2»), nada más.")
                return
            self.lines.setdefault("guion", node.line)
            self.scripts.append((node, modality, deal))
            return
        if key == "resultado" or key.startswith("resultado "):
            rest = key[len("resultado"):].strip()
            modality = modality_id(rest) if rest else None
            if rest and modality is None:
                out.add(node.line, f"Modalidad desconocida en «{node.key}»: escribe «resultado Botón Ante» o "
                                   "«resultado Bring In».")
                return
            self.lines.setdefault("resultado", node.line)
            self.outcomes.append((node, modality))
            return
        out.add(node.line, f"Clave desconocida: «{node.key}». Las claves son: juego, título, orden, lección, modalidades, "
                           "modalidad única, asientos, botón, ante, bring in, mínimo, apuestas, reparto N, guion, resultado.")

    def required(self, key: str) -> Node | None:
        """The field's node; a «missing field» problem when it is absent (unless its line was unreadable)."""
        if key not in self.fields:
            if not any(text.startswith(key) for text in self.out.broken):
                self.out.add(1, f"Falta «{_FIELD_NAMES[key]}:» en los datos de la mano.")
            return None
        return self.fields[key]


def _text(node: Node | None, what: str, out: _Collector) -> str | None:
    if node is None:
        return None
    value = unquote(node.value)
    if not value:
        out.add(node.line, f"{what} está vacío.")
    return value


def _parse_modalities(sections: _Sections, out: _Collector) -> tuple[tuple[str, ...] | None, str]:
    """The modalities and, for a single one, the reason the page gives."""
    node = sections.required("modalidades")
    modalities = _modalities(node, out) if node else None
    reason_node = sections.fields.get("modalidad unica")
    if modalities is not None:
        if len(modalities) == 1 and (reason_node is None or not reason_node.value):
            out.add(node.line, "Esta mano se juega en una sola modalidad: explica por qué en "
                               "«modalidad única: …» (una frase que la página muestra).")
        if len(modalities) > 1 and reason_node is not None:
            out.add(reason_node.line, "«modalidad única» sobra: la mano se juega en las dos modalidades.")
    return modalities, unquote(reason_node.value) if reason_node is not None else ""


def _parse_seats(sections: _Sections, out: _Collector) -> list[Seat]:
    """The seats as written (how many, their names and chips are the hand's rules: see
    :func:`_check_table`); only the reader's presence is this format's own rule."""
    node = sections.required("asientos")
    if node is None:
        return []
    pairs = _name_value_pairs(node, out, "los asientos")
    if pairs is None:
        return []
    sections.seats_read = True
    seats = [Seat(name, stack, line) for name, stack, line in pairs]
    names = [s.name for s in seats]
    if seats and READER not in names:
        if normalise(READER) in {normalise(n) for n in names}:
            out.add(node.line, f"Escribe «{READER}» con tilde: es el nombre del lector.")
        else:
            out.add(node.line, f"Falta «{READER}» en los asientos: el lector siempre juega.")
    return seats


class _Table:
    """Who sits: seats by name as the author may spell them (case and accents aside).

    ``written`` is every seat as written; ``seats`` drops a repeated name (reported by the setup
    check). When «asientos» could not be read (``known`` false), any name is taken as seated so
    that one bad line does not make every other line of the file wrong too.
    """

    def __init__(self, written: list[Seat], *, known: bool = True) -> None:
        self.written = written
        self.known = known
        self._by_norm: dict[str, str] = {}
        self.seats: list[Seat] = []
        for seat in written:
            if normalise(seat.name) not in self._by_norm:
                self._by_norm[normalise(seat.name)] = seat.name
                self.seats.append(seat)

    def player(self, text: str) -> str | None:
        if not self.known:
            return text.strip()
        return self._by_norm.get(normalise(text))


def _parse_stakes(sections: _Sections, out: _Collector) -> tuple[int | None, int | None, int | None, str]:
    """Ante, Bring In, minimum and betting structure."""
    ante_node, bring_node, minimum_node = (sections.required("ante"), sections.required("bring in"),
                                           sections.required("minimo"))
    ante = _int(ante_node, out, "El ante") if ante_node else None
    bring_in = _int(bring_node, out, "El Bring In") if bring_node else None
    minimum = _int(minimum_node, out, "El mínimo") if minimum_node else None
    betting = "fixed"
    node = sections.fields.get("apuestas")
    if node is not None:
        betting = _BETTING_WORDS.get(normalise(node.value))
        if betting is None:
            out.add(node.line, f"«apuestas: {node.value}» no se entiende: escribe «fijas» o «sin límite».")
            betting = "fixed"
    return ante, bring_in, minimum, betting



def _check_table(sections: _Sections, table: "_Table", button: str | None, modalities: tuple[str, ...] | None,
                 stakes: tuple[int | None, int | None, int | None, str], out: _Collector) -> None:
    """The hand engine's setup rules (:func:`~engine.games.mata_ases.records.table_problems`: how many
    seats, names, chips, button, stakes for each modality), each problem at the line of its key.

    Values this format could not read are left out (their problem is already reported)."""
    ante, bring_in, minimum, betting = stakes
    known_stakes = None not in (ante, bring_in, minimum)
    found = table_problems(
        [(s.name, s.stack) for s in table.written], button=button or "", modalities=modalities or (),
        betting=betting, stakes=Stakes(minimum=1, ante=0, bring_in=0) if not known_stakes else
        Stakes(minimum=minimum, ante=ante, bring_in=bring_in), same=normalise)
    for problem in found:
        if problem.field.startswith("stakes.") and not known_stakes:
            continue
        if problem.field.startswith("seats") and not sections.seats_read:
            continue
        if problem.field == "button" and (button is None or not table.seats):
            continue
        out.add(_setup_line(problem, sections, table), problem.sentence)


def _setup_line(problem: SetupProblem, sections: _Sections, table: "_Table") -> int:
    if problem.field.startswith("seats["):
        index = int(problem.field[len("seats["):problem.field.index("]")])
        return table.written[index].line
    return sections.lines.get(FIELD_KEYS.get(problem.field, ""), 1)


def _parse_deals(sections: _Sections, table: _Table, out: _Collector) -> list[Deal]:
    nodes = sections.deals
    deals = [deal for number in sorted(nodes)
             if (deal := _parse_deal(number, nodes[number], table.seats, table.player, out)) is not None]
    if not nodes:
        out.add(1, "Falta «reparto 1:» con las cinco cartas de cada jugador y las tres ayudas.")
        return deals
    missing = [n for n in range(1, max(nodes) + 1) if n not in nodes]
    if missing:
        out.add(nodes[max(nodes)].line, f"Falta el reparto {missing[0]}: los repartos se numeran 1, 2, 3… sin saltos.")
    return deals


def _parse_scripts(sections: _Sections, modalities: tuple[str, ...] | None, table: _Table,
                   out: _Collector) -> list[ScriptEntry]:
    script: list[ScriptEntry] = []
    if not sections.scripts:
        out.add(1, f"Falta «guion:»: qué hace cada jugador en cada ronda (y tu línea por defecto, bajo «{READER}»).")
        return script
    for node, modality, deal in sections.scripts:
        if modality is not None and modalities is not None and modality not in modalities:
            out.add(node.line, f"Este guion es para {MODALITY_NAMES[modality]}, pero la mano no se juega en esa modalidad.")
        if deal is not None and deal not in sections.deals:
            out.add(node.line, f"Este guion es para el reparto {deal}, pero ese reparto no existe.")
        script += _parse_script(node, modality, deal, table.player, out)
    _check_script_repeats(script, out)
    scripted = {e.player for e in script}
    for seat in table.seats:
        if seat.name not in scripted:
            who = "tu línea por defecto" if seat.name == READER else f"el guion de {seat.name}"
            out.add(sections.scripts[0][0].line, f"Falta {who}: añade «{seat.name}:» bajo «guion:».")
    return script


def _parse_outcomes(sections: _Sections, modalities: tuple[str, ...] | None, table: _Table,
                    out: _Collector) -> dict[str, Outcome]:
    outcomes: dict[str, Outcome] = {}
    for node, modality in sections.outcomes:
        for target in [modality] if modality else list(modalities or ()):
            if target in outcomes:
                out.add(node.line, f"El resultado de {MODALITY_NAMES[target]} está repetido "
                                   f"(ya aparece en la línea {outcomes[target].line}).")
            elif modalities is not None and target not in modalities:
                out.add(node.line, f"La mano no se juega en {MODALITY_NAMES[target]}: este resultado sobra.")
            elif (parsed := _parse_outcome(node, target, table.player, out)) is not None:
                outcomes[target] = parsed
    for modality in modalities or ():
        if modality not in outcomes and not any(m in (None, modality) for _, m in sections.outcomes):
            out.add(1, f"Falta «resultado {MODALITY_NAMES[modality]}:» (quién gana qué y las fichas finales "
                       "con la línea por defecto).")
    return outcomes


def _check_body(body: str, body_line: int, out: _Collector) -> None:
    headings = {normalise(h) for h in re.findall(r"^#{2,3}\s+(.+?)\s*#*\s*$", body, flags=re.M)}
    for needed, heading in REQUIRED_HEADINGS.items():
        if not any(h.startswith(needed) for h in headings):
            out.add(body_line, f"Falta el apartado «{heading}» en el texto de la página (después de la segunda «---»).")
    if not body.strip():
        out.add(body_line, "Falta el texto de la página: introducción, «## Qué observar» y «## Qué enseña esta mano».")


@lru_cache(maxsize=1)
def _card_mentions() -> tuple[re.Pattern, dict[str, Card]]:
    """A pattern for a card named in prose («el As de picas», «A♠», «10♥») and the card of each name."""
    from ..cards import DECK
    from ..spanish import card_name, card_symbol

    cards = {card_name(c).lower(): c for c in DECK} | {card_symbol(c).lower(): c for c in DECK}
    names = "|".join(re.escape(n) for n in sorted(cards, key=len, reverse=True))
    return re.compile(rf"(?<![\w♠♥♦♣])(?P<tu>\btu\s+)?(?P<card>{names})(?![\w♠♥♦♣])", re.I), cards


def card_mentions(text: str) -> list[Card]:
    """The cards ``text`` names, in order: «el As de picas», «A♠», «10♥»."""
    pattern, cards = _card_mentions()
    return [cards[m["card"].lower()] for m in pattern.finditer(text)]


def _check_card_mentions(body: str, body_line: int, deals: list[Deal], out: _Collector) -> None:
    """Every card the page text names must be dealt in the hand; «tu …» must be one of the reader's own
    cards. (The engine's play at the showdown is checked with «jugada …» in the outcome.)"""
    from ..spanish import card_name

    pattern, cards = _card_mentions()
    dealt = {c for deal in deals for own in deal.cards.values() for c in own} | {c for d in deals for c in d.ayudas}
    own = {c for deal in deals for c in deal.cards.get(READER, ())}
    for number, text in enumerate(body.split("\n"), start=body_line):
        for match in pattern.finditer(text):
            card = cards[match["card"].lower()]
            if card not in dealt:
                out.add(number, f"El texto nombra «{match['card']}», pero esa carta no se reparte en esta mano: "
                                "revisa el texto o los repartos.")
            elif match["tu"] and card not in own:
                out.add(number, f"El texto dice «{match.group(0).strip()}», pero {card_name(card, article=True)} no es "
                                "una de tus cartas: revisa el texto o los repartos.")


def parse(text: str, path: str = "<escenario>", name: str | None = None) -> tuple[Scenario | None, list[Problem]]:
    """Parse a scenario file's text; returns the scenario (None if unusable) and every problem found.

    ``path`` is how messages name the file; ``name`` defaults to its stem.
    """
    out = _Collector(path)
    split = _split_front_matter(text, out)
    if split is None:
        return None, out.problems
    data_lines, body, body_line = split
    nodes = _tree(data_lines, out)
    game_node = next((node for node in nodes if node.norm == "juego"), None)
    game = game_id(game_node.value) if game_node is not None else "mata-ases"
    if game is None:
        out.add(game_node.line, f"Juego desconocido: «{game_node.value}». Escribe «juego: Mata Ases» o "
                                "«juego: Texas Hold'em».")
        return None, sorted(out.problems)
    if game == GAME:
        scenario = parse_holdem(nodes, out, body, body_line, path, name if name is not None else Path(path).stem)
        return (None, sorted(out.problems)) if out.problems else (scenario, [])
    sections = _Sections([node for node in nodes if node is not game_node], out)

    title = _text(sections.required("titulo"), "El título", out)
    order_node = sections.required("orden")
    order = _int(order_node, out, "El orden", minimum=1) if order_node else None
    lesson = _text(sections.required("leccion"), "La lección", out)
    modalities, reason = _parse_modalities(sections, out)
    table = _Table(_parse_seats(sections, out), known=sections.seats_read)
    button_node = sections.required("boton")
    ante, bring_in, minimum, betting = _parse_stakes(sections, out)
    _check_table(sections, table, button_node.value if button_node else None, modalities,
                 (ante, bring_in, minimum, betting), out)
    button = table.player(button_node.value) if button_node else None
    deals = _parse_deals(sections, table, out)
    script = _parse_scripts(sections, modalities, table, out)
    outcomes = _parse_outcomes(sections, modalities, table, out)
    _check_body(body, body_line, out)
    if not out.problems:
        _check_card_mentions(body, body_line, deals, out)

    if out.problems:
        return None, sorted(out.problems)
    scenario = Scenario(
        name=name if name is not None else Path(path).stem, path=path, title=title, order=order,
        lesson=lesson, modalities=modalities, seats=tuple(table.seats), button=button, ante=ante,
        bring_in=bring_in, minimum=minimum, betting=betting, deals=tuple(deals), script=tuple(script),
        outcomes=outcomes, body=body.strip("\n"), body_line=body_line + len(body) - len(body.lstrip("\n")),
        single_modality_reason=reason,
        lines=sections.lines,
    )
    return scenario, []


# ---------------------------------------------------------------------------------------------
# Sections.

def _parse_deal(number: int, node: Node, seats: list[Seat], player, out: _Collector) -> Deal | None:
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
        if word not in _WORDS:
            out.add(line, f"No entiendo «{part}» en el guion de {who}. Palabras posibles: {script_help()}. "
                          "Sepáralas con comas.")
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


def script_players(node: Node, player, out: _Collector, layout: str) -> Iterator[tuple[Node, str]]:
    """The lines under «guion:», each with its seated player (``layout``: how the block is written, told
    when «guion:» has a value of its own); a name not seated is reported and skipped."""
    if node.value:
        out.add(node.line, f"Debajo de «guion:» va {layout}.")
    for child in node.children:
        who = player(child.key)
        if who is None:
            out.add(child.line, f"«{child.key}» no está sentado en la mesa: el guion solo puede hablar de los jugadores "
                                "de «asientos».")
            continue
        yield child, who


def _parse_script(node: Node, modality: str | None, deal: int | None, player, out: _Collector) -> list[ScriptEntry]:
    entries: list[ScriptEntry] = []
    for child, who in script_players(node, player, out, "una línea por jugador («Ana:») y, debajo de cada "
                                                         "jugador, una por ronda"):
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


def _parse_outcome(node: Node, modality: str, player, out: _Collector) -> Outcome | None:
    pots: list[Pot] = []
    stacks: dict[str, int] = {}
    stacks_line = 0
    extensions, extensions_line = None, 0
    plays: list[PlayClaim] = []
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
        elif key.startswith("jugada "):
            claim = _parse_play_claim(child, child.key.split(None, 1)[1], player, out)
            if claim is None:
                ok = False
            elif any(c.player == claim.player for c in plays):
                out.add(child.line, f"La jugada de {claim.player} está repetida en este resultado.")
                ok = False
            else:
                plays.append(claim)
        elif key in ("extensiones", "extension"):
            number = _int(child, out, "El número de extensiones")
            if number is None:
                ok = False
            extensions, extensions_line = number, child.line
        else:
            out.add(child.line, f"«{child.key}» no es parte de un resultado: escribe «pozo», «fichas», «extensiones» "
                                "o «jugada Nombre».")
            ok = False
    if not pots and not any(c.norm in ("pozo", "bote") for c in node.children):
        out.add(node.line, "Falta al menos un «pozo: … para …» en el resultado.")
        ok = False
    if not stacks and not any(c.norm == "fichas" for c in node.children):  # a broken «fichas» line is told once
        out.add(node.line, "Faltan las fichas finales: «fichas: Tú 1125, Ana 900, Beto 975».")
        ok = False
    if not ok:
        return None
    return Outcome(modality, node.line, tuple(pots), stacks, stacks_line, extensions, extensions_line, tuple(plays))


def _parse_play_claim(node: Node, who_text: str, player, out: _Collector) -> PlayClaim | None:
    """``jugada Tú: Qs Qd 7d 7c Ad`` -> the five cards the author says Tú plays at the showdown."""
    who = player(who_text.strip().removeprefix("de ").strip())
    if who is None:
        out.add(node.line, f"«{node.key}»: «{who_text}» no está sentado en la mesa. Escribe «jugada Tú: …» con "
                           "las cinco cartas de la jugada.")
        return None
    cards = _cards(node.value, node.line, out, f"jugada de {who}")
    if cards is None:
        return None
    if len(cards) != 5:
        out.add(node.line, f"La jugada de {who} tiene {len(cards)} cartas: escribe las cinco cartas con las que "
                           "juega en el showdown (sus propias y, si usa una, la ayuda).")
        return None
    return PlayClaim(who, tuple(cards), node.line)


def load(path: str | Path, *, display: str | None = None) -> Scenario:
    """Read and parse a scenario file.

    :raises ScenarioError: listing every problem found (file:line: message).
    """
    path = Path(path)
    shown = display or path.as_posix()
    text, problem = read_source(path, shown)
    if problem is not None:
        raise ScenarioError([problem])
    scenario, problems = parse(text, shown, path.stem)
    if problems:
        raise ScenarioError(problems)
    return scenario
