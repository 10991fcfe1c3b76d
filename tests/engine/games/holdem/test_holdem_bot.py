"""holdem-bot: legal decisions in random bot-vs-bot hands, no peeking, determinism, styles, errors."""

from __future__ import annotations

import collections
import json
import os
import random

import pytest

from engine.cards import DECK
from engine.games.holdem.bot_policy import STYLES, decide
from engine.games.holdem.bot_view import view_of
from engine.games.holdem.bot_play import bot, calling_station, play
from engine.games.holdem.hand import HoldemHand
from engine.games.holdem.phh import loads, replay
from engine.protocol import answer_json
from engine.table.errors import HandOverError, NotYourTurnError

STYLE_NAMES = tuple(STYLES)


def ask(request: dict) -> dict:
    return json.loads(answer_json("holdem-bot", json.dumps(request)))


def hand_reply(phh: str) -> dict:
    return json.loads(answer_json("holdem-hand", json.dumps({"phh": phh})))


#: Random bot-vs-bot hands per run: 400 (every style makes every kind of decision, checked below);
#: ``make fuzz`` plays FUZZ_EXAMPLES of them.
BOT_HANDS = int(os.environ.get("FUZZ_EXAMPLES", "0")) or 400


def test_random_bot_hands_are_legal_and_never_fold_a_free_check():
    rng = random.Random(5)
    decisions = folds_free = 0
    kinds = collections.Counter()
    for number in range(BOT_HANDS):
        n = rng.randint(2, 10)
        seats = [(f"s{i}", rng.choice([rng.randint(1, 60), rng.randint(60, 600)])) for i in range(n)]
        styles = {name: rng.choice(STYLE_NAMES) for name, _ in seats}
        agents = {name: bot(styles[name], rng.randint(0, 99), samples=4) for name, _ in seats}
        deck = list(DECK)
        rng.shuffle(deck)

        def check(hand, player, action, amount):
            nonlocal decisions, folds_free
            decisions += 1
            kinds[styles[player], action] += 1
            options = {o["action"]: o for o in hand.legal_actions()}
            assert action in options, (action, options)
            if action in ("bet", "raise"):
                assert options[action]["min"] <= amount <= options[action]["max"]
            folds_free += action == "fold" and "check" in options

        hand = play(seats, deck, agents, blinds=(1, 2), on_decision=check)
        assert hand.over and sum(hand.stacks.values()) == sum(s for _, s in seats)
    assert decisions > 4 * BOT_HANDS and folds_free == 0
    # The sample is big enough: every style folded, checked, called, bet and raised.
    assert {(style, action) for style in STYLE_NAMES for action in ("fold", "check", "call", "bet", "raise")} \
        <= set(kinds), kinds


def _spot(rng: random.Random, n: int) -> tuple[dict, str]:
    """A native holdem-hand request stopped at some bot's turn, and that bot's seat name."""
    seats = [{"name": f"J{i}", "stack": rng.randint(20, 400)} for i in range(n)]
    deck = [str(c) for c in DECK]
    rng.shuffle(deck)
    request = {"seats": seats, "button": seats[-1]["name"], "blinds": [1, 2], "deck": deck, "actions": []}
    for _ in range(rng.randint(0, 12)):
        state = json.loads(answer_json("holdem-hand", json.dumps(request)))
        if state["status"] == "over":
            break
        option = rng.choice(state["next"]["can"])
        action = {"player": state["next"]["player"], "action": option["action"]}
        if "min" in option:
            action["amount"] = rng.randint(option["min"], option["max"])
        request["actions"].append(action)
    state = json.loads(answer_json("holdem-hand", json.dumps(request)))
    if state["status"] == "over":
        request["actions"].pop()
        state = json.loads(answer_json("holdem-hand", json.dumps(request)))
    return request, state["next"]["player"]


