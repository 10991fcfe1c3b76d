"""Accessibility of every page in Chromium: axe-core, tables on phones, navigation and search.

- axe-core (pinned in package.json, devDependencies; injected by Playwright, never part of the site)
  runs on every page at 1280 px in light mode and at 360 px in dark mode: no serious or critical
  violation. Nothing is scoped out (KNOWN below lists tolerated violations; none today).
- On the same page loads (which obey the site's Content-Security-Policy): no table is wider than its
  frame and the page never scrolls sideways, the page answers 200 with a visible title, logs no
  console error, reports no policy violation and asks no other host for anything.
- At 360 px each wide engine table is a stack of cards with the key column right under the title.
- On a quiz page, in both modes, a focused and hovered primary button and the verdicts a reader
  gets keep AA contrast (and the button the site's green).
- Developer pages are out of the tabs, the footers' previous/next links and the search; the footer
  of every page links them; searches ignore accents.
"""

from __future__ import annotations

import json
import re
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urljoin

import pytest

from engine.scenarios.format import load
from site_hooks import scenarios as scenarios_hook
from tests.browser.test_csp import LISTEN as LISTEN_CSP
from tests.conftest import ROOT, PageProblems, wake_material

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
DOCS = ROOT / "docs"
MODES = {"1280-claro": ({"width": 1280, "height": 800}, "light"),
         "360-oscuro": ({"width": 360, "height": 740}, "dark")}
DEVELOPER_PAGES = ["desarrollo/", "desarrollo/preguntas/", "desarrollo/escribir-manos/", "desarrollo/taller/"]

# Violations known and owned by another part of the work, by page: rule id -> why it is tolerated.
# (Empty: the simulator's log, once an <ol role="log">, is a <div role="log"> of lists since issue 12.)
KNOWN: dict[str, dict[str, str]] = {}

def page_paths() -> list[str]:
    """Every page of the site, from the Markdown sources (``_*.md`` are includes, not pages) and the
    pages the build generates, one per practice hand in scenarios/ (site_hooks/scenarios.py)."""
    paths = []
    generated = [DOCS / scenarios_hook.PUBLISHED[load(p).game]["dir"] / f"{p.stem}.md"
                 for p in (ROOT / "scenarios").glob("*.md")]
    for source in sorted([*DOCS.rglob("*.md"), *generated]):
        rel = source.relative_to(DOCS)
        if rel.name.startswith("_"):
            continue
        parts = list(rel.parent.parts) + ([] if rel.stem == "index" else [rel.stem])
        paths.append("".join(part + "/" for part in parts))
    return paths


PAGES = page_paths()


def axe_paths(pages: list[str]) -> list[str]:
    """The pages axe checks: every page but the repeats of one template. The «Manos comentadas» pages of a
    game are one generated template (site_hooks/scenarios.py): its first and last hand stand for the rest
    (tests/site/test_walkthrough_pages.py checks each hand's page). The developers' guide is plain Markdown:
    its first page and the generated figures page stand for it."""
    kept = []
    for game in {p.rsplit("/", 2)[0] for p in pages if "/manos-comentadas/" in p and p.count("/") == 3}:
        hands = sorted(p for p in pages if p.startswith(game + "/") and p.count("/") == 3)
        kept += [hands[0], hands[-1]]
    return [p for p in pages if p in kept or not (p.count("/") == 3 and "/manos-comentadas/" in p)
            if not p.startswith("desarrollo/") or p in ("desarrollo/", "desarrollo/rendimiento-navegador/")]


AXE_PAGES = axe_paths(PAGES)


@pytest.fixture(scope="module")
def axe_source() -> str:
    if not AXE.is_file():
        pytest.fail("falta node_modules/axe-core: ejecuta «make setup» (npm ci instala axe-core)")
    return AXE.read_text()


