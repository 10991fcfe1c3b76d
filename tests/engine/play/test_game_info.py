"""``game-info`` for every game played at a table: what the one free table page
(docs/javascripts/ui/table/free.js) builds itself from."""

from __future__ import annotations

import pytest

from engine.protocol import answer
from engine.table.words import FREE_TABLE, YOU


@pytest.mark.parametrize("game", ["mata-ases", "holdem"])
def test_every_table_game_describes_its_free_table(game):
    info = answer("game-info", {"game": game})
    assert "error" not in info, info
    assert info["game"] == game and info["reader"] == YOU
    assert set(info["words"]) == set(FREE_TABLE)  # every word the page needs, the game's own among them
    for field in info["setup"]:
        assert field["options"] and field["label"]
        assert any(option["value"] == field["default"] for option in field["options"]), field["key"]
        if "below" in field:
            assert field["below"] in {f["key"] for f in info["setup"]}


def test_each_game_words_what_is_its_own():
    holdem, mata = (answer("game-info", {"game": g}) for g in ("holdem", "mata-ases"))
    assert holdem["words"]["deal"] == "Sentarse y repartir" and mata["words"]["deal"] == FREE_TABLE["deal"]
    assert mata["words"]["next"] == "Otra mano" and holdem["words"]["next"] == FREE_TABLE["next"]
    assert holdem["history"]["extension"] == ".phh" and mata["history"] is None


def test_a_game_without_a_table_says_so():
    reply = answer("game-info", {"game": "ultimate"})
    assert (reply["code"], reply["field"]) == ("request", "game") and "no se juega en una mesa" in reply["error"]


def test_the_page_learns_the_engine_limit_on_a_history_and_the_phh_reader_keeps_it():
    """The free table reads, inflates or pastes no history longer than the engine would read (issue 41,
    item 2): the limit reaches the page here, not as a second constant in JavaScript."""
    from engine.games.holdem import phh
    from engine.protocol import MAX_REQUEST_CHARS

    for game in ("holdem", "mata-ases"):
        assert answer("game-info", {"game": game})["history_chars"] == MAX_REQUEST_CHARS
    assert phh.MAX_PHH_CHARS == MAX_REQUEST_CHARS
    holdem = answer("game-info", {"game": "holdem"})["history"]
    assert holdem["too_long"] and holdem["paste_too_long"]


def test_the_workshop_learns_its_limit_and_words_from_the_engine():
    from engine.authoring.workshop import MAX_TEXT_CHARS, limits

    found = limits()
    assert found["max_chars"] == MAX_TEXT_CHARS
    assert "100.000" in found["file_too_long"] and "100.000" in found["paste_too_long"]
