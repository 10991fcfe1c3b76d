"""Issue 50, item 2: a wrong showdown answer between two hands of the same category is blamed on what
decided it, in every category: the kicker skill (and the card that decides) when the combination ties and
a later card decides (a flush's third card among them), the best-five skill otherwise, and never a reason
that names the same hand on both sides. The winner of each case is treys's (an independent evaluator)."""

from __future__ import annotations

import pytest

from engine import protocol

treys = pytest.importorskip("treys", reason="treys (dev-only) not installed")

#: (category, board, Ana's cards (the winner), Beto's cards, skill blamed for «Beto», words of the reason).
CASES = [
    ("high card, second card", "Ah Jd 8c 5s 2h", "Kc 3d", "Qc 3h", "kicker", "la segunda carta: su Reina contra Rey"),
    ("high card, top card", "9h 7d 5c 3s 2h", "Kc Jd", "Qc Jh", "best-five", "carta alta (Reina), menos que carta alta (Rey)"),
    ("pair, kicker", "Kh 9d 7c 4s 2h", "Ks Qd", "Kd Jc", "kicker", "el kicker: su Jota contra Reina"),
    ("pair, its rank", "Kh 9d 7c 4s 2h", "9s 3c", "7s 3d", "best-five", "pareja de Sietes, menos que pareja de Nueves"),
    ("two pair, kicker", "Kh Kd 7c 7s 2h", "Ac 3d", "Qc 3h", "kicker", "el kicker: su Reina contra As"),
    ("two pair, second pair", "Kh Kd 8c 4s 2h", "8d 3c", "4d 3h", "best-five", "de Reyes y Cuatros, menos que doble pareja de Reyes y Ochos"),
    ("trips, kicker", "7h 7d 7c Ks 2h", "Ac 3d", "Qc 3h", "kicker", "el kicker: su Rey contra As"),
    ("straight, top card", "9h 8d 7c 2s 2h", "Jc Td", "Tc 6h", "best-five", "escalera al 10, menos que escalera a la Jota"),
    ("flush, third card", "Ah Kh 9h 7h 3h", "Qh 3c", "4d 5c", "kicker", "la tercera carta del color: su 9 contra Reina"),
    ("flush, top card", "Kh 9h 7h 3h 2c", "Ah 4d", "Qh 4c", "best-five", "color al Rey, menos que color al As"),
    ("full house, the pair", "Kh Kd Kc 7s 2h", "7d 3c", "2d 3h", "best-five", "full de Reyes y Doses, menos que full de Reyes y Sietes"),
    ("quads, kicker", "9h 9d 9c 9s 2h", "Ac 3d", "Kc 3h", "kicker", "el kicker: su Rey contra As"),
    ("straight flush, top card", "9h 8h 7h 6h 2c", "Th 3d", "5h 3c", "best-five", "escalera de color al 9, menos que escalera de color al 10"),
]


EVALUATOR = treys.Evaluator()


def treys_rank(hole: str, board: str) -> int:
    return EVALUATOR.evaluate([treys.Card.new(c) for c in board.split()], [treys.Card.new(c) for c in hole.split()])


@pytest.mark.parametrize("category, board, ana, beto, skill, words", CASES, ids=[c[0] for c in CASES])
def test_a_same_category_loss_is_blamed_on_what_decided_it(category, board, ana, beto, skill, words):
    assert treys_rank(ana, board) < treys_rank(beto, board), "treys: Ana's hand wins"
    question = {"kind": "holdem-showdown", "ask": "winners", "board": board.split(),
                "players": {"Ana": ana.split(), "Beto": beto.split()}}
    for answer in ("Beto", "Ana y Beto"):
        reply = protocol.answer("quiz-check", {"question": question, "answer": answer})
        assert not reply["correct"]
        blamed = [s for s in reply["progress"]["skills"] if not s["ok"]]
        assert [s["id"] for s in blamed] == [f"holdem.showdown.{skill}"], (answer, blamed)
        why = blamed[0]["why"]
        assert words in why, why
        if "menos que" in why:  # two different hands are compared, never one with itself
            mine, theirs = why.split(" tiene ", 1)[1].removesuffix(".").split(", menos que ")
            assert mine != theirs


def test_mata_ases_says_what_decides_between_two_equal_plays():
    question = {"kind": "mata-ases", "ask": "winners", "ayudas": ["2d", "3h", "4c"],
                "players": {"Ana": ["As", "Ah", "Kc", "9d", "7s"], "Beto": ["Ad", "Ac", "Qh", "9s", "7h"]}}
    reply = protocol.answer("quiz-check", {"question": question, "answer": "Beto"})
    why = [s["why"] for s in reply["progress"]["skills"] if not s["ok"]]
    assert why == ["Beto mata los Ases con par de Ases, como Ana, pero pierde por el kicker: su Reina contra Rey."]
