"""Why a showdown ends as it does (engine/table/showdown.py), against PokerKit: the five playing cards are
PokerKit's best hand, the winner is PokerKit's, and the deciding card is the first that differs."""

from __future__ import annotations

import functools
import random

from pokerkit import StandardHighHand

from engine.cards import DECK, parse_cards
from engine.evaluation import code_of, ranks_of, strength
from engine.table.showdown import playing_five, why
from engine.table.words import YOU

RANKS = {"A": 14, "K": 13, "Q": 12, "J": 11, "T": 10}


def _text(cards) -> str:
    return "".join(str(c) for c in cards)


def _rank(symbol: str) -> int:
    return RANKS.get(symbol[:-1], None) or int(symbol[:-1])


def test_the_beginners_tie_names_the_five_cards_and_says_the_rest_do_not_count():
    board = parse_cards("Kd Qs Jc 9h 2d")
    text = why({"Ana": parse_cards("Ac 6h"), YOU: parse_cards("Ah 7h")}, board, ["Ana", YOU])
    assert text.startswith("Empate: las cinco cartas que juegan (A K Q J 9)") and "no cuentan" in text


def test_the_board_plays():
    board = parse_cards("As Ks Qs Js Ts")
    assert why({"Ana": parse_cards("2c 3d"), YOU: parse_cards("4h 5h")}, board, ["Ana", YOU]).startswith(
        "La mesa juega")


def test_the_kicker_drill_names_the_deciding_card():
    from engine.drills import make_drill

    checked = 0
    for seed in range(40):
        drill = make_drill("holdem-winner", seed, "difícil")
        if drill.family != "kicker":
            continue
        checked += 1
        first = drill.explanation[-1]
        winner = drill.answer["winners"][0]
        assert first.startswith(("Decide el ", "Decide la segunda", "Decide la tercera", "Decide la cuarta",
                                 "Decide la quinta")) and f"({winner}) gana a" in first, first
    assert checked > 5


def test_random_showdowns_agree_with_pokerkit():
    rng = random.Random(42)
    for _ in range(400):
        deck = list(DECK)
        rng.shuffle(deck)
        hole = {"Ana": deck[:2], YOU: deck[2:4]}
        board = deck[4:9]
        for name, cards in hole.items():
            theirs = StandardHighHand.from_game(_text(cards), _text(board))
            five = playing_five([*cards, *board])
            assert set(five) <= {*cards, *board} and len(set(five)) == 5
            # The same ranks as PokerKit's best hand (where two cards of a rank tie, either may play).
            assert sorted(str(c)[:-1] for c in five) == sorted(repr(c)[:-1] for c in theirs.cards)
        mine = {n: StandardHighHand.from_game(_text(c), _text(board)) for n, c in hole.items()}
        text = why(hole, board, ["Ana", YOU])
        if mine["Ana"] == mine[YOU]:
            assert text.startswith(("Empate", "La mesa juega")), text
            continue
        winner = max(mine, key=lambda n: mine[n])
        label = "tú" if winner == YOU else winner
        assert f"({label}) gana a" in text, text
        values = {n: strength([*c, *board]) for n, c in hole.items()}
        loser = next(n for n in hole if n != winner)
        if code_of(values[winner]) == code_of(values[loser]):
            # The named cards: the first tie rank that differs, higher for the winner.
            won, lost = text.split(": ", 1)[1].split(" gana a ")
            first = next(i for i, (a, b) in enumerate(zip(ranks_of(values[winner]), ranks_of(values[loser]))) if a != b)
            assert _rank(won.split(" ")[0]) == ranks_of(values[winner])[first] > _rank(lost.split(" ")[0])


