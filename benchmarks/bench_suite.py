"""The size of Mata Ases's play code and the time of the whole test suite from a clean clone.

- Mata Ases's play code: the lines of the files of ``engine/games/mata_ases/`` that play a hand at the table
  (``PLAY_FILES``: the hand on the table's dealt hand, its stakes and exposed cards, the play layer's game and
  its free table), beside the target (under 700).
- The suite: ``git clone`` of this repository into a temporary folder, then ``CI=true bash .ci/run`` there
  (what CI runs: the set-up of a fresh machine, then ``make test``), timed: the wall-clock time, the CPU
  time of every process it ran, the machine's load when it began and ended (other work on the machine
  slows it down), and pytest's last line (how many tests passed). The clone is of the last commit:
  uncommitted changes are not measured. ``--no-suite`` skips it.

Usage: .venv/bin/python benchmarks/bench_suite.py [--no-suite]
"""

from __future__ import annotations

import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from results import es, record  # noqa: E402

#: The files that play a Mata Ases hand at the table (what the rest of the engine does not).
PLAY_FILES = ("hand.py", "setup.py", "play.py")
PLAY_GOAL, SUITE_GOAL = 700, 5 * 60


def play_lines() -> dict[str, int]:
    folder = ROOT / "engine" / "games" / "mata_ases"
    return {name: len((folder / name).read_text(encoding="utf-8").splitlines()) for name in PLAY_FILES}


def minutes(seconds: float) -> str:
    return f"{int(seconds // 60)} min {round(seconds % 60):02d} s"


def load() -> str:
    return ", ".join(es(x, 2) for x in os.getloadavg())


def clean_clone_suite() -> tuple[float, float, str, str, str, int]:
    """Wall and CPU seconds of ``CI=true bash .ci/run`` in a fresh clone, the load before and after, the
    last line pytest printed, and the exit code."""
    with tempfile.TemporaryDirectory(prefix="suite-") as tmp:
        clone = Path(tmp) / "clone"
        subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
        before_load = load()
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        run = subprocess.run(["bash", ".ci/run"], cwd=clone, env={**os.environ, "CI": "true"},
                             capture_output=True, text=True)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        last = next((line for line in reversed(run.stdout.splitlines()) if re.search(r"\d+ (passed|failed)", line)),
                    run.stdout.strip().splitlines()[-1] if run.stdout.strip() else "")
        for line in run.stdout.splitlines():  # what failed, named, as pytest's summary names it
            if line.startswith(("FAILED", "ERROR")):
                print(line)
        if run.returncode and not re.search(r"\d+ (passed|failed)", last):  # the set-up failed before pytest
            print(run.stdout[-3000:], run.stderr[-3000:], sep="\n")
        return wall, cpu, before_load, load(), last.strip("= "), run.returncode


def main(argv: list[str]) -> int:
    lines = play_lines()
    total = sum(lines.values())
    parts = ", ".join(f"{name} {n}" for name, n in lines.items())
    print(f"Mata Ases, código de juego: {total} líneas ({parts}); objetivo < {PLAY_GOAL}")
    record("Mata Ases: líneas del código que juega la mano (" + ", ".join(PLAY_FILES) + ")",
           f"{es(total)} líneas", parts, goal=f"< {es(PLAY_GOAL)}")
    if "--no-suite" in argv:
        return 0
    wall, cpu, before, after, last, code = clean_clone_suite()
    print(f"CI=true bash .ci/run desde un clon limpio: {minutes(wall)} ({minutes(cpu)} de CPU); "
          f"carga al empezar {before}, al terminar {after}; {last}; código {code}")
    record("Suite completa desde un clon limpio (CI=true bash .ci/run), tiempo real", minutes(wall),
           f"CPU {minutes(cpu)}; carga al empezar {before}, al terminar {after}", goal=f"< {minutes(SUITE_GOAL)}")
    record("Suite completa: resultado de pytest", last + ("" if code == 0 else f" (código {code})"))
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
