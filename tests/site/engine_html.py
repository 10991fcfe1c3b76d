"""Read back the tables that site_hooks/tables.py generates (``<table data-engine-table="...">``).

A small HTMLParser, so tests compare what a reader sees with the engine's data instead of
searching strings.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser


@dataclass
class HtmlCell:
    text: str
    value: str | None
    header: bool
    classes: tuple[str, ...]
    #: aria-label of every card in the cell (``"As de picas"``), in order.
    cards: list[str] = field(default_factory=list)


@dataclass
class HtmlRow:
    cells: list[HtmlCell]
    classes: tuple[str, ...]

    @property
    def texts(self) -> list[str]:
        return [c.text for c in self.cells]

    @property
    def values(self) -> list[str | None]:
        return [c.value for c in self.cells]


@dataclass
class HtmlTable:
    name: str
    caption: str = ""
    headers: list[str] = field(default_factory=list)
    rows: list[HtmlRow] = field(default_factory=list)

    def row(self, first: str) -> HtmlRow:
        """The row whose first cell's text or data-value is ``first``."""
        for row in self.rows:
            if row.cells[0].text == first or row.cells[0].value == first:
                return row
        raise KeyError(f"{self.name}: no row {first!r}; rows: {[r.cells[0].text for r in self.rows]}")

    def column(self, header: str) -> list[HtmlCell]:
        index = self.headers.index(header)
        return [row.cells[index] for row in self.rows]


class _Parser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tables: list[HtmlTable] = []
        self.table: HtmlTable | None = None
        self.row: HtmlRow | None = None
        self.cell: HtmlCell | None = None
        self.in_head = False
        self.in_caption = False
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "table" and "data-engine-table" in attrs:
            self.table = HtmlTable(attrs["data-engine-table"])
        if self.table is None:
            return
        if tag == "caption":
            self.in_caption, self.text = True, []
        elif tag == "thead":
            self.in_head = True
        elif tag == "tr" and not self.in_head:
            self.row = HtmlRow([], tuple((attrs.get("class") or "").split()))
        elif tag in ("td", "th"):
            self.text = []
            self.cell = HtmlCell("", attrs.get("data-value"), tag == "th", tuple((attrs.get("class") or "").split()))
        elif tag == "span" and self.cell is not None and "aria-label" in attrs:
            self.cell.cards.append(attrs["aria-label"])
        elif tag == "br":
            self.text.append(" ")

    def handle_endtag(self, tag):
        if self.table is None:
            return
        if tag == "caption":
            self.table.caption = _clean(self.text)
            self.in_caption = False
        elif tag == "thead":
            self.in_head = False
        elif tag in ("td", "th"):
            text = _clean(self.text)
            if self.in_head:
                self.table.headers.append(text)
            elif self.cell is not None and self.row is not None:
                self.cell.text = text
                self.row.cells.append(self.cell)
            self.cell = None
        elif tag == "tr" and self.row is not None:
            self.table.rows.append(self.row)
            self.row = None
        elif tag == "table":
            self.tables.append(self.table)
            self.table = None

    def handle_data(self, data):
        if self.table is not None:
            self.text.append(data)


def _clean(parts: list[str]) -> str:
    """Collapse ASCII white space only: the no-break space before "%" is part of the text."""
    return re.sub(r"[ \t\r\n\f]+", " ", "".join(parts)).strip(" ")


def read_tables(html: str) -> dict[str, HtmlTable]:
    """Every generated table in ``html``, by its data-engine-table name."""
    parser = _Parser()
    parser.feed(str(html))
    parser.close()
    return {t.name: t for t in parser.tables}


def read_table(html: str) -> HtmlTable:
    """The only generated table in ``html``."""
    tables = read_tables(html)
    assert len(tables) == 1, list(tables)
    return next(iter(tables.values()))
