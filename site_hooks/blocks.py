"""Generated HTML that must not go through Markdown, shared by the hooks that render markers.

A hook turns a marker into HTML in ``on_page_markdown``; handing that HTML to Markdown would mangle
it (a table inside a content tab ends up in ``<p>``, attributes get rewritten). So the hook leaves a
placeholder token on a paragraph of its own and :class:`PageBlocks` puts the HTML back in
``on_page_content``, after Markdown has run.
"""

from __future__ import annotations

import re

from mkdocs.exceptions import PluginError


def fill(html: str, blocks: dict[str, str], src: str, what: str) -> str:
    """Replace each ``<p>token</p>`` of ``html`` by its block.

    :raises PluginError: naming ``src`` and ``what`` when a token did not end up as exactly one
        paragraph of its own (inside a table, a list or an HTML block, for instance).
    """
    for token, block in blocks.items():
        pattern = re.compile(rf"<p>\s*{re.escape(token)}\s*</p>")
        html, count = pattern.subn(lambda _match: block, html)
        if count != 1:
            raise PluginError(
                f"{src}: {what} no quedó en un párrafo propio. Deja una línea en blanco antes y después "
                "del marcador, y no lo pongas dentro de una tabla, una lista o un bloque HTML."
            )
    return html


class PageBlocks:
    """The blocks each page is waiting for, between ``on_page_markdown`` and ``on_page_content``."""

    def __init__(self, what: str) -> None:
        self.what = what  # Spanish, for errors: "la tabla generada", "el recorrido", "una pregunta"
        self._pending: dict[str, dict[str, str]] = {}

    def hold(self, src: str, blocks: dict[str, str]) -> None:
        """Keep ``blocks`` for page ``src`` (replacing what a previous build of it left)."""
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
