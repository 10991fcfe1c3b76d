"""Quizzes and the croupier's trainer in Chromium: the engine in the worker judges every answer.

Each question on the quiz pages is answered right and wrong; the expected answers come from the
engine in CPython (the same questions, read back from the page), so the browser must agree with it.
Most tests share one page that moves between the quiz pages and the trainer with Material's instant
navigation, so the engine loads once (a new page load would start Pyodide again); the module runs
whole on one xdist worker, in the order of this file (tests/conftest.py, ONE_PAGE_MODULES).
"""

from __future__ import annotations

import json
import re

import pytest

from engine.quiz import format_amount, solve
from tests.conftest import ENGINE_READY, clear_of_the_header, scroll_to_top_of_screen, shared_page, wake_material

QUIZ_PAGES = ["ultimate/ponte-a-prueba/", "mata-ases/quien-gana/", "holdem/ponte-a-prueba/"]
BAD_INPUTS = ["", "   ", "abc", "<img src=x onerror=alert(1)>", "x" * 10_000]
SETTLED = '[data-result]:not([data-result="busy"])'


def right_answer(solution) -> str:
    if solution.answer_type == "amount":
        return format_amount(solution.value)
    if solution.answer_type == "names":
        return " y ".join(sorted(solution.value)) if solution.value else "nadie"
    if solution.answer_type == "position":
        return solution.value
    return solution.display


def wrong_answer(solution) -> str:
    if solution.answer_type == "amount":
        return format_amount(solution.value + 5)
    if solution.answer_type == "names":
        if not solution.value:
            return solution.choices[0]
        if solution.allow_nobody:
            return "nadie"
        others = [c for c in solution.choices if c not in solution.value]
        return others[0] if others else solution.choices[0]
    if solution.answer_type == "position":
        return next(c for c in solution.choices if c != solution.value)
    return "carta alta" if solution.value[0] != "high_card" else "color"


def submit(quiz, text: str, *, direct: bool = False):
    """Type (or set, for very long text) an answer, press Enter, wait for the engine's verdict."""
    box = quiz.locator("input[type=text]")
    if direct:
        box.evaluate("(el, value) => { el.value = value; }", text)
    else:
        box.fill(text)
    box.press("Enter")
    feedback = quiz.locator(".quiz__feedback")
    feedback.and_(quiz.page.locator(SETTLED)).wait_for(timeout=30_000)
    return feedback


def reveal_controls(quiz) -> int:
    """How many «Ver la solución» controls the reader sees in the question."""
    return quiz.locator("summary:visible, button:visible").filter(has_text="Ver la solución").count()


def reveal(quiz):
    """Press «Ver la solución» in the feedback and wait for the steps."""
    quiz.locator(".quiz__reveal").click()
    quiz.locator(".quiz__steps li").first.wait_for(timeout=30_000)


# A click on a link to ``url``: Material's instant navigation takes it (no new document). The old
# page's elements are marked so that waiting for the new page cannot be fooled by them.
FOLLOW_LINK = """url => {
    for (const node of document.querySelectorAll("[data-quiz], [data-uth-trainer]")) node.dataset.stale = "1";
    const a = document.createElement("a"); a.href = url; document.body.append(a); a.click(); a.remove(); }"""
NEW_PAGE = """url => location.href === url && document.querySelector(
    '[data-quiz-ready]:not([data-stale]), [data-trainer-ready]:not([data-stale])') !== null"""


def ready(page, path: str):
    """Show ``path``: on the shared page by instant navigation (the engine stays warm), else load it."""
    base = getattr(page, "site_root", None)
    if base is None or not page.url.startswith(base):
        page.goto(path)
    else:
        wake_material(page)  # a reader has touched the page by now: Material's navigation is there
        if page.url == base + path:  # a fresh copy of the same page: leave it first
            page.evaluate(FOLLOW_LINK, base)
            page.wait_for_function("url => location.href === url", arg=base)
        page.evaluate(FOLLOW_LINK, base + path)
        page.wait_for_function(NEW_PAGE, arg=base + path, timeout=30_000)
    page.wait_for_selector(ENGINE_READY, timeout=60_000)


