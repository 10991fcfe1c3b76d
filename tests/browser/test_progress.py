"""«Mi progreso» in Chromium at 360 px, over simulated days: drills answered right and wrong are remembered
across a reload and drawn without starting Python, each total counting attempts (a repeat the same day counts
nowhere); «Mis errores» lists what it counts, each entry with its cards and both answers, redone on the spot;
the log is exported and imported into a fresh profile (twice: nothing counted twice); days later «Repasar
ahora» serves exactly the skills its button counts, offline, a wrong answer coming back in the session; the
home page invites the returning reader with one tap to review; the path ticks from evidence (a page read to
its end), never a visit; a legal move off a practice hand's line is a choice that lowers nothing, a move the
rules refuse a mistake; «Repasa la regla» lands with its heading at the top; axe finds nothing serious in
light and dark.
"""

from __future__ import annotations

import json
import time

import pytest

from engine.drills import make_drill
from engine.progress import catalogue
from tests.browser.test_accessibility import axe_violations, describe
from tests.browser.test_simulator import OPTIONS, SETTLED, SIM
from tests.conftest import PageProblems
from tests.engine.drills.test_drills import right_text, wrong_text

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}
KIND, LEVEL = "holdem-position", "fácil"
PAGE = "holdem/practica/?ejercicio=holdem-position&nivel=f%C3%A1cil&semilla={seed}"
DRAWN = "[data-progress-page][data-state=drawn]"
SESSION = ".progress-session"
DAY_MS = 86_400_000


@pytest.fixture(scope="module")
def axe_source():
    from tests.browser.test_accessibility import AXE
    return AXE.read_text()


def context_for(browser, browser_context_args, scheme: str):
    return browser.new_context(**browser_context_args, viewport=PHONE, has_touch=True, color_scheme=scheme,
                               accept_downloads=True)


def answer_drill(page, good: bool) -> None:
    root = page.locator("[data-drill]")
    seed, level = int(root.get_attribute("data-seed")), root.get_attribute("data-level")
    reply = make_drill(root.get_attribute("data-kind"), seed, level).reply()
    page.fill("[data-drill] input[type=text]", right_text(reply) if good else wrong_text(reply))
    page.locator("[data-drill] .quiz__form button").tap()
    page.wait_for_selector(f"[data-drill][data-state={'correct' if good else 'wrong'}]", timeout=30_000)


def drawn(page) -> dict:
    page.wait_for_selector(DRAWN, timeout=30_000)
    root = page.locator("[data-progress-page]")
    return {"entries": int(root.get_attribute("data-entries")), "due": int(root.get_attribute("data-due")),
            "phase": page.evaluate("document.documentElement.dataset.enginePhase || null")}


def drawn_with(page, entries: int) -> dict:
    """:func:`drawn` once the page has drawn ``entries`` attempts: an answer is kept, then the page draws again
    (asynchronously: IndexedDB, then the redraw)."""
    page.wait_for_function("(n) => { const root = document.querySelector('[data-progress-page]');"
                           " return root.dataset.state === 'drawn' && root.dataset.entries === String(n); }",
                           arg=entries, timeout=30_000)
    return drawn(page)


def answer_session(page, good: bool) -> dict:
    """Answer the item on the session card (its drill is on the card's data) right or wrong; its data."""
    page.wait_for_selector(f"{SESSION}[data-state=ready]", timeout=60_000)
    box = page.locator(SESSION)
    dealt = {key: box.get_attribute(f"data-{key}") for key in ("kind", "seed", "level", "family", "ask")}
    drill = make_drill(dealt["kind"], int(dealt["seed"]), dealt["level"], dealt["family"], dealt["ask"])
    reply = drill.reply()
    page.fill("#progreso-respuesta", right_text(reply, drill.quiz) if good else wrong_text(reply, drill.quiz))
    page.keyboard.press("Enter")  # the keyboard alone answers
    page.wait_for_selector(f"{SESSION}[data-state={'correct' if good else 'wrong'}]", timeout=60_000)
    if not good:
        assert page.locator(f"{SESSION} .quiz__why a").count() >= 1, "a wrong answer links its rule"
    page.get_by_role("button", name="Siguiente").tap()
    return dealt


