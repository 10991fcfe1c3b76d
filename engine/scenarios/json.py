"""Practice hands as plain JSON, for the browser, and back.

The simulator and the play layer's practice mode (``play-start`` with ``"mode": "practice"``) take a
practice hand as the data of :func:`to_json`: the keys every game shares, its script and its results,
and the game's own fields (its ``authoring`` module's ``to_json``). :func:`from_json` rebuilds the same
:class:`~engine.scenarios.model.Scenario`, source lines included, so that a script gap found in the
browser still names the author's line.
"""

from __future__ import annotations

from typing import Any

from ..cards import Card
from ..errors import InvalidCardError, RequestError
from ..games import UnknownGameError, find_game
from ..requests import MAX_AMOUNT
from ..spanish import amount
from .model import READER, SLOTS, Move, Outcome, Pot, Scenario, ScriptLine, Seat

__all__ = ["from_json", "to_json"]


def _move(move: Move) -> dict:
    out: dict[str, Any] = {"action": move.action, "word": move.word, "line": move.line}
    if move.amount is not None:
        out["amount"] = move.amount
    if move.all_in:
        out["all_in"] = True
    if move.otherwise is not None:
        out["otherwise"] = _move(move.otherwise)
    return out


def _extra(value: Any) -> Any:
    """A game's claims in a result as JSON (cards as their tokens)."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, dict):
        return {k: _extra(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_extra(v) for v in value]
    return value


def to_json(scenario: Scenario) -> dict:
    """The practice hand as plain JSON data (what the practice mode and the browser take)."""
    author = find_game(scenario.game).author()
    return {
        "game": scenario.game,
        "name": scenario.name,
        "path": scenario.path,
        "title": scenario.title,
        "order": scenario.order,
        "lesson": scenario.lesson,
        "reader": READER,
        "seats": [{"name": s.name, "stack": s.stack, "line": s.line} for s in scenario.seats],
        "button": scenario.button,
        **author.to_json(scenario.fields),
        "script": [{"player": e.player, "line": e.line, "round": e.round, "where": dict(e.where),
                    "moves": {slot: [_move(m) for m in moves] for slot, moves in e.moves.items()}}
                   for e in scenario.script],
        "outcomes": {key: {"line": o.line,
                           "pots": [{"amount": p.amount, "winners": list(p.winners), "line": p.line} for p in o.pots],
                           "stacks": dict(o.stacks), "stacks_line": o.stacks_line, "extra": _extra(o.extra)}
                     for key, o in scenario.outcomes.items()},
        "lines": dict(scenario.lines),
        "body_line": scenario.body_line,
    }


def _need(obj: Any, key: str, path: str, kind: type) -> Any:
    if not isinstance(obj, dict) or key not in obj:
        raise RequestError(path, "falta este campo")
    value = obj[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RequestError(path, "no tiene el tipo esperado")
    if kind is int and not 0 <= value <= MAX_AMOUNT:
        raise RequestError(path, f"debe ser un número entero de 0 a {amount(MAX_AMOUNT)}")
    return value


def _read_move(data: Any, path: str) -> Move:
    otherwise = data.get("otherwise") if isinstance(data, dict) else None
    chips = data.get("amount") if isinstance(data, dict) else None
    if chips is not None:
        chips = _need(data, "amount", f"{path}.amount", int)
    return Move(_need(data, "action", f"{path}.action", str), str(data.get("word", "")), data.get("line", 1),
                chips, bool(data.get("all_in")),
                _read_move(otherwise, f"{path}.otherwise") if otherwise is not None else None)


def from_json(data: Any) -> Scenario:
    """Rebuild a practice hand from :func:`to_json` output.

    :raises RequestError: naming the first field that is missing or malformed.
    """
    try:
        if not isinstance(data, dict):
            raise RequestError("scenario", "falta la mano de práctica (el JSON que exporta el sitio)")
        if data.get("reader", READER) != READER:  # to_json names the reader; it is always the same seat
            raise RequestError("scenario.reader", f"el lector de una mano de práctica es «{READER}»")
        try:
            game = find_game(_need(data, "game", "scenario.game", str))
            author = game.author()
        except UnknownGameError as exc:
            raise RequestError("scenario.game", str(exc)) from None
        seats = tuple(Seat(_need(s, "name", f"scenario.seats[{i}].name", str),
                           _need(s, "stack", f"scenario.seats[{i}].stack", int), s.get("line", 1))
                      for i, s in enumerate(_need(data, "seats", "scenario.seats", list)))
        script = []
        for i, e in enumerate(_need(data, "script", "scenario.script", list)):
            where = f"scenario.script[{i}]"
            written = _need(e, "moves", f"{where}.moves", dict)
            moves = {slot: tuple(_read_move(m, f"{where}.moves.{slot}[{j}]") for j, m in enumerate(written[slot]))
                     for slot in SLOTS if slot in written}
            qualified = e.get("where") or {}
            script.append(ScriptLine(_need(e, "player", f"{where}.player", str), e.get("line", 1), e.get("round"),
                                     moves, {q: qualified[q] for q in author.QUALIFIERS if q in qualified}))
        outcomes = {}
        for key, o in (data.get("outcomes") or {}).items():
            outcomes[key] = Outcome(
                key, o.get("line", 1),
                tuple(Pot(p["amount"], tuple(p["winners"]), p.get("line", 1)) for p in o.get("pots", [])),
                dict(o.get("stacks", {})), o.get("stacks_line", 1), author.extra_from_json(o.get("extra") or {}))
        fields = author.from_json(data, _need)
        return Scenario(
            name=_need(data, "name", "scenario.name", str),
            path=data.get("path") or _need(data, "name", "scenario.name", str), game=game.id,
            title=data.get("title", ""), order=data.get("order", 0), lesson=data.get("lesson", ""), seats=seats,
            button=_need(data, "button", "scenario.button", str), script=tuple(script), outcomes=outcomes,
            fields=fields, variants=author.variants(fields), lines=dict(data.get("lines") or {}),
            body_line=data.get("body_line", 1), qualifiers=author.QUALIFIERS,
        )
    except InvalidCardError as exc:
        raise RequestError("scenario", str(exc)) from None
    except RequestError:
        raise
    except (KeyError, TypeError, AttributeError, ValueError):  # ValueError: dict() of a malformed list
        raise RequestError("scenario", "no tiene la forma que produce el exportador de escenarios") from None
