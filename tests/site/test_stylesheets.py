"""site_hooks/stylesheets.py: the pages link one stylesheet, the listed ones joined in their order."""

from __future__ import annotations

from pathlib import Path

from mkdocs.config import load_config
from mkdocs.structure.files import Files

from site_hooks import stylesheets

ROOT = Path(__file__).resolve().parents[2]


def test_the_pages_link_one_stylesheet_holding_every_listed_one_in_order():
    config = load_config(str(ROOT / "mkdocs.yml"))
    listed = list(config.extra_css)
    assert len(listed) > 1
    config = stylesheets.on_config(config)
    assert list(config.extra_css) == [stylesheets.BUNDLE]
    config.plugins._current_plugin = "stylesheets"  # what MkDocs sets while a hook runs
    files = stylesheets.on_files(Files([]), config)
    text = files.get_file_from_path(stylesheets.BUNDLE).content_string
    docs = ROOT / "docs"
    positions = [text.index((docs / path).read_text(encoding="utf-8")) for path in listed]
    assert positions == sorted(positions)  # the cascade keeps the order of mkdocs.yml
    # Built again (mkdocs serve rebuilds with the same config): still one bundle, not a bundle of it.
    assert list(stylesheets.on_config(config).extra_css) == [stylesheets.BUNDLE]