def _seen_positions(request: dict, player: str) -> set[int]:
    """Deck positions the player sees: his two hole cards and the board dealt so far (burns unseen)."""
    state = json.loads(answer_json("holdem-hand", json.dumps(request)))
    seen = {request["deck"].index(card) for card in state["board"]}
    text = state["phh"]
    pid = f"p{state['players'].index(player) + 1}"
    line = next(a for a in json.loads(json.dumps(text.split("\n"))) if f"d dh {pid} " in a)
    hole = line.split()[-1].strip("',")
    return seen | {request["deck"].index(hole[:2]), request["deck"].index(hole[2:])}


def test_the_decision_ignores_every_card_the_bot_cannot_see():
    rng = random.Random(11)
    changed = 0
    for number in range(25):
        request, player = _spot(rng, rng.randint(2, 7))
        style = STYLE_NAMES[number % 3]
        base = dict(request, bot={"player": player, "style": style, "seed": number})
        reply = answer_json("holdem-bot", json.dumps(base))
        seen = _seen_positions(request, player)
        hidden = [i for i in range(52) if i not in seen]
        for _ in range(3):
            deck = list(request["deck"])
            cards = [deck[i] for i in hidden]
            rng.shuffle(cards)
            for i, card in zip(hidden, cards):
                deck[i] = card
            other = dict(base, deck=deck)
            changed += json.loads(answer_json("holdem-hand", json.dumps(other))) != json.loads(
                answer_json("holdem-hand", json.dumps(request)))
            assert answer_json("holdem-bot", json.dumps(other)) == reply
    assert changed > 40  # the hidden cards really changed the hands


def test_the_phh_form_masks_the_other_hole_cards():
    phh = ("variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
           "starting_stacks = [100, 100, 100]\nactions = ['d dh p1 {a}', 'd dh p2 {b}', 'd dh p3 QhQd']\n")
    replies = {answer_json("holdem-bot", json.dumps({"phh": phh.format(a=a, b=b),
                                                    "bot": {"player": "p3", "style": "equilibrado", "seed": 3}}))
               for a, b in (("AsAh", "KdKc"), ("7c2d", "3s4s"), ("????", "????"), ("AcKc", "????"))}
    assert len(replies) == 1
    reply = json.loads(replies.pop())
    assert reply["action"] == "p3 cbr 6" and reply["reason"].startswith("p3 sube a 6: con pareja de Reinas tiene")


def test_a_bot_may_be_named_by_its_phh_name():
    phh = ("variant = 'NT'\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [100, 100, 100]\n"
           "players = ['Ana', 'Beto', 'Carla']\nactions = ['d dh p1 AsAh', 'd dh p2 KdKc', 'd dh p3 7c2d']\n")
    by_name = ask({"phh": phh, "bot": {"player": "Carla", "style": "prudente", "seed": 1}})
    by_id = ask({"phh": phh, "bot": {"player": "p3", "style": "prudente", "seed": 1}})
    assert (by_name["action"], by_name["reason"]) == (by_id["action"], by_id["reason"])
    assert by_name["action"] == "p3 f" and by_name["reason"].startswith("Carla se retira: con 7 y 2 de distinto palo")
    assert ask({"phh": phh, "bot": {"player": "Ana", "style": "prudente", "seed": 1}})["error"].startswith(
        "No es el turno de Ana: le toca a Carla")


def test_same_seed_same_reply_and_seeds_matter():
    rng = random.Random(2)
    differ = 0
    for number in range(15):
        request, player = _spot(rng, rng.randint(2, 6))
        one = [answer_json("holdem-bot", json.dumps(dict(request, bot={"player": player, "style": "agresivo",
                                                                          "seed": seed}))) for seed in (1, 1, 2, 3)]
        assert one[0] == one[1]
        differ += len(set(one)) > 1
    assert differ >= 1


def test_every_command_reply_is_accepted_by_holdem_hand():
    rng = random.Random(8)
    for number in range(25):
        request, player = _spot(rng, rng.randint(2, 8))
        reply = ask(dict(request, bot={"player": player, "style": STYLE_NAMES[number % 3], "seed": number}))
        phh = json.loads(answer_json("holdem-hand", json.dumps(request)))["phh"]
        extended = phh.replace("\n]", f"\n  '{reply['action']}',\n]", 1)
        after = hand_reply(extended)
        assert "error" not in after, (reply, after)
        hand = replay(loads(phh))  # the play loop's agent decides the same
        pid = reply["action"].split()[0]
        action, amount = bot(STYLE_NAMES[number % 3], number)(hand, pid)
        assert (reply["decision"]["action"], reply["decision"].get("amount") if amount else None) == (action, amount)
        assert reply["reason"].startswith(player) and reply["reason"].endswith(".")


