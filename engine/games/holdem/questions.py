"""Texas Hold'em's questions (its ``questions`` facet): positions and who acts first (``holdem-position``),
side pots (``holdem-pots``) and the showdown (``holdem-showdown``), each with its solver and its skills,
and how a ```pregunta block of the game reads.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...errors import RequestError
from ...evaluation import name_es
from ...pots import InvalidPotError, called_pots
from ...quiz import QuestionKind, Solution, ask, cards_display
from ...quiz.answers import hand_detail
from ...quiz.format import Field, Fields, QuestionError, cards_of, choice, int_of, named, names_list, of, players
from ...requests import cards as parse_card_list
from ...requests import check_type, located, optional, player_hands, require, unique_cards
from ...spanish import amount as format_amount
from ...spanish import cards_text, fold, listing, position_phrase, pot_name
from ...table.showdown import why
from .rules import (MAX_PLAYERS, MIN_PLAYERS, positions, postflop_order, preflop_order, read_bets, read_folded,
                    showdown, street_phrase)

__all__ = ["ASKS", "QUESTIONS", "READ", "WIDGETS"]

#: A block's ``tipo`` -> the question's kind and ``ask``.
ASKS = {
    "posicion": ("holdem-position", "position"),
    "habla-primero": ("holdem-position", "first-to-act"),
    "bote": ("holdem-pots", "amount"),
    "aspirantes": ("holdem-pots", "eligible"),
    "botes": ("holdem-pots", "count"),
    "ganador": ("holdem-showdown", "winners"),
    "ganadores": ("holdem-showdown", "winners"),
    "jugada": ("holdem-showdown", "hand"),
}
_STREET_WORDS = {"preflop": "preflop", "pre-flop": "preflop", "flop": "flop", "turn": "turn", "river": "river"}
_POT_WORDS = {"principal": 1, "secundario": 2, "terciario": 3, "cuarto": 4, "quinto": 5}


_STREETS = ("preflop", "flop", "turn", "river")


def _seats(spec: dict) -> tuple[list[str], tuple[str, ...], bool]:
    """Players by seat from the button (seat 0), their position names, and whether they are named."""
    players = require(spec, "players", "question.players")
    if isinstance(players, int) and not isinstance(players, bool):
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise RequestError("question.players", f"de {MIN_PLAYERS} a {MAX_PLAYERS} jugadores (recibido: {players})")
        labels = positions(players)
        if optional(spec, "button", "question.button", str, None) is not None:
            raise RequestError("question.button", "solo tiene sentido con jugadores con nombre")
        return list(labels), labels, False
    check_type(players, list, "question.players")
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise RequestError("question.players", f"de {MIN_PLAYERS} a {MAX_PLAYERS} jugadores (recibidos {len(players)})")
    folded_names = []
    for i, name in enumerate(players):
        check_type(name, str, f"question.players[{i}]")
        if not name.strip():
            raise RequestError(f"question.players[{i}]", "el nombre no puede estar vacío")
        if fold(name) in folded_names:
            raise RequestError(f"question.players[{i}]", f"«{name}» está repetido")
        folded_names.append(fold(name))
    button = optional(spec, "button", "question.button", str, players[0])
    if button not in players:
        raise RequestError("question.button", f"«{button}» no es uno de los jugadores")
    start = players.index(button)
    seated = players[start:] + players[:start]
    return seated, positions(len(seated)), True


def _solve_position(spec: dict) -> Solution:
    """``{"kind": "holdem-position", "ask": "position" | "first-to-act", "players": n | [names
    clockwise], "button": name, "of": name | seat (0 = button), "street", "folded": [names]}``."""
    asked = ask(spec, ("position", "first-to-act"))
    seated, labels, named = _seats(spec)
    n = len(seated)
    position_of = dict(zip(seated, labels))
    steps = [f"Con {n} jugadores, las posiciones desde el botón y hacia la izquierda (en el sentido de "
             f"las agujas del reloj) son: {', '.join(labels)}."]
    if named:
        steps.append("En esta mesa: " + ", ".join(f"{name} ({label})" for name, label in position_of.items()) + ".")
    facts = ({"label": "Jugadores", "text": f"{n}" if not named else
              " → ".join(seated) + f" (botón: {seated[0]})"},)
    if asked == "position":
        of = require(spec, "of", "question.of")
        if isinstance(of, int) and not isinstance(of, bool):
            if not 0 <= of < n:
                raise RequestError("question.of", f"el asiento debe estar entre 0 (botón) y {n - 1}")
            seat = of
            who = "el botón" if seat == 0 else f"el jugador {seat} {'puesto' if seat == 1 else 'puestos'} a la izquierda del botón"
        else:
            check_type(of, str, "question.of")
            if of not in seated:
                raise RequestError("question.of", f"«{of}» no es uno de los jugadores")
            seat = seated.index(of)
            who = of
        label = labels[seat]
        steps.append(f"{who[:1].upper() + who[1:]} ocupa {position_phrase(label)}.")
        return Solution("position", label, label, tuple(steps), choices=labels, facts=facts)
    street = optional(spec, "street", "question.street", str, "preflop")
    if street not in _STREETS:
        raise RequestError("question.street", f"«{street}» no es una ronda (preflop, flop, turn, river)")
    folded = optional(spec, "folded", "question.folded", list, [])
    for i, name in enumerate(folded):
        check_type(name, str, f"question.folded[{i}]")
        if name not in seated:
            raise RequestError(f"question.folded[{i}]", f"«{name}» no es uno de los jugadores")
    if street == "preflop":
        if folded:
            raise RequestError("question.folded", "antes del flop todavía no se ha retirado nadie: quita «folded»")
        order = preflop_order(n)
        if n == 2:
            steps.append("En heads-up el botón es también la ciega pequeña y habla primero antes del flop.")
        else:
            steps.append("Antes del flop habla primero el jugador sentado a la izquierda de la ciega grande (BB).")
    else:
        order = postflop_order(n)
        if n == 2:
            steps.append("En heads-up, después del flop habla primero la ciega grande (BB); el botón habla el último.")
        else:
            steps.append("Después del flop abre la ronda el primer jugador que sigue en la mano a la izquierda del botón.")
    live = [seat for seat in order if seated[seat] not in folded]
    if not live:
        raise RequestError("question.folded", "se han retirado todos los jugadores")
    for seat in order:
        if seat == live[0]:
            break
        steps.append(f"{seated[seat]} se retiró: la palabra pasa al siguiente jugador.")
    first = seated[live[0]]
    steps.append(f"Habla primero {street_phrase(street)}: {first}" + (f" ({labels[live[0]]})." if named else "."))
    if folded:
        facts += ({"label": "Se retiraron", "text": ", ".join(folded)},)
    facts += ({"label": "Ronda", "text": street},)
    if named:
        return Solution("names", frozenset([first]), f"{first} ({labels[live[0]]})", tuple(steps),
                        choices=tuple(seated), facts=facts, data={"positions": position_of})
    return Solution("position", first, first, tuple(steps), choices=labels, facts=facts)


def _solve_pots(spec: dict) -> Solution:
    """``{"kind": "holdem-pots", "ask": "amount" | "eligible" | "count", "bets": {name: chips},
    "folded": [names], "pot": 1-based index (1 = main pot)}``."""
    asked = ask(spec, ("amount", "eligible", "count"))
    bets = read_bets(require(spec, "bets", "question.bets"), "question.bets")
    folded = read_folded(optional(spec, "folded", "question.folded", list, []), "question.folded", bets,
                         "las apuestas")
    try:
        pots, back = called_pots(bets, folded)
    except InvalidPotError as exc:
        raise RequestError("question.folded", str(exc)) from None
    live = [n for n in bets if n not in folded]
    steps = [uncalled_step(bets, back)] if back else []
    called = {n: c - (back[1] if back and n == back[0] else 0) for n, c in bets.items()}
    steps.append("Cada jugador que sigue en la mano y apostó una cantidad distinta cierra un bote: "
                 + ", ".join(f"{n} {format_amount(called[n])}" + (" (lo igualado)" if back and n == back[0] else "")
                             for n in live if called[n] > 0) + ".")
    if folded:
        steps.append(f"{listing(list(folded))} se retiró: sus fichas se quedan en los botes, pero no opta a ninguno."
                     if len(folded) == 1 else
                     f"{listing(list(folded))} se retiraron: sus fichas se quedan en los botes, pero no optan a ninguno.")
    for i, pot in enumerate(pots, start=1):
        pieces: dict[int, int] = {}
        for part in pot.contributions.values():
            pieces[part] = pieces.get(part, 0) + 1
        sum_text = " + ".join(f"{count} × {format_amount(part)}" if count > 1 else format_amount(part)
                              for part, count in sorted(pieces.items(), reverse=True))
        upto = (f"de {format_amount(pot.floor)} a {format_amount(pot.level)}" if pot.floor
                else f"hasta {format_amount(pot.level)}")
        steps.append(f"{pot_name(i).capitalize()}: {upto} por jugador → {sum_text} = "
                     f"{format_amount(pot.amount)}; optan {listing(list(pot.eligible))}.")
    facts = ({"label": "Apuestas", "text": " · ".join(
        f"{n} {format_amount(c)}" + (" (se retira)" if n in folded else "") for n, c in bets.items())},)
    if asked == "count":
        return Solution("amount", Fraction(len(pots)), format_amount(len(pots)), tuple(steps), facts=facts,
                        data={"hint": "Escribe un número: cuántos botes hay, contando el principal."})
    index = require(spec, "pot", "question.pot", int)
    if not 1 <= index <= len(pots):
        raise RequestError("question.pot", f"hay {len(pots)} botes: elige uno del 1 (principal) al {len(pots)}")
    pot = pots[index - 1]
    if asked == "amount":
        return Solution("amount", Fraction(pot.amount), format_amount(pot.amount), tuple(steps), facts=facts)
    return Solution("names", frozenset(pot.eligible), listing(list(pot.eligible)), tuple(steps),
                    choices=tuple(bets), facts=facts)


def uncalled_step(bets: dict[str, int], back: tuple[str, int]) -> str:
    """The sentence of the uncalled bet (:func:`engine.pots.called_pots`): what goes back, and why."""
    owner, chips = back
    matched = bets[owner] - chips
    if not matched:
        return f"Nadie iguala la apuesta de {owner} ({format_amount(chips)}): vuelve a {owner} y no forma bote."
    return (f"Nadie iguala toda la apuesta de {owner} ({format_amount(bets[owner])}): solo se cubre hasta "
            f"{format_amount(matched)}. Los {format_amount(chips)} que nadie iguala vuelven a {owner} y no forman bote.")


def _solve_showdown(spec: dict) -> Solution:
    """``{"kind": "holdem-showdown", "ask": "winners" | "hand", "players": {name: [2]}, "board": [5],
    "of": name}``."""
    asked = ask(spec, ("winners", "hand"))
    hands = player_hands(require(spec, "players", "question.players"), "question.players", 2,
                         max_players=MAX_PLAYERS)
    board = parse_card_list(require(spec, "board", "question.board"), "question.board", 5)
    unique_cards(located(hands, "question.players")
                 + [(f"question.board[{i}]", c) for i, c in enumerate(board)])
    result = showdown(hands, board)
    steps = ["Cada jugador forma la mejor mano de cinco cartas con sus dos cartas y las cinco de la mesa; "
             "las otras dos cartas no cuentan, ni como desempate."]
    for name, value in result.values.items():
        used = len(set(value.cards) & set(hands[name]))
        how = {0: "juega la mesa", 1: "usa una de sus cartas", 2: "usa sus dos cartas"}[used]
        steps.append(f"{name}: {name_es(value)} ({cards_text(value.cards)}), {how}.")
    if len(result.winners) == 1:
        steps.append(f"La mejor mano es la de {result.winners[0]}: se lleva el bote.")
        decides = why(hands, board, list(hands))  # the deciding card: the kicker, the second pair...
        if decides:
            steps.append(decides)
    else:
        steps.append(f"{listing(result.winners)} tienen manos del mismo valor: empatan y se reparten el bote.")
    facts = tuple({"label": name, "cards": cards_display(cards)} for name, cards in hands.items()) + (
        {"label": "Mesa", "cards": cards_display(board)},)
    if asked == "winners":
        return Solution("names", frozenset(result.winners), listing(result.winners), tuple(steps),
                        choices=tuple(hands), facts=facts)
    of = require(spec, "of", "question.of", str)
    if of not in result.values:
        raise RequestError("question.of", f"«{of}» no es uno de los jugadores ({', '.join(hands)})")
    name = name_es(result.values[of])
    return Solution("hand", hand_detail(name, result.values[of].strength), name, tuple(steps),
                    choices=tuple(hands), facts=facts)


def _position_skills(spec: dict) -> list[str]:
    """Positions, or who acts first (before or after the flop); heads-up adds its own."""
    if spec.get("ask") == "first-to-act":
        found = ["holdem.first-to-act.preflop" if spec.get("street", "preflop") == "preflop"
                 else "holdem.first-to-act.postflop"]
    else:
        found = ["holdem.positions"]
    seated = spec.get("players")
    if (len(seated) if isinstance(seated, list) else seated) == 2:
        found.append("holdem.heads-up")
    return found


_POT_SKILLS = {"amount": "holdem.side-pots.sum", "eligible": "holdem.side-pots.eligibility",
               "count": "holdem.side-pots.count"}


def _pot_skills(spec: dict) -> list[str]:
    return [_POT_SKILLS[spec["ask"]]] if spec.get("ask") in _POT_SKILLS else []


def _showdown_skills(spec: dict) -> list[str]:
    return ["holdem.hand-name"] if spec.get("ask") == "hand" else ["holdem.showdown.best-five"]


def read(fields: Fields, ask_field: Field, lines: dict) -> tuple[dict, str]:
    """A ```pregunta block of Texas Hold'em (``juego: holdem``): its fields into the question."""
    kind, asked = choice(ask_field, ASKS)
    spec: dict[str, Any] = {"kind": kind, "ask": asked}
    if kind == "holdem-position":
        return spec, _read_position(fields, spec, lines)
    if kind == "holdem-pots":
        return spec, _read_pots(fields, spec, lines)
    spec["players"] = players(fields, 2, lines)
    f = fields.get("mesa")
    spec["board"] = cards_of(f, 5)
    lines["question.board"] = f.line
    if asked == "hand":
        of(fields, spec, lines)
    return spec, "Campos del showdown: jugador (Nombre = 2 cartas), mesa, de."


def _read_position(fields: Fields, spec: dict, lines: dict) -> str:
    f = fields.get("jugadores")
    spec["players"] = int(f.value) if f.value.strip().isdigit() else names_list(f)
    lines["question.players"] = f.line
    # «habla-primero» needs the button (docs/desarrollo/preguntas.md); «posicion» counts from the first seat.
    f = fields.get("boton", required=spec["ask"] == "first-to-act")
    if f:
        spec["button"] = f.value.strip()
        lines["question.button"] = f.line
    if spec["ask"] == "position":
        of(fields, spec, lines, seat_number=True)
    else:
        f = fields.get("ronda", required=False)
        spec["street"] = choice(f, _STREET_WORDS) if f else "preflop"
        if f:
            lines["question.street"] = f.line
        f = fields.get("retirados", required=False)
        if f:
            spec["folded"] = names_list(f)
            lines["question.folded"] = f.line
    return "Campos: jugadores (número o nombres en orden), boton, de, ronda, retirados."


def _read_pots(fields: Fields, spec: dict, lines: dict) -> str:
    bets: dict[str, int] = {}
    for f in fields.all("apuesta"):
        name, amount = named(f)
        if name in bets:
            raise QuestionError(f.line, f"El jugador «{name}» está repetido.")
        bets[name] = int_of(Field(f.key, amount, f.line), 0)
        lines[f"question.bets.{name}"] = f.line
    lines["question.bets"] = fields.by_key["apuesta"][0].line
    spec["bets"] = bets
    f = fields.get("retirados", required=False)
    spec["folded"] = names_list(f) if f else []
    if f:
        lines["question.folded"] = f.line
    if spec["ask"] in ("amount", "eligible"):
        f = fields.get("bote")
        text = f.value.strip().lower()
        spec["pot"] = _POT_WORDS[text] if text in _POT_WORDS else int_of(f, 1)
        lines["question.pot"] = f.line
    return "Campos de botes: apuesta (Nombre = cantidad), retirados, bote (1 = principal)."


QUESTIONS = {
    "holdem-position": QuestionKind(_solve_position, _position_skills),
    "holdem-pots": QuestionKind(_solve_pots, _pot_skills),
    "holdem-showdown": QuestionKind(_solve_showdown, _showdown_skills),
}
READ = read
WIDGETS: dict = {}
