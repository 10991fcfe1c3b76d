"""«Mi progreso» in Chromium at 360 px: drills answered right and wrong are remembered across a reload
and drawn without starting Python; a mistake is replayed and leaves the list once solved; the log is
exported and imported into a fresh profile (twice: nothing counted twice); a skill due for review is
reviewed offline, a wrong answer coming back in the session; the path ticks from an imported visit;
axe finds nothing serious in light and dark.
"""

from __future__ import annotations

import json
import time

import pytest

from engine.drills import make_drill
from engine.progress import catalogue
from tests.browser.test_accessibility import axe_violations, describe
from tests.conftest import PageProblems
from tests.engine.drills.test_drills import right_text, wrong_text

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}
KIND, LEVEL = "holdem-position", "fácil"
PAGE = "holdem/practica/?ejercicio=holdem-position&nivel=f%C3%A1cil&semilla={seed}"
DRAWN = "[data-progress-page][data-state=drawn]"
SESSION = ".progress-session"


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
    page.locator("[data-drill] .quiz__form button").click()
    page.wait_for_selector(f"[data-drill][data-state={'correct' if good else 'wrong'}]", timeout=30_000)


def drawn(page) -> dict:
    page.wait_for_selector(DRAWN, timeout=30_000)
    root = page.locator("[data-progress-page]")
    return {"entries": int(root.get_attribute("data-entries")),
            "phase": page.evaluate("document.documentElement.dataset.enginePhase || null")}


def answer_session(page, good: bool) -> None:
    """Answer the item on the session card (its drill is on the card's data) right or wrong."""
    page.wait_for_selector(f"{SESSION}[data-state=ready]", timeout=60_000)
    box = page.locator(SESSION)
    drill = make_drill(box.get_attribute("data-kind"), int(box.get_attribute("data-seed")),
                       box.get_attribute("data-level"), box.get_attribute("data-family"), box.get_attribute("data-ask"))
    reply = drill.reply()
    page.fill("#progreso-respuesta", right_text(reply) if good else wrong_text(reply))
    page.locator(f"{SESSION} .quiz__form button").click()
    page.wait_for_selector(f"{SESSION}[data-state={'correct' if good else 'wrong'}]", timeout=30_000)
    if not good:
        assert page.locator(f"{SESSION} .quiz__why a").count() >= 1, "a wrong answer links its rule"
    page.get_by_role("button", name="Siguiente").click()


def no_serious(page, axe_source) -> None:
    serious = [v for v in axe_violations(page, axe_source) if v["impact"] in ("serious", "critical")]
    assert not serious, describe(serious)


def positions_skill() -> dict:
    found = [s for s in catalogue()["skills"] if s["practice"] and s["practice"]["request"]["kind"] == KIND]
    assert found, "the catalogue has a skill practised by the position drill"
    return found[0]


def review_skill() -> dict:
    """A Hold'em skill the drills above do not touch (so only the imported mistake schedules it)."""
    found = [s for s in catalogue()["skills"] if s["game"] == "holdem" and s["practice"]
             and s["practice"]["request"]["kind"] != KIND]
    assert found, "the catalogue has another Hold'em skill with a drill"
    return found[0]


