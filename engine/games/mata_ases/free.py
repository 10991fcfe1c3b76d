"""The free table («Mesa libre»): the reader («Tú») against 1 to 7 bots, one session per hand.

Like the practice-hand sessions (:mod:`engine.scenarios.session`), the engine keeps the hand between
clicks and each reply carries only what is new (:class:`~engine.games.mata_ases.view.Viewer`).
The bots decide with :func:`.policy.choose`, exactly as the ``mata-ases-bot`` command does, inside
the engine's worker (the page never waits on them).

Requests::

    mesa-libre-start {"session": "<id>", "table": {"opponents": 1-7, "modality": "boton-ante" | "bring-in",
                      "betting": "fixed" | "no-limit", "minimum": 50, "stack": 2000, "seed": 7,
                      "styles"?: [one per opponent], "exposures"?: true},
                      "actions"?: [{"action", "amount"?}, ...], "replay"?: false,
                      "visit"?: [the reader's result in each earlier hand of the visit]}
    mesa-libre-step  {"session": "<id>", "decision": {"action", "amount"?}}
    mesa-libre-step  {"session": "<id>"}          (the rest, after a reply with "more": true)

The table is (setup, seed): seats «Tú» and the bots in :data:`NAMES` order, the button chosen by the
seed, the deals from :func:`.deal.deals_for`. A hand is (table, decisions): ``actions`` are every
decision in order, whoever made it (each goes to the player to act). Without ``replay`` they restore a
hand in progress and the bots then play up to the reader's turn; with ``replay`` nobody else plays
(a shared hand shown step by step).

Replies: the :class:`Viewer` reply plus ``session``, ``players`` (``[{"name", "style"}]``, the reader
first with no style) and ``decisions`` (every decision so far, for a link that replays the hand);
once the hand is over, ``reasons``: each bot decision with its reason and a title («Por qué Ana
subió»), so the reasons are read after the hand, never during it; and ``visit``: ``{"changes",
"texts", "total", "total_text"}``, the reader's results in the visit with this hand last, as the engine
writes amounts.
"""

from __future__ import annotations

from typing import Any

from ...errors import RequestError, shown
from ...protocol import command
from ...requests import check_type, optional, require
from ...sessions import MAX_SESSIONS, SessionStore
from ...spanish import street_title
from ...table.free import FreeTableBase, start_table, step_table, visit_view
from ...table.words import YOU, past
from .records import BETTINGS, MODALITIES
from .command import build_hand
from .simulate import NAMES
from .view import Viewer, deal_names
from .deal import deals_for
from .bot_policy import STYLES, choose

__all__ = ["FreeTable", "MAX_SESSIONS", "mesa_libre_start", "mesa_libre_step"]

#: The bots' styles by seat when the request does not choose them.
STYLE_CYCLE = ("equilibrado", "prudente", "agresivo")
MAX_SEED = 2**53 - 1  # a whole number JavaScript keeps exactly
MAX_STACK_BETS = 1000


def _int(table: dict, key: str, low: int, high: int) -> int:
    value = require(table, key, f"table.{key}", int)
    if not low <= value <= high:
        raise RequestError(f"table.{key}", f"debe estar entre {low} y {high} (recibido: {value})")
    return value


def _choice(table: dict, key: str, allowed, default=None) -> str:
    value = require(table, key, f"table.{key}", str) if default is None else optional(
        table, key, f"table.{key}", str, default)
    if value not in allowed:
        raise RequestError(f"table.{key}", f"debe ser {', '.join(f'«{a}»' for a in allowed)} (recibido: «{value}»)")
    return value


