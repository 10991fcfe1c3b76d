"""Field tracking: a field, at any depth, that the command does not read is refused, not ignored.

:func:`track` wraps the request in a :class:`_Tracked` object, a ``dict`` that remembers which
fields the handler asked about (``[]``, ``get``, ``in``: present or not); walking an object
(``items()``, ``keys()``...) reads all its fields (a map of names, say). A nested object is tracked
when the handler reads it, so an object never read costs nothing, and the caller's request is
never modified. After the command answered, :meth:`_Tracked.refuse_unread` raises
:class:`UnknownFieldError` for the first field nobody read (``"table.oponents"``,
``"reader[2].amout"``, with «¿Querías decir …?» when a field read there is close); a command
that changes a session calls :func:`refuse_unknown_fields` before the change. When the command
refused the request because a field is missing and the same object holds an unread field with a
close name (same first letter), :meth:`_Tracked.misspelt` gives that field, misspelt.

>>> request = track({"cards": ["As"], "vocabulario": "mx"})
>>> request["cards"], request.get("vocabulary")
(['As'], None)
>>> request.misspelt("vocabulary").field
'vocabulario'
"""

from __future__ import annotations

import difflib
from itertools import chain
from typing import Any

from ..errors import EngineError
from .codec import cut


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
                    return UnknownFieldError(f"Campo desconocido: «{cut(path)}». ¿Querías decir «{cut(key)}»?"
                                             ).locate(field=cut(path))
        return None

    def _refuse(self, key) -> None:
        path = f"{self.path}.{key}" if self.path else str(key)
        known = sorted(k for k in self.asked if isinstance(k, str))
        close = difflib.get_close_matches(str(key), known, n=1, cutoff=0.6)
        where = f"«{self.path}»" if self.path else "esta orden"
        hint = f" ¿Querías decir «{close[0]}»?" if close else (
            f" Campos que lee {where}: {', '.join(known)}." if known else "")
        raise UnknownFieldError(f"Campo desconocido: «{cut(path)}».{hint}").locate(field=cut(path))


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


def track(request: dict, objects: int | None = None) -> _Tracked:
    """The request as its handler sees it; ``objects``: how many objects (``{...}``) the request may
    hold at most, when known (the count of ``{`` in its line): once that many are tracked, none is
    left to look for."""
    found = _Found()
    found.objects = objects
    return _track(request, "", found)


def refuse_unknown_fields(request: dict) -> None:
    """For a command that changes a session: refuse an unknown field now, before the change (the
    other commands are checked after they answered). Call it once every field has been read.

    :raises UnknownFieldError: naming the first field nobody read.
    """
    if isinstance(request, _Tracked):
        request.refuse_unread()
