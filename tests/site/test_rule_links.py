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


def test_the_static_walkthroughs_link_their_cited_rules_to_anchors_that_exist(built_site):
    """The practice hands' pages (drawn without JavaScript) link each cited rule too, to an anchor of the
    built rules page."""
    from urllib.parse import urljoin

    seen = 0
    for page in built_site.glob("*/manos-comentadas/*/index.html"):
        html = page.read_text(encoding="utf-8")
        here = page.relative_to(built_site).parent.as_posix() + "/"
        for cite in re.findall(r'<cite class="sim-log__cite">(.*?)</cite>', html):
            for href in re.findall(r'<a href="([^"]+)"', cite):
                target, _, anchor = urljoin(here, href).partition("#")
                rules = (built_site / target / "index.html").read_text(encoding="utf-8")
                assert anchor and f'id="{anchor}"' in rules, (here, href)
                seen += 1
    assert seen > 20