def no_serious(page, axe_source) -> None:
    serious = [v for v in axe_violations(page, axe_source) if v["impact"] in ("serious", "critical")]
    assert not serious, describe(serious)


def review_skill() -> dict:
    """A Hold'em skill the drills above do not touch (so only the imported mistake schedules it)."""
    found = [s for s in catalogue()["skills"] if s["game"] == "holdem" and s["practice"]["request"]["kind"] != KIND]
    assert found, "the catalogue has another Hold'em skill"
    return found[0]


def old_mistake_file(tmp_path) -> str:
    """An export with one failed attempt three days ago, and the Hold'em rules read to their end then."""
    skill = review_skill()
    request = {key: skill["practice"]["request"][key] for key in ("kind", "level")} | {"seed": 11}
    when = int((time.time() - 3 * 86400) * 1000)
    entry = {"id": "prueba-antigua", "time": when, "game": skill["game"],
             "item": {"command": "drill", "key": "prueba-antigua", "request": request, "source": request["kind"]},
             "ok": False, "skills": [skill["id"]], "failed": [0]}
    path = tmp_path / "antigua.json"
    path.write_text(json.dumps({"schema": "reglas-poker-progreso", "version": 2, "entries": [entry],
                                "visits": {"/holdem/": when, "/mata-ases/": when}, "reads": {"/holdem/": when}}),
                    encoding="utf-8")
    return str(path)


def review_all(page) -> list[str]:
    """Run «Repasar ahora» to its end, every answer right: the skills it served (one item each)."""
    served = []
    while True:
        page.wait_for_selector(f"{SESSION}[data-state=ready], {SESSION}[hidden]", state="attached", timeout=60_000)
        if page.locator(SESSION).is_hidden():
            return served
        served.append(json.dumps(answer_session(page, good=True)))


