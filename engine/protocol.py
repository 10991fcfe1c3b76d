"""The JSON protocol shared by the command line (``python -m engine``) and the browser worker.

A *command* turns a request (a JSON object) into a reply (a JSON object). Game modules register
their commands with :func:`command`; :func:`answer` never raises.

Errors
------
A request that cannot be answered gets ONE shape of reply, built from the exception's attributes
(:mod:`engine.errors`)::

    {"error": "<Spanish message>", "code": "<machine-readable>",
     "field"?: "<request field>", "at"?: <int>, "line"?: <int>}

- ``code``: one per exception class (``"request"``, ``"invalid-card"``, ``"illegal-action"``,
  ``"not-your-turn"``, ``"script-gap"``...), plus ``"json"`` (the line is not JSON), ``"too-deep"``
  and ``"internal"`` (a bug in the engine);
- ``field``: the request field at fault, as a path (``"stakes.ante"``, ``"actions[3].amount"``);
- ``at``: always the position (from 0) of the refused decision in the list of decisions the
  request carries (``actions`` of ``mata-ases-hand``, ``reader`` of ``scenario-play``); absent
  when the error is not about one decision of a list;
- ``line``: the line of the practice hand's file that an author must fix.

A reply without ``"error"`` is a success; no reply mixes both. ``"internal"`` replies also carry
``"detail"`` (the Python exception, for whoever fixes the engine; never shown to a reader).

Limits
------
Whatever a line holds, it gets exactly one reply (the command line and :func:`answer_json` each
guard every line) and the reply is valid UTF-8 (lone surrogates become U+FFFD). Refused with a
Spanish message and a code:

- a line longer than :data:`MAX_REQUEST_CHARS` characters (``"too-large"``), nested deeper than
  :data:`MAX_DEPTH` (``"too-deep"``), not JSON (``"json"``: the reason in Spanish and the column),
  with a number of more than 4.300 digits, ``NaN`` or ``Infinity`` (``"json"``);
- a request that is not an object (``"request"``);
- a field, at any depth, the command does not read (``"unknown-field"``, ``field`` its path:
  ``"table.oponents"``, ``"reader[2].amout"``; with «¿Querías decir …?» when a field read there is
  close), checked after the command answered; a command that changes a session checks before the
  change (:func:`refuse_unknown_fields`). When the command refused the request because a field is
  missing and the same object holds an unread field with a close name (same first letter), the
  reply is that field, misspelt. A field is *read* when the handler asks for it (``[]``, ``get``,
  ``in``); walking an object (``items()``...) reads all its fields (a map of names, say). Each
  object is tracked as the handler reads it (:class:`_Tracked`), so an object never read costs
  nothing and the caller's request is never modified;
- an integer above :data:`engine.requests.MAX_NUMBER` in absolute value, an amount above
  :data:`engine.requests.MAX_AMOUNT`, a list longer than the command allows (``"request"``,
  naming the field);
- any quoted excerpt of the input in a message is cut to :data:`MAX_QUOTE` characters.
"""

from __future__ import annotations

import difflib
from itertools import chain
import importlib
import json
import math
import re
from dataclasses import dataclass
from typing import Any, Callable

from . import __version__
from .errors import EngineError, UnknownCommandError
from .requests import kind_name
from .spanish import amount

#: The longest request line answered (characters); longer ones are refused unread.
MAX_REQUEST_CHARS = 200_000
#: The deepest nesting of lists and objects a request may have.
MAX_DEPTH = 32
#: The longest excerpt of the input quoted inside an error message (characters).
MAX_QUOTE = 60

Handler = Callable[[dict], dict]


@dataclass(frozen=True)
class Command:
    name: str
    summary: str
    handler: Handler


_COMMANDS: dict[str, Command] = {}

