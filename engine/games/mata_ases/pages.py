"""Mata Ases's table of pages: every site address the engine gives for this game (its ``pages`` facet,
:class:`engine.games.Pages`)."""

from __future__ import annotations

from .. import Pages

PAGES = Pages({
    "rules": "/mata-ases/",
    "quiz": "/mata-ases/quien-gana/",
    "drills": "/mata-ases/practica/",
    "practice": "/mata-ases/simulador/",
    "hands": "/mata-ases/manos-comentadas/",
    "table": "/mata-ases/mesa-libre/",
    "odds": "/mata-ases/probabilidades/",
})
