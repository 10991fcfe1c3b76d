"""MkDocs hook: tables and figures computed by the engine, at build time, from explicit markers.

A page asks for generated content with an HTML comment on a line of its own::

    <!-- engine:uth-blind-table -->
    <!-- engine:uth-example 2 -->

or, for a single figure inside a sentence, inline::

    El crupier no se clasifica en el <!-- engine:figure uth-dealer-fails --> de las manos.

The hook is scoped: a page without ``<!-- engine:`` is returned untouched. Markers inside fenced
code or code spans are left alone (so the developer page can show them). An unknown marker, bad
arguments, a block marker used inside a sentence or an inline one on its own line stop the build
with a :class:`~site_hooks.markers.MarkerError` that names the file and the line.

This file only finds markers (:mod:`site_hooks.markers`) and calls the renderers, one module per
game in :mod:`site_hooks.render`. A block marker becomes a placeholder paragraph at the marker's
indentation (so it works inside content tabs and admonitions) and its HTML goes back in after
Markdown has run; the search index is built later, so it sees the tables' text.
"""

from __future__ import annotations

from dataclasses import dataclass

from site_hooks import markers
from site_hooks.html import Markup, esc
from site_hooks.render import REGISTRY, Tabs

PREFIX = "engine"
PAGES = markers.Stash("la tabla generada", "ENGINETABLESBLOCK")


def render(name: str, args=(), *, inline: bool | None = None) -> Markup | Tabs | str:
    """One marker's output: HTML (:class:`Markup`), :class:`Tabs` of HTML, or an inline figure's text.

    :raises MarkerError: unknown marker, wrong placement or bad arguments.
    """
    return REGISTRY.render(name, args, inline=inline)


@dataclass
class Expansion:
    """A page's Markdown with every marker replaced, and the HTML blocks its placeholders stand for."""

    markdown: str
    blocks: dict[str, str]


def expand(markdown: str, src: str = "<página>", *, first_line: int = 1,
           blocks: markers.PageBlocks | None = None) -> Expansion:
    """Replace every marker in ``markdown``; ``src`` and ``first_line`` place errors in the file.

    :raises MarkerError: with ``src:line`` for the first marker that cannot be rendered.
    """
    blocks = blocks if blocks is not None else markers.PageBlocks(PAGES.token)

    def replace(found: markers.Marker) -> str:
        rendered = render(found.name, found.args, inline=not found.alone)
        if not found.alone:
            return esc(rendered)
        if isinstance(rendered, Tabs):
            body = []
            for title, html in rendered.items:
                body += [f'=== "{title}"', "", "    " + blocks.put(html), ""]
            return "\n".join(body)
        return blocks.put(rendered)

    text = markers.expand(markdown, PREFIX, replace, src=src, first_line=first_line)
    return Expansion(text, blocks.items)


def on_page_markdown(markdown, page, config, files, **kwargs):
    src = markers.source_label(page, config)
    blocks = PAGES.page(src)
    if not markers.mentions(markdown, PREFIX):
        return None
    return expand(markdown, src, first_line=markers.first_line(page, markdown), blocks=blocks).markdown


def on_page_content(html, page, config, files, **kwargs):
    return PAGES.release(markers.source_label(page, config), html)
