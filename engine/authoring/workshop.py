"""The authors' workshop: ``author-check`` checks a practice hand or a page of questions sent as text,
exactly as ``python -m engine check`` checks that file (:func:`engine.authoring.files.check_text_steps`:
the same parser, the same exploration of every reader path, the same messages and ``archivo:línea``).

Request::

    author-check {"text": "<the file's text>", "kind"?: "scenario" | "question", "path"?: "scenarios/x.md"}

``path`` is how the messages name the file (default ``scenarios/mano-nueva.md`` for a practice hand,
``pregunta.md`` for questions); ``kind`` defaults to what ``engine check`` would decide for a file of
that name (a ``scenarios/`` folder, or a front matter with ``asientos``, ``reparto`` and ``guion``).

Reply::

    {"kind", "path", "ok", "summary",            # summary: engine check's last line, without the seconds
     "problems": [{"line", "message", "text"}],  # text: «archivo:línea: mensaje», as engine check prints it
     "refused"?: code,                            # too long or not text, not checked: REFUSALS
     "scenario"?: <the practice hand's JSON, for play-start>, "title"?, "modalities"?: [{"id", "name"}],
     "paths"?: [{"modality", "text", "reader": [decisions]}], "paths_total"?: n,
     "walks"?: [{"modality", "name", "reader", "line", "sections": [{"title", "events"}], "result", "end"}],
     "walk_labels"?: {"line", "rule", "result"},   # the walkthrough's own words
     "questions"?: [{"line", "prompt", "hint", "facts", "question": <quiz-check spec>}]}

``scenario``, ``paths`` and ``questions`` come only with a sound text: the hand to play from the
reader's seat (``play-start`` in practice mode), the reader's complete paths (each playable with
``play-start``'s ``reader``; ``modality`` None for a game without modalities; at most
:data:`MAX_LISTED_PATHS` per modality, ``paths_total`` counts them all), the walkthrough of each
modality as «Manos comentadas» publishes it (:mod:`engine.authoring.walkthrough`: its sections with
their events, the result sentence, and ``end``: the hand's end with the words to draw it) and the
questions to answer with ``quiz-check``. The handler works in steps (the protocol's progress channel:
one step per reader decision explored), so the browser's worker can abandon a check that a newer
keystroke superseded.

A text longer than :data:`MAX_TEXT_CHARS`, or with characters no text file holds (a binary file
pasted), is refused unchecked (``refused``: its code, :data:`REFUSALS`) as a problem at its line, in
Spanish, never a traceback -- a megabyte pasted too: the command reads request lines of up to
:data:`MAX_REQUEST_CHARS` (the protocol refuses longer ones, ``"too-large"``).

>>> from engine.protocol import answer
>>> reply = answer("author-check", {"text": "# Sin preguntas", "kind": "question"})
>>> reply["ok"], reply["problems"][0]["text"][:40]
(False, 'pregunta.md:1: No hay nada que comprobar')
>>> answer("author-check", {"text": "a\\x00b"})["problems"][0]["line"]
1
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath
from typing import Generator

from ..errors import RequestError, shown
from ..games import find_game
from ..keyvalue import Problem, clean
from ..protocol import command
from ..quiz.format import INFO, blocks, question, verify
from ..requests import optional, require
from ..scenarios.json import to_json
from ..spanish import amount
from .check import Report
from .files import check_text_steps, looks_like_scenario
from .paths import ReaderPath
from .walkthrough import WALK_LABELS, describe_line, result_sentence, sections, walk

__all__ = ["DEFAULT_PATHS", "KINDS", "MAX_LISTED_PATHS", "MAX_REQUEST_CHARS", "MAX_TEXT_CHARS", "REFUSALS",
           "author_check_steps", "limits", "refusal"]

#: The longest text checked (characters): the site's longest practice hand is under 10.000.
MAX_TEXT_CHARS = 100_000
#: The longest ``author-check`` request line read (characters), far over the protocol's limit: a
#: megabyte pasted, even of a binary file (JSON writes a control character in six), still reaches
#: :func:`refusal` and is refused in its words, at its line.
MAX_REQUEST_CHARS = 16_000_000
#: The reader's complete paths listed per modality (the check explores them all).
MAX_LISTED_PATHS = 200
KINDS = ("scenario", "question")
#: How the messages name a text sent without ``path``.
DEFAULT_PATHS = {"scenario": "scenarios/mano-nueva.md", "question": "pregunta.md"}

#: Characters no author's text holds: C0 controls other than tab and line ends, DEL, and U+FFFD,
#: what a browser puts in place of bytes that are not UTF-8.
_NOT_TEXT = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f\ufffd]")
_PATH = re.compile(r"^[\w][\w.\-]*(/[\w][\w.\-]*)*\.md$")


#: Why a text is refused unchecked, by the code its reply gives (``refused``).
REFUSALS = ("too-long", "control-character", "not-utf8")


def limits() -> dict:
    """What the workshop page bounds before the engine sees a text (the build writes it into the
    workshop's sources): the longest text checked and its sentences for a file or a paste over it, so
    that neither is read, pasted into the editor or posted to the worker."""
    most = amount(MAX_TEXT_CHARS)
    return {"max_chars": MAX_TEXT_CHARS,
            "file_too_long": f"el archivo es demasiado largo: una mano de práctica o una página de preguntas cabe "
                             f"en {most} caracteres.",
            "paste_too_long": f"No se pegó el texto: es demasiado largo (el taller comprueba textos de hasta {most} "
                              f"caracteres)."}


def refusal(text: str, path: str) -> tuple[str, Problem] | None:
    """Why ``text`` is not checked at all (too long, or not text): its code (one of :data:`REFUSALS`) and
    a problem at its line; None when it can be checked.

    >>> code, problem = refusal("---\\ntítulo: x\\n\\x01", "a.md")
    >>> code
    'control-character'
    >>> print(problem)
    a.md:3: Esta línea tiene un carácter de control (U+0001): no parece texto, sino un archivo binario. Pega o abre el texto de la mano o de la página (un archivo .md guardado como UTF-8).
    >>> refusal("x" * (MAX_TEXT_CHARS + 1), "a.md")[0], refusal("título: x", "a.md") is None
    ('too-long', True)
    """
    if len(text) > MAX_TEXT_CHARS:
        return "too-long", Problem(path, 1, f"El texto es demasiado largo para comprobarlo: {amount(len(text))} "
                                            f"caracteres; una mano de práctica o una página de preguntas cabe en "
                                            f"{amount(MAX_TEXT_CHARS)}.")
    found = _NOT_TEXT.search(text)
    if found is None:
        return None
    line = text.count("\n", 0, found.start()) + 1
    if found.group() == "\ufffd":
        return "not-utf8", Problem(path, line, "Esta línea tiene un carácter «\ufffd»: el archivo no estaba guardado "
                                               "como UTF-8 (suele ser una letra con tilde o una «ñ» de un archivo en "
                                               "Latin-1/Windows-1252). Guárdalo como UTF-8 y vuelve a abrirlo.")
    return "control-character", Problem(path, line, f"Esta línea tiene un carácter de control "
                                                    f"(U+{ord(found.group()):04X}): no parece texto, sino un archivo "
                                                    "binario. Pega o abre el texto de la mano o de la página (un "
                                                    "archivo .md guardado como UTF-8).")


def _request(request: dict) -> tuple[str, str, str]:
    """The text, its kind and its path, validated."""
    text = require(request, "text", "text", str)
    kind = optional(request, "kind", "kind", str, None)
    if kind is not None and kind not in KINDS:
        raise RequestError("kind", f"debe ser «scenario» (mano de práctica) o «question» (preguntas); recibido: "
                                   f"{shown(kind)}")
    path = optional(request, "path", "path", str, None)
    if path is not None and (len(path) > 200 or not _PATH.match(path) or ".." in PurePosixPath(path).parts):
        raise RequestError("path", f"debe ser el nombre de un archivo .md, como «scenarios/mi-mano.md» (recibido: "
                                   f"{shown(path)})")
    if len(text) <= 2 * MAX_TEXT_CHARS + 1:  # longer, it is too long even cleaned (CRLF to LF at most halves it)
        text = clean(text)
    if kind is None:
        if path is not None:
            kind = "scenario" if PurePosixPath(path).parent.name == "scenarios" or looks_like_scenario(text) \
                else "question"
        else:
            kind = "scenario" if looks_like_scenario(text) else "question"
    return text, kind, path or DEFAULT_PATHS[kind]


def author_check_steps(text: str, kind: str, path: str) -> Generator[tuple[int, int], None, dict]:
    """The ``author-check`` reply for an already validated request (see the module docstring), in steps."""
    report = Report()
    complete: list[ReaderPath] = []  # the reader's complete paths, in the order the check explores them

    def visit(state, path: ReaderPath) -> None:
        if state.is_over:
            complete.append(path)

    refused = refusal(text, path)
    scenario = None
    if refused is not None:
        report.problems.append(refused[1])
    else:
        scenario = yield from check_text_steps(text, path, report, scenario=kind == "scenario", visit=visit)
    reply: dict = {"kind": kind, "path": path, "ok": report.ok, "summary": report.summary(timed=False),
                   "problems": [{"line": p.line, "message": p.message, "text": str(p)} for p in report.problems]}
    if refused is not None:
        reply["refused"] = refused[0]  # not checked at all: a page need not keep such a text
    if not report.ok:
        return reply
    if scenario is not None:
        author = find_game(scenario.game).author()
        reply.update(scenario=to_json(scenario), title=scenario.title,
                     modalities=[{"id": m, "name": author.variant_name(m)} for m in scenario.modalities])
        listed: dict[str | None, int] = {}
        reply["paths"] = []
        for item in complete:
            listed[item.variant] = listed.get(item.variant, 0) + 1
            if listed[item.variant] <= MAX_LISTED_PATHS:
                reply["paths"].append({"modality": item.variant, "text": item.text, "reader": list(item.reader)})
        reply["paths_total"] = len(complete)
        reply["walks"] = []
        for variant in scenario.variants:  # a game without modalities (Hold'em) has one walk, ``modality`` None
            yield report.paths, 0  # each walk plays the whole default line: a place to pause
            reply["walks"].append(_walk(scenario, variant, author.variant_name(variant) or scenario.title))
        reply["walk_labels"] = WALK_LABELS
    reply["questions"] = _questions(text)
    return reply


def _walk(scenario, variant, name: str) -> dict:
    """The default line of a variant as the «Manos comentadas» page publishes it: the reader's decisions
    (for ``play-start``), the sentence that describes them, each section's title and events, the result
    sentence, and ``end``: the hand's end as the page draws it (the table session's ``result`` with its
    ``labels``, ``cards`` and ``amounts``)."""
    walked = walk(scenario, variant)
    return {"modality": variant, "name": name, "reader": walked.reader, "line": describe_line(scenario, variant),
            "sections": [{"title": title, "events": items} for title, _, items in sections(walked.events)],
            "result": result_sentence((walked.result or {}).get("pots") or [], walked.stacks),
            "end": {"labels": walked.labels, "cards": walked.cards, "amounts": walked.amounts,
                    "result": walked.result}}


def _questions(text: str) -> list[dict]:
    """The question blocks of a sound text, ready to answer with ``quiz-check`` (a game's other blocks, such
    as the croupier trainer's settings, left out)."""
    found = []
    for block in blocks(text):
        if block.info != INFO:
            continue
        q = question(block)
        solution = verify(q)
        found.append({"line": q.line, "prompt": q.prompt, "hint": solution.hint, "facts": list(solution.facts),
                      "question": q.spec})
    return found


@command("author-check", "Taller de autores: comprueba una mano de práctica o una página de preguntas enviada "
                         "como texto, igual que «python -m engine check» comprueba ese archivo.",
         max_chars=MAX_REQUEST_CHARS)
def _author_check(request: dict) -> Generator[tuple[int, int], None, dict]:
    text, kind, path = _request(request)
    return author_check_steps(text, kind, path)
