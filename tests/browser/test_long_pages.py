"""Long rules pages at 360 px: the tables and tab sets far from the screen are not rendered at load
(``content-visibility: auto`` in site.css, what keeps Material's start cheap on a phone), and a jump to
an anchor still lands on its heading: on arrival with a ``#``, by a change of the ``#``, and by a click
on a link to it (overrides/main.html paints every block first); a reload returns to the same place. (A step
back within Material's navigation lands off by thousands of px with or without this; it is Material's.)"""

from __future__ import annotations

from playwright.sync_api import TimeoutError

from tests.conftest import wake_material

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
    material_started(page)
    return context, page


def material_started(page) -> None:
    """The page loaded and Material started (its navigation takes anchor clicks over, and restores the
    scroll when it starts)."""
    page.wait_for_load_state("load")
    wake_material(page)


def landed(page) -> bool:
    """Whether the heading comes to rest under the header: in LANDED for two frames in a row. Waited
    for (Material takes an anchor click through its own navigation, later on a loaded machine); if it
    never does, the failure says where the heading stayed."""
    try:
        page.wait_for_function(f"""() => new Promise(done => requestAnimationFrame(() => {{
            const a = {TOP}; requestAnimationFrame(() => done(
                Math.abs({TOP} - a) < 1 && a >= {LANDED.start} && a < {LANDED.stop}));
        }}))""", timeout=15_000)
        return True
    except TimeoutError:
        return False


def where(page) -> str:
    return f"el título quedó a {round(page.evaluate(TOP))} px del borde de arriba"


def test_far_blocks_wait_and_every_kind_of_jump_lands_on_its_heading(browser, browser_context_args, base_url):
    context, page = open_phone(browser, browser_context_args, base_url + PAGE)
    try:
        assert page.evaluate(SKIPPED) >= 2, "las tablas lejos de la pantalla deberían esperar a acercarse"
        # A change of the address's # from the middle of the page, with blocks of estimated size above.
        page.locator(".md-typeset__scrollwrap").nth(2).scroll_into_view_if_needed()
        page.evaluate(f"location.hash = '#{FAR}'")
        assert landed(page), where(page)
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
        assert landed(page), where(page)
    finally:
        context.close()

    context, page = open_phone(browser, browser_context_args, f"{base_url}{PAGE}#{FAR}")
    try:
        assert landed(page), where(page)  # arriving with the anchor in the address
    finally:
        context.close()

    context, page = open_phone(browser, browser_context_args, base_url + PAGE)
    try:
        # A reload, or a step back, returns to the same place: the browser restores a height.
        page.evaluate(f"window.scrollTo(0, document.getElementById('{FAR}').offsetTop - 90)")  # blocks painted on the way
        page.wait_for_timeout(300)
        page.evaluate(f"window.scrollTo(0, document.getElementById('{FAR}').offsetTop - 90)")
        before = round(page.evaluate(TOP))
        page.reload()
        material_started(page)
        page.wait_for_timeout(500)
        assert abs(round(page.evaluate(TOP)) - before) < 60, f"antes a {before} px; {where(page)}"
    finally:
        context.close()