def old_mistake_file(tmp_path) -> str:
    """An export with one failed attempt three days ago (so the skill is due) and a visit to /holdem/."""
    skill = review_skill()
    request = {key: skill["practice"]["request"][key] for key in ("kind", "level")} | {"seed": 11}
    when = int((time.time() - 3 * 86400) * 1000)
    entry = {"id": "prueba-antigua", "time": when, "game": skill["game"],
             "item": {"command": "drill", "key": "prueba-antigua", "request": request},
             "ok": False, "skills": [skill["id"]], "failed": [0]}
    path = tmp_path / "antigua.json"
    path.write_text(json.dumps({"schema": "reglas-poker-progreso", "version": 1, "entries": [entry],
                                "visits": {"/holdem/": when}}), encoding="utf-8")
    return str(path)


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
    page.locator("[data-drill] .drill__settings .md-button").click()
    page.wait_for_function("document.querySelector('[data-drill]').dataset.seed !== '5'"
                           " && document.querySelector('[data-drill]').dataset.state === 'ready'", timeout=30_000)
    answer_drill(page, good=True)

    # Reloaded, «Mi progreso» shows both, and started no Python.
    page.goto("progreso/")
    seen = drawn(page)
    assert seen == {"entries": 2, "phase": None}
    skill = positions_skill()
    row = page.locator(f"tr[data-skill='{skill['id']}']")
    assert "1 de 2" in row.inner_text()
    no_serious(page, axe_source)

    # «Mis errores»: the wrong one comes back; solved, it leaves the list.
    errors = page.locator("[data-progress-errors]")
    assert errors.inner_text().endswith("(1)")
    errors.click()
    answer_session(page, good=True)
    page.wait_for_selector(f"{SESSION}[hidden]", state="attached")
    drawn(page)
    assert page.locator("[data-progress-errors]").inner_text().endswith("(0)")
    assert int(page.locator("[data-progress-page]").get_attribute("data-entries")) == 3

    # Export.
    with page.expect_download() as download:
        page.get_by_role("button", name="Descargar mi progreso").click()
    exported = tmp_path / "progreso.json"
    download.value.save_as(exported)
    data = json.loads(exported.read_text(encoding="utf-8"))
    assert data["schema"] == "reglas-poker-progreso" and len(data["entries"]) == 3
    problems.check()
    first.close()

    # A fresh profile, in dark mode: import the file twice (nothing counted twice), then an old mistake.
    second = context_for(browser, browser_context_args, "dark")
    page = second.new_page()
    problems = PageProblems(page, base_url)
    page.goto("progreso/")
    assert drawn(page)["entries"] == 0
    status = page.locator(".progress-copy__status")
    page.set_input_files(".progress-copy__input", str(exported))
    page.wait_for_function("document.querySelector('.progress-copy__status').textContent.startsWith('Copia')")
    assert status.inner_text() == "Copia cargada: 3 respuestas nuevas."
    assert page.locator("[data-progress-page]").get_attribute("data-entries") == "3"
    page.set_input_files(".progress-copy__input", str(exported))
    page.wait_for_function("document.querySelector('.progress-copy__status').textContent.includes('ya estaban')")
    assert status.inner_text() == "Copia cargada: 0 respuestas nuevas, 3 ya estaban."
    assert page.locator("[data-progress-page]").get_attribute("data-entries") == "3"
    page.set_input_files(".progress-copy__input", old_mistake_file(tmp_path))
    page.wait_for_function("document.querySelector('[data-progress-page]').dataset.entries === '4'")
    review = page.locator("[data-progress-review]")
    assert review.is_enabled() and review.inner_text().endswith("(1)")
    no_serious(page, axe_source)

    # Review the due skill offline once the engine is up: wrong first (it comes back), then right.
    review.click()
    page.wait_for_selector(f"{SESSION}[data-state=ready]", timeout=60_000)
    second.set_offline(True)
    assert page.locator(SESSION).get_attribute("data-family") == review_skill()["practice"]["request"]["family"]
    answer_session(page, good=False)
    answer_session(page, good=True)
    page.wait_for_selector(f"{SESSION}[hidden]", state="attached")
    assert drawn(page)["entries"] == 6
    assert page.locator("[data-progress-review]").inner_text().endswith("(0)"), "reviewed today: not due again"
    second.set_offline(False)

    # The path: the imported visit to the Hold'em rules ticks its first step; the next one is marked.
    page.goto("./")
    page.wait_for_selector("[data-progress-path][data-game=holdem] .progress-path__step--next")
    steps = page.locator("[data-progress-path][data-game=holdem] .progress-path__step")
    assert "progress-path__step--done" in steps.nth(0).get_attribute("class")
    assert steps.nth(1).locator("a").get_attribute("aria-current") == "step"
    problems.check()
    second.close()
