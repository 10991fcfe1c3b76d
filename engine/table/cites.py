"""Rule references as links to the site's own paragraph that states each rule.

An event's ``cite`` is one or more references joined by « · » («TDA 2024, regla 43 · Reglas de este
sitio: «Apuesta y subida mínimas»»). :class:`RuleLinks` (a game's data: its rules page and where each
outside rule is stated there) turns each reference into ``{"text", "href"}``: ``href`` is the page and
the anchor of the section that states it, relative to the site's root («holdem/#apuesta-y-subida-minimas»),
or ``None`` when the game does not say. A section of this site («Reglas de este sitio: «…»») links to its
own heading; the anchor is the heading's id as the build writes it (:func:`slug`).
tests/site/test_rule_links.py checks every anchor a game's citations name against the built pages.

>>> links = RuleLinks("holdem/", outside={"TDA 2024, regla 43": "Apuesta y subida mínimas"})
>>> links.parts("TDA 2024, regla 43 · Reglas de este sitio: «El reparto»")
[{'text': 'TDA 2024, regla 43', 'href': 'holdem/#apuesta-y-subida-minimas'}, {'text': 'Reglas de este sitio: «El reparto»', 'href': 'holdem/#el-reparto'}]
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Mapping

#: How references are joined inside one citation.
JOIN = " · "

_SITE = re.compile(r"^Reglas de este sitio: «(.+)»$")


def slug(heading: str) -> str:
    """A heading's id as the build writes it (Python-Markdown's default): accents dropped, lower case,
    punctuation gone, spaces as hyphens.

    >>> slug("El showdown: quién enseña primero"), slug("1. Antes del flop (preflop)")
    ('el-showdown-quien-ensena-primero', '1-antes-del-flop-preflop')
    """
    text = unicodedata.normalize("NFKD", heading).encode("ascii", "ignore").decode("ascii")
    text = re.sub(r"[^\w\s-]", "", text).strip().lower()
    return re.sub(r"[-\s]+", "-", text)


@dataclass(frozen=True)
class RuleLinks:
    """A game's rules page (``page``, from the site's root) and, for each outside reference (a TDA rule,
    a section of a guide or a rulebook), the heading of that page that states it (``outside``)."""

    page: str
    outside: Mapping[str, str] = field(default_factory=dict)

    def heading(self, reference: str) -> str | None:
        """The heading of :attr:`page` that states ``reference``, or None."""
        if reference in self.outside:
            return self.outside[reference]
        own = _SITE.match(reference)
        return own.group(1) if own else None

    def href(self, reference: str) -> str | None:
        heading = self.heading(reference)
        return f"{self.page}#{slug(heading)}" if heading else None

    def parts(self, cite: str) -> list[dict]:
        """Each reference of ``cite`` with its link (``href`` None where the game names no paragraph)."""
        return [{"text": part, "href": self.href(part)} for part in cite.split(JOIN)]
