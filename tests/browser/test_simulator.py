"""The interactive Mata Ases simulator (docs/mata-ases/simulador.md) played in Chromium.

What the page does with the engine's replies, not the rules: CPython already plays every path of
every practice hand (tests/engine/authoring/test_check.py) and every click of the session protocol
(tests/engine/play/test_session.py). Here every practice hand is played once per modality along the
reader's default line, plus a few targeted deviations (a fold at once, so that the opponents' play
comes in several replies; a card taken closed; a bet where the script checks). After each click the
buttons on screen must be exactly the engine's legal options, and at the end the outcome and stacks
on screen must equal CPython's play of the same decisions (tests/practice_reference.py).

Most tests share one page (the engine stays warm); each checks that the page logged no console
error and asked no other host for anything.
"""

from __future__ import annotations

import json
import re
from contextlib import contextmanager

import pytest

from engine.authoring.walkthrough import walk
from engine.games.mata_ases.command import snapshot
from engine.scenarios import READER, from_json
from engine.scenarios.format import load
from engine.spanish import amount
from tests import practice_reference
from tests.browser.test_accessibility import AXE, axe_violations, describe
from tests.conftest import ROOT, forget_the_site, shared_page, wake_material

PAGE = "mata-ases/simulador/"
SIM = "#simulador"
SETTLED = f'{SIM}[data-sim-state="turn"], {SIM}[data-sim-state="over"]'
OPTIONS = f"{SIM} .sim-controls:not([hidden]) button[data-action]:not([data-all-in])"  # the engine's options (the all-in repeats a bet or raise)
#: The Mata Ases practice hands (this page's; Hold'em hands have their own simulator).
SCENARIO_NAMES = sorted(path.stem for path in (ROOT / "scenarios").glob("*.md")
                        if load(path).game == "mata-ases")
MODALITIES = ("boton-ante", "bring-in")
LINES = ("defecto", "retirarse", "cerrada", "apostar")
#: One line per hand and modality (the default one), plus these deviations.
DEVIATIONS = [("04-la-extension", "bring-in", "retirarse"), ("07-full-contra-full", "boton-ante", "cerrada"),
              ("06-all-in", "bring-in", "apostar")]
PLAYS = [(name, modality, "defecto") for name in SCENARIO_NAMES for modality in MODALITIES] + [
    case for case in DEVIATIONS if case[0] in SCENARIO_NAMES]


# ---------------------------------------------------------------------------------------------
# The engine's side: CPython replays of the same decisions.

def replay(scenario: dict, modality: str, reader: list[dict]) -> dict:
    return practice_reference.replay(scenario, modality, reader)


def default_line(scenario: dict, modality: str) -> list[dict]:
    played = walk(from_json(scenario), modality)
    assert played.gap is None and played.result is not None
    return played.reader


def finish(scenario: dict, modality: str, prefix: list[dict]) -> list[dict] | None:
    """``prefix`` completed to the end of the hand: the reader's script where it answers, else a
    plain policy (check, call, card up)."""
    line = list(prefix)
    for _ in range(40):
        reply = replay(scenario, modality, line)
        if not reply.get("next"):
            return line
        can = {o["action"]: o for o in reply["next"]["can"]}
        decision = reply["script"] or {"action": next(a for a in ("check", "call", "up", "fold") if a in can)}
        line.append(decision)
    return None


def deviate(kind: str, default: dict, can: dict) -> dict | None:
    action = default["action"]
    if kind == "retirarse" and "fold" in can and action != "fold":
        return {"action": "fold"}
    if kind == "cerrada" and action in ("up", "down"):
        return {"action": "down" if action == "up" else "up"}
    if kind == "apostar" and action == "check" and "bet" in can:
        return {"action": "bet", "amount": can["bet"]["min"]}
    return None


def line_for(scenario: dict, modality: str, kind: str) -> list[dict] | None:
    """The default line, or the first deviation of ``kind`` from it (then played to the end)."""
    default = default_line(scenario, modality)
    if kind == "defecto":
        return default
    for index, decision in enumerate(default):
        reply = replay(scenario, modality, default[:index])
        can = {o["action"]: o for o in reply["next"]["can"]}
        other = deviate(kind, decision, can)
        if other is not None:
            return finish(scenario, modality, default[:index] + [other])
    return None


