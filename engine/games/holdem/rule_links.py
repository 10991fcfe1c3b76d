"""Where the Hold'em rules page (docs/holdem/index.md) states each rule the table's events cite
(:data:`.texts.CITE`): the TDA rules and the guide's sections by the heading that states them there.
A section of this site links to its own heading (:class:`engine.table.cites.RuleLinks`)."""

from __future__ import annotations

from ...table.cites import RuleLinks
from .pages import PAGES

_GUIDE = "Guía de Texas Hold'em"
_SHOWDOWN = "El showdown: quién enseña primero"
_RAISES = "Apuesta y subida mínimas"

LINKS = RuleLinks(PAGES.relative("rules"), outside={
    "TDA 2024, regla 16": _SHOWDOWN,
    "TDA 2024, regla 17": _SHOWDOWN,
    "TDA 2024, regla 20-A": "Empates y fichas sueltas",
    "TDA 2024, regla 21": "All-in y botes secundarios",
    "TDA 2024, regla 43": _RAISES,
    "TDA 2024, regla 47": _RAISES,
    "TDA 2024, regla 58": "Las acciones",
    f"{_GUIDE}, «Las ciegas, SB y BB. El ante»": "Las ciegas y el ante",
    f"{_GUIDE}, «Reparto de cartas»": "El reparto",
    f"{_GUIDE}, «Primera ronda de apuestas – Apuestas preflop»": "1. Antes del flop (preflop)",
    f"{_GUIDE}, «Segunda ronda de apuestas – Apuestas Postflop»": "2. El flop",
    f"{_GUIDE}, «Reparto del Flop»": "2. El flop",
    f"{_GUIDE}, «Reparto del Turn»": "3. El turn",
    f"{_GUIDE}, «Reparto del River»": "4. El river",
    f"{_GUIDE}, «Muestra de cartas – Showdown»": _SHOWDOWN,
    "Reglas de este sitio: «Convención de este sitio: ciega antes que ante»": "Convención de este sitio",
})
