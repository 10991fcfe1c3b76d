"""The command registry: game modules publish their commands with :func:`command`; :func:`answer`
finds the command (importing its module on first use), tracks the request's fields
(:mod:`.fields`) and turns every error into the one error shape (:mod:`.codec`); it never raises.

>>> answer("version", {})["engine"] == __version__
True
>>> answer("version", {"extra": 1})["code"]
'unknown-field'
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable

from .. import __version__
from ..errors import EngineError, UnknownCommandError
from ..requests import kind_name
from .codec import decode, dumps, error_reply, internal_reply, no_surrogates
from .fields import track

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
    "engine.protocol.registry": ("version",),
    "engine.commands": ("hand-evaluate",),
    "engine.games.mata_ases": ("mata-ases-showdown",),
    "engine.games.mata_ases_hand": ("mata-ases-hand", "mata-ases-names"),
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
    return _answer(name, request, None)


def _answer(name: str, request: Any, objects: int | None) -> dict:
    """:func:`answer`; ``objects``: how many objects (``{...}``) the request may hold at most, when
    known (the count of ``{`` in its line): once that many are tracked, none is left to look for."""
    tracked = None
    try:
        handler = get_command(name).handler
        if not isinstance(request, dict):
            raise EngineError(f"La petición debe ser un objeto JSON ({{...}}); se recibió {kind_name(request)}.")
        tracked = track(request, objects)
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


def answer_line(name: str, line: str) -> dict:
    """The reply to one JSON Lines line (never raises for what the line holds)."""
    try:
        request = decode(line)
    except EngineError as exc:
        return error_reply(exc)
    return _answer(name, request, line.count("{"))


def answer_json(name: str, text: str) -> str:
    """JSON in, JSON out: the entry point the browser worker calls. Never raises."""
    try:
        return dumps(answer_line(name, text), clean=no_surrogates(text) and no_surrogates(name))
    except Exception as exc:  # the reply itself cannot be written: still answer
        return dumps(internal_reply(exc))


@command("version", "Versión del motor y de Python que lo ejecuta.")
def _version(request: dict) -> dict:
    import platform
    import sys

    return {
        "engine": __version__,
        "python": platform.python_version(),
        "platform": sys.platform,
    }
