"""The Hold'em equity calculator in Chromium: the engine in the worker counts every board, the
page shows its figures (the same as CPython's), the picker fills the fields, progress arrives
while it counts, errors point at the field, and the «Probabilidades» pages fit 360 px."""

from __future__ import annotations

import pytest

from engine.protocol import answer
from tests.conftest import ENGINE_READY

PAGE = "holdem/probabilidades/"


def ready(page):
    page.goto(PAGE)
    page.wait_for_selector(ENGINE_READY, timeout=60_000)


def results(page) -> dict[str, tuple[str, str, str]]:
    page.wait_for_selector(".equity-result .equity-row", timeout=60_000)
    rows = page.locator(".equity-result .equity-row")
    return {rows.nth(i).locator(".equity-name").inner_text(): tuple(
        plain(rows.nth(i).locator(cls).inner_text()) for cls in (".equity-value", ".equity-win", ".equity-tie"))
        for i in range(rows.count())}


def plain(text: str) -> str:
    return text.replace("\u00a0", " ")


def expected(players: dict[str, list[str]], board: list[str]) -> tuple[dict[str, tuple[str, str, str]], str]:
    """What the page must show: the CPython engine's texts for the same request, and its summary."""
    reply = answer("holdem-equity", {"players": players, "board": board})
    rows = {n: tuple(plain(reply[k][n]) for k in ("text", "win_text", "tie_text")) for n in players}
    return rows, plain(reply["summary"])


def test_calculator_errors_typed_cards_picker_and_progress(checked_page):
    """One engine start for the whole flow: an error at its field, typed cards on the turn with a
    third player, then the picker before the flop with progress from the worker."""
    page = checked_page
    ready(page)
    submit = ".equity-form button[type=submit]"

    # A repeated card: the engine's message (the card's name and the hand holding it), at the field.
    page.fill("#equity-p1", "As Ah")
    page.fill("#equity-p2", "Ks As")
    page.click(submit)
    error = page.locator("#equity-p2-error")
    error.wait_for(timeout=30_000)
    want = answer("holdem-equity", {"players": {"Jugador 1": ["As", "Ah"], "Jugador 2": ["Ks", "As"]}, "board": []})
    assert error.inner_text() == want["error"] == "El As de picas ya está en la mano de Jugador 1."
    assert page.get_attribute("#equity-p2", "aria-invalid") == "true"
    assert page.locator(".equity-result .equity-row").count() == 0

    # Typed cards (symbols, lower case, commas), a third player and a turn board.
    page.fill("#equity-p2", "k♠ kd")
    page.click("[data-equity-add]")
    page.fill("#equity-p3", "9c, 8c")
    page.fill("#equity-board", "2c 7c Th Jc")
    page.click(submit)
    shown = results(page)
    want, summary = expected({"Jugador 1": ["As", "Ah"], "Jugador 2": ["Ks", "Kd"], "Jugador 3": ["9c", "8c"]},
                             ["2c", "7c", "Th", "Jc"])
    assert shown == want
    assert plain(page.locator(".equity-summary").inner_text()) == summary
    assert page.get_attribute("#equity-p2", "aria-invalid") is None

    # The picker fills the last field typed in; before the flop the worker reports progress.
    page.click("[data-equity-remove]")
    assert page.locator("#equity-p3").is_hidden()
    for field in ("#equity-p1", "#equity-p2", "#equity-board"):
        page.fill(field, "")
    page.evaluate("""() => {
      window.__progress = [];
      const bar = document.querySelector('.equity-progress');
      new MutationObserver(() => window.__progress.push(bar.value)).observe(bar, {attributes: true});
    }""")
    page.click(".equity-picker-box summary")
    page.click("#equity-p1")
    for card in ("As", "Ah"):
        page.click(f'[data-card="{card}"]')
    # Cards already in a field are dimmed and cannot be picked again (the engine reads the fields).
    page.wait_for_selector('[data-card="Ah"][aria-disabled="true"]', timeout=30_000)
    assert page.get_attribute('[data-card="As"]', "aria-disabled") == "true"
    assert page.get_attribute('[data-card="Ks"]', "aria-disabled") is None
    page.click("#equity-p2")
    page.dispatch_event('[data-card="As"]', "click")  # already Jugador 1's: nothing happens
    for card in ("Ks", "Kd"):
        page.click(f'[data-card="{card}"]')
    # Picked cards are written as the page shows them (A♠), not as codes.
    assert page.input_value("#equity-p1") == "A♠ A♥" and page.input_value("#equity-p2") == "K♠ K♦"
    page.fill("#equity-p1", "")
    page.wait_for_selector('[data-card="As"]:not([aria-disabled])', timeout=30_000)
    page.click("#equity-p1")
    for card in ("As", "Ah"):
        page.click(f'[data-card="{card}"]')
    page.click(submit)
    page.wait_for_function("document.querySelectorAll('.equity-result .equity-row').length === 2", timeout=60_000)
    shown = results(page)
    want, _ = expected({"Jugador 1": ["As", "Ah"], "Jugador 2": ["Ks", "Kd"]}, [])
    assert shown == want
    assert shown["Jugador 1"][0].startswith("81,95")
    width = page.locator(".equity-result .equity-bar-fill").first.evaluate("el => el.style.width")
    assert width == "81.95%"
    assert max(page.evaluate("window.__progress")) > 0  # the worker reported progress while counting


@pytest.mark.parametrize("path", ["holdem/probabilidades/", "mata-ases/probabilidades/", "ultimate/probabilidades/"])
def test_pages_fit_a_narrow_screen(checked_page, path):
    page = checked_page
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(path)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert page.locator("svg.odds-chart").count() >= 1
    box = page.locator("svg.odds-chart").first.bounding_box()
    assert box["width"] <= 360
