"""Protocol commands ``mata-ases-bot`` (a bot's decision) and ``mata-ases-deal`` (seeded deals).

``mata-ases-bot`` request: a ``mata-ases-hand`` request (the hand so far) plus::

    "bot": {"player": "Ana", "style": "prudente" | "equilibrado" | "agresivo", "seed": 7}

Reply: ``{"action": {"player", "action", "amount"?}, "reason": "<Spanish>", "estimate": {"win",
"kill", "carry", "trials"}}`` (``estimate`` is absent in the card phase). The action is legal at that
point; ``amount`` comes with bet and raise (the round total). The decision depends only on what the
player sees (:mod:`.bot_view`) and on the seed: the same visible state and seed give the same reply.

``mata-ases-deal`` request: ``{"players": ["Tú", "Ana", ...], "seed": 7, "exposures"?: false}``.
Reply: ``{"seed", "deals": [...]}``, the ``deals`` of a ``mata-ases-hand`` request (:mod:`.deal`).

>>> from engine.games.mata_ases.command import play
>>> from engine.games.mata_ases.deal import deals_for
>>> request = {"modality": "boton-ante", "stakes": {"minimum": 50, "ante": 25}, "betting": "fixed",
...            "seats": [{"name": "Ana", "stack": 1000}, {"name": "Beto", "stack": 1000}], "button": "Beto",
...            "deals": deals_for(["Ana", "Beto"], 7), "actions": []}
>>> hand, _ = play(request)
>>> reply = bot_decision(dict(request, bot={"player": hand.to_act, "style": "equilibrado", "seed": 1}))
>>> reply["action"]["action"] in ("check", "bet"), reply["reason"].startswith(hand.to_act)
(True, True)
"""

from __future__ import annotations

from typing import Any

from ...errors import RequestError
from ...protocol import command
from ...requests import amount as parse_amount
from ...requests import check_type, optional, require
from ...table.words import OVER, YOU
from .command import play
from .setup import MIN_PLAYERS, seat_problems
from .showdown import MAX_PLAYERS
from .deal import deals_for
from .bot_policy import STYLES, choose


def parse_bot(value: Any) -> tuple[str, str, int]:
    check_type(value, dict, "bot")
    player = require(value, "player", "bot.player", str)
    style = require(value, "style", "bot.style", str)
    if style not in STYLES:
        raise RequestError("bot.style", f"debe ser {', '.join(f'«{s}»' for s in STYLES)} (recibido: «{style}»)")
    seed = parse_amount(require(value, "seed", "bot.seed"), "bot.seed")
    return player, style, seed


def bot_decision(request: dict) -> dict:
    """The reply of ``mata-ases-bot`` (see the module docstring)."""
    player, style, seed = parse_bot(require(request, "bot", "bot"))
    if player == YOU:
        raise RequestError("bot.player", f"«{YOU}» es el asiento del lector: un bot juega los demás asientos")
    hand, error = play(request)
    if error is not None:
        return error
    if player not in hand.names:
        raise RequestError("bot.player", f"«{player}» no está sentado en la mesa")
    if hand.is_over:
        raise RequestError("bot", OVER["bot"])
    if hand.to_act != player:
        raise RequestError("bot.player", f"no es el turno de {player}: le toca a «{hand.to_act}»")
    decision, est = choose(hand, player, style, seed)
    reply = {"action": decision.to_json(player), "reason": decision.reason}
    if est is not None:
        reply["estimate"] = est.as_json()
    return reply


@command("mata-ases-bot", "Decisión de un bot de Mata Ases (prudente, equilibrado o agresivo) a partir de lo "
                          "que ve, con su motivo.")
def mata_ases_bot(request: dict) -> dict:
    return bot_decision(request)


@command("mata-ases-deal", "Repartos al azar de una mano de Mata Ases a partir de una semilla (mesa libre).")
def mata_ases_deal(request: dict) -> dict:
    players = require(request, "players", "players", list)
    for i, name in enumerate(players):
        check_type(name, str, f"players[{i}]")
    problems = seat_problems([(name, 1) for name in players], players=(MIN_PLAYERS, MAX_PLAYERS))
    if problems:
        field, problem = problems[0]
        raise RequestError(field.replace("seats", "players").removesuffix(".name"), problem)
    seed = parse_amount(require(request, "seed", "seed"), "seed")
    exposures = optional(request, "exposures", "exposures", bool, False)
    return {"seed": seed, "deals": deals_for(list(players), seed, exposures=exposures)}
