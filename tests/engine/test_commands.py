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
    ({"cards": ["As", "Ks", "Qs", "Js", "Ts"], "vocabulary": "fr"}, "Campo «vocabulary»"),
])
def test_hand_evaluate_rejects_malformed_requests(request_, fragment):
    assert fragment in protocol.answer("hand-evaluate", request_)["error"]


@pytest.mark.parametrize("cards, error, field", [
    (["As", "Ks", "Qs", "Js"], "Escribe entre 5 y 7 cartas: hay 4.", "cards"),
    (["As", "Ks", "Qs", "Js", "Ts", "9s", "8s", "7s"], "Escribe entre 5 y 7 cartas: hay 8.", "cards"),
    (["A♠", "Xx", "Q♠", "J♠", "10♠"], "La segunda carta («Xx») no es una carta. Escribe el valor (2-9, T o 10, J, "
     "Q, K, A) y el palo (s ♠ picas, h ♥ corazones, d ♦ diamantes, c ♣ tréboles), por ejemplo «As» o «10d».",
     "cards[1]"),
    (["As", "Ks", "Qs", "Js", "A♠"], "La quinta carta («A♠») repite la primera: el As de picas solo está una vez "
     "en la baraja.", "cards[4]"),
    (["As", "Ks", "Qs", "Js", "<b>"], "La quinta carta («<b>») no es una carta.", "cards[4]"),
    ([1, "Ks", "Qs", "Js", "Ts"], "La primera carta («1») no es una carta.", "cards[0]"),
])
def test_hand_evaluate_tells_a_readers_mistake_in_the_readers_words(cards, error, field):
    reply = protocol.answer("hand-evaluate", {"cards": cards})
    assert reply["error"].startswith(error) and reply["field"] == field
    assert "Campo" not in reply["error"] and "cards[" not in reply["error"]


def test_hand_evaluate_answers_in_the_readers_notation():
    symbols = protocol.answer("hand-evaluate", {"cards": ["10♦", "10♣", "7♥", "7♠", "2♦", "3♣"]})
    assert symbols["typed"] == ["10♦", "10♣", "7♠", "7♥", "3♣"] and symbols["cards"] == ["Td", "Tc", "7s", "7h", "3c"]
    codes = protocol.answer("hand-evaluate", {"cards": ["Td", "tc", "7h", "7s", "2d"]})
    assert codes["typed"] == ["Td", "tc", "7s", "7h", "2d"]
