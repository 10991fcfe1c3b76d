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
import json
import sys
from dataclasses import dataclass
from time import perf_counter
from typing import Any, Callable, Generator

from .. import __version__
from ..errors import EngineError, UnknownCommandError
from ..requests import kind_name
from .codec import decode, dumps, error_reply, internal_reply, no_surrogates
from .fields import track

Progress = Callable[[int, int], object]
#: A command: the request (tracked, :mod:`.fields`) -> the reply; or, for a command that works for
#: long, a generator that yields ``(done, total)`` as it goes and returns the reply (each yield is
#: a progress report and a place where the worker may pause: :class:`Job`).
Handler = Callable[[dict], "dict | Generator[tuple[int, int], None, dict]"]


@dataclass(frozen=True)
class Command:
    name: str
    summary: str
    handler: Handler
    #: The longest request line it answers (characters): None, the protocol's :data:`.codec.MAX_REQUEST_CHARS`.
    max_chars: int | None = None


_COMMANDS: dict[str, Command] = {}

#: Where each command lives: module -> the commands it registers when imported. A command's module
#: is imported on its first use only, so the browser does not pay for games a page never asks about.
#: tests/engine/protocol/test_protocol.py checks that this table and the registrations agree.
COMMAND_MODULES: dict[str, tuple[str, ...]] = {
    "engine.protocol.registry": ("version",),
    "engine.commands": ("hand-evaluate",),
    "engine.games.mata_ases.showdown": ("mata-ases-showdown",),
    "engine.games.mata_ases.command": ("mata-ases-hand",),
    "engine.games.mata_ases.bot": ("mata-ases-bot", "mata-ases-deal"),
    "engine.games.ultimate.rules": ("uth-settle",),
    "engine.games.ultimate.strategy": ("uth-decision",),
    "engine.games.holdem.rules": ("holdem-pots", "holdem-showdown"),
    "engine.games.holdem.equity": ("holdem-equity",),
    "engine.games.holdem.command": ("holdem-hand",),
    "engine.games.holdem.bot": ("holdem-bot",),
    "engine.quiz": ("quiz-check",),
    "engine.drills": ("drill", "drill-check"),
    "engine.games.ultimate.trainer": ("uth-trainer-deal",),
    "engine.games.ultimate.session": ("uth-session-deal", "uth-session-decide"),
    "engine.play.commands": ("game-info", "play-start", "play-step", "play-next", "play-coach", "play-review",
                             "play-reveal"),
    "engine.authoring.workshop": ("author-check",),
    "engine.progress": ("progress-catalogue",),
}
_MODULE_OF = {name: module for module, names in COMMAND_MODULES.items() for name in names}


def command(name: str, summary: str, *, max_chars: int | None = None) -> Callable[[Handler], Handler]:
    """Decorator: publish ``handler`` as protocol command ``name`` (``summary`` in Spanish); ``max_chars``:
    a command that reads longer request lines than the protocol's limit (one that refuses what it
    cannot use in its own words, such as ``author-check``).
    """

    def register(handler: Handler) -> Handler:
        if name in _COMMANDS and _COMMANDS[name].handler is not handler:
            raise RuntimeError(f"command {name!r} registered twice")
        _COMMANDS[name] = Command(name, summary, handler, max_chars)
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
    return _finished(_reply(name, request, None))


def answer_line(name: str, line: str) -> dict:
    """The reply to one JSON Lines line (never raises for what the line holds)."""
    return _finished(_line_reply(name, line))


def answer_json(name: str, text: str, progress: Progress | None = None) -> str:
    """JSON in, JSON out, never raises: the entry point of the command line and the browser worker.

    ``progress(done, total)`` is called while a long command works (about once per 1 %), the only
    progress channel: a command that reports is a generator (see :data:`Handler`). The worker runs
    such a command in slices instead (:class:`Job`), so that it can see a cancellation between two.
    """
    try:
        clean = no_surrogates(text) and no_surrogates(name)
        reply = _line_reply(name, text)
        return dumps(_finished(reply, progress and _throttled(progress)), clean=clean)
    except Exception as exc:  # the reply itself cannot be written: still answer
        return dumps(internal_reply(exc))


class Job:
    """One line answered in slices (the browser's worker): each :meth:`step` works for about
    ``seconds`` and returns the reply once it is ready (one line of JSON, as :func:`answer_json`),
    None before, with :attr:`done` of :attr:`total` counted so far; :meth:`cancel` abandons it.

    >>> job = Job("holdem-equity", '{"players": {"Ana": ["As", "Ah"], "Beto": ["Ks", "Kd"]}}')
    >>> while (reply := job.step(0.01)) is None:
    ...     assert 0 <= job.done <= job.total
    >>> json.loads(reply)["boards"], job.done == job.total
    (1712304, True)
    """

    def __init__(self, name: str, text: str) -> None:
        self.done = 0
        self.total = 0
        self._clean = no_surrogates(text) and no_surrogates(name)
        self._cancelled = False
        self._steps = _as_steps(_line_reply(name, text))

    def step(self, seconds: float = 0.0) -> str | None:
        """Work until the reply is ready or ``seconds`` have passed (at least one step of the
        command); never raises."""
        if self._cancelled:
            return dumps(_CANCELLED)
        deadline = perf_counter() + seconds
        try:
            while True:
                self.done, self.total = next(self._steps)
                if perf_counter() >= deadline:
                    return None
        except StopIteration as stop:
            self.done = self.total
            try:
                return dumps(stop.value, clean=self._clean)
            except Exception as exc:
                return dumps(internal_reply(exc))
        except Exception as exc:  # pragma: no cover -- _steps turns every error into a reply
            return dumps(internal_reply(exc))

    def cancel(self) -> None:
        """Abandon the work: a later :meth:`step` answers that the request was cancelled."""
        self._cancelled = True
        self._steps.close()


