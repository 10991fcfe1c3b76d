"""site_hooks/material_bundle.py: Material's script is left out of the pages (they start it on demand),
its file is found in the theme, and the build wraps tables and marks code blocks as Material would."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest
from mkdocs.config import load_config
from mkdocs.exceptions import PluginError

from site_hooks import material_bundle

ROOT = Path(__file__).resolve().parents[2]


def test_doctests():
    result = doctest.testmod(material_bundle)
    assert result.failed == 0 and result.attempted >= 4


def test_the_bundle_is_the_one_materials_own_template_loads():
    config = material_bundle.on_config(load_config(str(ROOT / "mkdocs.yml")))
    path = config.extra["material_bundle"]
    template = next(Path(d) / "base.html" for d in config.theme.dirs if (Path(d) / "base.html").is_file())
    assert f"'{path}'" in template.read_text(encoding="utf-8")
    assert any((Path(d) / path).is_file() for d in config.theme.dirs)
    with pytest.raises(PluginError, match="único bundle"):
        material_bundle.bundle_path("<script src='assets/javascripts/bundle.1.min.js'></script>"
                                    "<script src='assets/javascripts/bundle.2.min.js'></script>")


def test_tables_nested_or_classed_keep_their_markup():
    html = '<table><tr><td><table><tr><td>x</td></tr></table></td></tr></table><table class="c"></table>'
    wrapped = material_bundle.wrap_tables(html)
    assert wrapped.count(material_bundle.WRAP_OPEN) == 2 and wrapped.count(material_bundle.WRAP_CLOSE) == 2
    assert re.sub(r"</?div[^>]*>", "", wrapped) == html  # only the wrapping boxes were added
    assert material_bundle.wrap_tables("<p>sin tablas</p>") == "<p>sin tablas</p>"


def test_every_page_starts_material_on_demand(built_site: Path):
    pages = sorted(built_site.rglob("index.html"))
    assert len(pages) > 20
    for page in pages:
        html = page.read_text(encoding="utf-8")
        name = page.relative_to(built_site)
        assert not re.search(r"<script[^>]+src=[^>]*bundle\.[0-9a-f]+\.min\.js", html), name
        assert re.search(r'<meta name="material-script" content="[./]*assets/javascripts/bundle\.[0-9a-f]+\.min\.js">',
                         html), name
        article = html[html.index("<article"):html.index("</article>")]
        bare = len(re.findall(r"<table(?![^>]*\sclass=)[^>]*>", article))
        assert article.count('<div class="md-typeset__table"><table') == bare, name
        assert not re.search(r"<pre\b[^>]*>(?:<span></span>)?<code(?![^>]*tabindex)", article), name
