"""MkDocs hook: validate the practice hands in scenarios/ and give each one a page of its own.

- ``on_config``: every scenario is checked by the engine (format, cards, script against every
  reader decision, outcome claims, see :mod:`engine.authoring.check`); any problem stops the build
  with a ``PluginError`` that lists them all as ``scenarios/file.md:line: message``. The default
  line of each scenario and modality is played once and kept for the pages. The hands' pages go
  into the navigation right after the index page's entry (``mata-ases/manos-comentadas/index.md``
  in mkdocs.yml), in the hands' order, so previous/next lead from one hand to the next.
- ``on_files``: one generated page per hand, ``mata-ases/manos-comentadas/<name>.md`` (nobody
  writes them: a new file in scenarios/ gets its page). The page holds the hand's title and its
  marker; the walkthrough pages start no engine (they have no ``data-engine`` element).
- ``on_page_markdown``: a line holding only a marker is replaced. The hook is scoped: pages
  without its markers are returned untouched, and markers inside fenced code are left alone::

      <!-- escenario: 01-matar-los-ases -->             a hand's page: level, lesson, a link to play
                                                       it, the text, one walkthrough per modality
      <!-- escenario: 01-matar-los-ases bring-in -->   only the walkthrough of that modality
      <!-- manos-comentadas: lista -->                 every hand, linked to its page, with its
                                                       level, modalities and lesson

  An unknown hand or modality, or a marker that shares its line with other text, fails the build
  with the page's file and line.
- ``on_post_build``: every scenario, as the JSON the browser simulator loads, and the address of
  each one's page (``"pages"``: name -> address from the site's root) go to ``assets/scenarios.json``.

The walkthrough is the engine's (:func:`engine.authoring.walkthrough.walk`): the very events the
simulator shows for the default line, grouped by street, each step with its rule and citation, the
table as each street ends. Every text is escaped; a card is its rank and suit symbol with a Spanish text
alternative, red suits get a class but are never told by colour alone.
"""

from __future__ import annotations

import json
import logging
import posixpath
from collections.abc import MutableMapping
from pathlib import Path
from urllib.parse import quote

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File
from mkdocs.utils import get_relative_url

from site_hooks import markers
from site_hooks.html import Markup, esc, join, markdown_text, tag
from site_hooks.markers import MarkerError, PageBlocks
from site_hooks.table_markup import TableWords, result_html, step_html, table_html, templates_html

from engine.authoring import walkthrough
from engine.authoring.check import check_paths
from engine.games import GAMES, find_game
from engine.scenarios import READER, Scenario, to_json
from engine.table.words import LABELS

log = logging.getLogger("mkdocs.hooks.scenarios")

ROOT = Path(__file__).resolve().parent.parent
SCENARIO_DIR = ROOT / "scenarios"
JSON_PATH = "assets/scenarios.json"
PREFIX = "escenario"
LIST_PREFIX = "manos-comentadas"
#: The table pages' marker: the table's templates (site_hooks/table_markup.py) go there.
TABLE_PREFIX = "mesa"


def _published() -> dict[str, dict[str, str]]:
    """Each game whose practice hands the site publishes (the registry's games with practice hands), and
    where, from its table of pages: the folder of its hands' pages under docs/ (the index is written by
    hand, the hands are generated) and the simulator that plays them."""
    found = {}
    for game in GAMES.values():
        pages = game.facet("pages").PAGES if game.authoring is not None else None
        if pages is not None and pages.get("hands") and pages.get("practice"):
            found[game.id] = {"dir": posixpath.dirname(pages.source("hands")), "simulator": pages.source("practice")}
    return found


PUBLISHED = _published()

_state: dict = {"scenarios": {}, "walks": {}}
#: Generated HTML waiting for its page's HTML.
PAGES = markers.Stash("el recorrido", "ESCENARIOBLOCK")


