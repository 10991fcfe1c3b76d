"""Texas Hold'em practice hands: the fields of a ``juego: Texas Hold'em`` file, parsed with their lines.

The file is the same markdown as a Mata Ases hand (:mod:`.format`: front matter between two ``---``
lines, ``clave: valor``, blocks indented, ``#`` comments, the page text after it, with its «Qué
observar» and «Qué enseña esta mano»), read by the same helpers; only the table's fields differ::

    ---
    juego: Texas Hold'em
    título: Quién pone las ciegas y quién habla primero
    orden: 1
    lección: La ciega pequeña y la grande se sientan a la izquierda del botón.
    asientos: Ana 1000, Beto 1000, Tú 1000, Carla 1000   # en el sentido del reloj
    botón: Carla
    ciegas: 10, 20            # pequeña y grande (y un straddle, si lo hay)
    ante: 0                   # opcional: el ante de cada jugador
    cartas:
      Tú:    As Kd
      Ana:   7c 2d
      Beto:  Qh Qs
      Carla: 9s 8s
    mesa: Jh 7h 2c 9d 3s      # flop, turn y river
    guion:
      Ana:   se retira
      Beto:
        pre-flop: sube a 60
        siempre: apuesta, paga
      Carla: paga, pasa
      Tú:    paga, pasa       # tu línea por defecto
    resultado:
      bote: 130 para Beto
      fichas: Tú 940, Ana 990, Beto 1070, Carla 1000
    ---

The script words are the table's (:func:`engine.table.words.script_words`: «pasa», «apuesta»,
«paga», «se retira», «sube»), with an amount where one is chosen («apuesta 60», «sube a 300»,
«all-in», «apuesta all-in»); a bet or raise without an amount is the least one. A player's line may
list several words of the same kind: the first answers his first decision of that kind in the round,
the second the next one (the last repeats), so «paga, se retira» pays a raise and gives up to a
re-raise. «sube a 100 o paga»: the second move when the first is not allowed (a raise that the
stacks no longer allow...). The streets are «pre-flop», «flop», «turn», «river»; «siempre» is every
street.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from ..cards import Card
from ..games.holdem import rules as holdem
from ..keyvalue import Node, normalise, unquote
from ..table.words import script_words
from .model import GAME, READER, Outcome, Seat

__all__ = ["GAME", "GAME_NAMES", "HoldemScenario", "Move", "STREET_KEYS", "StreetLine", "game_id", "parse_holdem"]

#: The games a practice hand may name in ``juego:`` (normalised) and how the site writes them.
GAME_NAMES = {"mata-ases": "Mata Ases", GAME: "Texas Hold'em"}
_GAME_WORDS = {"mata ases": "mata-ases", "texas hold'em": GAME, "texas holdem": GAME, "hold'em": GAME,
               "holdem": GAME, "texas hold em": GAME, "hold em": GAME}
#: Street keys of a script (normalised) -> the hand engine's streets; «siempre» is None.
STREET_KEYS = {"pre flop": "preflop", "preflop": "preflop", "antes del flop": "preflop", "flop": "flop",
               "turn": "turn", "river": "river", "siempre": None, "todas": None}
STREET_NAMES = {"preflop": "pre-flop", "flop": "flop", "turn": "turn", "river": "river"}
_WORDS = script_words()
_ALL_IN = ("all in", "allin", "va all in", "todo")


def game_id(text: str) -> str | None:
    """``"Texas Hold'em"`` -> ``"holdem"``; ``"Mata Ases"`` -> ``"mata-ases"``; None when unknown.

    >>> game_id("Texas Hold'em"), game_id("mata ases"), game_id("póker")
    ('holdem', 'mata-ases', None)
    """
    return _GAME_WORDS.get(normalise(text).replace("’", "'"))


@dataclass(frozen=True)
class Move:
    """One word of a script: ``action`` (the table's id), its ``amount`` (a bet or raise's total; None:
    the least) or ``all_in``, the ``word`` as written and its ``line``."""

    action: str
    word: str
    line: int
    amount: int | None = None
    all_in: bool = False
    #: The move written after «o» («sube a 100 o paga»): taken when this one is not allowed.
    otherwise: "Move | None" = None


@dataclass(frozen=True)
class StreetLine:
    """What ``player`` does in ``street`` (None: every street): his moves by kind of decision,
    ``"open"`` (nobody has bet) and ``"facing"`` (a bet to call), each in the order they are used."""

    player: str
    line: int
    street: str | None
    moves: dict[str, tuple[Move, ...]]


@dataclass(frozen=True)
class HoldemScenario:
    """A Hold'em practice hand (the reader is «Tú»); ``game`` is ``"holdem"``, ``modalities`` empty."""

    name: str
    path: str
    title: str
    order: int
    lesson: str
    seats: tuple[Seat, ...]
    button: str
    blinds: tuple[int, ...]
    ante: int
    hole: dict[str, tuple[Card, Card]]
    board: tuple[Card, ...]
    script: tuple[StreetLine, ...]
    outcome: Outcome
    body: str = ""
    body_line: int = 1
    lines: dict[str, int] = field(default_factory=dict)
    game: str = GAME
    modalities: tuple[str, ...] = ()

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats)

    @property
    def opponents(self) -> tuple[str, ...]:
        return tuple(name for name in self.players if name != READER)

    @property
    def outcomes(self) -> dict[str, Outcome]:
        return {"": self.outcome}

    def line_of(self, key: str, default: int = 1) -> int:
        return self.lines.get(key, default)

    def moves(self, player: str, street: str, slot: str) -> tuple[Move, ...]:
        """The script's moves for ``player``'s decisions of kind ``slot`` in ``street``, in order: the
        street's own line first, else «siempre»."""
        for wanted in (street, None):
            for entry in self.script:
                if entry.player == player and entry.street == wanted and slot in entry.moves:
                    return entry.moves[slot]
        return ()

    def script_line(self, player: str, street: str) -> int:
        """The line to blame when ``player``'s script is silent in ``street``."""
        own = [e for e in self.script if e.player == player]
        for wanted in (street, None):
            for entry in own:
                if entry.street == wanted:
                    return entry.line
        return own[0].line if own else self.line_of("guion")


