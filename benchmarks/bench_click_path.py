"""How far one reader click travels in the engine: for a click of each kind of table (a practice hand and a
free table, of each game), the engine modules on the deepest call stack and every module touched, beside
the redesign's target (a click crosses at most about 8 modules). Prints figures; asserts nothing.

Usage: .venv/bin/python benchmarks/bench_click_path.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine import protocol  # noqa: E402
from engine.scenarios import to_json  # noqa: E402
from engine.scenarios.format import load  # noqa: E402
from results import record  # noqa: E402

TARGET = 8
FREE = {"holdem": {"players": 6, "seat": 0, "blinds": [5, 10], "stack": 1000, "seed": 3},
        "mata-ases": {"opponents": 3, "modality": "boton-ante", "betting": "no-limit", "minimum": 50, "stack": 2000,
                      "seed": 3}}
PRACTICE = {"holdem": ("holdem-02-la-subida-minima", {}), "mata-ases": ("01-matar-los-ases", {"modality": "boton-ante"})}


def module_of(filename: str) -> str | None:
    return filename.split("/engine/", 1)[1] if "/engine/" in filename else None


def traced(request: dict) -> tuple[list[str], set[str]]:
    """The deepest chain of distinct engine modules on the stack while ``play-step`` answers, and every
    engine module it calls into."""
    deepest: list[str] = []
    touched: set[str] = set()

    def profile(frame, event, arg):
        nonlocal deepest
        if event != "call" or module_of(frame.f_code.co_filename) is None:
            return
        touched.add(module_of(frame.f_code.co_filename))
        chain: list[str] = []
        while frame is not None:
            name = module_of(frame.f_code.co_filename)
            if name is not None and name not in chain:
                chain.append(name)
            frame = frame.f_back
        if len(chain) > len(deepest):
            deepest = chain

    sys.setprofile(profile)
    try:
        reply = protocol.answer("play-step", request)
    finally:
        sys.setprofile(None)
    assert "error" not in reply, reply
    return deepest, touched


def first_decision(reply: dict) -> dict:
    option = next(o for o in reply["next"]["can"] if o["action"] in ("check", "call", "up"))
    return {"action": option["action"]}


def main() -> None:
    print(f"Un clic del lector (play-step) en el motor: objetivo, como mucho unos {TARGET} módulos en la pila")
    print(f"  {'mesa':30s} {'pila':>4s} {'tocados':>7s}  la pila más honda")
    for game in ("holdem", "mata-ases"):
        name, extra = PRACTICE[game]
        data = to_json(load(ROOT / "scenarios" / f"{name}.md"))
        cases = [(f"mano de práctica ({game})", {"mode": "practice", "scenario": data, **extra}),
                 (f"mesa libre ({game})", {"mode": "free", "game": game, "table": FREE[game]})]
        for label, start in cases:
            reply = protocol.answer("play-start", {"session": "bench", **start})
            deepest, touched = traced({"session": "bench", "decision": first_decision(reply)})
            print(f"  {label:30s} {len(deepest):4d} {len(touched):7d}  {' → '.join(reversed(deepest))}")
            record(f"Un clic (play-step), {label}: módulos en la pila más honda / tocados",
                   f"{len(deepest)} / {len(touched)}", goal=f"≈ {TARGET} en la pila")


if __name__ == "__main__":
    main()
