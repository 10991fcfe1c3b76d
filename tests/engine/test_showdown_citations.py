"""Which TDA rule a Hold'em showdown cites, decided by what happened in the hand: rule 16 (every hand
face up) when an all-in left nobody able to bet before the river, rule 17 (who shows first) otherwise;
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
    seen = {16: 0, 17: 0}
    for _ in range(120):
        events = answer("holdem-hand", {"phh": dumps(_play(rng))})["events"]
        showdowns = [e for e in events if e["type"] == "showdown"]
        if not showdowns:
            continue
        # Nobody acting on the river means an all-in had closed the betting before it: hands face up.
        tabled = not any(e["street"] == "river" and e["type"] in DECISIONS for e in events)
        rule, other = (16, 17) if tabled else (17, 16)
        cite = showdowns[0]["cite"]
        assert f"regla {rule} " in cite and f"regla {other} " not in cite, (tabled, cite)
        seen[rule] += 1
    assert min(seen.values()) >= 10, seen


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
