"""Rule references are links to the site's own paragraph (engine/table/cites.py): every reference each
game's events can cite names a paragraph of its rules page, and that anchor is on the built page."""

from __future__ import annotations

import re

import pytest

from engine.games.holdem.rule_links import LINKS as HOLDEM_LINKS
from engine.games.holdem.texts import CITE as HOLDEM_CITE
from engine.games.mata_ases.rule_links import LINKS as MATA_LINKS
from engine.games.mata_ases.texts import CITE as MATA_CITE

GAMES = {"holdem": (HOLDEM_CITE, HOLDEM_LINKS), "mata-ases": (MATA_CITE, MATA_LINKS)}


def hrefs(game: str) -> set[str]:
    cites, links = GAMES[game]
    found = set()
    for key, cite in cites.items():
        for part in links.parts(cite):
            assert part["href"], f"{game}: «{part['text']}» (CITE[{key!r}]) no enlaza a ningún párrafo del sitio"
            found.add(part["href"])
    return found


@pytest.mark.parametrize("game", GAMES)
def test_every_cited_rule_links_to_an_anchor_on_its_rules_page(game, built_site):
    for href in hrefs(game):
        page, _, anchor = href.partition("#")
        html = (built_site / page / "index.html").read_text(encoding="utf-8")
        assert re.search(rf'\bid="{re.escape(anchor)}"', html), f"{href}: no hay ese ancla en /{page}"
