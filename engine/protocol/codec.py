"""The JSON-line codec and its limits: one request line in (:func:`decode`), one reply line out
(:func:`dumps`), and the protocol's only error shape (:func:`error_reply`).

:func:`decode` refuses, each with a Spanish message and its code (an :class:`~engine.errors.EngineError`):
a line longer than :data:`MAX_REQUEST_CHARS` (``"too-large"``), nested deeper than :data:`MAX_DEPTH`
(``"too-deep"``), not JSON, ``NaN``, ``Infinity`` or a number of more than 4.300 digits (``"json"``),
and an object that gives a field twice (``"duplicate-field"``: JSON would keep the last one silently).
Every excerpt of the input a message quotes is cut to :data:`MAX_QUOTE` characters.

>>> decode('{"cards": ["As", "Kd"]}')
{'cards': ['As', 'Kd']}
>>> error_reply(_error(decode, '{"seed": 1, "seed": 2}'))["code"]
'duplicate-field'
>>> dumps({"text": "ñ\\ud800"})
'{"text":"ñ\ufffd"}'
"""

from __future__ import annotations

import json
import math
import re
from json.encoder import encode_basestring
from typing import Any, Callable

from ..errors import EngineError
from ..requests import MAX_REQUEST_CHARS
from ..spanish import amount
#: The deepest nesting of lists and objects a request may have.
MAX_DEPTH = 32
#: The longest excerpt of the input quoted inside an error message (characters).
MAX_QUOTE = 60


class NotJsonError(EngineError):
    """The line is not JSON (or holds ``NaN``, ``Infinity``, a number too long to read)."""

    code = "json"


class TooLargeError(EngineError):
    """The line is longer than :data:`MAX_REQUEST_CHARS`."""


class TooDeepError(EngineError):
    """Lists and objects nest deeper than :data:`MAX_DEPTH`."""


class DuplicateFieldError(EngineError):
    """An object of the request gives the same field twice."""


def decode(line: str, limit: int | None = None) -> Any:
    """The request a line holds (any JSON value; a byte order mark at the start is ignored); ``limit``:
    the longest line read (characters), :data:`MAX_REQUEST_CHARS` unless a command says otherwise.

    :raises TooLargeError, TooDeepError, NotJsonError, DuplicateFieldError: see the module docstring.
    """
    if len(line) > (limit or MAX_REQUEST_CHARS):
        raise too_large(len(line), limit)
    line = line.removeprefix("\ufeff")
    try:
        _check_depth(line)
        return _DECODER.decode(line)
    except json.JSONDecodeError as exc:
        raise NotJsonError(f"La línea no es JSON válido: {_json_reason(exc)} (columna {exc.colno}): "
                           f"{_excerpt(line)}") from None
    except RecursionError:
        raise TooDeepError("La línea no es JSON válido: está anidada demasiado profundamente.") from None
    except _Twice as twice:
        raise _duplicate(line, twice.key) from None
    except ValueError as exc:  # an integer of more than 4300 digits (sys.int_info.default_max_str_digits)
        if isinstance(exc, EngineError):
            raise
        raise NotJsonError(f"La línea no es JSON válido: tiene un número con demasiadas cifras: "
                           f"{_excerpt(line)}") from None


def too_large(length: int, limit: int | None = None) -> TooLargeError:
    """The error for a line of ``length`` characters, over ``limit`` (default :data:`MAX_REQUEST_CHARS`;
    the command line counts a line it did not keep, so the length said is the line's own)."""
    return TooLargeError(f"La petición es demasiado larga ({amount(length)} caracteres; el máximo es "
                         f"{amount(limit or MAX_REQUEST_CHARS)}).")


def too_large_reply(length: int) -> dict:
    """:func:`too_large` as a reply.

    >>> too_large_reply(1_234_567)["error"]
    'La petición es demasiado larga (1.234.567 caracteres; el máximo es 200.000).'
    """
    return error_reply(too_large(length))


def _check_depth(line: str) -> None:
    """Raise :class:`TooDeepError` when lists and objects nest deeper than :data:`MAX_DEPTH`."""
    if line.count("[") + line.count("{") <= MAX_DEPTH:
        return
    depth = 0
    for match in _BRACKETS.finditer(line):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise TooDeepError(f"La petición está anidada demasiado profundamente (el máximo es {MAX_DEPTH} "
                                   f"niveles de listas y objetos).")
        elif token in "]}":
            depth -= 1


_BRACKETS = re.compile(r'[\[\]{}]|"[^"\\]*(?:\\.[^"\\]*)*"')  # a string in one match, however long


def _refuse_constant(name: str) -> float:
    raise NotJsonError(f"La línea no es JSON válido: «{name}» no es un número.")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise NotJsonError(f"La línea no es JSON válido: el número «{cut(text, 20)}» es demasiado grande.")
    return value


class _Twice(Exception):
    def __init__(self, key: str) -> None:
        self.key = key


def _object(pairs: list) -> dict:
    """An object of the line; a field given twice is refused (JSON alone would keep the last)."""
    value = dict(pairs)
    if len(value) != len(pairs):
        seen: set = set()
        raise _Twice(next(key for key, _ in pairs if key in seen or seen.add(key)))
    return value


