"""Texas Hold'em hands: replaying PHH hands with the engine next to PokerKit's ``HandHistory``, and the
time of one ``holdem-hand`` reply.

    .venv/bin/python benchmarks/bench_holdem_hand.py [--hands N] [--seed S]

Prints figures; asserts nothing.

- Replay: N seeded random hands of 2 to 10 players (random stacks, antes in half of them, random legal
  play; hands PokerKit reads differently are left out: a fold where checking is free, a stack short of
  its blind plus ante), written as PHH by the engine. Each is read and replayed to its end by the engine
  (``phh.loads`` + ``phh.replay``) and by PokerKit 0.7.7 (``list(HandHistory.loads(text))``, its
  documented replay), in the same run, alternating; the figure is hands per second and the ratio.
- Reply: the whole ``holdem-hand`` request through ``engine.protocol.answer_json`` (JSON in, PHH read,
  replay, every event worded, JSON out) on the same hands: median and 95th percentile.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import protocol  # noqa: E402
from engine.cards import DECK  # noqa: E402
from engine.games.holdem_hand import HoldemHand, dumps, loads, replay  # noqa: E402
from engine.table import Folding  # noqa: E402


def random_hand(rng: random.Random) -> str | None:
    n = rng.randint(2, 10)
    names = [f"p{i}" for i in range(1, n + 1)]
    stacks = [rng.choice([rng.randint(5, 40), rng.randint(40, 5000)]) for _ in names]
    antes = rng.choice([[], [0, 10], [2] * n])
    hand = HoldemHand(list(zip(names, stacks)), button=names[-1], blinds=[5, 10], antes=antes, min_bet=10)
    if any(hand.starting_stacks[p] < hand.blinds[i] + hand.antes[i] for i, p in enumerate(hand.by_position)):
        return None
    deck = list(DECK)
    rng.shuffle(deck)
    while not hand.over:
        if hand.phase == "deal-hole":
            hand.deal_hole(hand.undealt()[0], [deck.pop(), deck.pop()])
        elif hand.phase == "deal-board":
            hand.deal_board([deck.pop() for _ in range(hand.board_due())])
        elif hand.phase == "showdown":
            hand.finish()
        else:
            options = hand.legal_actions()
            weights = [1 if o["action"] in ("fold", "bet", "raise") else 3 for o in options]
            option = rng.choices(options, weights)[0]
            if option["action"] == "fold" and any(o["action"] == "check" for o in options):
                option = next(o for o in options if o["action"] == "check")
            amount = rng.choice([option["min"], option["max"]]) if "min" in option else None
            hand.act(hand.to_act, option["action"], amount)
    if any(isinstance(e, Folding) and e.free for e in hand.events):
        return None
    return dumps(hand)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    texts: list[str] = []
    while len(texts) < args.hands:
        text = random_hand(rng)
        if text is not None:
            texts.append(text)
    actions = sum(len(loads(t).actions) for t in texts)
    print(f"{len(texts)} manos PHH de 2 a 10 jugadores, {actions / len(texts):.1f} acciones de media")
    try:
        from pokerkit import HandHistory
    except ImportError:
        HandHistory = None
        print("PokerKit no está instalado (requirements-dev.txt): solo el motor.")
    engine_time = pokerkit_time = 0.0
    for text in texts:  # alternating, so both see the same machine load
        start = time.perf_counter()
        replay(loads(text))
        engine_time += time.perf_counter() - start
        if HandHistory is not None:
            start = time.perf_counter()
            list(HandHistory.loads(text))
            pokerkit_time += time.perf_counter() - start
    print(f"motor:    {len(texts) / engine_time:8.0f} manos/s ({1000 * engine_time / len(texts):.2f} ms por mano)")
    if HandHistory is not None:
        print(f"PokerKit: {len(texts) / pokerkit_time:8.0f} manos/s ({1000 * pokerkit_time / len(texts):.2f} ms por "
              f"mano) -> el motor, {pokerkit_time / engine_time:.1f} veces más rápido (objetivo: 10)")
    times = []
    for text in texts:
        line = json.dumps({"phh": text})
        start = time.perf_counter()
        protocol.answer_json("holdem-hand", line)
        times.append(1000 * (time.perf_counter() - start))
    times.sort()
    p95 = times[int(0.95 * (len(times) - 1))]
    print(f"respuesta holdem-hand: mediana {statistics.median(times):.2f} ms, p95 {p95:.2f} ms (objetivo: p95 <= 20 ms)")


if __name__ == "__main__":
    main()