@pytest.fixture(scope="module")
def warm_page(browser, browser_context_args, base_url):
    """One page for the quiz tests: the engine loads once, pages change by instant navigation."""
    with shared_page(browser, browser_context_args, base_url) as page:
        ready(page, QUIZ_PAGES[0])
        yield page


@pytest.fixture
def quiz_page(warm_page):
    yield warm_page
    warm_page.problems.check()



@pytest.mark.parametrize("path", QUIZ_PAGES)
def test_every_question_answered_right_and_wrong(quiz_page, path):
    page = quiz_page
    ready(page, path)
    quizzes = page.locator("[data-quiz]")
    count = quizzes.count()
    assert count >= 7
    for i in range(count):
        quiz = quizzes.nth(i)
        solution = solve(json.loads(quiz.get_attribute("data-quiz-spec")))
        assert reveal_controls(quiz) == 1, (path, i)
        # wrong first: the feedback says so and invites another try, the solution opens on request
        feedback = submit(quiz, wrong_answer(solution))
        assert reveal_controls(quiz) == 1, (path, i)  # the same one, not a second in the feedback
        assert feedback.get_attribute("data-result") == "wrong", (path, i, feedback.text_content())
        assert feedback.locator(".quiz__verdict").text_content() == "✗ No es correcto"
        assert "Inténtalo otra vez" in feedback.locator(".quiz__message").text_content()
        assert feedback.locator(".quiz__steps").count() == 0
        reveal(quiz)
        assert solution.display in feedback.locator(".quiz__message").text_content()
        assert feedback.locator(".quiz__steps li").all_text_contents() == list(solution.steps)
        feedback = submit(quiz, right_answer(solution))
        assert feedback.get_attribute("data-result") == "correct", (path, i, feedback.text_content())
        assert feedback.locator(".quiz__verdict").text_content() == "✓ Correcto"
        assert feedback.locator(".quiz__steps li").count() == len(solution.steps)


def test_answers_are_read_generously(quiz_page):
    """The page sends the text exactly as typed (Unicode minus, accents, spaces) and shows the verdict.
    Every accepted form is tested in CPython (tests/engine/quiz/test_quiz_answers.py); here one per kind."""
    page = quiz_page
    ready(page, "ultimate/ponte-a-prueba/")
    blind = page.locator("#quiz-1")  # Blind of 25 with a flush: 37,5
    for text in (" 37.5 ",):
        assert submit(blind, text).get_attribute("data-result") == "correct", text
    total = page.locator("[data-quiz]").filter(has_text="Todo a favor").or_(
        page.locator("[data-quiz]").filter(has_text="color al As y el crupier")).first
    for text in ("+1\u00a0350 fichas",):
        assert submit(total, text).get_attribute("data-result") == "correct", text
    loss = page.locator("[data-quiz]").filter(has_text="pareja de Nueves y el crupier").first
    for text in ("−500",):
        assert submit(loss, text).get_attribute("data-result") == "correct", text
    feedback = submit(loss, "500")
    assert feedback.get_attribute("data-result") == "wrong" and "signo" in feedback.text_content()
    ready(page, "mata-ases/quien-gana/")
    first = page.locator("#quiz-1")
    for text in ("tú", "yo"):
        assert submit(first, text).get_attribute("data-result") == "correct", text
    beto = page.locator("#quiz-2")  # Escalera de color al 7
    feedback = submit(beto, "escalera de color")
    assert feedback.get_attribute("data-result") == "detail"
    assert "¿Escalera de color hasta qué carta?" in feedback.text_content()
    assert "al 7" not in feedback.text_content() and beto.locator(".quiz__reveal").count() == 1
    assert submit(beto, "Escalera de color del 3 al 7").get_attribute("data-result") == "correct"


