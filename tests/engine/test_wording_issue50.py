"""Issue 50, item 8 (the engine's part): ranks in capitals inside every blamed reason, «el primer jugador» for
who opens after the flop, a hand of two cards that «no le basta» (never «7 y 2 … no basta»), the bots' chart
explained where it is named, and «cutoff» and «PHH» given their meaning where a reader meets them."""

from __future__ import annotations

import random
import re

from engine import protocol
from engine.cards import DECK
from engine.games.holdem import bot_texts
from engine.glossary import LOANWORDS, terms_of
from engine.spanish import position_phrase

LOWER_RANKS = re.compile(r"\bde (ases|reyes|reinas|jotas|dieces|nueves|ochos|sietes|seises|cincos|cuatros|treses|"
                         r"doses)\b")


def test_blamed_showdown_reasons_write_ranks_in_capitals():
    rng = random.Random(50)
    said = 0
    for _ in range(120):
        deck = [str(c) for c in DECK]
        rng.shuffle(deck)
        holdem = {"kind": "holdem-showdown", "ask": "winners", "board": deck[:5],
                  "players": {"Ana": deck[5:7], "Beto": deck[7:9], "Carla": deck[9:11]}}
        mata = {"kind": "mata-ases", "ask": "winners", "ayudas": deck[:3],
                "players": {"Ana": deck[11:16], "Beto": deck[16:21], "Carla": deck[21:26]}}
        for question in (holdem, mata):
            for answer in ("Ana", "Beto", "Carla", "Ana y Beto"):
                reply = protocol.answer("quiz-check", {"question": question, "answer": answer, "reveal": True})
                for text in [s["why"] or "" for s in reply["progress"]["skills"]] + reply["steps"]:
                    said += bool(text)
                    assert not LOWER_RANKS.search(text), text
    assert said > 300


def test_who_opens_after_the_flop_is_said_plainly():
    question = {"kind": "holdem-position", "ask": "first-to-act", "players": ["Ana", "Beto", "Carla", "Dani"],
                "button": "Ana", "street": "flop", "folded": []}
    reply = protocol.answer("quiz-check", {"question": question, "answer": "Ana", "reveal": True})
    text = " ".join(reply["steps"] + [s["why"] or "" for s in reply["progress"]["skills"]])
    assert "habla primero el primero" not in text
    assert "el primer jugador que sigue en la mano a la izquierda del botón" in text


def test_a_hand_of_two_cards_agrees_with_its_verb():
    for key, template in bot_texts._PREFLOP.items():
        assert not re.search(r"\{hand\} (no )?basta", template), key  # «7 y 2 de distinto palo» is two cards
        if "su tabla" in template:
            assert "su tabla de manos iniciales (una nota para cada mano antes del flop)" in template, key


def test_cutoff_and_phh_come_with_their_meaning():
    assert terms_of(f"Sube desde {position_phrase('CO')}.") == [{"text": "cutoff", "title": LOANWORDS["cutoff"]}]
    assert LOANWORDS["cutoff"] == "el asiento a la derecha del botón"
    assert terms_of("Descárgala en PHH.") == [{"text": "PHH", "title": LOANWORDS["phh"]}]
