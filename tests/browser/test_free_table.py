"""The free table of every game (docs/javascripts/ui/table/free.js) in Chromium, through its two pages:
«Mesa libre» (Mata Ases, docs/mata-ases/mesa-libre.md) and «Mesa de Hold'em» (docs/holdem/mesa.md).

What the page does with the engine's replies, not the rules or the bots (CPython covers those): for each
game, at 360 px, the setup form is the engine's (``game-info``), a hand is dealt and played by the keyboard
and checked against CPython's replay of its history (final stacks, pots, what decided each showdown), its
bots' reasons name none of the cards «Ver las cartas de todos» then shows (the engine's, asked through the
page's own client), the next hand is played by clicks, the visit survives a reload, and axe finds
nothing serious; the hand's share link (the history in ``#mano=``, decoded here too) opens on a phone
(touch, dark mode) and shows the hand step by step as CPython's replay does; Mata Ases's old ``?mano=``
links still open; a damaged or oversized link gives the engine's Spanish sentence and leaves the page
usable; a PHH history is opened from a pasted text and a file only where the game's histories travel as
files. Every page must log no console error and ask no other host.
"""

from __future__ import annotations

import base64
import json
import re
import zlib
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from engine.games import find_game
from engine.play.session import visit_view
from engine.protocol import answer
from engine.table.words import LABELS
from tests.browser.test_accessibility import AXE, axe_violations, describe
from tests.browser.test_simulator import AT_END, AT_TURN, off_screen
from tests.conftest import ROOT, PageProblems, shared_page

#: game -> its page, its root, and how many players the keyboard hand is dealt (the form's field, its value).
GAMES = {
    "mata-ases": ("mata-ases/mesa-libre/", "#mesa-juego", ("opponents", 2)),
    "holdem": ("holdem/mesa/", "#mesa-holdem", ("players", 3)),
}
PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True,
         "reduced_motion": "reduce", "color_scheme": "dark"}


def info(game: str) -> dict:
    reply = answer("game-info", {"game": game})
    assert "error" not in reply, reply
    return reply


def word(game: str, key: str, **values) -> str:
    return re.sub(r"\{(\w+)\}", lambda m: str(values[m.group(1)]), info(game)["words"][key])


def state(page, root: str) -> str:
    return page.get_attribute(root, "data-mesa-state")


def settle(page, root: str) -> str:
    page.wait_for_selector(", ".join(f'{root}[data-mesa-state="{s}"]' for s in ("turn", "over", "replay")),
                           timeout=60_000)
    return state(page, root)


def final_stacks(page, root: str) -> dict[str, int]:
    rows = page.eval_on_selector_all(f"{root} [data-final-stack]",
                                     "rows => rows.map(r => [r.dataset.player, Number(r.dataset.finalStack)])")
    return dict(rows)


def link_of(page, root: str) -> str:
    page.wait_for_function("(s) => document.querySelector(s).value.includes('#mano=')", arg=f"{root} .mesa-share input")
    return page.input_value(f"{root} .mesa-share input")


def history_in(url: str) -> str:
    """The history a link carries: ``#mano=`` + "z" (deflate-raw) or "t", then base64url."""
    token = parse_qs(urlparse(url).fragment)["mano"][0]
    data = base64.urlsafe_b64decode(token[1:] + "=" * (-len(token[1:]) % 4))
    return (zlib.decompress(data, -15) if token[0] == "z" else data).decode()


def page_request(page, command: str, payload: dict) -> dict:
    """A request through the page's own engine client (the module the page loaded: the same worker, the
    same sessions): what any script on the page can ask."""
    return page.evaluate("""async ([command, payload]) => {
        const client = await import(document.querySelector('script[src*="engine/client.js"]').src);
        return client.request(command, payload);
    }""", [command, payload])


def engine_replay(game: str, history: str, steps: int = 0) -> tuple[dict, list[dict]]:
    """CPython's replay of a history (mode ``replay``), ``steps`` single steps and then to the end, as a
    reader's taps ask it (a long jump draws only its last events, after a line saying how many it passed):
    the last reply and every event, in order."""
    reply = answer("play-start", {"game": game, "mode": "replay", "session": "t-replay", "history": history})
    assert "error" not in reply, reply
    events = list(reply["events"])
    while not reply["over"] or reply.get("more"):
        jump = {} if reply.get("more") or steps > 0 else {"to_end": True}
        steps -= not reply.get("more")
        reply = answer("play-step", {"session": "t-replay", **jump})
        events += reply["events"]
    return reply, events


