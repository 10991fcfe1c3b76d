"""Which TDA rule a Hold'em showdown cites, decided by what happened in the hand: rule 16 (every hand
face up) when an all-in left nobody able to bet before the river; rule 17 (who shows first) when the
betting went on to the river, with rule 16 too when a player in the showdown is all-in (nobody may muck);
and a fold where checking was free cites rule 58 (it stands, and a room may penalise it)."""

from __future__ import annotations

import random

from engine.cards import DECK
from engine.games.holdem.hand import HoldemHand
from engine.games.holdem.phh import dumps
from engine.protocol import answer

from .holdem_random import play_randomly

DECISIONS = {"check", "call", "bet", "raise", "fold", "all_in"}


def _mostly_check_or_call(hand: HoldemHand, rng: random.Random) -> None:
    options = {o["action"]: o for o in hand.legal_actions()}
    roll = rng.random()
    if roll < 0.25 and ("bet" in options or "raise" in options):
        option = options.get("bet") or options["raise"]
        hand.act(hand.to_act, option["action"], rng.choice([option["min"], option["max"]]))
    elif roll < 0.3 and "fold" in options and "check" not in options:
        hand.act(hand.to_act, "fold")
    else:
        hand.act(hand.to_act, "check" if "check" in options else "call")


def _play(rng: random.Random) -> HoldemHand:
    """A hand dealt from a shuffled deck to players who mostly check or call, with stacks from short to
    deep: showdowns with and without an all-in."""
    names = [f"p{i}" for i in range(1, rng.randint(2, 6) + 1)]
    stacks = [rng.choice([rng.randint(15, 80), rng.randint(400, 3000)]) for _ in names]
    hand = HoldemHand(list(zip(names, stacks)), button=names[-1], blinds=[5, 10], min_bet=10)
    return play_randomly(hand, rng, decide=_mostly_check_or_call)


def test_a_showdown_cites_rule_16_after_an_all_in_and_rule_17_otherwise():
    rng = random.Random(43)
    seen = {"runout": 0, "all-in": 0, "none": 0}
    for _ in range(160):
        events = answer("holdem-hand", {"phh": dumps(_play(rng))})["events"]
        showdowns = [e for e in events if e["type"] == "showdown"]
        if not showdowns:
            continue
        cite = showdowns[0]["cite"]
        folded = {e["player"] for e in events if e["type"] == "fold"}
        all_in = {e["player"] for e in events if e.get("player") and "all-in." in e["text"]} - folded
        # Nobody acting on the river: an all-in had closed the betting before it, the hands are face up.
        runout = not any(e["street"] == "river" and e["type"] in DECISIONS for e in events)
        if runout:
            assert "regla 16 " in cite and "regla 17 " not in cite, cite
            seen["runout"] += 1
        elif all_in:  # who shows first (17), and every hand tabled because a player is all-in (16)
            assert "regla 17 " in cite and "regla 16 " in cite, (all_in, cite)
            assert "nadie puede tirar sus cartas" in showdowns[0]["text"]
            seen["all-in"] += 1
        else:
            assert "regla 17 " in cite and "regla 16 " not in cite, cite
            seen["none"] += 1
    assert min(seen.values()) >= 5, seen


def test_a_fold_where_checking_is_free_stands_and_cites_rule_58():
    hand = HoldemHand([("Ana", 1000), ("Beto", 1000), ("Carla", 1000)], button="Carla", blinds=[5, 10],
                      min_bet=10)
    deck = iter(DECK)
    for name in hand.deal_order():
        hand.deal_hole(name, [next(deck), next(deck)])
    hand.act("Carla", "call")
    hand.act("Ana", "call")
    hand.act("Beto", "fold")  # the big blind could check
    fold = next(e for e in answer("holdem-hand", {"phh": dumps(hand)})["events"] if e["type"] == "fold")
    assert "la retirada se mantiene" in fold["text"] and "sancionar" in fold["text"]
    assert "regla 58" in fold["cite"]


def test_with_a_player_all_in_nobody_mucks_at_the_showdown():
    """Beto is all-in before the flop; Ana and Carla check it down. At the showdown every hand is shown
    (TDA 16): the engine refuses a muck, and PokerKit's own runout rule is no help here (two players
    could still bet), so this is the site's reading of TDA 16 for a showdown after betting went on."""
    hand = HoldemHand([("Ana", 1000), ("Beto", 30), ("Carla", 1000)], button="Carla", blinds=[5, 10], min_bet=10)
    deck = iter(DECK)
    for name in hand.deal_order():
        hand.deal_hole(name, [next(deck), next(deck)])
    for player, action, amount in (("Carla", "call", None), ("Ana", "call", None), ("Beto", "raise", 30),
                                   ("Carla", "call", None), ("Ana", "call", None)):
        hand.act(player, action, amount)
    while hand.phase != "showdown":
        if hand.phase == "deal-board":
            hand.deal_board([next(deck) for _ in range(hand.board_due())])
        else:
            hand.act(hand.to_act, "check")
    first, *others = hand.show_queue
    hand.show(first)
    assert others and not any(hand.can_muck(q) for q in others)
