"""Exception hierarchy of the engine.

Every error a reader or an author can trigger is a :class:`EngineError` (a ``ValueError``) whose
message is in Spanish and quotes the offending input.
"""


class EngineError(ValueError):
    """Base class of every error the engine raises on bad input or illegal play."""


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
