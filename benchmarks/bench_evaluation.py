"""Evaluator speed, side by side with treys (a dev-only dependency), in the same run.

    .venv/bin/python benchmarks/bench_evaluation.py [--hands N] [--repeat R]

Prints hands per second for each task and the ratio engine / treys; asserts nothing.
Both sides are warmed up first (treys builds its tables in ``Evaluator()``, the engine fills its
rank-multiset dictionary on first use); then, ``R`` times, the two sides are timed back to back
on the same hands and the best pass of each is kept.

- 5 cards: ``engine.evaluation.evaluate`` (a full HandValue) and ``strength`` (the int) against
  ``treys.Evaluator().evaluate(hand, board)`` (lists split beforehand), and once more against
  treys' internal ``Evaluator._five`` for a stricter comparison; "+category" adds reading the
  category on both sides (``HandValue.category`` / ``Evaluator.get_rank_class``).
- 7 cards: the same with seven cards (treys enumerates the 21 five-card subsets).
- Mata Ases best play (five own cards, three ayudas): ``engine.games.mata_ases.showdown.best_play`` against
  the treys equivalent, the best of treys' 5-card value of the five own cards and of its 6-card
  value of five own plus each ayuda.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.cards import DECK  # noqa: E402
from engine.evaluation import evaluate, strength  # noqa: E402
from engine.games.mata_ases.showdown import best_play  # noqa: E402
from results import es, record  # noqa: E402

#: The engine's target against treys, per task (its full evaluation).
GOALS = {"5 cartas": "≥ 1×", "7 cartas": "≥ 3×", "Mata Ases": "≥ 3×"}

try:
    from treys import Card as TreysCard
    from treys import Evaluator
except ImportError:  # pragma: no cover
    sys.exit("treys is needed for the comparison: pip install treys (dev only)")


def race(rounds: int, ours, theirs) -> tuple[float, float]:
    """Best wall time of each side over ``rounds`` rounds, the two timed back to back in every
    round so that both see the same machine load (the development machine is shared)."""
    best_ours = best_theirs = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        ours()
        middle = time.perf_counter()
        theirs()
        end = time.perf_counter()
        best_ours = min(best_ours, middle - start)
        best_theirs = min(best_theirs, end - middle)
    return best_ours, best_theirs


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)

    rng = random.Random(args.seed)
    treys_card = {card: TreysCard.new(str(card)) for card in DECK}
    start = time.perf_counter()
    evaluator = Evaluator()
    treys_setup = time.perf_counter() - start

    hands5 = [rng.sample(DECK, 5) for _ in range(args.hands)]
    hands7 = [rng.sample(DECK, 7) for _ in range(args.hands)]
    deals = [rng.sample(DECK, 8) for _ in range(args.hands)]
    # treys takes (hand, board) lists: split them here so that the timing only counts evaluation.
    t5 = [([treys_card[c] for c in h[:2]], [treys_card[c] for c in h[2:]]) for h in hands5]
    t5_whole = [[treys_card[c] for c in h] for h in hands5]
    t7 = [([treys_card[c] for c in h[:2]], [treys_card[c] for c in h[2:]]) for h in hands7]
    tdeals = [([treys_card[c] for c in d[:2]], [treys_card[c] for c in d[2:5]], [treys_card[c] for c in d[5:]])
              for d in deals]
    own_ayudas = [(d[:5], d[5:]) for d in deals]

    def treys5():
        ev = evaluator.evaluate
        for hand, board in t5:
            ev(hand, board)

    def treys5_internal():
        five = evaluator._five  # treys' internal 5-card lookup, without its evaluate() wrapper
        for cards in t5_whole:
            five(cards)

    def treys5_category():
        ev, rank_class = evaluator.evaluate, evaluator.get_rank_class
        for hand, board in t5:
            rank_class(ev(hand, board))

    def engine5_category():
        for h in hands5:
            evaluate(h).category

    def treys7():
        ev = evaluator.evaluate
        for hand, board in t7:
            ev(hand, board)

    def treys_mata():
        ev = evaluator.evaluate
        for hand, rest, ayudas in tdeals:
            best = ev(hand, rest)  # treys: lower is better
            for ayuda in ayudas:
                value = ev(hand, rest + [ayuda])
                if value < best:
                    best = value

    def engine_evaluate(hands):
        def run():
            for h in hands:
                evaluate(h)
        return run

    def engine_strength(hands):
        def run():
            for h in hands:
                strength(h)
        return run

    def engine_mata():
        for own, ayudas in own_ayudas:
            best_play(own, ayudas)

    # Warm-up: both sides see every hand once.
    for run in (treys5, treys7, treys_mata, engine_evaluate(hands5), engine_evaluate(hands7), engine_mata):
        run()

    rows = [
        ("5 cartas", "evaluate", engine_evaluate(hands5), treys5),
        ("5 cartas", "strength", engine_strength(hands5), treys5),
        ("5 cartas", "evaluate", engine_evaluate(hands5), treys5_internal),
        ("5 cartas", "+category", engine5_category, treys5_category),
        ("7 cartas", "evaluate", engine_evaluate(hands7), treys7),
        ("7 cartas", "strength", engine_strength(hands7), treys7),
        ("Mata Ases", "best_play", engine_mata, treys_mata),
    ]
    print(f"Python {platform.python_version()} ({platform.python_implementation()}), "
          f"{args.hands:,} manos por tarea, mejor de {args.repeat} rondas alternas; treys Evaluator() {treys_setup * 1000:.0f} ms")
    print(f"{'tarea':<10} {'motor':<10} {'motor manos/s':>14} {'treys':<9} {'treys manos/s':>14} {'ratio':>7}")
    for task, name, ours, theirs in rows:
        treys_name = {treys5_internal: "_five", treys5_category: "+class"}.get(theirs, "evaluate")
        ours_time, theirs_time = race(args.repeat, ours, theirs)
        ours_rate, theirs_rate = args.hands / ours_time, args.hands / theirs_time
        print(f"{task:<10} {name:<10} {ours_rate:>14,.0f} {treys_name:<9} {theirs_rate:>14,.0f} "
              f"{ours_rate / theirs_rate:>6.2f}x")
        record(f"{task}, {name} (treys: {treys_name})", f"{es(ours_rate)} manos/s", f"treys {es(theirs_rate)} manos/s",
               f"{es(ours_rate / theirs_rate, 2)}×", GOALS[task] if name in ("evaluate", "best_play")
               and theirs is not treys5_internal else "")


if __name__ == "__main__":
    main()