def test_answers_are_remembered_replayed_exported_imported_and_reviewed_offline(
        browser, browser_context_args, base_url, axe_source, tmp_path):
    # A reader answers a drill wrong, then another right.
    first = context_for(browser, browser_context_args, "light")
    page = first.new_page()
    problems = PageProblems(page, base_url)
    page.goto(PAGE.format(seed=5))
    page.wait_for_selector("[data-drill][data-state=ready]", timeout=60_000)
    answer_drill(page, good=False)
    assert page.locator("[data-drill] .quiz__why a").count() >= 1, "the engine's why and the rule's link"
    page.locator("[data-drill] .drill__settings .md-button").tap()
    page.wait_for_function("document.querySelector('[data-drill]').dataset.seed !== '5'"
                           " && document.querySelector('[data-drill]').dataset.state === 'ready'", timeout=30_000)
    answer_drill(page, good=True)

    # Reloaded, «Mi progreso» shows both, and started no Python; every total counts the same attempts.
    page.goto("progreso/")
    seen = drawn(page)
    assert (seen["entries"], seen["phase"]) == (2, None)
    assert page.locator(".progress__summary").inner_text().startswith(
        "En los últimos 30 días: 2 intentos, 1 bien (50\u00a0%).")
    assert page.locator("[data-game=holdem] .progress-game__line").inner_text() == \
        "En los últimos 30 días: 2 intentos, 1 bien (50\u00a0%)."
    no_serious(page, axe_source)

    # «Mis errores»: the count is the list; the entry shows the item and both answers, and is redone here.
    errors = page.locator("[data-progress-errors]")
    assert errors.inner_text().endswith("(1)")
    errors.tap()
    mistakes = page.locator("#progreso-errores .progress-mistake")
    mistakes.first.wait_for()  # the list is read when it opens
    assert mistakes.count() == 1
    assert "Tu respuesta: " in mistakes.first.inner_text() and "La respuesta: " in mistakes.first.inner_text()
    mistakes.first.get_by_role("button", name="Repetir aquí").tap()
    answer_session(page, good=True)
    page.wait_for_selector(f"{SESSION}[hidden]", state="attached")
    drawn_with(page, 3)
    assert page.locator("[data-progress-errors]").inner_text().endswith("(0)")
    # the same item again the same day is a repeat: it solved the mistake and counts in no total
    assert page.locator(".progress__summary").inner_text().startswith("En los últimos 30 días: 2 intentos, 1 bien")

    # Export.
    with page.expect_download() as download:
        page.get_by_role("button", name="Descargar mi progreso").tap()
    exported = tmp_path / "progreso.json"
    download.value.save_as(exported)
    data = json.loads(exported.read_text(encoding="utf-8"))
    assert data["schema"] == "reglas-poker-progreso" and len(data["entries"]) == 3
    problems.check()
    first.close()

    # A fresh profile, in dark mode, three days later: import the file twice (nothing counted twice).
    second = context_for(browser, browser_context_args, "dark")
    page = second.new_page()
    page.clock.install(time=time.time() + 3 * 86400)
    problems = PageProblems(page, base_url)
    page.goto("progreso/")
    assert drawn(page)["entries"] == 0
    status = page.locator(".progress-copy__status")
    page.set_input_files(".progress-copy__input", str(exported))
    page.wait_for_function("document.querySelector('.progress-copy__status').textContent.startsWith('Copia')")
    assert status.inner_text() == "Copia cargada: 3 respuestas nuevas."
    page.set_input_files(".progress-copy__input", str(exported))
    page.wait_for_function("document.querySelector('.progress-copy__status').textContent.includes('ya estaban')")
    assert status.inner_text() == "Copia cargada: 0 respuestas nuevas, 3 ya estaban."
    page.set_input_files(".progress-copy__input", old_mistake_file(tmp_path))
    page.wait_for_function("document.querySelector('[data-progress-page]').dataset.entries === '4'")
    due = drawn(page)["due"]
    review = page.locator("[data-progress-review]")
    assert due >= 2 and review.is_enabled() and review.inner_text().endswith(f"({due})")
    no_serious(page, axe_source)

    # The home page invites the reader back: the same count, one tap to review.
    page.goto("./")
    page.wait_for_selector(".progress-invite:not([hidden])", timeout=30_000)
    invite = page.locator(".progress-invite")
    assert f"Repasar ahora ({due})" in invite.inner_text() and "Tu siguiente paso" in invite.inner_text()
    # the path: the Hold'em rules read to their end tick its first step; Mata Ases's, only visited, does not
    steps = page.locator("[data-progress-path][data-game=holdem] .progress-path__step")
    assert "progress-path__step--done" in steps.nth(0).get_attribute("class")
    assert steps.nth(1).locator("a").get_attribute("aria-current") == "step"
    assert "progress-path__step--done" not in page.locator(
        "[data-progress-path][data-game=mata-ases] .progress-path__step").nth(0).get_attribute("class")
    invite.get_by_role("link", name=f"Repasar ahora ({due})").tap()

    # The review starts at once; offline once the engine is up; it serves every skill the button counted.
    page.wait_for_selector(f"{SESSION}[data-state=ready]", timeout=60_000)
    # The first touch of this page fetches Material's script, online; its search worker then loads the index
    # and Spanish stemmer (the last thing it asks for), which the offline copy need not keep.
    with page.expect_event("requestfinished", lambda request: request.url.endswith("/lunr.es.min.js"),
                           timeout=60_000):
        page.locator("#progreso-respuesta").tap()
        page.wait_for_selector("html[data-material=on]", state="attached")
    second.set_offline(True)
    answer_session(page, good=False)  # wrong first: it comes back later in the session
    served = review_all(page)
    assert len(served) == due, (due, served)
    drawn_with(page, 4 + 1 + due)
    assert page.locator("[data-progress-review]").inner_text().endswith("(0)"), "reviewed today: not due again"
    second.set_offline(False)
    problems.check()
    second.close()


def test_reading_a_rules_page_to_its_end_ticks_its_step(browser, browser_context_args, base_url):
    context = context_for(browser, browser_context_args, "light")
    page = context.new_page()
    page.goto("mata-ases/")  # a visit: nothing ticks
    page.goto("./")
    first = page.locator("[data-progress-path][data-game=mata-ases] .progress-path__step").nth(0)
    page.wait_for_selector("[data-progress-path][data-game=mata-ases] .progress-path__step--next")
    assert "progress-path__step--done" not in first.get_attribute("class")
    assert first.locator(".progress-path__ticks").inner_text() == "Se marca al llegar al final de la página."
    page.goto("mata-ases/")
    page.locator("[data-progress-read]").scroll_into_view_if_needed()
    page.wait_for_function("JSON.parse(localStorage.getItem('progreso-leidas') || '{}')['/mata-ases/']")
    page.goto("./")
    page.wait_for_selector("[data-progress-path][data-game=mata-ases] .progress-path__step--done")
    assert "progress-path__step--done" in first.get_attribute("class")
    context.close()


