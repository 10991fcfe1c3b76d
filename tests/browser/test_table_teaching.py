"""The table that teaches (issue 42), in Chromium at 360 × 740, by touch and by keyboard: what the table
offers and shows a beginner, each checked against the engine's own reply for the same hand.

- The reader's turn lands on the decision area, never on an option: a stray Enter plays nothing, and no
  option looks focused after a tap.
- Wherever the reader chooses the amount, the allowed range is shown beside the box before typing, the
  quick amounts fill the box without playing, and «All-in (N)» goes all-in: all the engine's words.
"""

from __future__ import annotations

import json

import pytest

from engine.protocol import answer
from tests.conftest import shared_page, wake_material

HOLDEM = ("holdem/mesa/", "#mesa-holdem")
PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True,
         "reduced_motion": "reduce", "color_scheme": "dark"}


@pytest.fixture(scope="module")
def phone(browser, browser_context_args, base_url, built_site):
    path, root = HOLDEM
    with shared_page(browser, {**browser_context_args, **PHONE}, base_url, timeout=30_000) as page:
        page.goto(path + "?pausa=0")
        page.wait_for_selector(f'{root}[data-mesa-state="idle"]', timeout=90_000)
        page.root = root
        yield page
        page.problems.check()


def settle(page, root: str) -> str:
    page.wait_for_selector(", ".join(f'{root}[data-mesa-state="{s}"]' for s in ("turn", "over")), timeout=60_000)
    return page.get_attribute(root, "data-mesa-state")


def engine_next(page, root: str) -> dict:
    """The engine's options at the page's turn, as its reply sent them (the hand is dealt from a secret the
    page never holds: CPython cannot deal it again)."""
    return json.loads(page.get_attribute(root, "data-next"))


def deal_until_amount_choice(page, root: str) -> dict:
    """Deal by touch until the reader may choose an amount (bet or raise with a range): the engine's option."""
    for _ in range(12):
        page.tap(f"{root} .mesa-deal, {root} .mesa-another, {root} .mesa-new")
        while settle(page, root) == "turn":
            option = next((o for o in engine_next(page, root)["can"] if o.get("range")), None)
            if option:
                return option
            page.tap(f"{root} .sim-controls button[data-action='call'], {root} .sim-controls button[data-action='check']")
    pytest.fail("no hand gave the reader an amount to choose")


def test_a_tap_focuses_the_decision_area_and_the_amount_has_its_range_quick_amounts_and_all_in(phone):
    page, root = phone, phone.root
    option = deal_until_amount_choice(page, root)
    # The decision area holds the focus, and no option looks chosen (Material paints a focused button).
    assert page.evaluate("document.activeElement.matches('.sim-controls__buttons[role=group]')")
    assert page.evaluate(f"""(root) => [...document.querySelectorAll(`${{root}} .sim-controls button`)]
        .every(b => !b.matches(':focus') && getComputedStyle(b).outlineStyle === 'none')""", root)
    fold = page.locator(f"{root} .sim-controls button[data-action='fold']")
    if fold.count():
        call = page.locator(f"{root} .sim-controls button[data-action='call'], {root} .sim-controls button[data-action='check']")
        assert fold.evaluate("b => getComputedStyle(b).backgroundColor") != call.first.evaluate(
            "b => getComputedStyle(b).backgroundColor")  # the plain look, not the suggested one
    group = page.locator(f"{root} .sim-amount-group[data-option='{option['action']}']")
    # The range beside the box, before any typing; the box names it.
    assert group.locator(".sim-amount__range").inner_text() == option["range"]
    assert group.locator("input").get_attribute("aria-describedby") == group.locator(".sim-amount__range").get_attribute("id")
    quick = group.locator(".sim-quick__amount")
    assert quick.evaluate_all("bs => bs.map(b => [b.textContent, Number(b.dataset.value)])") == [
        [q["label"], q["amount"]] for q in option["quick"]]
    decisions = page.get_attribute(root, "data-decisions")
    quick.last.tap()  # fills the box, plays nothing
    assert group.locator("input").input_value() == str(option["quick"][-1]["amount"])
    assert page.get_attribute(root, "data-mesa-state") == "turn" and page.get_attribute(root, "data-decisions") == decisions
    assert page.get_attribute(f"{root} .sim-controls button[data-action='{option['action']}']:not([data-all-in])",
                              "data-amount") == str(option["quick"][-1]["amount"])
    shove = page.locator(f"{root} .sim-controls button[data-all-in][data-action='{option['action']}']")
    assert shove.inner_text() == option["all_in"]["label"]
    assert "md-button--primary" not in shove.get_attribute("class")  # never the look of a suggested move
    shove.tap()
    settle(page, root)
    played = json.loads(page.get_attribute(root, "data-decisions"))[len(json.loads(decisions))]
    assert (played["action"], played["amount"]) == (option["action"], option["all_in"]["amount"])
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_a_stray_enter_after_dealing_by_keyboard_plays_nothing(phone):
    page, root = phone, phone.root
    while page.get_attribute(root, "data-mesa-state") == "turn":
        page.tap(f"{root} .sim-controls button[data-action='fold']")
        settle(page, root)
    # Under xdist this test may be the module's first on its worker: nothing dealt yet.
    idle = page.get_attribute(root, "data-mesa-state") == "idle"
    page.focus(f"{root} .mesa-deal" if idle else f"{root} .mesa-another, {root} .mesa-new")
    page.keyboard.press("Enter")
    while settle(page, root) == "over":  # the reader may have nothing to decide in a hand
        page.keyboard.press("Enter")
    decisions = page.get_attribute(root, "data-decisions")
    assert page.evaluate("document.activeElement.matches('.sim-controls__buttons')")
    page.keyboard.press("Enter")
    page.keyboard.press("Space")
    assert page.get_attribute(root, "data-mesa-state") == "turn"
    assert page.get_attribute(root, "data-decisions") == decisions
    # Tab reaches the options; the focused one is marked (:focus-visible).
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.matches('.sim-controls button:focus-visible')")
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"