def game_of(scenario: Scenario) -> str:
    """The practice hand's game id, one whose hands the site publishes."""
    if scenario.game not in PUBLISHED:
        raise PluginError(f"{scenario.path}: el sitio no publica manos de {find_game(scenario.game).name}; publica "
                          f"las de {', '.join(find_game(g).name for g in PUBLISHED)}.")
    return scenario.game


def variant_name(scenario: Scenario, variant) -> str:
    """The name of one of the ways a hand is played (a Mata Ases hand's modality), the engine's."""
    return find_game(scenario.game).author().variant_name(variant)


def page_src(name: str) -> str:
    """The generated page of hand ``name``, as a path under docs/ (in its game's folder).

    :raises MarkerError: for a hand the site does not have."""
    scenario = _state["scenarios"].get(name)
    if scenario is None:
        raise MarkerError(f"no hay ninguna mano de práctica «{name}» en scenarios/.")
    return f"{PUBLISHED[game_of(scenario)]['dir']}/{name}.md"


def ordered(game: str | None = None) -> list[Scenario]:
    """The hands (of ``game``, or all) from the easiest: by ``orden``, then by name."""
    hands = [s for s in _state["scenarios"].values() if game is None or game_of(s) == game]
    return sorted(hands, key=lambda s: (s.order, s.name))


# ---------------------------------------------------------------------------------------------
# Build events.

def on_config(config):
    report = check_paths([SCENARIO_DIR], root=ROOT)
    if report.problems:
        listing = "\n".join(f"  {p}" for p in report.problems)
        raise PluginError(f"Las manos de práctica tienen problemas ({report.summary()}) "
                          f"Corrígelos y vuelve a construir:\n{listing}")
    scenarios = {s.name: s for s in report.scenarios}
    walks = {}
    for scenario in scenarios.values():
        for variant in scenario.variants:
            walks[scenario.name, variant] = walkthrough.walk(scenario, variant)
    _state["scenarios"], _state["walks"] = scenarios, walks
    if isinstance(config, MutableMapping) and config.get("nav"):  # without one, MkDocs lists every page
        for game, where in PUBLISHED.items():
            hands = [page_src(s.name) for s in ordered(game)]
            if hands:
                config["nav"] = with_hand_pages(config["nav"], hands, f"{where['dir']}/index.md")
    log.info("Manos de práctica: %s", report.summary())
    return config


def with_hand_pages(nav: list, sources: list[str], index: str, *, required: bool = True) -> list:
    """``nav`` (mkdocs.yml's) with ``sources`` right after the entry of the hands' ``index`` page (when the
    navigation has none and it is not ``required``, ``nav`` is left as it is: the pages are built anyway).

    >>> index = "mata-ases/manos-comentadas/index.md"
    >>> with_hand_pages([{"Mata Ases": [{"Todas": index}, {"Mesa": "m.md"}]}], ["a.md"], index)
    [{'Mata Ases': [{'Todas': 'mata-ases/manos-comentadas/index.md'}, 'a.md', {'Mesa': 'm.md'}]}]

    :raises PluginError: when no entry of the navigation is the index page.
    """
    def target(item) -> object:
        return next(iter(item.values())) if isinstance(item, dict) and len(item) == 1 else item

    def walk(items: list) -> tuple[list, bool]:
        out, found = [], False
        for item in items:
            if target(item) in sources:  # left by an earlier build of the same configuration
                continue
            value = target(item)
            if isinstance(value, list):
                value, inner = walk(value)
                found = found or inner
                item = {next(iter(item)): value}
            out.append(item)
            if value == index:
                out.extend(sources)
                found = True
        return out, found

    result, found = walk(list(nav))
    if not found and required:
        raise PluginError(f"mkdocs.yml: la navegación («nav») no incluye {index}. Las páginas de las manos "
                          "comentadas van detrás de ella: añádela donde el lector deba encontrarlas.")
    return result if found else list(nav)