@pytest.fixture(scope="session")
def pages_context(browser, base_url):
    """One browser context and one tab per worker for the page checks: each page is loaded afresh
    (``page.goto``: a new document, its scripts run from the start) in the same tab, which finds the
    site's assets in the context's cache. Light mode and 1280 px to begin with, and the site's
    Content-Security-Policy obeyed (axe-core is evaluated by Playwright, not injected as a script;
    every violation the page reports is recorded). After the first page made for the engine, it starts
    as on a return visit (from the snapshot the browser made: what is checked is the page with its
    engine ready; how it starts is tests/browser/test_loading.py's and test_offline.py's)."""
    viewport, scheme = MODES["1280-claro"]
    context = browser.new_context(viewport=viewport, color_scheme=scheme, base_url=base_url,
                                  service_workers="block")
    context.add_init_script(LISTEN_CSP)
    page = context.new_page()
    context.tab = page
    yield context
    context.close()


#: Resolves once every finite animation and transition of the page has ended (Material's tabs and header
#: fade in; the palette switch fades colours): contrast is judged on the colours a reader ends up seeing.
ANIMATIONS_DONE = """() => Promise.race([Promise.all(document.getAnimations()
    .filter(a => a.effect && a.effect.getComputedTiming().endTime !== Infinity)
    .map(a => a.finished.catch(() => null))), new Promise(r => setTimeout(r, 5000))])
  .then(() => new Promise(requestAnimationFrame))"""


@contextmanager
def open_page(context, base_url: str, path: str):
    """``path`` loaded afresh in the context's tab (a new one if a failed check closed it), checked to
    load (200, a visible title) and with its engine ready (or idle); afterwards the reader's choices
    (the palette, the scores) are forgotten."""
    if context.tab.is_closed():
        context.tab = context.new_page()
    page = context.tab
    page.mouse.move(0, 0)  # where a new tab's pointer is: no hover left over from the page before
    page.problems = PageProblems(page, base_url)
    try:
        response = page.goto(path)
        assert response and response.ok, f"/{path}: {response and response.status}"
        assert page.locator("h1").first.is_visible(), f"/{path}: sin título visible"
        page.wait_for_load_state("networkidle")
        # Pages made for the engine start it at once: check them with the engine ready. Pages whose only
        # engine element is a small widget load it on intent, so they are checked with it idle.
        page.locator("html:not([data-engine-phase]), html[data-engine-phase=idle], html[data-engine-phase=ready],"
                     " html[data-engine-phase=failed]").wait_for(state="attached", timeout=90_000)
        assert page.get_attribute("html", "data-engine-phase") != "failed", f"/{path}: el motor no cargó"
        assert page.evaluate("window.__csp") == [], f"/{path}: la página viola su Content-Security-Policy"
        yield page
    finally:
        page.problems.stop()
        if not page.is_closed():
            page.evaluate("localStorage.clear(); sessionStorage.clear()")
            page.goto("about:blank")  # the page's worker ends with it
        context.unroute("**/*")


#: Paint every block the page's CSS leaves for later (``content-visibility: auto`` on long tables and tab
#: sets): axe cannot judge what is not rendered (contrast against an unpainted background, a scroll box
#: without a size), and neither can the table-width checks. Through the CSSOM: the page's policy forbids
#: style attributes written as markup, not this.
RENDER_EVERYTHING = """() => new Promise(done => {
    for (const element of document.querySelectorAll('.md-content *'))
        if (getComputedStyle(element).contentVisibility === 'auto') element.style.contentVisibility = 'visible';
    requestAnimationFrame(() => done());
})"""


def axe_violations(page, axe_source: str, context: object = None, rules: list[str] | None = None) -> list[dict]:
    page.evaluate(RENDER_EVERYTHING)
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(axe_source)  # by Playwright: the page's policy forbids inline scripts
    options = {"resultTypes": ["violations"]}
    if rules:
        options["runOnly"] = {"type": "rule", "values": rules}
    return page.evaluate("([context, options]) => axe.run(context || document, options).then(r => r.violations)",
                         [context, options])


def describe(violations: list[dict]) -> str:
    return "\n".join(f"  {v['id']} ({v['impact']}): {v['help']} — {len(v['nodes'])}× p. ej. "
                     f"{v['nodes'][0]['target']} {v['nodes'][0].get('failureSummary', '')[:200]!r}"
                     for v in violations)


def test_the_page_list_is_the_sitemap(built_site):
    """PAGES is read from docs/ at collection time; the built site must have exactly those pages."""
    sitemap = (built_site / "sitemap.xml").read_text()
    locs = {re.sub(r"^https?://[^/]+/", "", loc) for loc in re.findall(r"<loc>([^<]+)</loc>", sitemap)}
    assert locs == set(PAGES)