# ---------------------------------------------------------------------------------------------

_KEYS = {"juego": "juego", "titulo": "titulo", "orden": "orden", "leccion": "leccion", "asientos": "asientos",
         "boton": "boton", "ciegas": "ciegas", "ante": "ante", "cartas": "cartas", "mesa": "mesa",
         "guion": "guion", "resultado": "resultado"}
_NAMES = {"juego": "juego", "titulo": "título", "orden": "orden", "leccion": "lección", "asientos": "asientos",
          "boton": "botón", "ciegas": "ciegas", "ante": "ante", "cartas": "cartas", "mesa": "mesa",
          "guion": "guion", "resultado": "resultado"}
_REQUIRED = ("titulo", "orden", "leccion", "asientos", "boton", "ciegas", "cartas", "mesa", "guion", "resultado")


def _word(part: str, line: int, who: str, out) -> tuple[str, Move] | None:
    """One script word («paga», «sube a 300», «apuesta all-in») -> (its kind of decision, the move)."""
    text = normalise(part)
    found = re.fullmatch(r"(apuesta|sube(?: a)?)\s+(\d[\d.]*|all in|allin|todo)", text)
    if found:
        action = "bet" if found[1] == "apuesta" else "raise"
        chips = found[2].replace(".", "")
        move = Move(action, part, line, int(chips) if chips.isdigit() else None, not chips.isdigit())
        return ("open" if action == "bet" else "facing"), move
    if text in _ALL_IN:
        return "facing", Move("raise", part, line, all_in=True)
    if text in _WORDS:
        slot, action = _WORDS[text]
        if slot == "card":
            out.add(line, f"«{part}» es de Mata Ases: en Texas Hold'em las cartas propias llegan siempre tapadas.")
            return None
        return slot, Move(action, part, line)
    out.add(line, f"No entiendo «{part}» en el guion de {who}. Palabras posibles: pasa o apuesta (si nadie ha "
                  "apostado); paga, se retira o sube (ante una apuesta); con cantidad: «apuesta 60», «sube a 300», "
                  "«all-in». Sepáralas con comas.")
    return None


def _script_line(text: str, line: int, who: str, street: str | None, out) -> StreetLine | None:
    from .format import _split_list
    slots: dict[str, list[Move]] = {}
    ok = True
    for part in _split_list(text):
        choices = [_word(p.strip(), line, who, out) for p in re.split(r"\s+o\s+", part)]
        if None in choices:
            ok = False
            continue
        move = None
        for _, choice in reversed(choices):
            move = replace(choice, otherwise=move)
        slots.setdefault(choices[0][0], []).append(replace(move, word=part))
    if not ok:
        return None
    return StreetLine(who, line, street, {k: tuple(v) for k, v in slots.items()})