#: Where each command lives: module -> the commands it registers when imported. A command's module
#: is imported on its first use only, so the browser does not pay for games a page never asks about.
#: tests/test_protocol.py checks that this table and the registrations agree.
COMMAND_MODULES: dict[str, tuple[str, ...]] = {
    "engine.protocol": ("version",),
    "engine.commands": ("hand-evaluate",),
    "engine.games.mata_ases": ("mata-ases-showdown",),
    "engine.games.mata_ases_hand": ("mata-ases-hand", "mata-ases-names"),
    "engine.games.mata_ases_bot": ("mata-ases-bot", "mata-ases-deal", "mesa-libre-start", "mesa-libre-step"),
    "engine.games.ultimate": ("uth-settle",),
    "engine.games.ultimate_strategy": ("uth-decision",),
    "engine.games.holdem": ("holdem-pots", "holdem-showdown"),
    "engine.games.holdem_equity": ("holdem-equity",),
    "engine.games.holdem_hand": ("holdem-hand",),
    "engine.games.holdem_bot": ("holdem-bot",),
    "engine.quiz": ("quiz-check",),
    "engine.drills": ("drill", "drill-check"),
    "engine.trainer": ("uth-trainer-deal",),
    "engine.scenarios.script": ("scenario-play",),
    "engine.scenarios.session": ("scenario-start", "scenario-step"),
}
_MODULE_OF = {name: module for module, names in COMMAND_MODULES.items() for name in names}


def command(name: str, summary: str) -> Callable[[Handler], Handler]:
    """Decorator: publish ``handler`` as protocol command ``name`` (``summary`` in Spanish)."""

    def register(handler: Handler) -> Handler:
        if name in _COMMANDS and _COMMANDS[name].handler is not handler:
            raise RuntimeError(f"command {name!r} registered twice")
        _COMMANDS[name] = Command(name, summary, handler)
        return handler

    return register


def commands() -> dict[str, Command]:
    """All published commands, by name (importing the command modules on first use)."""
    for module in COMMAND_MODULES:
        importlib.import_module(module)
    return dict(sorted(_COMMANDS.items()))


def get_command(name: str) -> Command:
    """The command ``name``, importing only the module that defines it.

    :raises UnknownCommandError: listing the available commands.
    """
    if name not in _COMMANDS and name in _MODULE_OF:
        importlib.import_module(_MODULE_OF[name])
    if name not in _COMMANDS:
        raise UnknownCommandError(
            f"Orden desconocida: «{name}». Órdenes disponibles: {', '.join(sorted(_MODULE_OF))}."
        )
    return _COMMANDS[name]


def answer(name: str, request: Any) -> dict:
    """The reply to one request; errors become ``{"error": ...}`` and are never raised."""
    return _answer(name, request, None)


def _answer(name: str, request: Any, objects: int | None) -> dict:
    """:func:`answer`; ``objects``: how many objects (``{...}``) the request may hold at most, when
    known (the count of ``{`` in its line): once that many are tracked, none is left to look for."""
    tracked = None
    try:
        handler = get_command(name).handler
        if not isinstance(request, dict):
            raise EngineError(f"La petición debe ser un objeto JSON ({{...}}); se recibió {kind_name(request)}.")
        found = _Found()
        found.objects = objects
        tracked = _track(request, "", found)
        reply = handler(tracked)
        if "error" not in reply:
            tracked.refuse_unread()
            return reply
        misspelt = tracked.misspelt(reply.get("field"))  # some commands return their error replies
        return error_reply(misspelt) if misspelt else reply
    except EngineError as exc:
        misspelt = tracked.misspelt(exc.field) if tracked is not None else None
        return error_reply(misspelt or exc)
    except RecursionError:
        return {"error": "La petición está anidada demasiado profundamente.", "code": "too-deep"}
    except Exception as exc:  # a bug in the engine: report it as data, never crash the caller
        return internal_reply(exc)


class UnknownFieldError(EngineError):
    """A request carries a field (at any depth) its command does not read."""


_CONTAINERS = frozenset((dict, list))


