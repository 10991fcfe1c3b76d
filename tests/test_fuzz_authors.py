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
from engine.scenarios.check import check_scenario
from engine.scenarios.format import parse

ROOT = Path(__file__).resolve().parents[1]
HAND = (ROOT / "scenarios" / "02-todos-pasan.md").read_text(encoding="utf-8")
QUESTIONS = (ROOT / "docs" / "mata-ases" / "quien-gana.md").read_text(encoding="utf-8")

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
@given(mutated_text(QUESTIONS))
def test_mutated_question_pages_never_crash(text):
    _, problems = check_markdown(text, "preguntas.md")
    _lines_ok(problems, text)
