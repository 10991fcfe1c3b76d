"""The protocol command ``holdem-hand``: a hand in PHH in, the state out (docs: the contract).

``{"phh": "<one hand in PHH>"}`` -> ``players`` (PHH ids), ``names``, ``status``, ``street``, ``board``,
``stacks``, ``bets``, ``pots``, ``events`` (each explained in Spanish with its rule), ``next`` (whose turn
and the legal actions with their PHH spelling, or the dealer's next step) and, once over,
``finishing_stacks``. A refused action is the error reply, with ``at`` (its index) and ``line``.
"""

from __future__ import annotations

from ...protocol import command
from ...requests import require
from ...table import PotAwarding
from . import phh
from .hand import HoldemHand
from .texts import event

__all__ = ["reply"]

_PHH_VERB = {"fold": "f", "check": "cc", "call": "cc", "bet": "cbr", "raise": "cbr"}


def _next(hand: HoldemHand, ids: dict[str, str]) -> dict | None:
    if hand.over:
        return None
    if hand.phase == "deal-hole":
        return {"dealer": "hole", "player": ids[hand.undealt()[0]], "cards": 2}
    if hand.phase == "deal-board":
        return {"dealer": "board", "cards": hand.board_due()}
    p = ids[hand.to_act]
    return {"player": p, "can": [{**option, "phh": f"{p} {_PHH_VERB[option['action']]}"}
                                 for option in hand.legal_actions()]}


def reply(hand: HoldemHand, names: list[str] | None = None) -> dict:
    """The reply of ``holdem-hand`` for ``hand`` (players in PHH order; ``names``: display names, by
    default the positions: ``"BB"``, ``"D/SB"``...)."""
    order = hand.deal_order()
    ids = {name: f"p{i}" for i, name in enumerate(order, 1)}
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
        out = event(rec, display, pot_count=count, strengths=hand.strengths)
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
    history = phh.loads(require(request, "phh", "phh", str))
    return reply(phh.replay(history), list(history.players) if history.players else None)
