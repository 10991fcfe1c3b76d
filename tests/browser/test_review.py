"""«Revisión de la mano» (docs/javascripts/ui/table/review.js) in Chromium, on a phone (360 ×
740, touch, dark) and by keyboard: after a hand of each game the panel lists each decision of the reader with its
grade, as the engine's own ``play-review`` for the same hand (asked through the page's own client: the hand is
dealt from a secret only that engine holds), text for text; a decision opens by keyboard and shows each action's value and margin and why; «Vuelve a esa decisión»
deals the same hand again up to that decision; a new hand takes the panel away; axe finds nothing serious, dark
and light. A practice hand (the simulator) and a history replayed to its end are reviewed too.
"""

from __future__ import annotations

import json

import pytest

from engine import protocol
from engine.play.session import SPOT_OVER
from tests.browser.test_accessibility import axe_violations, describe
from tests.browser.test_free_table import axe_source_text, page_request  # noqa: F401  (a fixture this test uses)
from tests.conftest import shared_page

PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True,
         "reduced_motion": "reduce", "color_scheme": "dark"}
#: game -> its page, its root, and the form's field of how many play.
GAMES = {"holdem": ("holdem/mesa/", "#mesa-holdem", ("players", "3")),
         "mata-ases": ("mata-ases/mesa-libre/", "#mesa-juego", ("opponents", "2"))}


def settle(page, root: str, state: str = "data-mesa-state") -> str:
    """The table's state once it is the reader's turn or the hand is over (``state``: the page's attribute)."""
    page.wait_for_selector(", ".join(f'{root}[{state}="{s}"]' for s in ("turn", "over")), timeout=90_000)
    return page.get_attribute(root, state)


def engine_review(page, game: str, root: str) -> dict:
    """The engine's ``play-review`` of the page's hand (its session, through the page's client)."""
    reply = page_request(page, "play-review", {"session": page.get_attribute(root, "data-session")})
    assert "error" not in reply, reply
    return reply


def no_serious_violations(page, source: str) -> None:
    violations = [v for v in axe_violations(page, source) if v["impact"] in ("serious", "critical")]
    assert not violations, describe(violations)


def shown_decision(page, selector: str) -> dict:
    return page.eval_on_selector(selector, """n => ({
        grade: n.dataset.grade,
        actions: [...n.querySelectorAll('.review-action')].map(li => li.textContent),
        why: n.querySelector('.review-decision__why').textContent})""")


def expected_decision(decision: dict, words: dict) -> dict:
    actions = []
    for a in decision["actions"]:
        marks = [m for m, on in ((words["you"], a["chosen"]), (words["best"], a["best"]), (words["tie"], a["tie"])) if on]
        text = f"{a['text']}: {a['figure']}" + (f" ({a['gap_text']})" if "gap_text" in a else "")
        actions.append(text + (f" · {' · '.join(marks)}" if marks else ""))
    return {"grade": decision["grade"], "actions": actions, "why": decision["why"]}


def play_a_hand(page, root: str, state: str = "data-mesa-state") -> int:
    """The reader's turns of one hand, each a tap on an option other than folding; how many he took."""
    turns = 0
    while settle(page, root, state) == "turn":
        before = page.get_attribute(root, "data-decisions")
        options = page.locator(f"{root} .sim-controls:not([hidden]) button[data-action]")
        actions = options.evaluate_all("bs => bs.map(b => b.dataset.action)")
        options.nth(next((i for i, a in enumerate(actions) if a != "fold"), 0)).tap()
        page.wait_for_function("([root, before]) => document.querySelector(root).dataset.decisions !== before",
                               arg=[root, before])
        turns += 1
        assert turns < 30
    return turns


def deal_and_play(page, game: str) -> int:
    """Open ``game``'s table, deal and play hands until one asks the reader something; his turns in it."""
    path, root, (field, players) = GAMES[game]
    page.goto(path + "?pausa=0")
    page.wait_for_selector(f'{root}[data-mesa-state="idle"]', timeout=90_000)
    page.select_option(f'{root} select[name="mesa-{field}"]', players)
    page.tap(f"{root} .mesa-deal")
    turns = play_a_hand(page, root)
    for _ in range(8):  # a hand folded round to the reader's blind asks nothing of him: the next one
        if turns:
            break
        page.tap(f"{root} .mesa-another")
        turns = play_a_hand(page, root)
    assert turns >= 1
    return turns


