"""MkDocs hook: each page names the modules of its own interactive parts in its HTML.

``docs/javascripts/ui/features.js`` holds the one list of the site's interactive parts, ``FEATURES``:
the selector of a part's element and the module that drives it. In the browser it imports, on every page
shown (instant navigation included), the modules of the parts the page has. On the page a reader opens,
that import could start only once features.js had arrived and run: a round trip later, and the part
would then build itself after the first paint, where Lighthouse counts its work as blocking (measured on
the Hold'em simulator: total blocking time 418 ms). So the build reads the same list and writes into each
page the ``<script type="module">`` of each part it holds, beside features.js's: the browser fetches them
at once and runs them before ``DOMContentLoaded``; features.js's own import of them is then the same
module, run once.

The selectors are the simple ones the list uses: ``[attribute]``, ``#id`` and ``.class``; another kind
stops the build with a message naming the list.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

from mkdocs.exceptions import PluginError

#: The list, and the script of the pages that loads it (mkdocs.yml's extra_javascript).
SOURCE = "javascripts/ui/features.js"

_LIST_RE = re.compile(r"export const FEATURES = \[(.*?)\n\];", re.S)
_ENTRY_RE = re.compile(r'\[\s*"([^"]+)"\s*,\s*"\./([^"]+)"\s*\]')
_SELECTOR_RE = re.compile(r"^(?:\[([a-z][a-z0-9-]*)\]|#([A-Za-z][\w-]*)|\.([A-Za-z][\w-]*))$")

_features: list[tuple[str, str]] = []


def read_features(text: str, where: str = SOURCE) -> list[tuple[str, str]]:
    """The ``[selector, module]`` pairs of features.js's ``FEATURES``, the module relative to ui/.

    >>> read_features('export const FEATURES = [\\n  ["#simulador", "./simulator/main.js"],\\n];')
    [('#simulador', 'simulator/main.js')]
    """
    found = _LIST_RE.search(text)
    entries = _ENTRY_RE.findall(found.group(1)) if found else []
    if not entries:
        raise PluginError(f"{where}: no encuentro la lista FEATURES ([selector, módulo], …)")
    for selector, _ in entries:
        if not _SELECTOR_RE.match(selector):
            raise PluginError(f"{where}: el selector «{selector}» de FEATURES no es de los que entiende "
                             "site_hooks/features.py ([atributo], #id o .clase)")
    return entries


class _Elements(HTMLParser):
    """The attribute names, ids and classes of a page's elements."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.attributes: set[str] = set()
        self.ids: set[str] = set()
        self.classes: set[str] = set()

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            self.attributes.add(name)
            if name == "id" and value:
                self.ids.add(value)
            elif name == "class" and value:
                self.classes.update(value.split())


def modules_of(html: str, features: list[tuple[str, str]]) -> list[str]:
    """The modules (relative to ui/) of the parts whose element the page holds, in the list's order.

    >>> modules_of('<div id="simulador" data-engine></div><p class="x">', [("#simulador", "a.js"),
    ...            ("[data-engine]", "b.js"), (".y", "c.js"), (".x", "d.js")])
    ['a.js', 'b.js', 'd.js']
    """
    page = _Elements()
    page.feed(html)
    wanted = []
    for selector, module in features:
        attribute, ident, klass = _SELECTOR_RE.match(selector).groups()
        if (attribute and attribute in page.attributes) or (ident and ident in page.ids) \
                or (klass and klass in page.classes):
            wanted.append(module)
    return wanted


def with_modules(output: str, modules: list[str]) -> str:
    """The page with a module script for each of ``modules`` after features.js's own tag (same address
    prefix, so each is the very module features.js imports)."""
    tag = re.search(r'<script src="([^"]*)' + re.escape(SOURCE) + r'" type="module"></script>', output)
    if not tag or not modules:
        return output
    base = tag.group(1) + SOURCE.rsplit("/", 1)[0] + "/"
    scripts = "".join(f'\n<script src="{base}{module}" type="module"></script>' for module in modules)
    return output[:tag.end()] + scripts + output[tag.end():]


def on_config(config):
    _features[:] = read_features((Path(config.docs_dir) / SOURCE).read_text(encoding="utf-8"))
    return config


def on_post_page(output, page, config):
    return with_modules(output, modules_of(output, _features))