# ---------------------------------------------------------------------------------------------
# The page's side.

@pytest.fixture(scope="module")
def scenarios(built_site) -> dict[str, dict]:
    page = built_site / PAGE / "index.html"
    if not page.is_file():
        pytest.skip("docs/mata-ases/simulador.md no está en el sitio construido")
    data = json.loads((built_site / "assets" / "scenarios.json").read_text(encoding="utf-8"))
    # Mata Ases hands as the engine reads them (each names its game).
    return {s["name"]: s for s in data["scenarios"] if s["game"] == "mata-ases"}


@pytest.fixture(scope="module")
def sim_page(browser, browser_context_args, base_url, scenarios):
    """One page for many hands: the engine loads once. ``rapido=1``: opponents without pauses."""
    with shared_page(browser, browser_context_args, base_url) as page:
        page.goto(PAGE + "?rapido=1")
        page.wait_for_selector(SETTLED, timeout=90_000)
        yield page


@pytest.fixture
def fresh(sim_page):
    yield sim_page
    sim_page.problems.check()



@contextmanager
def address_query(page, query: str):
    """The shared page's address with ``query`` instead of ``?rapido=1`` (the pause is read at each pause)."""
    page.evaluate("(q) => history.replaceState(null, '', location.pathname + q)", query)
    try:
        yield
    finally:
        page.evaluate("history.replaceState(null, '', location.pathname + '?rapido=1')")


def settle(page) -> str:
    page.wait_for_selector(SETTLED)
    return page.get_attribute(SIM, "data-sim-state")


def start(page, name: str, modality: str) -> None:
    page.select_option(f"{SIM} select", name)
    page.check(f'{SIM} input[name="sim-modalidad"][value="{modality}"]')
    page.click(f"{SIM} .sim-start")
    settle(page)


def offered(page) -> list[str]:
    return page.eval_on_selector_all(OPTIONS, "bs => bs.map(b => b.dataset.action)")


HEADER_BOTTOM = "document.querySelector('.md-header').getBoundingClientRect().bottom"


#: What must be on screen at the reader's turn: every seat (each opponent's open cards inside it), the
#: shared cards, the prompt and every option; at the end of a hand: the headline and what to play next.
AT_TURN = (".sim-seat", ".sim-shared", ".sim-controls:not([hidden]) .sim-controls__prompt",
           ".sim-controls:not([hidden]) button[data-action]")
AT_END = (".sim-result__headline", ".sim-result__next button")


def off_screen(page, root: str = SIM, parts: tuple[str, ...] = AT_TURN) -> list[str]:
    """Which of ``parts`` (selectors inside ``root``) lie outside the window or under Material's sticky
    header, measured box by box (a part that matches nothing counts as missing)."""
    return page.evaluate("""([root, parts]) => {
        const top = document.querySelector('.md-header').getBoundingClientRect().bottom;
        const out = [];
        for (const selector of parts) {
            const found = [...document.querySelectorAll(`${root} ${selector}`)];
            if (!found.length) out.push(`${selector}: none`);
            for (const e of found) {
                const b = e.getBoundingClientRect();
                if (b.height === 0 || b.top < top - 0.5 || b.bottom > innerHeight + 0.5)
                    out.push(`${e.dataset.player || e.dataset.action || selector}: ${Math.round(b.top)}-${Math.round(b.bottom)}`);
            }
        }
        return out;
    }""", [root, list(parts)])


def small_targets(page) -> list[str]:
    """Visible controls of the simulator (or the labels that wrap them) under 44 × 44 px."""
    return page.evaluate("""(sim) => Array.from(document.querySelectorAll(
            `${sim} button, ${sim} select, ${sim} summary, ${sim} input:not([type=radio]):not([type=checkbox]),
             ${sim} label:has(> input[type=radio]), ${sim} label:has(> input[type=checkbox])`))
        .filter(e => e.getClientRects().length)
        .map(e => [e.textContent.trim() || e.className, e.getBoundingClientRect()])
        .filter(([, b]) => b.width < 44 - 0.5 || b.height < 44 - 0.5)
        .map(([name, b]) => `${name}: ${Math.round(b.width)}×${Math.round(b.height)}`)""", SIM)


