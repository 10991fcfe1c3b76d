"""The Hold'em free table (docs/holdem/mesa.md) in Chromium: a hand played by the keyboard to its end,
the next hand dealt at the same table, a share link that replays the hand step by step, a pasted PHH
with a wrong line told on that line, axe-clean."""

from __future__ import annotations

import pytest

from engine.games.holdem.phh import loads
from tests.browser.test_accessibility import AXE, axe_violations
from tests.conftest import shared_page

PAGE = "holdem/mesa/"
ROOT = "#mesa-holdem"
SETTLED = f'{ROOT}[data-holdem-state="turn"], {ROOT}[data-holdem-state="over"], {ROOT}[data-holdem-state="replay"]'
OPTIONS = f"{ROOT} .sim-controls:not([hidden]) button[data-action]"


def settle(page) -> str:
    page.wait_for_selector(SETTLED, timeout=90_000)
    return page.get_attribute(ROOT, "data-holdem-state")


@pytest.fixture(scope="module")
def page(browser, browser_context_args, base_url, built_site):
    if not (built_site / PAGE / "index.html").is_file():
        pytest.skip("docs/holdem/mesa.md no está en el sitio construido")
    with shared_page(browser, {**browser_context_args, "viewport": {"width": 360, "height": 740}}, base_url) as page:
        page.goto(PAGE + "?rapido=1")
        page.wait_for_selector(f'{ROOT}[data-holdem-state="idle"]', timeout=90_000)
        yield page
        page.problems.check()


def test_a_hand_by_the_keyboard_then_the_next_one(page):
    page.select_option(f"{ROOT} select[name=holdem-jugadores]", "3")
    page.locator(f"{ROOT} .holdem-deal").focus()
    page.keyboard.press("Enter")
    for _ in range(40):
        if settle(page) == "over":
            break
        active = page.evaluate("document.activeElement.dataset.action || null")
        assert active, "the reader's options take the focus at his turn"
        page.keyboard.press("Tab")  # past the fold: check or call keeps the hand going
        assert page.evaluate("document.activeElement.dataset.action") in ("check", "call")
        page.keyboard.press("Enter")
    assert page.get_attribute(ROOT, "data-holdem-state") == "over"
    phh = page.get_attribute(ROOT, "data-phh")
    assert loads(phh).finishing_stacks is not None
    assert page.locator(f"{ROOT} .holdem-download").get_attribute("download").endswith(".phh")
    link = page.locator(f"{ROOT} .holdem-share input")
    page.wait_for_function("(s) => document.querySelector(s).value.includes('#mano=')", arg=f"{ROOT} .holdem-share input")
    shared = link.input_value()
    assert page.evaluate("document.activeElement.classList.contains('holdem-next') || "
                         "document.activeElement.classList.contains('holdem-new')")
    if page.locator(f"{ROOT} .holdem-next").count():
        page.keyboard.press("Enter")
        settle(page)
        assert page.get_attribute(ROOT, "data-hand") == "2"
    assert [v for v in axe_violations(page, AXE.read_text(encoding="utf-8")) if v["impact"] in ("serious", "critical")] == []
    # The share link: the same hand, step by step, from its PHH in the fragment.
    page.goto(shared)
    page.reload()
    assert settle(page) == "replay"
    assert page.locator(f"{ROOT} .holdem-step").is_visible()
    page.locator(f"{ROOT} .holdem-all").click()
    assert settle(page) == "over"


def test_a_pasted_hand_history_with_a_wrong_line(page):
    page.goto(PAGE + "?rapido=1")
    page.wait_for_selector(f'{ROOT}[data-holdem-state="idle"]', timeout=90_000)
    page.locator(f"{ROOT} .holdem-import summary").click()
    text = ("variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [5, 10]\nmin_bet = 10\n"
            "starting_stacks = [100, 100]\nactions = ['d dh p1 AhAd', 'd dh p2 KhKd', 'p2 cbr 12']\n")
    page.fill(f"{ROOT} .holdem-import textarea", text)
    page.locator(f"{ROOT} .holdem-import__go").click()
    error = page.locator(f"{ROOT} .holdem-import__error")
    error.wait_for(state="visible")
    assert error.inner_text().startswith("Línea 6:")
    page.fill(f"{ROOT} .holdem-import textarea", text.replace("'p2 cbr 12'", "'p2 cbr 30'"))
    page.locator(f"{ROOT} .holdem-import__go").click()
    assert settle(page) == "replay"
    page.locator(f"{ROOT} .holdem-step").click()
    assert settle(page) == "replay"
