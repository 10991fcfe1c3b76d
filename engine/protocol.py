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

A reply without ``"error"`` is a success; no reply mixes both.
"""

from __future__ import annotations

import importlib
import json
from dataclasses import dataclass
from typing import Any, Callable

from . import __version__
from .errors import EngineError, UnknownCommandError

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
    "engine.games.mata_ases_hand": ("mata-ases-hand",),
    "engine.games.mata_ases_bot": ("mata-ases-bot", "mata-ases-deal", "mesa-libre-start", "mesa-libre-step"),
    "engine.games.ultimate": ("uth-settle",),
    "engine.games.ultimate_strategy": ("uth-decision",),
    "engine.games.holdem": ("holdem-pots", "holdem-showdown"),
    "engine.games.holdem_equity": ("holdem-equity",),
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
    try:
        handler = get_command(name).handler
        if not isinstance(request, dict):
            raise EngineError(
                "La petición debe ser un objeto JSON ({...}); se recibió "
                f"{type(request).__name__ if request is not None else 'null'}."
            )
        return handler(request)
    except EngineError as exc:
        return error_reply(exc)
    except RecursionError:
        return {"error": "La petición está anidada demasiado profundamente.", "code": "too-deep"}
    except Exception as exc:  # a bug in the engine: report it as data, never crash the caller
        return {"error": f"Error interno del motor ({type(exc).__name__}): {exc}", "code": "internal"}


def error_reply(exc: EngineError) -> dict:
    """The protocol's only error shape, from the exception's attributes (see the module docstring)."""
    reply: dict = {"error": str(exc), "code": exc.code}
    for key in ("field", "at", "line"):
        value = getattr(exc, key, None)
        if value is not None:
            reply[key] = value
    return reply


def answer_line(name: str, line: str) -> dict:
    """The reply to one JSON Lines line."""
    try:
        request = json.loads(line)
    except (json.JSONDecodeError, RecursionError) as exc:
        detail = getattr(exc, "msg", "demasiado anidado")
        return {"error": f"La línea no es JSON válido ({detail}): {_excerpt(line)}", "code": "json"}
    return answer(name, request)


def answer_json(name: str, text: str) -> str:
    """JSON in, JSON out: the entry point the browser worker calls."""
    return dumps(answer_line(name, text))


def dumps(reply: dict) -> str:
    return _ENCODER.encode(reply)


_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))  # built once: json.dumps builds one per call


def _excerpt(line: str, limit: int = 60) -> str:
    line = line.strip()
    return repr(line if len(line) <= limit else line[:limit] + "…")


@command("version", "Versión del motor y de Python que lo ejecuta.")
def _version(request: dict) -> dict:
    import platform
    import sys

    return {
        "engine": __version__,
        "python": platform.python_version(),
        "platform": sys.platform,
    }
