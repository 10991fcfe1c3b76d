"""Ultimate Texas Hold'em's table of pages: every site address the engine gives for this game (its ``pages``
facet, :class:`engine.games.Pages`)."""

from __future__ import annotations

from .. import Pages

PAGES = Pages({
    "rules": "/ultimate/",
    "quiz": "/ultimate/ponte-a-prueba/",
    "drills": "/ultimate/practica/",
    "trainer": "/ultimate/entrenador/",
    "odds": "/ultimate/probabilidades/",
})
