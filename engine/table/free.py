"""What every game's free table (the reader against bots, kept in a session) does the same way.

A game's table keeps ``hand`` (its ``to_act``), ``viewer`` (:class:`engine.table.view.TableViewer`),
and gives :meth:`FreeTableBase.act`, :meth:`FreeTableBase.bot_decision`, :meth:`FreeTableBase.reply`;
this module replays a list of decisions, lets the bots play to the reader's turn, and answers the
start and step commands (:func:`start_table`, :func:`step_table`) with one wording for every game.

>>> visit_view([-10, 25])
{'changes': [-10, 25], 'texts': ['−10', '+25'], 'total': 15, 'total_text': '+15'}
"""

from __future__ import annotations

from typing import Any, Callable

from ..errors import EngineError, RequestError
from ..requests import check_type, optional, require
from ..sessions import SessionStore
from ..spanish import signed
from .words import YOU

__all__ = ["FreeTableBase", "read_decision", "start_table", "step_table", "visit_view"]

#: Earlier results of the visit a start request may carry (the page's history).
MAX_VISIT = 200


def read_decision(value: Any, field: str) -> tuple[str, int | None]:
    """A decision of a request: ``{"action", "amount"?}`` -> (action, amount of a bet or raise)."""
    check_type(value, dict, field)
    action = require(value, "action", f"{field}.action", str)
    amount = optional(value, "amount", f"{field}.amount", int, None)
    return action, amount if action in ("bet", "raise") else None


def visit_view(changes: list[int]) -> dict:
    """The reader's results hand by hand, with the engine's way of writing them."""
    return {"changes": changes, "texts": [signed(c) for c in changes], "total": sum(changes),
            "total_text": signed(sum(changes))}


class FreeTableBase:
    """The part of a free table that is the same for every game (see the module docstring)."""

    hand: Any
    viewer: Any

    def is_over(self) -> bool:
        return self.viewer.is_over()

    def act(self, action: str, amount: int | None, *, reason: str | None = None) -> None:
        raise NotImplementedError

    def bot_decision(self) -> tuple[str, int | None, str]:
        """The bot to act: (action, amount of a bet or raise, its reason)."""
        raise NotImplementedError

    def reply(self, key: str) -> dict:
        raise NotImplementedError

    def advance(self) -> None:
        """The bots play until it is the reader's turn or the hand is over."""
        while not self.is_over() and self.hand.to_act != YOU:
            action, amount, reason = self.bot_decision()
            self.act(action, amount, reason=reason)

    def replay(self, actions: list, *, bots: bool) -> None:
        """Apply ``actions`` in order (a bot's reason is kept when its decision is the bot's own)."""
        for index, value in enumerate(actions):
            field = f"actions[{index}]"
            try:
                if self.is_over():
                    raise RequestError(field, "la mano ya terminó: sobran decisiones")
                action, amount = read_decision(value, field)
                reason = None
                if self.hand.to_act != YOU:
                    mine = self.bot_decision()
                    if mine[:2] == (action, amount):
                        reason = mine[2]
                self.act(action, amount, reason=reason)
            except EngineError as exc:
                raise exc.locate(field=field, at=index) from None
        if bots:
            self.advance()


def start_table(store: SessionStore, request: dict, parse: Callable[[Any], dict],
                make: Callable[[dict, list[int]], FreeTableBase]) -> dict:
    """A start command: the setup (``parse``), a new table (``make``), its decisions replayed."""
    key = SessionStore.key(request)
    setup = parse(require(request, "table", "table"))
    actions = optional(request, "actions", "actions", list, [])
    replay = optional(request, "replay", "replay", bool, False)
    visit = optional(request, "visit", "visit", list, [])
    for i, change in enumerate(visit):
        check_type(change, int, f"visit[{i}]")
    store.forget(key)
    table = make(setup, visit[-MAX_VISIT:])
    table.replay(actions, bots=not replay)
    store.keep(key, table)
    return table.reply(key)


def step_table(store: SessionStore, request: dict) -> dict:
    """A step command: the rest of the last reply, or the reader's decision and the bots to the next."""
    from ..protocol import refuse_unknown_fields
    key = SessionStore.key(request)
    table = store.find(key)
    if request.get("decision") is None and table.viewer.sent < table.viewer.event_count():
        return table.reply(key)
    if table.is_over():
        raise RequestError("decision", "la mano ya terminó: no admite más decisiones")
    if table.hand.to_act != YOU:
        raise RequestError("decision", f"no es tu turno: le toca a {table.hand.to_act}")
    action, amount = read_decision(request.get("decision"), "decision")
    refuse_unknown_fields(request)  # before the hand moves on
    try:
        table.act(action, amount)
    except EngineError as exc:
        raise exc.locate(field="decision") from None
    table.advance()
    return table.reply(key)
