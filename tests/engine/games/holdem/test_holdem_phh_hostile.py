"""Hostile PHH texts and Hold'em requests (issue 41, items 1, 4 and 5): every one is refused in Spanish,
before tomllib builds it when it is over the reader's bounds, never with an ``internal`` error, and the
message names the field as the request spells it, quotes no huge number and keeps names' bidi
controls out of its sentences."""

from __future__ import annotations


import pytest

from engine.games.holdem import phh
from engine.protocol import answer

HEAD = "variant = 'NT'\n"
HAND = ("variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
        "starting_stacks = [100, 100]\nactions = ['d dh p1 AsAh', 'd dh p2 ????', 'p2 cbr 6', 'p1 f']\n")
TO_SHOWDOWN = ("variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
               "starting_stacks = [100, 100]\nactions = ['d dh p1 AsAh', 'd dh p2 ????', 'p2 cc', 'p1 cc', "
               "'d db AdKdQd', 'p1 cc', 'p2 cc', 'd db 2c', 'p1 cc', 'p2 cc', 'd db 3c', 'p1 cc', 'p2 cc'{}]\n")
HUGE = "9" * 5000


def refused(reply: dict, code: str | None = None) -> dict:
    assert "error" in reply, reply
    assert reply["code"] != "internal", reply
    if code:
        assert reply["code"] == code, reply
    assert len(reply["error"]) < 300, reply["error"]
    return reply


@pytest.mark.parametrize("command", ["holdem-hand", "play-start"])
@pytest.mark.parametrize("shape", [
    HEAD + ".".join(["a"] * 2000) + " = 1\n",
    HEAD + "[" + ".".join(["a"] * 2000) + "]\n",
    HEAD + "[[" + " . ".join(['"a"'] * 2000) + "]]\n",
    HEAD + "x = {" + ".".join(["a"] * 2000) + " = 1}\n",
    HEAD + "x = " + "[" * 5000 + "]" * 5000 + "\n",
    HEAD + "x = " + "{a = " * 3000 + "1" + "}" * 3000 + "\n",
])
def test_dotted_keys_deep_nesting_are_refused_with_the_line_before_tomllib(command, shape):
    request = {"phh": shape} if command == "holdem-hand" else {"session": "s", "game": "holdem", "mode": "replay",
                                                               "history": shape}
    reply = refused(answer(command, request), "phh-too-large")
    assert reply["line"] == 2 and "Línea" not in reply["error"]  # the line travels in "line" (pages say it once)


def test_the_longest_dotted_keys_are_refused_before_tomllib_builds_them(monkeypatch):
    """40,000 parts took 28.8 s and 6.3 GB in tomllib; the bound refuses them without calling it."""
    def not_called(text):
        raise AssertionError("tomllib read a text over the bounds")

    monkeypatch.setattr(phh.tomllib, "loads", not_called)
    for parts in (20_000, 40_000):
        for text in (".".join(["a"] * parts) + " = 1", "[" + ".".join(["a"] * parts) + "]"):
            with pytest.raises(phh.PhhTooLargeError):
                phh.loads(HEAD + text + "\n")


def test_keys_and_nesting_within_the_bounds_still_read():
    key = ".".join(["a"] * phh.MAX_KEY_PARTS)
    nested = "[" * (phh.MAX_DEPTH - 1) + "]" * (phh.MAX_DEPTH - 1)
    history = phh.loads(HAND + f"{key} = 1\nnested = {nested}\nnote = 'a.b.c.d [[[[' # x.y.z\n")
    assert history.extra["a"]["a"] and history.extra["nested"]


def test_a_text_over_the_size_bound_is_refused_unread():
    reply = refused(answer("holdem-hand", {"phh": HAND + "#" * phh.MAX_PHH_CHARS}))
    assert reply["code"] in {"phh-too-large", "too-large"}


