"""The reader's controls (engine/table/controls.py): the range in words, the all-in and the quick amounts
are legal amounts of their option, computed from the table (never typed by the page)."""

from __future__ import annotations

import random

from engine.cards import DECK
from engine.games.holdem.bot_play import random_player
from engine.games.holdem.hand import HoldemHand
from engine.table.controls import controls
from engine.table.words import YOU


def _preflop(stacks=(2000, 2000, 2000)):
    hand = HoldemHand([("Ana", stacks[0]), ("Beto", stacks[1]), (YOU, stacks[2])], button=YOU,
                      blinds=[50, 100], min_bet=100)
    hand.deal_due(iter(DECK))
    return hand


def test_first_to_act_gets_range_all_in_and_pot_amounts():
    hand = _preflop()
    assert hand.to_act == YOU  # three-handed: the button acts first pre-flop
    raise_ = next(o for o in controls(hand) if o["action"] == "raise")
    assert raise_["range"] == "entre 200 y 2.000"
    assert raise_["all_in"] == {"amount": 2000, "label": "All-in (2.000)"}
    # Pot 150, a call of 100: half a pot raise is to 100 + 250 / 2, a pot raise to 100 + 250.
    assert [(q["key"], q["amount"], q["label"]) for q in raise_["quick"]] == [
        ("min", 200, "Mín. (200)"), ("half", 225, "½ bote (225)"), ("pot", 350, "Bote (350)")]


def test_a_short_stack_can_only_shove_and_its_button_says_so():
    hand = _preflop(stacks=(2000, 2000, 150))
    raise_ = next(o for o in controls(hand) if o["action"] == "raise")
    assert raise_["min"] == raise_["max"] == 150
    assert raise_["label"] == "All-in (150)" and "quick" not in raise_ and "range" not in raise_


def test_quick_amounts_are_clamped_and_never_repeat_the_all_in():
    hand = _preflop(stacks=(2000, 2000, 300))
    raise_ = next(o for o in controls(hand) if o["action"] == "raise")
    # The pot raise (350) is more than the stack: clamped to the all-in, which has its own button.
    assert [q["amount"] for q in raise_["quick"]] == [200, 225]


def test_every_offered_amount_is_legal_in_random_hands():
    seen = 0
    for seed in range(120):
        rng = random.Random(seed)
        deck = list(DECK)
        rng.shuffle(deck)
        cards = iter(deck)
        n = 2 + seed % 5
        names = ["Ana", "Beto", "Carla", "Dani", YOU, "Eva"][:n]
        hand = HoldemHand([(name, rng.randint(3, 400)) for name in names], button=names[seed % n],
                          blinds=[1, 2], min_bet=2)
        agents = {name: random_player(seed * 10 + i) for i, name in enumerate(names)}
        hand.deal_due(cards)
        while not hand.over:
            p = hand.to_act
            for option in controls(hand):
                can = {"bet": hand.can_bet, "raise": hand.can_raise}.get(option["action"])
                if can is None:
                    continue
                amounts = [q["amount"] for q in option.get("quick", [])]
                if "all_in" in option:
                    amounts.append(option["all_in"]["amount"])
                    assert option["all_in"]["amount"] == option["max"]
                assert len(set(amounts)) == len(amounts)
                for n_chips in amounts:
                    seen += 1
                    assert option["min"] <= n_chips <= option["max"] and can(p, n_chips), (seed, option)
            action, amount = agents[p](hand, p)
            hand.act(p, action, amount)
            hand.deal_due(cards)
    assert seen > 500


def test_a_call_that_puts_every_chip_in_says_all_in():
    hand = _preflop(stacks=(2000, 2000, 2000))
    hand.act(YOU, "raise", 2000)  # the button shoves; the small blind's call is every chip he has
    call = next(o for o in controls(hand) if o["action"] == "call")
    assert hand.stacks[hand.to_act] == call["amount"] and call["label"] == f"Pagar {call['amount']:,}".replace(",", ".") + " (all-in)"
