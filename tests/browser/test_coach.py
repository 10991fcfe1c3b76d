"""The coach at a table (docs/javascripts/ui/table/coach.js) in Chromium, on a phone (360 × 740, touch,
dark) and by keyboard: a Hold'em hand at the free table, where «¿Qué haría un bot?» opens at the reader's
turn (by a tap, then by the keyboard from the decision area) and «Consejos del entrenador» follows the
result. What the page shows is the engine's own ``play-coach`` for the same hand (asked through the
page's own client: the hand is dealt from a secret only that engine holds), text for text; axe finds nothing serious with the notes open, dark and light.
"""

from __future__ import annotations

import pytest

from engine.glossary import LOANWORDS
from tests.browser.test_accessibility import axe_violations, describe
from tests.browser.test_free_table import axe_source_text, page_request  # noqa: F401  (a fixture this test uses)
from tests.conftest import shared_page

PATH, ROOT = "holdem/mesa/", "#mesa-holdem"
PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True,
         "reduced_motion": "reduce", "color_scheme": "dark"}


def settle(page) -> str:
    page.wait_for_selector(", ".join(f'{ROOT}[data-mesa-state="{s}"]' for s in ("turn", "over")), timeout=60_000)
    return page.get_attribute(ROOT, "data-mesa-state")


def engine_coach(page) -> dict:
    """The engine's ``play-coach`` for the page's hand so far (its session, through the page's client)."""
    coach = page_request(page, "play-coach", {"session": page.get_attribute(ROOT, "data-session")})
    assert "error" not in coach, coach
    return coach


def shown_note(page, selector: str) -> dict:
    return page.eval_on_selector(selector, """n => ({
        you: n.querySelector('.coach-note__you')?.textContent ?? null,
        facts: [...n.querySelectorAll('.coach-note__facts li')].map(li => li.textContent),
        styles: [...n.querySelectorAll('.coach-style')].map(li => li.textContent),
        summary: n.querySelector('.coach-note__summary')?.textContent ?? null})""")


def expected_note(note: dict, words: dict) -> dict:
    return {"you": f"{words['you']}: {note['you']}" if "you" in note else None, "facts": note["facts"],
            "styles": [f"{s['label']}: {s['text']}" for s in note["styles"]], "summary": note.get("summary")}


def no_serious_violations(page, source: str) -> None:
    violations = [v for v in axe_violations(page, source) if v["impact"] in ("serious", "critical")]
    assert not violations, describe(violations)


def test_the_coach_by_touch_and_keyboard_says_what_the_engine_says(browser, browser_context_args, base_url, built_site,
                                                                   axe_source_text):  # noqa: F811
    with shared_page(browser, {**browser_context_args, **PHONE}, base_url, timeout=30_000) as page:
        page.goto(PATH + "?pausa=0")
        page.wait_for_selector(f'{ROOT}[data-mesa-state="idle"]', timeout=90_000)
        page.select_option(f'{ROOT} select[name="mesa-players"]', "3")
        page.tap(f"{ROOT} .mesa-deal")
        asked = 0  # the turns the coach was asked on: the first by touch, the second by keyboard
        for _ in range(8):  # a hand may give the reader fewer than two turns (the others fold): the next one
            turns = 0
            while settle(page) == "turn":
                ask = page.locator(f"{ROOT} details.coach-ask")
                assert ask.is_visible() and ask.get_attribute("open") is None
                if asked == 0:  # by touch
                    page.tap(f"{ROOT} .coach-ask summary")
                elif asked == 1:  # by keyboard, from the decision area where the turn puts the focus
                    assert page.evaluate(f"document.activeElement === document.querySelector('{ROOT} .sim-controls__buttons')")
                    for _ in range(20):
                        if page.evaluate(f"document.activeElement === document.querySelector('{ROOT} .coach-ask summary')"):
                            break
                        page.keyboard.press("Tab")
                    else:
                        pytest.fail("Tab from the decision area never reached «¿Qué haría un bot?»")
                    page.keyboard.press("Enter")
                if asked < 2:
                    page.wait_for_selector(f"{ROOT}[data-coach=shown] .coach-ask[open] .coach-note")
                    expected = engine_coach(page)
                    assert "now" in expected
                    assert page.inner_text(f"{ROOT} .coach-ask summary") == expected["words"]["ask"]
                    assert shown_note(page, f"{ROOT} .coach-now .coach-note") == expected_note(expected["now"],
                                                                                               expected["words"])
                    assert page.evaluate("document.documentElement.scrollWidth") <= 360
                    if asked == 0:
                        no_serious_violations(page, axe_source_text)
                        # «equity» explains itself on tap, with the glossary's meaning the engine sent
                        term = page.locator(f"{ROOT} .coach-now .coach-note__facts abbr", has_text="equity").first
                        assert term.get_attribute("title") == LOANWORDS["equity"] and term.get_attribute("tabindex") == "0"
                        term.tap()
                        assert LOANWORDS["equity"] in term.evaluate("(e) => getComputedStyle(e, '::after').content")
                options = page.locator(f"{ROOT} .sim-controls:not([hidden]) button[data-action]")
                actions = options.evaluate_all("bs => bs.map(b => b.dataset.action)")
                options.nth(next((i for i, a in enumerate(actions) if a != "fold"), 0)).tap()
                page.wait_for_function(f"document.querySelector('{ROOT} details.coach-ask').open === false")
                turns += 1
                asked += 1
                assert turns < 30
            if turns >= 2:
                break
            page.tap(f"{ROOT} .mesa-another")  # forgets the hand's table at once, learns the next one's
            page.wait_for_selector(f"{ROOT}[data-hand]", state="attached")
        assert turns >= 2, "no hand in eight gave the reader two turns (one by touch, one by keyboard)"
        # After the hand: a note per decision of the reader, each the engine's.
        page.wait_for_selector(f"{ROOT}[data-coach=shown] .coach:not([hidden]) .coach-fold")
        expected = engine_coach(page)
        assert "now" not in expected and len(expected["notes"]) == turns
        summaries = page.eval_on_selector_all(f"{ROOT} .coach .coach-fold > summary", "s => s.map(x => x.textContent)")
        assert summaries == [f"{n['when']} · {n['you']}" for n in expected["notes"]]
        page.focus(f"{ROOT} .coach .coach-fold > summary")
        page.keyboard.press("Enter")
        first = f"{ROOT} .coach .coach-fold[open] .coach-note"
        page.wait_for_selector(first)
        assert shown_note(page, first) == expected_note(expected["notes"][0], expected["words"])
        page.tap(f"{ROOT} .coach .coach-fold >> nth=1 >> summary")
        for i, note in enumerate(expected["notes"]):
            if i:
                page.eval_on_selector_all(f"{ROOT} .coach .coach-fold", f"fs => fs[{i}].open = true")
            assert shown_note(page, f"{ROOT} .coach li:nth-child({i + 1}) .coach-note") == \
                expected_note(note, expected["words"])
        assert page.inner_text(f"{ROOT} .coach .coach__title") == expected["words"]["title"]
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        no_serious_violations(page, axe_source_text)
        assert page.evaluate("document.body.dataset.mdColorScheme") == "slate"
        page.emulate_media(color_scheme="light")  # the notes' contrast in the light theme too
        page.wait_for_function("document.body.dataset.mdColorScheme === 'default'")
        no_serious_violations(page, axe_source_text)
        # «Ver las cartas de todos» by touch, at 360 px, light then dark: a learning aid, labelled so.
        page.tap(f"{ROOT} .mesa-everyone__ask")
        page.wait_for_selector(f"{ROOT} .mesa-everyone__list li")
        assert page.locator(f"{ROOT} .mesa-everyone__list li").count() == 3
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        no_serious_violations(page, axe_source_text)
        page.emulate_media(color_scheme="dark")
        page.wait_for_function("document.body.dataset.mdColorScheme === 'slate'")
        no_serious_violations(page, axe_source_text)
        # A new hand takes the panel away.
        page.click(f"{ROOT} .mesa-another, {ROOT} .mesa-new")
        settle(page)
        assert page.locator(f"{ROOT} .coach").is_hidden()
        page.problems.check()


