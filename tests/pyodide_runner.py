"""Run protocol requests through the engine inside Pyodide under Node (one process per batch).

Used by the Pyodide batch test and by the benchmarks. The wheel and the trimmed stdlib are the very
ones the site serves on a first visit (built by site_hooks/engine_bundle.py from the current sources).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNNER = ROOT / "tests" / "pyodide" / "run_batch.mjs"


class PyodideUnavailable(RuntimeError):
    pass


def served_runtime() -> tuple[Path, Path]:
    """The engine wheel and the stdlib zip the site serves (compiled and trimmed: the first-visit route)."""
    sys.path.insert(0, str(ROOT))
    try:
        from site_hooks import engine_bundle
    finally:
        sys.path.pop(0)
    _, stdlib, wheel = engine_bundle.served_runtime(engine_bundle.source_hash())
    return wheel, stdlib


def check_available() -> None:
    if shutil.which("node") is None:
        raise PyodideUnavailable("Node.js no está instalado")
    if not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        raise PyodideUnavailable("falta node_modules/pyodide: ejecuta «npm ci» (lo hace «make test»)")


def run_batch(cases: list[tuple[str, dict]], *, timeout: float = 600) -> tuple[list[dict], dict]:
    """Replies (parsed JSON, in order) of the engine in Pyodide, and the timings in ms (with, under
    "route", what run_batch.mjs reports of the trimmed stdlib and the compiled engine)."""
    check_available()
    wheel, stdlib = served_runtime()
    payload = "".join(json.dumps({"command": c, "request": r}, ensure_ascii=False) + "\n" for c, r in cases)
    result = subprocess.run(
        ["node", str(RUNNER), str(wheel), str(stdlib)], input=payload, capture_output=True, text=True,
        cwd=ROOT, timeout=timeout,
    )
    if result.returncode != 0:
        raise RuntimeError(f"Pyodide batch failed ({result.returncode}):\n{result.stderr[-4000:]}")
    lines = [json.loads(line) for line in result.stdout.splitlines() if line.strip()]
    timings = lines.pop()
    if not timings.get("done") or len(lines) != len(cases):
        raise RuntimeError(f"Pyodide batch returned {len(lines)} replies for {len(cases)} requests")
    return lines, {**timings["ms"], "route": {k: v for k, v in timings.items() if k not in ("done", "ms")}}
