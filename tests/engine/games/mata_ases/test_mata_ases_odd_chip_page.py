"""The Mata Ases rules page says its odd-chip convention departs from TDA 20-B, and the engine plays
that convention: a hand where 20-B (the high card of the five-card play) and the site (every own card)
give the chip to different players."""

from __future__ import annotations

import re
from pathlib import Path

from engine.cards import parse_cards

from .test_mata_ases_hand import check_or_call, deal, drive, of_type, request

PAGE = (Path(__file__).resolve().parents[4] / "docs" / "mata-ases" / "index.md").read_text(encoding="utf-8")
FLAT = re.sub(r"\s+", " ", PAGE)

#: spades > hearts > diamonds > clubs, then rank: the TDA's order for a card «by suit».
_SUITS = "cdhs"


def _by_suit(card) -> tuple[int, int]:
    return int(card.rank), _SUITS.index(str(card)[-1])


def test_the_engine_departs_from_20b_and_the_page_says_so():
    tie = deal({"Tú": "Qs Qd 7d 7c 4s", "Ana": "Qh Qc 7h 7s Kc"}, "Ad 2h 3h")
    reply = drive(request([tie], names=["Tú", "Ana"], stacks=(1000, 1000), button="Ana"), check_or_call)
    wins = {e["player"]: e for e in of_type(reply, "win")}
    plays = {p: parse_cards(" ".join(e["cards"])) for p, e in wins.items()}
    by_20b = max(plays, key=lambda p: max(_by_suit(c) for c in plays[p]))
    chip = max(wins, key=lambda p: wins[p]["amount"])
    assert by_20b == "Tú" and chip == "Ana"  # the site's convention, not 20-B
    assert "nos apartamos de la regla del póker abierto (TDA, regla 20-B)" in FLAT
    assert "la regla 20-B (cuentan todas las cartas del jugador)" not in FLAT
