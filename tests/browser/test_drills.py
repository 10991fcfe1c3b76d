"""«Práctica» pages in Chromium: every drill kind answered wrong (solution on request) and right, the
score and streak, the link that reopens a drill (followed in the same tab, as Material's instant
navigation does, so the engine starts once per page), a new drill, the keyboard and a 360 px screen.
(A drill from an address typed or loaded afresh, and one with bad parts:
test_level_from_the_address_and_flop_progress.)"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlparse

import pytest

from engine.drills import make_drill
from tests.conftest import (ENGINE_READY, clear_of_the_header, scroll_to_top_of_screen, shared_page,
                            wake_material)
from tests.engine.drills.test_drills import right_text, wrong_text

PAGES = {
    "mata-ases/practica/": ["mata-ases-winner"],
    "holdem/practica/": ["holdem-winner", "holdem-side-pots", "holdem-position", "holdem-first-to-act"],
    "ultimate/practica/": ["uth-payout", "uth-strategy"],
}
SETTLED = '[data-result]:not([data-result="busy"])'
NEW_DRILL = "[data-drill] .drill__settings .md-button"  # «Otro ejercicio»


def wait_for_drill(page, previous: str | None = None) -> dict:
    """Wait until a drill (other than the one with seed ``previous``) is on the page; its request."""
    page.wait_for_function(
        "(prev) => { const r = document.querySelector('[data-drill]');"
        " return r.dataset.state === 'ready' && (prev === null || r.dataset.seed + r.dataset.kind !== prev); }",
        arg=previous, timeout=60_000)
    root = page.locator("[data-drill]")
    return {"kind": root.get_attribute("data-kind"), "level": root.get_attribute("data-level"),
            "seed": int(root.get_attribute("data-seed"))}


def follow_link(page, url: str) -> None:
    """Go to ``url`` as a click on a link to it does: Material's instant navigation swaps the page in
    (the elements of the page left are marked, so that they cannot pass for the new ones)."""
    wake_material(page)
    page.evaluate("""url => { document.querySelectorAll("article").forEach((e) => { e.dataset.stale = "1"; });
                              const a = document.createElement("a"); a.href = url;
                              document.body.append(a); a.click(); a.remove(); }""", url)
    page.wait_for_function("url => location.href === url && document.querySelector('article:not([data-stale])')",
                           arg=url, timeout=30_000)


def answer(page, text: str):
    box = page.locator("[data-drill] input[type=text]")
    box.fill(text)
    box.press("Enter")
    feedback = page.locator("[data-drill] .quiz__feedback")
    feedback.and_(page.locator(SETTLED)).wait_for(timeout=60_000)
    return feedback


def check_drill(page, shown: dict, score: tuple[int, int, int]) -> tuple[int, int, int]:
    """Answer the drill on the page wrong, ask for the solution, then right; the score after it."""
    drill = make_drill(shown["kind"], shown["seed"], shown["level"])
    reply = drill.reply()
    root = page.locator("[data-drill]")
    assert root.locator(".drill__question").text_content() == drill.question
    assert root.locator(".drill__topic").text_content() == f"Tema: {drill.topic}"
    feedback = answer(page, wrong_text(reply))
    assert feedback.get_attribute("data-result") == "wrong", feedback.text_content()
    assert feedback.locator(".quiz__steps").count() == 0
    feedback.locator(".quiz__reveal").click()
    feedback.locator(".quiz__steps li").first.wait_for(timeout=30_000)
    assert feedback.locator(".quiz__steps li").all_text_contents() == list(drill.explanation)
    right, total, streak = score
    total, streak = total + 1, 0
    feedback = answer(page, right_text(reply))
    assert feedback.get_attribute("data-result") == "correct", feedback.text_content()
    assert "No cuenta" in feedback.text_content()  # only the first answer counts
    assert root.locator(".trainer__score").text_content() == (
        f"Aciertos en esta visita: {right} de {total} · racha: {streak}")
    return right, total, streak


@pytest.mark.parametrize("path", list(PAGES))
def test_every_kind_wrong_then_right_and_a_link_that_reopens_it(checked_page, path):
    page = checked_page
    page.goto(path)
    page.wait_for_selector(ENGINE_READY, timeout=60_000)
    shown = wait_for_drill(page)
    score = (0, 0, 0)
    for i, kind in enumerate(PAGES[path]):
        if shown["kind"] != kind:
            page.select_option("[data-drill] select[name=ejercicio]", kind)
            shown = wait_for_drill(page, f"{shown['seed']}{shown['kind']}")
        assert shown["kind"] == kind
        score = check_drill(page, shown, score)
    # a right first answer raises the score and the streak
    page.locator("[data-drill] .drill__settings .md-button").click()
    shown = wait_for_drill(page, f"{shown['seed']}{shown['kind']}")
    feedback = answer(page, right_text(make_drill(shown["kind"], shown["seed"], shown["level"]).reply()))
    assert feedback.get_attribute("data-result") == "correct"
    right, total, _ = score
    assert page.locator("[data-drill] .trainer__score").text_content() == (
        f"Aciertos en esta visita: {right + 1} de {total + 1} · racha: 1")
    # the link (and the address) reopen the same drill
    href = page.locator("[data-drill] .drill__link").get_attribute("href")
    query = parse_qs(urlparse(href).query)
    assert query == {"ejercicio": [shown["kind"]], "nivel": [shown["level"]], "semilla": [str(shown["seed"])]}
    assert urlparse(page.url).query == urlparse(href).query
    question = page.locator("[data-drill] .drill__question").text_content()
    base = page.url.split(path, 1)[0]
    follow_link(page, base)  # leave, then open the link's address in the same tab (the engine stays warm)
    follow_link(page, base + path + href)
    assert wait_for_drill(page) == shown
    assert page.locator("[data-drill] .drill__question").text_content() == question


def test_level_from_the_address_and_flop_progress(checked_page):
    page = checked_page
    page.goto("ultimate/practica/?ejercicio=uth-strategy&nivel=difícil&semilla=1")
    assert wait_for_drill(page) == {"kind": "uth-strategy", "level": "difícil", "seed": 1}
    assert page.locator("[data-drill] select[name=nivel]").input_value() == "difícil"
    assert make_drill("uth-strategy", 1, "difícil").data["street"] == "flop"
    assert len(page.locator("[data-drill] .quiz-card").all()) == 5
    # A link with bad parts (issue 26): the reader is told so, then gets a fresh drill, never another one
    # in silence; the valid part (the level) is kept. Same tab, as a click on the link (engine warm).
    seen = f"{1}uth-strategy"
    page.evaluate("""() => { document.querySelectorAll("article").forEach((e) => { e.dataset.stale = "1"; });
        const a = document.createElement("a"); a.href = "?ejercicio=%3Cscript%3E&nivel=media&semilla=-1";
        document.body.append(a); a.click(); a.remove(); }""")
    page.wait_for_selector("article:not([data-stale]) [data-drill]")
    fresh = wait_for_drill(page, seen)
    note = page.locator("[data-drill] .drill__link-note")
    assert note.is_visible() and note.get_attribute("role") == "status"
    assert note.text_content() == ("El enlace no era válido (ejercicio «<script>»; semilla «-1»): aquí tienes un "
                                   "ejercicio nuevo.")
    assert fresh["level"] == "media" and page.locator("[data-drill] script").count() == 0
    assert parse_qs(urlparse(page.url).query) == {"ejercicio": [fresh["kind"]], "nivel": ["media"],
                                                  "semilla": [str(fresh["seed"])]}
    page.locator("[data-drill] .drill__settings .md-button").click()  # «Otro ejercicio»: the note goes
    wait_for_drill(page, f"{fresh['seed']}{fresh['kind']}")
    assert not note.is_visible()


def test_keyboard_only_and_narrow_screen(browser, browser_context_args, base_url):
    with shared_page(browser, {**browser_context_args, "viewport": {"width": 360, "height": 800},
                               "color_scheme": "dark"}, base_url, timeout=None) as page:
        page.goto("holdem/practica/?ejercicio=holdem-position&nivel=media&semilla=4")
        page.wait_for_selector(ENGINE_READY, timeout=60_000)
        shown = wait_for_drill(page)
        expected = make_drill(shown["kind"], shown["seed"], shown["level"]).answer["position"]
        page.locator("[data-drill] input[type=text]").focus()
        page.keyboard.type(expected.lower())
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.textContent") == "Comprobar"
        # the reader scrolled down to answer: «Otro ejercicio» is off the top of the screen...
        scroll_to_top_of_screen(page, "[data-drill] .quiz__row", 60)
        assert not clear_of_the_header(page, NEW_DRILL)
        page.keyboard.press("Enter")
        feedback = page.locator("[data-drill] .quiz__feedback")
        feedback.and_(page.locator(SETTLED)).wait_for(timeout=30_000)
        assert feedback.get_attribute("data-result") == "correct"
        assert clear_of_the_header(page, NEW_DRILL)  # ... and back on screen after the answer
        assert re.search(re.escape(expected), feedback.text_content())
        # the settings are reachable by keyboard too: a new drill from the level select
        page.locator("[data-drill] select[name=nivel]").focus()
        page.keyboard.press("ArrowDown")
        wait_for_drill(page, f"{shown['seed']}{shown['kind']}")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        page.problems.check()
