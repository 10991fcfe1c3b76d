"""Protocol command ``mata-ases-hand``: replay a hand from its deals and decisions.

Request::

    {"modality": "boton-ante" | "bring-in",
     "stakes": {"ante": 25, "bring_in": 25, "minimum": 50},
     "betting": "fixed" | "no-limit",                      (optional, "no-limit" by default)
     "seats": [{"name": "Tú", "stack": 1000}, ...],         (clockwise, 2 to 8 players)
     "button": "Beto",
     "deals": [{"cards": {"Tú": [5 cards in the order received], ...},
                "ayudas": [3 cards],
                "exposed": [{"player": "Ana", "card": 4}]}, ...],
     "actions": [{"player": "Tú", "action": "check"}, ...]}

- ``deals``: the original hand first, then one per extension (only those the hand reaches are
  used, so a caller may always send three). The first deal names every seated player; an
  extension's deal must name at least the players of that extension (others are ignored). Cards
  must not repeat inside one deal (eight players use 43 cards).
- ``exposed`` (optional): cards the dealer exposes by mistake, not a player's decision; ``card`` is
  the position (2-5) in that player's receiving order. Card 1 is dealt face up and cannot be
  exposed: it is refused. Card 2 (the closed one) makes the deal void (misdeal: the original hand
  is void and the chips go back; an extension is dealt again from the next entry of ``deals``). Cards 3-5 are dealt face up without a choice, and in that betting round
  only that player may act (at most one such card per street). Entries for players who are no
  longer in the hand when the card would come are ignored.
- ``actions``: only the players' choices, in the order they happen. ``amount`` goes with "bet" and
  with "raise" (the round total "raise to"). "up" (open, «aire») and "down" (closed) choose how the
  3rd, 4th and 5th own cards come, in dealing order from the button's left; the engine does not ask
  when the card must come closed (after a round in which everybody checked, or in an all-in runout)
  or was exposed.

Reply: ``{"events": [...], "stacks": {name: chips}, "pots": [{"amount", "winners"}],
"extensions": k, "next": {"player", "can": [...]}}``. ``pots`` lists the settled pots (side pots
first, the main pot last; several winners when split); while the hand is still running it lists the
pots as they stand with ``"winners": []``; a void hand has none. ``next`` is absent once the hand is
over. Errors have the protocol's one shape (:mod:`engine.protocol`): an illegal or malformed
decision gives ``{"error", "code", "field": "actions[i]…", "at": i}`` (``i``: its index in
``actions``); any other malformed field gives ``{"error", "code": "request", "field"}``.
"""

from __future__ import annotations

from typing import Any

from ...errors import EngineError, RequestError
from ...protocol import command, error_reply
from ...requests import amount as parse_amount
from ...requests import cards as parse_card_list
from ...requests import check_type, optional, player_name, require, unique_cards
from ...requests import located, player_hands
from .showdown import MAX_PLAYERS
from .hand import MataAsesHand
from .rules import ACTIONS, MAX_EXTENSIONS
from .setup import Deal, Exposure, Seat, Stakes, table_problems
from ...table.texts import cited_before, event
from .texts import WORDS

#: Deals a request may carry: the hand, two extensions and a few redeals after misdeals.
MAX_DEALS = 1 + MAX_EXTENSIONS + 3


def parse_stakes(value: Any) -> Stakes:
    """The stakes as given (types only: :meth:`Stakes.problems` says whether they can be played)."""
    check_type(value, dict, "stakes")
    return Stakes(
        minimum=parse_amount(require(value, "minimum", "stakes.minimum"), "stakes.minimum"),
        ante=parse_amount(optional(value, "ante", "stakes.ante", int, 0), "stakes.ante"),
        bring_in=parse_amount(optional(value, "bring_in", "stakes.bring_in", int, 0), "stakes.bring_in"),
    )


def parse_seats(value: Any) -> list[Seat]:
    """The seats as given (types only: :func:`seat_problems` says whether they can be played)."""
    check_type(value, list, "seats")
    seats = []
    for i, seat in enumerate(value):
        path = f"seats[{i}]"
        check_type(seat, dict, path)
        name = player_name(require(seat, "name", f"{path}.name"), f"{path}.name")
        stack = parse_amount(require(seat, "stack", f"{path}.stack"), f"{path}.stack")
        seats.append(Seat(name, stack))
    return seats


def parse_deal(value: Any, path: str, names: list[str], *, everyone: bool) -> Deal:
    check_type(value, dict, path)
    hands = player_hands(require(value, "cards", f"{path}.cards"), f"{path}.cards", 5, max_players=MAX_PLAYERS)
    for name in hands:
        if name not in names:
            raise RequestError(f"{path}.cards.{name}", f"«{name}» no está sentado en la mesa")
    if everyone:
        missing = [n for n in names if n not in hands]
        if missing:
            raise RequestError(f"{path}.cards", f"faltan las cartas de {', '.join(missing)}")
    ayudas = parse_card_list(require(value, "ayudas", f"{path}.ayudas"), f"{path}.ayudas", 3)
    unique_cards(located(hands, f"{path}.cards") + [(f"{path}.ayudas[{i}]", c) for i, c in enumerate(ayudas)])
    exposed = []
    raw = optional(value, "exposed", f"{path}.exposed", list, [])
    streets: dict[int, str] = {}
    for i, item in enumerate(raw):
        where = f"{path}.exposed[{i}]"
        check_type(item, dict, where)
        player = require(item, "player", f"{where}.player", str)
        if player not in hands:
            raise RequestError(f"{where}.player", f"«{player}» no tiene cartas en este reparto")
        card = require(item, "card", f"{where}.card", int)
        problem = Exposure(player, card).problem()
        if problem is not None:
            raise RequestError(f"{where}.card", problem)
        if card >= 3 and card in streets:
            raise RequestError(f"{where}.card", f"ya hay una carta expuesta en esa calle ({streets[card]})")
        if any(e.player == player and e.card == card for e in exposed):
            raise RequestError(where, "esta exposición está repetida")
        streets.setdefault(card, player)
        exposed.append(Exposure(player, card))
    return Deal({n: tuple(c) for n, c in hands.items()}, tuple(ayudas), tuple(exposed))


