"""The practice-hand format, one for every game: parse a file, keep every value's source line, report
every problem as ``file:line: message``.

A practice hand is markdown. Its data sits between two ``---`` lines at the very top, one ``clave:
valor`` per line; a ``clave:`` with nothing after it opens a block whose lines are indented below it.
``#`` starts a comment. Everything after the closing ``---`` is the page text. The authors' guide
(docs/desarrollo/escribir-manos.md) documents every field; a short example::

    ---
    juego: Texas Hold'em            # o Mata Ases: cada mano dice su juego
    título: Quién pone las ciegas
    orden: 1
    lección: La ciega pequeña y la grande se sientan a la izquierda del botón.
    asientos: Ana 1000, Beto 1000, Tú 1000
    botón: Beto
    ciegas: 10, 20
    cartas:
      Tú:   As Kd
      Ana:  7c 2d
      Beto: Qh Qs
    mesa: Jh 7h 2c 9d 3s
    guion:
      Ana:  se retira
      Beto:
        pre-flop: sube a 60
        siempre:  apuesta, paga
      Tú:   paga, pasa              # tu línea por defecto
    resultado:
      bote: 130 para Beto
      fichas: Tú 940, Ana 990, Beto 1070
    ---

The keys every game shares are read here: ``juego``, ``título``, ``orden``, ``lección``, ``asientos``,
``botón``, ``guion`` and ``resultado`` (``bote``/``pozo``, ``fichas``), and the page's text with its
«Qué observar» and «Qué enseña esta mano». A game adds its own keys (its table and its cards), the
rounds its script names, the qualifiers of its «guion»/«resultado» sections and its own claims in a
result: its ``authoring`` module reads them (:mod:`engine.games.mata_ases.authoring`,
:mod:`engine.games.holdem.authoring`), found through the registry (:mod:`engine.games`).

The script is one grammar for every game: per player, a line for every round («Ana: pasa, paga») or a
line per round below him («flop: apuesta 60»); each word is one of the table's
(:func:`engine.table.words.script_words`: «pasa», «apuesta», «paga», «se retira», «sube», and a card's
«abierta»/«cerrada» where the game deals one), with an amount where one is chosen («apuesta 60», «sube a
300», «all-in»). A player's line may list several words of the same kind: the first answers his first
decision of that kind in the round, the second the next one (the last repeats). «sube a 100 o paga»: the
second move when the first is not allowed.

Parsing never stops at the first problem: :func:`parse` returns the scenario (or None) and the list of
every :class:`Problem` it found, each with its line.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any, Iterator

from ..cards import Card, mention_pattern
from ..games import GAMES, UnknownGameError, find_game
from ..keyvalue import (Collector, Node, clean, name_value_pairs, normalise, read, read_int, read_source, split_list,
                        unquote)
from ..spanish import capital, card_name, listing
from ..table.words import say, script_words
from .json import from_json, to_json
from .model import READER, Move, Outcome, Pot, Problem, Scenario, ScenarioError, ScriptLine, Seat

__all__ = ["REQUIRED_HEADINGS", "SeatTable", "load", "parse", "read_script_words", "round_of", "to_json",
           "from_json", "Problem", "Scenario", "ScenarioError"]

#: The keys every game shares (normalised -> field id) and how authors write them.
COMMON_KEYS = {"juego": "juego", "titulo": "titulo", "orden": "orden", "leccion": "leccion", "asientos": "asientos",
               "boton": "boton"}
COMMON_NAMES = {"juego": "juego", "titulo": "título", "orden": "orden", "leccion": "lección", "asientos": "asientos",
                "boton": "botón", "guion": "guion", "resultado": "resultado"}
REQUIRED = ("titulo", "orden", "leccion", "asientos", "boton")

REQUIRED_HEADINGS = {"que observar": "## Qué observar", "que ensena": "## Qué enseña esta mano"}

#: Script words (the table's), by slot; and the words of an all-in.
_WORDS = script_words()
_ALL_IN = ("all in", "allin", "va all in", "todo")


class SeatTable:
    """Who sits: seats by name as the author may spell them (case and accents aside).

    ``written`` is every seat as written; ``seats`` drops a repeated name (reported by the game's
    setup check). When «asientos» could not be read (``known`` false), any name is taken as seated so
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


