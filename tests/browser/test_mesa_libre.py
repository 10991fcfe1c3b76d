"""«Mesa libre» (docs/mata-ases/mesa-libre.md) played in Chromium, by the keyboard.

What the page does with the engine's replies, not the rules or the bots (CPython covers those in
tests/engine/test_mata_ases_bot*.py): several hands played by the keyboard, each checked against
CPython's replay of the same table and decisions (final stacks, pots, every bot's reason, the visit's
total); a share link opened on a phone (touch) and shown step by step; «Repetir esta mano» deals the same
cards; and eight players at 360 px in dark mode, the whole table and the decision on screen together. Every page must log no console error and ask no other host.
"""

from __future__ import annotations

import base64
import json
from urllib.parse import parse_qs, urlparse

import pytest

from engine.protocol import answer
from tests.browser.test_simulator import AT_END, AT_TURN, off_screen
from tests.conftest import PageProblems

PAGE = "mata-ases/mesa-libre/"
ROOT = "#mesa-juego"
SETTLED = f'{ROOT}[data-mesa-state="turn"], {ROOT}[data-mesa-state="over"]'
OPTIONS = f"{ROOT} .sim-controls:not([hidden]) button[data-action]"
FOCUSED = ("document.activeElement && document.activeElement.closest('#mesa-juego') ? "
           "(document.activeElement.dataset.action || document.activeElement.name || "
           "document.activeElement.className) : ''")


def engine_replay(table: dict, decisions: list[dict]) -> dict:
    """CPython's replay of a hand: the last reply (result, reasons, visit) and every event."""
    reply = answer("play-start", {"game": "mata-ases", "mode": "free", "session": "test-replay", "table": table,
                                  "actions": decisions})
    events = list(reply["events"])
    while reply.get("more"):
        reply = answer("play-step", {"session": "test-replay"})
        events += reply["events"]
    assert "error" not in reply, reply
    return {**reply, "events": events}


def replayed(table: dict, decisions: list[dict]) -> list[dict]:
    """The events of a shared hand as the engine replays it (mode ``replay``), in order."""
    history = json.dumps({"v": 1, "t": table, "d": [[d["action"]] if d.get("amount") is None else
                                                      [d["action"], d["amount"]] for d in decisions]})
    reply = answer("play-start", {"game": "mata-ases", "mode": "replay", "session": "test-shared", "history": history})
    events = list(reply["events"])
    while not reply["over"] or reply.get("more"):
        reply = answer("play-step", {"session": "test-shared", **({} if reply.get("more") else {"to_end": True})})
        events += reply["events"]
    return events


def shared(page) -> tuple[dict, list[dict], str]:
    url = page.input_value(f"{ROOT} .mesa-share input")
    token = parse_qs(urlparse(url).query)["mano"][0]
    data = json.loads(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4)))
    decisions = [{"action": d[0], "amount": d[1]} if len(d) > 1 else {"action": d[0]} for d in data["d"]]
    return data["t"], decisions, url


def settle(page) -> str:
    page.wait_for_selector(SETTLED)
    return page.get_attribute(ROOT, "data-mesa-state")


def final_stacks(page) -> dict[str, int]:
    rows = page.eval_on_selector_all(f"{ROOT} [data-final-stack]",
                                     "rows => rows.map(r => [r.dataset.player, Number(r.dataset.finalStack)])")
    return dict(rows)


def check_against_engine(page) -> tuple[dict, list[dict], str]:
    table, decisions, url = shared(page)
    assert json.loads(page.get_attribute(ROOT, "data-decisions")) == decisions
    assert int(page.get_attribute(ROOT, "data-seed")) == table["seed"]
    final = engine_replay(table, decisions)
    assert "result" in final, "the page's decisions do not end the hand in CPython"
    assert final_stacks(page) == {row["name"]: row["stack"] for row in final["result"]["stacks"]}
    result = page.locator(f"{ROOT} [data-sim-result]")
    assert json.loads(result.get_attribute("data-pots")) == final["result"]["pots"]
    titles = page.eval_on_selector_all(f"{ROOT} .mesa-reason summary strong", "s => s.map(x => x.textContent)")
    assert titles == [r["title"] for r in final["reasons"]]
    texts = page.eval_on_selector_all(f"{ROOT} .mesa-reason p", "s => s.map(x => x.textContent)")
    assert texts == [r["reason"] for r in final["reasons"]]
    return table, decisions, url