def _parse_script(node: Node, player, out) -> list[StreetLine]:
    from .format import script_players
    entries: list[StreetLine] = []
    seen: dict[tuple, int] = {}
    for child, who in script_players(node, player, out, "una línea por jugador («Ana: paga, pasa») o, debajo de "
                                                         "cada jugador, una por calle («flop: apuesta»)"):
        lines = [(child.value, child.line, None)] if child.value else []
        if not child.value and not child.children:
            out.add(child.line, f"El guion de {who} está vacío.")
        for grand in child.children:
            key = normalise(grand.key)
            if key not in STREET_KEYS:
                out.add(grand.line, f"«{grand.key}» no es una calle. Las calles son «pre-flop», «flop», «turn» y "
                                    "«river»; «siempre» vale para todas.")
                continue
            if not grand.value:
                out.add(grand.line, f"Falta qué hace {who} en «{grand.key}».")
                continue
            lines.append((grand.value, grand.line, STREET_KEYS[key]))
        for text, line, street in lines:
            if (who, street) in seen:
                when = STREET_NAMES.get(street, "siempre")
                out.add(line, f"El guion de {who} para «{when}» está repetido (ya aparece en la línea "
                              f"{seen[who, street]}).")
                continue
            seen[who, street] = line
            entry = _script_line(text, line, who, street, out)
            if entry is not None:
                entries.append(entry)
    return entries


def _parse_hole(node: Node, table, out) -> tuple[dict[str, tuple[Card, Card]], dict[str, int]]:
    from .format import _cards
    hole: dict[str, tuple[Card, Card]] = {}
    lines: dict[str, int] = {}
    if node.value:
        out.add(node.line, "Las cartas van en líneas debajo de «cartas:», una por jugador («Ana: As Kd»).")
    for child in node.children:
        who = table.player(child.key)
        if who is None:
            out.add(child.line, f"«{child.key}» no está sentado en la mesa ({', '.join(s.name for s in table.seats)}).")
            continue
        if who in hole:
            out.add(child.line, f"Las cartas de {who} están repetidas (línea {lines[who]}).")
            continue
        cards = _cards(child.value, child.line, out, who)
        if cards is None:
            continue
        if len(cards) != 2:
            out.add(child.line, f"{who} tiene {len(cards)} cartas: en Texas Hold'em cada jugador recibe 2.")
            continue
        hole[who], lines[who] = (cards[0], cards[1]), child.line
    for seat in table.seats:
        if seat.name not in hole and not any(normalise(c.key) == normalise(seat.name) for c in node.children):
            out.add(node.line, f"Faltan las cartas de {seat.name}.")
    return hole, lines