def snapshot(hand: MataAsesHand) -> dict:
    """The table as the reply shows it after each event (closed cards included)."""
    players = {}
    for n in hand.names:
        stack = hand.stacks[n]
        if n in hand.participants:
            folded = n in hand.folded
            players[n] = {"stack": stack, "bet": hand.bets[n], "folded": folded, "all_in": stack == 0 and not folded,
                          "open": [c._text for c in hand.open_cards(n)], "closed": [c._text for c in hand.closed_cards(n)]}
        else:
            players[n] = {"stack": stack, "bet": 0, "folded": True, "all_in": False, "open": [], "closed": []}
    return {"button": hand.button, "pot": hand.pot, "to_act": hand.to_act,
            "ayudas": {"cards": [c._text for c in hand.board], "open": hand.board_up}, "players": players}


def build_hand(request: dict, *, tables: bool = False) -> tuple[MataAsesHand, list]:
    """The hand described by a request (already at its first decision) and the decisions to apply;
    ``tables``: the hand keeps the table after each of its records (the reply's).

    :raises RequestError: naming the malformed field.
    """
    modality = require(request, "modality", "modality", str)
    betting = optional(request, "betting", "betting", str, "no-limit")
    stakes = parse_stakes(require(request, "stakes", "stakes"))
    button = require(request, "button", "button", str)  # read before the seats: a seat refused (a name with
    # a control character) must not leave «button» unread, or it would pass for «betting» misspelt
    seats = parse_seats(require(request, "seats", "seats"))
    problems = table_problems([(s.name, s.stack) for s in seats], button=button, modalities=[modality],
                              betting=betting, stakes=stakes)
    if problems:
        raise RequestError(*problems[0])
    names = [s.name for s in seats]
    raw_deals = require(request, "deals", "deals", list)
    if not 1 <= len(raw_deals) <= MAX_DEALS:
        raise RequestError("deals", f"debe tener de 1 a {MAX_DEALS} repartos (tiene {len(raw_deals)})")
    deals = [parse_deal(d, f"deals[{k}]", names, everyone=k == 0) for k, d in enumerate(raw_deals)]
    actions = optional(request, "actions", "actions", list, [])
    hand = MataAsesHand(seats, button=button, modality=modality, stakes=stakes, deals=deals, betting=betting,
                        snapshot=snapshot if tables else None)
    return hand, actions


def parse_decision(value: Any, index: int) -> tuple[str, str, int | None]:
    path = f"actions[{index}]"
    check_type(value, dict, path)
    player = require(value, "player", f"{path}.player", str)
    action = require(value, "action", f"{path}.action", str)
    if action not in ACTIONS:
        raise RequestError(f"{path}.action", f"debe ser una de: {', '.join(ACTIONS)} (recibido: «{action}»)")
    amount = None
    if action in ("bet", "raise"):
        amount = require(value, "amount", f"{path}.amount", int)
    return player, action, amount


def play(request: dict) -> tuple[MataAsesHand, dict | None]:
    """Replay a request: the hand (keeping the table after each record), and the error reply of the first
    illegal decision (or None)."""
    hand, actions = build_hand(request, tables=True)
    for index, decision in enumerate(actions):
        try:
            player, action, amount = parse_decision(decision, index)
            hand.act(player, action, amount)
        except EngineError as exc:
            return hand, error_reply(exc.locate(field=f"actions[{index}]", at=index))
    return hand, None


def reply(hand: MataAsesHand) -> dict:
    """The protocol reply for the hand as it stands."""
    if hand.over:
        pots = [{"amount": amount, "winners": list(winners)} for amount, winners in hand.pot_results()]
    else:
        pots = [{"amount": p.amount, "winners": []} for p in reversed(hand.pots())]
    events, cited = [], set()
    for rec, table in zip(hand.events, hand.tables):
        view = event(rec, {}, words=WORDS, rules=hand.rules)
        said = {"type": view["type"], "street": view["street"], "deal": view["deal"],
                **{key: view.get(key) for key in ("player", "amount", "cards", "text", "cite")}, "table": table}
        if cited_before(rec, view.get("cite"), cited):
            said["cite_repeat"] = True
        events.append(said)
    answer = {
        "events": events,
        "stacks": dict(hand.stacks),
        "pots": pots,
        "extensions": hand.extensions,
    }
    if not hand.is_over:
        answer["next"] = {"player": hand.to_act, "can": hand.legal_actions()}
    return answer


@command(
    "mata-ases-hand",
    "Mano completa de Mata Ases (reparto, apuestas, cartas abiertas o cerradas, all-in, pozos, extensiones), "
    "explicada paso a paso.",
)
def mata_ases_hand(request: dict) -> dict:
    hand, error = play(request)
    if error is not None:
        return error
    return reply(hand)


mata_ases_hand.__doc__ = __doc__