def test_mata_ases_showdowns_say_what_decided_and_name_the_pots_winner():
    from engine.protocol import answer
    from engine.table.showdown import who

    info = answer("game-info", {"game": "mata-ases"})
    setup = {f["key"]: f["default"] for f in info["setup"]}
    said = 0
    for seed in range(1, 41):
        reply = answer("play-start", {"game": "mata-ases", "mode": "free", "session": "t-why",
                                      "table": {**setup, "seed": seed}})
        while "result" not in reply:
            while reply.get("more"):
                reply = answer("play-step", {"session": "t-why"})
            if "result" in reply:
                break
            option = next(o for o in reply["next"]["can"] if o["action"] in ("up", "call", "check"))
            decision = {"action": option["action"], **({"amount": option["amount"]} if "amount" in option else {})}
            reply = answer("play-step", {"session": "t-why", "decision": decision})
        result = reply["result"]
        last = result["shows"][-1] if result["shows"] else {}
        if last.get("why") and len(result["pots"]) == 1:
            said += 1
            winners = result["pots"][0]["winners"]
            text = last["why"][0]
            assert any(f"({who(w)}) gana a" in text for w in winners) or text.startswith("Empate"), (seed, text, winners)
    assert said > 10


@functools.cache
def _treys():
    import treys

    return treys, treys.Evaluator()


def _treys_rank(cards, board) -> int:
    treys, evaluator = _treys()
    return evaluator.evaluate([treys.Card.new(str(c)) for c in board], [treys.Card.new(str(c)) for c in cards])


def test_a_split_with_a_third_player_losing_names_every_tied_winner_and_the_five_cards():
    """Issue 50, item 4: «Decide la jugada: escalera al 10 (Ana) gana a…» when Ana and the reader split. The
    tie and the loser are treys's (an independent evaluator); the five cards are PokerKit's best hand."""
    rng = random.Random(50)
    checked = 0
    while checked < 60:
        deck = list(DECK)
        rng.shuffle(deck)
        hole = {"Ana": deck[:2], YOU: deck[2:4], "Beto": deck[4:6]}
        board = deck[6:11]
        ranks = {n: _treys_rank(c, board) for n, c in hole.items()}
        best = min(ranks.values())
        tied = [n for n in hole if ranks[n] == best]
        if len(tied) != 2:
            continue
        checked += 1
        text = why(hole, board, list(hole))
        shown = ["tú" if n == YOU else n for n in tied]
        assert text.startswith(f"Empate entre {shown[0]} y {shown[1]}") or text.startswith(
            f"Empate entre {shown[1]} y {shown[0]}"), text
        assert "se reparten el bote" in text, text
        loser = next(n for n in hole if n not in tied)
        assert f"({'tú' if loser == YOU else loser})." in text and (" gana a " in text or " ganan a " in text), text
        five = StandardHighHand.from_game(_text(hole[tied[0]]), _text(board))
        said = text.split("juegan (", 1)[1].split(")", 1)[0].split()
        assert sorted(said) == sorted(repr(c)[:-1].replace("T", "10") for c in five.cards), (text, five)


def test_each_contested_pot_says_which_pot_and_its_chips():
    """Issue 50, item 5: with side pots, each sentence names its pot and its amount; one pot, no label."""
    from engine.table.showdown import explanations

    hole = {"Ana": parse_cards("Ah Ad"), "Beto": parse_cards("Kh Kd"), YOU: parse_cards("Qh Qd")}
    board = parse_cards("9c 8c 6d 3s 2h")
    said = explanations(hole, board, [(["Ana", "Beto", YOU], 300), (["Beto", YOU], 400)])
    assert said == ["En el bote principal (300), decide la pareja: A♥ (Ana) gana a K♥ (Beto).",
                    "En el bote secundario (400), decide la pareja: K♥ (Beto) gana a Q♥ (tú)."]
    assert explanations(hole, board, [(["Beto", YOU], 1200)]) == ["Decide la pareja: K♥ (Beto) gana a Q♥ (tú)."]


def test_players_tied_for_second_are_all_named_in_one_order_whatever_order_they_come_in():
    """Two players whose best five are worth the same, both beaten: the sentence names both, each with the
    deciding card, and reads the same whichever order the hands arrive in (a table's seats or a history's)."""
    board = parse_cards("9s 6s 2d Jc 4h")
    hands = {"Ana": parse_cards("9h Kc"), "Dani": parse_cards("6d 3c"), YOU: parse_cards("6h 3d")}
    said = why(hands, board, list(hands))
    assert said == "Decide la pareja: 9♠ (Ana) gana a 6♠ (Dani) y 6♠ (tú).", said
    reversed_order = dict(reversed(list(hands.items())))
    assert why(reversed_order, board, list(reversed_order)) == said
