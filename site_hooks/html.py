"""The one HTML builder of the hooks: text is escaped unless it is already :class:`Markup`.

Build HTML only from these pieces; never glue author or engine text into an f-string::

    >>> tag("p", "3 < 4 & más", class_="nota")
    '<p class="nota">3 &lt; 4 &amp; más</p>'
    >>> join([tag("strong", "Ojo:"), " <b>no</b>"], " ")
    '<strong>Ojo:</strong>  &lt;b&gt;no&lt;/b&gt;'
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

VOID_ELEMENTS = frozenset({"br", "hr", "img", "input", "wbr"})


class Markup(str):
    """A string of HTML that is already safe (built from escaped parts)."""


def esc(value: object) -> Markup:
    """``value`` as safe HTML: Markup passes through, anything else is escaped (quotes too)."""
    if isinstance(value, Markup):
        return value
    return Markup(html.escape(str(value), quote=True))


def attrs(**values: object) -> Markup:
    """`` name="value"`` pairs (leading space each); ``_`` in a name becomes ``-``, a trailing one
    is dropped (``class_``); ``None``/``False`` leave the attribute out, ``True`` writes its name."""
    parts = []
    for key, value in values.items():
        if value is None or value is False:
            continue
        key = key.rstrip("_").replace("_", "-")
        parts.append(f" {key}" if value is True else f' {key}="{esc(value)}"')
    return Markup("".join(parts))


def tag(name: str, content: object = "", **attributes: object) -> Markup:
    """``<name attr="...">content</name>`` (``<name attr="...">`` for void elements)."""
    opening = f"<{name}{attrs(**attributes)}>"
    if name in VOID_ELEMENTS:
        return Markup(opening)
    return Markup(f"{opening}{esc(content)}</{name}>")


def open_tag(name: str, **attributes: object) -> Markup:
    """``<name attr="...">`` alone, for a container whose content is built piece by piece."""
    return Markup(f"<{name}{attrs(**attributes)}>")


def join(parts: Iterable[object], sep: object = "") -> Markup:
    """The parts, each escaped unless Markup, separated by ``sep``."""
    return Markup(esc(sep).join(esc(p) for p in parts))


#: What Python-Markdown reads as markup after a backslash (``markdown.Markdown().ESCAPED_CHARS``).
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()>#+\-.!])")


def markdown_text(value: object) -> str:
    r"""``value`` as literal text on a Markdown line (a heading): HTML escaped, markup characters
    backslash-escaped, so an author's title shows as written.

    >>> print(markdown_text("1. Solo *uno* <b>[x]</b>"))
    1\. Solo \*uno\* &lt;b&gt;\[x\]&lt;/b&gt;
    """
    return _MARKDOWN_SPECIAL.sub(r"\\\1", html.escape(str(value), quote=False))


def block(*parts: object, sep: str = "\n") -> Markup:
    """Several HTML parts as one block (empty parts are skipped)."""
    return Markup(sep.join(str(esc(p)) for p in parts if p))


def card(face: Mapping[str, str], cls: str, *, red: str | None = None, more: str = "", label: str | None = None,
         title: bool = False) -> Markup:
    """A card face drawn from the engine's words (``engine.spanish.card_display``): ``A♥`` with its
    Spanish name as text alternative. A red card gets the class ``red`` (default ``cls--red``) on
    top of ``cls``, but its symbol always tells the suit: colour is never the only cue. ``more``
    adds classes, ``label`` replaces the name, ``title`` repeats it as a tooltip.

    >>> card({"rank": "10", "suit": "♥", "color": "red", "name": "10 de corazones"}, "naipe", red="naipe--rojo")
    '<span class="naipe naipe--rojo" role="img" aria-label="10 de corazones">10♥</span>'
    """
    classes = cls + (f" {red or cls + '--red'}" if face["color"] == "red" else "") + (f" {more}" if more else "")
    label = face["name"] if label is None else label
    return tag("span", face["rank"] + face["suit"], class_=classes, role="img", aria_label=label,
               title=label if title else None)


# ---------------------------------------------------------------------------------------------
# Tables.

def plain_text(value: object) -> str:
    """The text a reader sees in ``value``: Markup loses its tags (``<br>`` becomes a space).

    >>> plain_text(Markup("50-40<br>(este <b>sitio</b>)")), plain_text("3 < 4")
    ('50-40 (este sitio)', '3 < 4')
    """
    if not isinstance(value, Markup):
        return str(value)
    text = re.sub(r"<br\s*/?>", " ", value)
    return html.unescape(re.sub(r"<[^>]*>", "", text)).strip()


#: Engine tables with this many columns (or with cards in a cell) show each row as a card on phones
#: (``data-layout="cards"``, docs/stylesheets/rules.css); with WIDE_COLUMNS, narrower padding (``data-wide``).
CARD_COLUMNS = 4
WIDE_COLUMNS = 5


@dataclass(frozen=True)
class Cell:
    """A table cell with options: header cell (``th``), a CSS class, a data value for tests."""

    content: object
    header: bool = False
    cls: str | None = None
    value: object = None


def table(headers: Sequence[object], rows: Sequence[Sequence[object]], *, name: str,
          caption: object = None, row_classes: Sequence[str | None] | None = None,
          first_column_header: bool = True) -> Markup:
    """An HTML table (no class, so Material styles it) marked ``data-engine-table="name"``.

    Cells are escaped; the first cell of each row is a row header unless told otherwise. A
    :class:`Cell`'s ``value`` goes to ``data-value`` so tests can read the figure behind the text.
    Every cell carries its column's header as plain text in ``data-label`` (narrow screens show each
    row as a card, the label beside each value, when the table says ``data-layout="cards"``); an empty
    header is a ``td``, not a nameless ``th``.
    """
    labels = [plain_text(h) for h in headers]
    out = ["<thead><tr>" + "".join(tag("th", h, scope="col") if label else tag("td", "")
                                   for h, label in zip(headers, labels)) + "</tr></thead>"]
    out.append("<tbody>")
    for i, row in enumerate(rows):
        cells = []
        for j, cell in enumerate(row):
            if not isinstance(cell, Cell):
                cell = Cell(cell, header=first_column_header and j == 0)
            data_value = None if cell.value is None else str(cell.value)
            label = (labels[j] if j < len(labels) else "") or None
            if cell.header:
                cells.append(tag("th", cell.content, scope="row", class_=cell.cls, data_value=data_value,
                                 data_label=label))
            else:
                cells.append(tag("td", cell.content, class_=cell.cls, data_value=data_value, data_label=label))
        out.append(tag("tr", Markup("".join(cells)), class_=row_classes[i] if row_classes else None))
    out.append("</tbody></table>")
    body = "\n".join(out)
    # How it shows on phones, decided here rather than by :has() in the style sheet (a :has() with
    # :nth-child makes the browser restyle the whole page on every change anywhere in it).
    cards = len(headers) >= CARD_COLUMNS or 'class="naipes"' in body
    opening = f"<table{attrs(data_engine_table=name, data_layout='cards' if cards else None, data_wide=len(headers) >= WIDE_COLUMNS)}>"
    return Markup("\n".join([opening, *([tag("caption", caption)] if caption is not None else []), body]))
