"""Fuzzing both author formats: mutated practice hands and question blocks never crash the check,
and every problem names a line of the file.

The seeds are real files of the site (a practice hand, a page of questions). Small budget by
default; ``make fuzz`` raises it with ``FUZZ_EXAMPLES``.
"""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.quiz.format import check_markdown
from engine.authoring.check import check_scenario
from engine.scenarios.format import parse

ROOT = Path(__file__).resolve().parents[1]
HAND = (ROOT / "scenarios" / "02-todos-pasan.md").read_text(encoding="utf-8")
QUESTIONS = (ROOT / "docs" / "mata-ases" / "quien-gana.md").read_text(encoding="utf-8")
#: Hold'em questions, «habla-primero» with its required «boton» among them (issue 26).
HOLDEM_QUESTIONS = (ROOT / "docs" / "holdem" / "ponte-a-prueba.md").read_text(encoding="utf-8")

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "0"))
FUZZ = settings(max_examples=EXAMPLES or 30, deadline=None, derandomize=not EXAMPLES,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

PIECES = st.sampled_from(["\t", "\u00a0", "\r", "\r\n", "\ufeff", ":", "#", "---", "  ", "1" * 5000, "99999999999999",
                          "-5", ",", "«", "»", "Tú", "Ana", "As", "10♥", "pasa", "paga", "reparto 9:", "resultado:",
                          "```", "\x00", "\u2028", "ñ", "\ud800"])


@st.composite
def mutated_text(draw, text: str):
    lines = text.split("\n")
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(lines) - 1))
        kind = draw(st.sampled_from(["insert", "insert", "delete", "duplicate", "swap", "cut"]))
        if kind == "insert":
            line = lines[i]
            at = draw(st.integers(0, len(line)))
            piece = draw(st.one_of(PIECES, st.text(max_size=10)))
            lines[i] = line[:at] + piece + line[at:]
        elif kind == "delete":
            del lines[i]
        elif kind == "duplicate":
            lines.insert(i, lines[i])
        elif kind == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        else:
            lines[i] = lines[i][: draw(st.integers(0, len(lines[i])))]
        if not lines:
            lines = [""]
    return "\n".join(lines)


def _lines_ok(problems, text: str) -> None:
    count = len(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"))
    for problem in problems:
        assert 1 <= problem.line <= count + 1, problem
        assert problem.message and "Traceback" not in problem.message, problem


@FUZZ
@given(mutated_text(HAND))
def test_mutated_practice_hands_never_crash(text):
    scenario, problems = parse(text, "mano.md", "mano")
    _lines_ok(problems, text)
    if scenario is not None and not problems:
        _lines_ok(check_scenario(scenario, explore=False), text)


@FUZZ
@given(st.one_of(mutated_text(QUESTIONS), mutated_text(HOLDEM_QUESTIONS)))
def test_mutated_question_pages_never_crash(text):
    _, problems = check_markdown(text, "preguntas.md")
    _lines_ok(problems, text)
    # a «habla-primero» block that lost its «boton» line is refused, never answered from a guess
    for block in text.split("```pregunta")[1:]:
        body = block.split("```", 1)[0]
        if "tipo: habla-primero" in body and "boton" not in body and "botón" not in body:
            assert any("boton" in p.message for p in problems), body


@FUZZ
@given(st.binary(min_size=1, max_size=3), st.integers(0, 10**6), st.sampled_from([HAND, QUESTIONS]))
def test_a_file_that_is_not_utf8_is_told_at_its_line_by_check_and_by_the_build(tmp_path_factory, junk, at, seed):
    """Aimed at issue 26: bytes that are not UTF-8 anywhere in an author's page: ``engine check`` and the
    build's hook (site_hooks/markers.verify_source, before MkDocs reads the page) say the same
    file:line, the line of the first bad byte, in Spanish."""
    from types import SimpleNamespace

    from engine.authoring.files import check
    from site_hooks.markers import MarkerError, verify_source

    data = seed.encode("utf-8")
    at = at % (len(data) + 1)
    raw = data[:at] + junk + data[at:]
    try:
        raw.decode("utf-8")
        return  # the junk happened to be valid UTF-8
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
    root = tmp_path_factory.mktemp("fuzz")
    (root / "docs").mkdir()
    path = root / "docs" / "pagina.md"
    path.write_bytes(raw)
    (problem,) = check([path], root=root).problems
    assert (problem.path, problem.line) == ("docs/pagina.md", line)
    assert "UTF-8" in problem.message
    page = SimpleNamespace(file=SimpleNamespace(abs_src_path=str(path), src_uri="pagina.md"))
    try:
        verify_source(page, {"config_file_path": str(root / "mkdocs.yml")})
    except MarkerError as error:
        assert str(error) == str(problem)
    else:
        raise AssertionError("the build would have read the page")
