"""A Hold'em bot's reason says what its own figures say: «floja» only when its chart would not open the
hand from any seat, the chart's points and threshold when the seat decides; «no puede subir» only when
no raise is offered, with the true cause; the pot odds, and the margin on top of them, as the figures
the call was weighed against."""

from __future__ import annotations

import random

from engine.cards import DECK, parse_cards
from engine.games.holdem import bot_chart as chart
from engine.games.holdem.bot import explain
from engine.games.holdem.bot_play import play
from engine.games.holdem.bot_policy import STYLES, decide
from engine.games.holdem.bot_texts import _NO_RAISE
from engine.games.holdem.bot_view import view_of
from engine.games.holdem.hand import HoldemHand
from engine.spanish import percent


def _checked(style: str, seed: int, seen: dict):
    def act(hand: HoldemHand, player: str):
        view = view_of(hand, player)
        decision = decide(view, style, seed, samples=4)
        text = explain(view, player, decision)
        kinds = {o["action"] for o in hand.legal_actions()}
        live = [q for q in hand.live() if q != player]
        if decision.why in ("open-capped", "reraise-capped"):
            assert not kinds & {"bet", "raise"}, (text, kinds)
            cause = ("stack" if hand.call_amount(player) >= hand.stacks[player]
                     else "all-in" if all(hand.stacks[q] == 0 for q in live) else "closed")
            assert decision.no_raise == cause and _NO_RAISE[cause] in text, (text, cause)
            seen[cause] = seen.get(cause, 0) + 1
        else:
            assert "no puede subir" not in text and "no puede volver a subir" not in text, text
        if "floja" in text:
            assert decision.score < chart.open_threshold(behind=1, style=style), text
            seen["weak"] = seen.get("weak", 0) + 1
        if decision.pot_odds is not None and "de equity" in text:
            assert f"un {percent(decision.pot_odds, 0)} de equity" in text, text
            if decision.needed is not None and percent(decision.needed, 0) != percent(decision.pot_odds, 0):
                assert f"al menos un {percent(decision.needed, 0)}" in text, text
        assert "mano fuerte" not in text
        return decision.action, decision.amount if decision.action in ("bet", "raise") else None
    return act


def test_random_bot_reasons_match_their_figures():
    rng = random.Random(43)
    seen: dict = {}
    for _ in range(250):
        n = rng.randint(2, 9)
        seats = [(f"s{i}", rng.choice([rng.randint(1, 6), rng.randint(6, 40), rng.randint(40, 400)])) for i in range(n)]
        agents = {name: _checked(rng.choice(tuple(STYLES)), rng.randint(0, 99), seen) for name, _ in seats}
        deck = list(DECK)
        rng.shuffle(deck)
        play(seats, deck, agents, blinds=(1, 2))
    assert seen.get("stack", 0) >= 3 and seen.get("all-in", 0) >= 1 and seen.get("weak", 0) >= 3, seen


def test_ace_queen_offsuit_in_a_middle_seat_is_not_called_weak():
    """Nine players, Ace-Queen offsuit in the middle (five behind), the careful style: its chart says
    9 points and asks 9.5 there, so it folds; it would open with fewer players behind, and says so."""
    names = [f"p{i}" for i in range(1, 10)]
    hand = HoldemHand([(q, 1000) for q in names], button="p9", blinds=[5, 10], min_bet=10)
    deck = iter(c for c in DECK if str(c) not in ("As", "Qd"))
    for name in hand.deal_order():
        hand.deal_hole(name, parse_cards("As Qd") if name == "p6" else [next(deck), next(deck)])
    for name in ("p3", "p4", "p5"):
        hand.fold(name)
    view = view_of(hand, "p6")
    decision = decide(view, "prudente", 1, samples=4)
    text = explain(view, "p6", decision)
    assert view.behind == 5 and decision.action == "fold" and decision.score == chart.score("As", "Qd") == 9
    assert "floja" not in text
    assert text == ("p6 se retira: con As y Reina de distinto palo no le basta para abrir desde "
                    f"{text.split('desde ')[1].split(' con')[0]} con 5 jugadores por hablar detrás: su tabla de "
                    "manos iniciales (una nota para cada mano antes del flop) le da 9 puntos y ahí pide 9,5.")