def test_a_legal_move_off_the_line_is_a_choice_and_a_refused_one_a_mistake(browser, browser_context_args, base_url):
    context = context_for(browser, browser_context_args, "light")
    page = context.new_page()
    page.goto("holdem/simulador/?rapido=1&mano=holdem-02-la-subida-minima")
    page.wait_for_selector(SETTLED, timeout=90_000)
    amount = page.locator(f"{SIM} .sim-amount input")
    amount.fill("150")  # legal, but the hand's line raises to 100
    page.locator(f'{OPTIONS}[data-action="raise"]').tap()
    choice = page.locator(f"{SIM} .sim-judged .quiz__choice")
    choice.wait_for(timeout=30_000)
    assert choice.inner_text().startswith("Lo permiten las reglas, pero la línea de esta mano es subir a 100")
    page.locator(f"{SIM} .sim-start").tap()  # «Empezar de nuevo»
    page.wait_for_selector(SETTLED, timeout=90_000)
    page.locator(f"{SIM} .sim-amount input").fill("50")  # under the minimum raise: the rules refuse it
    page.locator(f'{OPTIONS}[data-action="raise"]').tap()
    page.wait_for_selector(f"{SIM} .sim-error:not([hidden])", timeout=30_000)
    page.goto("progreso/")
    drawn(page)
    page.locator("[data-progress-errors]").tap()
    mistakes = page.locator("#progreso-errores .progress-mistake")
    mistakes.first.wait_for()
    assert mistakes.count() == 1 and mistakes.first.inner_text().startswith("Apuesta y subida mínimas")
    assert mistakes.first.get_by_role("link").inner_text() == "Juega otra vez la mano (tu decisión n.º 1)"
    # the choice lowered nothing: no Hold'em attempt went wrong but the refused raise
    assert page.locator(".progress__summary").inner_text().startswith("En los últimos 30 días: 1 intento, 0 bien")
    context.close()


def test_repasa_la_regla_lands_with_its_heading_at_the_top(browser, browser_context_args, base_url):
    context = context_for(browser, browser_context_args, "dark")
    page = context.new_page()
    page.goto("holdem/practica/?ejercicio=holdem-spot&nivel=media&semilla=3")
    page.wait_for_selector("[data-drill][data-state=ready]", timeout=60_000)
    answer_drill(page, good=False)
    link = page.locator("[data-drill] .quiz__why a").first
    target = link.get_attribute("href").rsplit("#", 1)[1]
    link.tap()
    page.wait_for_url(f"**#{target}")
    header = page.evaluate("document.querySelector('.md-header').getBoundingClientRect().bottom")
    # it lands there (instant navigation swaps the page, then scrolls), and stays while the page settles
    landed = f"""(() => {{ const h = document.getElementById('{target}');
        return h && {header} <= h.getBoundingClientRect().top && h.getBoundingClientRect().top <= {header} + 60; }})()"""
    page.wait_for_function(landed, timeout=10_000)
    page.wait_for_load_state("networkidle")
    assert page.evaluate(landed), (target, page.evaluate(f"document.getElementById('{target}').getBoundingClientRect().top"))
    context.close()


# The reader's progress store: exact, bounded, fast at a year's scale (issue 51 items 3-9, issue 52 item 3).

def checked_replies(n: int = 24) -> list[dict]:
    """The engine's own checked drill replies, right and wrong (one in three), as the client hands them to
    progress/record.js: [{command, payload, reply}]."""
    from engine.drills import kinds

    out = []
    names = kinds()
    for i in range(n):
        kind = names[i % len(names)]
        drill = make_drill(kind, 1000 + i)
        reply = drill.reply()
        checked = drill.check(wrong_text(reply) if i % 3 == 0 else right_text(reply))
        if checked.get("progress"):
            out.append({"command": "drill-check", "payload": {"kind": kind, "seed": 1000 + i, "level": reply["level"]},
                        "reply": checked})
    return out


