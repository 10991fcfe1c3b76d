"""MkDocs hook: where Material's own script is, so that the pages can start it on demand.

Material's ``base.html`` loads its bundle (search, instant navigation, the table of contents'
marks, the header) at the end of every page, and its start is one long task: on a phone, half a
second in which the page cannot answer a touch (Lighthouse's «total blocking time»), before and
around the first paint. ``overrides/main.html`` leaves that ``<script>`` out and starts the same
file on the reader's first touch, key or wheel (the page reads, scrolls and follows its links without
it). This hook finds the bundle's file name (it carries a hash that changes with Material's version)
in the theme's own template and gives it to the pages as ``config.extra.material_bundle``.
"""

from __future__ import annotations

import re
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

#: The bundle's path in Material's template: ``assets/javascripts/bundle.<hash>.min.js``.
BUNDLE_RE = re.compile(r"""['"](assets/javascripts/bundle\.[0-9a-f]+\.min\.js)['"]""")


def bundle_path(template: str) -> str:
    """The one bundle a Material template loads.

    >>> bundle_path('<script src="{{ \\'assets/javascripts/bundle.a5f9d56c.min.js\\' | url }}"></script>')
    'assets/javascripts/bundle.a5f9d56c.min.js'
    >>> bundle_path("<p>")
    Traceback (most recent call last):
    ...
    mkdocs.exceptions.PluginError: material_bundle: la plantilla de Material no carga un único bundle.*.min.js (0 encontrados)
    """
    found = sorted(set(BUNDLE_RE.findall(template)))
    if len(found) != 1:
        raise PluginError(f"material_bundle: la plantilla de Material no carga un único bundle.*.min.js "
                          f"({len(found)} encontrados)")
    return found[0]


def on_config(config):
    folders = [Path(folder) for folder in config.theme.dirs]
    # The base.html that `{% extends "base.html" %}` finds: the first in the theme's search path.
    template = next((folder / "base.html" for folder in folders if (folder / "base.html").is_file()), None)
    if template is None:
        raise PluginError("material_bundle: no se encuentra base.html en el tema")
    path = bundle_path(template.read_text(encoding="utf-8"))
    if not any((folder / path).is_file() for folder in folders):
        raise PluginError(f"material_bundle: el tema no trae {path}")
    config.extra["material_bundle"] = path
    return config


# Material's script wraps every table without a class in two boxes when it starts (a scroller the
# width of the page, and the table's frame). It now starts after the first paint, so a table it
# wrapped then would move the page under the reader's eyes. The build wraps them the same way; when
# Material wraps them again, site.css makes its inner pair boxless (display: contents).
_TABLE_TAG_RE = re.compile(r"<(/?)table\b([^>]*)>", re.I)
_CLASS_RE = re.compile(r"""\sclass\s*=""", re.I)
WRAP_OPEN = '<div class="md-typeset__scrollwrap"><div class="md-typeset__table">'
WRAP_CLOSE = "</div></div>"


def wrap_tables(html: str) -> str:
    """Every ``<table>`` without a class attribute, inside Material's two wrapping boxes.

    >>> wrap_tables('<p>a</p><table><tr><td>1</td></tr></table><table class="x"></table>')
    '<p>a</p><div class="md-typeset__scrollwrap"><div class="md-typeset__table"><table><tr><td>1</td></tr></table></div></div><table class="x"></table>'
    >>> wrap_tables('<table><tr><td><table class="in"></table></td></tr></table>').count('scrollwrap')
    1
    """
    out, at, stack = [], 0, []
    for match in _TABLE_TAG_RE.finditer(html):
        closing, attrs = match.group(1), match.group(2)
        if not closing:
            wrap = not _CLASS_RE.search(attrs)
            stack.append(wrap)
            if wrap:
                out += [html[at:match.start()], WRAP_OPEN]
                at = match.start()
        elif stack and stack.pop():
            out += [html[at:match.end()], WRAP_CLOSE]
            at = match.end()
    out.append(html[at:])
    return "".join(out)


# Material also makes a code block that scrolls sideways focusable (tabindex="0"), so that a keyboard
# can scroll it, and takes the mark off one that does not scroll. Until it starts, every block has it.
_CODE_RE = re.compile(r"(<pre\b[^>]*>(?:<span></span>)?<code\b)(?![^>]*\btabindex=)", re.I)


def focusable_code(html: str) -> str:
    """Every ``<pre><code>`` block reachable by the keyboard (Material keeps the mark where it scrolls).

    >>> focusable_code('<pre><span></span><code>a</code></pre><pre><code tabindex="0">b</code></pre>')
    '<pre><span></span><code tabindex="0">a</code></pre><pre><code tabindex="0">b</code></pre>'
    """
    return _CODE_RE.sub(r'\1 tabindex="0"', html)


@event_priority(-100)  # after the hooks that put their tables into the page
def on_page_content(html, page, config, files):
    return focusable_code(wrap_tables(html))