def on_files(files, config):
    for scenario in ordered():
        src = page_src(scenario.name)
        if files.get_file_from_path(src) is not None:
            raise PluginError(f"docs/{src}: esta página la genera la construcción a partir de "
                              f"scenarios/{scenario.name}.md; borra docs/{src}.")
        files.append(File.generated(config, src, content=hand_page(scenario)))
    # A game whose hands have no index page yet gets a plain one (the list of its hands); a hand links its
    # game's simulator only once that page exists.
    _state["simulators"] = set()
    for game, where in PUBLISHED.items():
        if not ordered(game):
            continue
        index = f"{where['dir']}/index.md"
        if files.get_file_from_path(index) is None:
            files.append(File.generated(config, index, content=index_page(game)))
        if files.get_file_from_path(where["simulator"]) is not None:
            _state["simulators"].add(game)
    return files


def index_page(game: str) -> str:
    """The Markdown of a game's index of practice hands, when nobody wrote one: its title and list."""
    return f"# Manos comentadas de {find_game(game).name}\n\n<!-- {LIST_PREFIX}: lista -->\n"


def hand_page(scenario: Scenario) -> str:
    """The Markdown of a hand's page: its description for search engines, its title, its marker."""
    return "\n".join([
        "---",
        f"description: {json.dumps(scenario.lesson, ensure_ascii=False)}",
        "---",
        "",
        f"# {markdown_text(title(scenario))}",
        "",
        f"<!-- {PREFIX}: {scenario.name} -->",
        "",
    ])


def on_page_markdown(markdown: str, page, config, files):
    src = markers.source_label(page, config)
    blocks = PAGES.page(src)
    hands, listing = markers.mentions(markdown, PREFIX), markers.mentions(markdown, LIST_PREFIX)
    tables = markers.mentions(markdown, TABLE_PREFIX)
    if not hands and not listing and not tables:
        return None
    link = linker(page, config, files)
    first = markers.first_line(page, markdown)

    def replace(marker: markers.Marker) -> str:
        if not marker.alone:
            raise MarkerError("el marcador «<!-- escenario: … -->» tiene que ir solo en su línea.")
        return render_marker(marker.text, blocks, link)

    def replace_list(marker: markers.Marker) -> str:
        if not marker.alone:
            raise MarkerError("el marcador «<!-- manos-comentadas: lista -->» tiene que ir solo en su línea.")
        if marker.text.strip() != "lista":
            raise MarkerError(f"«{marker.text.strip()}»: escribe «<!-- manos-comentadas: lista -->».")
        return blocks.put(hand_list_html(link, game_of_page(page, config)))

    def replace_table(marker: markers.Marker) -> str:
        if not marker.alone or marker.text.strip() != "plantillas":
            raise MarkerError("escribe «<!-- mesa: plantillas -->», solo en su línea, en la página de una mesa.")
        return blocks.put(templates_html())

    if tables:
        markdown = markers.expand(markdown, TABLE_PREFIX, replace_table, src=src, first_line=first)
    if hands:
        markdown = markers.expand(markdown, PREFIX, replace, src=src, first_line=first)
    if listing:
        markdown = markers.expand(markdown, LIST_PREFIX, replace_list, src=src, first_line=first)
    return markdown


def url_of(src: str, config=None) -> str:
    """The address MkDocs gives the page ``src`` (a path under docs/), from the site's root.

    >>> url_of("mata-ases/manos-comentadas/01-matar-los-ases.md"), url_of("mata-ases/manos-comentadas/index.md")
    ('mata-ases/manos-comentadas/01-matar-los-ases/', 'mata-ases/manos-comentadas/')
    """
    directory_urls = config.get("use_directory_urls", True) if config else True
    return File(src, src_dir=None, dest_dir="", use_directory_urls=directory_urls).url


