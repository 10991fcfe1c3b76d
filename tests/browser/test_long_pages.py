"""Long rules pages at 360 px: the tables and tab sets far from the screen are not rendered at load
(``content-visibility: auto`` in site.css, what keeps Material's start cheap on a phone), and a jump to
an anchor still lands on its heading: on arrival with a ``#``, by a change of the ``#``, and by a click
on a link to it (overrides/main.html paints every block first)."""

from __future__ import annotations

PAGE = "mata-ases/"
#: A heading far down the page, below many tables.
FAR = "practica"
#: The heading's top after a jump: under Material's header (56 px at 360 px), not above it or far below.
LANDED = range(40, 130)

SKIPPED = """() => [...document.querySelectorAll('.md-content .md-typeset__scrollwrap')]
    .filter(e => !e.checkVisibility({contentVisibilityAuto: true})).length"""
TOP = f"document.getElementById('{FAR}').getBoundingClientRect().top"


def open_phone(browser, browser_context_args, url: str):
    context = browser.new_context(**{**browser_context_args, "viewport": {"width": 360, "height": 740}})
    page = context.new_page()
    page.goto(url)
    page.wait_for_load_state("load")
    return context, page


def settled_top(page) -> int:
    """The heading's top once two frames in a row agree (blocks painted on the way may move it)."""
    page.wait_for_function(f"""() => new Promise(done => requestAnimationFrame(() => {{
        const a = {TOP}; requestAnimationFrame(() => done(Math.abs({TOP} - a) < 1));
    }}))""")
    return round(page.evaluate(TOP))


def test_far_blocks_wait_and_every_kind_of_jump_lands_on_its_heading(browser, browser_context_args, base_url):
    context, page = open_phone(browser, browser_context_args, base_url + PAGE)
    try:
        assert page.evaluate(SKIPPED) >= 2, "las tablas lejos de la pantalla deberían esperar a acercarse"
        # A change of the address's # from the middle of the page, with blocks of estimated size above.
        page.locator(".md-typeset__scrollwrap").nth(2).scroll_into_view_if_needed()
        page.evaluate(f"location.hash = '#{FAR}'")
        assert settled_top(page) in LANDED
        assert page.evaluate("document.documentElement.classList.contains('cv-off')")
    finally:
        context.close()

    context, page = open_phone(browser, browser_context_args, base_url + PAGE)
    try:
        # A click on a link to the anchor (a reader's tap in the table of contents or the page).
        page.locator(".md-typeset__scrollwrap").nth(1).scroll_into_view_if_needed()
        link = page.locator(f'a.md-nav__link[href$="#{FAR}"]').first
        link.evaluate("a => a.click()")  # the table of contents is in the closed drawer at 360 px
        # (Material has made its links absolute by then, hence the «ends with»)
        assert settled_top(page) in LANDED
    finally:
        context.close()

    context, page = open_phone(browser, browser_context_args, f"{base_url}{PAGE}#{FAR}")
    try:
        assert settled_top(page) in LANDED  # arriving with the anchor in the address
    finally:
        context.close()