def parse_table(value: Any) -> dict:
    """The setup of a free table, checked field by field (``table.…`` in the errors)."""
    check_type(value, dict, "table")
    opponents = _int(value, "opponents", 1, len(NAMES) - 1)
    minimum = _int(value, "minimum", 2, 100_000)
    setup = {
        "opponents": opponents,
        "modality": _choice(value, "modality", MODALITIES),
        "betting": _choice(value, "betting", BETTINGS),
        "minimum": minimum,
        "stack": _int(value, "stack", minimum, MAX_STACK_BETS * minimum),
        "seed": _int(value, "seed", 0, MAX_SEED),
        "exposures": optional(value, "exposures", "table.exposures", bool, True),
    }
    styles = optional(value, "styles", "table.styles", list, None)
    if styles is None:
        styles = [STYLE_CYCLE[i % len(STYLE_CYCLE)] for i in range(opponents)]
    elif len(styles) != opponents:
        raise RequestError("table.styles", f"debe tener un estilo por rival ({opponents}; tiene {len(styles)})")
    for i, style in enumerate(styles):
        if style not in STYLES:
            raise RequestError(f"table.styles[{i}]", f"debe ser {', '.join(f'«{s}»' for s in STYLES)} "
                                                     f"(recibido: {shown(style)})")
    setup["styles"] = list(styles)
    return setup


def hand_request(setup: dict) -> dict:
    """The ``mata-ases-hand`` request of a free table (no decisions yet)."""
    names = list(NAMES[:setup["opponents"] + 1])
    minimum = setup["minimum"]
    return {
        "modality": setup["modality"], "betting": setup["betting"],
        "stakes": {"minimum": minimum, "ante": minimum // 2, "bring_in": minimum // 2},
        "seats": [{"name": n, "stack": setup["stack"]} for n in names],
        "button": names[setup["seed"] % len(names)],
        "deals": deals_for(names, setup["seed"], exposures=setup["exposures"]),
        "actions": [],
    }


class FreeTable(FreeTableBase):
    """One hand at the free table: the hand, its viewer, the bots' styles and every decision made."""

    def __init__(self, setup: dict, visit: list[int] | None = None) -> None:
        self.setup = setup
        self.visit = list(visit or [])
        self.hand, _ = build_hand(hand_request(setup))
        self.styles = dict(zip(self.hand.names[1:], setup["styles"]))
        self.viewer = Viewer(self.hand)
        self.decisions: list[dict] = []
        self.reasons: list[dict] = []

    def act(self, action: str, amount: int | None, *, reason: str | None = None) -> None:
        hand = self.hand
        player, deal, street = hand.to_act, hand.deal_index, hand.street
        hand.act(player, action, amount)  # raises (and changes nothing) if the hand refuses it
        decision = {"action": action} if amount is None else {"action": action, "amount": amount}
        self.decisions.append(decision)
        if reason is not None:
            self.reasons.append({"player": player, **decision, "deal": deal, "street": street,
                                 "title": f"Por qué {player} {past(action)}", "reason": reason})
        self.viewer.stop()

    def bot_move(self):
        player = self.hand.to_act
        move, _ = choose(self.hand, player, self.styles[player], self.setup["seed"])
        return move

    def bot_decision(self) -> tuple[str, int | None, str]:
        move = self.bot_move()
        return move.action, move.amount, move.reason

    def reply(self, key: str) -> dict:
        answer = {"session": key, **self.viewer.reply(), "decisions": list(self.decisions),
                  "players": [{"name": YOU}] + [{"name": n, "style": s} for n, s in self.styles.items()]}
        if "result" in answer:
            names = deal_names(self.hand.events)
            reasons = []
            for entry in self.reasons:
                when = street_title(entry["street"], "mata-ases")
                reasons.append({**entry, "when": f"{names[entry['deal']]} · {when}" if entry["deal"] else when})
            answer["reasons"] = reasons
            answer["visit"] = visit_view(self.visit + [self.hand.stacks[YOU] - self.hand.starting_stacks[YOU]])
        return answer


_SESSIONS = SessionStore()


@command("mesa-libre-start", "Mesa libre de Mata Ases: una mano al azar (por semilla) contra bots; juega a los bots "
                             "hasta tu primera decisión, o reproduce una mano compartida.")
def mesa_libre_start(request: dict) -> dict:
    return start_table(_SESSIONS, request, parse_table, FreeTable)


@command("mesa-libre-step", "Mesa libre de Mata Ases: tu decisión y los bots hasta la siguiente; solo lo nuevo.")
def mesa_libre_step(request: dict) -> dict:
    return step_table(_SESSIONS, request)