def proposals(page) -> list[str]:
    """The end screen's proposals (their classes), the first one the primary."""
    buttons = page.eval_on_selector_all(
        f"{SIM} .sim-result__next button",
        "bs => bs.map(b => [b.className.match(/sim-(next|other|first|again)/)[0], b.classList.contains('md-button--primary')])")
    assert [primary for _, primary in buttons] == [True] + [False] * (len(buttons) - 1)
    return [name for name, _ in buttons]


def play_on_page(page, scenario: dict, modality: str, line: list[dict]) -> None:
    start(page, scenario["name"], modality)
    for index, decision in enumerate(line):
        expected = replay(scenario, modality, line[:index])
        assert expected.get("next"), f"the engine's hand ended before decision {index}"
        assert page.get_attribute(SIM, "data-sim-state") == "turn", f"decision {index}: not the reader's turn"
        # Exactly the legal options, nothing more: nothing illegal can be clicked.
        assert offered(page) == [o["action"] for o in expected["next"]["can"]], f"decision {index}"
        page.click(f'{OPTIONS}[data-action="{decision["action"]}"]')
        settle(page)
    assert page.get_attribute(SIM, "data-sim-state") == "over"
    assert json.loads(page.get_attribute(SIM, "data-decisions")) == line


def assert_outcome(page, scenario: dict, modality: str, line: list[dict]) -> None:
    final = replay(scenario, modality, line)
    assert "error" not in final and not final.get("next"), final
    result = page.locator(f"{SIM} [data-sim-result]")
    assert result.is_visible()
    assert json.loads(result.get_attribute("data-pots")) == [
        {"amount": p["amount"], "winners": p["winners"]} for p in final["pots"]]
    assert int(result.get_attribute("data-extensions")) == final["extensions"]
    # Final stacks: in the result table (attribute and visible text) and on the seats.
    rows = page.eval_on_selector_all(
        f"{SIM} [data-final-stack]",
        "rows => rows.map(r => [r.dataset.player, Number(r.dataset.finalStack), r.cells[0].textContent.trim()])")
    assert {name: stack for name, stack, _ in rows} == final["stacks"]
    for name, stack in final["stacks"].items():
        seat = page.locator(f'{SIM} .sim-seat[data-player="{name}"]')
        assert int(seat.get_attribute("data-stack")) == stack, name
        assert seat.locator(".sim-seat__stack").text_content() == amount(stack), name  # the engine's format
    # The engine's own sentences for who takes the pot, and for every hand shown (in every deal).
    last = final["events"][-1]["deal"]
    payouts = [e["text"] for e in final["events"] if e["deal"] == last and e["type"] in ("win", "split")]
    headline = result.locator(".sim-result__headline").inner_text()
    for text in payouts:
        assert text in headline
    shows = [e["text"] for e in final["events"] if e["type"] == "show"]
    assert result.locator("[data-show]").evaluate_all("items => items.map(i => i.dataset.show)") == shows


# ---------------------------------------------------------------------------------------------
# Every practice hand, every modality, several lines.

@pytest.mark.parametrize("name, modality, kind", PLAYS)
def test_practice_hand_on_the_page_matches_the_engine(fresh, scenarios, name, modality, kind):
    scenario = scenarios[name]
    if modality not in scenario["modalities"]:
        pytest.skip(f"{name} solo se juega en {', '.join(scenario['modalities'])}")
    line = line_for(scenario, modality, kind)
    if line is None:
        pytest.skip(f"la línea por defecto de {name} no ofrece la desviación «{kind}»")
    if kind != "defecto":
        assert line != default_line(scenario, modality)
    play_on_page(fresh, scenario, modality, line)
    assert_outcome(fresh, scenario, modality, line)
    # The end screen proposes the next hand, this hand in the other modality (or hand 1 after the last).
    expected = ["sim-next"] if name != SCENARIO_NAMES[-1] else []
    if len(scenario["modalities"]) > 1:
        expected.append("sim-other")
    if name == SCENARIO_NAMES[-1]:
        expected.append("sim-first")
    assert proposals(fresh) == expected + ["sim-again"]


def test_every_practice_hand_has_a_different_line(scenarios):
    for name, scenario in scenarios.items():
        for modality in scenario["modalities"]:
            kinds = [k for k in LINES[1:] if line_for(scenario, modality, k) is not None]
            assert kinds, f"{name} {modality}: no different line to play"


