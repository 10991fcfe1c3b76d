"""MkDocs hook: tables and figures computed by the engine, at build time, from explicit markers.

A page asks for generated content with an HTML comment on a line of its own::

    <!-- engine:uth-blind-table -->
    <!-- engine:uth-example 2 -->

or, for a single figure inside a sentence, inline::

    El crupier no se clasifica en el <!-- engine:figure uth-dealer-fails --> de las manos.

The hook is scoped: a page without ``<!-- engine:`` is returned untouched. Markers inside fenced
code blocks are left alone (so the developer page can show them). An unknown marker, bad arguments,
a block marker used inside a sentence or an inline one on its own line stop the build with a
``PluginError`` that names the file and the line.

Every renderer builds plain data from the engine and turns it into HTML through :func:`table` and
friends, which escape all text. Numbers are written the Spanish way (1.350; 37,5; 0,902 %).
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Iterable, Sequence

from mkdocs.exceptions import PluginError

MARKER_PREFIX = "<!-- engine:"
MARKER_RE = re.compile(r"<!-- engine:(?P<name>[^\s>]*)(?P<args>[^>]*?)\s*-->")
MARKER_START_RE = re.compile(re.escape(MARKER_PREFIX))
FENCE_RE = re.compile(r"^[ \t]*(```|~~~)")
NBSP = "\u00a0"
MINUS = "\u2212"


class MarkerError(Exception):
    """A marker cannot be rendered; the message (Spanish) explains why, without the location."""


# ---------------------------------------------------------------------------------------------
# Safe HTML: text is escaped unless it is already Markup built by these helpers.

class Markup(str):
    """A string of HTML that is already safe (built from escaped parts)."""


def esc(value: object) -> Markup:
    """``value`` as safe HTML: Markup passes through, anything else is escaped."""
    if isinstance(value, Markup):
        return value
    return Markup(html.escape(str(value), quote=True))


def tag(name: str, content: object = "", **attrs: object) -> Markup:
    """``<name attr="...">content</name>``; attribute names use ``_`` for ``-``; None drops one."""
    parts = [name]
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        key = key.rstrip("_").replace("_", "-")
        parts.append(key if value is True else f'{key}="{esc(value)}"')
    return Markup(f"<{' '.join(parts)}>{esc(content)}</{name}>")


def join(parts: Iterable[object], sep: str = "") -> Markup:
    return Markup(esc(sep).join(esc(p) for p in parts))


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

    Cells are escaped; the first cell of each row is a row header unless told otherwise.
    """
    out = [f'<table data-engine-table="{esc(name)}">']
    if caption is not None:
        out.append(str(tag("caption", caption)))
    out.append("<thead><tr>" + "".join(tag("th", h, scope="col") for h in headers) + "</tr></thead>")
    out.append("<tbody>")
    for i, row in enumerate(rows):
        cls = row_classes[i] if row_classes else None
        cells = []
        for j, cell in enumerate(row):
            if not isinstance(cell, Cell):
                cell = Cell(cell, header=first_column_header and j == 0)
            data_value = None if cell.value is None else str(cell.value)
            if cell.header:
                cells.append(tag("th", cell.content, scope="row", class_=cell.cls, data_value=data_value))
            else:
                cells.append(tag("td", cell.content, class_=cell.cls, data_value=data_value))
        out.append(str(tag("tr", Markup("".join(cells)), class_=cls)))
    out.append("</tbody></table>")
    return Markup("\n".join(out))


def block(*parts: object) -> str:
    """Raw HTML parts separated by blank lines, so Markdown keeps each one as an HTML block."""
    return "\n\n".join(str(esc(p)) for p in parts if p)


# ---------------------------------------------------------------------------------------------
# Spanish number formatting.

def fmt_int(n: int) -> str:
    """``1350 -> "1.350"``, ``-500 -> "−500"`` (minus sign, not a hyphen)."""
    n = int(n)
    digits = f"{abs(n):,}".replace(",", ".")
    return (MINUS if n < 0 else "") + digits


def fmt_signed(n: int) -> str:
    """A net result: ``"+1.350"``, ``"−500"``, ``"0"``."""
    return ("+" if n > 0 else "") + fmt_int(n)


def fmt_decimal(x: float | Fraction, places: int) -> str:
    """``37.5 -> "37,5"`` with ``places`` decimals and thousands points."""
    text = f"{float(x):,.{places}f}"
    return text.replace(",", "\0").replace(".", ",").replace("\0", ".").replace("-", MINUS)


def fmt_pct(x: float | Fraction, places: int = 3) -> str:
    """A fraction as a percentage: ``0.00902 -> "0,902 %"`` (no-break space before %)."""
    return fmt_decimal(x * 100, places) + NBSP + "%"


def fmt_odds(odds: Fraction | tuple[int, int] | int) -> str:
    """Payout odds: ``Fraction(3, 2) -> "3 a 2"``, ``500 -> "500 a 1"``."""
    if isinstance(odds, tuple):
        num, den = odds
    else:
        odds = Fraction(odds)
        num, den = odds.numerator, odds.denominator
    return f"{fmt_int(num)} a {fmt_int(den)}"


# ---------------------------------------------------------------------------------------------
# Cards.

_RANK_SHOWN = {10: "10"}


