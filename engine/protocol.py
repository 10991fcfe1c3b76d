"""The JSON protocol shared by the command line (``python -m engine``) and the browser worker.

A *command* turns a request (a JSON object) into a reply (a JSON object). Game modules register
their commands with :func:`command`; :func:`answer` never raises: a request that cannot be answered
gets ``{"error": "<Spanish message>"}`` (plus whatever extra fields the error carries).
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

#: Modules that register commands when imported. Add a module here to publish its commands.
COMMAND_MODULES = (
    "engine.protocol",
    "engine.commands",
    "engine.games.mata_ases",
    "engine.games.mata_ases_hand",
    "engine.games.ultimate",
    "engine.games.holdem",
    "engine.quiz", "engine.trainer",
    "engine.scenarios.script",
)


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
    """:raises UnknownCommandError: listing the available commands."""
    available = commands()
    if name not in available:
        raise UnknownCommandError(
            f"Orden desconocida: «{name}». Órdenes disponibles: {', '.join(available)}."
        )
    return available[name]


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
        return {"error": "La petición está anidada demasiado profundamente."}
    except Exception as exc:  # a bug in the engine: report it as data, never crash the caller
        return {"error": f"Error interno del motor ({type(exc).__name__}): {exc}"}


def error_reply(exc: EngineError) -> dict:
    reply = {"error": str(exc)}
    reply.update(getattr(exc, "extra", None) or {})
    return reply


def answer_line(name: str, line: str) -> dict:
    """The reply to one JSON Lines line."""
    try:
        request = json.loads(line)
    except (json.JSONDecodeError, RecursionError) as exc:
        detail = getattr(exc, "msg", "demasiado anidado")
        return {"error": f"La línea no es JSON válido ({detail}): {_excerpt(line)}"}
    return answer(name, request)


def answer_json(name: str, text: str) -> str:
    """JSON in, JSON out: the entry point the browser worker calls."""
    return dumps(answer_line(name, text))


def dumps(reply: dict) -> str:
    return json.dumps(reply, ensure_ascii=False, separators=(",", ":"))


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