def test_table_shows_cards_accessibly(fresh, scenarios):
    page = fresh
    start(page, SCENARIO_NAMES[0], "boton-ante")
    cards = page.eval_on_selector_all(
        f"{SIM} .sim-card",
        "cs => cs.map(c => [c.getAttribute('role'), c.getAttribute('aria-label'), c.textContent, c.className])")
    assert cards
    for role, label, text, classes in cards:
        assert role == "img" and label, (label, text)
        if "sim-card--back" not in classes:
            suit = text[-1]
            assert suit in "♠♥♦♣", text  # the suit is a symbol, never colour alone
            assert ("sim-card--red" in classes) == (suit in "♥♦"), text
            assert re.fullmatch(r"(As|Rey|Reina|Jota|10|[2-9]) de (picas|corazones|diamantes|tréboles)(, .*)?", label)
    # Opponents' closed cards are backs with no face; the reader's own closed card is face up, marked.
    table = snapshot(replay(scenarios[SCENARIO_NAMES[0]], "boton-ante", [])["hand"])
    for name, seat in table["players"].items():
        rendered = page.locator(f'{SIM} .sim-seat[data-player="{name}"]')
        if name == READER:
            own = rendered.locator(".sim-card--own-closed")
            assert own.count() == len(seat["closed"])
            assert "oculta para los demás" in own.first.get_attribute("aria-label")
            assert "oculta para los demás" in rendered.inner_text()
        else:
            assert rendered.locator(".sim-card--back").count() == len(seat["closed"])
            for token in seat["closed"]:
                assert rendered.locator(f'[data-card="{token}"]').count() == 0
    assert page.get_attribute(f"{SIM} .sim-log__list", "role") == "log"
    assert page.get_attribute(f"{SIM} .sim-log__list", "aria-live") == "polite"
    steps = page.locator(f"{SIM} .sim-log__step")
    assert steps.count() >= 2 and page.locator(f"{SIM} .sim-log__cite").count() >= 1


def assert_log_semantics(page) -> None:
    """The log is a <div role="log"> of section headings and lists (only <li> inside each list);
    the ayudas have their own heading; a rule is cited once per section (repeats fold into «Regla»)."""
    log = page.locator(f"{SIM} .sim-log__list")
    assert log.evaluate("e => [e.tagName, e.getAttribute('role'), e.getAttribute('aria-live'), e.tabIndex]") == [
        "DIV", "log", "polite", 0]
    assert log.evaluate("e => document.getElementById(e.getAttribute('aria-labelledby')).textContent") \
        == "Desarrollo de la mano"
    sections = log.evaluate("""e => Array.from(e.children).map(c => [c.tagName, c.textContent.trim().slice(0, 40),
        c.tagName === 'OL' ? Array.from(c.children).every(li => li.tagName === 'LI') : true,
        c.tagName === 'OL' ? Array.from(c.querySelectorAll(':scope > li > cite')).map(x => x.textContent) : [],
        c.tagName === 'OL' ? Array.from(c.children).map(li => li.dataset.type) : []])""")
    assert {tag for tag, *_ in sections} == {"H3", "OL"}
    assert all(valid for _, _, valid, _, _ in sections)
    for _, title, _, cites, _ in sections:
        assert len(cites) == len(set(cites)), f"a rule cited twice in «{title}»"
    assert any(cites for *_, cites, _ in sections)
    assert page.locator(f"{SIM} .sim-log__cite-repeat").count() >= 1  # folded repeats exist in a full hand
    headings = [title for tag, title, *_ in sections if tag == "H3"]
    ayudas = headings.index("Las ayudas")
    after = [types for tag, *_, types in sections if tag == "OL"][ayudas]
    assert after == ["ayudas_down"], after


