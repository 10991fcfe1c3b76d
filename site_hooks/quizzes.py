"""MkDocs hook: quiz questions written as ```` ```pregunta ```` blocks, rendered as HTML.

The engine does the work: :mod:`engine.quiz.format` finds the blocks, reads each into a question
(with the line of every field) and checks the author's ``respuesta`` against the engine's answer;
the same check runs without MkDocs in ``python -m engine check``. This hook only turns each block
into HTML (through :mod:`site_hooks.html`, so everything an author writes is escaped) and stops the
build with ``file:line: message`` when the engine reports a problem. The block syntax is documented
for authors in ``docs/desarrollo/preguntas.md``.

Each question teaches without JavaScript (the cards with their Spanish names, the bets, the
question and a ``<details>`` with the worked solution); with JavaScript,
``docs/javascripts/ui/quiz.js`` shows an answer box checked by the engine in the browser. An
```` ```entrenador-ultimate ```` block becomes the croupier trainer's settings form.

The hook is scoped: pages without such a block are returned untouched. Blocks inside other fenced
blocks are left alone, so the authors' page can show the syntax.
"""

from __future__ import annotations

import json

from engine.games.ultimate import trainer
from engine.quiz.format import INFO, Block, Question, QuestionError, blocks, question, verify
from site_hooks import markers
from site_hooks.html import Markup, join, tag

PAGES = markers.Stash("una pregunta", "QUIZSLOT")
TRAINER_INFO = trainer.INFO


# ---------------------------------------------------------------------------------------------
# HTML.

def _status(with_status: bool) -> Markup:
    return tag("p", "", class_="engine-status", data_engine_status=True) if with_status else Markup("")


def cards_html(cards: list[dict]) -> Markup:
    return join((tag("span", card["text"], class_="quiz-card quiz-card--red" if card["red"] else "quiz-card",
                     role="img", aria_label=card["name"]) for card in cards), " ")


def facts_html(facts: tuple[dict, ...]) -> Markup:
    rows = []
    for fact in facts:
        value = tag("span", cards_html(fact["cards"]), class_="quiz-cards") if "cards" in fact else fact["text"]
        rows.append(tag("div", join([tag("dt", fact["label"]), tag("dd", value)])))
    return tag("dl", join(rows), class_="quiz__facts")


def _answer_form(qid: str, hint: object, *, class_: str = "quiz__form", **extra: object) -> Markup:
    """The answer box (hidden until the page's script shows it)."""
    field_id = f"{qid}-respuesta"
    row = join([
        tag("input", id=field_id, name_="respuesta", type="text", autocomplete="off", spellcheck="false",
            maxlength="200", aria_describedby=f"{qid}-ayuda"),
        tag("button", "Comprobar", type="submit", class_="md-button md-button--primary"),
    ])
    hint_attrs = {"data_trainer_hint": True} if extra else {}
    return tag("form", join([
        tag("label", "Tu respuesta", for_=field_id),
        tag("div", row, class_="quiz__row"),
        tag("p", hint, class_="quiz__hint", id=f"{qid}-ayuda", **hint_attrs),
    ]), class_=class_, **extra, hidden=True, novalidate=True)


def render(q: Question, solution, qid: str, *, with_status: bool) -> Markup:
    """The HTML of one question (all text escaped)."""
    spec_json = json.dumps(q.spec, ensure_ascii=False, separators=(",", ":"))
    answer = tag("p", join([tag("strong", "Respuesta:"), " ", tag("span", solution.display, data_quiz_answer=True)]),
                 class_="quiz__answer")
    details = tag("details", join([
        tag("summary", "Ver la solución"), answer,
        tag("ol", join(tag("li", step) for step in solution.steps), class_="quiz__steps"),
        tag("p", q.note, class_="quiz__note") if q.note else "",
    ]), class_="quiz__solution")
    return tag("div", join([
        tag("p", q.prompt, class_="quiz__prompt"),
        facts_html(solution.facts),
        _answer_form(qid, solution.hint),
        tag("div", "", class_="quiz__feedback", data_quiz_feedback=True, aria_live="polite"),
        details,
        _status(with_status),
    ]), class_="quiz", id=qid, data_quiz=True, data_engine=True, data_quiz_spec=spec_json)


