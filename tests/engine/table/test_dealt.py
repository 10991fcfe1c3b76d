"""The hand dealt from given deals (engine/table/hand.py) at work for a game that is not Mata Ases: a toy
stud of three own cards (one closed, two open) and one shared card, each round opened by the best open
card, every hand shown at the showdown, a pair of Aces to win (else an extension on the next deal)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.cards import parse_cards
from engine.evaluation import WEAKEST_KILL
from engine.table.hand import DealtHand
from engine.table.errors import IllegalActionError, MissingDealError
from engine.table.records import (BoardDealing, HandEnding, HoleDealing, Misdealing, PotUnclaimed, Runout, ShareWinning,
                                  ShowdownStarting, Showing)
from engine.table.rules import Opening, Rules, Street
from engine.table.setup import Deal

RULES = Rules(minimum=10, players=(2, 4), board_limit=1, qualifier=WEAKEST_KILL, extensions=1,
              odd_chips="high-card", streets=(Street(1, hole=(False, True), opening=Opening.HIGH_CARD),
                                              Street("mesa", board=1, betting=False),
                                              Street(2, hole=(True,), opening=Opening.HIGH_CARD)))


class Play:
    def __init__(self, strength, own, shared):
        self.strength, self.cards = strength, own + ((shared,) if shared is not None else ())


class ToyStud(DealtHand):
    BOARD_WORD = "cartas de mesa"
    PLAY = Play

    def begin_deal(self):
        self.street = self.rules.streets[0].name
        self.deal_start = (dict(self.contributions), dict(self.dead))
        self.deal_first()
        self.start_round(self.street)

    def deal_next(self, player, mode):
        card = self._deal.cards[player][len(self.hole[player])]
        self.hole[player].append(card)
        self.up[player].append(mode != "down")
        self.record(HoleDealing(player, (card,), (mode != "down",), mode, (), len(self.hole[player]),
                                street=self.street))

    def _end_round(self):
        self.close_betting()
        self.phase = None
        live = self.live()
        if len(live) == 1:
            self._lone(live[0])
        else:
            self.next_round()


def deal(cards: dict[str, str], board: str) -> Deal:
    return Deal({p: tuple(parse_cards(c)) for p, c in cards.items()}, tuple(parse_cards(board)))


ACES = deal({"Ana": "2c Ah 9d", "Beto": "Ks Qd 7h"}, "As")


def test_a_toy_stud_is_dealt_played_and_shown_by_the_core():
    hand = ToyStud([("Ana", 100), ("Beto", 100)], RULES, button="Beto", deals=[ACES])
    assert hand.to_act == "Ana"  # the best open card (Ah) opens
    hand.act("Ana", "bet", 10)
    hand.act("Beto", "call")
    assert [type(r) for r in hand.events if isinstance(r, BoardDealing)] == [BoardDealing]
    hand.act("Ana", "check")
    hand.act("Beto", "check")
    start = next(r for r in hand.events if isinstance(r, ShowdownStarting))
    assert start.order == ("Ana", "Beto") and start.reason == "opener"
    shown = {r.player: r for r in hand.events if isinstance(r, Showing)}
    assert set(map(str, shown["Ana"].cards)) == {"2c", "Ah", "9d", "As"}  # his own cards and the shared one his play uses
    win = [r for r in hand.events if isinstance(r, ShareWinning)]
    assert [(r.player, r.amount) for r in win] == [("Ana", 20)] and hand.over
    assert hand.pot_results() == [(20, ("Ana",))] and hand.stacks == {"Ana": 110, "Beto": 90}


def test_nobody_qualifies_then_an_extension_on_the_next_deal_and_a_runout_when_nobody_can_bet():
    weak = deal({"Ana": "2c 3h 9d", "Beto": "Ks Qd 7h"}, "5s")
    hand = ToyStud([("Ana", 10), ("Beto", 100)], RULES, button="Beto", deals=[weak, ACES])
    hand.act("Beto", "bet", 10)
    hand.act("Ana", "call")  # Ana is all-in: the rest is dealt at once
    assert any(isinstance(r, Runout) for r in hand.events)
    assert any(isinstance(r, PotUnclaimed) for r in hand.events) and hand.deal_index == 1
    assert hand.over and isinstance(hand.events[-1], HandEnding)
    assert hand.pot_results() == [(20, ("Ana",))]


def test_a_deal_is_checked_as_it_begins_and_a_misdeal_voids_the_first():
    with pytest.raises(MissingDealError, match="exactamente 1 cartas de mesa"):
        ToyStud([("Ana", 100), ("Beto", 100)], RULES, button="Beto", deals=[replace(ACES, board=())])
    with pytest.raises(MissingDealError, match="no trae las 3 cartas de Beto"):
        ToyStud([("Ana", 100), ("Beto", 100)], RULES, button="Beto",
                deals=[deal({"Ana": "2c Ah 9d", "Beto": "Ks Qd"}, "As")])
    with pytest.raises(MissingDealError, match="Hace falta al menos el reparto"):
        ToyStud([("Ana", 100), ("Beto", 100)], RULES, button="Beto", deals=[])
    hand = ToyStud([("Ana", 100), ("Beto", 100)], RULES, button="Beto", deals=[ACES])
    hand.act("Ana", "bet", 10)
    hand.misdeal()
    assert hand.void and hand.stacks == {"Ana": 100, "Beto": 100}
    assert [type(r) for r in hand.events[-2:]] == [Misdealing, HandEnding]


def test_a_bring_in_street_opens_with_the_lowest_open_card_and_an_extension_has_none():
    rules = replace(RULES, streets=(replace(RULES.streets[0], opening=Opening.LOW_CARD), *RULES.streets[1:]))
    weak = deal({"Ana": "2c 3h 9d", "Beto": "Ks Qd 7h"}, "5s")

    class BringIn(ToyStud):
        bring_in = 5
    hand = BringIn([("Ana", 100), ("Beto", 100)], rules, button="Beto", deals=[weak, ACES])
    posted = hand.events[0]
    assert (type(posted).__name__, posted.player, posted.amount) == ("BringInPosting", "Ana", 5)
    assert hand.to_act == "Beto" and not hand.can_bet("Beto", 10)
    with pytest.raises(IllegalActionError, match=r"ya hay una apuesta \(el Bring In\)"):
        hand.act("Beto", "bet", 10)
    hand.act("Beto", "call")  # the table's minimum: the Bring In is less
    hand.act("Ana", "call")
    hand.act("Beto", "check")  # his Qd is the best first open card
    hand.act("Ana", "check")  # nobody kills the Aces: an extension, opened by the best open card
    assert hand.deal_index == 1 and hand.to_act == "Ana"
    opening = [r for r in hand.events if type(r).__name__ == "BettingOpening"][-1]
    assert opening.reason == "high-card" and opening.skipped


def test_a_street_whose_card_its_player_chooses_asks_him_before_the_round():
    rules = replace(RULES, streets=(*RULES.streets[:2], replace(RULES.streets[2], hole=(None,))))
    hand = ToyStud([("Ana", 100), ("Beto", 100)], rules, button="Beto", deals=[ACES])
    hand.act("Ana", "check")
    hand.act("Beto", "check")
    assert hand.phase == "card" and hand.to_act == "Ana"
    assert hand.legal_actions() == [{"action": "up"}, {"action": "down"}]
    with pytest.raises(IllegalActionError, match="Ana tiene que elegir cómo recibe la tercera carta"):
        hand.act("Ana", "check")
    hand.act("Ana", "down")
    assert hand.to_act == "Beto" and hand.up["Ana"][-1] is False
    hand.act("Beto", "up")
    assert hand.phase == "bet" and hand.up["Beto"][-1] is True and hand.to_act == "Ana"
    with pytest.raises(IllegalActionError, match="Acción desconocida"):
        hand.act("Ana", "aire")