#: The page whose primary buttons and quiz verdicts are also checked for contrast, in both modes.
BUTTONS_PAGE = "holdem/ponte-a-prueba/"
#: Wide engine tables that become cards on phones: page -> [(table, the key column under the title)].
PHONE_CARDS = {
    "mata-ases/": [("ranking-mx", "¿Mata los Ases?"), ("mata-ases-formation", "¿Mata los Ases?")],
    "ultimate/": [("uth-example-1", "Resultado")],
}


@pytest.mark.parametrize("path", AXE_PAGES)
def test_no_serious_axe_violation_and_no_table_wider_than_its_frame(pages_context, base_url, axe_source, path):
    """One load per page: 1280 px in light mode first, then the same page at 360 px after the reader's
    switch to dark mode (Material's palette toggle in the header). On BUTTONS_PAGE, in each mode, a
    focused and hovered primary button and the verdicts a reader gets keep their contrast; at 360 px
    the PHONE_CARDS tables are cards."""
    with open_page(pages_context, base_url, path) as page:
        for mode, (viewport, scheme) in MODES.items():
            page.set_viewport_size(viewport)
            if scheme == "dark":
                page.click('label[title="Cambiar a modo oscuro"]')
            page.locator(f"body[data-md-color-scheme={'slate' if scheme == 'dark' else 'default'}]").wait_for(
                state="attached", timeout=5_000)
            page.evaluate(ANIMATIONS_DONE)
            check_page(page, axe_source, path, mode)
            if path == BUTTONS_PAGE:
                check_buttons_and_verdicts(page, axe_source)
            if mode == "360-oscuro":
                check_touch_targets(page, path)
                for table, key in PHONE_CARDS.get(path, []):
                    check_phone_cards(page, table, key)
        page.problems.check()
        assert page.evaluate("window.__csp") == [], f"/{path}: la página viola su Content-Security-Policy"


def check_touch_targets(page, path: str) -> None:
    """At 360 px every button, text box and list a reader can tap in the page's content is at least
    44 px tall (radio buttons and check boxes are tapped through their labels, checked by their widgets'
    tests; controls hidden from everyone, like Material's aria-hidden tab arrows, do not count)."""
    small = page.evaluate("""() => [...document.querySelectorAll(
            '.md-content button, .md-content select, .md-content input:not([type=radio]):not([type=checkbox])')]
        .filter(e => e.offsetParent !== null && !e.closest('[aria-hidden="true"], [hidden]'))
        .map(e => [e.getAttribute('aria-label') || e.textContent.trim() || e.placeholder || e.name,
                   e.getBoundingClientRect().height])
        .filter(([, height]) => height < 43.5)
        .map(([name, height]) => `«${name.slice(0, 30)}»: ${Math.round(height)} px`)""")
    assert not small, f"/{path} a 360 px: controles de menos de 44 px de alto: {small[:8]} ({len(small)} en total)"


def check_page(page, axe_source: str, path: str, mode: str) -> None:
    violations = [v for v in axe_violations(page, axe_source) if v["impact"] in ("serious", "critical")]
    known = KNOWN.get(path, {})
    unexpected = [v for v in violations if v["id"] not in known]
    assert not unexpected, f"axe en /{path} ({mode}):\n{describe(unexpected)}"

    # The table's frame: the scroller the build wraps it in (Material's own wrap, inside, has no box).
    overflowing = page.evaluate("""() => { const FRAME = '.md-typeset__scrollwrap:not(.md-typeset__table > *)';
        return [...document.querySelectorAll('.md-content table')]
        .filter(t => t.scrollWidth > t.clientWidth + 1
                  || t.getBoundingClientRect().right > (t.closest(FRAME) || t.parentElement).getBoundingClientRect().right + 1
                  || t.getBoundingClientRect().right > document.documentElement.clientWidth)
        .map(t => (t.dataset.engineTable || t.querySelector('th')?.textContent) + ': ' + t.scrollWidth + ' px'); }""")
    assert not overflowing, f"tablas más anchas que su marco en /{path} ({mode}): {overflowing}"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= MODES[mode][0]["width"], f"/{path} ({mode}) se desplaza de lado: {width} px"