def test_next_hand_and_restart(fresh, scenarios):
    page = fresh
    first, second = SCENARIO_NAMES[0], SCENARIO_NAMES[1]
    line = default_line(scenarios[first], "boton-ante")
    play_on_page(page, scenarios[first], "boton-ante", line)
    assert small_targets(page) == []
    assert_log_semantics(page)
    # axe-core on the simulator with a whole hand in the log and the end screen: nothing to report.
    violations = axe_violations(page, AXE.read_text(), SIM)
    assert not violations, describe(violations)
    assert proposals(page) == ["sim-next", "sim-other", "sim-again"]
    page.click(f"{SIM} .sim-other")
    settle(page)
    assert page.get_attribute(SIM, "data-scenario") == first and page.get_attribute(SIM, "data-modality") == "bring-in"
    assert small_targets(page) == []
    page.click(f"{SIM} .sim-start")  # this hand again, as chosen in the form
    settle(page)
    play_on_page(page, scenarios[first], "boton-ante", line)
    page.click(f"{SIM} .sim-next")
    settle(page)
    assert page.get_attribute(SIM, "data-scenario") == second
    assert page.input_value(f"{SIM} select") == second
    assert page.get_attribute(SIM, "data-decisions") == "[]"
    page.click(f"{OPTIONS} >> nth=0")
    settle(page)
    assert page.text_content(f"{SIM} .sim-start") == "Empezar de nuevo"
    page.click(f"{SIM} .sim-start")
    settle(page)
    assert page.get_attribute(SIM, "data-decisions") == "[]"
    assert page.locator(f"{SIM} .sim-result").is_hidden()


# ---------------------------------------------------------------------------------------------
# Pauses, keyboard, small screens, navigation, no JavaScript, no engine.

def test_opponents_pause_and_saltar_skips(fresh):
    page = fresh
    with address_query(page, "?pausa=60000"):
        start(page, SCENARIO_NAMES[0], "boton-ante")
        before = page.locator(f"{SIM} .sim-log__step").count()
        page.click(f"{OPTIONS} >> nth=0")
        page.wait_for_selector(f'{SIM}[data-sim-state="waiting"]')
        assert "pensando" in page.locator(f"{SIM} .sim-pace__text").text_content()
        waiting = page.locator(f"{SIM} .sim-log__step").count()
        assert waiting > before  # the reader's own step shows at once, the opponent waits
        page.click(f"{SIM} .sim-skip")
        page.wait_for_selector(SETTLED, timeout=5_000)


def test_reduced_motion_means_no_pauses(fresh):
    """Without ?rapido the opponents think for a moment; with prefers-reduced-motion they do not."""
    page = fresh
    states = """() => { window.__states = []; new MutationObserver(() => window.__states.push(
        document.querySelector('#simulador').dataset.simState)).observe(document.querySelector('#simulador'),
        {attributes: true, attributeFilter: ['data-sim-state']}); }"""
    with address_query(page, ""):  # no ?rapido: the default pause
        try:
            for motion, pauses in (("no-preference", True), ("reduce", False)):
                page.emulate_media(reduced_motion=motion)
                start(page, SCENARIO_NAMES[0], "boton-ante")
                page.evaluate(states)
                page.click(f"{OPTIONS} >> nth=0")
                if pauses:  # the opponent thinks; «Saltar» ends the pause (no need to sit through it)
                    page.wait_for_selector(f'{SIM}[data-sim-state="waiting"]')
                    page.click(f"{SIM} .sim-skip")
                settle(page)
                assert ("waiting" in page.evaluate("window.__states")) is pauses, motion
        finally:
            page.emulate_media(reduced_motion=None)


