"""MkDocs hook: the English words the pages keep («kicker», «equity», «pot odds», «straddle») explain
themselves on tap and on focus, as the seats' codes do.

Each use of a word of :data:`engine.glossary.LOANWORDS` in a page's text becomes
``<abbr title="{meaning}" tabindex="0">kicker</abbr>``, with the glossary's meaning: site.css shows the
title beside a focused abbreviation, and a tap focuses it. Not inside a link, a heading, code or another
abbreviation, nor on the developers' pages. The meanings live only in the engine's glossary.
"""

from __future__ import annotations

import re

from engine.glossary import loanwords_in
from site_hooks.html import Markup, tag

#: Elements whose text is left as it is: a tap there already does something, or the text is code.
SKIPPED = frozenset({"a", "abbr", "button", "code", "h1", "h2", "h3", "h4", "h5", "h6", "kbd", "label", "option",
                     "pre", "script", "select", "style", "summary", "svg", "template", "textarea", "title"})
_PIECE = re.compile(r"<!--.*?-->|<[^>]*>", re.DOTALL)
_TAG = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9-]*)[^>]*?(/?)>")


def mark(html: str) -> str:
    """``html`` with each kept English word in its text marked.

    >>> mark('<p>Decide el kicker.</p><h2>El kicker</h2><p><a href="#">equity</a></p>')
    '<p>Decide el <abbr title="la carta de desempate" tabindex="0">kicker</abbr>.</p><h2>El kicker</h2><p><a href="#">equity</a></p>'
    """
    out: list[str] = []
    skipping: list[str] = []
    at = 0
    for piece in _PIECE.finditer(html):
        out.append(_text(html[at:piece.start()]) if not skipping else html[at:piece.start()])
        out.append(piece.group())
        at = piece.end()
        found = _TAG.match(piece.group())
        if found is None:
            continue
        closing, name, self_closing = found.group(1), found.group(2).lower(), found.group(3)
        if name not in SKIPPED or self_closing:
            continue
        if not closing:
            skipping.append(name)
        elif name in skipping:
            del skipping[len(skipping) - 1 - skipping[::-1].index(name):]
    out.append(_text(html[at:]) if not skipping else html[at:])
    return "".join(out)


def _text(text: str) -> str:
    spans = loanwords_in(text)
    if not spans:
        return text
    parts, at = [], 0
    for start, end, meaning in spans:
        parts += [text[at:start], tag("abbr", Markup(text[start:end]), title=meaning, tabindex="0")]
        at = end
    return "".join(parts + [text[at:]])


def on_page_content(html: str, page, **kwargs) -> str:
    if page.file.src_uri.startswith("desarrollo/"):  # the developers' pages speak to developers
        return html
    return mark(html)