def check_phone_cards(page, table: str, key: str) -> None:
    """At 360 px each row of the engine table ``table`` is a card with the ``key`` column right under
    the title, every value labelled with its column's name."""
    cards = page.evaluate("""([name, key]) => [...document.querySelectorAll(
            `table[data-engine-table="${name}"] tbody tr`)].map(tr => {
        const cells = [...tr.children].filter(c => getComputedStyle(c).display !== 'none');
        cells.sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top);
        return {order: cells.map(c => c.dataset.label),
                labels: cells.map(c => getComputedStyle(c, '::before').content),
                right: tr.getBoundingClientRect().right, header: tr.closest('table').tHead.offsetHeight};
    })""", [table, key])
    assert cards, table
    for card in cards:
        assert card["order"][1] == key, card["order"]
        # Every value shows its column's name beside it (the header row is for screen readers).
        assert all(label.strip('"') == name for label, name in zip(card["labels"], card["order"])), card
        assert card["right"] <= 360 and card["header"] <= 1


def check_buttons_and_verdicts(page, axe_source: str) -> None:
    """A focused and hovered primary button keeps its contrast and the site's green; so do the
    verdicts a reader gets (a wrong answer, then another)."""
    button = page.locator(".quiz .md-button--primary").first
    button.focus()
    button.hover()
    colours = button.evaluate("b => [getComputedStyle(b).backgroundColor, getComputedStyle(b).color]")
    violations = axe_violations(page, axe_source, ".quiz .md-button--primary", ["color-contrast"])
    assert not violations, f"{colours}\n{describe(violations)}"
    # Still the site's green, not the accent: the focus ring is what changes.
    assert colours[1] == "rgb(255, 255, 255)", colours
    quiz = page.locator(".quiz").first
    for answer in ("xyz", "utg"):
        quiz.locator("input[type=text]").fill(answer)
        quiz.locator("input[type=text]").press("Enter")
        quiz.locator('.quiz__feedback[data-result]:not([data-result="busy"])').wait_for(timeout=30_000)
        violations = axe_violations(page, axe_source, ".quiz")
        assert not [v for v in violations if v["impact"] in ("serious", "critical")], describe(violations)


def test_developer_pages_are_out_of_tabs_footers_and_search_but_linked_from_every_footer(built_site: Path):
    index = json.loads((built_site / "search" / "search_index.json").read_text())
    assert not [d["location"] for d in index["docs"] if d["location"].startswith("desarrollo/")]
    assert {d["location"].split("#")[0] for d in index["docs"]} >= {"", "mata-ases/", "ultimate/", "holdem/"}
    for path in PAGES:
        html = (built_site / path / "index.html").read_text()
        tabs = html.split('class="md-tabs"', 1)[1].split("</nav>", 1)[0] if 'class="md-tabs"' in html else ""
        assert "desarrollo/" not in tabs, path
        footer = html.split('<footer class="md-footer">', 1)[1]
        links = footer.split('class="md-footer-meta', 1)[0]
        assert "desarrollo/" not in links, f"/{path}: el pie lleva a una página de desarrollo"
        targets = {urljoin(f"http://sitio/{path}", href) for href in re.findall(r'href="([^"]*)"', footer)}
        for developer in DEVELOPER_PAGES:
            assert f"http://sitio/{developer}" in targets, (path, developer)


def test_footer_links_name_the_game(built_site: Path):
    html = (built_site / "ultimate" / "index.html").read_text()
    labels = re.findall(r'class="md-footer__link[^"]*" aria-label="([^"]*)"', html)
    assert len(labels) == 2 and labels[0].startswith("Anterior: Mata Ases — "), labels
    assert labels[1] == "Siguiente: Ultimate Texas Hold&#39;em — Ponte a prueba"


