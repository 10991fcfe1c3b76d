"""site_hooks/loanwords.py: every English word a page keeps explains itself on tap and on focus."""

from __future__ import annotations

import doctest
from html.parser import HTMLParser
from pathlib import Path

from engine.glossary import LOANWORDS, loanwords_in
from site_hooks import loanwords
from site_hooks.loanwords import SKIPPED


def test_doctests():
    result = doctest.testmod(loanwords)
    assert result.failed == 0 and result.attempted >= 1


class _Text(HTMLParser):
    """The article's text outside the elements the hook leaves alone, and its marked words."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.article = 0
        self.free: list[str] = []
        self.marked: list[tuple[str, str | None, str | None]] = []
        self._abbr: dict | None = None

    def handle_starttag(self, name, attrs):
        if name in ("br", "hr", "img", "input", "wbr", "meta", "link", "source", "path", "use", "rect", "circle"):
            return
        self.stack.append(name)
        self.article += name == "article"
        if name == "abbr":
            self._abbr = {**dict(attrs), "text": ""}

    def handle_endtag(self, name):
        if name not in self.stack:
            return
        while self.stack and self.stack.pop() != name:
            pass
        if name == "article":
            self.article -= 1
        if name == "abbr" and self._abbr is not None:
            self.marked.append((self._abbr["text"], self._abbr.get("title"), self._abbr.get("tabindex")))
            self._abbr = None

    def handle_data(self, data):
        if self._abbr is not None:
            self._abbr["text"] += data
        if self.article and not SKIPPED & set(self.stack):
            self.free.append(data)


def test_every_english_word_a_page_keeps_is_marked_with_its_meaning(built_site: Path):
    unmarked, wrong, marked = [], [], 0
    for path in sorted(built_site.rglob("*.html")):
        where = path.relative_to(built_site).as_posix()
        if where.startswith("desarrollo/"):  # the developers' pages speak to developers
            continue
        parser = _Text()
        parser.feed(path.read_text(encoding="utf-8"))
        unmarked += [f"{where}: {text[a:b]}" for text in parser.free for a, b, _ in loanwords_in(text)]
        for text, title, tabindex in parser.marked:
            meaning = LOANWORDS.get(" ".join(text.lower().split()))
            if meaning is not None:
                marked += 1
                if (title, tabindex) != (meaning, "0"):
                    wrong.append(f"{where}: {text} {title!r} {tabindex!r}")
    assert unmarked == [] and wrong == []
    assert marked >= 5  # kicker, equity and straddle are on the Hold'em pages