def test_every_sentence_the_page_says_is_the_engines_for_every_game():
    """free.js and its parts (free-*.js) ask game-info's words for each sentence they show (word("…")) and
    the history's words for the file box (files.…): every game that plays at a table answers all of them (no
    browser needed)."""
    source = "\n".join(path.read_text(encoding="utf-8")
                        for path in sorted((ROOT / "docs" / "javascripts" / "ui" / "table").glob("free*.js")))
    calls = re.findall(r"\bword\(([^()]*)\)", source) + re.findall(r"const key = ([^;]*);", source)
    asked = {name for call in calls for name in re.findall(r'(?<!=== )"([a-z_]+)"', call)}  # not a compared value
    assert {"deal", "next", "again", "bad_link", "long_link", "shared_step_of", "step_of", "pause"} <= asked
    file_words = set(re.findall(r"\bfiles\.([a-z_]+)", source))
    assert {"import", "download", "line", "too_long", "filename", "extension", "accept"} <= file_words
    for game in GAMES:
        assert find_game(game).playable
        reply = info(game)
        assert asked <= set(reply["words"]), (game, asked - set(reply["words"]))
        assert all(isinstance(reply["words"][key], str) and reply["words"][key] for key in asked)
        if reply["history"] is not None:
            assert file_words <= set(reply["history"]), (game, file_words - set(reply["history"]))


@pytest.fixture(scope="module", params=list(GAMES))
def table(request, browser, browser_context_args, base_url, built_site):
    """One page per game at 360 × 740 (the engine starts once per game), with short pauses."""
    game = request.param
    path, root, _ = GAMES[game]
    if not (built_site / path / "index.html").is_file():
        pytest.skip(f"{path} no está en el sitio construido")
    with shared_page(browser, {**browser_context_args, "viewport": {"width": 360, "height": 740}}, base_url,
                     timeout=30_000) as page:
        page.goto(path + "?pausa=40")
        page.wait_for_selector(f'{root}[data-mesa-state="idle"]', timeout=90_000)
        page.game, page.root = game, root
        listen_to_waits(page, root)
        yield page
        page.problems.check()


def listen_to_waits(page, root: str) -> None:
    """Keep every «… está pensando…» the page shows while a bot decides (window.thinking)."""
    page.evaluate("""(root) => { window.thinking = []; const box = document.querySelector(root);
        box.addEventListener('mesa:update', (e) => { if (e.detail.state === 'waiting')
            thinking.push(box.querySelector('.sim-pace__text').textContent); }); }""", root)


def decide_by_keyboard(page, root: str) -> None:
    """The reader's turn: the focus is on the decision area (its group), not on an option, so a stray
    Enter plays nothing; Tab into the options, past a fold, then Enter; Escape skips the bots' pause."""
    group = page.eval_on_selector(f"{root} .sim-controls__buttons", "b => b === document.activeElement")
    assert group, "the decision area (not one of its options) should take the focus when it is the reader's turn"
    before = page.get_attribute(root, "data-decisions")
    page.keyboard.press("Enter")
    assert page.get_attribute(root, "data-mesa-state") == "turn" and page.get_attribute(root, "data-decisions") == before, \
        "a stray Enter on the decision area played an option"
    page.keyboard.press("Tab")
    for _ in range(3):
        if page.evaluate("document.activeElement.dataset.action") not in (None, "fold"):
            break
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    assert page.evaluate(f"!!document.activeElement.closest('{root}')"), "the focus left the table"
    page.keyboard.press("Escape")


def decide_by_click(page, root: str) -> None:
    assert off_screen(page, root, AT_TURN) == []  # the whole table and the decision on one screen
    options = page.locator(f"{root} .sim-controls:not([hidden]) button[data-action]")
    actions = options.evaluate_all("bs => bs.map(b => b.dataset.action)")
    options.nth(next((i for i, a in enumerate(actions) if a != "fold"), 0)).click()


def play(page, root: str, decide) -> None:
    for _ in range(80):
        if settle(page, root) == "over":
            return
        decide(page, root)
    pytest.fail("the hand did not end")


