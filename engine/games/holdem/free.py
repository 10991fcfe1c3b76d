"""The Hold'em free table («Mesa de Hold'em»): the reader («Tú») against 1 to 9 bots, hand after hand.

Like Mata Ases's free table (:mod:`engine.games.mata_ases.free`), the engine keeps the table
between clicks and each reply carries only what is new (:class:`~engine.table.view.HandViewer`,
the table page's shape: ``table.board``, seats with positions). The bots decide with
:func:`engine.games.holdem.bot_policy.decide` on :func:`~engine.games.holdem.bot_view.view_of` (what
their player sees: his own hole cards, the board, the bets; never another player's cards).

Requests::

    holdem-mesa-start {"session": "<id>", "table": {"players": 2-10, "seat": <the reader's seat, 0-based>,
                       "blinds": [small, big], "ante"?: n, "stack": n, "seed": n, "styles"?: [one per bot]},
                       "actions"?: [{"action", "amount"?}, ...], "replay"?: false, "visit"?: [earlier results]}
    holdem-mesa-step  {"session", "decision": {"action", "amount"?}}   or {"session"} for the rest after "more"
    holdem-mesa-next  {"session", "again"?: false}

The table is (setup, seed): the seats clockwise, the bots named :data:`~engine.games.holdem.bot_texts.NAMES`
in seat order, the first button chosen by the seed, each hand's deck shuffled from the seed and the
hand's number. ``actions`` are the first hand's decisions in order, whoever made them (with
``replay`` nobody else plays: a hand shown step by step). ``holdem-mesa-next`` deals the next hand
at the same table: the stacks carry over, a player left without chips leaves, and the button moves
by the rule of the rules page («La rotación del botón»: :func:`engine.table.rotation.next_hand`,
the dead button), the move told as the last event of the hand; with ``again`` it deals the same hand
again («Repetir esta mano»: the same stacks, seats and cards). It is refused while the hand is being
played, once the reader has no chips, and when nobody is left to play against.

Replies: the Viewer reply plus ``session``, ``reader`` (the reader's seat, «Tú»), ``players`` (``[{"name", "style"?}]``, in seat order),
``decisions`` (this hand's, for a link), ``hand`` (its number in the session) and, once the hand is
over, ``phh`` (the hand as PHH text, as the reader saw it: a bot's hole cards only where they were
shown, ``????`` otherwise), ``reasons`` (each bot decision with its reason and a title
«Por qué Ana subió»), ``visit`` (the reader's result in each hand of the visit, as the engine writes
amounts) and ``table_over`` (a Spanish sentence when no next hand can be dealt).
"""

from __future__ import annotations

import random
from typing import Any

from ...cards import DECK
from ...errors import RequestError, shown
from ...protocol import command, refuse_unknown_fields
from ...requests import check_type, optional, require
from ...sessions import SessionStore
from ...spanish import street_title
from ...table.free import MAX_VISIT, FreeTableBase, start_table, step_table, visit_view
from ...table.words import YOU, past
from . import rules as holdem
from .bot import explain
from .bot_policy import STYLES, decide
from .bot_texts import NAMES
from .bot_view import view_of
from .hand import HoldemHand
from .phh import dumps
from ...table.rotation import next_hand
from ...table.records import NextHand
from ...table.view import HandViewer
from .texts import WORDS

__all__ = ["HoldemFreeTable", "holdem_mesa_next", "holdem_mesa_start", "holdem_mesa_step", "parse_setup"]

STYLE_CYCLE = ("equilibrado", "prudente", "agresivo")
MAX_SEED = 2**53 - 1
MAX_BIG_BLIND = 100_000
MAX_STACK_BLINDS = 1000


def _int(table: dict, key: str, low: int, high: int, default: int | None = None) -> int:
    value = (require(table, key, f"table.{key}", int) if default is None
             else optional(table, key, f"table.{key}", int, default))
    if not low <= value <= high:
        raise RequestError(f"table.{key}", f"debe estar entre {low} y {high} (recibido: {value})")
    return value