@pytest.fixture(scope="module")
def mesa(browser, browser_context_args, base_url, built_site):
    if not (built_site / PAGE / "index.html").is_file():
        pytest.skip("docs/mata-ases/mesa-libre.md no está en el sitio construido")
    context = browser.new_context(**browser_context_args)
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.problems = PageProblems(page, base_url)
    page.goto(PAGE + "?pausa=40")
    page.wait_for_selector(f'{ROOT}[data-mesa-state="idle"]', timeout=90_000)
    yield page
    page.problems.check()
    context.close()


def play_by_keyboard(page) -> None:
    """Deal with Enter on «Repartir una mano», then take the focused option (the first) each turn."""
    page.focus(f"{ROOT} .mesa-deal")
    page.keyboard.press("Enter")
    for _ in range(80):
        state = settle(page)
        if state == "over":
            return
        active = page.evaluate("document.activeElement.dataset.action || null")
        assert active, "the reader's options should take the focus when it is their turn"
        assert active == page.eval_on_selector_all(OPTIONS, "bs => bs.map(b => b.dataset.action)")[0]
        page.keyboard.press("Enter")
        assert page.evaluate(FOCUSED), "the focus left the table"
        page.keyboard.press("Escape")  # skip the bots' pause
    pytest.fail("the hand did not end")


SETUPS = [("1", "bring-in", "fixed"), ("3", "boton-ante", "no-limit"), ("7", "bring-in", "no-limit")]


def test_several_hands_by_keyboard_match_the_engine(mesa):
    page = mesa
    totals = []
    for opponents, modality, betting in SETUPS:
        page.select_option(f'{ROOT} select[name="mesa-rivales"]', opponents)
        page.check(f'{ROOT} input[name="mesa-modalidad"][value="{modality}"]')
        page.check(f'{ROOT} input[name="mesa-apuestas"][value="{betting}"]')
        play_by_keyboard(page)
        table, _, _ = check_against_engine(page)
        assert (table["opponents"], table["modality"], table["betting"]) == (int(opponents), modality, betting)
        assert page.locator(f"{ROOT} .sim-seat").count() == int(opponents) + 1
        assert "mesa-another" in page.evaluate(FOCUSED)
        totals.append(final_stacks(page)["Tú"] - table["stack"])
    # The visit: one line per hand with its result, a chart, and the total as the engine writes it.
    hands = page.locator(f"{ROOT} .mesa-history__hand")
    assert hands.count() == len(SETUPS)
    assert [int(x) for x in hands.evaluate_all("hs => hs.map(h => h.dataset.change)")] == totals
    assert page.locator(f"{ROOT} .mesa-chart svg rect").count() == len(SETUPS)
    total = answer("play-start", {"game": "mata-ases", "mode": "free", "session": "t", "table": table, "visit": totals[:-1],
                  "actions": shared(page)[1]})
    while "visit" not in total:
        total = answer("play-step", {"session": "t"})
    assert page.inner_text(f"{ROOT} .mesa-chart__total strong") == total["visit"]["total_text"]
    page.reload()  # the visit survives a reload of the tab
    page.wait_for_selector(f'{ROOT}[data-mesa-state="idle"]', timeout=90_000)
    assert page.locator(f"{ROOT} .mesa-history__hand").count() == len(SETUPS)
    assert page.input_value(f'{ROOT} select[name="mesa-rivales"]') == SETUPS[-1][0]


def test_repeat_deals_the_same_hand(mesa):
    page = mesa
    if page.get_attribute(ROOT, "data-mesa-state") != "over":
        play_by_keyboard(page)
    seed = page.get_attribute(ROOT, "data-seed")
    first = page.inner_text(f"{ROOT} .sim-log__step >> nth=0")
    page.click(f"{ROOT} .mesa-again")
    settle(page)
    assert page.get_attribute(ROOT, "data-seed") == seed
    assert page.inner_text(f"{ROOT} .sim-log__step >> nth=0") == first


PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True}