def test_the_setup_form_is_the_engines(table):
    """Every field, label, option and default of the form comes from ``game-info``; the deal button too."""
    page, root = table, table.root
    setup = info(table.game)["setup"]
    drawn = page.evaluate("""(root) => [...document.querySelectorAll(`${root} .mesa-setup select, ${root} .mesa-setup fieldset`)]
        .map(f => f.tagName === 'SELECT'
            ? {label: f.previousElementSibling.textContent, options: [...f.options].map(o => [JSON.parse(o.value), o.text]),
               value: JSON.parse(f.value)}
            : {label: f.querySelector('legend').textContent,
               options: [...f.querySelectorAll('input')].map(i => [JSON.parse(i.value), i.parentElement.textContent.trim()]),
               value: JSON.parse(f.querySelector('input:checked').value)})""", root)
    assert drawn == [{"label": f["label"], "options": [[o["value"], o["label"]] for o in f["options"]],
                      "value": f["default"]} for f in setup]
    assert page.inner_text(f"{root} .mesa-deal") == word(table.game, "deal")
    below = [f for f in setup if f.get("below")]  # Hold'em's seat: one per player
    for field in below:
        page.select_option(f'{root} select[name="mesa-{field["below"]}"]', "2")
        offered = page.eval_on_selector_all(f'{root} select[name="mesa-{field["key"]}"] option:not([disabled])',
                                            "os => os.map(o => JSON.parse(o.value))")
        assert offered == [0, 1]
    assert (table.game == "holdem") == bool(below)


def test_every_setup_choice_reads_whole_at_360_px(table):
    """Issue 50: «100 ciegas gran…» — each select is wide enough for its longest option at 360 px (its text, in
    the select's own font, plus the select's padding and arrow)."""
    page, root = table, table.root
    cramped = page.evaluate("""(root) => [...document.querySelectorAll(`${root} .mesa-setup select`)].flatMap(s => {
        const style = getComputedStyle(s);
        const probe = document.createElement('span');
        probe.style.cssText = 'position:absolute;visibility:hidden;white-space:nowrap';
        for (const key of ['fontFamily', 'fontSize', 'fontWeight', 'fontStyle', 'letterSpacing']) probe.style[key] = style[key];
        document.body.append(probe);
        const widest = Math.max(...[...s.options].map(o => { probe.textContent = o.text; return probe.getBoundingClientRect().width; }));
        probe.remove();
        const room = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;  // the arrow
        return widest <= room ? [] : [`${s.name}: ${Math.round(widest)} px in ${Math.round(room)} px`];
    })""", root)
    assert cramped == []