def test_one_hand_with_the_keyboard_only(checked_page, scenarios):
    page = checked_page
    page.goto(PAGE + "?pausa=300")
    page.wait_for_selector(SETTLED, timeout=90_000)
    page.evaluate("document.activeElement && document.activeElement.blur()")
    focused = "document.activeElement && document.activeElement.closest('#simulador') ? " \
              "(document.activeElement.name || document.activeElement.className) : ''"
    # A skip link among the first three Tab stops takes the keyboard to the first option.
    for _ in range(3):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('sim-skiplink')"):
            break
    else:
        pytest.fail("the skip link to the simulator is not among the first three Tab stops")
    assert page.locator(".sim-skiplink").is_visible()
    page.keyboard.press("Enter")
    # The decision area takes the focus (never an option: a stray key plays nothing); Tab reaches the options.
    assert page.evaluate("document.activeElement.matches('.sim-controls__buttons')")
    assert off_screen(page) == []
    for _ in range(10):  # back from the options to the modality radios
        page.keyboard.press("Shift+Tab")
        if page.evaluate(focused) == "sim-modalidad":
            break
    else:
        pytest.fail("Shift+Tab never reached the simulator's modality choice")
    page.keyboard.press("ArrowRight")  # Bring In
    assert page.is_checked(f'{SIM} input[value="bring-in"]')
    page.keyboard.press("Tab")
    assert page.evaluate(focused) == "sim-mano"
    target = SCENARIO_NAMES[min(3, len(SCENARIO_NAMES) - 1)]
    for _ in range(len(SCENARIO_NAMES)):
        if page.input_value(f"{SIM} select") == target:
            break
        page.keyboard.press("ArrowDown")
    assert page.input_value(f"{SIM} select") == target
    page.keyboard.press("Tab")
    assert "sim-start" in page.evaluate(focused)
    page.keyboard.press("Enter")
    taken = []
    for _ in range(40):
        state = settle(page)
        if state == "over":
            break
        assert page.evaluate("document.activeElement.matches('.sim-controls__buttons')"), \
            "the decision area should take the focus when it is the reader's turn"
        page.keyboard.press("Tab")
        active = page.evaluate("document.activeElement.dataset.action || null")
        assert off_screen(page) == []  # at 1280 too: the opponents are not left under the sticky header
        assert active == offered(page)[0]
        taken.append({"action": active})
        if active in ("bet", "raise"):
            taken[-1]["amount"] = int(page.evaluate("document.activeElement.dataset.amount"))
        page.keyboard.press("Enter")
        # The focus stays in the simulator (on «Saltar» while the opponents play); Escape skips the pause.
        assert page.evaluate(focused), "the focus left the simulator"
        page.keyboard.press("Escape")
    assert page.get_attribute(SIM, "data-sim-state") == "over"
    assert "md-button--primary" in page.evaluate(focused) and "sim-next" in page.evaluate(focused)
    assert taken and json.loads(page.get_attribute(SIM, "data-decisions")) == taken
    assert_outcome(page, scenarios[target], "bring-in", taken)


def no_horizontal_overflow(page) -> None:
    width = page.evaluate("document.documentElement.clientWidth")
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width, f"horizontal overflow: {scroll} px of content in {width} px"
    wide = page.evaluate("""() => Array.from(document.querySelectorAll('#simulador *'))
        .filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
        .map(e => e.className).slice(0, 5)""")
    assert not wide, f"elements wider than the screen: {wide}"


def test_360px_the_table_and_the_options_share_the_screen(fresh, scenarios):
    """The hands with the most on the table (an extension, an all-in with side pots), start to end, one
    per modality: no sideways scrolling, and after every decision every seat, the ayudas, the prompt and
    the options are all on screen (no «Volver al principio» button over them), targets of 44 px; at
    the end, the result's headline and proposals."""
    page = fresh
    viewport = page.viewport_size
    page.set_viewport_size({"width": 360, "height": 740})  # the shared page, narrowed: the engine stays warm
    try:
        no_horizontal_overflow(page)
        for name, modality in (("04-la-extension", "bring-in"), ("06-all-in", "boton-ante")):
            if name not in scenarios:
                continue
            line = default_line(scenarios[name], modality)
            start(page, name, modality)
            no_horizontal_overflow(page)
            for index, decision in enumerate(line):
                assert off_screen(page) == [], (name, index)
                assert small_targets(page) == [], (name, index)
                page.click(f'{OPTIONS}[data-action="{decision["action"]}"]')
                settle(page)
                assert page.locator(".md-top").count() == 0
            no_horizontal_overflow(page)
            assert page.locator(f"{SIM} [data-sim-result]").is_visible()
            assert off_screen(page, SIM, AT_END) == [], name  # the result on screen, not below the log
    finally:
        page.set_viewport_size(viewport)


def test_instant_navigation_finds_the_engine_warm(fresh, scenarios):
    page = fresh
    start(page, SCENARIO_NAMES[0], "boton-ante")
    page.click(f"{OPTIONS} >> nth=0")
    settle(page)
    decisions = page.get_attribute(SIM, "data-decisions")
    wake_material(page)  # started by the reader's clicks above (waited for here)
    page.evaluate("window.__marker = 1")
    page.locator("a[href$='/mata-ases/']:visible").first.click()
    page.wait_for_url(re.compile(r"/mata-ases/$"))
    page.wait_for_function("!document.getElementById('simulador')")
    page.locator("a[href$='/mata-ases/simulador/']:visible").first.click()
    page.wait_for_url(re.compile(r"/simulador/"))
    page.wait_for_selector(SETTLED, timeout=3_000)  # no new Pyodide: the worker is still warm
    assert page.evaluate("window.__marker") == 1, "instant navigation should keep the page (and worker) alive"
    assert page.get_attribute("html", "data-engine-phase") == "ready"
    assert page.get_attribute(SIM, "data-decisions") == decisions  # the hand in progress is back
    page.evaluate("history.replaceState(null, '', location.pathname + '?rapido=1')")  # the shared page's address