# The site's own modules, imported by URL in the page (the instances the page uses).
MODULES = """async () => {
  const root = new URL("../", location.href);
  const get = (path) => import(new URL(`javascripts/${path}`, root).href);
  window.__rec = await get("progress/record.js");
  window.__model = await get("progress/model.js");
  window.__why = await get("ui/why.js");
}"""
RECORD = """async (replies) => { for (const r of replies) await window.__rec.record(r.command, r.payload, r.reply); }"""
# A copy of `n` answers of the engine's replies (each a new deal: its own item), over the last `days` days, in the
# format of the site's earlier versions (2): what any version of the site reads.
COPY = """([replies, n, days]) => {
  const now = Date.now();
  const entries = [];
  for (let i = 0; i < n; i++) {
    const r = replies[i % replies.length];
    const time = now - Math.floor(((n - i) / n) * days * 86400000);
    const entry = window.__model.entryOf(r.reply.progress, { time, id: window.__model.newId(time) });
    entry.item.key = `${entry.item.key}${i.toString(36)}`;
    entries.push(entry);
  }
  return JSON.stringify({ schema: "reglas-poker-progreso", version: 2, entries });
}"""


def modules(page) -> None:
    page.evaluate(MODULES)


def downloaded_entries(page, tmp_path, name: str) -> int:
    with page.expect_download() as download:
        page.get_by_role("button", name="Descargar mi progreso").tap()
    path = tmp_path / name
    download.value.save_as(path)
    page.wait_for_function("document.querySelector('.progress-copy__status').textContent.startsWith('Descargado')")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["schema"] == "reglas-poker-progreso"
    return len(data["entries"])  # a row or an object each, whatever the version


def test_a_tab_on_mi_progreso_follows_the_others_and_downloads_what_is_stored(browser, browser_context_args, tmp_path):
    replies = checked_replies()
    context = context_for(browser, browser_context_args, "light")
    watching, answering = context.new_page(), context.new_page()
    # a third tab that hears nothing from the others (no BroadcastChannel): its download still reads the store
    deaf = context.new_page()
    deaf.add_init_script("delete window.BroadcastChannel;")
    for page in (watching, deaf):
        page.goto("progreso/")
        assert drawn(page)["entries"] == 0
    answering.goto("progreso/")
    drawn(answering)
    modules(answering)
    answering.evaluate(RECORD, replies[:3])
    # the watching tab redraws by itself, as soon as the answers are kept
    watching.wait_for_function("document.querySelector('[data-progress-page]').dataset.entries === '3'")
    assert watching.locator(".progress__summary").inner_text().startswith("En los últimos 30 días: 3 intentos")
    # the deaf tab still shows an empty log, but downloads what is stored at the click
    assert deaf.locator("[data-progress-page]").get_attribute("data-entries") == "0"
    deaf.evaluate("document.querySelector('.progress-copy button').disabled = false")  # drawn before any answer
    assert downloaded_entries(deaf, tmp_path, "sorda.json") == 3
    # «Sí, borrar todo» in one tab: the other redraws empty; the deaf one downloads nothing deleted
    answering.reload()
    drawn(answering)
    answering.get_by_role("button", name="Borrar mi progreso").tap()
    answering.get_by_role("button", name="Sí, borrar todo").tap()
    watching.wait_for_function("document.querySelector('[data-progress-page]').dataset.entries === '0'")
    assert watching.get_by_role("button", name="Descargar mi progreso").is_disabled()
    assert downloaded_entries(deaf, tmp_path, "borrada.json") == 0
    context.close()