def test_hands_by_keyboard_and_by_click_match_the_engine_and_the_visit_survives_a_reload(table, axe_source_text):
    page, root, game = table, table.root, table.game
    key, players = GAMES[game][2]
    page.select_option(f'{root} select[name="mesa-{key}"]', str(players))
    page.focus(f"{root} .mesa-deal")
    page.keyboard.press("Enter")
    play(page, root, decide_by_keyboard)
    assert page.get_attribute(root, "data-hand") == "1"
    # The page's hand is CPython's: its history replayed (the page holds nothing that deals it again).
    history = page.get_attribute(root, "data-history")
    final, _ = engine_replay(game, history)
    assert final_stacks(page, root) == {row["name"]: row["stack"] for row in final["result"]["stacks"]}
    assert json.loads(page.get_attribute(f"{root} [data-sim-result]", "data-pots")) == final["result"]["pots"]
    # What decided each showdown, in the engine's words (issue 42: Mata Ases and Hold'em alike).
    assert page.locator(f"{root} .sim-result__why p").all_inner_texts() == [
        line for deal in final["result"]["shows"] for line in deal.get("why", [])]
    assert page.get_attribute(root, "data-table") is None and page.get_attribute(root, "data-seed") is None
    # The bots' pauses are worded by the engine (its labels' «thinking»): checked at the end.
    seated = page.eval_on_selector_all(f"{root} .sim-seat[data-player]", "s => s.map(x => x.dataset.player)")
    expected = {LABELS["thinking"].format(p=name) for name in seated}
    # The share link carries the history, and its file where the game's histories are files.
    link = link_of(page, root)
    assert history_in(link) == history
    page.link = link
    files = info(game)["history"]
    assert page.locator(f"{root} .mesa-download").count() == (1 if files else 0)
    if files:
        assert page.get_attribute(f"{root} .mesa-download", "download") == f"mano-1{files['extension']}"
    assert page.evaluate("document.activeElement.matches('.mesa-another, .mesa-new')")
    assert off_screen(page, root, AT_END) == []
    violations = [v for v in axe_violations(page, axe_source_text) if v["impact"] in ("serious", "critical")]
    assert not violations, describe(violations)
    # «Ver las cartas de todos», by the keyboard (after the focus went to what comes next): the engine's
    # cards, none of them named by a bot before; axe finds nothing serious with them shown.
    texts = page.eval_on_selector_all(f"{root} .mesa-reason p", "s => s.map(x => x.textContent)")
    everyone = page_request(page, "play-reveal", {"session": page.get_attribute(root, "data-session")})
    page.focus(f"{root} .mesa-everyone__ask")
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{root} .mesa-everyone__list li")
    assert page.evaluate("document.activeElement.matches('.mesa-everyone h4')")
    assert page.inner_text(f"{root} .mesa-everyone h4") == word(game, "everyone_title")
    drawn = page.eval_on_selector_all(f"{root} .mesa-everyone__list li", """items => items.map(i =>
        [i.dataset.player, [...i.querySelectorAll('[data-card]')].map(c => c.dataset.card)])""")
    assert drawn == [[p["name"], p["cards"]] for p in everyone["players"]]
    unseen = [everyone["cards"][c]["name"] for p in everyone["players"] for c in p["cards"]
              if c not in re.findall(r"[2-9TJQKA][cdhs]", history)]
    assert not [(name, text) for name in unseen for text in texts if re.search(rf"\b{re.escape(name)}\b", text)]
    violations = [v for v in axe_violations(page, axe_source_text) if v["impact"] in ("serious", "critical")]
    assert not violations, describe(violations)
    first = next(row["change"] for row in final["result"]["stacks"] if row["name"] == "Tú")
    # The next hand at the same table, by click (a new table if the reader is out).
    page.click(f"{root} .mesa-another, {root} .mesa-new")
    play(page, root, decide_by_click)
    assert off_screen(page, root, AT_END) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    hands = page.locator(f"{root} .mesa-history__hand")
    assert hands.count() == 2
    changes = [int(x) for x in hands.evaluate_all("hs => hs.map(h => h.dataset.change)")]
    assert changes[0] == first
    total = visit_view(changes)["total_text"]
    assert page.inner_text(f"{root} .mesa-chart__total strong") == total
    assert page.locator(f"{root} .mesa-chart svg rect").count() == 2
    assert page.inner_text(f"{root} .mesa-history__hand >> nth=1").startswith(word(game, "hand", n=2))
    thinking = page.evaluate("window.thinking")
    page.reload()  # the visit and the form's setup survive a reload of the tab
    page.wait_for_selector(f'{root}[data-mesa-state="idle"]', timeout=90_000)
    listen_to_waits(page, root)
    assert page.locator(f"{root} .mesa-history__hand").count() == 2
    assert page.inner_text(f"{root} .mesa-chart__total strong") == total
    assert page.input_value(f'{root} select[name="mesa-{key}"]') == str(players)
    # The engine counts on from the visit the page sends back: the next hand's total includes both.
    page.click(f"{root} .mesa-deal")
    play(page, root, decide_by_click)
    changes.append(int(page.locator(f"{root} .mesa-history__hand >> nth=2").get_attribute("data-change")))
    assert page.inner_text(f"{root} .mesa-chart__total strong") == visit_view(changes)["total_text"]
    thinking += page.evaluate("window.thinking")
    assert thinking and set(thinking) <= expected, thinking
    assert small_targets(page, root) == []


def small_targets(page, root: str) -> list[str]:
    """The page's visible controls (or the labels that wrap them) under 44 × 44 px, the history box opened."""
    page.evaluate("(root) => document.querySelector(`${root} .mesa-import`)?.setAttribute('open', '')", root)
    return page.evaluate("""(root) => Array.from(document.querySelectorAll(
            `${root} button, ${root} select, ${root} summary, ${root} a, ${root} textarea,
             ${root} input:not([type=radio]):not([type=checkbox]), ${root} label:has(> input[type=radio])`))
        .filter(e => e.getClientRects().length && !e.matches('cite a'))  // a link in a line of text: WCAG 2.5.8's inline exception
        .map(e => [e.textContent.trim().slice(0, 30) || e.className, e.getBoundingClientRect()])
        .filter(([, b]) => b.width < 44 - 0.5 || b.height < 44 - 0.5)
        .map(([name, b]) => `${name}: ${Math.round(b.width)}×${Math.round(b.height)}`)""", root)