# ---------------------------------------------------------------------------------------------
# Lines -> nodes.

def _split_front_matter(text: str, out: Collector) -> tuple[list[tuple[int, str]], str, int] | None:
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


def _tree(lines: list[tuple[int, str]], out: Collector) -> list[Node]:
    found = read(lines, nested=True, example="botón: Beto")
    for line, message in found.problems:
        out.add(line, message)
    out.broken += found.unread
    return found.nodes


# ---------------------------------------------------------------------------------------------
# The script: one grammar for every game.

def _word(part: str, line: int, who: str, authoring, round_: Any, out: Collector) -> tuple[str, Move] | None:
    """One script word («paga», «sube a 300», «apuesta all-in», «abierta») -> (its slot, the move)."""
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
            refusal = authoring.card_choice_refused(round_, part)
            if refusal:
                out.add(line, refusal)
                return None
        return slot, Move(action, part, line)
    out.add(line, f"No entiendo «{part}» en {_script_of(who)}. {authoring.SCRIPT_HELP} Sepáralas con comas.")
    return None


def read_script_words(text: str, line: int, who: str, authoring, round_: Any, out: Collector,
                      ) -> dict[str, tuple[Move, ...]] | None:
    """A line of a script («sube a 100 o paga, pasa») -> the moves by slot, in order; None when a word
    cannot be read (each one told at ``line``)."""
    slots: dict[str, list[Move]] = {}
    ok = True
    for part in split_list(text):
        choices = [_word(p.strip(), line, who, authoring, round_, out) for p in re.split(r"\s+o\s+", part)]
        if None in choices:
            ok = False
            continue
        move = None
        for _, choice in reversed(choices):
            move = replace(choice, otherwise=move)
        slots.setdefault(choices[0][0], []).append(replace(move, word=part))
    if not ok:
        return None
    return {k: tuple(v) for k, v in slots.items()}


def script_players(node: Node, player, out: Collector) -> Iterator[tuple[Node, str]]:
    """The lines under «guion:», each with its seated player; a name not seated is reported and skipped."""
    if node.value:
        out.add(node.line, "Debajo de «guion:» va una línea por jugador («Ana: paga, pasa») o, debajo de cada "
                           "jugador, una por ronda.")
    for child in node.children:
        who = player(child.key)
        if who is None:
            out.add(child.line, f"«{child.key}» no está sentado en la mesa: el guion solo puede hablar de los jugadores "
                                "de «asientos».")
            continue
        yield child, who


def _script_of(who: str) -> str:
    """A seat's script inside a sentence: «tu línea por defecto» for the reader, «el guion de Ana»."""
    return say(who, "tu línea por defecto", "el guion de {p}")


def round_of(authoring, text: str) -> Any:
    """A round of a script as its game names it -> the hand's street; None for every round («siempre»),
    ``"?"`` for no round of the game."""
    return authoring.ROUND_WORDS.get(normalise(text), "?")


def _parse_script(node: Node, where: dict, authoring, player, out: Collector, seen: dict) -> list[ScriptLine]:
    entries: list[ScriptLine] = []
    for child, who in script_players(node, player, out):
        lines = [(child.value, child.line, None)] if child.value else []
        if not child.value and not child.children:
            out.add(child.line, f"{capital(_script_of(who))} está vacío." if who != READER else "Tu línea por defecto está vacía.")
        for grand in child.children:
            round_ = round_of(authoring, grand.key)
            if round_ == "?":
                out.add(grand.line, f"«{grand.key}» no es una ronda. {authoring.ROUNDS_HELP}")
                continue
            if grand.children:
                out.add(grand.children[0].line, f"«{grand.key}» no lleva líneas debajo: escribe las palabras en la "
                                                "misma línea.")
            if not grand.value:
                out.add(grand.line, say(who, "Falta qué haces tú", "Falta qué hace {p}") + f" en «{grand.key}».")
                continue
            lines.append((grand.value, grand.line, round_))
        for text, line, round_ in lines:
            key = (who, round_, tuple(sorted(where.items())))
            if key in seen:
                when = authoring.ROUNDS[round_] if round_ is not None else "siempre"
                out.add(line, say(who, f"Tu línea por defecto para «{when}» está repetida",
                                  f"El guion de {{p}} para «{when}» está repetido")
                        + f" (ya aparece en la línea {seen[key]}).")
                continue
            seen[key] = line
            moves = read_script_words(text, line, who, authoring, round_, out)
            if moves is not None:
                entries.append(ScriptLine(who, line, round_, moves, dict(where)))
    return entries


