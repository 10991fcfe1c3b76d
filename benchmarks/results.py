"""A benchmark's figures as data, beside what it prints: ``run_all.py`` collects them into one page.

A benchmark calls :func:`record` once per figure it prints. Run on its own, nothing more happens; run by
``run_all.py`` (which sets ``BENCH_RESULTS`` to a file), each figure is appended to that file as one JSON
line. Values are written as the page shows them, in Spanish notation (:func:`es`).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

#: The environment variable naming the JSON Lines file a run collects figures in.
RESULTS_ENV = "BENCH_RESULTS"


def es(value: float, decimals: int = 0) -> str:
    """``value`` in Spanish notation: ``1786008`` -> ``"1.786.008"``, ``1.04`` with 2 decimals -> ``"1,04"``."""
    text = f"{value:,.{decimals}f}"
    return text.replace(",", "\0").replace(".", ",").replace("\0", ".")


def record(measure: str, value: str, reference: str = "", ratio: str = "", goal: str = "") -> None:
    """One figure: what was measured, its value, the reference measured in the same run (if any), the ratio
    of the two and the target it is held to (if any)."""
    path = os.environ.get(RESULTS_ENV)
    if not path:
        return
    script = Path(getattr(sys.modules["__main__"], "__file__", "benchmark")).stem
    row = {"script": script, "measure": measure, "value": value, "reference": reference, "ratio": ratio,
           "goal": goal}
    with open(path, "a", encoding="utf-8") as out:
        out.write(json.dumps(row, ensure_ascii=False) + "\n")