def load_copy(page, text: str, name: str = "copia.json") -> str:
    """Load a copy through «Cargar una copia»; the status it ends with."""
    status = page.locator(".progress-copy__status")
    before = page.locator("[data-progress-page]").get_attribute("data-drawn-at")
    page.set_input_files(".progress-copy__input", files=[{"name": name, "mimeType": "application/json",
                                                          "buffer": text.encode("utf-8")}])
    page.wait_for_function("""(before) => {
      const status = document.querySelector('.progress-copy__status');
      const root = document.querySelector('[data-progress-page]');
      return status && status.textContent && !status.querySelector('progress')
        && (root.dataset.drawnAt !== before || !status.textContent.startsWith('Copia'));
    }""", arg=before, timeout=60_000)
    return status.inner_text()


def test_hostile_copies_are_refused_or_skipped_in_spanish_and_the_good_answers_load(
        browser, browser_context_args, axe_source):
    replies = checked_replies(6)
    context = context_for(browser, browser_context_args, "dark")
    page = context.new_page()
    problems = PageProblems(page, base_url=browser_context_args["base_url"])
    page.goto("progreso/")
    drawn(page)
    modules(page)
    good = json.loads(page.evaluate(COPY, [replies, 3, 2]))["entries"]
    wrong = next(e for e in good if e["ok"] is False)

    def copy(entries, version=2, **extra) -> str:
        return json.dumps({"schema": "reglas-poker-progreso", "version": version, "entries": entries, **extra})

    # a version the site does not know, said as it is
    assert "no es válida (\"1\"): tiene que ser un número entero" in load_copy(page, copy(good, version="1"))
    assert "versión 0, que no existe" in load_copy(page, copy(good, version=0))
    assert "versión -5, que no existe" in load_copy(page, copy(good, version=-5))
    # bad entries are skipped, each reason said; the good ones load, and what cannot show a mistake is left out
    no_item = {k: v for k, v in good[0].items() if k != "item"} | {"id": "sin-item"}
    bad = [no_item, good[0] | {"id": "item-nulo", "item": None}]
    bad += [good[0] | {"id": f"t{i}", "time": time} for i, time in enumerate([1e300, -1e300, 8.64e15 + 1, 32503680000000])]
    bad.append(good[0] | {"id": "muchas", "skills": [f"s{i}" for i in range(300_000)]})
    said = load_copy(page, copy([*bad, *good], shown={wrong["item"]["key"]: {"facts": [None]}}))
    assert said == ("Copia cargada: 3 respuestas nuevas. No se cargaron 7: 1 demasiado grande, 4 con una fecha imposible "
                    "y 2 incompletas o con datos que no son de una respuesta."), said
    deep = '{"a":' * 1_000_000 + "1" + "}" * 1_000_000
    text = copy([good[0] | {"id": "honda", "item": good[0]["item"] | {"request": "HONDA"}}]).replace('"HONDA"', deep)
    assert load_copy(page, text) == "Copia cargada: 0 respuestas nuevas. No se cargaron 1: 1 demasiado grande."
    assert drawn(page)["entries"] == 3
    page.locator("[data-progress-errors]").tap()
    page.locator("#progreso-errores .progress-mistake").first.wait_for()
    body = page.locator("[data-progress-page]").inner_text()
    for word in ("NaN", "undefined", "Cannot", "Error"):
        assert word not in body, word
    no_serious(page, axe_source)
    problems.check()
    context.close()


# A browser that does not keep the answer: its storage full (put throws), or no IndexedDB at all.
FULL_STORAGE = """(() => {
  const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (...args) {
    if (this.name === "log") throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    return put.apply(this, args);
  };
})();"""
NO_INDEXEDDB = "Object.defineProperty(window, 'indexedDB', { get: () => undefined });"


