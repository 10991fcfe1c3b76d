"""The Ultimate strategy session in Chromium: hands played by touch on a phone (360 px, dark) and by the
keyboard alone (light), every decision graded with the engine's exact figures, nothing the rules have not
shown in any reply the page receives, the summary beside the best play's house edge, «Mi progreso»
recording each decision, and axe clean in both schemes."""

from __future__ import annotations

import json
import re

import pytest

from engine.cards import parse_cards
from engine.games.ultimate.strategy import decision, house_edge, value_text
from engine.spanish import percent
from engine.table.grades import grade
from tests.browser.test_accessibility import AXE, axe_violations, describe
from tests.conftest import ENGINE_READY, PageProblems, wait_for

PAGE = "ultimate/sesion/"
ROOT = "[data-uth-session]"
PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True}
#: Every message the engine's worker sends, kept as text by the page (an init script: the site's policy
#: forbids inline scripts, not this).
LISTEN = """(() => {
  const Native = window.Worker;
  window.__replies = [];
  window.Worker = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => {
        const data = event.data || {};
        if (data.result !== undefined) window.__replies.push(JSON.stringify(data.result));
      });
    }
  };
})();"""


def replies(page) -> list[dict]:
    """The session's replies the page received so far, in order."""
    found = [json.loads(text) for text in page.evaluate("window.__replies")]
    return [r for r in found if isinstance(r, dict) and ("graded" in r or "options" in r and "facts" in r)]


def hand_of(reply: dict) -> dict:
    """The hand as a reply shows it (a decision's reply carries it under ``hand``)."""
    return reply["hand"] if "graded" in reply else reply


def cards_of(facts: list[dict], label: str) -> list[str]:
    return next(([c["card"] for c in f["cards"]] for f in facts if f["label"] == label), [])


def settled(page) -> None:
    page.wait_for_function(f"['deciding', 'over', 'error'].includes(document.querySelector('{ROOT}').dataset.state)",
                           timeout=60_000)
    assert page.get_attribute(ROOT, "data-state") != "error", page.inner_text(".uth-session__status")


def check_graded(page, reply: dict) -> None:
    """The decision on the page is the engine's exact one, graded by the thresholds."""
    graded = reply["graded"]
    hole, board = cards_of(graded["facts"], "Tus cartas"), cards_of(graded["facts"], "Mesa")
    exact = decision(parse_cards(" ".join(hole)), parse_cards(" ".join(board)))
    assert {v["option"]: v["value"] for v in graded["values"]} == {o: value_text(v) for o, v in exact.options.items()}
    assert graded["grade"]["code"] == grade(exact.loss(graded["option"]), 2).code
    box = page.locator(f"{ROOT} .uth-session__graded")
    assert box.get_attribute("data-grade") == graded["grade"]["code"]
    assert box.locator(".quiz__verdict").inner_text() == f"{graded['grade']['name']}: {graded['name']}"
    assert box.locator(".uth-session__values li").all_inner_texts() == graded["lines"]
    if graded["grade"]["code"] != "correct":
        assert box.locator(".quiz__why a").count() == 1  # what it cost, and the rule's link
    assert reply["progress"]["skills"][0]["id"] == f"ultimate.strategy.{graded['street']}"


def nothing_early(seen: list[dict]) -> None:
    """No reply before a hand's end names a dealer's card or a board card of a later street."""
    hand_start = 0
    for i, reply in enumerate(seen):
        hand = hand_of(reply)
        if hand["settlement"] is None:
            continue
        dealer = cards_of(hand["facts"], "Crupier")
        board = cards_of(hand["facts"], "Mesa")
        for earlier in seen[hand_start:i]:
            shown = cards_of(hand_of(earlier)["facts"], "Mesa")
            text = json.dumps(earlier)
            hidden = dealer + [c for c in board if c not in shown]
            assert not [c for c in hidden if f'"{c}"' in text], (hidden, text[:300])
            # No seed of the deal (the strategy drill that asks a decision again is named by seed 0).
            assert "seed" not in json.dumps({k: v for k, v in earlier.items() if k != "progress"})
        hand_start = i + 1


def axe_clean(page) -> None:
    serious = [v for v in axe_violations(page, AXE.read_text(), ROOT) if v["impact"] in ("serious", "critical")]
    assert not serious, describe(serious)


def open_session(browser, browser_context_args, base_url, **extra):
    context = browser.new_context(**{**browser_context_args, **extra})
    context.add_init_script(LISTEN)
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.problems = PageProblems(page, base_url)
    page.goto(PAGE)
    page.wait_for_selector(f"{ROOT} [data-uth-deal]")
    return context, page


