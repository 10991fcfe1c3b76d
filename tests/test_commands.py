"""General commands: hand-evaluate (the home page widget)."""

import pytest

from engine import protocol


@pytest.mark.parametrize("cards, vocabulary, name, best", [
    ("As Ks Qs Js Ts 2d 3c", "es", "Escalera real", "As Ks Qs Js Ts"),
    ("Td Tc 7h 7s 2d", "es", "Doble pareja de Dieces y Sietes", "Td Tc 7s 7h 2d"),
    ("Ah Ad Kc Ks 3d", "mx", "Doble par de Ases y Reyes", None),
    ("Qh Qd 9c 5s 3d 2h", "mx", "Par de Reinas", None),
])
def test_hand_evaluate_names_the_best_five(cards, vocabulary, name, best):
    reply = protocol.answer("hand-evaluate", {"cards": cards.split(), "vocabulary": vocabulary})
    assert reply["name"] == name
    assert len(reply["cards"]) == 5
    if best:
        assert sorted(reply["cards"]) == sorted(best.split())
    assert [face["code"] for face in reply["faces"]] == reply["cards"]


def test_hand_evaluate_gives_the_faces_to_draw():
    reply = protocol.answer("hand-evaluate", {"cards": "Td Tc 7h 7s 2d".split()})
    assert reply["faces"][0] == {"code": "Td", "rank": "10", "suit": "♦", "color": "red",
                                 "name": "10 de diamantes", "name_with_article": "el 10 de diamantes"}


@pytest.mark.parametrize("request_, fragment", [
    ({}, "Campo «cards»: falta este campo"),
    ({"cards": "As Ks"}, "Campo «cards»: debe ser una lista"),
    ({"cards": ["As", "Ks", "Qs", "Js"]}, "entre 5 y 7 cartas (hay 4)"),
    ({"cards": ["As", "Ks", "Qs", "Js", "As"]}, "la carta As está repetida"),
    ({"cards": ["As", "Ks", "Qs", "Js", "<b>"]}, "Carta no válida: «<b>»"),
    ({"cards": ["As", "Ks", "Qs", "Js", "Ts"], "vocabulary": "fr"}, "Campo «vocabulary»"),
])
def test_hand_evaluate_rejects_bad_requests(request_, fragment):
    assert fragment in protocol.answer("hand-evaluate", request_)["error"]
