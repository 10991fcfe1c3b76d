"""Ultimate Texas Hold'em's questions (its ``questions`` facet): the settlement question kind ``uth`` (the
net result of a bet, of Ante and Play, or of the whole hand) with its solver, its skills and its trainer
(the croupier's, :mod:`.trainer`), how a ```pregunta block of the game reads, and the block that sets the
trainer on a page.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from ...errors import RequestError
from ...evaluation import name_es
from ...quiz import QuestionKind, Solution, Trainer, ask, cards_display
from ...quiz.format import Field, Fields, QuestionError, cards_of, choice, int_of, short
from ...requests import amount as parse_bet
from ...requests import cards as parse_card_list
from ...requests import optional, require, unique_cards
from ...spanish import MINUS, cards_text
from ...spanish import amount as format_amount
from . import trainer
from .rules import BETS, DEFAULT_TRIPS_TABLE, PLAY_MULTIPLES, TRIPS_TABLES, bet_line, settle

__all__ = ["ASKS", "QUESTIONS", "READ", "WIDGETS", "uth_bets_text"]

#: A block's ``tipo`` -> the question's ``ask``.
ASKS = {
    "blind": "blind", "trips": "trips", "ante": "ante", "play": "play", "ante+play": "ante+play",
    "ante-play": "ante+play", "ante y play": "ante+play", "total": "total", "liquidacion": "total",
}


UTH_ASKS = ("blind", "trips", "ante", "play", "ante+play", "total")
_UTH_OUTCOMES = {
    "win": "Gana el jugador: su mejor mano de cinco cartas supera a la del crupier.",
    "tie": "Empate: las dos mejores manos de cinco cartas valen lo mismo; Ante, Blind y Play se devuelven.",
    "lose": "Gana el crupier: su mejor mano de cinco cartas supera a la del jugador.",
    "fold": "El jugador se retiró: pierde el Ante y el Blind, y no hay apuesta Play.",
}


def uth_bets_text(ante: int, play: int, trips: int) -> str:
    """``"Ante 25 · Blind 25 · Play 100 (4x) · Trips 10"`` (Play «se retira» when 0)."""
    play_text = f"Play {format_amount(play)} ({play // ante}x)" if play else "Play: se retira"
    parts = [f"Ante {format_amount(ante)}", f"Blind {format_amount(ante)}", play_text]
    if trips:
        parts.append(f"Trips {format_amount(trips)}")
    return " · ".join(parts)


def _solve(spec: dict) -> Solution:
    """``{"kind": "uth", "ask": one of UTH_ASKS, "ante", "play" (amount; 0 = fold), "trips" (0 = none),
    "player": [2], "dealer": [2], "board": [5], "trips_table"}`` -- the answer is the net result
    of the bet asked (``ante+play``: both; ``total``: every bet)."""
    asked = ask(spec, UTH_ASKS)
    ante = parse_bet(require(spec, "ante", "question.ante"), "question.ante", minimum=1)
    play = parse_bet(require(spec, "play", "question.play"), "question.play")
    trips = parse_bet(optional(spec, "trips", "question.trips", int, 0), "question.trips")
    if play and play not in [ante * k for k in PLAY_MULTIPLES]:
        raise RequestError("question.play", f"debe ser 0 (se retira) o 1, 2, 3 o 4 veces el Ante de {ante} (recibido: {play})")
    table = optional(spec, "trips_table", "question.trips_table", str, DEFAULT_TRIPS_TABLE)
    if table not in TRIPS_TABLES:
        raise RequestError("question.trips_table", f"tabla desconocida «{table}»; tablas: {', '.join(TRIPS_TABLES)}")
    if asked == "trips" and not trips:
        raise RequestError("question.trips", "para preguntar por Trips hace falta una apuesta Trips")
    player = parse_card_list(require(spec, "player", "question.player"), "question.player", 2)
    dealer = parse_card_list(require(spec, "dealer", "question.dealer"), "question.dealer", 2)
    board = parse_card_list(require(spec, "board", "question.board"), "question.board", 5)
    unique_cards([(f"question.player[{i}]", c) for i, c in enumerate(player)]
                 + [(f"question.dealer[{i}]", c) for i, c in enumerate(dealer)]
                 + [(f"question.board[{i}]", c) for i, c in enumerate(board)])
    result = settle(ante=ante, play=play, player=player, dealer=dealer, board=board, trips=trips,
                    trips_table=table)
    own, theirs = result.player, result.dealer
    S = lambda x: format_amount(x, signed=True)  # noqa: E731

    steps = [
        f"Jugador: {name_es(own)} ({cards_text(own.cards)}), con sus dos cartas y las cinco de la mesa.",
        f"Crupier: {name_es(theirs)} ({cards_text(theirs.cards)}).",
    ]
    if asked != "trips":
        steps.append("El crupier se clasifica: tiene pareja o más." if result.dealer_qualifies
                     else "El crupier no se clasifica: no llega a pareja.")
        steps.append(_UTH_OUTCOMES[result.outcome])
    lines = {bet: bet_line(result, bet) for bet in BETS}
    parts = {"ante": result.ante, "blind": result.blind, "play": result.play, "trips": result.trips}
    if asked in ("ante", "blind", "play", "trips"):
        steps.append(lines[asked])
        value = parts[asked]
    elif asked == "ante+play":
        steps += [lines["ante"], lines["play"]]
        value = result.ante + result.play
        steps.append(f"Ante + Play: {S(result.ante)} {_plus(result.play)} = {S(value)}.")
    else:
        steps += [lines["ante"], lines["blind"], lines["play"]] + ([lines["trips"]] if trips else [])
        value = result.total
        shown = [result.ante, result.blind, result.play] + ([result.trips] if trips else [])
        steps.append(f"Total: {S(shown[0])} " + " ".join(_plus(x) for x in shown[1:]) + f" = {S(value)}.")
    facts = (
        {"label": "Jugador", "cards": cards_display(player)},
        {"label": "Crupier", "cards": cards_display(dealer)},
        {"label": "Mesa", "cards": cards_display(board)},
        {"label": "Apuestas", "text": uth_bets_text(ante, play, trips)},
    ) + (({"label": "Tabla de Trips", "text": table},) if trips else ())
    return Solution("amount", value, format_amount(value, signed=asked == "total"), tuple(steps),
                    signed=asked == "total", facts=facts,
                    data={"net": True, "outcome": result.outcome, "dealer_qualifies": result.dealer_qualifies,
                          "player_hand": name_es(own), "dealer_hand": name_es(theirs)})


def _plus(x: Fraction) -> str:
    """A term of a sum: ``+ 20``, ``− 25``."""
    return f"{MINUS} {format_amount(-x)}" if x < 0 else f"+ {format_amount(x)}"


#: The skills of each ``ask`` (a total with Trips adds Trips).
_SKILLS = {
    "blind": ("ultimate.blind",),
    "trips": ("ultimate.trips",),
    "ante": ("ultimate.ante-play", "ultimate.dealer-qualifies"),
    "play": ("ultimate.ante-play",),
    "ante+play": ("ultimate.ante-play", "ultimate.dealer-qualifies"),
    "total": ("ultimate.settlement", "ultimate.blind", "ultimate.dealer-qualifies", "ultimate.ante-play"),
}


def _skills(spec: dict) -> list[str]:
    found = list(_SKILLS.get(spec.get("ask"), ()))
    if spec.get("ask") == "total" and spec.get("trips"):
        found.append("ultimate.trips")
    return found


def read(fields: Fields, ask_field: Field, lines: dict) -> tuple[dict, str]:
    """A ```pregunta block of Ultimate Texas Hold'em (``juego: ultimate``): its fields into the question."""
    spec: dict[str, Any] = {"kind": "uth", "ask": choice(ask_field, ASKS)}
    for key, name, count in (("jugador", "player", 2), ("crupier", "dealer", 2), ("mesa", "board", 5)):
        f = fields.get(key)
        spec[name] = cards_of(f, count)
        lines[f"question.{name}"] = f.line
    f = fields.get("ante")
    spec["ante"] = int_of(f, 1)
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
        raise QuestionError(f.line, f"«play» es 4x, 3x, 2x, 1x, una cantidad o «se retira»: «{short(f.value)}».")
    lines["question.play"] = f.line
    f = fields.get("trips", required=False)
    spec["trips"] = int_of(f) if f else 0
    if f:
        lines["question.trips"] = f.line
    f = fields.get("tabla-trips", required=False)
    if f:
        spec["trips_table"] = f.value.strip()
        lines["question.trips_table"] = f.line
    return spec, "Campos de Ultimate: ante, play, trips, jugador, crupier, mesa, tabla-trips."


QUESTIONS = {"uth": QuestionKind(_solve, _skills, Trainer("uth-trainer-deal", trainer.SKILLS, trainer.SLOW_MS))}
READ = read
WIDGETS = {trainer.INFO: trainer.settings}
