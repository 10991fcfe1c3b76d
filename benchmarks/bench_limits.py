"""The heaviest request each long command's limits allow, timed beside the target, in one run.

    .venv/bin/python benchmarks/bench_limits.py

A request must not hold the browser's engine for long (issue: ten players and 2.000.000 samples
took 66 s): every command's work is bounded by its limits (about 5 s of CPython at most) and a long
one works in steps, between which the worker can stop it. For each case: the CPU seconds of the
whole request through :class:`engine.protocol.Job` (the worker's path), the longest step (what an
abort waits for at most, plus the worker's 50 ms slice) and, for reference, the same target.
Asserts nothing.
"""

from __future__ import annotations

import json
import platform
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import protocol  # noqa: E402
from engine.games.holdem.equity import max_samples  # noqa: E402
from engine.review import MAX_REVIEWED  # noqa: E402
from tests.conftest import timed_job  # noqa: E402
from results import es, record  # noqa: E402

TARGET = 5.0
UNKNOWN_10 = {f"J{i}": [] for i in range(10)}
CASES = [
    ("holdem-equity, 10 jugadores desconocidos, muestras al máximo",
     "holdem-equity", {"players": UNKNOWN_10, "samples": max_samples(10)}),
    ("holdem-equity, 2 jugadores, muestras al máximo",
     "holdem-equity", {"players": {"Ana": ["As", "Ks"], "Beto": []}, "samples": max_samples(2)}),
    ("holdem-equity, la cuenta exacta más larga (3 jugadores, uno desconocido, flop)",
     "holdem-equity", {"players": {"Ana": ["As", "Ah"], "Beto": ["Ks", "Kd"], "Carla": []},
                       "board": ["2c", "7d", "9h"]}),
    ("holdem-equity, 10 jugadores conocidos antes del flop",
     "holdem-equity", {"players": {f"J{i}": [f"{r}s", f"{r}d"] for i, r in enumerate("AKQJT98765")}}),
    ("uth-decision en el flop", "uth-decision", {"hole": ["7h", "7d"], "board": ["7s", "2c", "Kd"]}),
    ("drill uth-strategy (flop)", "drill", {"kind": "uth-strategy", "seed": 1, "level": "difícil"}),
    (f"play-review, una mano con {MAX_REVIEWED} decisiones tuyas (subidas mínimas en heads-up)", "play-review",
     {"game": "holdem", "table": {"players": 2, "seat": 0, "blinds": [10, 20], "depth": 1000, "seed": 0},
      "actions": [{"action": "raise", "amount": 20 * (i + 2)} for i in range(2 * MAX_REVIEWED - 1)]}),
]


def main() -> None:
    print(f"Python {platform.python_version()} ({platform.machine()}); objetivo: ≤ {TARGET:.0f} s por petición")
    refused = protocol.answer("holdem-equity", {"players": UNKNOWN_10, "samples": 2_000_000})
    print(f"El caso del informe (10 jugadores, 2.000.000 muestras): {refused['error']}")
    print(f"{'caso':<82} {'total':>8} {'paso más largo':>15}")
    for label, name, request in CASES:
        reply, total, longest = timed_job(name, json.dumps(request))
        code = json.loads(reply).get("code", "")
        print(f"{label:<82} {total:7.2f} s {longest * 1000:12.0f} ms{'  ' + code if code else ''}")
        record(f"{label}: CPU de la petición (paso más largo)", f"{es(total, 2)} s ({es(longest * 1000)} ms)"
               + (f", {code}" if code else ""), goal=f"≤ {TARGET:.0f} s")


if __name__ == "__main__":
    main()