def parse_setup(value: Any) -> dict:
    """The setup of a Hold'em free table, checked field by field (``table.…`` in the errors)."""
    check_type(value, dict, "table")
    players = _int(value, "players", holdem.MIN_PLAYERS, holdem.MAX_PLAYERS)
    seat = _int(value, "seat", 0, players - 1)
    blinds = require(value, "blinds", "table.blinds", list)
    if len(blinds) != 2:
        raise RequestError("table.blinds", f"son dos números: la ciega pequeña y la grande (recibidos: {len(blinds)})")
    for i, blind in enumerate(blinds):
        check_type(blind, int, f"table.blinds[{i}]")
    small, big = blinds
    if not 1 <= big <= MAX_BIG_BLIND or not 1 <= small <= big:
        raise RequestError("table.blinds", f"la ciega grande va de 1 a {MAX_BIG_BLIND} y la pequeña de 1 a la grande "
                                           f"(recibidas: {small} y {big})")
    setup = {"players": players, "seat": seat, "blinds": [small, big],
             "ante": _int(value, "ante", 0, big, 0),
             "stack": _int(value, "stack", 2 * big, MAX_STACK_BLINDS * big),
             "seed": _int(value, "seed", 0, MAX_SEED)}
    styles = optional(value, "styles", "table.styles", list, None)
    if styles is None:
        styles = [STYLE_CYCLE[i % len(STYLE_CYCLE)] for i in range(players - 1)]
    elif len(styles) != players - 1:
        raise RequestError("table.styles", f"debe tener un estilo por bot ({players - 1}; tiene {len(styles)})")
    for i, style in enumerate(styles):
        if style not in STYLES:
            raise RequestError(f"table.styles[{i}]", f"debe ser {', '.join(f'«{s}»' for s in STYLES)} "
                                                     f"(recibido: {shown(style)})")
    setup["styles"] = list(styles)
    return setup