def test_a_session_by_touch_on_a_phone_in_the_dark(browser, browser_context_args, base_url):
    context, page = open_session(browser, browser_context_args, base_url, **PHONE, color_scheme="dark")
    try:
        page.locator(f"{ROOT} [data-uth-deal]").tap()
        page.wait_for_selector(ENGINE_READY, timeout=90_000)
        for hand in range(3):
            settled(page)
            assert page.locator(f"{ROOT} .uth-session__hand > .quiz__facts .quiz-card").count() == 2  # the reader's two
            while page.get_attribute(ROOT, "data-state") == "deciding":
                assert not page.locator(f"{ROOT} [data-uth-deal]").is_visible()  # no other hand mid-hand
                buttons = page.locator(f"{ROOT} .uth-session__options button")
                # Check where the engine can, then the river's bet: every street is played.
                choice = buttons.filter(has_text=re.compile("^(Pasar|Apostar 1x)$")).first
                count = len(replies(page))
                choice.tap()
                page.wait_for_function(f"window.__replies.length > {count} && "
                                       f"document.querySelector('{ROOT}').dataset.state !== 'loading'", timeout=60_000)
                settled(page)
                check_graded(page, replies(page)[-1])
            assert page.get_attribute(ROOT, "data-state") == "over"
            assert page.locator(f"{ROOT} .uth-session__net").inner_text().startswith("Resultado de la mano:")
            assert page.evaluate("document.activeElement.dataset.uthDeal === ''")
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 360, f"the page scrolls sideways at 360 px ({width} px)"
            axe_clean(page)
            if hand < 2:
                page.locator(f"{ROOT} [data-uth-deal]").tap()
        nothing_early(replies(page))
        summary = replies(page)[-1]["summary"]
        assert summary["hands"] == 3 and summary["decisions"] == 9
        facts = page.locator(f"{ROOT} .uth-session__summary dl").first.inner_text()
        assert f"{percent(house_edge(), 3)} del Ante" in facts
        assert "Pérdida por cada 100 decisiones" in facts
        page.problems.check()
    finally:
        context.close()


def test_the_keyboard_alone_plays_the_best_and_progress_records_it(browser, browser_context_args, base_url):
    context, page = open_session(browser, browser_context_args, base_url, color_scheme="light")
    try:
        page.locator(f"{ROOT} [data-uth-deal]").focus()
        page.keyboard.press("Enter")
        for _hand in range(2):
            settled(page)
            while page.get_attribute(ROOT, "data-state") == "deciding":
                seen = replies(page)
                last = hand_of(seen[-1])
                hole, board = cards_of(last["facts"], "Tus cartas"), cards_of(last["facts"], "Mesa")
                best = decision(parse_cards(" ".join(hole)), parse_cards(" ".join(board))).best
                names = [o["option"] for o in last["options"]]
                for _ in range(names.index(best)):  # focus starts on the first option
                    page.keyboard.press("Tab")
                assert page.evaluate("document.activeElement.dataset.option") == best
                count = page.evaluate("window.__replies.length")
                page.keyboard.press("Enter")
                page.wait_for_function(f"window.__replies.length > {count}", timeout=60_000)
                settled(page)
                reply = replies(page)[-1]
                check_graded(page, reply)
                assert reply["graded"]["grade"]["code"] == "correct" and reply["progress"]["ok"] is True
            page.keyboard.press("Enter")  # «Otra mano» has the focus
        summary = [r for r in replies(page) if r.get("summary")][-1]["summary"]
        assert summary["edge"]["yours"] == summary["edge"]["optimal"] == float(house_edge())
        axe_clean(page)
        # Each decision was recorded for the strategy skills («Mi progreso» reads the log).
        decided = len([r for r in replies(page) if "graded" in r])
        page.goto("progreso/")
        page.wait_for_selector("[data-progress-page][data-state=drawn]", timeout=30_000)
        assert int(page.get_attribute("[data-progress-page]", "data-entries")) == decided >= 2
        page.problems.check()
    finally:
        context.close()


def test_a_lost_session_says_so_and_starts_again(browser, browser_context_args, base_url):
    context, page = open_session(browser, browser_context_args, base_url)
    try:
        page.locator(f"{ROOT} [data-uth-deal]").click()
        settled(page)
        # The engine forgets it (as when the worker restarts): the next decision is refused in Spanish.
        page.evaluate("""() => import(performance.getEntriesByType('resource').map((e) => e.name)
                           .find((name) => name.includes('/engine/client.js')))
                         .then((c) => Promise.all([1, 2, 3, 4].map((i) => c.request('uth-session-deal',
                           {session: 'other-' + i, new: true}))))""")
        page.locator(f"{ROOT} .uth-session__options button").first.click()
        page.wait_for_selector(f"{ROOT}[data-state=error]")
        assert "ya no está en el motor" in page.inner_text(f"{ROOT} .uth-session__status")
        assert page.inner_text(f"{ROOT} [data-uth-deal]") == "Empezar otra sesión"
        page.locator(f"{ROOT} [data-uth-deal]").click()
        settled(page)
        assert page.get_attribute(ROOT, "data-hand") == "1"
    finally:
        context.close()