@pytest.mark.parametrize("game", list(GAMES))
def test_the_review_after_a_hand_says_what_the_engine_says(game, browser, browser_context_args, base_url, built_site,
                                                           axe_source_text):  # noqa: F811
    root = GAMES[game][1]
    with shared_page(browser, {**browser_context_args, **PHONE}, base_url, timeout=30_000) as page:
        turns = deal_and_play(page, game)
        page.wait_for_selector(f"{root}[data-review=shown] .review:not([hidden]) .review-fold", timeout=120_000)
        expected = engine_review(page, game, root)
        words = expected["words"]
        assert len(expected["decisions"]) == turns
        summaries = page.eval_on_selector_all(f"{root} .review .review-fold > summary", "s => s.map(x => x.textContent)")
        assert summaries == [f"{d['when']} · {d['you']} · {d['label']}" for d in expected["decisions"]]
        assert page.inner_text(f"{root} .review .review__title") == words["title"]
        assert page.inner_text(f"{root} .review .review-summary__text") == expected["summary"]["text"]
        # A decision by keyboard: its actions with their values and margins, and why.
        page.focus(f"{root} .review .review-fold > summary")
        page.keyboard.press("Enter")
        first = f"{root} .review .review-fold[open] .review-decision"
        page.wait_for_selector(first)
        assert shown_decision(page, first) == expected_decision(expected["decisions"][0], words)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        no_serious_violations(page, axe_source_text)
        page.emulate_media(color_scheme="light")
        page.wait_for_function("document.body.dataset.mdColorScheme === 'default'")
        no_serious_violations(page, axe_source_text)
        page.emulate_media(color_scheme="dark")
        # «Vuelve a esa decisión»: the same hand, dealt again up to the reader's first decision.
        before = json.loads(page.get_attribute(root, "data-decisions"))
        at = expected["decisions"][0]["at"]
        page.tap(f"{first} .review-back")
        page.wait_for_function(f"document.querySelector('{root}').dataset.mesaState === 'turn'", timeout=60_000)
        assert json.loads(page.get_attribute(root, "data-decisions")) == before[:at]
        assert page.locator(f"{root} .review").is_hidden()
        page.problems.check()


def test_mi_progreso_shows_the_play_skill_after_a_reviewed_hand(browser, browser_context_args, base_url, built_site,
                                                                 axe_source_text):  # noqa: F811
    """A hand at the Hold'em table (in another tab), its review shown: «Mi progreso», which follows the other
    tabs, lists the play skills its decisions exercised, each with its right answers and attempts."""
    root = GAMES["holdem"][1]
    with shared_page(browser, {**browser_context_args, **PHONE}, base_url, timeout=30_000) as page:
        page.goto("progreso/")
        page.wait_for_selector("[data-progress-page][data-state=drawn]", timeout=30_000)
        table = page.context.new_page()
        deal_and_play(table, "holdem")
        table.wait_for_selector(f"{root}[data-review=shown]", timeout=120_000)
        reviewed = engine_review(table, "holdem", root)["decisions"]
        slots = [d for d in reviewed if d["slot"] in ("facing", "open")]
        assert slots, "the hand had no decision with a play skill"
        wanted = {}
        for d in slots:
            good, total = wanted.get(f"holdem.play.{d['slot']}", (0, 0))
            wanted[f"holdem.play.{d['slot']}"] = (good + (d["grade"] == "correct"), total + 1)
        expected = {skill: f"{good} de {total} " for skill, (good, total) in wanted.items()}
        page.wait_for_function("""(expected) => Object.entries(expected).every(([id, text]) => {
            const row = document.querySelector(`tr[data-skill="${id}"]`);
            return row && row.children[1].textContent.replace(/\u00a0/g, " ").startsWith(text);
        })""", arg=expected, timeout=30_000)
        table.close()
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        no_serious_violations(page, axe_source_text)


def test_the_ultimate_strategy_step_ticks_after_session_decisions(browser, browser_context_args, base_url, built_site):
    """Five right decisions in the Ultimate session (sent through its page's own client, in another tab) tick
    «Decide como un buen jugador» on «Mi progreso»'s path, which follows the other tabs."""
    with shared_page(browser, {**browser_context_args, **PHONE}, base_url, timeout=30_000) as page:
        page.goto("progreso/")
        page.wait_for_selector("[data-progress-page][data-state=drawn]", timeout=30_000)
        step = "[data-progress-step*='\"ultimate.strategy\"']"
        assert "progress-path__step--done" not in (page.get_attribute(step, "class") or "")
        session = page.context.new_page()
        session.goto(page.url.replace("progreso/", "ultimate/sesion/"))
        board, dealer = ["2c", "7d", "9h", "5c", "3s"], ["4d", "6c"]
        holes = (["As", "Ah"], ["Ks", "Kh"], ["Qs", "Qh"], ["Js", "Jh"], ["Ad", "Kd"])  # five items: five attempts
        for hand, hole in enumerate(holes):
            cards = {"hole": hole, "board": board, "dealer": dealer}
            dealt = page_request(session, "uth-session-deal", {"session": "t-uth", "new": hand == 0, "cards": cards})
            assert "error" not in dealt, dealt
            decided = page_request(session, "uth-session-decide", {"session": "t-uth", "option": "4x"})
            assert decided["progress"]["ok"] is True, decided
        page.wait_for_selector("[data-progress-page][data-entries='5']", timeout=30_000)
        page.reload()
        page.wait_for_selector("[data-progress-page][data-state=drawn]", timeout=30_000)
        page.wait_for_selector(f"{step}.progress-path__step--done", timeout=30_000)
        session.close()