def test_share_link_shows_the_hand_step_by_step_on_a_phone(mesa, browser, browser_context_args, base_url):
    """A shared hand opened on a phone (360×740, touch): the table in view from the start, one step per
    tap, the result on screen at the end; then the same hand played by touch, the whole table and the
    decision on screen after every decision."""
    if mesa.get_attribute(ROOT, "data-mesa-state") != "over":
        play_by_keyboard(mesa)
        settle(mesa)
    table, decisions, url = shared(mesa)
    final = engine_replay(table, decisions)
    # No pauses (reduced motion): the bots' pauses have their own tests and here only cost time.
    context = browser.new_context(**{**browser_context_args, **PHONE, "reduced_motion": "reduce"})
    page = context.new_page()
    page.set_default_timeout(30_000)
    problems = PageProblems(page, base_url)
    page.goto(url)
    page.wait_for_selector(f'{ROOT}[data-mesa-state="replay"]', timeout=90_000)
    steps = f"{ROOT} .sim-log__step"
    # The first step: the deal, up to the first table the engine sends, so the table is in view at once.
    first = next(i for i, e in enumerate(replayed(table, decisions)) if "table" in e) + 1
    assert page.locator(steps).count() == first
    assert "mesa-step" in page.evaluate(FOCUSED)
    assert off_screen(page, ROOT, (".sim-seat", ".sim-shared", ".mesa-step")) == []
    stepped = min(first + 3, len(final["events"]))  # a short hand (everybody folds) may have no more
    for k in range(first + 1, stepped + 1):  # one event per step, by the keyboard, then by touch
        if k == first + 1:
            page.keyboard.press("Enter")
        else:
            page.tap(f"{ROOT} .mesa-step")
        assert page.locator(steps).count() == k
    assert [page.inner_text(f"{steps} >> nth={i}").startswith(final["events"][i]["text"][:20])
            for i in range(stepped)] == [True] * stepped
    if stepped < len(final["events"]):
        page.tap(f"{ROOT} .mesa-all")
    page.wait_for_selector(f'{ROOT}[data-mesa-state="over"]')
    assert page.locator(steps).count() == len(final["events"])
    assert final_stacks(page) == {row["name"]: row["stack"] for row in final["result"]["stacks"]}
    assert off_screen(page, ROOT, AT_END) == []
    assert page.locator(f"{ROOT} .mesa-history__hand").count() == 0  # a shared hand is not the reader's result
    page.tap(f"{ROOT} .mesa-again")  # the same hand, now played by the reader, by touch
    for _ in range(80):
        if settle(page) == "over":
            break
        assert off_screen(page, ROOT) == []
        page.tap(f"{OPTIONS} >> nth=0")
    assert off_screen(page, ROOT, AT_END) == []
    assert "mano=" not in page.url and page.get_attribute(ROOT, "data-seed") == str(table["seed"])
    # A link whose seed JSON reads as Infinity (1e400): the link is at fault, not the engine (issue 26).
    bad = base64.urlsafe_b64encode(b'{"v":1,"t":{"seed":1e400},"d":[]}').decode().rstrip("=")
    page.goto(f"{PAGE}?mano={bad}")
    page.wait_for_selector(f"{ROOT} .sim-error:visible", timeout=90_000)
    message = page.inner_text(f"{ROOT} .sim-error")
    assert message == "El enlace no describe una mano que se pueda reproducir."
    assert page.get_attribute(ROOT, "data-mesa-state") == "idle"
    problems.check()
    context.close()


def test_360px_dark_mode_reduced_motion_without_overflow(mesa):
    """Eight players at 360×740: the deal button on the first screen, and after every decision every seat,
    the ayudas, the prompt and the options on screen together (a compact table, not a scroll trick: nothing
    wider than 360 px); the result on screen at the end. No pause at all when the reader asks for reduced
    motion (no ?pausa here). The shared page, narrowed and darkened: the engine stays warm."""
    page = mesa
    viewport = page.viewport_size
    page.set_viewport_size({"width": 360, "height": 740})
    page.emulate_media(color_scheme="dark", reduced_motion="reduce")
    page.evaluate("history.replaceState(null, '', location.pathname)")  # the pause is read at each pause
    try:
        page.evaluate("""() => { window.mesaStates = []; document.querySelector('#mesa-juego')
            .addEventListener('mesa:update', e => mesaStates.push(e.detail.state)); }""")
        page.select_option(f'{ROOT} select[name="mesa-rivales"]', "7")
        page.evaluate("scrollTo(0, 0)")
        assert off_screen(page, ROOT, (".mesa-deal",)) == []  # the game starts on the first screen
        page.click(f"{ROOT} .mesa-deal")
        for _ in range(80):
            if settle(page) == "over":
                break
            assert off_screen(page, ROOT) == []
            page.click(f"{OPTIONS} >> nth=0")
        assert off_screen(page, ROOT, AT_END) == []
        assert page.locator(f"{ROOT} .sim-seat").count() == 8
        states = page.evaluate("window.mesaStates")
        assert "over" in states and "waiting" not in states, states
        width = page.evaluate("document.documentElement.clientWidth")
        wide = page.evaluate("""() => Array.from(document.querySelectorAll('#mesa-juego *'))
            .filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
            .map(e => e.tagName + '.' + e.className).slice(0, 8)""")
        assert not wide, wide
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    finally:
        page.set_viewport_size(viewport)
        page.emulate_media(color_scheme=None, reduced_motion=None)