_CANCELLED = {"error": "Petición cancelada.", "code": "cancelled"}


def finish(steps: Generator[tuple[int, int], None, Any], progress: Progress | None = None) -> Any:
    """Run work done in steps (a generator that yields ``(done, total)`` and returns its result)
    to its end; ``progress(done, total)`` is called at each step.

    >>> def count(n):
    ...     for i in range(n):
    ...         yield i + 1, n
    ...     return "listo"
    >>> finish(count(3), lambda done, total: print(done, total))
    1 3
    2 3
    3 3
    'listo'
    """
    try:
        if progress is None:
            while True:
                next(steps)
        while True:
            progress(*next(steps))
    except StopIteration as stop:
        return stop.value


def _throttled(progress: Progress) -> Progress:
    """``progress`` called only when the count moved by 1 % of the total, or reached it."""
    last = -1

    def report(done: int, total: int) -> None:
        nonlocal last
        if done >= total or done - last >= max(1, total // 100):
            last = done
            progress(done, total)

    return report


_Reply = "dict | Generator[tuple[int, int], None, dict]"


def _finished(reply: _Reply, progress: Progress | None = None) -> dict:
    """The reply, once the steps of a command that works in steps (if it is one) have run."""
    return reply if reply.__class__ is dict else finish(reply, progress)


def _as_steps(reply: _Reply) -> Generator[tuple[int, int], None, dict]:
    """The reply as steps (none, for a command that answered at once)."""
    if reply.__class__ is dict:
        return reply
    return (yield from reply)


def _line_reply(name: str, line: str) -> _Reply:
    """:func:`answer_line`: the reply, or for a command that works in steps, those steps."""
    try:
        request = decode(line, _max_chars(name))
    except EngineError as exc:
        return error_reply(exc)
    return _reply(name, request, line.count("{"))


def _max_chars(name: str) -> int | None:
    """The longest request line command ``name`` reads (None: the protocol's limit, or no such command:
    :func:`_reply` says so)."""
    try:
        return get_command(name).max_chars
    except UnknownCommandError:
        return None


def _reply(name: str, request: Any, objects: int | None) -> _Reply:
    """:func:`answer`: the reply, or for a command that works in steps, those steps (a generator
    that yields them and returns the reply: most commands answer at once, without one).
    ``objects``: how many objects (``{...}``) the request may hold at most, when known (the count
    of ``{`` in its line): once that many are tracked, none is left to look for."""
    tracked = None
    try:
        handler = get_command(name).handler
        if not isinstance(request, dict):
            raise EngineError(f"La petición debe ser un objeto JSON ({{...}}); se recibió {kind_name(request)}.")
        tracked = track(request, objects)
        reply = handler(tracked)
        if not isinstance(reply, dict):
            return _stepped(reply, tracked)
        return _checked(reply, tracked)
    except Exception as exc:
        return _failure(exc, tracked)


def _stepped(steps: Generator[tuple[int, int], None, dict], tracked) -> Generator[tuple[int, int], None, dict]:
    """The steps of a command that works in steps, then its reply checked as :func:`_reply` does."""
    try:
        return _checked((yield from steps), tracked)
    except Exception as exc:
        return _failure(exc, tracked)


def _checked(reply: dict, tracked) -> dict:
    """A command's reply, refused when the request had a field nobody read (or, for an error reply,
    a field misspelt)."""
    if "error" not in reply:
        tracked.refuse_unread()
        return reply
    misspelt = tracked.misspelt(reply.get("field"))  # some commands return their error replies
    return error_reply(misspelt) if misspelt else reply


def _failure(exc: Exception, tracked) -> dict:
    """The reply to a request whose command raised ``exc`` (``tracked``: the request, when it got
    that far)."""
    if isinstance(exc, EngineError):
        misspelt = tracked.misspelt(exc.field) if tracked is not None else None
        return error_reply(misspelt or exc)
    if isinstance(exc, RecursionError):
        return {"error": "La petición está anidada demasiado profundamente.", "code": "too-deep"}
    return internal_reply(exc)  # a bug in the engine: report it as data, never crash the caller


@command("version", "Versión del motor y de Python que lo ejecuta.")
def _version(request: dict) -> dict:
    import platform  # lazy: only «version» asks for the platform, a module no other command needs

    return {
        "engine": __version__,
        "python": platform.python_version(),
        "platform": sys.platform,
    }
