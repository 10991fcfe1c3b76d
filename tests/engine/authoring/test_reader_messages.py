"""The workshop's messages about the reader's seat speak to «tú» with its own verb («ya la tienes tú»,
«Tus cartas», «terminas»), never «ya la tiene Tú» or «El guion de Tú»."""

from __future__ import annotations

import re

import pytest

from engine.authoring.check import check_scenario
from engine.scenarios.format import parse

from tests.scenarios.test_holdem_scenarios import GOOD

#: The reader's seat named as a third person: «Tú» as the object of «de», or beside a third-person verb.
THIRD = re.compile(r"\b(?:de|tiene|hace) Tú\b|\bTú (?:tiene|juega|termina|enseña|no puede|pone)\b")


def _messages(text: str) -> list[str]:
    scenario, problems = parse(text, "scenarios/x.md")
    if scenario is not None:
        problems = problems + check_scenario(scenario, explore=False)
    return [p.message for p in problems]


@pytest.mark.parametrize("old, new", [
    ("  Beto: Ac Js", "  Beto: Kh Js"),                       # a card the reader already has
    ("mesa: Ks 8d 4c 2h 7s", "mesa: Kh 8d 4c 2h 7s"),         # a board card the reader already has
    ("  Tú:   Kh Kd", "  Tú:   Kh Kd Qs"),                    # three cards for the reader
    ("  Tú:   Kh Kd\n", "  Tú:   Kh Kd\n  Tú:   Qs Qd\n"),     # the reader's cards twice
    ("  Tú: paga, pasa", "  Tú: paga, baila"),                # a word the script does not know
    ("  Tú: paga, pasa", "  Tú:"),                            # an empty default line
    ("fichas: Ana 990, Tú 1030, Beto 980", "fichas: Ana 990, Tú 1000, Beto 980"),  # the reader's stack wrong
    ("fichas: Ana 990, Tú 1030, Beto 980", "fichas: Ana 990, Beto 980"),           # the reader's stack missing
])
def test_messages_about_the_reader_say_tu(old, new):
    assert old in GOOD
    messages = _messages(GOOD.replace(old, new))
    assert messages and not [m for m in messages if THIRD.search(m)], messages