@pytest.fixture(scope="module")
def axe_source_text() -> str:
    if not AXE.is_file():
        pytest.fail("falta node_modules/axe-core: ejecuta «make setup» (npm ci instala axe-core)")
    return AXE.read_text(encoding="utf-8")


def replay_opened(page, root: str) -> None:
    """Waits until a shared hand is shown for replay; a link the page refused, or an engine that failed to
    start, fails at once with what the page says."""
    sel = (f'{root}[data-mesa-state="replay"], {root} .sim-error:visible, '
           'html[data-engine-phase="failed"]')
    try:
        page.wait_for_selector(sel, timeout=90_000)
    except PlaywrightTimeout:
        pass
    if page.get_attribute(root, "data-mesa-state") != "replay":
        said = page.evaluate("(root) => [document.documentElement.dataset.enginePhase, "
                             "document.querySelector(root).dataset.mesaState, "
                             "document.querySelector(`${root} .sim-error`)?.textContent, "
                             "document.querySelector('[data-engine-status]')?.textContent]", root)
        raise AssertionError(f"la mano compartida no se abrió: {said}")


def shared_link(table) -> str:
    if not getattr(table, "link", None):
        table.click(f"{table.root} .mesa-deal")
        play(table, table.root, decide_by_click)
        table.link = link_of(table, table.root)
    return table.link


def test_a_shared_hand_on_a_phone_step_by_step(table, browser, browser_context_args, base_url, axe_source_text):
    """The link opens on a phone (360 × 740, touch, dark mode): the table and the step button in view at
    once, one engine step per key or tap, the end as CPython's replay; Mata Ases's hand can then be played
    from the same table; its old ?mano= links open the same hand."""
    game, root = table.game, table.root
    url = shared_link(table)
    history = history_in(url)
    last, events = engine_replay(game, history, steps=2)  # the reader's two steps, then «hasta el final»
    context = browser.new_context(**{**browser_context_args, **PHONE})
    page = context.new_page()
    page.set_default_timeout(30_000)
    problems = PageProblems(page, base_url)
    page.goto(url)
    replay_opened(page, root)
    assert page.evaluate("document.activeElement.classList.contains('mesa-step')")
    assert off_screen(page, root, (".sim-seat", ".mesa-step")) == []
    steps = last["steps"]
    assert page.inner_text(f"{root} .mesa-replay__text") == word(game, "shared_step_of", n=0, total=steps)
    page.keyboard.press("Enter")
    page.wait_for_selector(f'{root}[data-mesa-state="replay"]')
    assert page.inner_text(f"{root} .mesa-replay__text") == word(game, "shared_step_of", n=1, total=steps)
    page.tap(f"{root} .mesa-step")
    page.wait_for_function("([s, t]) => document.querySelector(s).textContent === t",
                           arg=[f"{root} .mesa-replay__text", word(game, "shared_step_of", n=2, total=steps)])
    page.tap(f"{root} .mesa-all")
    page.wait_for_selector(f'{root}[data-mesa-state="over"]')
    logged = page.eval_on_selector_all(f"{root} .sim-log__step", "s => s.map(x => [x.dataset.type, x.textContent])")
    assert [kind for kind, _ in logged] == [e["type"] for e in events]
    differ = [(text, e["text"]) for (_, text), e in zip(logged, events) if not text.startswith(e["text"][:20])]
    assert not differ, differ[:3]
    assert final_stacks(page, root) == {row["name"]: row["stack"] for row in last["result"]["stacks"]}
    assert off_screen(page, root, (".sim-result__headline", ".mesa-restart")) == []
    assert page.locator(f"{root} .mesa-history__hand").count() == 0  # a shared hand is nobody's result here
    violations = [v for v in axe_violations(page, axe_source_text) if v["impact"] in ("serious", "critical")]
    assert not violations, describe(violations)
    if last.get("table"):  # Mata Ases: the same table, now played by the reader, by touch
        page.tap(f"{root} .mesa-play-this")
        for _ in range(80):
            if settle(page, root) == "over":
                break
            assert off_screen(page, root) == []
            page.tap(f"{root} .sim-controls:not([hidden]) button[data-action] >> nth=0")
        assert "mano=" not in page.url and "seed" not in last["table"]  # a table like it, dealt afresh
        # The first links of Mata Ases: the JSON history, base64url, in the query.
        old = base64.urlsafe_b64encode(history.encode()).decode().rstrip("=")
        page.goto(f"{GAMES[game][0]}?mano={old}")
        replay_opened(page, root)
        assert page.inner_text(f"{root} .mesa-replay__text") == word(game, "shared_step_of", n=0, total=steps)
    else:
        assert page.locator(f"{root} .mesa-play-this").is_hidden()
    problems.check()
    context.close()


