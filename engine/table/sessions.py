"""Sessions kept in the engine between requests (a hand at a table, a session of Ultimate hands), by the id
the page chose: at most :data:`MAX_SESSIONS` in each store, the one used least recently forgotten first.

>>> store = SessionStore()
>>> store.keep("a", 1); store.find("a")
1
>>> store.find("b")
Traceback (most recent call last):
engine.table.sessions.UnknownSessionError: La mano «b» ya no está en juego: empieza de nuevo.
"""

from __future__ import annotations

from collections import OrderedDict

from ..errors import EngineError, RequestError
from ..requests import require

__all__ = ["MAX_SESSIONS", "MAX_SESSION_ID", "SessionStore", "UnknownSessionError"]

MAX_SESSIONS = 4
MAX_SESSION_ID = 64


class UnknownSessionError(EngineError):
    """A step for a session the engine does not keep (never started, ended or evicted)."""


class SessionStore:
    """Sessions kept in the engine between requests, by the session id the page chose: at most
    :data:`MAX_SESSIONS`, the one used least recently forgotten first."""

    def __init__(self, lost: str = "La mano «{key}» ya no está en juego: empieza de nuevo.") -> None:
        self._items: OrderedDict[str, object] = OrderedDict()
        #: What a request for a session not kept is told (``{key}``: its id).
        self.lost = lost

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self):
        return iter(self._items)

    @staticmethod
    def key(request: dict) -> str:
        """The request's ``session`` id, checked."""
        value = require(request, "session", "session", str)
        if not 1 <= len(value) <= MAX_SESSION_ID:
            raise RequestError("session", f"debe ser un texto de 1 a {MAX_SESSION_ID} caracteres")
        return value

    def forget(self, key: str) -> None:
        self._items.pop(key, None)

    def keep(self, key: str, value: object) -> None:
        self._items[key] = value
        while len(self._items) > MAX_SESSIONS:
            self._items.popitem(last=False)

    def find(self, key: str):
        """The session kept as ``key``, now the most recently used.

        :raises UnknownSessionError: when it is not kept.
        """
        value = self._items.get(key)
        if value is None:
            raise UnknownSessionError(self.lost.format(key=key)).locate(field="session")
        self._items.move_to_end(key)
        return value