def test_bad_inputs_get_a_friendly_message_shown_as_text(quiz_page):
    page = quiz_page
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    ready(page, "ultimate/ponte-a-prueba/")
    for quiz_id in ("#quiz-1",):  # the engine's validation of every kind is tested in CPython
        quiz = page.locator(quiz_id)
        for text in BAD_INPUTS:
            feedback = submit(quiz, text, direct=len(text) > 200)
            assert feedback.get_attribute("data-result") == "invalid", (text[:20], feedback.text_content())
            message = feedback.locator(".quiz__message").text_content()
            assert message and len(message) < 400
            assert quiz.locator("input").get_attribute("aria-invalid") == "true"
            assert feedback.locator(".quiz__steps").count() == 0  # no solution given away
            if "<img" in text:
                assert "<img src=x onerror=alert(1)>" in message  # the text, not an element
        assert quiz.locator(".quiz__feedback img").count() == 0
    ready(page, "mata-ases/quien-gana/")
    for text in ("", "Carla"):
        feedback = submit(page.locator("#quiz-1"), text, direct=len(text) > 200)
        assert feedback.get_attribute("data-result") == "invalid", text[:20]
    assert page.locator("main img").count() == 0
    assert dialogs == []


def test_questions_teach_without_javascript(browser, base_url):
    context = browser.new_context(java_script_enabled=False, base_url=base_url)
    page = context.new_page()
    try:
        page.goto("ultimate/ponte-a-prueba/")
        quiz = page.locator("#quiz-1")
        assert "¿Cuánto se paga por el Blind?" in quiz.text_content()
        assert quiz.locator("form").is_hidden()
        assert quiz.locator('[role="img"][aria-label="As de corazones"]').count() == 1
        quiz.locator("summary").click()
        solution = quiz.locator("details")
        assert "37,5" in solution.locator("[data-quiz-answer]").text_content()
        assert "3 a 2" in solution.text_content()
        page.goto("ultimate/entrenador/")
        assert page.locator("[data-no-js]").is_visible()
        assert page.locator(".trainer__settings").is_hidden()
    finally:
        context.close()


def trainer_state(page) -> tuple[dict, int]:
    root = page.locator("[data-uth-trainer]")
    return json.loads(root.get_attribute("data-question")), int(root.get_attribute("data-seed"))


def wait_for_new_hand(page, old_seed: int | None):
    page.wait_for_function(
        """(old) => { const r = document.querySelector('[data-uth-trainer]');
                      return r.dataset.state === 'dealt' && r.dataset.seed !== String(old); }""",
        arg=old_seed, timeout=60_000,
    )


def open_trainer(page):
    """The trainer page with its first hand dealt, as on a new visit (no score kept)."""
    page.evaluate("sessionStorage.clear()")
    ready(page, "ultimate/entrenador/")
    wait_for_new_hand(page, None)
    return page.locator("[data-uth-trainer]")


