"""Exception hierarchy of the engine.

Every error a reader or an author can trigger is a :class:`EngineError` (a ``ValueError``) whose
message is in Spanish and quotes the offending input. The protocol turns one into its only error
reply (:func:`engine.protocol.error_reply`) from the exception's attributes:

- ``code``: a stable, machine-readable name per class (``"request"``, ``"illegal-action"``...),
  derived from the class name unless the class sets it;
- ``field``: the request field at fault (``"stakes.ante"``, ``"actions[3]"``), when known;
- ``at``: the position (from 0) of the refused decision in the request's list of decisions, when
  the error is about one decision;
- ``line``: the line of an author's file (a practice hand) to fix, when known.
"""

from __future__ import annotations

import json
import re
from typing import Any, TypeVar

E = TypeVar("E", bound="EngineError")


def _code_of(class_name: str) -> str:
    """``"InvalidCardError"`` -> ``"invalid-card"``, ``"ScriptGap"`` -> ``"script-gap"``."""
    name = class_name.removesuffix("Error") or class_name
    return re.sub(r"(?<!^)(?=[A-Z])", "-", name).lower()


def shown(value: Any, limit: int = 40) -> str:
    """A value of a request as its author wrote it (JSON: ``"10"``, ``true``, ``null``), cut to
    ``limit`` characters, for quoting in a Spanish message (never Python's ``repr``)."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):  # not JSON data (a bug, or a caller's Python object)
        text = type(value).__name__
    return text if len(text) <= limit else text[: limit - 1] + "…"


class EngineError(ValueError):
    """Base class of every error the engine raises on bad input or illegal play."""

    code: str = "invalid"
    field: str | None = None
    at: int | None = None
    line: int | None = None

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        if "code" not in cls.__dict__:
            cls.code = _code_of(cls.__name__)

    def locate(self: E, *, field: str | None = None, at: int | None = None, line: int | None = None) -> E:
        """Attach where the error happened (keeping what is already known); returns ``self``."""
        if field is not None and self.field is None:
            self.field = field
        if at is not None and self.at is None:
            self.at = at
        if line is not None and self.line is None:
            self.line = line
        return self


class InvalidCardError(EngineError):
    """A card token cannot be parsed (``"Xx"``, ``"1s"``, ...)."""


class RequestError(EngineError):
    """A protocol request is malformed: a missing field, a value of the wrong type or out of range."""

    def __init__(self, field: str, problem: str) -> None:
        self.field = field
        self.problem = problem
        super().__init__(f"Campo «{field}»: {problem}")


class UnknownCommandError(EngineError):
    """The command named on the command line or in a worker message does not exist."""
