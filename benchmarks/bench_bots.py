"""Mata Ases bots: their margins against simple players and each other, and the time of a decision.

    .venv/bin/python benchmarks/bench_bots.py [--deals N] [--seed S] [--requests N]

Prints figures; asserts nothing.

- Margins: heads-up matches over N seeded deals (stacks of 40 minimum bets, Botón Ante and Bring In,
  fixed and no-limit in turn), each deal played twice with the seats swapped (paired deals: the same
  cards, so luck cancels out). The figure is the first player's result in minimum bets per hand, with
  a 95 % interval from the paired differences. Opponents: «azar» (a random legal decision, as the
  hand tests play), «paga» (always checks or calls, asks for every card open) and the styles.
- Time: the whole ``mata-ases-bot`` request through ``engine.protocol.answer_json`` (parse, replay the
  hand, estimate, decide, encode) on states taken from random hands of 2 to 8 players, next to the
  ``mata-ases-hand`` request for the same state (the replay alone) as the reference; wall clock and the
  process's CPU time; then the mean inside Pyodide under Node (skipped without Node).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import protocol  # noqa: E402
from engine.games.mata_ases.bot_policy import STYLES, choose
from engine.games.mata_ases.deal import deals_for  # noqa: E402
from engine.games.mata_ases.bot_sample import decision_states  # noqa: E402
from engine.games.mata_ases.command import play  # noqa: E402
from engine.games.mata_ases.simulate import random_decision  # noqa: E402
from results import es, record  # noqa: E402

MINIMUM = 50
MODES = [(m, b) for b in ("fixed", "no-limit") for m in ("boton-ante", "bring-in")]


def decision(kind: str, hand, seed: int, rng: random.Random) -> dict:
    p = hand.to_act
    if kind == "azar":
        return random_decision(hand, rng)
    if kind == "paga":
        can = {o["action"] for o in hand.legal_actions()}
        action = next(a for a in ("up", "check", "call") if a in can)
        return {"player": p, "action": action}
    move, _ = choose(hand, p, kind, seed)
    return move.to_json(p) if move.amount is None else {**move.to_json(p)}


def table(names: list[str], seed: int, k: int) -> dict:
    modality, betting = MODES[k % len(MODES)]
    return {
        "modality": modality, "betting": betting,
        "stakes": {"minimum": MINIMUM, "ante": MINIMUM // 2, "bring_in": MINIMUM // 2},
        "seats": [{"name": n, "stack": 40 * MINIMUM} for n in names],
        "button": names[k % len(names)], "deals": deals_for(names, seed), "actions": [],
    }


def play_match(kinds: dict[str, str], request: dict, seed: int) -> dict[str, int]:
    hand, error = play(request)
    assert error is None, error
    rng = random.Random(seed)
    while not hand.is_over:
        d = decision(kinds[hand.to_act], hand, seed, rng)
        hand.act(d["player"], d["action"], d.get("amount"))
    return {n: hand.stacks[n] - hand.starting_stacks[n] for n in hand.names}


def margin(a: str, b: str, deals: int, seed: int) -> tuple[float, float]:
    """``a``'s result against ``b`` in minimum bets per hand (paired deals), and the 95 % half-width."""
    names = ["Ana", "Beto"]
    pairs = []
    for k in range(deals):
        s = seed * 100_003 + k
        request = table(names, s, k)
        first = play_match({"Ana": a, "Beto": b}, request, s)["Ana"]
        second = play_match({"Ana": b, "Beto": a}, request, s)["Beto"]
        pairs.append((first + second) / 2 / MINIMUM)
    mean = statistics.fmean(pairs)
    half = 1.96 * statistics.stdev(pairs) / math.sqrt(len(pairs))
    return mean, half