def test_trainer_every_mode_right_and_wrong_with_a_running_score(quiz_page):
    page = quiz_page
    trainer = open_trainer(page)
    score = trainer.locator("[data-trainer-score]")
    answered = right = 0
    asks = {"blind": "blind", "trips": "trips", "ante-play": "ante+play", "total": "total"}
    for mode, ask in asks.items():
        _, seed = trainer_state(page)
        radio = trainer.locator(f'input[name="modo"][value="{mode}"]')
        if radio.is_checked():
            trainer.locator("[data-trainer-deal]").click()
        else:
            radio.check()  # changing the mode deals a new hand
        for attempt in ("wrong", "right"):
            if attempt == "right":
                seed = trainer_state(page)[1]
                trainer.locator("[data-trainer-deal]").click()
            wait_for_new_hand(page, seed)
            question, seed = trainer_state(page)
            assert question["ask"] == ask
            # a valid hand: 9 distinct cards on show, with their Spanish names
            cards = trainer.locator("[data-trainer-facts] [role=img]").all_text_contents()
            assert len(cards) == 9 and len(set(cards)) == 9
            assert len(question["player"] + question["dealer"] + question["board"]) == 9
            solution = solve(question)
            text = format_amount(solution.value) if attempt == "right" else format_amount(solution.value + 1)
            trainer.locator("[data-trainer-answer] input").fill(text)
            scroll_to_top_of_screen(page, "[data-trainer-answer] input", 60)  # «Nueva mano» is off screen...
            assert not clear_of_the_header(page, "[data-trainer-deal]")
            trainer.locator("[data-trainer-answer] input").press("Enter")
            page.wait_for_function(
                "() => ['correct', 'wrong'].includes(document.querySelector('[data-uth-trainer]').dataset.state)",
                timeout=30_000,
            )
            assert clear_of_the_header(page, "[data-trainer-deal]")  # ... and back after the answer
            feedback = trainer.locator("[data-trainer-feedback]")
            expected = "correct" if attempt == "right" else "wrong"
            assert feedback.get_attribute("data-result") == expected, feedback.text_content()
            if attempt == "wrong":  # the solution waits for «Ver la solución»
                assert feedback.locator(".quiz__steps").count() == 0
                reveal(trainer)
            assert solution.display in feedback.text_content()
            assert feedback.locator(".quiz__steps li").all_text_contents() == list(solution.steps)
            answered += 1
            right += attempt == "right"
            assert score.text_content() == f"Aciertos en esta visita: {right} de {answered}."
        # a second answer to the same hand does not count twice, and says so when right
        trainer.locator("[data-trainer-answer] input").fill("0")
        trainer.locator("[data-trainer-answer] input").press("Enter")
        trainer.locator(f"[data-trainer-feedback]{SETTLED}").wait_for(timeout=30_000)
        assert score.text_content() == f"Aciertos en esta visita: {right} de {answered}."
        trainer.locator("[data-trainer-answer] input").fill(format_amount(solution.value))
        trainer.locator("[data-trainer-answer] input").press("Enter")
        page.wait_for_function("() => document.querySelector('[data-trainer-feedback]').textContent.includes('No cuenta')",
                               timeout=30_000)
        assert score.text_content() == f"Aciertos en esta visita: {right} de {answered}."
    # the pay table and the unit are the reader's choice
    seed = trainer_state(page)[1]
    trainer.locator('select[name="tabla"]').select_option("50-40-30-9-7-4-3")
    wait_for_new_hand(page, seed)
    seed = trainer_state(page)[1]
    trainer.locator('select[name="unidad"]').select_option("25")
    wait_for_new_hand(page, seed)
    question, _ = trainer_state(page)
    assert question["trips_table"] == "50-40-30-9-7-4-3" and question["ante"] % 25 == 0
    # bad input in the trainer: a message, not a score
    for text in BAD_INPUTS[:4]:
        trainer.locator("[data-trainer-answer] input").fill(text)
        trainer.locator("[data-trainer-answer] input").press("Enter")
        trainer.locator(f"[data-trainer-feedback]{SETTLED}").wait_for(timeout=30_000)
        assert trainer.get_attribute("data-state") == "invalid", text
        assert score.text_content() == f"Aciertos en esta visita: {right} de {answered}."
    # the score survives a reload within the visit
    page.reload()
    page.wait_for_selector(ENGINE_READY, timeout=60_000)
    assert page.locator("[data-trainer-score]").text_content() == f"Aciertos en esta visita: {right} de {answered}."


def answer_trainer(page, text: str, state: str) -> None:
    box = page.locator("[data-trainer-answer] input")
    box.fill(text)
    box.press("Enter")
    page.wait_for_function("(s) => document.querySelector('[data-uth-trainer]').dataset.state === s", arg=state,
                           timeout=30_000)


