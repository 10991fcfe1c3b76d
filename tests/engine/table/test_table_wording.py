"""The table's Spanish as the issue's audit asked: a raise's range is «a un total de entre …», a player out
of chips is the subject of his sentence, and a shown high card keeps the sentence to one colon."""

from __future__ import annotations

import random
import re

from engine.games.holdem.hand import HoldemHand
from engine.games.holdem.phh import dumps
from engine.protocol import answer
from engine.table.words import choices

from tests.engine.games.holdem.holdem_random import play_randomly


def test_a_raise_range_is_a_total():
    text = choices("Ana", [{"action": "call", "amount": 100}, {"action": "raise", "min": 200, "max": 980}])
    assert "subir a un total de entre 200 y 980" in text and "a entre" not in text


def test_random_hands_word_busted_players_and_high_cards_plainly():
    rng = random.Random(7)
    busted = high = 0
    for _ in range(120):
        names = [f"p{i}" for i in range(1, rng.randint(2, 6) + 1)]
        stacks = [rng.randint(5, 60) for _ in names]
        hand = play_randomly(HoldemHand(list(zip(names, stacks)), button=names[-1], blinds=[5, 10], min_bet=10), rng)
        for event in answer("holdem-hand", {"phh": dumps(hand)})["events"]:
            text = event["text"]
            assert "Se queda sin fichas:" not in text and "Se quedan sin fichas:" not in text, text
            assert " a entre " not in text, text
            if event["type"] == "next_hand" and "sin fichas." in text and "Te quedas" not in text:
                assert re.search(r"\b(p\d|[A-Z]{1,3}\d?)( y \w+)* se quedan? sin fichas\.", text), text
                busted += 1
            if event["type"] in ("show", "win"):
                assert text.count(":") <= 1, text
                high += "carta alta (" in text
    assert busted >= 5 and high >= 2, (busted, high)