def linker(page, config, files):
    """``link(src)``: the address of the page ``src`` (a path under docs/) relative to ``page``."""
    here = getattr(page, "url", None) or url_of(page.file.src_uri, config)

    def link(src: str) -> str:
        file = files.get_file_from_path(src) if files is not None else None
        return get_relative_url(file.url if file is not None else url_of(src, config), here)
    return link


def on_page_content(html: str, page, config, files):
    return PAGES.release(markers.source_label(page, config), html)


def on_post_build(config):
    target = Path(config.site_dir) / JSON_PATH
    target.parent.mkdir(parents=True, exist_ok=True)
    hands = ordered()
    data = {"scenarios": [to_json(s) for s in hands],
            "pages": {s.name: url_of(page_src(s.name), config) for s in hands}}
    target.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


# ---------------------------------------------------------------------------------------------
# Markers.

def render_marker(args: str, blocks: PageBlocks, link) -> str:
    """The Markdown that replaces a marker; generated HTML goes to ``blocks`` behind placeholders."""
    parts = args.split()
    scenarios: dict[str, Scenario] = _state["scenarios"]
    if not parts:
        raise MarkerError("falta el nombre de la mano: «<!-- escenario: 01-matar-los-ases -->».")
    if len(parts) > 2:
        raise MarkerError(f"«{args}»: escribe el nombre de la mano y, si quieres, una modalidad; nada más.")
    name = parts[0]
    if name not in scenarios:
        known = ", ".join(sorted(scenarios)) or "ninguna"
        raise MarkerError(f"mano de práctica desconocida: «{name}». Manos en scenarios/: {known}.")
    scenario = scenarios[name]
    if len(parts) == 1:
        return render_scenario(scenario, blocks, link)
    if not scenario.modalities:
        raise MarkerError(f"la mano «{name}» no tiene modalidades: escribe solo su nombre.")
    modality = parts[1]
    if modality not in scenario.modalities:
        ways = " o ".join(f"«{m}» ({variant_name(scenario, m)})" for m in scenario.modalities)
        raise MarkerError(f"la mano «{name}» no se juega en «{modality}»: escribe {ways}.")
    return blocks.put(walkthrough_html(_state["walks"][name, modality], link))


def number(scenario: Scenario) -> int:
    """The hand's place in its game's list, from 1 (the easiest)."""
    return ordered(game_of(scenario)).index(scenario) + 1


def title(scenario: Scenario) -> str:
    """The hand's title with its number, as the navigation and the simulator's list show it."""
    return f"{number(scenario)}. {scenario.title}"


def level_text(scenario: Scenario) -> str:
    """Where the hand stands among the others: «Nivel 2 de 7»."""
    return f"Nivel {number(scenario)} de {len(ordered(game_of(scenario)))}"


def modality_html(scenario: Scenario) -> Markup:
    """The engine's sentence on the ways the hand is played (a Mata Ases hand's modalities), its first part
    in bold when the hand is played in only one."""
    strong, rest = find_game(scenario.game).author().variants_note(scenario.fields)
    if strong:
        return Markup(f"{tag('strong', strong)} {esc(rest)}")
    return esc(rest)


def render_scenario(scenario: Scenario, blocks: PageBlocks, link) -> str:
    """A hand's page below its title, as Markdown: its level, lesson and modalities, a link to play
    it in the simulator, the author's text, then one tab per modality with its walkthrough."""
    game = game_of(scenario)
    parts = [
        tag("p", Markup(f"{tag('strong', 'Lección:')} {esc(scenario.lesson)}"), class_="scenario-lesson"),
        tag("p", Markup(f"{esc(level_text(scenario))}, de la más fácil a la más difícil. {modality_html(scenario)}"),
            class_="scenario-modality"),
    ]
    if game in _state.get("simulators", PUBLISHED):  # the game's simulator page is in the site
        parts.append(tag("p", tag("a", "Jugar esta mano en el simulador", class_="md-button md-button--primary",
                                  href=f"{link(PUBLISHED[game]['simulator'])}?mano={quote(scenario.name)}"),
                         class_="scenario-play"))
    head = join(parts)
    lines = [blocks.put(head), "", scenario.body.strip(), "", "## Paso a paso, con tu línea por defecto", ""]
    walks = [(v, walkthrough_html(_state["walks"][scenario.name, v], link)) for v in scenario.variants]
    if len(walks) == 1:  # the modality paragraph above says which one
        return "\n".join(lines + [blocks.put(walks[0][1]), ""])
    for variant, walk in walks:
        lines += [f'=== "{variant_name(scenario, variant)}"', "", "    " + blocks.put(walk), ""]
    return "\n".join(lines)