def _aggression(style: str) -> tuple[float, float]:
    """(share of bets and raises among decisions, share of hands played past the blinds) over fixed hands."""
    rng = random.Random(4)
    counts = {"aggressive": 0, "decisions": 0, "voluntary": 0, "preflop": 0}
    for number in range(80):
        n = rng.randint(2, 6)
        seats = [(f"s{i}", 200) for i in range(n)]
        deck = list(DECK)
        rng.shuffle(deck)
        agents = {name: bot(style, number, samples=8) for name, _ in seats}

        def count(hand, player, action, amount):
            counts["decisions"] += 1
            counts["aggressive"] += action in ("bet", "raise")
            if hand.street == "preflop" and player not in hand.acted:
                counts["preflop"] += 1
                counts["voluntary"] += action in ("call", "raise")

        play(seats, deck, agents, on_decision=count)
    return counts["aggressive"] / counts["decisions"], counts["voluntary"] / counts["preflop"]


def test_styles_differ_in_aggression_and_hands_played():
    prudent, balanced, aggressive = (_aggression(style) for style in STYLE_NAMES)
    assert prudent[0] < balanced[0] < aggressive[0]
    assert prudent[1] < balanced[1] < aggressive[1]


def test_a_free_check_is_checked_not_folded():
    hand = HoldemHand([("a", 100), ("b", 100)], button="b", blinds=[1, 2], min_bet=2)
    from engine.cards import parse_cards
    hand.deal_hole("a", parse_cards("7c 2d"))
    hand.deal_hole("b", parse_cards("8h 3s"))
    hand.act("b", "call")
    for style in STYLE_NAMES:
        for seed in range(20):
            assert decide(view_of(hand, "a"), style, seed).action in ("check", "raise")


PHH = ("variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [100, 100]\n"
       "actions = [{actions}]\n")


@pytest.mark.parametrize("actions, bot_, code", [
    ("'d dh p1 AsAh', 'd dh p2 KdKc'", {"player": "p1", "style": "agresivo", "seed": 1}, NotYourTurnError.code),
    ("'d dh p1 AsAh'", {"player": "p2", "style": "agresivo", "seed": 1}, NotYourTurnError.code),
    ("'d dh p1 AsAh', 'd dh p2 KdKc', 'p2 f'", {"player": "p1", "style": "agresivo", "seed": 1}, HandOverError.code),
    ("'d dh p1 AsAh', 'd dh p2 KdKc'", {"player": "p2", "style": "loco", "seed": 1}, "unknown-style"),
    ("'d dh p1 AsAh', 'd dh p2 KdKc'", {"player": "p7", "style": "agresivo", "seed": 1}, "request"),
    ("'d dh p1 AsAh', 'd dh p2 ????'", {"player": "p2", "style": "agresivo", "seed": 1}, "unknown-cards"),
    ("'d dh p1 AsAh', 'd dh p2 AsKc'", {"player": "p2", "style": "agresivo", "seed": 1}, "duplicate-card"),
    ("'d dh p1 AsAh', 'd dh p2 KdKc'", {"player": "p2", "style": "agresivo"}, "request"),
])
def test_errors_are_spanish_with_a_code(actions, bot_, code):
    reply = ask({"phh": PHH.format(actions=actions), "bot": bot_})
    assert reply["code"] == code and reply["error"][0].isupper()


def test_the_reader_seat_is_not_a_bot():
    request = {"seats": [{"name": "Tú", "stack": 100}, {"name": "Ana", "stack": 100}], "button": "Ana",
               "blinds": [1, 2], "seed": 3, "bot": {"player": "Tú", "style": "prudente", "seed": 1}}
    assert ask(dict(request, actions=[{"player": "Ana", "action": "call"}]))["field"] == "bot.player"
    reply = ask(dict(request, bot={"player": "Ana", "style": "prudente", "seed": 1}))
    assert reply["action"].startswith("p2 ") and reply["reason"].startswith("Ana ")