def render_trainer(block: Block, *, with_status: bool) -> Markup:
    """The croupier's trainer: settings (modes, Trips tables and units, with their words, come from the
    engine), the hand, the answer box and the score."""
    form = trainer.form(trainer.settings(block))
    modes = join(
        tag("label", join([tag("input", type="radio", name_="modo", value=key, checked=chosen), " ", label]),
            class_="trainer__mode")
        for key, label, chosen in form["modes"])
    tables = join(tag("option", label, value=name, selected=chosen) for name, label, chosen in form["tables"])
    units = join(tag("option", unit, value=unit, selected=chosen) for unit, chosen in form["units"])
    settings_form = tag("form", join([
        tag("fieldset", join([tag("legend", "Qué practicas"), modes])),
        tag("div", join([tag("label", join(["Tabla de Trips ", tag("select", tables, name_="tabla")]),
                             data_trainer_table=True),
                         tag("label", join(["Unidad (Ante y Blind) ", tag("select", units, name_="unidad")]))]),
            class_="trainer__selects"),
        tag("button", "Nueva mano", type="button", class_="md-button", data_trainer_deal=True,
            aria_keyshortcuts="N", title="Nueva mano (tecla N)"),
    ]), class_="trainer__settings", hidden=True)
    hand = tag("div", join([tag("p", "", class_="trainer__prompt", data_trainer_prompt=True),
                            tag("dl", "", class_="quiz__facts", data_trainer_facts=True)]),
               class_="trainer__hand", data_trainer_hand=True, hidden=True)
    return tag("div", join([
        tag("p", "El entrenador reparte manos al azar con el motor de reglas, que funciona en tu navegador: "
                 "necesita JavaScript. Las preguntas resueltas de «Ponte a prueba» se leen sin él.",
            class_="trainer__nojs", data_no_js=True),
        settings_form,
        hand,
        _answer_form("entrenador", "", class_="quiz__form trainer__answer", data_trainer_answer=True),
        tag("div", "", class_="quiz__feedback", data_trainer_feedback=True, aria_live="polite"),
        tag("p", "", class_="trainer__score", data_trainer_score=True, aria_live="polite", hidden=True),
        _status(with_status),
    ]), class_="trainer", id="entrenador", data_engine=True, data_uth_trainer=True)


# ---------------------------------------------------------------------------------------------
# The page.

def process(markdown: str, page_blocks: markers.PageBlocks | None = None) -> tuple[str, dict[str, str]]:
    """Replace every question or trainer block by a placeholder paragraph; return the HTML for each.

    Line numbers in errors are those of ``markdown``.

    :raises QuestionError: for the first bad block (the engine's message, with its line).
    """
    found = blocks(markdown)
    if not found:
        return markdown, {}
    page_blocks = page_blocks or markers.PageBlocks(PAGES.token)
    lines: list[str | None] = list(markdown.split("\n"))
    for n, block in enumerate(found, start=1):
        first = n == 1
        if block.info == TRAINER_INFO:
            html = render_trainer(block, with_status=first)
        else:
            q = question(block)
            html = render(q, verify(q), f"quiz-{n}", with_status=first)
        lines[block.line - 1] = "\n" + block.indent + page_blocks.put(html) + "\n"
        for i in range(block.line, block.end):
            lines[i] = None
    return "\n".join(line for line in lines if line is not None), dict(page_blocks.items)


def on_page_read_source(page, config):
    """Before MkDocs reads a page: one that is not UTF-8 stops the build with ``file:line``."""
    markers.verify_source(page, config)
    return None  # MkDocs reads it


def on_page_markdown(markdown, page, config, files):
    src = markers.source_label(page, config)
    if INFO not in markdown and TRAINER_INFO not in markdown:
        PAGES.hold(src, {})
        return markdown
    try:
        new, _ = process(markdown, PAGES.page(src))
    except QuestionError as exc:
        raise markers.MarkerError(exc.message, src=src, line=exc.line + markers.first_line(page, markdown) - 1) from None
    return new


def on_page_content(html_text, page, config, files):
    return PAGES.release(markers.source_label(page, config), html_text)