def test_damaged_and_oversized_links_say_so_in_spanish(table):
    """Neither a crash nor a frozen page: the engine's sentence, and the form still deals. Links opened on
    the page itself (only the fragment changes), then, for Mata Ases, an old ?mano= link loaded afresh."""
    page, root, game = table, table.root, table.game
    here = urlparse(page.url)
    page_url = f"{here.path}?{here.query}"
    links = [("#mano=zAAAA", "bad_link"),
             ("#mano=t" + base64.urlsafe_b64encode("no es una mano".encode()).decode(), "bad_link"),
             ("#mano=t" + "A" * 300_000, "long_link"),  # refused before it is decoded
             # a 2,000-part dotted key (issue 41): crashed the engine in the worker and disabled the page
             ("#mano=t" + base64.urlsafe_b64encode(("variant = 'NT'\n" + ".".join(["a"] * 2000) + " = 1\n")
                                                   .encode()).decode().rstrip("="), "bad_link"),
             ("#mano=z" + base64.urlsafe_b64encode(zlib.compress(b" " * 5_000_000)[2:-4]).decode(), "long_link")]
    for i, (fragment, key) in enumerate(links):
        page.evaluate("(root) => { document.querySelector(`${root} .sim-error`).hidden = true; }", root)
        if i % 2:  # a script (or the reader) setting location.hash on the open page (issue 41 item 6)
            page.evaluate("(hash) => { location.hash = hash; }", fragment[1:])
        else:
            page.goto(page_url + fragment)
        # (Material's instant navigation, once started, may draw the page again for the new address: the
        # table's root is then a new one, which shows the link's fate in its turn.)
        page.wait_for_function("""([root, t]) => { const box = document.querySelector(root);
            const e = box.querySelector('.sim-error');
            return !e.hidden && e.textContent.startsWith(t) && box.dataset.mesaState === 'idle'; }""",
                               arg=[root, word(game, key)], timeout=60_000)
        # Only why: the hand that was on the table before is gone.
        assert page.locator(f"{root} .sim-seat:visible, {root} .sim-log:visible, {root} .sim-result:visible").count() == 0
    if game == "mata-ases":  # an old link whose seed JSON reads as Infinity (1e400): the link's fault
        old = base64.urlsafe_b64encode(b'{"v":1,"t":{"seed":1e400},"d":[]}').decode().rstrip("=")
        page.goto(f"{GAMES[game][0]}?pausa=40&mano={old}")
        page.wait_for_selector(f"{root} .sim-error:visible", timeout=90_000)
        assert page.inner_text(f"{root} .sim-error").startswith(word(game, "bad_link"))
        assert state(page, root) == "idle"
    page.click(f"{root} .mesa-deal")
    assert settle(page, root) in ("turn", "over")
    assert "mano=" not in page.url


