"""Bots for the free table of Mata Ases («Mesa libre») and its seeded random deals.

A bot decides from what its player sees (:mod:`.view`), with seeded Monte Carlo estimates over the
unseen cards (:mod:`.estimate`) and one of three styles (:mod:`.policy`); the protocol commands are
in :mod:`.command` (a decision, seeded deals) and :mod:`.table` (the free table's sessions).

>>> from engine.games.mata_ases.command import play
>>> request = {"modality": "boton-ante", "stakes": {"minimum": 50, "ante": 25}, "betting": "fixed",
...            "seats": [{"name": "Ana", "stack": 1000}, {"name": "Beto", "stack": 1000}], "button": "Beto",
...            "deals": deals_for(["Ana", "Beto"], 7), "actions": []}
>>> hand, _ = play(request)
>>> reply = bot_decision(dict(request, bot={"player": hand.to_act, "style": "equilibrado", "seed": 1}))
>>> reply["action"]["action"] in ("check", "bet"), reply["reason"].startswith(hand.to_act)
(True, True)
"""

from __future__ import annotations

from .command import bot_decision, mata_ases_bot, mata_ases_deal
from .deal import deals_for
from .estimate import Estimate, estimate
from .policy import STYLES, Decision, Style, choose, decide
from .view import BotView, Rival, view_of

__all__ = [
    "STYLES",
    "BotView",
    "Decision",
    "Estimate",
    "Rival",
    "Style",
    "bot_decision",
    "choose",
    "deals_for",
    "decide",
    "estimate",
    "mata_ases_bot",
    "mata_ases_deal",
    "view_of",
]