def game_of_page(page, config) -> str:
    """The game a page is about, from its folder (``holdem/...``).

    :raises MarkerError: for a page outside the folder of a game whose hands the site publishes."""
    src = page.file.src_uri if getattr(page, "file", None) is not None else ""
    found = next((game for game, where in PUBLISHED.items() if src.startswith(where["dir"].split("/")[0] + "/")), None)
    if found is None:
        raise MarkerError(f"la lista de manos comentadas va en la carpeta de un juego ({', '.join(PUBLISHED)}).")
    return found


def hand_list_html(link, game: str) -> Markup:
    """Every hand of ``game``, easiest first: its title linked to its page, level and modalities, lesson."""
    items = []
    for scenario in ordered(game):
        names = " y ".join(variant_name(scenario, m) for m in scenario.modalities)
        items.append(tag("li", join([
            tag("a", title(scenario), href=link(page_src(scenario.name)), class_="hand-title",
                data_scenario=scenario.name),
            tag("span", f"{level_text(scenario)} · {names}" if names else level_text(scenario), class_="hand-level"),
            tag("span", scenario.lesson, class_="hand-lesson"),
        ])))
    return tag("ul", join(items), class_="hand-list")


# ---------------------------------------------------------------------------------------------
# Walkthroughs.

def walkthrough_html(walk: walkthrough.Walk, link=None) -> str:
    """A practice hand's default line in one variant as static HTML (one block), drawn with the live
    table's markup (site_hooks/table_markup.py): the same steps, seats, cards and shared cards; with
    ``link`` (:func:`linker`), each cited rule links to the rules page's paragraph that states it."""
    # An <article>, not a <div>: Material's search skips a data-search-exclude element only until the
    # first closing tag of the same name, and the walkthrough holds nested divs. Its steps repeat the
    # rules page sentence by sentence and only made the index (built in the reader's browser) larger.
    scenario = walk.scenario
    words = TableWords(labels=walk.labels or LABELS, reader=READER)
    out = [f'<article class="walkthrough sim" data-search-exclude data-scenario="{esc(scenario.name)}" '
           f'data-modality="{esc(walk.variant or "")}" data-game="{esc(game_of(scenario))}">']
    line = walkthrough.describe_line(scenario, walk.variant)
    out.append(str(tag("p", Markup(f"{tag('strong', walkthrough.WALK_LABELS['line'])} {esc(line)}"),
                       class_="walk-line")))
    for title, first, events in walkthrough.sections(walk.events):
        out.append('<section class="walk-street">')
        out.append(str(tag("h3", title, class_="walk-street-title")))
        out.append(str(tag("ol", join(step_html(e, link) for e in events), class_="sim-log__steps walk-steps")))
        table = walk.tables.get(first + len(events) - 1)
        if table:
            out.append(table_html(table, words, label=f"La mesa al terminar: {title[:1].lower()}{title[1:]}"))
        out.append("</section>")
    if walk.result is not None:
        out.append(str(tag("section", result_html(walk.result, words, level=3), class_="sim-result walk-result",
                           data_sim_result="",
                           data_pots=json.dumps(walk.result.get("pots") or [], ensure_ascii=False))))
    out.append("</article>")
    return "".join(out)
