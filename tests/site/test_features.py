"""site_hooks/features.py: each built page names the modules of the interactive parts it holds, read from
the one list (docs/javascripts/ui/features.js), and no other."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest
from mkdocs.exceptions import PluginError

from site_hooks import features

ROOT = Path(__file__).resolve().parents[2]
LIST = features.read_features((ROOT / "docs" / features.SOURCE).read_text(encoding="utf-8"))


def test_doctests_pass():
    result = doctest.testmod(features)
    assert result.attempted and not result.failed


def modules_named(page: Path) -> list[str]:
    html = page.read_text(encoding="utf-8")
    return re.findall(r'<script src="[^"]*javascripts/ui/([^"]+)" type="module"></script>', html)


@pytest.mark.parametrize(("page", "parts"), [
    ("index.html", ["engine-status.js", "hand-widget.js", "progress-path.js"]),
    ("progreso/index.html", ["progress-page.js", "progress-path.js"]),
    ("mata-ases/simulador/index.html", ["engine-status.js", "simulator/main.js"]),
    ("holdem/simulador/index.html", ["engine-status.js", "simulator/main.js"]),
    ("mata-ases/mesa-libre/index.html", ["engine-status.js", "table/free.js"]),
    ("holdem/mesa/index.html", ["engine-status.js", "table/free.js"]),
    ("desarrollo/taller/index.html", ["engine-status.js", "workshop/loader.js"]),
    ("mata-ases/manos-comentadas/index.html", []),
])
def test_each_page_names_the_modules_of_its_parts(built_site: Path, page: str, parts: list[str]):
    assert modules_named(built_site / page) == ["features.js", *parts]


def test_every_page_names_exactly_the_modules_its_elements_need(built_site: Path):
    pages = sorted(built_site.rglob("index.html"))
    assert len(pages) > 30
    used = set()
    for page in pages:
        html = page.read_text(encoding="utf-8")
        named = modules_named(page)
        assert named[0] == "features.js", page
        assert named[1:] == features.modules_of(html, LIST), page
        used.update(named[1:])
    assert used == {module for _, module in LIST}  # every part of the list is on some page


def test_a_list_the_hook_cannot_read_stops_the_build_with_its_reason():
    with pytest.raises(PluginError, match="no encuentro la lista FEATURES"):
        features.read_features("export const PARTS = [];")
    with pytest.raises(PluginError, match=r"el selector «div > p» de FEATURES"):
        features.read_features('export const FEATURES = [\n  ["div > p", "./x.js"],\n];')