def test_histories_open_from_a_text_or_a_file_only_where_the_game_has_files(table, tmp_path):
    page, root, game = table, table.root, table.game
    files = info(game)["history"]
    if not files:
        assert page.locator(f"{root} .mesa-import").count() == 0
        return
    assert page.inner_text(f"{root} .mesa-import summary") == files["import"]
    assert page.get_attribute(f"{root} .mesa-import input[type=file]", "accept") == files["accept"]
    if not page.eval_on_selector(f"{root} .mesa-import", "d => d.open"):
        page.click(f"{root} .mesa-import summary")
    text = ("variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [5, 10]\nmin_bet = 10\n"
            "starting_stacks = [100, 100]\nactions = ['d dh p1 AhAd', 'd dh p2 KhKd', 'p2 cbr 12']\n")
    page.fill(f"{root} .mesa-import textarea", text)
    page.click(f"{root} .mesa-import__go")
    error = page.locator(f"{root} .mesa-import__error")
    error.wait_for(state="visible")
    refused = answer("play-start", {"game": game, "mode": "replay", "session": "t-bad", "history": text})
    assert error.inner_text() == files["line"].format(n=refused["line"], error=refused["error"])
    fixed = tmp_path / f"mano{files['extension']}"
    fixed.write_text(text.replace("'p2 cbr 12'", "'p2 cbr 30'"), encoding="utf-8")
    page.set_input_files(f"{root} .mesa-import input[type=file]", str(fixed))
    assert settle(page, root) == "replay"
    assert page.inner_text(f"{root} .mesa-replay__text") == word(game, "step_of", n=0, total=3)
    page.click(f"{root} .mesa-step")
    page.wait_for_function("([s, t]) => document.querySelector(s).textContent === t",
                           arg=[f"{root} .mesa-replay__text", word(game, "step_of", n=1, total=3)])
    big = tmp_path / f"grande{files['extension']}"
    big.write_bytes(b"#" * 300_000)
    page.set_input_files(f"{root} .mesa-import input[type=file]", str(big))
    page.wait_for_function("([s, t]) => document.querySelector(s).textContent === t",
                           arg=[f"{root} .mesa-import__error", files["too_long"]])
    # A paste over the engine's limit (game-info's history_chars) never reaches the box (issue 41).
    limit = info(game)["history_chars"]
    kept = page.eval_on_selector(f"{root} .mesa-import textarea", """(box, n) => {
        const data = new DataTransfer();
        data.setData("text/plain", "#".repeat(n + 1));
        box.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
        return box.value.length; }""", limit)
    assert kept < limit
    assert page.inner_text(f"{root} .mesa-import__error") == files["paste_too_long"]


def test_the_page_holds_nothing_that_deals_a_bots_cards(table):
    """Issue 51, item 1: the old attack, with the page's own client and everything the page holds (its
    setup, its data attributes, every reply): a ``play-start`` of the same table at another seat, during
    the hand, deals none of the cards the bots hold there; after the hand, «Ver las cartas de todos» (the
    engine's) shows what they held."""
    page, root, game = table, table.root, table.game
    page.click(f"{root} .mesa-deal")  # a new table: its first hand
    settle(page, root)
    held = {key: value for key, value in page.evaluate(f"({{...document.querySelector('{root}').dataset}})").items()}
    assert not {"table", "seed"} & set(held), held
    setup = page.evaluate("(game) => JSON.parse(sessionStorage.getItem(`mesa-libre.${game}.visita`)).setup", game)
    assert "seed" not in setup
    seats = [1, 2] if game == "holdem" else [0, 0]  # Mata Ases: the reader's seat is always the first
    attacks = [page_request(page, "play-start", {"session": f"attack-{i}", "game": game, "mode": "free",
                                                 "table": {**setup, **({"seat": k} if game == "holdem" else {})}})
               for i, k in enumerate(seats)]
    for reply in attacks:
        assert "error" not in reply and "seed" not in json.dumps(reply) and "table" not in reply, reply
    if state(page, root) == "turn":  # the hand goes on as if nothing happened
        play(page, root, decide_by_click)
    everyone = page_request(page, "play-reveal", {"session": page.get_attribute(root, "data-session")})
    held_at = [set(p["cards"]) for p in everyone["players"]]  # seat after seat (nobody is out in a first hand)
    own = [own_cards(reply) for reply in attacks]
    same = [k for k, cards in zip(seats, own) if cards and cards <= held_at[k]]
    assert len(same) < len(seats), f"the attack dealt the reader the cards the bots held at seats {same}: {own}"
    page.problems.check()


def own_cards(reply: dict) -> set[str]:
    """The reader's own cards in a reply: dealt to him (Hold'em) or in his seat after the last event that
    shows it (Mata Ases)."""
    dealt = {c for event in reply["events"] if event["type"] == "hole" and event.get("player") == "Tú"
             for c in event.get("cards", ())}
    seats = [seat for event in reply["events"] for seat in (event.get("table") or {}).get("seats", [])
             if seat.get("name") == "Tú" and ("open" in seat or "closed" in seat)]
    if seats:
        dealt |= {*seats[-1].get("open", []), *seats[-1].get("closed", [])}
    return dealt - {"??"}


