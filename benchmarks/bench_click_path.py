"""How far a reader's click travels in the engine: for every click of a whole hand at each kind of table (a
practice hand and a free table, of each game), the engine modules it runs code of, the deepest chain of
distinct engine modules on the call stack, and its module-to-module transitions (calls from a function of one
engine module into a function of another), beside the targets (at most 15 modules, a stack of at most 8).
A click is its ``play-step`` and the requests that fetch the rest of a reply marked ``"more": true``, as the
page asks for them. Prints figures and records them for the figures page; asserts nothing.

Usage: .venv/bin/python benchmarks/bench_click_path.py
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine import protocol  # noqa: E402
from engine.scenarios import to_json  # noqa: E402
from engine.scenarios.format import load  # noqa: E402
from results import record  # noqa: E402

MODULES, DEPTH = 15, 8
FREE = {"holdem": {"players": 6, "seat": 0, "blinds": [5, 10], "stack": 1000, "seed": 3},
        "mata-ases": {"opponents": 3, "modality": "boton-ante", "betting": "no-limit", "minimum": 50, "stack": 2000,
                      "seed": 3}}
PRACTICE = {"holdem": ("holdem-02-la-subida-minima", {}), "mata-ases": ("01-matar-los-ases", {"modality": "bring-in"})}


def module_of(filename: str) -> str | None:
    return filename.split("/engine/", 1)[1] if "/engine/" in filename else None


class Trace:
    """The engine modules a stretch of work runs, its deepest chain of modules and its transitions."""

    def __init__(self) -> None:
        self.touched: set[str] = set()
        self.deepest: list[str] = []
        self.transitions = 0
        self.pairs: Counter = Counter()

    def profile(self, frame, event, arg):
        if event != "call":
            return
        callee = module_of(frame.f_code.co_filename)
        if callee is None:
            return
        self.touched.add(callee)
        caller = frame.f_back
        while caller is not None and module_of(caller.f_code.co_filename) is None:
            caller = caller.f_back  # a call through the standard library (sorted, a comprehension's key)
        if caller is not None and module_of(caller.f_code.co_filename) != callee:
            self.transitions += 1
            self.pairs[module_of(caller.f_code.co_filename), callee] += 1
        chain: list[str] = []
        while frame is not None:
            name = module_of(frame.f_code.co_filename)
            if name is not None and name not in chain:
                chain.append(name)
            frame = frame.f_back
        if len(chain) > len(self.deepest):
            self.deepest = chain

    def answer(self, request: dict) -> dict:
        sys.setprofile(self.profile)
        try:
            return protocol.answer("play-step", request)
        finally:
            sys.setprofile(None)


def click(session: str, decision: dict | None) -> tuple[dict, Trace]:
    """One reader's click: its decision (None: a «more» request the page sends itself), and the rest of the
    reply while it says ``"more": true``."""
    trace = Trace()
    reply = trace.answer({"session": session, **({"decision": decision} if decision else {})})
    while "error" not in reply and reply.get("more"):
        reply = trace.answer({"session": session})
    assert "error" not in reply, reply
    return reply, trace


def first_option(reply: dict) -> dict:
    option = next(o for o in reply["next"]["can"] if o["action"] in ("check", "call", "up"))
    return {"action": option["action"]}


def clicks(start: dict) -> list[Trace]:
    """Every click of one hand, the reader checking, calling or taking his card open."""
    reply = protocol.answer("play-start", {"session": "bench", **start})
    while reply.get("more"):
        reply = protocol.answer("play-step", {"session": "bench"})
    traces = []
    while "next" in reply:
        reply, trace = click("bench", first_option(reply))
        traces.append(trace)
    return traces


def main() -> None:
    print(f"Los clics de una mano (play-step y lo que pide «more»): objetivo, como mucho {MODULES} módulos tocados y "
          f"{DEPTH} en la pila")
    print(f"  {'mesa':30s} {'clics':>5s} {'pila':>4s} {'tocados':>7s} {'transiciones':>12s}  la pila más honda")
    for game in ("holdem", "mata-ases"):
        name, extra = PRACTICE[game]
        data = to_json(load(ROOT / "scenarios" / f"{name}.md"))
        cases = [(f"mano de práctica ({game})", {"mode": "practice", "scenario": data, **extra}),
                 (f"mesa libre ({game})", {"mode": "free", "game": game, "table": FREE[game]})]
        for label, start in cases:
            traces = clicks(start)
            deepest = max((t.deepest for t in traces), key=len)
            touched = max(len(t.touched) for t in traces)
            transitions = sorted(t.transitions for t in traces)
            median = transitions[len(transitions) // 2]
            print(f"  {label:30s} {len(traces):5d} {len(deepest):4d} {touched:7d} {median:8d} (máx. {transitions[-1]})"
                  f"  {' → '.join(reversed(deepest))}")
            record(f"Un clic del lector (play-step), {label}: módulos del motor tocados, como mucho en los "
                   f"{len(traces)} clics de una mano", str(touched), goal=f"≤ {MODULES}")
            record(f"Un clic del lector, {label}: módulos distintos en la pila más honda", str(len(deepest)),
                   goal=f"≤ {DEPTH}")
            record(f"Un clic del lector, {label}: transiciones entre módulos, mediana (máximo)",
                   f"{median} ({transitions[-1]})")


if __name__ == "__main__":
    main()