_DECODER = json.JSONDecoder(parse_constant=_refuse_constant, parse_float=_finite_float,
                            object_pairs_hook=_object)  # built once: json.loads builds one per call


class _Marked(dict):
    """An object that gives ``twice`` twice (found again to name its path)."""

    twice: str


def _duplicate(line: str, key: str) -> DuplicateFieldError:
    """The error for a field given twice, named by its path (the line is read again to find it: rare)."""

    def mark(pairs: list) -> dict:
        value = dict(pairs)
        if len(value) == len(pairs):
            return value
        marked = _Marked(value)
        seen: set = set()
        marked.twice = next(k for k, _ in pairs if k in seen or seen.add(k))
        return marked

    def path_of(value: Any, path: str) -> str | None:
        if isinstance(value, _Marked):
            return f"{path}.{value.twice}" if path else value.twice
        items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
        for key, item in items:
            inner = f"{path}[{key}]" if isinstance(key, int) else f"{path}.{key}" if path else key
            if (found := path_of(item, inner)) is not None:
                return found
        return None

    tree = json.JSONDecoder(parse_constant=_refuse_constant, parse_float=_finite_float,
                            object_pairs_hook=mark).decode(line)
    field = cut(path_of(tree, "") or key)
    return DuplicateFieldError(f"El campo «{field}» aparece dos veces en el mismo objeto: escríbelo una sola "
                               f"vez.").locate(field=field)


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


# ---------------------------------------------------------------------------------------------
# Replies.


def error_reply(exc: EngineError) -> dict:
    """The protocol's only error shape, from the exception's attributes (see :mod:`engine.protocol`)."""
    reply: dict = {"error": short_quotes(str(exc)), "code": exc.code}
    for key in ("field", "at", "line", "progress"):
        value = getattr(exc, key, None)
        if value is not None:
            reply[key] = cut(value) if isinstance(value, str) else value
    return reply


def internal_reply(exc: BaseException) -> dict:
    """A bug in the engine, as data: a Spanish message and the Python detail for whoever fixes it."""
    return {"error": "Error interno del motor: no se pudo responder a esta petición. Avisa del problema "
                     "indicando la petición que lo provoca.",
            "code": "internal", "detail": cut(f"{type(exc).__name__}: {exc}", 300)}


_SURROGATES = re.compile("[\ud800-\udfff]")


def no_surrogates(text: str) -> bool:
    """True when the text can hold no lone surrogate, raw or escaped (``\\udXXX``): the engine writes
    none of its own, so a reply to such texts has none either."""
    return "\\ud" not in text and "\\uD" not in text and (text.isascii() or not _SURROGATES.search(text))


def dumps(reply: dict, *, clean: bool = False) -> str:
    """The reply as one line of JSON; always encodable as UTF-8 (lone surrogates become U+FFFD).
    ``clean``: nothing the reply quotes had a lone surrogate (:func:`no_surrogates`), so it has none."""
    return encodable("".join(_encode(reply, 0)) if _encode is not None else _ENCODER.encode(reply), clean=clean)


def encodable(text: str, *, clean: bool = False) -> str:
    """``text`` (a reply's JSON) with every lone surrogate replaced by U+FFFD, so that it can be
    written as UTF-8; ``clean``: as :func:`dumps`.

    >>> encodable('{"name":"Ana\\ud800"}')
    '{"name":"Ana�"}'
    """
    if not clean and not text.isascii():
        text = _SURROGATES.sub("\ufffd", text)
    return text


_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))  # built once: json.dumps builds one per call


def _c_encoder() -> Callable | None:
    """The C encoder that :meth:`json.JSONEncoder.encode` builds on every call, built once (the same
    arguments, without the check for cycles: a reply is built by the engine, never cyclic); None
    where the C accelerator is missing."""
    try:
        from json.encoder import c_make_encoder  # inside the try: a Python without the C accelerator lacks it

        encode = c_make_encoder(None, _ENCODER.default, encode_basestring, None, ":", ",", False, False, True)
        if "".join(encode({"a": [1, "ñ", 0.5, None, True]}, 0)) != _ENCODER.encode({"a": [1, "ñ", 0.5, None, True]}):
            return None
        return encode
    except Exception:  # pragma: no cover -- another json implementation
        return None


_encode = _c_encoder()


def cut(text: str, limit: int = MAX_QUOTE) -> str:
    """``text`` cut to ``limit`` characters (the last one an ellipsis when cut)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


_LONG_QUOTE = re.compile("«([^«»]{%d,})»" % (MAX_QUOTE + 1))


def short_quotes(message: str) -> str:
    """Every «quoted» excerpt cut to :data:`MAX_QUOTE` characters (input can be huge)."""
    if len(message) > MAX_QUOTE:
        message = _LONG_QUOTE.sub(lambda m: f"«{cut(m.group(1))}»", message)
    return cut(message, 1000)


def _excerpt(line: str) -> str:
    return f"«{cut(line.strip())}»"


def _error(function: Callable, *args) -> EngineError:
    """The error ``function(*args)`` raises (for the doctests)."""
    try:
        function(*args)
    except EngineError as exc:
        return exc
    raise AssertionError("no error")