class _Tracked(dict):
    """An object of the request as the handler sees it, remembering which fields the handler asked
    about (present or not), so that a field the command never reads is refused, not silently
    ignored -- at every depth.

    A nested object is tracked when the handler reads it (``request["stakes"]``, ``.get``,
    ``.items()``...): the read returns a :class:`_Tracked` copy named by its path (``stakes``,
    ``reader[2]``, ``players.Ana``); a list is copied only when it holds objects or lists, so a list
    of card tokens stays the very list the request holds. The copies replace the originals inside
    the tracked object only: the caller's request is never modified. Every tracked object of one
    request is kept, in the order read, in the shared list ``found``.
    """

    __slots__ = ("asked", "path", "found")

    asked: set | None  # None: the handler walked the whole object (a map of names, say)
    path: str
    found: _Found

    def __getitem__(self, key):
        asked = self.asked
        if asked is not None:
            asked.add(key)
        value = dict.__getitem__(self, key)
        return self._nested(key, value) if value.__class__ in _CONTAINERS else value

    def __contains__(self, key) -> bool:
        asked = self.asked
        if asked is not None:
            asked.add(key)
        return dict.__contains__(self, key)

    def get(self, key, default=None):
        asked = self.asked
        if asked is not None:
            asked.add(key)
        value = dict.get(self, key, default)
        if value.__class__ in _CONTAINERS and dict.__contains__(self, key):
            return self._nested(key, value)
        return value

    def _nested(self, key, value):
        """``value`` (an object or a list read at ``key``) tracked, in place of the original."""
        if value.__class__ is dict:
            value = _track(value, f"{self.path}.{key}" if self.path else str(key), self.found)
        elif len(self.found) == self.found.objects or _plain(value):
            return value  # every object is tracked already, or a list of plain values (card tokens, names)
        else:
            value = _track_list(value, f"{self.path}.{key}" if self.path else str(key), self.found)
        dict.__setitem__(self, key, value)
        return value

    def _everything(self) -> None:
        """The handler walks the whole object: every field is read; nested values get tracked."""
        self.asked = None
        if len(self.found) == self.found.objects:
            return  # every object of the request is tracked already: nothing below to look for
        values = dict.values(self)
        try:  # the common maps: names to texts or to lists of texts (cards), quickly told apart
            "".join(chain.from_iterable(values))
            if dict not in set(map(type, values)):  # (an object's keys are texts too)
                return
        except TypeError:
            if _CONTAINERS.isdisjoint(map(type, values)):
                return  # numbers, texts, true, false, null
        for key, value in list(dict.items(self)):
            if value.__class__ in _CONTAINERS:
                self._nested(key, value)

    def keys(self):
        self._everything()
        return dict.keys(self)

    def items(self):
        self._everything()
        return dict.items(self)

    def values(self):
        self._everything()
        return dict.values(self)

    def __iter__(self):
        self._everything()
        return dict.__iter__(self)

    def copy(self) -> dict:
        self._everything()
        return dict(dict.items(self))

    def refuse_unread(self) -> None:
        """Raise :class:`UnknownFieldError` for the first field, at any depth, nobody read."""
        for tracked in self.found:
            asked = tracked.asked
            if asked is None or dict.keys(tracked) <= asked:
                continue
            for key in dict.__iter__(tracked):
                if key not in asked:
                    tracked._refuse(key)

    def misspelt(self, field: Any = None) -> UnknownFieldError | None:
        """The better error for a request the command refused, when a field it looked for is absent
        and a field it never read has a close name with the same first letter: that field is unknown
        (a misspelling). The object of the refused ``field`` is tried first, then every object of the
        request."""
        parent = field.rpartition(".")[0] if isinstance(field, str) else None
        for tracked in sorted(self.found, key=lambda t: t.path != parent):
            asked = tracked.asked
            if asked is None or dict.keys(tracked) <= asked:
                continue
            unread = [k for k in dict.__iter__(tracked) if k not in asked and isinstance(k, str) and k]
            for key in sorted(k for k in asked if isinstance(k, str) and not dict.__contains__(tracked, k)):
                # a misspelling keeps the first letter: «bets» is not «seats» mistyped (it is read later)
                same_start = [k for k in unread if k[0].lower() == key[:1].lower()]
                close = difflib.get_close_matches(key, same_start, n=1, cutoff=0.6)
                if close:
                    path = f"{tracked.path}.{close[0]}" if tracked.path else close[0]
                    return UnknownFieldError(f"Campo desconocido: «{_cut(path)}». ¿Querías decir «{_cut(key)}»?"
                                             ).locate(field=_cut(path))
        return None

    def _refuse(self, key) -> None:
        path = f"{self.path}.{key}" if self.path else str(key)
        known = sorted(k for k in self.asked if isinstance(k, str))
        close = difflib.get_close_matches(str(key), known, n=1, cutoff=0.6)
        where = f"«{self.path}»" if self.path else "esta orden"
        hint = f" ¿Querías decir «{close[0]}»?" if close else (
            f" Campos que lee {where}: {', '.join(known)}." if known else "")
        raise UnknownFieldError(f"Campo desconocido: «{_cut(path)}».{hint}").locate(field=_cut(path))