def search(page, query: str, folded: str) -> tuple[str, set[str]]:
    """Type a query in Material's search (it listens to key presses) and read the result list,
    once its links carry the query's folded terms (``?h=``) or nothing was found."""
    wake_material(page)
    page.fill(".md-search__input", query)
    page.press(".md-search__input", "End")
    page.wait_for_function("""([folded]) => {
        const links = [...document.querySelectorAll('.md-search-result__item a')];
        return links.some(a => new URL(a.href).searchParams.get('h') === folded)
            || /No se/.test(document.querySelector('.md-search-result__meta').textContent) }""",
                           arg=[folded], timeout=60_000)
    # the links the wait saw (a result's sections are links to the same page)
    hrefs = page.eval_on_selector_all(".md-search-result__item a", "as => as.map(a => a.pathname)")
    return page.locator(".md-search-result__meta").text_content(), {h.strip("/") for h in hrefs}


def test_search_ignores_accents_and_finds_quoted_words(checked_page):
    page = checked_page
    page.goto("")
    page.wait_for_load_state("networkidle")
    accented = search(page, "extensión", "extension")
    search(page, "Trips", "trips")  # another query in between, so the next result list is fresh
    plain = search(page, "extension", "extension")
    assert accented == plain and "mata-ases" in plain[1], (accented, plain)
    assert search(page, "botón", "boton") == search(page, "boton", "boton")
    # English names of the terms (engine/glossary.py) find the Spanish pages that use them
    assert "holdem" in search(page, "side pot", "side pot")[1]
    assert "holdem" in search(page, "big blind", "big blind")[1]
    # «aire» is written between Spanish quotes on the rules page: the quotes separate words.
    count, found = search(page, "aire", "aire")
    assert "mata-ases" in found and not any(f.startswith("desarrollo") for f in found), (count, found)


@pytest.mark.parametrize("path", ["holdem/", "ultimate/"])
def test_content_tabs_at_360px_before_material_starts(checked_page, axe_source, path):
    """At 360 px, before the reader's first touch starts Material's script, every content tab's label is on
    screen (the row wraps, nothing to scroll sideways: axe's scrollable-region-focusable finds nothing with
    every block painted), and the keyboard reaches the tabs and switches them with the arrows."""
    page = checked_page
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(path)
    assert page.evaluate("document.documentElement.dataset.material") != "on"
    violations = axe_violations(page, axe_source, None, ["scrollable-region-focusable"])
    assert not violations, describe(violations)
    rows = page.evaluate("""() => [...document.querySelectorAll('.tabbed-labels')].map(r =>
        [r.scrollWidth <= r.clientWidth + 1, [...r.children].every(l => l.getBoundingClientRect().right <= innerWidth)])""")
    assert rows and all(fits and inside for fits, inside in rows), rows
    first = page.locator(".tabbed-set > input").first
    first.focus()
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.querySelector('.tabbed-set > input:nth-of-type(2)').checked")


def test_keyboard_at_360px_reaches_the_content_in_a_few_visible_stops(checked_page):
    """At 360 px the closed menu and search take no Tab stops (their focus was invisible: about 40 stops
    before the free table); every stop before the content is on screen; the menu button opens the menu
    from the keyboard, and then the keyboard reaches its links."""
    page = checked_page
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto("holdem/mesa/")
    stops = []
    for _ in range(40):
        page.keyboard.press("Tab")
        stop = page.evaluate("""() => { const e = document.activeElement;
            // A hidden radio button (the palette) shows its focus on the label beside it (site.css).
            const marks = e.matches('input.md-option') ? [e.nextElementSibling] : [e];
            const shown = marks.some(x => { const b = x.getBoundingClientRect();
                return b.width > 0 && b.height > 0 && b.right > 0 && b.left < innerWidth && b.bottom > 0 && b.top < innerHeight; });
            return [e.className.toString().slice(0, 40), shown, !!e.closest('.md-content')]; }""")
        if stop[2]:
            break
        stops.append(stop)
    assert len(stops) <= 6, stops
    assert all(shown for _, shown, _ in stops), stops
    page.focus("label.md-header__button[for='__drawer']")
    page.keyboard.press("Enter")
    assert page.evaluate("document.getElementById('__drawer').checked")
    for _ in range(6):
        page.keyboard.press("Tab")
        if page.evaluate("!!document.activeElement.closest('.md-sidebar--primary')"):
            break
    page.wait_for_timeout(400)  # the drawer slides in (0.25 s)
    box = page.evaluate("document.activeElement.getBoundingClientRect().toJSON()")
    assert page.evaluate("!!document.activeElement.closest('.md-sidebar--primary')") and box["right"] > 0, box