def parse_holdem(nodes: list[Node], out, body: str, body_line: int, path: str, name: str):
    """A Hold'em hand from the front matter's nodes (``out`` collects the problems, :mod:`.format`'s)."""
    from .format import _check_body, _cards, _int, _name_value_pairs, _parse_outcome, _split_list, _Table
    fields: dict[str, Node] = {}
    for node in nodes:
        key = _KEYS.get(node.norm)
        if key is None:
            out.add(node.line, f"Clave desconocida en una mano de Texas Hold'em: «{node.key}». Las claves son: "
                               f"{', '.join(_NAMES.values())}.")
        elif key in fields:
            out.add(node.line, f"«{_NAMES[key]}» está repetido (ya aparece en la línea {fields[key].line}).")
        else:
            if node.children and key not in ("asientos", "cartas", "guion", "resultado"):
                out.add(node.children[0].line, f"«{node.key}» no lleva líneas debajo: escribe el valor en la misma "
                                               "línea.")
            fields[key] = node
    for key in _REQUIRED:
        if key not in fields and not any(t.startswith(key) for t in out.broken):
            out.add(1, f"Falta «{_NAMES[key]}:» en los datos de la mano.")
    if "modalidades" in {n.norm for n in nodes}:
        pass  # told as an unknown key above: Hold'em has no modalities
    lines = {key: node.line for key, node in fields.items()}

    def text(key: str, what: str) -> str:
        node = fields.get(key)
        value = unquote(node.value) if node else ""
        if node and not value:
            out.add(node.line, f"{what} está vacío.")
        return value

    title, lesson = text("titulo", "El título"), text("leccion", "La lección")
    order = _int(fields["orden"], out, "El orden", minimum=1) if "orden" in fields else None
    seats: list[Seat] = []
    if "asientos" in fields:
        pairs = _name_value_pairs(fields["asientos"], out, "los asientos") or []
        seats = [Seat(n, s, line) for n, s, line in pairs]
        names = [normalise(s.name) for s in seats]
        if pairs and not holdem.MIN_PLAYERS <= len(seats) <= holdem.MAX_PLAYERS:
            out.add(fields["asientos"].line, f"Texas Hold'em se juega de {holdem.MIN_PLAYERS} a "
                                             f"{holdem.MAX_PLAYERS} jugadores (hay {len(seats)}).")
        for i, seat in enumerate(seats):
            if names.index(normalise(seat.name)) != i:
                out.add(seat.line, f"«{seat.name}» está sentado dos veces.")
            if seat.stack < 1:
                out.add(seat.line, f"{seat.name} necesita fichas para jugar (tiene {seat.stack}).")
        if pairs and READER not in [s.name for s in seats]:
            out.add(fields["asientos"].line, f"Falta «{READER}» en los asientos: el lector siempre juega.")
    table = _Table(seats, known="asientos" in fields and bool(seats))
    button = None
    if "boton" in fields:
        button = table.player(fields["boton"].value)
        if button is None and seats:
            out.add(fields["boton"].line, f"El botón («{fields['boton'].value}») no está sentado en la mesa.")
    blinds: tuple[int, ...] = ()
    if "ciegas" in fields:
        node = fields["ciegas"]
        parts = _split_list(node.value)
        values = [_int(Node(node.key, p, node.line), out, "Cada ciega", minimum=1) for p in parts]
        if len(parts) < 2 or len(parts) > 3:
            out.add(node.line, "Escribe la ciega pequeña y la grande (y, si lo hay, el straddle), separadas por comas: "
                               "«ciegas: 10, 20».")
        elif None not in values:
            blinds = tuple(values)
            if blinds[0] > blinds[1]:
                out.add(node.line, f"La ciega pequeña ({blinds[0]}) no puede ser mayor que la grande ({blinds[1]}).")
    ante = (_int(fields["ante"], out, "El ante") or 0) if "ante" in fields else 0
    hole, hole_lines = _parse_hole(fields["cartas"], table, out) if "cartas" in fields else ({}, {})
    board: tuple[Card, ...] = ()
    if "mesa" in fields:
        node = fields["mesa"]
        cards = _cards(node.value, node.line, out, "mesa")
        if cards is not None and len(cards) != 5:
            out.add(node.line, f"La mesa tiene {len(cards)} cartas: escribe las cinco (flop, turn y river), aunque la "
                               "mano termine antes.")
        elif cards is not None:
            board = tuple(cards)
    seen: dict[Card, tuple[str, int]] = {}
    for who, cards in hole.items():
        for card in cards:
            if card in seen:
                out.add(hole_lines[who], f"La carta «{card}» ({card.name_es}) está repetida: ya la tiene "
                                         f"{seen[card][0]} (línea {seen[card][1]}).")
            seen[card] = (who, hole_lines[who])
    for card in board:
        if card in seen:
            out.add(lines["mesa"], f"La carta «{card}» ({card.name_es}) de la mesa ya la tiene {seen[card][0]} "
                                   f"(línea {seen[card][1]}).")
    script = _parse_script(fields["guion"], table.player, out) if "guion" in fields else []
    if "guion" in fields:
        scripted = {e.player for e in script}
        for seat in table.seats:
            if seat.name not in scripted and not any(normalise(c.key) == normalise(seat.name)
                                                     for c in fields["guion"].children):
                who = "tu línea por defecto" if seat.name == READER else f"el guion de {seat.name}"
                out.add(fields["guion"].line, f"Falta {who}: añade «{seat.name}:» bajo «guion:».")
    outcome = None
    if "resultado" in fields:
        node = fields["resultado"]
        if any(c.norm.startswith("jugada") or c.norm.startswith("extension") for c in node.children):
            bad = next(c for c in node.children if c.norm.startswith(("jugada", "extension")))
            out.add(bad.line, f"«{bad.key}» es de Mata Ases: el resultado de una mano de Hold'em lleva «bote» y "
                              "«fichas».")
        else:
            outcome = _parse_outcome(node, GAME, table.player, out)
    _check_body(body, body_line, out)
    if out.problems:
        return None
    return HoldemScenario(
        name=name, path=path, title=title, order=order, lesson=lesson, seats=tuple(table.seats), button=button,
        blinds=blinds, ante=ante, hole=hole, board=board, script=tuple(script), outcome=outcome,
        body=body.strip("\n"), body_line=body_line + len(body) - len(body.lstrip("\n")), lines=lines)


