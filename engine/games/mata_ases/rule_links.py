"""Where the Mata Ases rules page (docs/mata-ases/index.md) states each rule the table's events cite
(:data:`.texts.CITE`): the rulebook's parts and the game's format by the heading that states them there.
A section of this site links to its own heading (:class:`engine.table.cites.RuleLinks`)."""

from __future__ import annotations

from ...table.cites import RuleLinks
from .pages import PAGES

_BOOK = "Reglamento Mata Ases Emporium Academy 2024"
_PHASES = "Cómo se juega una mano, fase por fase"

LINKS = RuleLinks(PAGES.relative("rules"), outside={
    f"{_BOOK}, desarrollo A y B": _PHASES,
    f"{_BOOK}, desarrollo C-1": "Las dos modalidades: Botón Ante y Bring In",
    f"{_BOOK}, desarrollo D": _PHASES,
    f"{_BOOK}, desarrollo E": "Cómo se forma tu jugada",
    f"{_BOOK}, desarrollo E y F": _PHASES,
    f"{_BOOK}, desarrollo F": "Si todos pasan, todos enseñan sus cartas",
    f"{_BOOK}, desarrollo H y regla 10-A": "Quién enseña primero en el showdown",
    f"{_BOOK}, regla 10-A": "El objetivo: matar los Ases",
    "Mata Ases, formato de juego": _PHASES,
})