@pytest.mark.parametrize("text", [
    HAND.replace("'p2 cbr 6'", f"'p2 cbr {HUGE}'"),
    HAND.replace("'d dh p1 AsAh'", f"'d dh p{HUGE} AsAh'"),
    HAND.replace("'p1 f'", f"'p{HUGE} f'"),
    HAND.replace("starting_stacks = [100, 100]", f"starting_stacks = [{HUGE}, 100]"),
    HAND.replace("starting_stacks = [100, 100]", f"starting_stacks = [0x{'f' * 5000}, 100]"),
    HAND.replace("starting_stacks = [100, 100]", f"starting_stacks = [-{HUGE}, 100]"),
    HAND.replace("min_bet = 2", f"min_bet = {HUGE}"),
    HAND + f"extra = {HUGE}\n",
])
def test_integers_over_4300_digits_are_refused_in_spanish_not_as_an_engine_bug(text):
    refused(answer("holdem-hand", {"phh": text}))
    refused(answer("holdem-bot", {"phh": text, "player": "p1", "seed": 1}))


@pytest.mark.parametrize("old, new, field, words", [
    ("starting_stacks = [100, 100]", "starting_stacks = [0, 100]", "starting_stacks[0]", "«starting_stacks»: 0"),
    ("starting_stacks = [100, 100]", "starting_stacks = [-5, 100]", "starting_stacks[0]", "«starting_stacks»: −5"),
    ("min_bet = 2", "min_bet = -2", "min_bet", "«min_bet»: −2"),
    ("min_bet = 2", "min_bet = 10000000000000", "min_bet", "«min_bet»: 10.000.000.000.000"),
    ("starting_stacks = [100, 100]", f"starting_stacks = [1{'0' * 30}, 100]", "starting_stacks[0]",
     "«starting_stacks»: un número de más de 15 cifras"),
])
def test_amount_messages_spell_the_field_as_the_request_does_and_quote_no_huge_number(old, new, field, words):
    reply = refused(answer("holdem-hand", {"phh": HAND.replace(old, new)}), "phh")
    assert reply["field"] == field
    assert reply["error"].startswith(words), reply["error"]


def test_a_show_of_unknown_cards_is_not_called_a_repeated_card():
    reply = refused(answer("holdem-hand", {"phh": TO_SHOWDOWN.format(", 'p1 sm AsAh', 'p2 sm ????'")}))
    assert "repetida" not in reply["error"] and reply["at"] == 14
    assert reply["error"].startswith("p2 enseña sin decir qué cartas tiene")


def test_native_hand_without_blinds_blames_blinds_not_a_field_it_never_sent():
    reply = refused(answer("holdem-hand", {"seats": [{"name": "a", "stack": 100}, {"name": "b", "stack": 100}],
                                           "button": "a", "blinds": [], "seed": 1}), "request")
    assert reply["field"] == "blinds" and "min_bet" not in reply["field"]


@pytest.mark.parametrize("control", ["\u202e", "\u2066", "\u200f", "\u0007"])
def test_names_with_bidi_or_control_characters_never_reach_a_sentence(control):
    seats = [{"name": f"Ana{control}", "stack": 100}, {"name": "Beto", "stack": 100}]
    reply = refused(answer("holdem-hand", {"seats": seats, "button": "Beto", "blinds": [1, 2], "seed": 1}))
    assert reply["field"] == "seats[0].name" and control not in reply["error"]
    named = HAND + f"players = ['Ana', \"Beto\\u{ord(control):04x}\"]\n"
    reply = refused(answer("holdem-hand", {"phh": named}), "phh")
    assert reply["field"] == "players[1]" and control not in reply["error"]
    mata = answer("mata-ases-hand", {"modality": "boton-ante", "stakes": {"minimum": 2}, "button": "B",
                                     "seats": [{"name": f"A{control}", "stack": 100}, {"name": "B", "stack": 100}]})
    assert mata.get("code") != "internal" and mata.get("field", "").startswith("seats[0].name"), mata
