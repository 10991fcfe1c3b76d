"""Run every benchmark in turn and print their figures (nothing is asserted).

Usage: .venv/bin/python benchmarks/run_all.py [name ...]   (names: those of ORDER below)
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ORDER = ("evaluation", "protocol", "hand", "click_path", "bots", "load", "data", "simulator", "equity", "phh",
         "holdem_bots", "limits", "authoring", "workshop", "lighthouse", "main_thread")


def main(names: list[str]) -> int:
    chosen = names or [n for n in ORDER if (HERE / f"bench_{n}.py").is_file()]
    status = 0
    for name in chosen:
        script = HERE / f"bench_{name}.py"
        if not script.is_file():
            print(f"No existe {script.name}; disponibles: {', '.join(ORDER)}")
            status = 2
            continue
        print(f"\n=== {script.name} ===", flush=True)
        start = time.perf_counter()
        result = subprocess.run([sys.executable, str(script)], cwd=HERE.parent)
        print(f"(terminado en {time.perf_counter() - start:.0f} s)", flush=True)
        status = status or result.returncode
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
