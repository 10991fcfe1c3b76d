"""Ultimate Texas Hold'em decisions (``uth-decision``): river and flop times, CPython and Pyodide.

    .venv/bin/python benchmarks/bench_decision.py [--no-pyodide]

Prints the wall time of each decision next to the issue's targets (river ≤ 50 ms, flop ≤ 2 s in
the browser's worker) and, as a reference measured in the same run, the time of the obvious
count: every dealer holding evaluated with :func:`engine.evaluation.evaluate` (river; the flop's
1.07 million is projected from that rate). Pyodide runs under Node (one process per street): the
same engine the page's worker runs, without the browser. Asserts nothing (tests check the values).
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import protocol  # noqa: E402
from engine.cards import DECK, parse_cards  # noqa: E402
from engine.evaluation import evaluate  # noqa: E402
from engine.games.ultimate.strategy import decision  # noqa: E402
from results import es, record  # noqa: E402

RIVERS = [("Ah Kd", "Qs 9c 4h 7d 2s"), ("7s 6s", "As Ks 2s 9d 9h"), ("Qc Jc", "Tc 9c 2c 2d 8h"),
          ("5h 5d", "Kc Qd 8s 3h 2c")]
FLOPS = [("Ah Kd", "Qs 9c 4h"), ("Ah Kd", "Qs 9s 4s"), ("7h 7d", "7s 7c Kd"), ("Js Ts", "9s 2s Kh")]


def naive_river(hole, board) -> float:
    """Seconds to evaluate the dealer's 990 holdings one by one with the engine's evaluator."""
    left = [c for c in DECK if c not in hole and c not in board]
    start = time.perf_counter()
    mine = evaluate(list(hole) + list(board))
    for dealer in combinations(left, 2):
        mine > evaluate(list(dealer) + list(board))
    return time.perf_counter() - start


def session_flops() -> None:
    """A flop decision of the Ultimate session (``uth-session-decide``: the same exact values, plus the grade,
    the explanation and the settlement or the next street) beside ``uth-decision`` of the same spot, both
    through the protocol."""
    for hole, board in FLOPS:
        rest = [str(c) for c in DECK if str(c) not in hole.split() + board.split()]
        cards = {"hole": hole.split(), "board": board.split() + rest[:2], "dealer": rest[2:4]}
        protocol.answer("uth-session-deal", {"session": "bench", "new": True, "cards": cards})
        protocol.answer("uth-session-decide", {"session": "bench", "option": "check"})
        start = time.perf_counter()
        reply = protocol.answer("uth-session-decide", {"session": "bench", "option": "check"})
        seconds = time.perf_counter() - start
        start = time.perf_counter()
        protocol.answer("uth-decision", {"hole": hole.split(), "board": board.split()})
        bare = time.perf_counter() - start
        assert "graded" in reply, reply
        print(f"  CPython sesión, flop {hole} | {board:<15} {seconds:7.2f} s  (uth-decision: {bare:5.2f} s)")
        record(f"uth-session-decide en el flop, CPython: {hole} | {board}", f"{es(seconds, 2)} s",
               f"uth-decision: {es(bare, 2)} s", goal="≤ 2 s")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-pyodide", action="store_true")
    args = parser.parse_args(argv)
    print(f"Python {platform.python_version()} ({platform.python_implementation()}); objetivo: river ≤ 50 ms, "
          "flop ≤ 2 s (en el worker del navegador)")
    naive = []
    for hole, board in RIVERS:
        hole, board = parse_cards(hole), parse_cards(board)
        start = time.perf_counter()
        result = decision(hole, board)
        ms = (time.perf_counter() - start) * 1000
        naive.append(naive_river(hole, board))
        print(f"  CPython river {' '.join(map(str, hole))} | {' '.join(map(str, board)):<15} {ms:7.1f} ms "
              f"(mejor: {result.best}); uno a uno: {naive[-1] * 1000:6.1f} ms")
        record(f"uth-decision en el river, CPython: {' '.join(map(str, hole))} | {' '.join(map(str, board))}",
               f"{es(ms, 1)} ms", f"uno a uno: {es(naive[-1] * 1000, 1)} ms", goal="≤ 50 ms")
    per_eval = sum(naive) / len(naive) / 990
    for hole, board in FLOPS:
        hole, board = parse_cards(hole), parse_cards(board)
        start = time.perf_counter()
        result = decision(hole, board)
        seconds = time.perf_counter() - start
        print(f"  CPython flop  {' '.join(map(str, hole))} | {' '.join(map(str, board)):<15} {seconds:7.2f} s  "
              f"(mejor: {result.best}); uno a uno (proyección): {per_eval * result.deals:5.1f} s")
        record(f"uth-decision en el flop, CPython: {' '.join(map(str, hole))} | {' '.join(map(str, board))}",
               f"{es(seconds, 2)} s", f"uno a uno (proyección): {es(per_eval * result.deals, 1)} s", goal="≤ 2 s")
    session_flops()
    if args.no_pyodide:
        return
    try:
        from tests.pyodide_runner import PyodideUnavailable, run_batch
    except ImportError as exc:  # pragma: no cover
        print(f"  Pyodide: no disponible ({exc})")
        return
    try:
        # Each batch starts with one warm-up request (imports, first lookups); a batch of the
        # warm-up alone is subtracted, so the figures are per decision in a warm worker.
        warm = [("uth-decision", {"hole": ["2c", "3d"], "board": ["4h", "9s", "Kc", "Jd", "7h"]})]
        _, base = run_batch(warm)
        for street, cases in (("river", RIVERS * 25), ("flop", FLOPS * 2)):
            requests = [("uth-decision", {"hole": h.split(), "board": b.split()}) for h, b in cases]
            replies, ms = run_batch(warm + requests)
            errors = [r for r in replies if "error" in r]
            each = (ms["requests"] - base["requests"]) / len(requests)
            unit = f"{each:7.1f} ms" if street == "river" else f"{each / 1000:7.2f} s "
            record(f"uth-decision en el {street}, Pyodide bajo Node, media de {len(requests)}",
                   f"{es(each, 1)} ms" if street == "river" else f"{es(each / 1000, 2)} s",
                   goal="≤ 50 ms" if street == "river" else "≤ 2 s")
            print(f"  Pyodide (Node) {street:<5} media de {len(requests)}: {unit}"
                  f"{f'; {len(errors)} errores' if errors else ''} (primera petición, aparte: "
                  f"{base['requests']:.0f} ms; arranque {ms['boot'] / 1000:.1f} s)")
    except PyodideUnavailable as exc:
        print(f"  Pyodide: no disponible ({exc})")


if __name__ == "__main__":
    main()
