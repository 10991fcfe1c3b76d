"""The developers' and authors' guide (docs/desarrollo/) reads as pages, not as one scroll: each stays under
25 KB, and each is linked from the guide's first page or from a page it links."""

from __future__ import annotations

import re
from pathlib import Path

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "desarrollo"
LARGEST = 25 * 1024


def test_every_page_of_the_guide_is_under_25_kb():
    large = {page.name: page.stat().st_size for page in GUIDE.glob("*.md") if page.stat().st_size >= LARGEST}
    assert not large, f"pages of 25 KB or more (split them into pages that link each other): {large}"


def test_every_page_of_the_guide_is_reached_from_its_first_page():
    pages = {page.name for page in GUIDE.glob("*.md") if not page.name.startswith("_")}
    reached, todo = set(), ["index.md"]
    while todo:
        name = todo.pop()
        if name in reached or name not in pages:
            continue
        reached.add(name)
        text = (GUIDE / name).read_text(encoding="utf-8")
        todo += re.findall(r"\]\(([\w-]+\.md)(?:#[\w-]*)?\)", text)
    assert pages <= reached, f"pages no other page of the guide links: {sorted(pages - reached)}"