def test_without_javascript_every_hand_is_linked_to_its_walkthrough(browser, browser_context_args, scenarios):
    context = browser.new_context(**browser_context_args, java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(PAGE)
        assert page.locator(f"{SIM} *").count() == 0
        links = page.locator(".hand-list a.hand-title")
        assert [links.nth(i).get_attribute("data-scenario") for i in range(links.count())] == \
            sorted(scenarios, key=lambda name: scenarios[name]["order"])
        links.nth(3).click()  # a plain link: the hand's own page, step by step, with its rules
        page.wait_for_url(re.compile(r"/manos-comentadas/04-la-extension/$"))
        first = page.locator('.walkthrough[data-modality="boton-ante"]')
        assert first.is_visible() and first.locator(".sim-log__step").count() > 5
        assert first.locator(".sim-table .sim-seat").count() > 5  # the live table's markup, without a script
        assert page.locator('.walkthrough[data-modality="bring-in"]').is_hidden()
        page.locator(".tabbed-labels label", has_text="Bring In").click()  # CSS tabs: no script needed
        assert page.locator('.walkthrough[data-modality="bring-in"]').is_visible() and first.is_hidden()
    finally:
        context.close()


def test_the_lesson_links_the_hands_page_and_its_page_plays_it_here(fresh, scenarios):
    page = fresh
    first, second = SCENARIO_NAMES[0], SCENARIO_NAMES[1]
    start(page, first, "boton-ante")
    wake_material(page)
    page.evaluate("window.__marker = 1")
    page.locator(f"{SIM} .sim-lesson a", has_text="Ver esta mano comentada paso a paso").click()
    page.wait_for_url(re.compile(rf"/mata-ases/manos-comentadas/{first}/$"))
    page.locator(f'.walkthrough[data-scenario="{first}"]').first.wait_for()  # instant navigation swaps it in
    assert page.get_attribute("html", "data-engine-phase") == "ready"  # the worker waits; the page asks nothing
    page.locator("a.md-footer__link--next").click()  # the next hand, by the footer
    page.wait_for_url(re.compile(rf"/manos-comentadas/{second}/$"))
    page.locator(f'.walkthrough[data-scenario="{second}"]').first.wait_for()
    page.locator("a.md-button", has_text="Jugar esta mano en el simulador").click()
    page.wait_for_url(re.compile(rf"/simulador/\?mano={second}$"))
    page.wait_for_selector(SETTLED, timeout=3_000)  # still warm
    assert page.evaluate("window.__marker") == 1, "instant navigation all the way"
    assert page.get_attribute(SIM, "data-scenario") == second
    assert page.get_attribute(SIM, "data-decisions") == "[]"
    page.evaluate("history.replaceState(null, '', location.pathname + '?rapido=1')")  # the shared page's address


def test_engine_failure_keeps_the_walkthroughs_a_link_away(checked_page, base_url):
    page = checked_page
    forget_the_site(page, base_url)  # nothing of the runtime kept on this device: it must come from the host
    page.route("**/assets/pyodide/pyodide.asm.wasm", lambda route: route.fulfill(status=404, body="no"))
    page.goto(PAGE)
    page.wait_for_selector(f'{SIM}[data-sim-state="failed"]', timeout=60_000)
    failure = page.locator(f"{SIM} .sim-failure")
    assert failure.is_visible() and "No se pudo cargar el motor" in failure.inner_text()
    assert "manos comentadas" in failure.inner_text()
    assert page.locator(f"{SIM} .sim-table").is_hidden()
    assert page.locator(".hand-list a.hand-title").count() == len(SCENARIO_NAMES)
    assert page.locator(".hand-list a.hand-title").first.is_visible()
    page.problems.errors.clear()  # the 404 itself logs a console error; that is the point of this test