def test_an_answer_not_kept_is_said_once_under_it_and_on_mi_progreso(browser, browser_context_args):
    # Its storage full: a drill answered twice; one notice, under the answer, and «Mi progreso» says the same.
    context = context_for(browser, browser_context_args, "light")
    context.add_init_script(FULL_STORAGE)
    page = context.new_page()
    page.goto(PAGE.format(seed=5))
    page.wait_for_selector("[data-drill][data-state=ready]", timeout=60_000)
    answer_drill(page, good=False)
    notice = page.locator(".progress-notice")
    notice.wait_for(timeout=30_000)
    said = notice.inner_text()
    assert said.startswith("Tu progreso no se está guardando: el navegador no tiene más sitio") and "lleno" in said
    assert page.locator("[data-drill] .progress-notice").count() == 1, "under the answer, in the drill"
    page.locator("[data-drill] .drill__settings .md-button").tap()
    page.wait_for_function("document.querySelector('[data-drill]').dataset.seed !== '5'"
                           " && document.querySelector('[data-drill]').dataset.state === 'ready'", timeout=30_000)
    answer_drill(page, good=True)
    page.wait_for_function("JSON.parse(localStorage.getItem('progreso-sin-guardar') || 'null')")
    assert notice.count() == 1, "said once"
    page.goto("progreso/")
    drawn(page)
    assert page.locator(".progress__problem").first.inner_text().startswith(said)
    context.close()

    # No IndexedDB: the same, from the answer's box (the function every widget draws its answer with).
    context = context_for(browser, browser_context_args, "dark")
    context.add_init_script(NO_INDEXEDDB)
    page = context.new_page()
    page.goto("progreso/")
    page.wait_for_selector("[data-progress-page][data-state=failed]")
    modules(page)
    reply = checked_replies(3)[0]
    page.evaluate("""async (r) => {
      const box = document.createElement('div');
      box.id = 'respuesta';
      document.querySelector('article').append(box);
      window.__why.showProgress(box, r.reply.progress);
      await window.__rec.record(r.command, r.payload, r.reply);
      await window.__rec.record(r.command, r.payload, r.reply);
    }""", reply)
    notice = page.locator("#respuesta + .progress-notice")
    assert notice.count() == 1 and "no deja a esta web guardar datos" in notice.inner_text()
    page.reload()
    page.wait_for_selector("[data-progress-page][data-state=failed]")
    texts = page.locator(".progress__problem").all_inner_texts()
    assert texts[0].startswith(notice.inner_text() if notice.count() else "Tu progreso no se está guardando: este navegador")
    assert texts[1] == ("No se puede leer tu progreso: este navegador no deja a esta web guardar datos (en una ventana "
                        "privada, o con los datos de las webs bloqueados).")
    context.close()


# Every read of an IndexedDB store by the page, as "store.method", in window.__reads.
COUNT_READS = """
window.__reads = [];
for (const method of ["get", "getAll", "getAllKeys", "openCursor", "openKeyCursor", "count"]) {
  for (const proto of [IDBObjectStore.prototype, IDBIndex.prototype]) {
    const original = proto[method];
    proto[method] = function (...args) {
      const store = this instanceof IDBIndex ? this.objectStore.name : this.name;
      window.__reads.push(`${store}.${method}`);
      return original.apply(this, args);
    };
  }
}
"""


def test_a_large_copy_loads_with_progress_and_opens_from_its_summary(browser, browser_context_args):
    """Opening «Mi progreso» reads the summary kept as answers are recorded, never the log: 30,000 answers open
    as an empty log does (how long that takes, beside an empty log, is benchmarks/bench_progress.py's)."""
    replies = checked_replies()
    context = context_for(browser, browser_context_args, "light")
    context.add_init_script(COUNT_READS)
    page = context.new_page()
    page.goto("progreso/")
    drawn(page)
    modules(page)
    text = page.evaluate(COPY, [replies, 30_000, 8])
    assert len(text) < 8 * 1024 * 1024
    page.set_input_files(".progress-copy__input", files=[{"name": "grande.json", "mimeType": "application/json",
                                                          "buffer": text.encode("utf-8")}])
    # it says how far it got while a worker reads and adds it
    page.wait_for_selector(".progress-copy__status progress", timeout=30_000)
    page.wait_for_function("document.querySelector('.progress-copy__status').textContent.startsWith('Copia')",
                           timeout=120_000)
    assert page.locator(".progress-copy__status").inner_text() == "Copia cargada: 30.000 respuestas nuevas."
    page.reload()
    drawn(page)
    reads = page.evaluate("window.__reads")
    assert any(read.startswith("summary.") for read in reads), reads
    assert not [read for read in reads if read.startswith("log.")], reads
    assert "30.000" in page.locator("[data-progress-page]").inner_text()
    context.close()