def timing(requests: int, seed: int) -> None:
    states = decision_states(random.Random(seed), requests, chance=0.5, exposure=0.0, early=0.0)
    bot_times, hand_times, bot_cpu, hand_cpu, bot_requests = [], [], [], [], []
    for i, state in enumerate(states):
        hand, _ = play(state)
        bot_requests.append(dict(state, bot={"player": hand.to_act, "style": list(STYLES)[i % 3], "seed": i}))
        bot = json.dumps(bot_requests[-1], ensure_ascii=False)
        plain = json.dumps(state, ensure_ascii=False)
        t0, c0 = time.perf_counter(), time.process_time()
        reply = protocol.answer_json("mata-ases-bot", bot)
        t1, c1 = time.perf_counter(), time.process_time()
        protocol.answer_json("mata-ases-hand", plain)
        t2, c2 = time.perf_counter(), time.process_time()
        assert '"error"' not in reply, reply
        bot_times.append((t1 - t0) * 1000)
        hand_times.append((t2 - t1) * 1000)
        bot_cpu.append((c1 - c0) * 1000)
        hand_cpu.append((c2 - c1) * 1000)

    def q(values, p):
        return sorted(values)[min(len(values) - 1, int(p * len(values)))]

    print(f"\nTiempo por petición completa ({len(states)} estados de 2 a 8 jugadores, CPython "
          f"{sys.version.split()[0]}); reloj y, entre corchetes, CPU del proceso (menos sensible a una máquina "
          "cargada):")
    record(f"Petición mata-ases-bot, p95 ({len(states)} estados; CPU)", f"{es(q(bot_cpu, .95), 1)} ms",
           f"mata-ases-hand del mismo estado: {es(q(hand_cpu, .95), 1)} ms", goal="≤ 30 ms")
    for name, wall, cpu, note in (("mata-ases-bot ", bot_times, bot_cpu, "(objetivo p95 ≤ 30 ms)"),
                                  ("mata-ases-hand", hand_times, hand_cpu, "(referencia: la misma mano sin decidir)")):
        print(f"  {name}: mediana {q(wall, .5):5.1f} ms [{q(cpu, .5):5.1f}]  p95 {q(wall, .95):5.1f} ms "
              f"[{q(cpu, .95):5.1f}]  máx {max(wall):6.1f} ms   {note}")
    pyodide(bot_requests[:200], states[:200])


def pyodide(bot_requests: list[dict], states: list[dict]) -> None:
    """The mean time per request inside Pyodide under Node (what the browser's worker runs)."""
    try:
        from tests.pyodide_runner import PyodideUnavailable, run_batch
        bots, bot_ms = run_batch([("mata-ases-bot", r) for r in bot_requests])
        _, hand_ms = run_batch([("mata-ases-hand", r) for r in states])
    except (ImportError, PyodideUnavailable, RuntimeError) as exc:
        print(f"  Pyodide: no disponible ({exc})")
        return
    errors = sum(1 for r in bots if "error" in r)
    record(f"Petición mata-ases-bot en Pyodide bajo Node, media de {len(bot_requests)}",
           f"{es(bot_ms['requests'] / len(bot_requests), 1)} ms",
           f"mata-ases-hand: {es(hand_ms['requests'] / len(states), 1)} ms")
    print(f"  Pyodide 3.14 (Node), media de {len(bot_requests)} peticiones: mata-ases-bot "
          f"{bot_ms['requests'] / len(bot_requests):.1f} ms, mata-ases-hand {hand_ms['requests'] / len(states):.1f} ms"
          f"{f' ({errors} errores)' if errors else ''} (el bot corre en el worker: la página no espera)")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--requests", type=int, default=600)
    parser.add_argument("--only", choices=("margins", "time"))
    args = parser.parse_args(argv)
    if args.only != "time":
        print(f"Márgenes en apuestas mínimas por mano ({args.deals} repartos emparejados, mano a mano, "
              f"fichas iniciales: 40 mínimos):")
        matches = [(s, "azar") for s in STYLES] + [(s, "paga") for s in STYLES] + [
            ("equilibrado", "prudente"), ("agresivo", "prudente"), ("agresivo", "equilibrado")]
        for a, b in matches:
            start = time.perf_counter()
            mean, half = margin(a, b, args.deals, args.seed)
            print(f"  {a:>11} contra {b:<11} {mean:+7.2f} ± {half:4.2f}   ({time.perf_counter() - start:.0f} s)",
                  flush=True)
            record(f"Bot de Mata Ases {a} contra {b} ({args.deals} repartos emparejados)",
                   f"{'+' if mean >= 0 else '−'}{es(abs(mean), 2)} ± {es(half, 2)} apuestas mínimas por mano")
    if args.only != "margins":
        timing(args.requests, args.seed)


if __name__ == "__main__":
    main()
