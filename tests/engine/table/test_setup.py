"""The table's set-up as data (engine/table/setup.py): seat problems by field, deals from a deck."""

from __future__ import annotations

from engine.cards import DECK
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