def test_a_restarted_engine_has_no_hand_and_the_page_says_so(table):
    """Issue 51, items 1 and 13: the engine restarts mid-hand (here a request that outlives its timeout:
    the client replaces the worker); the new engine never had the table's secret, so the hand cannot be
    dealt again: the next decision gets the engine's Spanish sentence, the page is ready for a new table,
    and a new table plays."""
    page, root, game = table, table.root, table.game
    for _ in range(12):
        page.click(f"{root} .mesa-deal")
        if settle(page, root) == "turn":
            break
    assert state(page, root) == "turn"
    code = page.evaluate("""async (session) => {
        const client = await import(document.querySelector('script[src*="engine/client.js"]').src);
        try { await client.request("play-coach", { session }, { timeout: 1 }); return "answered"; }
        catch (error) { return error.code; }
    }""", page.get_attribute(root, "data-session"))
    assert code == "timeout"
    page.click(f"{root} .sim-controls:not([hidden]) button[data-action] >> nth=0")
    page.wait_for_selector(f'{root}[data-mesa-state="idle"]', timeout=90_000)
    assert page.inner_text(f"{root} .sim-error") == word(game, "forgot")
    page.click(f"{root} .mesa-deal")
    assert settle(page, root) in ("turn", "over")


#: Every message the page's engine worker sends it, kept as JSON (what the page receives, as it receives it).
LISTEN_TO_THE_ENGINE = """(() => {
  window.engineReplies = [];
  const Base = window.Worker;
  window.Worker = class extends Base {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => window.engineReplies.push(JSON.stringify(event.data)));
    }
  };
})();"""


@pytest.mark.parametrize("game", list(GAMES))
def test_no_message_the_page_receives_during_a_hand_names_a_hidden_card(game, browser, browser_context_args,
                                                                           base_url, built_site):
    """Issue 51, item 1: every message of the engine's worker to the page while hands are played (three
    hands by clicks at least, and until one hid a bot's card), read in the page: none carries a seed or a
    table that deals, nor a bot's card that the hand's history (what the reader saw) does not show; «Ver
    las cartas de todos», asked after each hand, is the only one that does."""
    path, root, _ = GAMES[game]
    with shared_page(browser, {**browser_context_args, "viewport": {"width": 360, "height": 740}}, base_url,
                     timeout=30_000) as page:
        page.add_init_script(LISTEN_TO_THE_ENGINE)
        page.goto(path + "?pausa=0")
        page.wait_for_selector(f'{root}[data-mesa-state="idle"]', timeout=90_000)
        hidden_total = 0
        for hand in range(8):  # three hands at least, until one hid a bot's card (a showdown may show them all)
            if hand >= 3 and hidden_total:
                break
            start = page.evaluate("window.engineReplies.length")
            page.click(f"{root} .mesa-deal" if hand == 0 else f"{root} .mesa-another, {root} .mesa-new")
            play(page, root, decide_by_click)
            during = page.evaluate("(n) => window.engineReplies.slice(n)", start)
            assert during, "the page received nothing from its engine's worker"
            everyone = page_request(page, "play-reveal", {"session": page.get_attribute(root, "data-session")})
            reveal = page.evaluate("(n) => window.engineReplies.slice(n)", start + len(during))
            seen = set(re.findall(r"[2-9TJQKA][cdhs]", page.get_attribute(root, "data-history")))
            hidden = {c for p in everyone["players"] if p["name"] != "Tú" for c in p["cards"]} - seen
            hidden_total += len(hidden)
            assert all(any(f'"{c}"' in m for m in reveal) for c in hidden)  # the listener hears what it should
            names = [everyone["cards"][c]["name"] for c in hidden]
            for message in during:
                assert '"seed"' not in message, message[:300]
                assert not [c for c in hidden if f'"{c}"' in message], (hidden, message[:600])
                assert not [n for n in names if re.search(rf"\b{re.escape(n)}\b", message)], (names, message[:600])
        assert hidden_total, "no hand hid a bot's card: the scan proved nothing"
        page.problems.check()