def card_html(card) -> Markup:
    """``A♥`` with its Spanish name for screen readers; red suits get a class (the symbol stays)."""
    rank = _RANK_SHOWN.get(int(card.rank), card.rank.letter)
    cls = "card card--red" if card.suit.is_red else "card"
    return tag("span", f"{rank}{card.suit.symbol}", class_=cls, role="img", aria_label=card.name_es)


def cards_html(cards: Iterable) -> Markup:
    return Markup(" ".join(card_html(c) for c in cards))


def parse(text: str) -> list:
    from engine.cards import parse_cards

    return parse_cards(text)


# ---------------------------------------------------------------------------------------------
# Marker registry.

@dataclass(frozen=True)
class Marker:
    name: str
    render: Callable[[list[str]], str]
    inline: bool
    summary: str


MARKERS: dict[str, Marker] = {}


def marker(name: str, summary: str, *, inline: bool = False):
    """Register a renderer: ``render(args) -> str`` (Markdown/HTML)."""

    def register(func):
        MARKERS[name] = Marker(name, func, inline, summary)
        return func

    return register


def render(name: str, args: Sequence[str] = (), *, inline: bool | None = None) -> str:
    """Render one marker (what the hook puts in place of ``<!-- engine:name args -->``).

    :raises MarkerError: unknown marker, wrong placement or bad arguments.
    """
    found = MARKERS.get(name)
    if found is None:
        raise MarkerError(f"marcador desconocido «engine:{name}». Marcadores válidos: {', '.join(sorted(MARKERS))}.")
    if inline is not None and inline != found.inline:
        if found.inline:
            raise MarkerError(f"«engine:{name}» es una cifra: va dentro de una frase, no en una línea sola.")
        raise MarkerError(f"«engine:{name}» genera un bloque: debe ir solo en su línea.")
    try:
        return found.render(list(args))
    except MarkerError:
        raise
    except ImportError as exc:
        raise MarkerError(f"«engine:{name}» necesita un módulo del motor que no se puede importar: {exc}") from exc
    except Exception as exc:  # an engine change broke a renderer: say which marker
        raise MarkerError(f"no se pudo generar «engine:{name}»: {type(exc).__name__}: {exc}") from exc


def expand(markdown: str, src: str = "<página>") -> str:
    """Replace every marker in ``markdown``; ``src`` names the file in error messages.

    :raises PluginError: with ``src:line`` for the first marker that cannot be rendered.
    """
    lines = markdown.split("\n")
    out: list[str] = []
    fence: str | None = None
    for number, line in enumerate(lines, start=1):
        match = FENCE_RE.match(line)
        if match:
            if fence is None:
                fence = match.group(1)
            elif fence == match.group(1):
                fence = None
            out.append(line)
            continue
        if fence is not None or MARKER_PREFIX not in line:
            out.append(line)
            continue
        try:
            out.append(_expand_line(line))
        except MarkerError as exc:
            raise PluginError(f"{src}:{number}: {exc}") from exc
    return "\n".join(out)


def _expand_line(line: str) -> str:
    stripped = line.strip()
    whole = MARKER_RE.fullmatch(stripped)
    if whole:
        name, args = whole.group("name"), whole.group("args").split()
        found = MARKERS.get(name)
        if found is not None and found.inline:
            raise MarkerError(f"«engine:{name}» es una cifra: va dentro de una frase, no en una línea sola.")
        indent = line[: len(line) - len(line.lstrip())]
        rendered = render(name, args, inline=False)
        body = "\n".join((indent + l) if l.strip() else "" for l in rendered.split("\n"))
        return f"\n{body}\n"
    starts = len(MARKER_START_RE.findall(line))
    matches = list(MARKER_RE.finditer(line))
    if len(matches) != starts:
        raise MarkerError("marcador mal cerrado: se esperaba «<!-- engine:nombre argumentos -->».")
    pieces, last = [], 0
    for m in matches:
        pieces.append(line[last:m.start()])
        pieces.append(render(m.group("name"), m.group("args").split(), inline=True))
        last = m.end()
    pieces.append(line[last:])
    return "".join(pieces)


def on_page_markdown(markdown, page, config, files, **kwargs):
    if MARKER_PREFIX not in markdown:
        return None
    return expand(markdown, f"docs/{page.file.src_uri}")


# ---------------------------------------------------------------------------------------------
# Helpers shared by renderers.

def no_args(name: str, args: Sequence[str]) -> None:
    if args:
        raise MarkerError(f"«engine:{name}» no lleva argumentos (recibidos: {' '.join(args)}).")


def one_arg(name: str, args: Sequence[str], allowed: Iterable[str]) -> str:
    allowed = list(allowed)
    if len(args) != 1 or args[0] not in allowed:
        raise MarkerError(f"«engine:{name}» lleva un argumento entre: {', '.join(allowed)} (recibidos: {' '.join(args) or 'ninguno'}).")
    return args[0]


def tabs(items: Sequence[tuple[str, str]]) -> str:
    """Material content tabs (pymdownx.tabbed) holding raw HTML blocks: work without JavaScript."""
    out = []
    for title, content in items:
        title = title.replace('"', "'")
        out.append(f'=== "{title}"\n')
        out.extend(("    " + l) if l.strip() else "" for l in content.split("\n"))
        out.append("")
    return "\n".join(out)