class HoldemFreeTable(FreeTableBase):
    """A Hold'em table in a session: its seats (clockwise), stacks, the players out, the positions of
    the hand being played (seats, possibly empty ones), the hand, its viewer and its decisions."""

    def __init__(self, setup: dict, visit: list[int] | None = None) -> None:
        self.setup = setup
        n = setup["players"]
        bots = iter(NAMES)
        self.ring = [YOU if i == setup["seat"] else next(bots) for i in range(n)]
        self.styles = dict(zip([name for name in self.ring if name != YOU], setup["styles"]))
        self.stacks = dict.fromkeys(self.ring, setup["stack"])
        self.out: set[str] = set()
        self.visit = list(visit or [])
        self.number = 1
        button = self.ring[setup["seed"] % n]
        after = self.ring[(self.ring.index(button) + 1) % n]
        # (button, small blind, big blind) as seats; heads-up the button is the small blind
        self.positions = ((button, button, after) if n == 2 else
                          (button, after, self.ring[(self.ring.index(button) + 2) % n]))
        self._deal()

    # ------------------------------------------------------------------------------ the hand

    def _deal(self) -> None:
        """Seat the players still in and deal hand number :attr:`number` from the seed."""
        alive = [name for name in self.ring if name not in self.out]
        button, small, big = self.positions
        seats = [(name, self.stacks[name]) for name in alive]
        small_blind, big_blind = self.setup["blinds"]
        antes = [self.setup["ante"]] * len(alive)
        if len(alive) == 2:
            hand = HoldemHand(seats, button=small, blinds=[small_blind, big_blind], antes=antes,
                              min_bet=big_blind, next_hand=False)
        else:
            empty_small = small in self.out
            first = big if empty_small else small  # the first seated player left of the (maybe dead) button
            acting = alive[(alive.index(first) - 1) % len(alive)]
            # antes by position: an empty small blind's seat keeps its place (first) and posts nothing
            hand = HoldemHand(seats, button=acting, blinds=[0, big_blind] if empty_small else [small_blind, big_blind],
                              antes=[0] * empty_small + antes, min_bet=big_blind, no_small_blind=empty_small,
                              next_hand=False)
        self.hand = hand
        self.viewer = HandViewer(hand, WORDS, button=button)
        self.decisions: list[dict] = []
        self.reasons: list[dict] = []
        deck = list(DECK)
        random.Random(f"holdem-mesa:{self.setup['seed']}:{self.number}").shuffle(deck)
        self._deck = iter(deck)
        hand.deal_due(self._deck)
        if hand.over:  # nobody had a decision to make (the blinds put everybody all-in)
            self._end()

    def act(self, action: str, chips: int | None, *, reason: str | None = None) -> None:
        hand = self.hand
        player, street = hand.to_act, hand.street
        hand.act(player, action, chips)  # raises (and changes nothing) if the hand refuses it
        decision = {"action": action} if chips is None else {"action": action, "amount": chips}
        self.decisions.append(decision)
        if reason is not None:
            self.reasons.append({"player": player, **decision, "street": street, "when": street_title(street),
                                 "title": f"Por qué {player} {past(action)}", "reason": reason})
        hand.deal_due(self._deck)
        if hand.over:
            self._end()
        self.viewer.stop()

    def bot_decision(self) -> tuple[str, int | None, str]:
        player = self.hand.to_act
        view = view_of(self.hand, player)
        decision = decide(view, self.styles[player], self.setup["seed"] + self.number)
        chips = decision.amount if decision.action in ("bet", "raise") else None
        return decision.action, chips, explain(view, player, decision)

    def _end(self) -> None:
        """The hand is over: who leaves, and the next hand's button and blinds (told as its last event)."""
        hand = self.hand
        self.stacks.update(hand.stacks)
        busted = [name for name in hand.names if hand.stacks[name] == 0]
        self.out.update(busted)
        _, small, big = self.positions
        following = next_hand(self.ring, small_blind=small, big_blind=big, busted=self.out)
        self.following = None
        if following is not None and YOU not in self.out:
            self.following = (following.button, following.small_blind or big, following.big_blind)
            hand.record(NextHand(following.button, following.small_blind, following.big_blind,
                                 following.dead_button, tuple(busted), street=hand.street))

    def table_over(self) -> str | None:
        """Why no next hand can be dealt (None: it can)."""
        if YOU in self.out:
            return "Te has quedado sin fichas: la partida ha terminado para ti."
        alive = [name for name in self.ring if name not in self.out]
        if len(alive) < 2:
            return "Todos los bots se han quedado sin fichas: ¡has ganado la mesa!"
        return None

    def next(self, *, again: bool = False) -> None:
        """Deal the next hand (or, with ``again``, the same one again). :raises RequestError:"""
        if not self.hand.over:
            raise RequestError("session", "la mano aún no ha terminado: juégala hasta el final")
        if again:
            self.out -= {name for name in self.hand.names}
            self.stacks.update(self.hand.starting_stacks)
        else:
            why = self.table_over()
            if why is not None:
                raise RequestError("session", why[:1].lower() + why[1:].rstrip("."))
            self.positions = self.following
            self.number += 1
        self._deal()

    # ------------------------------------------------------------------------------ the reply

    def reply(self, key: str) -> dict:
        hand = self.hand
        answer = {"session": key, **self.viewer.reply(), "reader": YOU, "decisions": list(self.decisions),
                  "hand": self.number,
                  "players": [{"name": n} if n == YOU else {"name": n, "style": self.styles[n]} for n in self.ring]}
        if "result" in answer:  # the hand as the reader saw it: a bot's cards only where they were shown
            answer["phh"] = dumps(hand, players=list(hand.deal_order()), seen=(YOU,))
            answer["reasons"] = list(self.reasons)
            answer["visit"] = visit_view(self.visit + [hand.stacks[YOU] - hand.starting_stacks[YOU]])
            why = self.table_over()
            if why is not None:
                answer["table_over"] = why
        return answer

    def close(self) -> None:
        """The hand's result joins the visit (before the next one is dealt)."""
        self.visit = (self.visit + [self.hand.stacks[YOU] - self.hand.starting_stacks[YOU]])[-MAX_VISIT:]


_SESSIONS = SessionStore()


@command("holdem-mesa-start", "Mesa de Texas Hold'em: de 2 a 10 asientos contra bots; juega a los bots hasta tu "
                              "primera decisión, o reproduce una mano.")
def holdem_mesa_start(request: dict) -> dict:
    return start_table(_SESSIONS, request, parse_setup, HoldemFreeTable)


@command("holdem-mesa-step", "Mesa de Texas Hold'em: tu decisión y los bots hasta la siguiente; solo lo nuevo.")
def holdem_mesa_step(request: dict) -> dict:
    return step_table(_SESSIONS, request)


@command("holdem-mesa-next", "Mesa de Texas Hold'em: la mano siguiente en la misma mesa (el botón se mueve, "
                             "quien se queda sin fichas se va), o la misma mano otra vez.")
def holdem_mesa_next(request: dict) -> dict:
    key = SessionStore.key(request)
    table: HoldemFreeTable = _SESSIONS.find(key)
    again = optional(request, "again", "again", bool, False)
    refuse_unknown_fields(request)
    if table.hand.over:
        table.close()
    table.next(again=again)
    table.advance()
    return table.reply(key)

