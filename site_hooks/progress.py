"""MkDocs hook: what «Mi progreso» (docs/progreso.md) and the home page's path need from the build.

1. The browser library, pinned in package.json and bundled by esbuild like the workshop's editor
   (site_hooks/workshop.py): ``assets/progress/fsrs.js`` (ts-fsrs: the scheduler; the reader's log is
   IndexedDB's own API, docs/javascripts/progress/log.js). It is cached in ``.cache/progress-bundle/``
   by a hash of its entry (``scripts/progress/fsrs-entry.js``) and package-lock.json.
2. The engine's skills catalogue (``engine.progress.catalogue()``), read at build time, so «Mi progreso»
   draws without starting Python:

   - ``<!-- progreso:catalogo -->`` writes it into the page as ``<script type="application/json">``;
   - ``<!-- progreso:invitacion -->`` writes the home page's invitation to a returning reader (hidden until
     docs/javascripts/ui/progress-path.js fills it from the log);
   - ``<!-- progreso:destrezas -->`` (a free table's page) lists the play skills whose rule is that page's
     section, each with what it means, and how the review's grades count in «Mi progreso»;
   - ``<!-- progreso:mesa -->`` («Mi progreso») says how a free table's reviewed decisions count and when
     they are kept;
   - ``<!-- progreso:camino -->`` writes each game's path from zero as a list of links, each with what
     ticks it (it works without JavaScript; docs/javascripts/ui/progress-path.js ticks the steps done from
     the reader's log);
   - a page a path step asks to read gets a mark after its content (``data-progress-read``):
     docs/javascripts/ui/progress-read.js notes the page as read once the reader reaches it.

The hook is scoped: a page without ``<!-- progreso:`` is returned untouched; an unknown marker stops
the build with file:line.
"""

from __future__ import annotations

import json
import posixpath
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File

from engine.errors import EngineError

from site_hooks import bundles, markers
from site_hooks.html import Markup, block, tag

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".cache" / "progress-bundle"
#: Generated file -> its esbuild entry.
BUNDLES = {
    "assets/progress/fsrs.js": ROOT / "scripts" / "progress" / "fsrs-entry.js",
}
PREFIX = "progreso"
PAGES = markers.Stash("el bloque de progreso", "PROGRESSBLOCK")


def catalogue() -> dict:
    """The engine's skills catalogue, every game's facets checked first: a game missing one stops the build,
    named (:func:`engine.progress.check_games`)."""
    from engine.progress import catalogue as engine_catalogue
    from engine.progress import check_games

    try:
        check_games()
    except EngineError as exc:
        raise PluginError(f"engine/games: {exc}") from None
    return engine_catalogue()


def site_link(url: str, page_url: str) -> str:
    """A site-absolute URL of the catalogue («/holdem/#ranking») relative to the page at ``page_url``."""
    path, _, anchor = url.partition("#")
    here = "/" + page_url
    base = here if here.endswith("/") else posixpath.dirname(here) + "/"
    relative = posixpath.relpath(path or "/", base)
    if path.endswith("/") and relative != ".":
        relative += "/"
    elif relative == ".":
        relative = "./"
    return relative + (f"#{anchor}" if anchor else "")


def path_html(data: dict, page_url: str) -> Markup:
    """Each game's path from zero: a heading and an ordered list of links, each step's rule as data."""
    parts = []
    for game in data["games"]:
        steps = data["path"].get(game["id"], [])
        if not steps:
            continue
        items = []
        for step in steps:
            link = tag("a", step["name"], href=site_link(step["url"], page_url))
            spec = json.dumps({"id": step["id"], "done_when": step.get("done_when", {})}, ensure_ascii=False,
                              separators=(",", ":"))
            items.append(tag("li", block(link, tag("span", "", class_="progress-path__state", data_step_state=True),
                                         tag("span", step["ticks"], class_="progress-path__ticks")),
                             class_="progress-path__step", data_progress_step=spec))
        heading = tag("h3", game["name"], id=f"camino-{game['id']}")
        parts.append(tag("section", block(heading, tag("ol", block(*items), class_="progress-path__steps")),
                         class_="progress-path", aria_labelledby=f"camino-{game['id']}", data_progress_path=True,
                         data_game=game["id"]))
    return Markup(block(*parts)) if parts else Markup("")