def _preflop_spot(holes: list[str], stacks: list[int], player: int) -> HoldemHand:
    """A hand dealt (``holes`` in PHH order, p1 first), everybody folding to ``player`` (index)."""
    from engine.cards import parse_cards
    names = [f"p{i}" for i in range(1, len(holes) + 1)]
    hand = HoldemHand(list(zip(names, stacks)), button=names[-1], blinds=[1, 2], min_bet=2)
    for name, cards in zip(names, holes):
        hand.deal_hole(name, parse_cards(cards))
    while hand.to_act != names[player]:
        hand.act(hand.to_act, "fold")
    return hand


def test_sensible_pre_flop_chart_and_short_stacks():
    holes = ["2c 3d", "4c 5d", "Ah As", "7c 2d", "9h 9d", "Kc Qc", "Jd Td", "8h 8s", "6h 6d"]
    for style in STYLE_NAMES:
        for seed in range(5):
            aces = _preflop_spot(holes, [200] * 9, 2)  # first to speak, nine-handed
            assert decide(view_of(aces, "p3"), style, seed).action == "raise"
            trash = _preflop_spot(["2c 3d", "4c 5d", "7c 2d", "Ah As"] + holes[4:], [200] * 9, 2)
            assert decide(view_of(trash, "p3"), style, seed).action == "fold"
            short = _preflop_spot(holes, [200, 200, 18] + [200] * 6, 2)  # 9 big blinds: all-in or fold
            decision = decide(view_of(short, "p3"), style, seed)
            assert (decision.action, decision.amount, decision.all_in) == ("raise", 18, True)


def test_a_made_nut_hand_is_never_folded_after_the_flop():
    from engine.cards import parse_cards
    for style in STYLE_NAMES:
        for seed in range(10):
            hand = HoldemHand([("a", 300), ("b", 300)], button="b", blinds=[1, 2], min_bet=2)
            hand.deal_hole("a", parse_cards("Ah Kd"))
            hand.deal_hole("b", parse_cards("Qs Qh"))
            hand.act("b", "call")
            hand.act("a", "check")
            hand.deal_board(parse_cards("Qc Qd 2s"))
            hand.act("a", "bet", 100)
            decision = decide(view_of(hand, "b"), style, seed)
            assert decision.action in ("call", "raise") and decision.equity > 0.95


def test_pot_odds_count_only_the_chips_a_call_plays_for():
    """Heads-up, 110 in the pot; Ana bets 601 on the flop and Beto has 345 left. His call plays for 800
    (the pot, his 345 and the 345 of Ana's bet he matches: the rest goes back to her), not 1.056: the
    price is 345 of 800, 43 %. The reason says so, and the equity his style asks on top of it."""
    from engine.cards import parse_cards
    from engine.games.holdem.bot import explain

    hand = HoldemHand([("Beto", 400), ("Ana", 1000)], button="Ana", blinds=[5, 10], min_bet=10)
    for name, cards in zip(hand.deal_order(), ("7c 2d", "As Ah")):
        hand.deal_hole(name, parse_cards(cards))
    hand.raise_to("Ana", 55), hand.call("Beto")
    hand.deal_board(parse_cards("Kc 8d 3s"))
    hand.check("Beto"), hand.bet("Ana", 601)
    view = view_of(hand, "Beto")
    assert (view.pot, view.to_call, view.winnable) == (711, 345, 800)
    decision = decide(view, "prudente", 1)
    assert decision.pot_odds == 345 / 800 and decision.needed == pytest.approx(345 / 800 + STYLES["prudente"].margin)
    text = explain(view, "Beto", decision).replace("\xa0", " ")
    assert decision.action == "fold" and "pagar 345 para un bote de 800 pide un 43 % de equity por las pot odds" in text
    assert "y, con el margen de su estilo, al menos un 51 %; la suya es solo del" in text
