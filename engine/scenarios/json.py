"""Scenarios as plain JSON, for the browser simulator, and back.

The simulator (and the ``scenario-play`` command) receives a scenario as the data of
:func:`to_json`; :func:`from_json` rebuilds the same :class:`~engine.scenarios.model.Scenario`,
source lines included, so that script gaps found in the browser still name the author's line.
"""

from __future__ import annotations

from typing import Any

from ..cards import Card
from ..errors import InvalidCardError, RequestError, shown
from ..requests import MAX_AMOUNT
from ..spanish import amount
from .model import GAME, READER, SLOTS, Deal, Outcome, PlayClaim, Pot, Scenario, ScriptEntry, Seat, Slot

__all__ = ["from_json", "to_json"]


def to_json(scenario: Scenario) -> dict:
    """The scenario as plain JSON data (what ``scenario-play`` and the browser simulator take); a
    Hold'em hand's is :func:`.holdem_format.holdem_to_json`'s (``"game": "holdem"``)."""
    if scenario.game == GAME:
        from .holdem_format import holdem_to_json  # (a Mata Ases page never imports Hold'em)

        return holdem_to_json(scenario)
    return {
        "name": scenario.name,
        "path": scenario.path,
        "title": scenario.title,
        "order": scenario.order,
        "lesson": scenario.lesson,
        "modalities": list(scenario.modalities),
        "single_modality_reason": scenario.single_modality_reason or None,
        "reader": READER,
        "seats": [{"name": s.name, "stack": s.stack, "line": s.line} for s in scenario.seats],
        "button": scenario.button,
        "stakes": {"ante": scenario.ante, "bring_in": scenario.bring_in, "minimum": scenario.minimum},
        "betting": scenario.betting,
        "deals": [{**deal.request(), "line": deal.line} for deal in scenario.deals],
        "script": [
            {"player": e.player, "line": e.line, "round": e.round, "modality": e.modality, "deal": e.deal,
             **{slot: {"action": s.action, "word": s.word, "line": s.line} for slot, s in e.slots.items()}}
            for e in scenario.script
        ],
        "outcomes": {
            m: {"line": o.line,
                "pots": [{"amount": p.amount, "winners": list(p.winners), "line": p.line} for p in o.pots],
                "stacks": dict(o.stacks), "stacks_line": o.stacks_line,
                "extensions": o.extensions, "extensions_line": o.extensions_line,
                "plays": [{"player": c.player, "cards": [str(x) for x in c.cards], "line": c.line} for c in o.plays]}
            for m, o in scenario.outcomes.items()
        },
        "lines": dict(scenario.lines),
    }


def from_json(data: Any) -> Scenario:
    """Rebuild a scenario from :func:`to_json` output.

    :raises RequestError: naming the first field that is missing or malformed.
    """
    def need(obj: Any, key: str, path: str, kind: type) -> Any:
        if not isinstance(obj, dict) or key not in obj:
            raise RequestError(path, "falta este campo")
        value = obj[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise RequestError(path, "no tiene el tipo esperado")
        if kind is int and not 0 <= value <= MAX_AMOUNT:
            raise RequestError(path, f"debe ser un número entero de 0 a {amount(MAX_AMOUNT)}")
        return value

    try:
        if data.get("reader", READER) != READER:  # to_json names the reader; it is always the same seat
            raise RequestError("scenario.reader", f"el lector de una mano de práctica es «{READER}»")
        game = data.get("game", "mata-ases")
        if game == GAME:
            from .holdem_format import holdem_from_json

            return holdem_from_json(data, need)
        if game != "mata-ases":
            raise RequestError("scenario.game", f"el juego debe ser «mata-ases» o «{GAME}» (recibido: {shown(game)})")
        if data.get("reader", READER) != READER:  # to_json names the reader; it is always the same seat
            raise RequestError("scenario.reader", f"el lector de una mano de práctica es «{READER}»")
        seats = tuple(Seat(need(s, "name", f"scenario.seats[{i}].name", str),
                           need(s, "stack", f"scenario.seats[{i}].stack", int), s.get("line", 1))
                      for i, s in enumerate(need(data, "seats", "scenario.seats", list)))
        deals = []
        for i, d in enumerate(need(data, "deals", "scenario.deals", list)):
            where = f"scenario.deals[{i}]"
            cards = {name: tuple(Card.parse(c) for c in need(need(d, "cards", f"{where}.cards", dict), name,
                                                                 f"{where}.cards.{name}", list))
                     for name in need(d, "cards", f"{where}.cards", dict)}
            exposed = tuple((e["player"], e["card"]) for e in d.get("exposed") or [])
            deals.append(Deal(i + 1, d.get("line", 1), cards,
                              tuple(Card.parse(c) for c in need(d, "ayudas", f"{where}.ayudas", list)), exposed))
        script = []
        for i, e in enumerate(need(data, "script", "scenario.script", list)):
            where = f"scenario.script[{i}]"
            slots = {slot: Slot(need(e[slot], "action", f"{where}.{slot}.action", str),
                                e[slot].get("word", ""), e[slot].get("line", 1))
                     for slot in SLOTS if isinstance(e, dict) and e.get(slot)}
            script.append(ScriptEntry(need(e, "player", f"{where}.player", str), e.get("line", 1),
                                      e.get("round"), e.get("modality"), e.get("deal"), slots))
        stakes = need(data, "stakes", "scenario.stakes", dict)
        outcomes = {}
        for modality, o in (data.get("outcomes") or {}).items():
            outcomes[modality] = Outcome(
                modality, o.get("line", 1),
                tuple(Pot(p["amount"], tuple(p["winners"]), p.get("line", 1)) for p in o.get("pots", [])),
                dict(o.get("stacks", {})), o.get("stacks_line", 1), o.get("extensions"), o.get("extensions_line", 1),
                tuple(PlayClaim(c["player"], tuple(Card.parse(x) for x in c["cards"]), c.get("line", 1))
                      for c in o.get("plays", [])))
        return Scenario(
            name=need(data, "name", "scenario.name", str),
            path=data.get("path") or need(data, "name", "scenario.name", str),
            title=data.get("title", ""), order=data.get("order", 0), lesson=data.get("lesson", ""),
            modalities=tuple(need(data, "modalities", "scenario.modalities", list)), seats=seats,
            button=need(data, "button", "scenario.button", str),
            ante=need(stakes, "ante", "scenario.stakes.ante", int),
            bring_in=need(stakes, "bring_in", "scenario.stakes.bring_in", int),
            minimum=need(stakes, "minimum", "scenario.stakes.minimum", int),
            betting=data.get("betting", "fixed"), deals=tuple(deals), script=tuple(script), outcomes=outcomes,
            single_modality_reason=data.get("single_modality_reason") or "", lines=dict(data.get("lines") or {}),
        )
    except InvalidCardError as exc:
        raise RequestError("scenario.deals", str(exc)) from None
    except RequestError:
        raise
    except (KeyError, TypeError, AttributeError, ValueError):  # ValueError: dict() of a malformed list
        raise RequestError("scenario", "no tiene la forma que produce el exportador de escenarios") from None
