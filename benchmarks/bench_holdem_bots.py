"""Hold'em bots (``holdem-bot``): their margins over paired deals, and the time of one decision.

    .venv/bin/python benchmarks/bench_holdem_bots.py [--pairs N] [--seed S] [--spots M]

Prints figures; asserts nothing.

- Margins: heads-up, 100 big blinds each (blinds 1/2, stacks 200). Each deal is played twice with the
  same deck, the seats swapped (a PAIRED deal: the cards' luck cancels out). A pair's result is the
  bot's net chips over both hands, in big blinds per hand; the figure is the mean over N pairs with
  its 95 % interval (mean ± 1,96 standard errors). Each style against a random player (one of the
  offered kinds at random, bets up to a pot-sized raise, all-in one time in ten), against a calling
  station (checks or calls, always), and the styles against each other.
- Decision time: every bot decision of those hands (view + decision, the budget of
  :data:`engine.games.holdem.bot_policy.EVALUATIONS` hand evaluations for an equity), p50 and p95, in CPU
  time of this process (``time.process_time``: the machine may be shared) and in wall time; then the whole
  ``holdem-bot`` request through ``engine.protocol.answer_json`` (JSON in, PHH read and replayed twice,
  decision, reason, JSON out) on M spots from those hands, beside the ``holdem-hand`` reply of the same
  PHH (the reference: the same hand read and replayed once, every event worded).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import protocol  # noqa: E402
from engine.cards import DECK  # noqa: E402
from engine.games.holdem.bot_policy import STYLES, decide
from engine.games.holdem.bot_view import view_of  # noqa: E402
from engine.games.holdem.bot_play import calling_station, play, random_player  # noqa: E402
from engine.games.holdem.phh import dumps  # noqa: E402
from results import es, record  # noqa: E402

BB = 2
STACK = 200

times: list[float] = []
cpu_times: list[float] = []
spots: list[tuple[str, str, str, int]] = []  # (phh, player, style, seed)


def timed_bot(style: str, seed: int, rng: random.Random):
    def act(hand, player):
        start, cpu = time.perf_counter(), time.process_time()
        decision = decide(view_of(hand, player), style, seed)
        times.append(time.perf_counter() - start)
        cpu_times.append(time.process_time() - cpu)
        if rng.random() < 0.05:
            spots.append((dumps(hand), f"p{hand.deal_order().index(player) + 1}", style, seed))
        return decision.action, decision.amount if decision.action in ("bet", "raise") else None

    return act


def margin(make_bot, make_other, pairs: int, seed: int) -> tuple[float, float]:
    """Mean of the bot's big blinds per hand over paired deals, and the half-width of its 95 % interval."""
    rng = random.Random(seed)
    results = []
    for i in range(pairs):
        deck = list(DECK)
        rng.shuffle(deck)
        net = 0
        for bot_seat, other_seat in (("a", "b"), ("b", "a")):
            agents = {bot_seat: make_bot(i), other_seat: make_other(i)}
            hand = play([("a", STACK), ("b", STACK)], deck, agents, blinds=(1, BB))
            net += hand.stacks[bot_seat] - STACK
        results.append(net / BB / 2)
    mean = statistics.fmean(results)
    half = 1.96 * statistics.stdev(results) / math.sqrt(len(results))
    return mean, half


def _ms(values: list[float], q: float) -> str:
    ordered = sorted(values)
    return f"{ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000:.2f} ms"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pairs", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--spots", type=int, default=300)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(f"Márgenes en ciegas grandes por mano, heads-up a {STACK // BB} ciegas, {args.pairs} repartos "
          "emparejados (asientos cambiados), intervalo del 95 %:")
    for style in STYLES:
        for label, other in (("jugador al azar", lambda i: random_player(10_000 + i)),
                             ("calling station", lambda i: calling_station)):
            mean, half = margin(lambda i, s=style: timed_bot(s, i, rng), other, args.pairs, args.seed)
            print(f"  {style:<12} contra {label:<16} {mean:+7.2f} ± {half:.2f} bb/mano")
            record(f"Bot de Hold'em {style} contra {label} ({args.pairs} repartos emparejados)",
                   f"{'+' if mean >= 0 else '−'}{es(abs(mean), 2)} ± {es(half, 2)} ciegas grandes por mano",
                   goal="> 0 (intervalo del 95 %)")
    names = list(STYLES)
    for x in range(len(names)):
        for y in range(x + 1, len(names)):
            mean, half = margin(lambda i, s=names[x]: timed_bot(s, i, rng),
                                lambda i, s=names[y]: timed_bot(s, i + 50_000, rng), args.pairs, args.seed)
            print(f"  {names[x]:<12} contra {names[y]:<16} {mean:+7.2f} ± {half:.2f} bb/mano")
            record(f"Bot de Hold'em {names[x]} contra {names[y]} ({args.pairs} repartos emparejados)",
                   f"{'+' if mean >= 0 else '−'}{es(abs(mean), 2)} ± {es(half, 2)} ciegas grandes por mano")
    print(f"\nDecisión (vista + decisión, {len(times)} decisiones): CPU p50 {_ms(cpu_times, 0.5)}, "
          f"p95 {_ms(cpu_times, 0.95)}; reloj p50 {_ms(times, 0.5)}, p95 {_ms(times, 0.95)}")
    chosen = random.Random(args.seed).sample(spots, min(args.spots, len(spots)))
    bot_times, hand_times, bot_cpu, hand_cpu = [], [], [], []
    for phh, player, style, seed in chosen:
        request = json.dumps({"phh": phh, "bot": {"player": player, "style": style, "seed": seed}})
        reference = json.dumps({"phh": phh})
        start, cpu = time.perf_counter(), time.process_time()
        reply = protocol.answer_json("holdem-bot", request)
        bot_times.append(time.perf_counter() - start)
        bot_cpu.append(time.process_time() - cpu)
        start, cpu = time.perf_counter(), time.process_time()
        protocol.answer_json("holdem-hand", reference)
        hand_times.append(time.perf_counter() - start)
        hand_cpu.append(time.process_time() - cpu)
        assert '"error"' not in reply, reply
    print(f"Petición holdem-bot completa ({len(chosen)} situaciones): CPU p50 {_ms(bot_cpu, 0.5)}, "
          f"p95 {_ms(bot_cpu, 0.95)}; reloj p50 {_ms(bot_times, 0.5)}, p95 {_ms(bot_times, 0.95)} "
          "(objetivo: p95 <= 30 ms)")
    record(f"Petición holdem-bot completa, p95 ({len(chosen)} situaciones; CPU)", _ms(bot_cpu, 0.95).replace(".", ","),
           f"holdem-hand con el mismo PHH: {_ms(hand_cpu, 0.95).replace('.', ',')}", goal="≤ 30 ms")
    print(f"Referencia, holdem-hand con el mismo PHH: CPU p50 {_ms(hand_cpu, 0.5)}, p95 {_ms(hand_cpu, 0.95)}; "
          f"reloj p50 {_ms(hand_times, 0.5)}, p95 {_ms(hand_times, 0.95)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
