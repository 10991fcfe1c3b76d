"""Complete random Mata Ases hands per second, in CPython and in Pyodide under Node.

    .venv/bin/python benchmarks/bench_hand.py [--hands N] [--seed S] [--no-pyodide]

Prints figures; asserts nothing. Three measures, on the same seeded random hands (2-8 players,
both modalities, both betting modes; every hand played to its end, extensions included):

- CPython, engine: build the hand and play it with a random legal decision at each step
  (``MataAsesHand`` + ``legal_actions()``): what free play costs.
- CPython, protocol: ``engine.protocol.answer_json("mata-ases-hand", <request JSON>)`` for each
  complete request (parse, replay every decision, encode the reply with every event snapshot):
  what one simulator step costs at the end of a hand, the worst case.
- Pyodide, protocol: the same requests through ``tests/pyodide_runner.run_batch`` (one Node process;
  the time excludes Pyodide's start-up).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import protocol  # noqa: E402
from engine.games.mata_ases.command import play  # noqa: E402
from engine.games.mata_ases.simulate import play_out, random_request, random_table  # noqa: E402
from results import es, record  # noqa: E402


def engine_rate(seed: int, hands: int) -> tuple[float, int]:
    rng = random.Random(seed)
    decisions = 0
    start = time.perf_counter()
    for _ in range(hands):
        hand, _ = play(random_table(rng))
        decisions += len(play_out(hand, rng))
    return hands / (time.perf_counter() - start), decisions


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--no-pyodide", action="store_true")
    args = parser.parse_args(argv)

    rng = random.Random(args.seed)
    requests = [random_request(rng) for _ in range(args.hands)]
    # what the simulator sends: you, Ana and Beto, fixed bets
    small = [random_request(rng, players=3, betting="fixed", exposure=0.0, early=0.0)
             for _ in range(args.hands // 4)]
    texts = [json.dumps(r, ensure_ascii=False) for r in requests]
    decisions = sum(len(r["actions"]) for r in requests)
    size = 0

    rate, _ = engine_rate(args.seed + 1, args.hands)
    start = time.perf_counter()
    for text in texts:
        size += len(protocol.answer_json("mata-ases-hand", text))
    cpython = args.hands / (time.perf_counter() - start)

    print(f"Python {platform.python_version()} ({platform.python_implementation()}), {args.hands:,} manos al azar "
          f"({decisions / args.hands:.1f} decisiones y {size / args.hands / 1024:.0f} KB de respuesta por mano)")
    print(f"  CPython, motor (jugar la mano):        {rate:>8,.0f} manos/s")
    print(f"  CPython, protocolo (petición completa): {cpython:>8,.0f} manos/s")
    record("Manos de Mata Ases al azar, CPython, jugar la mano", f"{es(rate)} manos/s")
    record("Manos de Mata Ases al azar, CPython, petición mata-ases-hand completa", f"{es(cpython)} manos/s")
    start = time.perf_counter()
    for request in small:
        protocol.answer_json("mata-ases-hand", json.dumps(request, ensure_ascii=False))
    print(f"  CPython, protocolo, mesa del simulador: {len(small) / (time.perf_counter() - start):>8,.0f} manos/s "
          "(3 jugadores, apuestas fijas)")
    if args.no_pyodide:
        return
    try:
        from tests.pyodide_runner import PyodideUnavailable, run_batch
    except ImportError as exc:  # pragma: no cover
        print(f"  Pyodide: no disponible ({exc})")
        return
    try:
        replies, ms = run_batch([("mata-ases-hand", r) for r in requests])
        small_replies, small_ms = run_batch([("mata-ases-hand", r) for r in small])
    except PyodideUnavailable as exc:
        print(f"  Pyodide: no disponible ({exc})")
        return
    errors = sum(1 for r in replies + small_replies if "error" in r)
    in_pyodide = args.hands / (ms['requests'] / 1000)
    record("Manos de Mata Ases al azar, Pyodide bajo Node, petición mata-ases-hand completa",
           f"{es(in_pyodide)} manos/s", f"CPython {es(cpython)} manos/s", f"{es(in_pyodide / cpython, 2)}×")
    print(f"  Pyodide, protocolo (petición completa): {args.hands / (ms['requests'] / 1000):>8,.0f} manos/s "
          f"(arranque {ms['boot'] / 1000:.1f} s{f'; {errors} errores' if errors else ''})")
    print(f"  Pyodide, protocolo, mesa del simulador: {len(small) / (small_ms['requests'] / 1000):>8,.0f} manos/s")


if __name__ == "__main__":
    main()