def test_trainer_streaks_modes_mistakes_time_and_shortcut(quiz_page):
    page = quiz_page
    trainer = open_trainer(page)
    # the Trips table only where it acts; the unit is the Ante
    assert trainer.locator("[data-trainer-table]").is_hidden()
    question, seed = trainer_state(page)
    assert question["ante"] == int(trainer.locator('select[name="unidad"]').input_value())
    trainer.locator('input[name="contrarreloj"]').check()  # does not deal a new hand
    assert trainer_state(page)[1] == seed
    # right, then a miss: the streak resets, the mistake is listed with the engine's answer
    answer_trainer(page, format_amount(solve(question).value), "correct")
    assert "Tiempo:" in trainer.locator("[data-trainer-feedback]").text_content()
    assert page.evaluate("document.activeElement.dataset.trainerDeal !== undefined")
    page.keyboard.press("n")  # the shortcut, outside the answer box
    wait_for_new_hand(page, seed)
    question, seed = trainer_state(page)
    expected = solve(question)
    answer_trainer(page, format_amount(expected.value + 1), "wrong")
    stats = trainer.locator("[data-trainer-stats]")
    assert stats.locator("[data-trainer-streak]").text_content() == "Racha: 0 seguidas (la mejor: 1)."
    assert stats.locator('li[data-mode="blind"]').text_content() == "Pago del Blind: 1 de 2"
    # through words.js's duration(): a quick answer is «420 ms», never «0 s» (issue 26)
    assert re.fullmatch(r"Contrarreloj: [1-9]\d*(,\d)? (ms|s) de media por mano acertada \(1\)\.",
                        stats.locator("[data-trainer-time]").text_content())
    mistakes = stats.locator(".trainer__mistakes")
    mistakes.locator("summary").click()
    assert f"era {expected.display}" in mistakes.locator("li").first.text_content()
    # review the mistake: the same hand again, and it does not count twice
    trainer.locator('input[name="modo"][value="trips"]').check()
    wait_for_new_hand(page, seed)
    assert trainer.locator("[data-trainer-table]").is_visible()
    mistakes.locator(".trainer__review").first.click()
    page.wait_for_function("() => document.querySelector('[data-uth-trainer]').dataset.state === 'review'")
    assert trainer_state(page)[0] == question
    answer_trainer(page, format_amount(expected.value), "correct")
    assert trainer.locator("[data-trainer-score]").text_content() == "Aciertos en esta visita: 1 de 2."


def test_narrow_screen_has_no_horizontal_scroll(quiz_page):
    """Every quiz page and the trainer at 360 px (dark scheme), on the page with the engine warm."""
    page = quiz_page
    viewport = page.viewport_size
    page.set_viewport_size({"width": 360, "height": 800})
    page.emulate_media(color_scheme="dark")
    try:
        for path in QUIZ_PAGES + ["ultimate/entrenador/"]:
            ready(page, path)
            if path.endswith("entrenador/"):
                wait_for_new_hand(page, None)
            else:
                submit(page.locator("#quiz-1"), "1")
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 360, (path, width)
    finally:
        page.set_viewport_size(viewport)
        page.emulate_media(color_scheme=None)


def test_keyboard_only(quiz_page):
    page = quiz_page
    ready(page, "holdem/ponte-a-prueba/")
    page.locator("#quiz-1 input").focus()
    page.keyboard.type("utg")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Comprobar"
    page.keyboard.press("Enter")
    feedback = page.locator("#quiz-1 .quiz__feedback")
    feedback.and_(page.locator(SETTLED)).wait_for(timeout=30_000)
    assert feedback.get_attribute("data-result") == "correct"
    assert feedback.get_attribute("aria-live") == "polite"
    assert re.search(r"UTG", feedback.text_content())


def test_quizzes_work_after_instant_navigation(quiz_page):
    page = quiz_page
    ready(page, "ultimate/entrenador/")
    wait_for_new_hand(page, None)
    # Material's instant navigation swaps the page without reloading the scripts
    page.evaluate("window.__sameDocument = true")
    page.locator('a[href$="ponte-a-prueba/"]').first.click()
    page.wait_for_selector("#quiz-1 form:not([hidden])", timeout=30_000)
    assert page.evaluate("window.__sameDocument === true")
    feedback = submit(page.locator("#quiz-1"), "37,5")
    assert feedback.get_attribute("data-result") == "correct"