def engine_result(page, root: str) -> dict:
    """CPython's result of the page's hand: its history (PHH, every card shown at the table) replayed."""
    reply = answer("play-start", {"game": "holdem", "mode": "replay", "session": "t-teach-end",
                                  "history": page.get_attribute(root, "data-history")})
    while not reply["over"] or reply.get("more"):
        reply = answer("play-step", {"session": "t-teach-end", **({} if reply.get("more") else {"to_end": True})})
    return reply["result"]


def test_every_showdown_shows_the_five_playing_cards_and_what_decides(phone):
    """Played by touch to a showdown: each shown hand's five playing cards and the sentence that says what
    decided (the kicker, the second pair, the board playing...) are the engine's, for the same hand."""
    page, root = phone, phone.root
    for _ in range(15):
        page.tap(f"{root} .mesa-deal, {root} .mesa-another, {root} .mesa-new")
        while settle(page, root) == "turn":
            page.tap(f"{root} .sim-controls button[data-action='call'], {root} .sim-controls button[data-action='check']")
        if page.locator(f"{root} .sim-result__show").count() >= 2:
            break
    else:
        pytest.fail("no hand reached a showdown")
    result = engine_result(page, root)
    deal = result["shows"][0]
    expected = {item["player"]: item["five"] for item in deal["items"] if item.get("five")}
    drawn = page.eval_on_selector_all(f"{root} .sim-result__show", """items => Object.fromEntries(items.map(i =>
        [i.dataset.player, [...i.querySelectorAll('.sim-result__five [data-card]')].map(c => c.dataset.card)]))""")
    assert drawn == expected and all(len(five) == 5 for five in drawn.values())
    assert deal["why"], deal
    assert page.locator(f"{root} .sim-result__why p").all_inner_texts() == deal["why"]
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    # Each rule the log cites is a link to the rules page's paragraph that states it (the engine's).
    from engine.games.holdem.rule_links import LINKS
    from engine.games.holdem.texts import CITE

    links = page.eval_on_selector_all(f"{root} .sim-log cite a", "as => as.map(a => [a.textContent, a.href])")
    assert links
    expected = {part["text"]: part["href"] for cite in CITE.values() for part in LINKS.parts(cite)}
    site = page.evaluate("new URL('../../', location.href).href")
    assert all(href == site + expected[text] for text, href in links), links


def test_nothing_covers_or_spills_over_the_seats(phone):
    """Material's «Volver al principio» never floats over the table's top row, and a long badge (Mata Ases's
    «Fuera de la extensión» beside «All-in») stays inside its seat at 360 px."""
    from engine.games.mata_ases.texts import TABLE_LABELS
    from engine.table.words import BADGES

    page, root = phone, phone.root
    if page.get_attribute(root, "data-mesa-state") not in ("turn", "over"):
        page.tap(f"{root} .mesa-deal")
        settle(page, root)
    # Material's floating «Volver al principio» would cover the top row: the site goes without it.
    assert page.locator(".md-top").count() == 0
    # A seat of the others' grid with the longest badges: drawn by the page's own markup (markup.js).
    spills = page.evaluate("""async ([root, out, allIn]) => {
        const { drawSeat } = await import(new URL('../../javascripts/ui/table/markup.js', location.href).href);
        const words = { label: () => '', amount: (n) => String(n), closedOf: () => 'Carta cerrada', card: () => null };
        const seat = drawSeat({ name: 'Beto', stack: 0, bet: 0, open: [], closed: ['??', '??'],
            badges: [{ kind: 'out', text: out }, { kind: 'allin', text: allIn }] }, words);
        const row = document.querySelector(`${root} .sim-seats--others`);
        row.append(seat);
        const box = seat.getBoundingClientRect();
        const out_ = [...seat.querySelectorAll('.sim-badge')].filter(b => b.getBoundingClientRect().right > box.right + 0.5)
            .map(b => b.textContent);
        seat.remove();
        return out_; }""", [root, TABLE_LABELS["out"], BADGES["allin"][1]])
    assert spills == [], spills