# The store as the site kept it before (idb-keyval): the log in "reglas-poker-progreso" (version 1, one store),
# what «Mis errores» shows in a database of its own, a saved schedule in another.
OLD_STORE = """async ([entries, shown]) => {
  const put = (name, store, records) => new Promise((resolve, reject) => {
    const asked = indexedDB.open(name, 1);
    asked.onupgradeneeded = () => asked.result.createObjectStore(store);
    asked.onsuccess = () => {
      const tx = asked.result.transaction(store, "readwrite");
      for (const [key, value] of records) tx.objectStore(store).put(value, key);
      tx.oncomplete = () => { asked.result.close(); resolve(); };
      tx.onerror = () => reject(tx.error);
    };
  });
  const buckets = new Map();
  for (const e of entries) {
    const day = Math.floor(e.time / 86400000);
    buckets.set(day, [...(buckets.get(day) || []), e]);
  }
  await put("reglas-poker-progreso", "log", [...buckets]);
  await put("reglas-poker-progreso-shown", "shown", Object.entries(shown));
  await put("reglas-poker-progreso-meta", "meta", [["schedule", { version: 2 }], ["persist-asked", 1]]);
  localStorage.setItem("progreso-registro", "1");
}"""


def test_a_log_kept_by_the_earlier_site_is_summarised_once_and_nothing_is_lost(browser, browser_context_args):
    replies = checked_replies(12)
    context = context_for(browser, browser_context_args, "light")
    page = context.new_page()
    page.goto("404.html")  # a page that opens no database
    modules(page)
    entries = json.loads(page.evaluate(COPY, [replies, 40, 5]))["entries"]
    wrong = [e for e in entries if e["ok"] is False]
    shown = {e["item"]["key"]: {"facts": [{"label": "Mesa", "cards": ["Ah", "Kd"]}], "given": "Ana", "expected": "Beto"}
             for e in wrong}
    page.evaluate(OLD_STORE, [entries, shown])
    page.goto("progreso/")
    assert drawn(page)["entries"] == 40
    page.locator("[data-progress-errors]").tap()
    mistakes = page.locator("#progreso-errores .progress-mistake")
    mistakes.first.wait_for()
    assert mistakes.count() == len(wrong)
    assert "Tu respuesta: Ana" in mistakes.first.inner_text(), "what «Mis errores» showed came along"
    names = page.evaluate("indexedDB.databases().then((all) => all.map((d) => d.name).sort())")
    assert names == ["reglas-poker-progreso"], names
    context.close()


def test_a_due_play_skill_is_reviewed_with_its_decision_drill_and_its_mistake_sends_to_the_table(
        browser, browser_context_args, tmp_path):
    """A decision at the Hold'em table graded «Error» three days ago (a copy loaded): its play skill is due;
    «Repasar ahora» serves that skill's decision drill, right answered by keyboard, and the skill is then not
    due; «Mis errores» shows what the reader saw and sends him back to the table."""
    skill = next(s for s in catalogue()["skills"] if s["id"] == "holdem.play.facing")
    when = int((time.time() - 3 * 86400) * 1000)
    entry = {"id": "mesa-antigua", "time": when, "game": "holdem",
             "item": {"command": "play-review", "key": "mesa-antigua", "request": {"game": "holdem", "spot": 7},
                      "source": "holdem-table"},
             "ok": False, "skills": [skill["id"]], "failed": [0]}
    copy = json.dumps({"schema": "reglas-poker-progreso", "version": 2, "entries": [entry], "visits": {},
                       "reads": {}})
    context = context_for(browser, browser_context_args, "dark")
    page = context.new_page()
    page.goto("progreso/")
    drawn(page)
    load_copy(page, copy)
    assert drawn(page)["due"] == 1
    page.locator("[data-progress-errors]").tap()
    mistake = page.locator(".progress-mistake").first
    assert mistake.get_by_role("link", name="Vuelve a la mesa").get_attribute("href").endswith("holdem/mesa/")
    page.locator("[data-progress-review]").tap()
    served = review_all(page)
    assert [json.loads(s)["kind"] for s in served] == [skill["practice"]["request"]["kind"]]
    drawn_with(page, 2)  # the copy's decision and the review's answer
    assert page.locator("[data-progress-review]").inner_text().endswith("(0)"), "reviewed today: not due again"
    context.close()
