"""Protocol speed: ``holdem-showdown`` over JSON Lines, side by side with a treys script doing the
same JSON work, in the same run.

    .venv/bin/python benchmarks/bench_protocol.py [--lines N] [--repeat R] [--seed S]

Both sides get the same ``N`` JSON lines (2 to 9 players, two hole cards each, five board cards,
random deals with a fixed seed) and, for every line, turn it into one JSON reply line:

- engine: ``engine.protocol.answer_json("holdem-showdown", line)`` -- the entry point the browser
  worker calls, with the full validation (field types, card tokens, repeated cards, player count)
  and the reply the site uses (each player's best five cards, category and Spanish name; winners).
- treys: ``json.loads``, the same shape checks a careful script would make (an object with
  ``players`` and ``board``, two cards per player, five on the board, no repeated card), treys'
  ``Card.new`` for every token, ``Evaluator.evaluate`` per player, the winners, treys' class
  string as the name, and ``json.dumps`` of a reply of the same shape (treys does not say which
  five cards play, so its reply lists the player's two cards).

The two sides are timed back to back in every round, in CPU time of this process (the machine is
shared: wall time would count the waits for other processes), and the best round of each is kept;
the median of the per-round ratios is printed too. No reader feels this throughput (the site asks
for one showdown at a time): the figure is kept to notice a slower evaluator, not as a goal.

Start-up is printed beside it, each side in a new process (CPU time): importing the side and
answering one line (the engine imports the command's module on its first request; treys builds
its tables in ``Evaluator()``), and the first pass over the lines, which fills the engine's lazily
built tables (hands by rank multiset, names by strength), against a later pass.
Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # results, also when imported as benchmarks.bench_protocol

from engine import protocol  # noqa: E402
from engine.cards import DECK  # noqa: E402
from results import es, record  # noqa: E402

try:
    from treys import Card as TreysCard
    from treys import Evaluator
except ImportError:  # pragma: no cover
    sys.exit("treys is needed for the comparison: pip install treys (dev only)")

NAMES = ("Ana", "Beto", "Carla", "Diego", "Elena", "Fran", "Gema", "Hugo", "Inés")


def make_lines(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    lines = []
    for _ in range(count):
        n = rng.randint(2, 9)
        cards = [str(c) for c in rng.sample(DECK, 2 * n + 5)]
        request = {"players": {NAMES[i]: cards[2 * i:2 * i + 2] for i in range(n)}, "board": cards[2 * n:]}
        lines.append(json.dumps(request))
    return lines


def treys_script(evaluator: Evaluator):
    """The treys side: one JSON reply line per JSON request line (errors as ``{"error"}``)."""
    new, evaluate, rank_class, class_name = (TreysCard.new, evaluator.evaluate, evaluator.get_rank_class,
                                              evaluator.class_to_string)
    loads, dumps = json.loads, json.dumps

    def answer(line: str) -> str:
        try:
            request = loads(line)
            if not isinstance(request, dict):
                raise ValueError("request")
            players, board_tokens = request["players"], request["board"]
            if not isinstance(players, dict) or not players or len(players) > 10:
                raise ValueError("players")
            if not isinstance(board_tokens, list) or len(board_tokens) != 5:
                raise ValueError("board")
            board = [new(t) for t in board_tokens]
            seen = set(board)
            values = {}
            for name, hole_tokens in players.items():
                if not isinstance(hole_tokens, list) or len(hole_tokens) != 2:
                    raise ValueError(name)
                hole = [new(t) for t in hole_tokens]
                seen.update(hole)
                values[name] = (evaluate(hole, board), hole_tokens)
            if len(seen) != 5 + 2 * len(players):
                raise ValueError("repeated card")
            best = min(v for v, _ in values.values())  # treys: lower is better
            reply = {
                "players": {name: {"cards": tokens, "category": rank_class(v), "name": class_name(rank_class(v))}
                            for name, (v, tokens) in values.items()},
                "winners": [name for name, (v, _) in values.items() if v == best],
            }
        except (ValueError, KeyError, TypeError) as exc:
            reply = {"error": str(exc)}
        return dumps(reply, ensure_ascii=False, separators=(",", ":"))

    return answer


#: Per side, what a new process runs before the clock starts and what it times (``answer`` then
#: answers one line): the treys script lives in this file, which imports the engine, so the
#: script's code is imported first and treys itself inside the clock.
_START_UP = {
    "engine": ("", "from engine import protocol\nanswer = lambda line: protocol.answer_json('holdem-showdown', line)"),
    "treys": ("from benchmarks.bench_protocol import treys_script",
              "from treys import Evaluator\nanswer = treys_script(Evaluator())"),
}


def start_up(side: str, line: str) -> float:
    """CPU seconds a new process spends importing ``side`` and answering ``line`` (best of three)."""
    before, timed = _START_UP[side]
    code = (f"import sys, time\nsys.path.insert(0, sys.argv[1])\n{before}\nstart = time.process_time()\n"
            f"{timed}\nanswer(sys.argv[2])\nprint(time.process_time() - start)")
    root = str(Path(__file__).resolve().parent.parent)
    return min(float(subprocess.run([sys.executable, "-c", code, root, line], capture_output=True, text=True,
                                    check=True).stdout) for _ in range(3))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)

    lines = make_lines(args.lines, args.seed)
    ours = protocol.answer_json
    theirs = treys_script(Evaluator())

    def run_engine() -> list[str]:
        return [ours("holdem-showdown", line) for line in lines]

    def run_treys() -> list[str]:
        return [theirs(line) for line in lines]

    # Warm-up (imports, the evaluator's lazily filled tables), and a sanity check: same winners.
    start = time.process_time()
    first = run_engine()
    first_pass = time.process_time() - start
    for mine, other in zip(first, run_treys()):
        if json.loads(mine)["winners"] != json.loads(other)["winners"]:
            sys.exit(f"The two sides disagree on the winners: {mine} / {other}")

    best_ours = best_theirs = float("inf")
    ratios = []
    for _ in range(args.repeat):
        start = time.process_time()
        run_engine()
        middle = time.process_time()
        run_treys()
        end = time.process_time()
        best_ours, best_theirs = min(best_ours, middle - start), min(best_theirs, end - middle)
        ratios.append((middle - start) / (end - middle))

    players = sum(len(json.loads(line)["players"]) for line in lines)
    print(f"Python {platform.python_version()} ({platform.python_implementation()}); {args.lines:,} líneas JSON "
          f"de holdem-showdown ({players:,} jugadores), mejor de {args.repeat} rondas alternas")
    print(f"{'lado':<28} {'s de CPU':>9} {'líneas/s':>10}")
    print(f"{'motor (answer_json)':<28} {best_ours:>9.3f} {args.lines / best_ours:>10,.0f}")
    print(f"{'script con treys':<28} {best_theirs:>9.3f} {args.lines / best_theirs:>10,.0f}")
    ratio = best_ours / best_theirs
    print(f"tiempo motor / tiempo treys: {ratio:.2f} con los mejores tiempos, {statistics.median(ratios):.2f} de "
          f"mediana por ronda")
    record(f"holdem-showdown, {es(args.lines)} líneas JSON (CPU, la mejor de {args.repeat} rondas)",
           f"{es(args.lines / best_ours)} líneas/s", f"script con treys {es(args.lines / best_theirs)} líneas/s",
           f"{es(ratio, 2)} (tiempo motor / tiempo treys)")
    engine_start, treys_start = start_up('engine', lines[0]), start_up('treys', lines[0])
    record("Arranque en un proceso nuevo: importar y responder una línea (CPU)", f"{es(engine_start * 1000)} ms",
           f"treys {es(treys_start * 1000)} ms", f"{es(engine_start / treys_start, 2)}")
    print(f"arranque en un proceso nuevo (importar y responder una línea, s de CPU): motor "
          f"{engine_start:.3f}, treys {treys_start:.3f}; primera pasada del motor "
          f"(llena sus tablas perezosas) {first_pass:.3f} s frente a {best_ours:.3f} s después")


if __name__ == "__main__":
    main()
