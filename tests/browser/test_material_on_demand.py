"""Material's script starts on the reader's first touch, key or wheel (overrides/main.html), not while
the page loads (its start was most of a phone's blocking time). Before it, nothing it would fetch is
fetched (the search index, the sitemap); when it starts, nothing on the page moves: the build wraps
the tables as Material does (site_hooks/material_bundle.py) and site.css makes Material's second wrap
boxless. Its search and instant navigation, once started, are tested where they are used
(test_accessibility, test_quizzes, test_simulator...); ui/page.js's hand-over in tests/js."""

from __future__ import annotations

from tests.conftest import wake_material

#: Long tables and tab sets (ultimate/), a short page (the home page).
PAGES = ("ultimate/", "")
#: Where every block of the article is, everything painted (cv-off: no estimated sizes).
LAYOUT = """() => { document.documentElement.classList.add('cv-off');
    return [...document.querySelectorAll('article > *, article table, article .tabbed-set')].map(e => {
        const box = e.getBoundingClientRect();
        return [e.tagName, Math.round(box.top + scrollY), Math.round(box.left), Math.round(box.width), Math.round(box.height)];
    }); }"""
STARTED = "document.documentElement.dataset.material"


def test_material_starts_on_the_first_key_and_moves_nothing(browser, browser_context_args):
    context = browser.new_context(**{**browser_context_args, "viewport": {"width": 360, "height": 740}})
    try:
        page = context.new_page()
        fetched: list[str] = []
        page.on("request", lambda request: fetched.append(request.url))
        for path in PAGES:
            fetched.clear()
            page.goto(path, wait_until="load")
            page.wait_for_timeout(500)
            assert page.evaluate(STARTED) is None and page.evaluate("typeof window.document$") == "undefined"
            assert not [url for url in fetched if url.endswith(("search_index.json", "sitemap.xml"))], fetched
            tables = page.locator("article table").count()
            assert page.locator("article .md-typeset__scrollwrap > .md-typeset__table > table").count() == tables
            before = page.evaluate(LAYOUT)
            wake_material(page)
            # Material has shown the page: its own wrap is around every table (inside the build's).
            page.wait_for_function("n => document.querySelectorAll('.md-typeset__table > .md-typeset__scrollwrap').length === n",
                                   arg=tables)
            assert page.evaluate(LAYOUT) == before, path
            for _ in range(100):  # and its search asks for the index now
                if [url for url in fetched if url.endswith("search_index.json")]:
                    break
                page.wait_for_timeout(100)
            else:
                raise AssertionError("Material's search never asked for its index")
    finally:
        context.close()


def test_a_wheel_or_a_touch_starts_it_too(browser, browser_context_args):
    for touch in (False, True):
        context = browser.new_context(**{**browser_context_args, "viewport": {"width": 360, "height": 740},
                                         "has_touch": touch, "is_mobile": touch})
        try:
            page = context.new_page()
            page.goto("mata-ases/", wait_until="load")
            if touch:
                page.touchscreen.tap(180, 400)
            else:
                page.mouse.move(180, 400)
                page.mouse.wheel(0, 40)
            page.wait_for_function(f"() => {STARTED} === 'on'", timeout=30_000)
        finally:
            context.close()