def test_a_shared_hand_says_whose_it_is_and_the_history_box_fits_a_phone(phone):
    """A shared hand opens with the engine's note that its «Tú» is someone else; the history box's text
    area takes the phone's width under its label, a refused history is marked as an error, and a disabled
    button looks disabled."""
    from engine.table.words import FREE_TABLE

    page, root = phone, phone.root
    if page.get_attribute(root, "data-mesa-state") != "over":
        page.tap(f"{root} .mesa-deal, {root} .mesa-another, {root} .mesa-new")
        while settle(page, root) == "turn":
            page.tap(f"{root} .sim-controls button[data-action='fold'], {root} .sim-controls button[data-action='check']")
    page.wait_for_function("(s) => document.querySelector(s).value.includes('#mano=')", arg=f"{root} .mesa-share input")
    link = page.input_value(f"{root} .mesa-share input")
    page.goto(link.replace("#", "?pausa=0#"))
    page.wait_for_selector(f'{root}[data-mesa-state="replay"]', timeout=90_000)
    note = page.locator(f"{root} .mesa-replay__note")
    assert note.is_visible() and note.inner_text() == FREE_TABLE["shared_note"]
    # The note comes before the table, so it is read first.
    assert page.evaluate(f"""(root) => !!(document.querySelector(`${{root}} .mesa-replay__note`)
        .compareDocumentPosition(document.querySelector(`${{root}} .sim-table`)) & Node.DOCUMENT_POSITION_FOLLOWING)""", root)
    page.tap(f"{root} .mesa-import summary")
    area = page.locator(f"{root} .mesa-import textarea")
    box = page.locator(f"{root} .mesa-import").bounding_box()
    assert area.bounding_box()["width"] >= 0.85 * box["width"]
    label = page.locator(f"{root} .mesa-import__label > span").bounding_box()
    assert label["y"] + label["height"] <= area.bounding_box()["y"] + 1  # the label above the box, not squeezed beside it
    area.fill("variant = 'NT'\nfoo = ")
    page.tap(f"{root} .mesa-import__go")
    error = page.locator(f"{root} .mesa-import__error")
    error.wait_for(state="visible")
    assert error.evaluate("e => getComputedStyle(e).borderLeftStyle") == "solid"
    assert page.get_attribute(root, "data-mesa-state") == "idle"
    # A disabled button does not look like one to press.
    opacity = page.evaluate("""(root) => { const b = document.createElement('button'); b.className = 'md-button sim-action';
        b.disabled = true; document.querySelector(`${root} .sim-controls__buttons`).append(b);
        const o = getComputedStyle(b).opacity; b.remove(); return Number(o); }""", root)
    assert opacity < 0.6


def test_abbreviations_and_position_badges_explain_themselves_on_tap_and_focus(phone):
    """A seat's code (a badge at the table, an <abbr> on the rules page) and an English word the pages keep
    show the glossary's explanation when tapped or focused, not only on hover, from the first tap of a page
    whose Material has not started (last: it leaves the table's page)."""
    from engine.glossary import LOANWORDS, abbreviation

    page, root = phone, phone.root
    if page.get_attribute(root, "data-mesa-state") not in ("turn", "over"):
        page.tap(f"{root} .mesa-deal, {root} .mesa-another, {root} .mesa-new")
        settle(page, root)
    after = "(e) => getComputedStyle(e, '::after').content"
    badge = page.locator(f"{root} .sim-seats--mine abbr.sim-badge--position").first
    code = badge.text_content()
    assert badge.get_attribute("title") == abbreviation(code)
    assert badge.evaluate(after) in ("none", "normal")
    badge.evaluate("e => e.scrollIntoView({block: 'center'})")  # clear of Material's sticky header
    badge.tap()
    assert abbreviation(code) in badge.evaluate(after)
    page.goto("holdem/")
    # Material's script has not started: the first tap starts it, and it wraps the tables again as it
    # starts (which took the focus away); the explanation shows from that first tap all the same.
    abbr = page.locator("article table abbr[title]").first
    code = abbr.text_content()
    assert abbr.get_attribute("title") == abbreviation(code)
    abbr.evaluate("e => e.scrollIntoView({block: 'center'})")
    abbr.tap()
    wake_material(page)
    page.evaluate("() => new Promise(done => setTimeout(() => requestAnimationFrame(done), 50))")
    assert abbreviation(code) in abbr.evaluate(after)
    # An English word the page keeps explains itself too, with the glossary's meaning.
    word = page.locator("article abbr", has_text="straddle").first
    assert word.get_attribute("title") == LOANWORDS["straddle"] and word.get_attribute("tabindex") == "0"
    word.evaluate("e => e.scrollIntoView({block: 'center'})")
    word.tap()
    assert LOANWORDS["straddle"] in word.evaluate(after)
    page.locator("body").tap(position={"x": 5, "y": 400})
    page.keyboard.press("Tab")  # from the page's start, by keyboard: the abbreviation takes the focus too
    for target, meaning in ((abbr, abbreviation(code)), (word, LOANWORDS["straddle"])):
        target.focus()
        assert page.evaluate("document.activeElement.tagName") == "ABBR" and meaning in target.evaluate(after)
