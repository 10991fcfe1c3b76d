"""A Hold'em hand history (PHH) replayed step by step: an imported ``.phh`` file or a shared hand.

Requests::

    holdem-replay-start {"session": "<id>", "phh": "<one hand in PHH>"}
    holdem-replay-step  {"session": "<id>", "to_end"?: true}

The whole history is read and checked first (:func:`engine.games.holdem.phh.replay`): a wrong line
is the error reply, with ``line`` (the PHH text's line), ``at`` (the action's index) and a Spanish
message, and no session starts. Then each step applies one PHH action (a dealer's step or a
decision), ``to_end`` all of them; every event is explained with its rule and citation. Replies: the
table page's shape (:class:`~engine.table.view.HandViewer`, every hole card shown, the
players named by the PHH ``players`` or by their positions), without ``next``; ``over`` says whether
the hand has been shown to its end, and ``step``/``steps`` how far it is.
"""

from __future__ import annotations

from ...protocol import command, refuse_unknown_fields
from ...requests import optional, require
from ...sessions import SessionStore
from .phh import loads, replay
from .phh import apply, start
from ...table.view import HandViewer
from .texts import WORDS

__all__ = ["HandReplay", "holdem_replay_start", "holdem_replay_step"]


class HandReplay:
    """One hand history being shown: the hand so far, its viewer, and the actions still to apply."""

    def __init__(self, text: str) -> None:
        self.history = loads(text)
        replay(self.history)  # the whole hand, checked first: its errors name their line
        self.hand = start(self.history)
        ids = self.history.ids
        shown = self.history.players or tuple(self.hand.position[p] for p in ids)
        names = dict(zip(ids, shown)) if len(set(shown)) == len(shown) else {}
        self.viewer = HandViewer(self.hand, WORDS, reveal=ids, names=names)
        self.step = 0

    @property
    def steps(self) -> int:
        return len(self.history.actions)

    def forward(self, *, to_end: bool = False) -> None:
        """Apply the next action (all of them with ``to_end``); an open showdown is completed at the end."""
        while self.step < self.steps:
            apply(self.hand, self.history, self.history.actions[self.step])
            self.step += 1
            if self.step == self.steps:
                self.hand.finish()
            self.viewer.stop()
            if not to_end:
                break

    def reply(self, key: str) -> dict:
        answer = {"session": key, **self.viewer.reply()}
        answer.pop("next", None)
        answer.update(over=self.step >= self.steps and "more" not in answer, step=self.step, steps=self.steps)
        return answer


_SESSIONS = SessionStore()


@command("holdem-replay-start", "Texas Hold'em: una mano en PHH (un archivo o un enlace compartido) para verla "
                                "paso a paso, cada paso con su regla.")
def holdem_replay_start(request: dict) -> dict:
    key = SessionStore.key(request)
    text = require(request, "phh", "phh", str)
    _SESSIONS.forget(key)
    shown = HandReplay(text)
    _SESSIONS.keep(key, shown)
    return shown.reply(key)


@command("holdem-replay-step", "Texas Hold'em: el paso siguiente de una mano en PHH, o todos hasta el final.")
def holdem_replay_step(request: dict) -> dict:
    key = SessionStore.key(request)
    shown: HandReplay = _SESSIONS.find(key)
    to_end = optional(request, "to_end", "to_end", bool, False)
    refuse_unknown_fields(request)
    if shown.viewer.sent >= shown.viewer.event_count():
        shown.forward(to_end=to_end)
    return shown.reply(key)
