"""Issue 50, item 8, on the rules pages at 360 px: nothing floats over the text. Material's «Volver al
principio» (``navigation.top``) appeared when scrolling up and covered the body text of the rules pages; a
floating button over a text as wide as the screen always covers some of it, so the site goes without it.
The only fixed element over the text is the header, and the article starts below it."""

from __future__ import annotations

import pytest

from tests.conftest import wake_material

PAGES = ("holdem/", "mata-ases/", "ultimate/")

#: Elements fixed or sticky on screen, other than Material's header and its drawer (hidden off screen).
FLOATING = """() => [...document.querySelectorAll('body *')].filter(e => {
    const s = getComputedStyle(e);
    if (!['fixed', 'sticky'].includes(s.position) || s.display === 'none' || s.visibility === 'hidden'
        || s.opacity === '0') return false;  // Material's «skip to content» link shows only when focused
    if (e.closest('.md-header, .md-sidebar, .md-dialog, .md-search, .md-progress')) return false;
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth;
}).map(e => e.className || e.tagName)"""


@pytest.mark.parametrize("path", PAGES)
def test_nothing_floats_over_the_rules_text_when_scrolling(path, browser, browser_context_args, base_url,
                                                          built_site):
    if not (built_site / path / "index.html").is_file():
        pytest.skip(f"{path} no está en el sitio construido")
    context = browser.new_context(**{**browser_context_args, "viewport": {"width": 360, "height": 740},
                                     "has_touch": True, "is_mobile": True})
    try:
        page = context.new_page()
        page.goto(base_url + path)
        page.wait_for_load_state("load")
        wake_material(page)
        assert page.locator(".md-top").count() == 0, "Material's «Volver al principio» is back"
        for y in (3000, 2200, 1400):  # down, then up: where Material showed its button
            page.mouse.wheel(0, y - page.evaluate("scrollY"))
            page.wait_for_timeout(250)
            assert page.evaluate(FLOATING) == [], y
    finally:
        context.close()