#: Whether the device's «Mis errores» holds at least ``n`` decisions (the page records a reply's progress
#: asynchronously, in IndexedDB: docs/javascripts/progress/log.js).
MISTAKES_KEPT = """async (n) => (await indexedDB.databases()).some((d) => d.name === "reglas-poker-progreso")
    && new Promise((done) => {  // (opened only once the site made it: an open would make an empty one)
  const asked = indexedDB.open("reglas-poker-progreso");
  asked.onerror = () => done(false);
  asked.onsuccess = () => {
    const db = asked.result;
    if (!db.objectStoreNames.contains("mistakes")) { db.close(); done(false); return; }
    const count = db.transaction("mistakes").objectStore("mistakes").count();
    count.onsuccess = () => { db.close(); done(count.result >= n); };
    count.onerror = () => { db.close(); done(false); };
  };
})"""


def test_a_mistake_of_the_session_is_asked_again_in_mis_errores(browser, browser_context_args, base_url):
    """The worst option before the flop, then the best: one mistake in «Mi progreso», which «Repetir aquí»
    deals again as the very same decision and a right answer solves."""
    context, page = open_session(browser, browser_context_args, base_url, viewport={"width": 360, "height": 740},
                                 has_touch=True, color_scheme="light")
    try:
        page.locator(f"{ROOT} [data-uth-deal]").tap()
        settled(page)
        first = True
        while page.get_attribute(ROOT, "data-state") == "deciding":
            last = hand_of(replies(page)[-1])
            hole, board = cards_of(last["facts"], "Tus cartas"), cards_of(last["facts"], "Mesa")
            decided = decision(parse_cards(" ".join(hole)), parse_cards(" ".join(board)))
            worst = max(decided.options, key=decided.loss)
            if first and decided.loss(worst) <= 2 * 0.02:  # a hand where no option is a mistake: deal again
                page.locator(f"{ROOT} .uth-session__controls button").last.tap()  # «Nueva sesión»
                page.wait_for_function(f"document.querySelector('{ROOT}').dataset.state === 'deciding'")
                continue
            count = page.evaluate("window.__replies.length")
            page.locator(f'{ROOT} [data-option="{worst if first else decided.best}"]').tap()
            page.wait_for_function(f"window.__replies.length > {count}", timeout=60_000)
            settled(page)
            first = False
        mistake = next(r for r in replies(page) if "graded" in r and r["progress"]["ok"] is False)
        spot = mistake["progress"]["item"]["request"]["spot"]
        best = decision(parse_cards(" ".join(spot["hole"])), parse_cards(" ".join(spot["board"]))).best
        # Kept as the reply came (a reader is never this quick); an async predicate: asked from here.
        wait_for(lambda: page.evaluate(MISTAKES_KEPT, 1), 30, "el error de la sesión en «Mis errores»")
        page.goto("progreso/")
        page.wait_for_selector("[data-progress-page][data-state=drawn]", timeout=30_000)
        errors = page.locator("[data-progress-errors]")
        assert errors.inner_text().endswith("(1)")
        errors.tap()
        listed = page.locator("#progreso-errores .progress-mistake")
        listed.first.wait_for()
        assert f"La respuesta: {mistake['graded']['best_name']}" in listed.first.inner_text()
        assert page.locator("#progreso-errores > button").first.inner_text() == (
            "Repetir aquí el que se reparte en esta página")
        page.problems.check()  # nothing marked hidden shows: no «Ver 0 más» under a list of one
        listed.first.get_by_role("button", name="Repetir aquí").tap()
        card = page.locator(".progress-session")
        page.wait_for_selector(".progress-session[data-state=ready]", timeout=60_000)
        assert " ".join(spot["hole"]) not in card.inner_text()  # cards drawn as symbols, not codes
        page.fill("#progreso-respuesta", best)
        page.keyboard.press("Enter")
        page.wait_for_selector(".progress-session[data-state=correct]", timeout=60_000)
        page.get_by_role("button", name="Siguiente").tap()
        page.wait_for_function("document.querySelector('[data-progress-errors]').textContent.endsWith('(0)')")
        page.problems.check()
    finally:
        context.close()
