"""Hold'em equity speed, side by side with treys (a dev-only dependency), in the same run.

    .venv/bin/python benchmarks/bench_equity.py [--treys-boards N]

Prints boards per second and the wall time of each case; asserts nothing (the numbers are
checked against treys by tests/engine/games/holdem/test_holdem_equity.py).

- The engine: :func:`engine.games.holdem.equity.equity`, exact, on a flop, before the flop
  heads-up (1.712.304 boards, the issue's ≤ 5 s target) and three-handed, and a hand against an
  unknown one on the flop (1.070.190 deals).
- treys: the obvious enumeration with ``Evaluator.evaluate(board, hand)`` for each player and
  board; before the flop it is timed on the first ``N`` boards only (the whole count would take
  minutes) and its full time is projected from that rate.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from itertools import combinations, islice
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.cards import DECK, parse_cards  # noqa: E402
from engine.games.holdem.equity import equity  # noqa: E402
from results import es, record  # noqa: E402

try:
    from treys import Card as TreysCard
    from treys import Evaluator
except ImportError:  # pragma: no cover
    sys.exit("treys is needed for the comparison: pip install treys (dev only)")

CASES = [
    ("flop, 2 jugadores", {"Ana": "Ah Kh", "Beto": "Qs Qd"}, "Jh 7h 2c"),
    ("preflop, 2 jugadores", {"Ana": "As Ah", "Beto": "Ks Kd"}, ""),
    ("preflop, 3 jugadores", {"Ana": "As Kh", "Beto": "7c 7d", "Carla": "Qs Js"}, ""),
    ("flop, contra mano desconocida", {"Ana": "As Ks", "Beto": ""}, "Jh 7h 2c"),
]


def treys_rate(players: dict[str, list], board: list, limit: int | None) -> tuple[int, float]:
    """Boards enumerated by treys (at most ``limit``) and the seconds it took."""
    evaluator = Evaluator()
    card = {c: TreysCard.new(str(c)) for c in DECK}
    used = {c for hand in players.values() for c in hand} | set(board)
    free = [card[c] for c in DECK if c not in used]
    hands = [[card[c] for c in hand] for hand in players.values()]
    fixed = [card[c] for c in board]
    ev = evaluator.evaluate
    count = 0
    start = time.perf_counter()
    for extra in islice(combinations(free, 5 - len(board)), limit):
        full = fixed + list(extra)
        scores = [ev(full, hand) for hand in hands]
        best = min(scores)
        scores.count(best)
        count += 1
    return count, time.perf_counter() - start


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--treys-boards", type=int, default=60_000)
    args = parser.parse_args(argv)
    print(f"Python {platform.python_version()} ({platform.python_implementation()}); equity exacta; "
          f"treys antes del flop: primeros {args.treys_boards:,} tableros y proyección")
    print(f"{'caso':<30} {'repartos':>10} {'motor s':>8} {'CPU s':>6} {'motor rep./s':>13} {'treys rep./s':>13} "
          f"{'treys s (proy.)':>16} {'ratio':>7}")
    for title, hands, board_text in CASES:
        players = {name: parse_cards(cards) for name, cards in hands.items()}
        board = parse_cards(board_text)
        start, cpu = time.perf_counter(), time.process_time()
        result = equity(players, board)
        ours, ours_cpu = time.perf_counter() - start, time.process_time() - cpu
        ours_rate = result.boards / ours
        if all(players.values()):
            limit = None if board else args.treys_boards
            count, theirs = treys_rate(players, board, limit)
            theirs_rate = count / theirs
            projected = result.boards / theirs_rate
            print(f"{title:<30} {result.boards:>10,} {ours:>8.2f} {ours_cpu:>6.2f} {ours_rate:>13,.0f} {theirs_rate:>13,.0f} "
                  f"{projected:>16.1f} {ours_rate / theirs_rate:>6.1f}x")
            record(f"Equity exacta, {title} ({es(result.boards)} repartos)", f"{es(ours, 2)} s ({es(ours_cpu, 2)} s de CPU)",
                   f"treys {es(projected, 1)} s{' (proyectado)' if limit else ''}", f"{es(ours_rate / theirs_rate, 1)}×",
                   "≤ 5 s" if title == "preflop, 2 jugadores" else "")
        else:
            print(f"{title:<30} {result.boards:>10,} {ours:>8.2f} {ours_cpu:>6.2f} {ours_rate:>13,.0f} {'—':>13} {'—':>16} {'—':>7}")
            record(f"Equity exacta, {title} ({es(result.boards)} repartos)", f"{es(ours, 2)} s ({es(ours_cpu, 2)} s de CPU)")


if __name__ == "__main__":
    main()
