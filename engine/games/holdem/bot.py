"""The protocol command ``holdem-bot``: a Hold'em bot's decision at its turn, with its reason.

Request: the hand so far and the bot::

    {"phh": "<the hand so far, PHH>", "bot": {"player": "p3", "style": "prudente" | "equilibrado" | "agresivo",
     "seed": 7}}

or a ``holdem-hand`` native request (``seats``, ``button``, ``blinds``, ``seed`` or ``deck``,
``actions``) with ``"bot": {"player": "<seat name>", ...}``. Optional ``bot.samples``: the deals
drawn for an equity (default :func:`.policy.samples_for` the opponents).

Reply: ``action`` (the PHH line, e.g. ``"p3 cbr 300"``, that ``holdem-hand`` accepts next),
``reason`` (a Spanish sentence), ``decision`` (``player``, ``action``, ``amount`` for call, bet and
raise, ``all_in``, and the figures behind it: ``equity``, ``pot_odds`` (the call against the chips it
plays for), ``needed`` (the equity the call asks for: the pot odds and the style's margin), ``pot``, ``to_call``,
``effective_bb``, ``position``, ``score`` and ``threshold`` of the pre-flop chart). The hand is
replayed with every other player's hole cards unknown (:func:`.view.masked`): the reply depends
only on what the bot sees and on the seed.
"""

from __future__ import annotations

from typing import Any

from ...errors import EngineError, RequestError
from ...protocol import command, get_command
from ...requests import amount as parse_amount
from ...requests import check_type, optional, require
from ...table.errors import HandOverError, NotYourTurnError
from ...table.words import YOU, over
from .phh import loads
from .phh import action_line
from .bot_policy import STYLES, decide, samples_for
from .bot_texts import HIDDEN_HAND, holding, made, reason
from .bot_view import masked, replay, view_of

__all__ = ["UnknownStyleError", "bot_reply", "explain"]

MAX_SAMPLES = 5000


class UnknownStyleError(RequestError):
    """A bot style that does not exist."""


class HiddenCardsError(EngineError):
    """The bot's own hole cards are unknown (``????``): it cannot decide without them."""

    code = "unknown-cards"


def _parse_bot(value: Any) -> tuple[str, str, int, int]:
    check_type(value, dict, "bot")
    player = require(value, "player", "bot.player", str)
    style = require(value, "style", "bot.style", str)
    if style not in STYLES:
        raise UnknownStyleError("bot.style", f"el estilo debe ser {', '.join(f'«{s}»' for s in STYLES)} "
                                             f"(recibido: «{style}»)")
    seed = parse_amount(require(value, "seed", "bot.seed"), "bot.seed")
    samples = optional(value, "samples", "bot.samples", int, None)
    if samples is not None and not 1 <= samples <= MAX_SAMPLES:
        raise RequestError("bot.samples", f"debe estar entre 1 y {MAX_SAMPLES} (recibido: {samples})")
    return player, style, seed, samples


def bot_reply(request: dict) -> dict:
    """The reply of ``holdem-bot`` (see the module docstring)."""
    player, style, seed, samples = _parse_bot(require(request, "bot", "bot"))
    if "phh" in request or "seats" not in request:
        text = require(request, "phh", "phh", str)
        history = loads(text)
        names = list(history.players) if history.players else None
        pid = f"p{names.index(player) + 1}" if names and player in names and player not in history.ids else player
    else:
        native = get_command("holdem-hand").handler(request)  # the same request: its fields stay tracked
        history = loads(native["phh"])
        names = native["players"]
        if player not in names:
            raise RequestError("bot.player", f"«{player}» no está sentado en la mesa")
        pid = f"p{names.index(player) + 1}"
    replay(history)  # the hand as written: its errors are the holdem-hand errors
    if pid not in history.ids:
        raise RequestError("bot.player", f"«{player}» no es un jugador de la mano (son {', '.join(history.ids)}"
                                        + (f", o por su nombre: {', '.join(names)})" if names else ")"))
    hand = replay(masked(history, pid))
    name = names[history.ids.index(pid)] if names else pid
    if name == YOU:
        raise RequestError("bot.player", f"«{YOU}» es el asiento del lector: un bot juega los demás asientos")
    if hand.over:
        raise HandOverError(over("bot"))
    if hand.phase != "bet":
        raise NotYourTurnError(f"No es el turno de {name}: le toca al crupier repartir cartas.")
    if hand.to_act != pid:
        other = names[history.ids.index(hand.to_act)] if names else hand.to_act
        raise NotYourTurnError(f"No es el turno de {name}: le toca a {other}.")
    if None in hand.hole[pid]:
        raise HiddenCardsError(f"Las cartas de {name} son desconocidas («????»): el bot necesita verlas.")
    view = view_of(hand, pid)
    decision = decide(view, style, seed, samples=samples)
    line = action_line(pid, decision.action, decision.amount)
    data: dict[str, Any] = {"player": player, "action": decision.action}
    if decision.amount is not None:
        data["amount"] = decision.amount
    data.update({"all_in": decision.all_in, "style": style, "street": view.street, "position": view.position,
                 "pot": view.pot, "to_call": view.to_call, "effective_bb": view.effective_bb})
    for key in ("equity", "pot_odds", "needed", "score", "threshold"):
        value = getattr(decision, key)
        if value is not None:
            data[key] = round(value, 4) if isinstance(value, float) else value
    if decision.equity is not None:
        data["samples"] = samples or samples_for(view.opponents)
    return {"action": line, "reason": explain(view, name, decision), "decision": data}


def explain(view, name: str, decision, *, hidden: bool = False) -> str:
    """The sentence of ``name``'s ``decision`` (a :class:`engine.table.bots.Decision`) from what he saw (``view``);
    ``hidden``: his cards are nobody else's to know (a bot at the free table), so they are not named."""
    if hidden:
        words = HIDDEN_HAND[view.street != "preflop"]
    else:
        words = holding(*view.hole) if view.street == "preflop" else made(" ".join(view.hole + view.board))
    return reason(name, decision, words, position=view.position, street=view.street, pot=view.pot,
                  to_call=view.to_call, opponents=view.opponents, effective_bb=view.effective_bb,
                  winnable=view.winnable, behind=view.behind)


@command("holdem-bot", "Decisión de un bot de Texas Hold'em (prudente, equilibrado o agresivo) a partir de lo "
                       "que ve, con su motivo, su equity y las pot odds.")
def holdem_bot(request: dict) -> dict:
    return bot_reply(request)
