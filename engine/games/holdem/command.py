"""The protocol command ``holdem-hand``: a hand in, the state out.

Two forms of request:

- ``{"phh": "<one hand in PHH>"}`` (the contract shared with the PokerKit oracle tests): players are
  the PHH ids ``p1``... and the dealer's steps come from the PHH actions;
- the native form, for the site's own tables: ``{"seats": [{"name", "stack"}, ...]`` (clockwise),
  ``"button"``, ``"blinds"`` (by position, as PHH: small blind, big blind, straddles), optional
  ``"antes"`` (by position) and ``"min_bet"`` (default: the big blind), ``"deck"`` (52 distinct cards,
  top first) or ``"seed"`` (the engine shuffles), and ``"actions"``: ``[{"player", "action", "amount"?}]``
  (``amount``: the total of a bet or raise). The engine deals from the deck as a dealer does: one card at
  a time from the left of the button, a burn before each street. The seat called ``"Tú"`` is the reader
  (second person). The reply adds ``"phh"``: the hand so far as PHH.

Reply: ``players``, ``names``, ``status``, ``street``, ``board``, ``stacks``, ``bets``, ``pots``,
``events`` (each explained in Spanish with its rule), ``next`` (whose turn and the legal actions with
their PHH spelling, or the dealer's next step) and, once over, ``finishing_stacks``. A refused action
is the error reply, with ``at`` (its index) and ``field`` (and ``line`` for PHH).
"""

from __future__ import annotations

import random
from typing import Iterator

from ...cards import DECK, Card
from ...errors import EngineError, RequestError
from ...protocol import command
from ...requests import amount as read_amount
from ...requests import cards as read_cards
from ...requests import check_type, optional, player_name, require
from ...table import PotAwarding, TableSetupError
from . import rules as holdem
from . import phh
from .hand import HoldemHand
from ...table.texts import event
from .texts import WORDS

__all__ = ["reply"]



def _next(hand: HoldemHand, ids: dict[str, str]) -> dict | None:
    if hand.over:
        return None
    if hand.phase == "deal-hole":
        return {"dealer": "hole", "player": ids[hand.undealt()[0]], "cards": 2}
    if hand.phase == "deal-board":
        return {"dealer": "board", "cards": hand.board_due()}
    p = f"p{hand.deal_order().index(hand.to_act) + 1}"  # the PHH id, whatever the reply's ids
    return {"player": ids[hand.to_act], "can": [{**option, "phh": f"{p} {phh.VERBS[option['action']]}"}
                                                for option in hand.legal_actions()]}


def reply(hand: HoldemHand, names: list[str] | None = None, *, phh_ids: bool = True) -> dict:
    """The reply of ``holdem-hand`` for ``hand`` (players in PHH order, as ``p1``... with ``phh_ids``,
    else by their names; ``names``: display names, by default the positions: ``"BB"``, ``"D/SB"``...)."""
    order = hand.deal_order()
    ids = {name: f"p{i}" if phh_ids else name for i, name in enumerate(order, 1)}
    shown = names or [hand.position[name] for name in order]
    display = {name: shown[i] for i, name in enumerate(order)}
    awards = sorted((rec for rec in hand.events if isinstance(rec, PotAwarding)), key=lambda rec: rec.index)
    if hand.over:
        final = hand.pots()
        pots = [{"amount": rec.amount, "eligible": [ids[q] for q in final[rec.index].eligible],
                 "winners": [ids[q] for q in rec.winners]} for rec in awards]
    else:
        pots = [{"amount": pot.amount, "eligible": [ids[q] for q in pot.eligible]} for pot in hand.collected_pots()]
    count = max(len(pots), 1)
    events = []
    for rec in hand.events:
        out = event(rec, display, words=WORDS, rules=hand.rules, pot_count=count, strengths=hand.strengths)
        if "player" in out:
            out["player"] = ids[out["player"]]
        events.append(out)
    result = {
        "players": [ids[name] for name in order],
        "names": shown,
        "status": "over" if hand.over else "playing",
        "street": hand.street,
        "board": [str(card) for card in hand.board],
        "stacks": [hand.stacks[name] for name in order],
        "bets": [hand.bets[name] for name in order],
        "pots": pots,
        "events": events,
    }
    following = _next(hand, ids)
    if following is not None:
        result["next"] = following
    if hand.over:
        result["finishing_stacks"] = [hand.stacks[name] for name in order]
    return result


@command("holdem-hand", "Texas Hold'em sin límite: una mano en PHH jugada hasta donde llega; turno, acciones "
                        "legales, botes, cartas comunes y cada paso explicado con su regla.")
def _hand_command(request: dict) -> dict:
    if "phh" in request or "seats" not in request:
        history = phh.loads(require(request, "phh", "phh", str))
        return reply(phh.replay(history), list(history.players) if history.players else None)
    hand, deck = _native_table(request)
    actions = optional(request, "actions", "actions", list, [])
    hand.deal_due(deck)
    for i, entry in enumerate(actions):
        where = f"actions[{i}]"
        check_type(entry, dict, where)
        player = require(entry, "player", f"{where}.player", str)
        action = require(entry, "action", f"{where}.action", str)
        chips = entry.get("amount")
        if chips is not None:
            chips = read_amount(chips, f"{where}.amount")
        try:
            hand.act(player, action, chips)
        except EngineError as exc:
            raise exc.locate(at=i, field=where)
        hand.deal_due(deck)
    out = reply(hand, list(hand.deal_order()), phh_ids=False)
    out["phh"] = phh.dumps(hand, players=out["players"])
    return out


def _native_table(request: dict) -> tuple[HoldemHand, Iterator[Card]]:
    seats = require(request, "seats", "seats", list)
    if not holdem.MIN_PLAYERS <= len(seats) <= holdem.MAX_PLAYERS:
        raise RequestError("seats", f"de {holdem.MIN_PLAYERS} a {holdem.MAX_PLAYERS} jugadores (hay {len(seats)})")
    pairs = []
    for i, seat in enumerate(seats):
        check_type(seat, dict, f"seats[{i}]")
        pairs.append((player_name(require(seat, "name", f"seats[{i}].name"), f"seats[{i}].name"),
                      read_amount(require(seat, "stack", f"seats[{i}].stack"), f"seats[{i}].stack", minimum=1)))
    blinds = [read_amount(b, f"blinds[{i}]") for i, b in enumerate(require(request, "blinds", "blinds", list))]
    antes = [read_amount(a, f"antes[{i}]") for i, a in enumerate(optional(request, "antes", "antes", list, []))]
    default_min = max(blinds[:2], default=0)
    if not default_min and "min_bet" not in request:
        raise RequestError("blinds", "faltan las ciegas (la pequeña y la grande): sin ellas, da la apuesta mínima en "
                                     "«min_bet»")
    min_bet = read_amount(optional(request, "min_bet", "min_bet", int, default_min), "min_bet", minimum=1)
    if "deck" in request:
        deck = read_cards(request["deck"], "deck", 52)
    else:
        deck = list(DECK)
        random.Random(read_amount(require(request, "seed", "seed"), "seed")).shuffle(deck)
    try:
        hand = HoldemHand(pairs, button=require(request, "button", "button", str), blinds=blinds, antes=antes,
                          min_bet=min_bet)
    except TableSetupError as exc:
        raise exc.locate(field="seats")
    return hand, iter(deck)
