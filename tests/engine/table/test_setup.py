"""The table's set-up as data (engine/table/setup.py): seat problems by field, deals from a deck; and a
history's moves (engine/table/game.py): read, checked and played, each error at its decision."""

from __future__ import annotations

import random

import pytest

from engine.cards import DECK
from engine.errors import RequestError
from engine.table.game import check_moves, read_moves, redrawn
from engine.table.setup import Deal, SetupProblem, listed, seat_problems


def test_seat_problems_name_each_field_and_the_bounds_come_from_the_game():
    assert seat_problems([("Ana", 10)], players=(2, 8)) == [
        SetupProblem("seats", "deben sentarse de 2 a 8 jugadores (hay 1)")]
    assert seat_problems([("Ana", 10), ("Beto", 10), ("Carla", 10)], players=(2, 2))[0].field == "seats"
    found = seat_problems([(" ", 10), ("Ana", 0), ("Ana", 5)], players=(2, 8))
    assert [p.field for p in found] == ["seats[0].name", "seats[1].stack", "seats[2].name"]
    assert found[1].sentence == "Ana necesita al menos 1 ficha para jugar (tiene 0)."
    assert seat_problems([("Ana", 1), ("Beto", 1)], players=(2, 8)) == []
    assert listed(["a", "b"]) == "«a» o «b»"


def test_a_deal_from_a_deck_takes_each_players_cards_then_the_board():
    deal = Deal.from_deck(["Ana", "Beto", "Carla"], DECK, own=2, board=5)
    assert deal.cards == {"Ana": tuple(DECK[0:2]), "Beto": tuple(DECK[2:4]), "Carla": tuple(DECK[4:6])}
    assert deal.board == tuple(DECK[6:11]) and deal.exposed == ()


def test_a_history_of_moves_is_read_checked_and_played_with_its_errors_located():
    assert [(m.action, m.amount) for m in read_moves([["call"], ["raise", 40]], "h.d")] == [("call", None),
                                                                                          ("raise", 40)]
    for wrong in ([], ["bet", "40"], ["bet", True], "fold", ["bet", 1, 2]):
        with pytest.raises(RequestError) as caught:
            read_moves([["call"], wrong], "h.d")
        assert caught.value.field == "h.d[1]"

    class Over:
        is_over, to_act = True, None
    with pytest.raises(RequestError) as caught:
        check_moves(Over(), read_moves([["fold"]], "h.d"), "h.d")
    assert caught.value.field == "h.d[0]"
    seen = set(DECK[:10])
    fresh = list(redrawn(seen, random.Random(1)))
    assert sorted(fresh) == sorted(DECK[10:]) and fresh == list(redrawn(seen, random.Random(1)))
