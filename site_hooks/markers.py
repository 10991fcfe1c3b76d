"""What every hook needs to find its markers in a page and put generated HTML back after Markdown.

- :func:`fences` is the one fenced-code scanner (CommonMark rules: a fence of three or more
  backticks or tildes, closed by the same character at least as many times; indented fences inside
  lists and admonitions count). :func:`prose_lines` walks the lines outside fenced code.
- :func:`scan` finds HTML-comment markers (``<!-- engine:uth-example 2 -->``,
  ``<!-- escenario: 01-matar-los-ases -->``) outside fenced code and code spans, so pages can show
  them. :func:`expand` replaces each one through a hook's callback; :class:`Registry` maps marker
  names to renderers and fails on unknown names.
- :class:`Stash` keeps generated HTML behind placeholder tokens: Markdown would mangle the HTML (a
  table inside a content tab ends up in ``<p>``, attributes get rewritten), so a hook leaves a
  token on a paragraph of its own in ``on_page_markdown`` and puts the HTML back in
  ``on_page_content``, after Markdown has run.
- :class:`MarkerError` is the one error: a Spanish message that says where (``file:line``) once
  the location is known; it is a ``PluginError``, so MkDocs stops the build with it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Iterator

from mkdocs.exceptions import PluginError

from engine.keyvalue import Fence, fences  # noqa: F401 -- the one fence scanner (the engine checks quiz blocks too)
from engine.keyvalue import read_source

#: A code span on one line: a run of backticks, then text, then a run of exactly as many.
CODE_SPAN_RE = re.compile(r"(?<!`)(?P<ticks>`+)(?!`).+?(?<!`)(?P=ticks)(?!`)")
TOKEN_RE = re.compile(r"[A-Z][A-Z0-9]*")


class MarkerError(PluginError):
    """A marker or an author's block cannot be rendered; the message is Spanish.

    ``reason`` is the message alone; ``str(error)`` adds ``src:line:`` once they are known (see
    :meth:`at`), which is what MkDocs prints when the build stops.
    """

    def __init__(self, reason: str, *, src: str | None = None, line: int | None = None) -> None:
        self.reason = reason
        self.src = src
        self.line = line
        super().__init__(self._located())

    def _located(self) -> str:
        if self.src is None:
            return self.reason if self.line is None else f"línea {self.line}: {self.reason}"
        return f"{self.src}:{self.line}: {self.reason}" if self.line is not None else f"{self.src}: {self.reason}"

    def at(self, src: str | None = None, line: int | None = None) -> "MarkerError":
        """The same error with its location filled in (a location it already has is kept)."""
        return MarkerError(self.reason, src=self.src or src, line=self.line if self.line is not None else line)


# ---------------------------------------------------------------------------------------------
# Fenced code.

def _lines(text: str | list[str]) -> list[str]:
    return text.split("\n") if isinstance(text, str) else text


def prose_lines(text: str | list[str]) -> Iterator[tuple[int, str]]:
    """``(line number, line)`` for every line outside fenced code (numbers are 1-based)."""
    lines = _lines(text)
    code = set()
    for fence in fences(lines):
        code.update(range(fence.line, min(fence.end, len(lines)) + 1))
    for number, line in enumerate(lines, start=1):
        if number not in code:
            yield number, line


def without_code_spans(line: str) -> str:
    """``line`` with every inline code span blanked out (same length, so columns still match)."""
    return CODE_SPAN_RE.sub(lambda m: " " * len(m.group(0)), line)


# ---------------------------------------------------------------------------------------------
# Markers.

@dataclass(frozen=True)
class Marker:
    """One ``<!-- prefix:name args -->`` found in a page."""

    line: int  # 1-based, in the text scanned
    name: str  # the first word after the prefix ("" when there is none)
    args: tuple[str, ...]
    alone: bool  # the marker is the whole line (apart from indentation)
    indent: str  # the line's indentation
    start: int  # columns of the marker in its line
    end: int

    @property
    def text(self) -> str:
        return " ".join((self.name, *self.args)).strip()


def _opener(prefix: str) -> str:
    return f"<!-- {prefix}:"


def _patterns(prefix: str) -> tuple[re.Pattern, re.Pattern]:
    start = re.compile(rf"<!--\s*{re.escape(prefix)}:")
    whole = re.compile(rf"<!--\s*{re.escape(prefix)}:(?P<body>[^>]*?)\s*-->")
    return start, whole


def mentions(text: str, prefix: str) -> bool:
    """Whether ``text`` may hold a marker (a cheap test that keeps hooks scoped)."""
    return f"{prefix}:" in text and "<!--" in text


def scan(text: str, prefix: str, *, first_line: int = 1) -> list[Marker]:
    """Every marker with ``prefix`` outside fenced code and code spans, in order.

    :raises MarkerError: with the line for a marker that is not closed with ``-->``.
    """
    start_re, whole_re = _patterns(prefix)
    found: list[Marker] = []
    for number, line in prose_lines(text):
        if prefix not in line:
            continue
        visible = without_code_spans(line)
        starts = start_re.findall(visible)
        if not starts:
            continue
        matches = list(whole_re.finditer(visible))
        if len(matches) != len(starts):
            raise MarkerError(f"marcador mal cerrado: se esperaba «{_opener(prefix)}nombre … -->».",
                              line=number + first_line - 1)
        stripped = line.strip()
        for m in matches:
            words = m["body"].split()
            found.append(Marker(line=number + first_line - 1, name=words[0] if words else "",
                                args=tuple(words[1:]), alone=m.group(0) == stripped,
                                indent=line[: len(line) - len(line.lstrip())], start=m.start(), end=m.end()))
    return found


def expand(text: str, prefix: str, replace: Callable[[Marker], str], *, src: str, first_line: int = 1) -> str:
    """``text`` with every marker replaced by ``replace(marker)``.

    A marker alone on its line becomes the returned Markdown, each line indented like the marker and
    with blank lines around it (so it works inside lists, admonitions and content tabs); a marker
    inside a sentence is replaced in place by the returned text. ``replace`` decides which markers
    may stand where and raises :class:`MarkerError` otherwise; the error gets ``src`` and the line
    (``first_line`` is the number of the text's first line in the file).
    """
    try:
        markers = scan(text, prefix, first_line=first_line) if mentions(text, prefix) else []
    except MarkerError as exc:
        raise exc.at(src) from None
    if not markers:
        return text
    lines = text.split("\n")
    by_line: dict[int, list[Marker]] = {}
    for marker in markers:
        by_line.setdefault(marker.line - first_line, []).append(marker)
    for index, found in by_line.items():
        line = lines[index]
        try:
            if len(found) == 1 and found[0].alone:
                body = replace(found[0]).split("\n")
                lines[index] = "\n" + "\n".join(found[0].indent + l if l else "" for l in body) + "\n"
                continue
            for marker in reversed(found):
                line = line[: marker.start] + replace(marker) + line[marker.end:]
            lines[index] = line
        except MarkerError as exc:
            raise exc.at(src, found[0].line) from None
    return "\n".join(lines)


@dataclass(frozen=True)
class Entry:
    name: str
    render: Callable
    inline: bool
    summary: str


@dataclass
class Registry:
    """Marker names and their renderers; an unknown name stops the build instead of leaking."""

    prefix: str
    entries: dict[str, Entry] = field(default_factory=dict)

    def marker(self, name: str, summary: str, *, inline: bool = False):
        """Register a renderer for ``<!-- prefix:name args -->`` (``inline``: a figure inside a sentence)."""

        def register(func):
            if name in self.entries:
                raise ValueError(f"marker {self.prefix}:{name} registered twice")
            self.entries[name] = Entry(name, func, inline, summary)
            return func

        return register

    def entry(self, name: str, *, inline: bool | None = None) -> Entry:
        """The renderer of ``name``.

        :raises MarkerError: unknown name, or a block marker inside a sentence (``inline=True``) or
            an inline one alone on its line (``inline=False``).
        """
        found = self.entries.get(name)
        if found is None:
            raise MarkerError(f"marcador desconocido «{self.prefix}:{name}». "
                              f"Marcadores válidos: {', '.join(sorted(self.entries))}.")
        if inline is not None and inline != found.inline:
            if found.inline:
                raise MarkerError(f"«{self.prefix}:{name}» es una cifra: va dentro de una frase, no en una línea sola.")
            raise MarkerError(f"«{self.prefix}:{name}» genera un bloque: debe ir solo en su línea.")
        return found

    def render(self, name: str, args: Iterable[str] = (), *, inline: bool | None = None):
        """What the renderer of ``name`` returns for ``args``.

        :raises MarkerError: unknown name, wrong placement, bad arguments, or a renderer that broke
            (an engine change, say): the message names the marker.
        """
        found = self.entry(name, inline=inline)
        try:
            return found.render(list(args))
        except MarkerError:
            raise
        except Exception as exc:  # an engine change broke a renderer: say which marker
            raise MarkerError(f"no se pudo generar «{self.prefix}:{name}»: {type(exc).__name__}: {exc}") from exc


# ---------------------------------------------------------------------------------------------
# Placeholders: HTML kept aside while Markdown runs.

class PageBlocks:
    """The HTML blocks of one page, each behind a placeholder token Markdown leaves alone."""

    def __init__(self, token: str) -> None:
        self.token = token
        self.items: dict[str, str] = {}

    def put(self, html: object) -> str:
        """Keep ``html``; the token to write on a paragraph of its own in its place."""
        token = f"{self.token}{len(self.items)}X"
        self.items[token] = str(html)
        return token


def fill(html: str, blocks: dict[str, str], src: str, what: str) -> str:
    """Replace each ``<p>token</p>`` of ``html`` by its block.

    :raises MarkerError: naming ``src`` and ``what`` when a token did not end up as exactly one
        paragraph of its own (inside a table, a list item's text or an HTML block, for instance).
    """
    for token, block in blocks.items():
        pattern = re.compile(rf"<p>\s*{re.escape(token)}\s*</p>")
        html, count = pattern.subn(lambda _match: block, html)
        if count != 1:
            raise MarkerError(f"{what} no quedó en un párrafo propio. Deja una línea en blanco antes y después "
                              "del marcador, y no lo pongas dentro de una tabla, una lista o un bloque HTML.",
                              src=src)
    return html


class Stash:
    """One hook's placeholders: HTML waiting, page by page, between ``on_page_markdown`` and
    ``on_page_content``.

    ``what`` names the HTML in errors (Spanish: «la tabla generada», «el recorrido»); ``token`` is
    the placeholder prefix (capital letters and digits, different for every hook).
    """

    def __init__(self, what: str, token: str) -> None:
        if not TOKEN_RE.fullmatch(token):
            raise ValueError(f"placeholder prefix must be capital letters and digits: {token!r}")
        self.what = what
        self.token = token
        self._pending: dict[str, dict[str, str]] = {}

    def page(self, src: str) -> PageBlocks:
        """A fresh set of blocks for page ``src`` (dropping what an earlier build of it left)."""
        blocks = PageBlocks(self.token)
        self._pending[src] = blocks.items
        return blocks

    def hold(self, src: str, blocks: dict[str, str]) -> None:
        """Keep ready-made ``blocks`` (token -> HTML) for page ``src``."""
        if blocks:
            self._pending[src] = dict(blocks)
        else:
            self._pending.pop(src, None)

    def pending(self, src: str) -> dict[str, str]:
        """What page ``src`` is waiting for (for tests and diagnostics)."""
        return dict(self._pending.get(src, {}))

    def release(self, src: str, html: str) -> str:
        """``html`` with the page's blocks put back (unchanged when the page has none)."""
        blocks = self._pending.pop(src, None)
        return fill(html, blocks, src, self.what) if blocks else html


# ---------------------------------------------------------------------------------------------
# Where a page comes from.

def source_label(page, config=None) -> str:
    """The page's file for messages, relative to the project (``docs/ultimate/index.md``)."""
    file = page.file
    abs_path = getattr(file, "abs_src_path", None)
    config_path = config.get("config_file_path") if config else None
    if abs_path and config_path:
        try:
            return Path(abs_path).resolve().relative_to(Path(config_path).resolve().parent).as_posix()
        except ValueError:
            return str(abs_path)
    return f"docs/{file.src_uri}"


def read_author_file(path: Path, shown: str) -> str:
    """The text of an author's file (a page, a practice hand, a template) for any hook, read as
    ``python -m engine check`` reads it (:func:`engine.keyvalue.read_source`: UTF-8, cleaned).

    :raises MarkerError: ``shown:line`` and the engine's words, for a file that is not UTF-8 or cannot
        be opened (never a traceback)."""
    text, problem = read_source(path, shown)
    if problem is not None:
        raise MarkerError(problem.message, src=problem.path, line=problem.line)
    return text


def verify_source(page, config=None) -> None:
    """Stop the build on a page MkDocs cannot read as UTF-8, with ``file:line`` and the engine's words
    (:func:`engine.keyvalue.read_source`, the same as ``python -m engine check``), before MkDocs
    reads it itself (and would stop with a traceback).

    :raises MarkerError: at the line of the first byte that is not UTF-8.
    """
    abs_path = getattr(page.file, "abs_src_path", None)
    if not abs_path:
        return
    _, problem = read_source(Path(abs_path), source_label(page, config))
    if problem is not None:
        raise MarkerError(problem.message, src=problem.path, line=problem.line)


def first_line(page, markdown: str) -> int:
    """The file line where ``markdown`` starts: MkDocs strips the front matter before the hooks.

    ``page.markdown`` is the page as read (an earlier hook may already have changed ``markdown``).
    """
    abs_path = getattr(page.file, "abs_src_path", None)
    if not abs_path:
        return 1
    if isinstance(getattr(page, "markdown", None), str):
        markdown = page.markdown
    try:
        raw = Path(abs_path).read_text(encoding="utf-8-sig").replace("\r\n", "\n")
    except OSError:
        return 1
    if raw.endswith(markdown) and len(raw) > len(markdown):
        return raw[: len(raw) - len(markdown)].count("\n") + 1
    index = raw.find(markdown)
    return raw[:index].count("\n") + 1 if index > 0 else 1

