"""Sessions: hands the engine keeps between requests (practice hands, the free table), by the id the
page chose, at most :data:`MAX_SESSIONS` per store.

>>> store = SessionStore()
>>> store.keep("a", 1); store.find("a")
1
>>> store.find("b")
Traceback (most recent call last):
engine.sessions.UnknownSessionError: La mano «b» ya no está en juego: empieza de nuevo.
"""

from __future__ import annotations

from collections import OrderedDict

from .errors import EngineError, RequestError
from .requests import require

MAX_SESSIONS = 4
MAX_SESSION_ID = 64


class UnknownSessionError(EngineError):
    """A step for a session the engine does not keep (never started, ended or evicted)."""


class SessionStore:
    """Hands kept in the engine between requests, by the session id the page chose: at most
    :data:`MAX_SESSIONS`, the one used least recently forgotten first. Practice hands and the free
    table each keep one store.
    """

    def __init__(self) -> None:
        self._items: OrderedDict[str, object] = OrderedDict()

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
        """The hand kept as ``key``, now the most recently used.

        :raises UnknownSessionError: when it is not kept.
        """
        value = self._items.get(key)
        if value is None:
            raise UnknownSessionError(f"La mano «{key}» ya no está en juego: empieza de nuevo.").locate(field="session")
        self._items.move_to_end(key)
        return value