class _Found(list):
    """Every tracked object of one request, in the order read; ``objects``: how many objects the
    request may hold at most, when known (None otherwise): once that many are tracked, nothing is
    left to look for."""

    __slots__ = ("objects",)


def _track(value: dict, path: str, found: _Found) -> _Tracked:
    tracked = _Tracked(value)
    tracked.asked = set()
    tracked.path = path
    tracked.found = found
    found.append(tracked)
    return tracked


def _plain(items: list) -> bool:
    """True when no item of the list is an object or a list (nothing below it to track)."""
    try:
        "".join(items)  # a list of texts (card tokens, names): the common case, told in C
        return True
    except TypeError:
        return _CONTAINERS.isdisjoint(map(type, items))


def _track_list(value: list, path: str, found: _Found) -> list:
    """A copy of ``value`` whose objects (at any depth of lists) are tracked."""
    return [_track(item, f"{path}[{i}]", found) if item.__class__ is dict
            else _track_list(item, f"{path}[{i}]", found) if item.__class__ is list
            else item for i, item in enumerate(value)]


def refuse_unknown_fields(request: dict) -> None:
    """For a command that changes a session: refuse an unknown field now, before the change (the
    other commands are checked after they answered). Call it once every field has been read.

    :raises UnknownFieldError: naming the first field nobody read.
    """
    if isinstance(request, _Tracked):
        request.refuse_unread()


def error_reply(exc: EngineError) -> dict:
    """The protocol's only error shape, from the exception's attributes (see the module docstring)."""
    reply: dict = {"error": _short_quotes(str(exc)), "code": exc.code}
    for key in ("field", "at", "line"):
        value = getattr(exc, key, None)
        if value is not None:
            reply[key] = _cut(value) if isinstance(value, str) else value
    return reply


def internal_reply(exc: BaseException) -> dict:
    """A bug in the engine, as data: a Spanish message and the Python detail for whoever fixes it."""
    return {"error": "Error interno del motor: no se pudo responder a esta petición. Avisa del problema "
                     "indicando la petición que lo provoca.",
            "code": "internal", "detail": _cut(f"{type(exc).__name__}: {exc}", 300)}


def answer_line(name: str, line: str) -> dict:
    """The reply to one JSON Lines line (never raises for what the line holds)."""
    if len(line) > MAX_REQUEST_CHARS:
        return too_large_reply(len(line))
    line = line.removeprefix("\ufeff")  # a byte order mark is harmless
    try:
        _check_depth(line)
        request = _DECODER.decode(line)
    except json.JSONDecodeError as exc:
        return {"error": f"La línea no es JSON válido: {_json_reason(exc)} (columna {exc.colno}): "
                         f"{_excerpt(line)}", "code": "json"}
    except _TooDeep:
        return {"error": f"La petición está anidada demasiado profundamente (el máximo es {MAX_DEPTH} "
                         f"niveles de listas y objetos).", "code": "too-deep"}
    except RecursionError:
        return {"error": "La línea no es JSON válido: está anidada demasiado profundamente.", "code": "too-deep"}
    except _BadNumber as exc:
        return {"error": f"La línea no es JSON válido: {exc}.", "code": "json"}
    except ValueError:  # an integer of more than 4300 digits (sys.int_info.default_max_str_digits)
        return {"error": f"La línea no es JSON válido: tiene un número con demasiadas cifras: {_excerpt(line)}",
                "code": "json"}
    return _answer(name, request, line.count("{"))


def too_large_reply(length: int) -> dict:
    """The reply to a line of ``length`` characters, over :data:`MAX_REQUEST_CHARS` (the command line
    counts a line it did not keep, so the length said is the line's own).

    >>> too_large_reply(1_234_567)["error"]
    'La petición es demasiado larga (1.234.567 caracteres; el máximo es 200.000).'
    """
    return {"error": f"La petición es demasiado larga ({amount(length)} caracteres; el máximo es "
                     f"{amount(MAX_REQUEST_CHARS)}).", "code": "too-large"}


def answer_json(name: str, text: str) -> str:
    """JSON in, JSON out: the entry point the browser worker calls. Never raises."""
    try:
        return dumps(answer_line(name, text), clean=_no_surrogates(text))
    except Exception as exc:  # the reply itself cannot be written: still answer
        return dumps(internal_reply(exc))


_SURROGATES = re.compile("[\ud800-\udfff]")


