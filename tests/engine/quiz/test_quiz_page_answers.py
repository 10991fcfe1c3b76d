"""Issue 23 (6): the site's own questions accept every right way of writing the answer: a hand named with
its kickers («Par de Doses con As, Rey y Reina»), a player named as the site writes its solutions
(«Carla (BB)»); a wrong kicker or a wrong seat is still wrong."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.quiz import check
from engine.quiz.format import blocks, question

DOCS = Path(__file__).resolve().parents[3] / "docs"


def page_question(page: str, prompt_words: str, **fields) -> dict:
    """The engine spec of the page's question whose prompt holds ``prompt_words`` (and ``fields``)."""
    found = [q.spec for q in map(question, blocks((DOCS / page).read_text(encoding="utf-8")))
             if prompt_words in q.prompt and all(q.spec.get(k) == v for k, v in fields.items())]
    assert len(found) == 1, (page, prompt_words, len(found))
    return found[0]


ANA_PAIR = ("mata-ases/quien-gana.md", "¿cuál es la mejor jugada que Ana puede enseñar?")


@pytest.mark.parametrize("answer, verdict", [
    ("Par de Doses", "correct"),
    ("Par de doses con As, Rey y Reina", "correct"),
    ("Par de doses con As", "correct"),
    ("par de doses con Reina, As y Rey", "correct"),   # the kickers in any order
    ("Par de doses con Rey", "incorrect"),             # the As is her best kicker
    ("Par de doses con As, Rey y Jota", "incorrect"),
    ("Par de doses con As, Rey, Reina y 7", "incorrect"),  # a pair has three kickers
    ("Par de Treses con As", "incorrect"),
])
def test_mata_ases_hand_answers_may_name_the_kickers(answer, verdict):
    assert check(page_question(*ANA_PAIR), answer)["verdict"] == verdict


@pytest.mark.parametrize("answer, verdict", [
    ("Pareja de Reinas con Rey", "correct"),
    ("Pareja de Reinas con Rey, 10 y 7", "correct"),
    ("Pareja de Reinas con As", "incorrect"),
    ("Escalera al 10", "incorrect"),
])
def test_holdem_hand_answers_may_name_the_kickers(answer, verdict):
    spec = dict(page_question("holdem/ponte-a-prueba.md", "¿qué jugada tiene Beto?"), of="Carla")
    assert check(spec, answer)["verdict"] == verdict


def test_a_straight_has_no_kickers_to_name():
    spec = page_question("holdem/ponte-a-prueba.md", "¿qué jugada tiene Beto?")
    assert check(spec, "Escalera al 10")["verdict"] == "correct"
    assert check(spec, "Escalera al 10 con Rey")["verdict"] != "correct"


def test_players_may_be_named_with_their_seat_as_the_site_writes_it():
    spec = page_question("holdem/ponte-a-prueba.md", "¿Quién habla primero en el flop?",
                         players=["Ana", "Beto", "Carla", "Dani"])
    expected = check(spec, None, reveal=True)["expected"]
    assert expected == "Carla (BB)"
    for answer in (expected, "carla (bb)", "Carla (ciega grande)", "Carla"):
        assert check(spec, answer)["verdict"] == "correct", answer
    for answer in ("Carla (SB)", "Dani (BB)"):  # a seat that is not hers names someone else
        assert check(spec, answer)["verdict"] == "incorrect", answer


def test_heads_up_seats_in_brackets():
    spec = {"kind": "holdem-position", "ask": "first-to-act", "players": ["Ana", "Beto"], "button": "Ana",
            "street": "preflop", "named": True}
    reply = check(spec, None, reveal=True)
    assert reply["expected"] == "Ana (D/SB)"
    assert check(spec, "ana (d/sb)")["verdict"] == "correct"
    assert check(spec, "Ana (SB/D)")["verdict"] == "correct"
    assert check(spec, "Ana (BB)")["verdict"] == "incorrect"


def test_mata_ases_hints_use_the_games_words():
    """Mata Ases names hands «Par» and «Full House»: its hints say so; Hold'em's say «Pareja» and «Full»."""
    mata = page_question(*ANA_PAIR)
    hint = check(mata, "par")["hint"]
    assert hint.startswith("¿Qué par?") and "«Par de " in hint and "areja" not in hint
    shown = check(mata, None, reveal=True)
    assert shown["expected"] == "Par de Doses"
    from engine.quiz.solvers import solve

    box = solve(mata).hint
    assert "«Par de Reyes»" in box and "«Full House de" in box and "areja" not in box
    unreadable = check(mata, "par de doses y perros")["message"]
    assert "«Par de Reyes»" in unreadable and "areja" not in unreadable
    holdem = dict(page_question("holdem/ponte-a-prueba.md", "¿qué jugada tiene Beto?"), of="Carla")
    assert check(holdem, "pareja")["hint"].startswith("¿Qué pareja?")
    assert "«Pareja de Reyes»" in solve(holdem).hint and "«Full de" in solve(holdem).hint