def test_a_flood_of_coach_requests_during_the_bots_turns(browser, browser_context_args, base_url, built_site):
    """Issue 51, item 13: the coach opened and closed over and over at the reader's turn, then 20 more
    ``play-coach`` requests through the page's client while the bots play: every request is answered, in
    the order asked, nothing breaks, and the note the page shows at the next turn is that turn's."""
    with shared_page(browser, {**browser_context_args, "viewport": {"width": 360, "height": 740}}, base_url,
                     timeout=30_000) as page:
        page.goto(PATH + "?pausa=400")
        page.wait_for_selector(f'{ROOT}[data-mesa-state="idle"]', timeout=90_000)
        page.select_option(f'{ROOT} select[name="mesa-players"]', "6")
        for _ in range(12):  # a hand where the reader has a turn and bots play after it
            page.click(f"{ROOT} .mesa-deal, {ROOT} .mesa-another, {ROOT} .mesa-new")
            if settle(page) == "turn":
                break
        assert page.get_attribute(ROOT, "data-mesa-state") == "turn"
        session = page.get_attribute(ROOT, "data-session")
        for _ in range(10):  # open and close «¿Qué haría un bot?» faster than the engine answers
            page.click(f"{ROOT} .coach-ask summary")
        options = page.locator(f"{ROOT} .sim-controls:not([hidden]) button[data-action]")
        actions = options.evaluate_all("bs => bs.map(b => b.dataset.action)")
        options.nth(next((i for i, a in enumerate(actions) if a not in ("fold", "check")), 0)).click()
        answered = page.evaluate("""async (session) => {
            const client = await import(document.querySelector('script[src*="engine/client.js"]').src);
            const order = [];
            const replies = await Promise.all(Array.from({ length: 20 }, (_, i) =>
                client.request("play-coach", { session }).then((reply) => { order.push(i); return reply; })));
            return { order, errors: replies.filter((r) => r.error).map((r) => r.error),
                     notes: replies.map((r) => (r.notes || []).length) };
        }""", session)
        assert answered["order"] == list(range(20)) and not answered["errors"], answered
        assert answered["notes"] == sorted(answered["notes"]) and answered["notes"][0] >= 1
        state = settle(page)
        assert page.locator(f"{ROOT} .sim-error:visible").count() == 0
        if state == "turn":  # the note shown now is this turn's, never one of the flood's
            page.click(f"{ROOT} .coach-ask summary")
            page.wait_for_selector(f"{ROOT}[data-coach=shown] .coach-ask[open] .coach-note")
            expected = engine_coach(page)
            assert shown_note(page, f"{ROOT} .coach-now .coach-note") == expected_note(expected["now"], expected["words"])
        page.problems.check()
