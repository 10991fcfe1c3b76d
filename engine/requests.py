"""Validation helpers for protocol requests: each raises :class:`RequestError` naming the field.

The helpers are on every request's path, so the common case (valid input) takes a fast path and
the field names for the error message are only built when something is wrong; the checks are the
same either way.
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Sequence

from . import spanish
from .cards import Card
from .errors import InvalidCardError, RequestError, shown

_TYPE_NAMES = {dict: "un objeto", list: "una lista", str: "un texto", int: "un número entero", bool: "true o false"}

#: The largest integer any request field may hold, in absolute value (a thousand million million):
#: bigger ones are refused before any arithmetic.
MAX_NUMBER = 10**15
#: The largest amount of chips in a request (a million million): every payout the engine computes
#: from amounts this size (at most 500 times, in halves) stays exact in a JSON number.
MAX_AMOUNT = 10**12
#: The longest request line the protocol answers (characters; longer ones are refused unread), so
#: the longest hand history a link, a file or a paste can carry to the engine: the table pages read
#: none longer (``game-info`` sends it as ``history_chars``).
MAX_REQUEST_CHARS = 200_000


#: Characters a name may not hold: controls and the bidirectional controls (U+202E would reverse
#: the rest of every sentence the name is written into, amounts included).
_NAME_REFUSED = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player's name (in Spanish, to follow «el nombre …»), or None.

    >>> name_problem("Ana"), name_problem("Ana\u202e")
    (None, 'lleva un carácter de control (U+202E), que cambiaría cómo se lee el resto de la frase')
    """
    found = _NAME_REFUSED.search(name)
    if found is None:
        return None
    return (f"lleva un carácter de control (U+{ord(found.group()):04X}), que cambiaría cómo se lee el resto de "
            "la frase")


def player_name(value: Any, path: str) -> str:
    """A player's name: a text without control characters (see :func:`name_problem`)."""
    check_type(value, str, path)
    problem = name_problem(value)
    if problem:
        raise RequestError(path, f"el nombre {problem}")
    return value


def kind_name(value: Any) -> str:
    """What a JSON value is, in Spanish: «una lista», «un texto», «null»..."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return "un número con decimales"
    return _TYPE_NAMES.get(type(value), "un valor de otro tipo")


def require(obj: dict, key: str, path: str, kind: type | None = None) -> Any:
    """``obj[key]``, which must be present (and of ``kind`` when given)."""
    try:
        value = obj[key]
    except (KeyError, TypeError):  # TypeError: not an object at all
        raise RequestError(path, "falta este campo") from None
    if kind is not None:
        check_type(value, kind, path)
    return value


def optional(obj: dict, key: str, path: str, kind: type, default: Any) -> Any:
    """``obj[key]`` if present (checked against ``kind``), else ``default``."""
    if key not in obj or obj[key] is None:
        return default
    return check_type(obj[key], kind, path)


def check_type(value: Any, kind: type, path: str) -> Any:
    ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
    if not ok:
        raise RequestError(path, f"debe ser {_TYPE_NAMES.get(kind, 'otro tipo de valor')} (recibido: {_show(value)})")
    if kind is int and not -MAX_NUMBER <= value <= MAX_NUMBER:
        raise RequestError(path, f"el número es demasiado grande (el máximo es {spanish.amount(MAX_NUMBER)})")
    return value


def amount(value: Any, path: str, *, minimum: int = 0) -> int:
    """A whole number of chips, at least ``minimum``."""
    if value.__class__ is not int:
        check_type(value, int, path)
    if not minimum <= value <= MAX_AMOUNT:
        raise RequestError(path, f"debe ser un número entero de {spanish.amount(minimum)} a "
                                 f"{spanish.amount(MAX_AMOUNT)} (recibido: {_show(value)})")
    return value


#: Card tokens already parsed (only short ones: a valid token has at most 3 characters unless it is
#: padded with spaces, so the table stays small however many requests go by).
_PARSED: dict[str, Card] = {}


def card(token: Any, path: str) -> Card:
    """One card token (``"As"``, ``"10d"``, ``"A♠"``), parsed by :meth:`Card.parse`."""
    try:
        return _PARSED[token]
    except (KeyError, TypeError):  # not seen yet, or not even hashable (a list, an object)
        pass
    try:
        parsed = Card.parse(token)
    except InvalidCardError as exc:
        raise RequestError(path, str(exc)) from None
    if len(token) <= 3:
        _PARSED[token] = parsed
    return parsed


def cards(value: Any, path: str, count: int | None = None) -> list[Card]:
    """A list of card tokens, parsed, optionally of exactly ``count`` cards, with no repeats."""
    if value.__class__ is not list:
        check_type(value, list, path)
    if count is not None and len(value) != count:
        raise RequestError(path, f"debe tener exactamente {count} cartas (tiene {len(value)})")
    try:
        parsed = [_PARSED[token] for token in value]
    except (KeyError, TypeError):
        parsed = [card(token, f"{path}[{i}]") for i, token in enumerate(value)]
    if len(set(map(id, parsed))) != len(parsed):  # cards are interned: equal cards are the same object
        unique_cards([(f"{path}[{i}]", c) for i, c in enumerate(parsed)])
    return parsed


def unique_cards(located: Iterable[tuple[str, Card]]) -> None:
    """Raise if a card appears twice; ``located`` pairs each card with the field it came from."""
    seen: dict[Card, str] = {}
    for path, item in located:
        if item in seen:
            raise RequestError(path, f"la carta {item} está repetida (ya aparece en «{seen[item]}»)")
        seen[item] = path


_show = shown


def player_hands(value: Any, path: str, count: int, *, max_players: int | None = None) -> dict[str, list[Card]]:
    """``{name: [count card tokens]}`` parsed, in the order given; at least one player.

    Repeated cards inside one hand are reported here; across hands, use
    :func:`engine.requests.unique_cards`.

    :raises RequestError: naming the field (``players``, ``players.Ana``, ``players.Ana[1]``).
    """
    check_type(value, dict, path)
    if not value:
        raise RequestError(path, "debe tener al menos un jugador")
    if max_players is not None and len(value) > max_players:
        raise RequestError(path, f"como máximo {max_players} jugadores (recibidos {len(value)})")
    hands = {}
    for name, tokens in value.items():
        if not name.strip():
            raise RequestError(path, "el nombre de un jugador no puede estar vacío")
        hands[name] = cards(tokens, f"{path}.{name}", count)
    return hands


def located(hands: dict[str, list[Card]], path: str) -> list[tuple[str, Card]]:
    """``(field, card)`` pairs for :func:`engine.requests.unique_cards`."""
    return [(f"{path}.{name}[{i}]", card) for name, cards in hands.items() for i, card in enumerate(cards)]


def bounded(obj: dict, key: str, path: str, low: int, high: int, default: int | None = None) -> int:
    """``obj[key]``, a whole number from ``low`` to ``high`` (optional when a ``default`` is given).

    :raises RequestError: naming ``path``.
    """
    value = require(obj, key, path, int) if default is None else optional(obj, key, path, int, default)
    if not low <= value <= high:
        raise RequestError(path, f"debe estar entre {low} y {high} (recibido: {value})")
    return value


def choice(obj: dict, key: str, path: str, allowed: Sequence[str], default: str | None = None) -> str:
    """``obj[key]``, one of ``allowed`` (optional when a ``default`` is given). :raises RequestError:"""
    value = require(obj, key, path, str) if default is None else optional(obj, key, path, str, default)
    if value not in allowed:
        raise RequestError(path, f"debe ser {', '.join(f'«{a}»' for a in allowed)} (recibido: {shown(value)})")
    return value