def test_a_practice_hand_is_reviewed_and_goes_back_to_a_decision(browser, browser_context_args, base_url, built_site,
                                                                  axe_source_text):  # noqa: F811
    """The Hold'em simulator at 360 px: after the practice hand, the review of the engine in CPython for the same
    hand and decisions, with the sentence that its scripted rivals are valued as bots; «Vuelve a esa decisión»
    starts the hand again with the reader's decisions before that one made."""
    root = "#simulador"
    scenarios = json.loads((built_site / "assets" / "scenarios.json").read_text(encoding="utf-8"))["scenarios"]
    with shared_page(browser, {**browser_context_args, **PHONE}, base_url, timeout=30_000) as page:
        page.goto("holdem/simulador/?pausa=0")
        turns = play_a_hand(page, root, "data-sim-state")
        assert turns >= 1
        page.wait_for_selector(f"{root}[data-review=shown] .review:not([hidden]) .review-fold", timeout=120_000)
        name, reader = page.get_attribute(root, "data-scenario"), json.loads(page.get_attribute(root, "data-decisions"))
        scenario = next(s for s in scenarios if s["name"] == name)
        start = protocol.answer("play-start", {"session": "t-sim", "mode": "practice", "scenario": scenario,
                                               "reader": reader})
        while start.get("more"):
            start = protocol.answer("play-step", {"session": "t-sim"})
        expected = protocol.answer("play-review", {"session": "t-sim"})
        while expected.get("more"):
            expected = protocol.answer("play-review", {"session": "t-sim"})
        words = expected["words"]
        assert len(expected["decisions"]) == turns == len(reader)
        summaries = page.eval_on_selector_all(f"{root} .review .review-fold > summary", "s => s.map(x => x.textContent)")
        assert summaries == [f"{d['when']} · {d['you']} · {d['label']}" for d in expected["decisions"]]
        assert page.inner_text(f"{root} .review .review__assumed") == words["assumed"]
        assert page.inner_text(f"{root} .review .review-summary__title") == words["hand"]
        assert page.inner_text(f"{root} .review .review-summary__text") == expected["summary"]["text"]
        last = len(reader) - 1
        page.locator(f"{root} .review .review-fold > summary").nth(last).tap()
        opened = f"{root} .review .review-fold[open] .review-decision"
        assert shown_decision(page, opened) == expected_decision(expected["decisions"][last], words)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        no_serious_violations(page, axe_source_text)
        page.tap(f"{opened} .review-back")
        page.wait_for_function(f"document.querySelector('{root}').dataset.simState === 'turn'", timeout=60_000)
        assert json.loads(page.get_attribute(root, "data-decisions")) == reader[:last]
        assert page.locator(f"{root} .review").is_hidden()
        page.problems.check()


def test_a_history_replayed_to_its_end_is_reviewed_for_its_seat_tu(browser, browser_context_args, base_url,
                                                                   built_site):
    """A hand played at the Hold'em table, its PHH pasted back and shown to its end: the review of the engine
    for that replay, with the sentence that a history does not say how its rivals play; «Vuelve a esa
    decisión» deals the history's hand from there at a table of the reader's own, the history's decisions
    before it made, and nothing follows that hand but a table of his own."""
    root = GAMES["holdem"][1]
    with shared_page(browser, {**browser_context_args, **PHONE}, base_url, timeout=30_000) as page:
        turns = deal_and_play(page, "holdem")
        page.wait_for_selector(f"{root}[data-history]")
        history = page.get_attribute(root, "data-history")
        played = json.loads(page.get_attribute(root, "data-decisions"))
        page.evaluate("(root) => document.querySelector(`${root} .mesa-import`).setAttribute('open', '')", root)
        page.fill(f"{root} .mesa-import textarea", history)
        page.tap(f"{root} .mesa-import__go")
        page.wait_for_selector(f'{root}[data-mesa-state="replay"]', timeout=60_000)
        assert page.locator(f"{root} .review").is_hidden()
        page.tap(f"{root} .mesa-all")
        page.wait_for_selector(f"{root}[data-review=shown] .review:not([hidden]) .review-fold", timeout=120_000)
        expected = engine_review(page, "holdem", root)
        words = expected["words"]
        assert len(expected["decisions"]) == turns
        summaries = page.eval_on_selector_all(f"{root} .review .review-fold > summary", "s => s.map(x => x.textContent)")
        assert summaries == [f"{d['when']} · {d['you']} · {d['label']}" for d in expected["decisions"]]
        assert page.inner_text(f"{root} .review .review__assumed") == words["assumed"]
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        last = expected["decisions"][-1]
        page.locator(f"{root} .review .review-fold > summary").nth(turns - 1).tap()
        page.tap(f"{root} .review .review-fold[open] .review-back")
        page.wait_for_function(f"document.querySelector('{root}').dataset.mesaState === 'turn'", timeout=60_000)
        assert json.loads(page.get_attribute(root, "data-decisions")) == played[:last["at"]]
        assert page.locator(f"{root} .review").is_hidden() and page.locator(f"{root} .mesa-replay").is_hidden()
        play_a_hand(page, root)
        assert page.inner_text(f"{root} .mesa-over") == SPOT_OVER
        assert page.locator(f"{root} .mesa-new").is_visible()
        page.problems.check()