# ---------------------------------------------------------------------------------------------
# As JSON (the browser simulator's form, :mod:`.json`), and back.

def holdem_to_json(scenario: HoldemScenario) -> dict:
    """The Hold'em hand as plain JSON data (``"game": "holdem"``)."""
    o = scenario.outcome
    return {
        "game": GAME, "name": scenario.name, "path": scenario.path, "title": scenario.title,
        "order": scenario.order, "lesson": scenario.lesson, "reader": READER,
        "seats": [{"name": s.name, "stack": s.stack, "line": s.line} for s in scenario.seats],
        "button": scenario.button, "blinds": list(scenario.blinds), "ante": scenario.ante,
        "hole": {name: [str(c) for c in cards] for name, cards in scenario.hole.items()},
        "board": [str(c) for c in scenario.board],
        "script": [{"player": e.player, "line": e.line, "street": e.street,
                    "moves": {slot: [_move_json(m) for m in moves] for slot, moves in e.moves.items()}}
                   for e in scenario.script],
        "outcome": {"line": o.line, "pots": [{"amount": p.amount, "winners": list(p.winners), "line": p.line}
                                             for p in o.pots],
                    "stacks": dict(o.stacks), "stacks_line": o.stacks_line},
        "lines": dict(scenario.lines),
    }


def holdem_from_json(data: dict, need) -> HoldemScenario:
    """Rebuild a Hold'em hand from :func:`holdem_to_json` (``need(obj, key, path, type)`` reads a field).

    :raises RequestError: naming the first field that is missing or malformed.
    """
    from .model import Pot
    seats = tuple(Seat(need(s, "name", f"scenario.seats[{i}].name", str),
                       need(s, "stack", f"scenario.seats[{i}].stack", int), s.get("line", 1))
                  for i, s in enumerate(need(data, "seats", "scenario.seats", list)))
    hole_data = need(data, "hole", "scenario.hole", dict)
    hole = {}
    for name in hole_data:
        cards = [Card.parse(c) for c in need(hole_data, name, f"scenario.hole.{name}", list)]
        if len(cards) != 2:
            from ..errors import RequestError
            raise RequestError(f"scenario.hole.{name}", "cada jugador recibe 2 cartas")
        hole[name] = (cards[0], cards[1])
    script = []
    for i, e in enumerate(need(data, "script", "scenario.script", list)):
        where = f"scenario.script[{i}]"
        moves = {slot: tuple(_move_from(m, need, f"{where}.moves.{slot}") for m in items)
                 for slot, items in need(e, "moves", f"{where}.moves", dict).items()}
        script.append(StreetLine(need(e, "player", f"{where}.player", str), e.get("line", 1), e.get("street"),
                                 moves))
    o = need(data, "outcome", "scenario.outcome", dict)
    outcome = Outcome(GAME, o.get("line", 1), tuple(Pot(p["amount"], tuple(p["winners"]), p.get("line", 1))
                                                    for p in o.get("pots", [])),
                      dict(o.get("stacks", {})), o.get("stacks_line", 1))
    return HoldemScenario(
        name=need(data, "name", "scenario.name", str), path=data.get("path") or data["name"],
        title=data.get("title", ""), order=data.get("order", 0), lesson=data.get("lesson", ""), seats=seats,
        button=need(data, "button", "scenario.button", str),
        blinds=tuple(need(data, "blinds", "scenario.blinds", list)), ante=need(data, "ante", "scenario.ante", int),
        hole=hole, board=tuple(Card.parse(c) for c in need(data, "board", "scenario.board", list)),
        script=tuple(script), outcome=outcome, lines=dict(data.get("lines") or {}))


def _move_json(move: Move) -> dict:
    out = {"action": move.action, "word": move.word, "line": move.line, "amount": move.amount, "all_in": move.all_in}
    if move.otherwise is not None:
        out["otherwise"] = _move_json(move.otherwise)
    return out


def _move_from(data: dict, need, where: str) -> Move:
    otherwise = data.get("otherwise")
    return Move(need(data, "action", f"{where}.action", str), data.get("word", ""), data.get("line", 1),
                data.get("amount"), bool(data.get("all_in")),
                _move_from(otherwise, need, f"{where}.otherwise") if otherwise else None)
