"""The Hold'em practice hands (docs/holdem/simulador.md) played in Chromium on the one table page.

The rules are CPython's (tests/scenarios/test_holdem_scenarios.py plays every path); here the page: the
buttons are the engine's legal options at every turn, the board and the seats come from the reply,
and the pots and stacks at the end equal CPython's play of the same decisions (tests/practice_reference.py).
By touch at 360 px (the table and the options on one screen) and by the keyboard alone."""

from __future__ import annotations

import json

import pytest

from tests import practice_reference
from tests.browser.test_accessibility import AXE, axe_violations
from tests.browser.test_simulator import AT_END, AT_TURN, OPTIONS, SETTLED, SIM, off_screen, offered
from tests.conftest import shared_page

PAGE = "holdem/simulador/"


@pytest.fixture(scope="module")
def hands(built_site) -> dict[str, dict]:
    if not (built_site / PAGE / "index.html").is_file():
        pytest.skip("docs/holdem/simulador.md no está en el sitio construido")
    data = json.loads((built_site / "assets" / "scenarios.json").read_text(encoding="utf-8"))
    return {s["name"]: s for s in data["scenarios"] if s.get("game") == "holdem"}


def replay(scenario: dict, reader: list[dict]) -> dict:
    return practice_reference.replay(scenario, None, reader)


def settle(page) -> str:
    page.wait_for_selector(SETTLED, timeout=90_000)
    return page.get_attribute(SIM, "data-sim-state")


def play(page, scenario: dict, pick, *, tap: bool, on_screen: bool = True) -> list[dict]:
    """Play the hand on the page, the reader taking ``pick(options)``; checks every turn against CPython."""
    taken: list[dict] = []
    for _ in range(30):
        if settle(page) == "over":
            return taken
        expected = replay(scenario, taken)
        assert offered(page) == [o["action"] for o in expected["next"]["can"]]
        assert not on_screen or off_screen(page, SIM, AT_TURN) == []
        action = pick(offered(page))
        button = page.locator(f'{OPTIONS}[data-action="{action}"]')
        decision = {"action": action}
        if action in ("bet", "raise"):
            decision["amount"] = int(button.get_attribute("data-amount"))
        button.tap() if tap else button.click()
        taken.append(decision)
    raise AssertionError("the hand did not end")


def assert_result(page, scenario: dict, taken: list[dict]) -> None:
    final = replay(scenario, taken)
    result = page.locator(f"{SIM} [data-sim-result]")
    assert result.is_visible()
    assert json.loads(result.get_attribute("data-pots")) == final["result"]["pots"]
    rows = page.eval_on_selector_all(f"{SIM} [data-final-stack]",
                                     "rows => rows.map(r => [r.dataset.player, Number(r.dataset.finalStack)])")
    assert dict(rows) == final["stacks"]
    board = page.eval_on_selector_all(f"{SIM} .sim-shared [data-card]", "cs => cs.map(c => c.dataset.card)")
    assert board == final["table"]["board"]["cards"] or not final["table"]["board"]["cards"]


def test_side_pots_by_touch_at_360px(browser, browser_context_args, base_url, hands):
    context_args = {**browser_context_args, "viewport": {"width": 360, "height": 740}, "has_touch": True,
                    "is_mobile": True}
    with shared_page(browser, context_args, base_url) as page:
        scenario = hands["holdem-06-botes-secundarios"]
        page.goto(PAGE + "?rapido=1&mano=holdem-06-botes-secundarios")
        settle(page)
        page.locator(f"{SIM} .sim-start").tap()  # «Empezar de nuevo»: the table and the options take the screen
        taken = play(page, scenario, lambda options: "call" if "call" in options else options[0], tap=True)
        assert taken == [{"action": "call"}]
        assert_result(page, scenario, taken)
        assert [p["amount"] for p in json.loads(page.get_attribute(f"{SIM} [data-sim-result]", "data-pots"))] == [
            510, 200, 600]
        assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
        assert off_screen(page, SIM, AT_END) == []  # the result on screen, not below the log
        page.problems.check()


def test_a_hand_by_the_keyboard_and_axe_clean(browser, browser_context_args, base_url, hands):
    with shared_page(browser, browser_context_args, base_url) as page:
        scenario = hands["holdem-02-la-subida-minima"]
        page.goto(PAGE + "?rapido=1&mano=holdem-02-la-subida-minima")
        settle(page)
        taken = []
        for _ in range(30):
            if settle(page) == "over":
                break
            page.locator(f"{OPTIONS}").first.focus()  # the table puts the focus there; the keys do the rest
            active = page.evaluate("document.activeElement.dataset.action || null")
            assert active == offered(page)[0]
            # Tab to the option after the fold (check or call), as a reader keeps the hand going
            page.keyboard.press("Tab")
            active = page.evaluate("document.activeElement.dataset.action || null")
            assert active in ("check", "call"), active
            taken.append({"action": active})
            page.keyboard.press("Enter")
        assert_result(page, scenario, taken)
        # serious and critical, as tests/browser/test_accessibility.py (a moderate «region» is Material's progress bar)
        assert [v for v in axe_violations(page, AXE.read_text(encoding="utf-8")) if v["impact"] in ("serious", "critical")] == []
        page.problems.check()


def test_choosing_a_hand_loads_it_and_the_last_hand_offers_hand_one(browser, browser_context_args, base_url, hands):
    """The hand picker (issue 42): choosing hand 7 loads it at once (no «Empezar» needed); at the end of the
    last hand the way back reads «Volver a la mano 1» (Hold'em has no modality to name)."""
    context_args = {**browser_context_args, "viewport": {"width": 360, "height": 740}, "has_touch": True,
                    "is_mobile": True}
    with shared_page(browser, context_args, base_url) as page:
        page.goto(PAGE + "?rapido=1")
        settle(page)
        names = page.eval_on_selector_all(f"{SIM} select[name=sim-mano] option", "os => os.map(o => o.value)")
        last = names[-1]
        assert page.get_attribute(SIM, "data-scenario") == names[0]
        page.focus(f"{SIM} select[name=sim-mano]")
        page.select_option(f"{SIM} select[name=sim-mano]", last)
        page.wait_for_function("([s, n]) => document.querySelector(s).dataset.scenario === n", arg=[SIM, last])
        assert page.evaluate("document.activeElement.name") == "sim-mano"  # the keyboard stays on the list
        taken = play(page, hands[last], lambda options: "call" if "call" in options else
                     ("check" if "check" in options else options[0]), tap=True, on_screen=False)
        assert_result(page, hands[last], taken)
        back = page.locator(f"{SIM} .sim-first")
        assert back.inner_text() == "Volver a la mano 1"
        back.tap()
        page.wait_for_function("([s, n]) => document.querySelector(s).dataset.scenario === n", arg=[SIM, names[0]])
        page.problems.check()