# ---------------------------------------------------------------------------------------------
# The result.

def _parse_outcome(node: Node, key: str, authoring, player, out: Collector) -> Outcome | None:
    pots: list[Pot] = []
    stacks: dict[str, int] = {}
    stacks_line = 0
    extra: dict[str, Any] = {}
    ok = True
    if node.value:
        out.add(node.line, f"El resultado va en líneas debajo: «{authoring.POT_WORD}: 225 para Tú» y «fichas: Tú 1125, "
                           "Ana 900, …».")
    for child in node.children:
        name = child.norm
        if name in ("pozo", "bote"):
            match = re.fullmatch(r"(\d[\d.]*)\s+(?:(para)\s+(.+)|sin ganador)", child.value.strip())
            if not match:
                out.add(child.line, f"No entiendo «{child.key}: {child.value}»: escribe «{child.key}: 225 para Tú» "
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
        elif name == "fichas":
            pairs = name_value_pairs(child, out, "las fichas finales")
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
        else:
            item = authoring.outcome_item(child, player, extra, out)
            if item is None:
                out.add(child.line, f"«{child.key}» no es parte de un resultado: escribe {authoring.OUTCOME_HELP}.")
                ok = False
            elif item is False:
                ok = False
    if not any(c.norm in ("pozo", "bote") for c in node.children):
        out.add(node.line, f"Falta al menos un «{authoring.POT_WORD}: … para …» en el resultado.")
        ok = False
    if not stacks and not any(c.norm == "fichas" for c in node.children):  # a broken «fichas» line is told once
        out.add(node.line, "Faltan las fichas finales: «fichas: Tú 1125, Ana 900, Beto 975».")
        ok = False
    if not ok:
        return None
    return Outcome(key, node.line, tuple(pots), stacks, stacks_line, extra)


# ---------------------------------------------------------------------------------------------
# The page's text.

def _check_body(body: str, body_line: int, out: Collector) -> None:
    headings = {normalise(h) for h in re.findall(r"^#{2,3}\s+(.+?)\s*#*\s*$", body, flags=re.M)}
    for needed, heading in REQUIRED_HEADINGS.items():
        if not any(h.startswith(needed) for h in headings):
            out.add(body_line, f"Falta el apartado «{heading}» en el texto de la página (después de la segunda «---»).")
    if not body.strip():
        out.add(body_line, "Falta el texto de la página: introducción, «## Qué observar» y «## Qué enseña esta mano».")


def _check_card_mentions(body: str, body_line: int, dealt: set[Card], own: set[Card], out: Collector) -> None:
    """Every card the page text names must be dealt in the hand; «tu …» must be one of the reader's own
    cards."""
    pattern, cards = mention_pattern()
    for number, text in enumerate(body.split("\n"), start=body_line):
        for match in pattern.finditer(text):
            card = cards[match["card"].lower()]
            if card not in dealt:
                out.add(number, f"El texto nombra «{match['card']}», pero esa carta no se reparte en esta mano: "
                                "revisa el texto o las cartas de la mano.")
            elif match["tu"] and card not in own:
                out.add(number, f"El texto dice «{match.group(0).strip()}», pero {card_name(card, article=True)} no es "
                                "una de tus cartas: revisa el texto o las cartas de la mano.")


# ---------------------------------------------------------------------------------------------
# The parser.

def _text(node: Node | None, what: str, out: Collector) -> str | None:
    if node is None:
        return None
    value = unquote(node.value)
    if not value:
        out.add(node.line, f"{what} está vacío.")
    return value


def _seats(node: Node | None, out: Collector) -> tuple[list[Seat], bool]:
    """The seats as written, and whether they could be read (their rules are the game's: how many, their
    names and chips); only the reader's presence is this format's own rule."""
    if node is None:
        return [], False
    pairs = name_value_pairs(node, out, "los asientos")
    if pairs is None:
        return [], False
    seats = [Seat(name, stack, line) for name, stack, line in pairs]
    names = [s.name for s in seats]
    if seats and READER not in names:
        if normalise(READER) in {normalise(n) for n in names}:
            out.add(node.line, f"Escribe «{READER}» con tilde: es el nombre del lector.")
        else:
            out.add(node.line, f"Falta «{READER}» en los asientos: el lector siempre juega.")
    return seats, True


def _game(nodes: list[Node], out: Collector):
    """The hand's game (the registry's: every hand says its ``juego``) and its authoring module."""
    written = [g for g in GAMES.values() if g.authoring is not None]
    choices = listing((f"«juego: {g.name}»" for g in written), "o")
    node = next((n for n in nodes if n.norm == "juego"), None)
    if node is None:
        out.add(nodes[0].line if nodes else 1, f"Falta el juego de la mano: escribe {choices} al principio.")
        return None, None
    try:
        game = find_game(unquote(node.value))
        return game, game.author()
    except UnknownGameError:
        out.add(node.line, f"Juego desconocido: «{node.value}». Escribe {choices}.")
        return None, None


def _sort_keys(nodes: list[Node], game, authoring, out: Collector):
    """Every top-level key sorted by what it describes (unknown and repeated keys reported): the fields by
    id, the numbered ones, the script and result sections with their qualifiers, each section's line."""
    fields: dict[str, Node] = {}
    numbered: dict[str, dict[int, Node]] = {}
    scripts: list[tuple[Node, dict]] = []
    outcomes: list[tuple[Node, dict]] = []
    lines: dict[str, int] = {}
    names = {**COMMON_NAMES, **authoring.NAMES}
    for node in nodes:
        key = node.norm
        target = COMMON_KEYS.get(key) or authoring.KEYS.get(key)
        if target is not None:
            if target in fields:
                out.add(node.line, f"«{names[target]}» está repetido (ya aparece en la línea {fields[target].line}).")
                continue
            if node.children and target not in ("asientos", *authoring.BLOCKS):
                out.add(node.children[0].line, f"«{node.key}» no lleva líneas debajo: escribe el valor en la misma "
                                               "línea.")
            fields[target] = node
            lines[target] = node.line
            continue
        count = authoring.numbered(key)
        if count is not None:
            target, number = count
            found = numbered.setdefault(target, {})
            if number in found:
                out.add(node.line, f"{authoring.numbered_name(target, number)} está repetido (ya aparece en la línea "
                                   f"{found[number].line}).")
            else:
                found[number] = node
            continue
        for section, into in (("guion", scripts), ("resultado", outcomes)):
            if key == section or key.startswith(section + " "):
                where, leftover = authoring.qualifiers(key[len(section):].strip())
                if leftover:
                    out.add(node.line, f"No entiendo «{node.key}»: {authoring.qualifiers_help(section)}")
                else:
                    lines.setdefault(section, node.line)
                    into.append((node, where))
                break
        else:
            keys = [n for k, n in names.items()] + authoring.NUMBERED_NAMES
            out.add(node.line, f"Clave desconocida: «{node.key}». Las claves de una mano de {game.name} son: "
                               f"{', '.join(dict.fromkeys(keys))}.")
    return fields, numbered, scripts, outcomes, lines


def _parse_scripts(scripts: list[tuple[Node, dict]], game_fields, authoring, table, out: Collector) -> list[ScriptLine]:
    """The script: every «guion» section's lines, and a word for every seat."""
    script: list[ScriptLine] = []
    if not scripts:
        out.add(1, f"Falta «guion:»: qué hace cada jugador en cada ronda (y tu línea por defecto, bajo «{READER}»).")
    seen: dict = {}
    for node, where in scripts:
        authoring.check_where(where, game_fields, node.line, out)
        script += _parse_script(node, where, authoring, table.player, out, seen)
    if scripts:
        scripted = {e.player for e in script}
        for seat in table.seats:
            if seat.name not in scripted and not any(normalise(c.key) == normalise(seat.name)
                                                     for node, _ in scripts for c in node.children):
                out.add(scripts[0][0].line, f"Falta {_script_of(seat.name)}: añade «{seat.name}:» bajo «guion:».")
    return script


def _parse_outcomes(outcomes: list[tuple[Node, dict]], variants, game_fields, authoring, table,
                    out: Collector) -> dict[str, Outcome]:
    """The result, one per variant (each «resultado» section for the variants it names)."""
    results: dict[str, Outcome] = {}
    for node, where in outcomes:
        for key in authoring.outcome_keys(where, game_fields, node, out):
            if key in results:
                out.add(node.line, f"El resultado de {authoring.variant_name(key) or 'la mano'} está repetido "
                                   f"(ya aparece en la línea {results[key].line}).")
            elif (parsed := _parse_outcome(node, key, authoring, table.player, out)) is not None:
                results[key] = parsed
    for variant in variants:
        key = variant or ""
        if key not in results and not any(key in authoring.outcome_keys(where, game_fields, None, None)
                                           for _, where in outcomes):
            section = f"resultado {authoring.variant_name(variant)}" if variant else "resultado"
            out.add(1, f"Falta «{section}:» (quién gana qué y las fichas finales con la línea por defecto).")
    return results


def parse(text: str, path: str = "<escenario>", name: str | None = None) -> tuple[Scenario | None, list[Problem]]:
    """Parse a practice hand's text; returns the scenario (None if unusable) and every problem found.

    ``path`` is how messages name the file; ``name`` defaults to its stem.
    """
    out = Collector(path)
    split = _split_front_matter(text, out)
    if split is None:
        return None, out.problems
    data_lines, body, body_line = split
    nodes = _tree(data_lines, out)
    game, authoring = _game(nodes, out)
    if game is None:
        return None, sorted(out.problems)

    fields, numbered, scripts, outcomes, lines = _sort_keys(nodes, game, authoring, out)
    names = {**COMMON_NAMES, **authoring.NAMES}
    for key in REQUIRED + authoring.REQUIRED:
        if key not in fields and not any(text.startswith(key) for text in out.broken):
            out.add(1, f"Falta «{names[key]}:» en los datos de la mano.")

    # The keys every game shares.
    title = _text(fields.get("titulo"), "El título", out)
    order = read_int(fields["orden"], out, "El orden", minimum=1) if "orden" in fields else None
    lesson = _text(fields.get("leccion"), "La lección", out)
    written, known = _seats(fields.get("asientos"), out)
    table = SeatTable(written, known=known)
    button_node = fields.get("boton")
    # The game's own keys and its table's rules (seats, button, stakes).
    game_fields = authoring.parse(fields, numbered, table, button_node, out)
    button = table.player(button_node.value) if button_node else None
    variants = authoring.variants(game_fields)

    script = _parse_scripts(scripts, game_fields, authoring, table, out)
    results = _parse_outcomes(outcomes, variants, game_fields, authoring, table, out)

    _check_body(body, body_line, out)
    if not out.problems and game_fields is not None:
        dealt, own = authoring.cards_of(game_fields)
        _check_card_mentions(body, body_line, dealt, own, out)

    if out.problems:
        return None, sorted(out.problems)
    return Scenario(
        name=name if name is not None else Path(path).stem, path=path, game=game.id, title=title, order=order,
        lesson=lesson, seats=tuple(table.seats), button=button, script=tuple(script), outcomes=results,
        fields=game_fields, variants=variants, body=body.strip("\n"),
        body_line=body_line + len(body) - len(body.lstrip("\n")), lines=lines, qualifiers=authoring.QUALIFIERS,
    ), []


def load(path: str | Path, *, display: str | None = None) -> Scenario:
    """Read and parse a practice hand's file.

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
