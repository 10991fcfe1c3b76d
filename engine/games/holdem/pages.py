"""Texas Hold'em's table of pages: every site address the engine gives for this game (its ``pages`` facet,
:class:`engine.games.Pages`)."""

from __future__ import annotations

from .. import Pages

PAGES = Pages({
    "rules": "/holdem/",
    "quiz": "/holdem/ponte-a-prueba/",
    "drills": "/holdem/practica/",
    "practice": "/holdem/simulador/",
    "hands": "/holdem/manos-comentadas/",
    "table": "/holdem/mesa/",
    "odds": "/holdem/probabilidades/",
})