def catalogue_html(data: dict) -> Markup:
    """The catalogue as JSON data in the page (never executed; ``<`` escaped so no tag can close it)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    return Markup(f'<script type="application/json" id="progress-catalogue">{text}</script>')


#: «Mi progreso», where the invitation's review starts (site_hooks/progress.py writes both).
PROGRESS_PAGE = "/progreso/"


def invite_html(data: dict) -> Markup:
    """The home page's invitation to a returning reader, empty and hidden until ui/progress-path.js fills it
    from the log: what is due today (among the catalogue's skills), one tap to review, the path's next step."""
    skills = json.dumps([s["id"] for s in data["skills"]], separators=(",", ":"))
    return tag("div", "", class_="progress-invite", data_progress_invite=PROGRESS_PAGE, data_progress_skills=skills,
               aria_live="polite", hidden=True)


def play_html(data: dict, page_url: str) -> Markup:
    """The play skills whose rule is a section of this page (a free table's): each with what it means, and
    how «Revisión de la mano» grades them into «Mi progreso» (:mod:`engine.review.learning`)."""
    from engine.review.learning import INTRO, RIGHT  # the hooks import the engine on first use, like catalogue()

    here = "/" + page_url
    items = [tag("li", block(tag("strong", s["name"] + ":"), " " + s["means"])) for s in data["skills"]
             if s.get("means") and s["rule"].partition("#")[0] == here]
    if not items:
        raise markers.MarkerError(f"«progreso:destrezas» va en la página de una mesa con destrezas de juego ({here})")
    more = tag("a", "Mi progreso", href=site_link(PROGRESS_PAGE, page_url))
    return Markup(block(tag("p", INTRO), tag("ul", block(*items), class_="progress-play"),
                        tag("p", block(RIGHT + " Las repasas en ", more, "."))))


def counted_html() -> Markup:
    """«Mi progreso»'s paragraph on how a free table's reviewed decisions count (:mod:`engine.review.learning`)."""
    from engine.review.learning import KEPT, RIGHT  # the hooks import the engine on first use, like catalogue()

    return tag("p", f"{RIGHT} {KEPT}")


MARKERS = {"camino": lambda page_url: path_html(catalogue(), page_url),
           "destrezas": lambda page_url: play_html(catalogue(), page_url),
           "mesa": lambda page_url: counted_html(),
           "catalogo": lambda page_url: catalogue_html(catalogue()),
           "invitacion": lambda page_url: invite_html(catalogue())}


def render(name: str, page_url: str) -> Markup:
    """One marker's HTML.

    :raises MarkerError: an unknown marker.
    """
    if name not in MARKERS:
        raise markers.MarkerError(f"marcador desconocido «progreso:{name}» (hay "
                                  f"{', '.join(f'«progreso:{m}»' for m in MARKERS)})")
    return MARKERS[name](page_url)


def on_files(files, config):
    for src, entry in BUNDLES.items():
        files.append(File.generated(config, src, content=bundles.build_bundle(
            entry, CACHE, entry.stem.removesuffix("-entry"), f"la biblioteca de «Mi progreso» ({entry.name})")))
    return files


def on_page_markdown(markdown, page, config, files, **kwargs):
    src = markers.source_label(page, config)
    blocks = PAGES.page(src)
    if not markers.mentions(markdown, PREFIX):
        return None

    def replace(found: markers.Marker) -> str:
        if not found.alone:
            raise markers.MarkerError(f"el marcador «progreso:{found.name}» va solo en su línea")
        return blocks.put(render(found.name, page.url))

    return markers.expand(markdown, PREFIX, replace, src=src, first_line=markers.first_line(page, markdown))


def read_pages() -> set[str]:
    """The pages a path step asks the reader to read to their end (``done_when: {"read": url}``)."""
    return {step["done_when"]["read"] for steps in catalogue()["path"].values() for step in steps
            if "read" in step["done_when"]}


def read_mark(url: str) -> Markup:
    """The end of a page to read: ui/progress-read.js notes the page as read once it comes into view."""
    return tag("div", "", class_="progress-read", data_progress_read=url)


def on_page_content(html, page, config, files, **kwargs):
    html = PAGES.release(markers.source_label(page, config), html)
    url = "/" + page.url
    return html + str(read_mark(url)) if url in read_pages() else html
