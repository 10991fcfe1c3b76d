"""Moved to :mod:`site_hooks.markers` (:class:`~site_hooks.markers.Stash`); kept only until
``quizzes.py`` imports it from there."""

from __future__ import annotations

from site_hooks.markers import Stash, fill

__all__ = ["PageBlocks", "fill"]


class PageBlocks(Stash):
    """The former name: a :class:`Stash` whose blocks come ready-made through :meth:`Stash.hold`."""

    def __init__(self, what: str) -> None:
        super().__init__(what, "PAGEBLOCK")
