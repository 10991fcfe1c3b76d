"""Texas Hold'em hands on the table core, through the `holdem-hand` command and PHH files
(tests/engine/games/holdem/phh/): the famous cases, the order of play and of the showdown, pots and odd chips."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.cards import DECK, parse_cards
from engine.games.holdem.hand import HoldemHand
from engine.games.holdem.phh import dumps
from engine.table.rotation import next_hand
from engine.protocol import answer
from engine.table import IllegalActionError, InvalidAmountError

PHH = Path(__file__).parent / "phh"


def play(name: str, extra_actions: tuple[str, ...] = ()) -> dict:
    text = (PHH / f"{name}.phh").read_text()
    if extra_actions:
        text = text.replace("\n]\n", "\n" + "".join(f"  '{a}',\n" for a in extra_actions) + "]\n", 1)
    return answer("holdem-hand", {"phh": text})


def events(reply: dict, kind: str) -> list[dict]:
    return [e for e in reply["events"] if e["type"] == kind]


def test_heads_up_the_button_is_the_small_blind_first_before_the_flop_last_after():
    reply = play("heads_up")
    blinds = events(reply, "blind")
    assert [(e["player"], e["amount"]) for e in blinds] == [("p2", 50), ("p1", 100)]
    assert [e["player"] for e in events(reply, "hole")] == ["p1", "p2"]  # the big blind gets cards first
    openers = [e["player"] for e in events(reply, "first_to_act")]
    assert openers == ["p2", "p1", "p1", "p1"]
    show = events(reply, "showdown")[0]
    assert "enseña primero Ana" in show["text"] and "TDA 2024, regla 17" in show["cite"]
    assert [e["player"] for e in events(reply, "show")] == ["p1", "p2"]  # no river bet: the big blind first
    assert reply["finishing_stacks"] == [2500, 2500]
    assert reply["names"] == ["Ana", "Beto"]


def test_heads_up_the_button_may_be_told_to_act_first_and_the_big_blind_has_the_option():
    reply = answer("holdem-hand", {"phh": (PHH / "heads_up.phh").read_text().split("  'p2 cbr 300'")[0] + "]\n"})
    assert reply["next"] == {"player": "p2", "can": [
        {"action": "fold", "phh": "p2 f"}, {"action": "call", "amount": 50, "phh": "p2 cc"},
        {"action": "raise", "min": 200, "max": 3000, "phh": "p2 cbr"}]}


def test_a_short_all_in_does_not_reopen_the_betting():
    reply = play("short_all_in")
    assert reply["next"]["player"] == "p1"
    assert [o["action"] for o in reply["next"]["can"]] == ["fold", "call"]
    assert reply["next"]["can"][1]["amount"] == 50
    short = events(reply, "raise")[-1]
    assert "no reabre las apuestas" in short["text"] and "TDA 2024, regla 47" in short["cite"]
    refused = play("short_all_in", ("p1 cbr 300",))
    assert refused["code"] == IllegalActionError.code and refused["at"] == 10
    assert "no reabre" in refused["error"] and refused["line"] == 20


def test_two_short_all_ins_that_add_up_to_a_full_raise_reopen_it():
    reply = play("short_all_ins_reopen")
    raise_option = reply["next"]["can"][-1]
    assert raise_option == {"action": "raise", "min": 310, "max": 980, "phh": "p1 cbr"}


def test_the_guides_side_pots():
    reply = play("guide_side_pots")
    pots = [(p["amount"], p["eligible"], p["winners"]) for p in reply["pots"]]
    assert pots == [(510, ["p2", "p3", "p4", "p9"], ["p3"]), (200, ["p2", "p4", "p9"], ["p2"]),
                    (600, ["p2", "p9"], ["p2"])]
    wins = events(reply, "win")
    assert [e["amount"] for e in wins] == [600, 200, 510]  # side pots first, the main pot last (TDA 21)
    assert reply["finishing_stacks"] == [990, 800, 510, 0, 1000, 1000, 850, 1000, 0]
    runout = events(reply, "runout")
    assert runout and runout[0]["street"] == "preflop"


def test_the_side_pots_stand_before_the_board_is_dealt():
    text = (PHH / "guide_side_pots.phh").read_text().split("  'd db Td6s2d'")[0] + "]\n"
    reply = answer("holdem-hand", {"phh": text})
    assert [(p["amount"], p["eligible"]) for p in reply["pots"]] == [
        (510, ["p2", "p3", "p4", "p9"]), (200, ["p2", "p4", "p9"]), (600, ["p2", "p9"])]
    assert reply["next"] == {"dealer": "board", "cards": 3}


def test_a_split_pot_gives_the_odd_chip_to_the_first_winner_left_of_the_button():
    reply = play("odd_chip")
    assert reply["pots"] == [{"amount": 775, "eligible": ["p3", "p6"], "winners": ["p3", "p6"]}]
    win = events(reply, "win")[0]
    assert "388 para UTG y 387 para D" in win["text"] and "20-A" in win["cite"]
    assert reply["finishing_stacks"][2] - 620 == 388 and reply["finishing_stacks"][5] - 620 == 387


def test_the_big_blind_ante_is_dead_money_posted_by_the_big_blind():
    reply = play("bb_ante")
    antes = events(reply, "ante")
    assert [(e["player"], e["amount"]) for e in antes] == [("p2", 100)]
    assert "no cuenta para igualar" in antes[0]["text"]
    assert [(e["player"], e["amount"]) for e in events(reply, "return")] == [("p2", 50)]
    assert reply["pots"] == [{"amount": 200, "eligible": ["p2"], "winners": ["p2"]}]
    assert reply["finishing_stacks"] == [4950, 5050, 5000, 5000]


def test_the_blind_comes_before_the_ante_when_the_big_blind_cannot_cover_both():
    hand = HoldemHand([("p1", 1000), ("p2", 130), ("p3", 1000)], button="p3", blinds=[50, 100],
                      antes=[0, 100, 0], min_bet=100)
    assert (hand.bets["p2"], hand.dead["p2"], hand.stacks["p2"]) == (100, 30, 0)


def test_the_uncalled_part_of_a_bet_comes_back():
    reply = play("uncalled")
    back = events(reply, "return")
    assert [(e["player"], e["amount"], e["street"]) for e in back] == [("p1", 180, "flop")]
    assert reply["pots"] == [{"amount": 280, "eligible": ["p1", "p2"], "winners": ["p1"]}]
    assert reply["finishing_stacks"] == [1140, 0, 1000]


def test_the_last_bettor_of_the_river_shows_first():
    text = (PHH / "odd_chip.phh").read_text().replace("  'd db Ts',\n  'p3 cc',\n  'p6 cc',",
                                                         "  'd db Ts',\n  'p3 cc',\n  'p6 cbr 10',\n  'p3 cc',")
    reply = answer("holdem-hand", {"phh": text})
    assert [e["player"] for e in events(reply, "show")] == ["p6", "p3"]
    assert "última apuesta o subida del river" in events(reply, "showdown")[0]["text"]


def test_a_fold_where_checking_is_free_is_offered_and_stands():
    text = (PHH / "heads_up.phh").read_text().split("  'p1 cc',\n  'p2 cbr 200'")[0] + "]\n"
    reply = answer("holdem-hand", {"phh": text})
    assert reply["next"]["can"][:2] == [{"action": "fold", "phh": "p1 f"}, {"action": "check", "phh": "p1 cc"}]
    folded = answer("holdem-hand", {"phh": text.replace("\n]\n", "\n  'p1 f',\n]\n")})
    assert folded["status"] == "over" and folded["finishing_stacks"] == [1700, 3300]
    assert "la retirada se mantiene" in events(folded, "fold")[0]["text"]


def test_the_dealer_steps_are_asked_for_in_order():
    reply = answer("holdem-hand", {"phh": "variant = 'NT'\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n"
                                          "starting_stacks = [10, 10, 10]\nactions = ['d dh p1 ????']\n"})
    assert reply["next"] == {"dealer": "hole", "player": "p2", "cards": 2}
    assert reply["bets"] == [1, 2, 0] and reply["stacks"] == [9, 8, 10] and reply["pots"] == []


def test_every_event_is_explained_in_spanish():
    for name in ("heads_up", "guide_side_pots", "odd_chip", "uncalled", "bb_ante"):
        for e in play(name)["events"]:
            assert e["text"] and e["text"][0].isupper() and e["text"].endswith("."), e


def test_the_next_hand_under_the_dead_button_rule():
    # p3 (the big blind's left) busts: the big blind skips him, p2 (last big blind) posts the small blind
    nxt = next_hand(["p1", "p2", "p3", "p4", "p5"], small_blind="p1", big_blind="p2", busted=["p3"])
    assert (nxt.button, nxt.small_blind, nxt.big_blind, nxt.dead_button) == ("p1", "p2", "p4", False)
    # the small blind busts: the button stays dead on his seat
    nxt = next_hand(["p1", "p2", "p3", "p4", "p5"], small_blind="p1", big_blind="p2", busted=["p1"])
    assert (nxt.button, nxt.small_blind, nxt.big_blind, nxt.dead_button) == ("p1", "p2", "p3", True)
    # the big blind busts: no small blind next hand
    nxt = next_hand(["p1", "p2", "p3", "p4", "p5"], small_blind="p1", big_blind="p2", busted=["p2"])
    assert (nxt.small_blind, nxt.big_blind) == (None, "p3")
    # down to two: nobody posts the big blind twice in a row
    nxt = next_hand(["p1", "p2", "p3"], small_blind="p1", big_blind="p2", busted=["p3"])
    assert (nxt.button, nxt.small_blind, nxt.big_blind) == ("p2", "p2", "p1")
    assert next_hand(["p1", "p2"], small_blind="p2", big_blind="p1", busted=["p2"]) is None


def test_the_hand_reports_the_next_button_with_players_out():
    reply = play("guide_side_pots")
    nxt = events(reply, "next_hand")[0]
    assert "UTG2 y D" in nxt["text"] and nxt["player"] == "p3"
    assert "botón muerto" not in nxt["text"] and "queda muerto" not in nxt["text"]


def test_a_hand_played_by_method_calls():
    hand = HoldemHand([("A", 100), ("B", 100)], button="B", blinds=[1, 2], min_bet=2)
    hand.deal_hole("A", parse_cards("As Ah"))
    hand.deal_hole("B", parse_cards("Ks Kh"))
    assert hand.to_act == "B" and hand.position == {"A": "BB", "B": "D/SB"}
    hand.raise_to("B", 100)
    hand.call("A")
    for cards in ("2c 7d 9h", "3s", "4d"):
        hand.deal_board(parse_cards(cards))
    assert hand.over and hand.stacks == {"A": 200, "B": 0}


def test_the_reply_says_who_may_raise_again_after_short_all_ins():
    last = events(play("short_all_ins_reopen"), "raise")[-1]
    assert "suma para Ana al menos una subida completa" in last["text"]
    assert "volver a subir" not in events(play("short_all_in"), "raise")[-1]["text"]


NATIVE = {"seats": [{"name": "Tú", "stack": 1000}, {"name": "Ana", "stack": 1000}, {"name": "Beto", "stack": 1000}],
          "button": "Beto", "blinds": [10, 20]}


def test_the_native_form_deals_from_the_deck_like_a_dealer_and_speaks_to_the_reader():
    deck = [str(c) for c in parse_cards("As Kd 2c Ah Kc 3d 9s 7h 7d 7c 4s 5s 6s 8s")]
    deck += [str(c) for c in DECK if str(c) not in deck]
    reply = answer("holdem-hand", {**NATIVE, "deck": deck, "actions": [
        {"player": "Beto", "action": "fold"}, {"player": "Tú", "action": "call"},
        {"player": "Ana", "action": "check"}]})
    holes = {e["player"]: e["cards"] for e in events(reply, "hole")}
    # one card at a time from the left of the button: Tú gets the 1st and 4th cards
    assert holes == {"Tú": ["As", "Ah"], "Ana": ["Kd", "Kc"], "Beto": ["2c", "3d"]}
    assert reply["board"] == ["7h", "7d", "7c"]  # 9s burnt first
    assert events(reply, "blind")[0]["text"] == "Pones la ciega pequeña: 10."
    assert reply["next"]["player"] == "Tú" and reply["players"] == ["Tú", "Ana", "Beto"]
    again = answer("holdem-hand", {"phh": reply["phh"]})
    assert again["stacks"] == reply["stacks"] and again["board"] == reply["board"]


def test_the_native_form_refuses_an_illegal_action_at_its_index():
    reply = answer("holdem-hand", {**NATIVE, "seed": 4, "actions": [
        {"player": "Beto", "action": "call"}, {"player": "Tú", "action": "raise", "amount": 30}]})
    assert (reply["code"], reply["at"], reply["field"]) == (InvalidAmountError.code, 1, "actions[1]")
    assert reply["error"].startswith("No puedes subir a 30: la subida mínima es a 40")
    same = answer("holdem-hand", {**NATIVE, "seed": 4, "actions": [{"player": "Beto", "action": "call"}]})
    assert same == answer("holdem-hand", {**NATIVE, "seed": 4, "actions": [{"player": "Beto", "action": "call"}]})
    assert answer("holdem-hand", {**NATIVE, "seed": 4, "seats": NATIVE["seats"][:1]})["code"] == "request"


def test_an_ante_from_everybody_counts_as_each_player_s_own_chips_in_the_pots():
    """TDA 21: a short all-in wins from each rival at most what he put in himself, ante included. Antes 10,
    blinds 50/100, four players, the big blind has 75: he posts them as his blind (no ante left) and the
    others call 75; each of them also put in an ante, so the main pot is 4 × 75 and their antes, 30, make
    a side pot he cannot win."""
    hand = HoldemHand([("p1", 1000), ("p2", 75), ("p3", 1000), ("p4", 1000)], button="p4", blinds=[50, 100],
                      antes=[10, 10, 10, 10], min_bet=100)
    for name in hand.deal_order():
        hand.deal_hole(name, [None, None])
    hand.call("p3"), hand.call("p4"), hand.call("p1")
    assert [(pot.amount, pot.eligible) for pot in hand.pots()] == [(300, ("p1", "p2", "p3", "p4")),
                                                                   (30, ("p1", "p3", "p4"))]
    text = ("variant = 'NT'\nantes = [10, 10, 10, 10]\nblinds_or_straddles = [50, 100, 0, 0]\nmin_bet = 100\n"
            "starting_stacks = [1000, 75, 1000, 1000]\nactions = ['d dh p1 2c3d', 'd dh p2 AsAh', 'd dh p3 7c8d', "
            "'d dh p4 9s4h', 'p3 cc', 'p4 cc', 'p1 cc', 'd db KcQd2s', 'p1 cc', 'p3 cc', 'p4 cc', 'd db 5h', "
            "'p1 cc', 'p3 cc', 'p4 cc', 'd db Jc', 'p1 cc', 'p3 cc', 'p4 cc']\n")
    reply = answer("holdem-hand", {"phh": text})
    assert [(p["amount"], p["winners"]) for p in reply["pots"]] == [(300, ["p2"]), (30, ["p1"])]
    assert reply["finishing_stacks"] == [1000 - 85 + 30, 300, 915, 915]
    dead = answer("holdem-hand", {"phh": text.replace("variant = 'NT'\n", "variant = 'NT'\nante_trimming_status = false\n")})
    assert [(p["amount"], p["winners"]) for p in dead["pots"]] == [(330, ["p2"])]  # PHH can say the antes are dead


def test_the_phh_of_a_hand_with_antes_says_how_they_count():
    hand = HoldemHand([("p1", 100), ("p2", 100), ("p3", 100)], button="p3", blinds=[1, 2], antes=[1, 1, 1], min_bet=2)
    assert "ante_trimming_status = true" in dumps(hand)
    single = HoldemHand([("p1", 100), ("p2", 100), ("p3", 100)], button="p3", blinds=[1, 2], antes=[0, 2, 0], min_bet=2)
    assert "ante_trimming_status = false" in dumps(single) and single.rules.dead_antes


def test_betting_closes_when_only_one_player_with_chips_is_left_and_he_owes_nothing():
    """Three players, the button all-in for 300 before the flop, both blinds call; on the flop the small
    blind folds where checking is free. Nobody could answer a bet of the big blind: the round is over and
    the board runs out to the showdown, every hand face up."""
    hand = HoldemHand([("sb", 1000), ("bb", 800), ("d", 300)], button="d", blinds=[50, 100], min_bet=100)
    for name, cards in zip(hand.deal_order(), ("2c 3d", "Kh Kd", "As Ah")):
        hand.deal_hole(name, parse_cards(cards))
    hand.raise_to("d", 300), hand.call("sb"), hand.call("bb")
    hand.deal_board(parse_cards("7c 8d 9s"))
    assert hand.to_act == "sb"
    hand.fold("sb")
    assert hand.to_act is None and not hand.betting and hand.legal_actions() == []
    assert hand.phase == "deal-board" and hand.all_in_runout
    hand.deal_board(parse_cards("Jc")), hand.deal_board(parse_cards("2h"))
    assert hand.over and hand.stacks == {"sb": 700, "bb": 500, "d": 900}


def test_the_big_blind_is_not_asked_when_nobody_could_answer_him():
    """The small blind all-in for less, everybody else folds: the big blind alone has chips and owes
    nothing, so the board runs out. PokerKit asks him to check and writes «p2 cc»: a hand history with
    that check is read all the same."""
    text = (PHH / "oracle" / "big_blind_option_after_short_all_in.phh").read_text()
    upto = text.split(", 'p2 cc'")[0] + "]\n"
    upto = upto[:upto.index("actions = [")] + upto[upto.index("actions = ["):].split("]")[0] + "]\n"
    reply = answer("holdem-hand", {"phh": upto})
    assert reply["next"] == {"dealer": "board", "cards": 3}
    assert reply["events"][-1]["type"] == "show" and any(e["type"] == "runout" for e in reply["events"])
    assert answer("holdem-hand", {"phh": text})["finishing_stacks"] == [0, 17204, 28268]
