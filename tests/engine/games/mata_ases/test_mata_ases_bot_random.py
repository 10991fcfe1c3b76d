"""Complete Mata Ases hands played by bots: every decision is accepted, chips are conserved, every
hand ends, and the three styles differ measurably.

Random tables (2-8 players, both modalities, fixed and no-limit, short stacks, misexposed cards);
every seat is a bot of a style given by the seat and the hand, except «Tú», who plays at random. The
run plays 150 hands by default; ``make fuzz`` plays ``FUZZ_EXAMPLES``, and ``MATA_ASES_BOT_HANDS`` sets
any number, e.g.
``MATA_ASES_BOT_HANDS=3000 .venv/bin/python -m pytest tests/engine/games/mata_ases/test_mata_ases_bot_random.py``.
"""

from __future__ import annotations

import collections
import os
import random

from engine import protocol
from engine.games.mata_ases.bot_policy import STYLES, choose
from engine.games.mata_ases.command import play
from engine.games.mata_ases.simulate import random_decision, random_table

HANDS = int(os.environ.get("MATA_ASES_BOT_HANDS") or os.environ.get("FUZZ_EXAMPLES") or 150)
#: Decisions of one hand can never exceed this (four deals of at most four rounds and card choices).
LIMIT = 600


def play_bots(rng: random.Random, h: int, counts: dict) -> None:
    req = random_table(rng)
    hand, error = play(req)
    assert error is None
    total = hand.chips_in_play()
    styles = {n: list(STYLES)[(i + h) % 3] for i, n in enumerate(hand.names)}
    for _ in range(LIMIT):
        if hand.is_over:
            break
        p = hand.to_act
        if p == "Tú":
            d = random_decision(hand, rng)
            hand.act(p, d["action"], d.get("amount"))
        else:
            facing = hand.can_call(p)
            move, _ = choose(hand, p, styles[p], h)
            hand.act(p, move.action, move.amount)  # raises if the hand refuses the decision
            kind = "facing" if facing else "open"
            counts[styles[p]][kind] += 1
            counts[styles[p]][(kind, move.action)] += 1
        assert hand.chips_in_play() == total
        assert all(stack >= 0 for stack in hand.stacks.values())
    assert hand.is_over
    assert hand.pot == 0 and sum(hand.stacks.values()) == total


def test_bots_play_complete_hands_and_their_styles_differ():
    rng = random.Random(2024)
    counts = {s: collections.Counter() for s in STYLES}
    for h in range(HANDS):
        play_bots(rng, h, counts)

    def rate(style, kind, *actions):
        return sum(counts[style][(kind, a)] for a in actions) / counts[style][kind]

    bets = [rate(s, "open", "bet") for s in STYLES]  # prudente, equilibrado, agresivo
    folds = [rate(s, "facing", "fold") for s in STYLES]
    raises = [rate(s, "facing", "raise") for s in STYLES]
    shows = [counts[s][("open", "down")] / (counts[s][("open", "up")] + counts[s][("open", "down")]) for s in STYLES]
    assert bets[0] < bets[1] < bets[2], bets
    assert folds[0] > folds[1] > folds[2], folds
    assert raises[0] < raises[2], raises
    assert shows[0] < shows[1] < shows[2], shows


def test_the_protocol_command_gives_the_engine_decision_along_whole_hands():
    rng = random.Random(77)
    for h in range(6):
        req = random_table(rng, players=2 + h, exposure=0.0, early=0.0)
        hand, _ = play(req)
        while not hand.is_over:
            p = hand.to_act
            style = list(STYLES)[h % 3]
            if p == "Tú":
                d = random_decision(hand, rng)
            else:
                move, _ = choose(hand, p, style, h)
                reply = protocol.answer("mata-ases-bot", dict(req, bot={"player": p, "style": style, "seed": h}))
                d = reply["action"]
                assert d == move.to_json(p) and reply["reason"] == move.reason
            hand.act(p, d["action"], d.get("amount"))
            req["actions"].append(d)