def _no_surrogates(line: str) -> bool:
    """True when the line can hold no lone surrogate, raw or escaped (``\\udXXX``): the engine writes
    none of its own, so the reply to it has none either."""
    return "\\ud" not in line and "\\uD" not in line and (line.isascii() or not _SURROGATES.search(line))


def dumps(reply: dict, *, clean: bool = False) -> str:
    """The reply as one line of JSON; always encodable as UTF-8 (lone surrogates become U+FFFD).
    ``clean``: the request had no lone surrogate (:func:`_no_surrogates`), so the reply has none."""
    text = "".join(_encode(reply, 0)) if _encode is not None else _ENCODER.encode(reply)
    if not clean and not text.isascii():
        text = _SURROGATES.sub("\ufffd", text)
    return text


_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))  # built once: json.dumps builds one per call


def _c_encoder() -> Callable | None:
    """The C encoder that :meth:`json.JSONEncoder.encode` builds on every call, built once (the same
    arguments, without the check for cycles: a reply is built by the engine, never cyclic); None
    where the C accelerator is missing."""
    try:
        from json.encoder import c_make_encoder, encode_basestring

        encode = c_make_encoder(None, _ENCODER.default, encode_basestring, None, ":", ",", False, False, True)
        if "".join(encode({"a": [1, "ñ", 0.5, None, True]}, 0)) != _ENCODER.encode({"a": [1, "ñ", 0.5, None, True]}):
            return None
        return encode
    except Exception:  # pragma: no cover -- another json implementation
        return None


_encode = _c_encoder()


class _TooDeep(Exception):
    pass


_BRACKETS = re.compile(r'[\[\]{}]|"(?:[^"\\]|\\.)*"')


def _check_depth(line: str) -> None:
    """Raise :class:`_TooDeep` when lists and objects nest deeper than :data:`MAX_DEPTH`."""
    if line.count("[") + line.count("{") <= MAX_DEPTH:
        return
    depth = 0
    for match in _BRACKETS.finditer(line):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise _TooDeep
        elif token in "]}":
            depth -= 1


class _BadNumber(Exception):
    pass


def _refuse_constant(name: str) -> float:
    raise _BadNumber(f"«{name}» no es un número")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _BadNumber(f"el número «{_cut(text, 20)}» es demasiado grande")
    return value


_DECODER = json.JSONDecoder(parse_constant=_refuse_constant, parse_float=_finite_float)  # built once, like _ENCODER


#: The Python JSON decoder's reasons, in Spanish.
_JSON_REASONS = (
    ("Expecting value", "falta un valor"),
    ("Extra data", "sobra texto después de la petición (una petición por línea)"),
    ("Expecting property name", "los nombres de campo van entre comillas dobles"),
    ("Expecting ',' delimiter", "falta una coma"),
    ("Expecting ':' delimiter", "faltan los dos puntos después del nombre de un campo"),
    ("Unterminated string", "un texto sin comillas de cierre"),
    ("Invalid control character", "un carácter de control dentro de un texto"),
    ("Invalid \\uXXXX escape", "una secuencia \\u no válida"),
    ("Invalid \\escape", "una barra invertida no válida"),
    ("Illegal trailing comma", "sobra una coma al final"),
    ("Unexpected UTF-8 BOM", "marca de orden de bytes inesperada"),
)


def _json_reason(exc: json.JSONDecodeError) -> str:
    for english, spanish in _JSON_REASONS:
        if exc.msg.startswith(english):
            return spanish
    return "está mal formada"


def _cut(text: str, limit: int = MAX_QUOTE) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


_LONG_QUOTE = re.compile("«([^«»]{%d,})»" % (MAX_QUOTE + 1))


def _short_quotes(message: str) -> str:
    """Every «quoted» excerpt cut to :data:`MAX_QUOTE` characters (input can be huge)."""
    if len(message) > MAX_QUOTE:
        message = _LONG_QUOTE.sub(lambda m: f"«{_cut(m.group(1))}»", message)
    return _cut(message, 1000)


def _excerpt(line: str) -> str:
    return f"«{_cut(line.strip())}»"


@command("version", "Versión del motor y de Python que lo ejecuta.")
def _version(request: dict) -> dict:
    import platform
    import sys

    return {
        "engine": __version__,
        "python": platform.python_version(),
        "platform": sys.platform,
    }
