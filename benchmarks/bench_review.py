"""What «Revisión de la mano» costs (``play-review``), beside one bot decision, in CPython and in Pyodide; and
whether the review ranks the bot styles as their results against each other do.

    .venv/bin/python benchmarks/bench_review.py [--hands N] [--ranking-hands M] [--result-hands R] [--no-pyodide]

Prints figures; asserts nothing. Free-table hands of both games (Texas Hold'em, 4 players; Mata Ases, 3
players, Botón Ante, no limit), the reader's seat played by a bot of the «equilibrado» style.

- CPython: ``play-review`` once the hand is over, per hand and per reviewed decision; the reference is one
  bot decision at the same spots (the game's ``bot``, what each bot's turn costs during the hand).
- Pyodide (Node, one process, start-up excluded): the same hands restored with ``play-start`` and their
  ``actions``, with and without ``play-review`` after each; the difference is the review. The phone's
  budget is 2 s after the hand with the CPU four times slower: the figure held to it is four times the
  Pyodide time of a hand's review.
- The decision drill (``<game>-decision``, what «Repasar ahora» deals for a play skill): CPython, the time to
  deal one (a free-table hand to a decision of its kind, valued by the review) over ``--drills`` seeds.
- Ranking (``--ranking-hands``, 0 to skip): Texas Hold'em, 3 players, each style in turn in the reader's
  seat against the other two, the same seeded deals for each. Each style's result (big blinds per 100 hands,
  with its 95 % margin) over ``--result-hands`` hands played by the bots alone; what the review says it loses
  (big blinds per 100 decisions) over the first ``--ranking-hands`` of them. A pair of styles is separated
  when the margin of the difference of their results leaves out zero; the review agrees when, in every
  separated pair, the style that wins more loses less. A benchmark, not a test: it lasts minutes.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import protocol  # noqa: E402
from engine.drills import make_drill  # noqa: E402
from engine.games import find_game  # noqa: E402
from engine.play.commands import SESSIONS  # noqa: E402
from engine.play.session import FreeSession  # noqa: E402
from engine.review import review_steps  # noqa: E402
from engine.table.bots import STYLE_NAMES  # noqa: E402
from engine.table.game import Move  # noqa: E402
from engine.table.words import YOU  # noqa: E402
from bench_coach import TABLES  # noqa: E402  (the tables the coach is measured on)
from results import es, record  # noqa: E402

#: The phone's CPU against this machine's, and the time a hand's review may take there.
PHONE = 4
BUDGET_S = 2.0


def play(session: FreeSession, style: str) -> None:
    """The hand to its end, the reader's seat played by a bot of ``style``."""
    session.advance()
    while not session.is_over():
        move = session.game.bot(session.hand, session.reader, style, session.seed())
        session.act(Move(move.action, move.amount))
        session.advance()


def hands(game: str, count: int) -> list[tuple[dict, list[dict]]]:
    """``count`` hands (each its own table's first hand): the table and every decision in order."""
    table_game = find_game(game).play()
    out = []
    for seed in range(count):
        table = {**TABLES[game], "seed": seed}
        session = FreeSession(table_game, table_game.free_table(table_game.free_setup(table)))
        play(session, "equilibrado")
        out.append((table, list(session.decisions)))
    return out


def cpython(game: str, played: list) -> tuple[list[float], list[float], list[float]]:
    per_hand, per_decision, bot_ms = [], [], []
    for table, actions in played:
        reply = protocol.answer("play-start", {"session": "bench", "game": game, "mode": "free", "table": table,
                                               "actions": actions})
        assert "error" not in reply, reply
        session = SESSIONS.find("bench")
        begin = time.process_time()
        reply = protocol.answer("play-review", {"session": "bench"})
        spent = (time.process_time() - begin) * 1000
        per_hand.append(spent)
        if reply["decisions"]:
            per_decision.append(spent / len(reply["decisions"]))
        for place, _ in session.spots:  # the bots' own cost at the same spots
            ref = FreeSession(session.game, session.game.free_table(session.game.free_setup(table)))
            ref.restore(actions[:place], others=False)
            begin = time.process_time()
            ref.game.bot(ref.hand, ref.hand.to_act, "equilibrado", ref.seed())
            bot_ms.append((time.process_time() - begin) * 1000)
    return per_hand, per_decision, bot_ms


def pyodide(game: str, played: list) -> None:
    try:
        from tests.pyodide_runner import PyodideUnavailable, run_batch
        starts = [("play-start", {"session": "bench", "game": game, "mode": "free", "table": t, "actions": a})
                  for t, a in played]
        _, plain = run_batch(starts)
        reviewed = [case for first in starts for case in (first, ("play-review", {"session": "bench"}))]
        replies, with_review = run_batch(reviewed)
    except (ImportError, PyodideUnavailable, RuntimeError) as exc:
        print(f"  Pyodide: no disponible ({exc})")
        return
    errors = sum(1 for r in replies if "error" in r)
    decisions = sum(len(r.get("decisions", [])) for r in replies[1::2])
    review = (with_review["requests"] - plain["requests"]) / len(played)
    # What is left after the hand when the page reviewed the earlier decisions while the reader thought:
    # the last decision alone.
    last = [case for first, r in zip(starts, replies[1::2]) if r.get("decisions")
             for case in (first, ("play-review", {"session": "bench", "decision": len(r["decisions"]) - 1}))]
    _, with_last = run_batch(last)
    left = (with_last["requests"] - plain["requests"] * (len(last) // 2) / len(played)) / (len(last) // 2)
    print(f"  Pyodide 3.14 (Node): play-review de toda la mano {review:.0f} ms de media "
          f"({decisions / len(played):.1f} decisiones; {review * len(played) / max(decisions, 1):.0f} ms por "
          f"decisión); la última decisión sola, lo que queda tras la mano: {left:.0f} ms; en el teléfono (CPU "
          f"{PHONE}× más lenta) ≈ {PHONE * left / 1000:.1f} s{f' ({errors} errores)' if errors else ''}")
    record(f"{game}, Pyodide: play-review de toda la mano ({decisions / len(played):.1f} decisiones)"
           .replace(".", ","), f"{es(review)} ms", "", "", "")
    record(f"{game}, Pyodide: lo que queda tras la mano (la última decisión; las demás, mientras piensas)",
           f"{es(left)} ms", "", "", f"≤ {es(BUDGET_S * 1000 / PHONE)} ms (2 s en el teléfono)")


def ranking(count: int, results: int) -> None:
    """Each style in the reader's seat against the other two (see the module docstring): its result over
    ``results`` hands played by the bots alone (cheap, so many), what the review says it loses over the first
    ``count`` of them (each hand reviewed: dear, so few)."""
    game = find_game("holdem").play()
    big = 20
    won: dict[str, list[float]] = {}
    loss: dict[str, float] = {}
    for style in STYLE_NAMES:
        others = [s for s in STYLE_NAMES if s != style]
        won[style], lost, decisions = [], 0.0, 0
        for seed in range(max(count, results)):
            setup = game.free_setup({"players": 3, "seat": 0, "blinds": [10, big], "depth": 100, "seed": seed,
                                     "styles": others})
            session = FreeSession(game, game.free_table(setup))
            play(session, style)
            won[style].append(session.change() / big)
            if seed >= count:
                continue
            steps = review_steps(session)
            while True:
                try:
                    next(steps)
                except StopIteration as stop:
                    reviewed = stop.value["decisions"]
                    break
            lost += sum(d["units"] for d in reviewed)
            decisions += len(reviewed)
        loss[style] = 100 * lost / max(1, decisions)  # units: big blinds (the table's unit)
        result = 100 * statistics.mean(won[style])
        margin = 196 * statistics.stdev(won[style]) / len(won[style]) ** 0.5
        print(f"  {style}: {result:+.0f} ± {margin:.0f} ciegas grandes por 100 manos ({len(won[style])} manos); "
              f"la revisión: pierde {loss[style]:.1f} ciegas grandes por 100 decisiones ({decisions} decisiones)")
    # Two styles are separated by their results when the 95 % margin of the difference of their means (the
    # same seeds, so the same cards: paired) leaves out zero; the review agrees when, for every such pair, the
    # style that won more loses less by the review.
    pairs, disagree = [], []
    for i, a in enumerate(STYLE_NAMES):
        for b in STYLE_NAMES[i + 1:]:
            diff = [x - y for x, y in zip(won[a], won[b])]
            mean, margin = 100 * statistics.mean(diff), 196 * statistics.stdev(diff) / len(diff) ** 0.5
            if abs(mean) <= margin:
                print(f"  {a} frente a {b}: {mean:+.0f} ± {margin:.0f} ciegas grandes por 100 manos: no se separan")
                continue
            better, worse = (a, b) if mean > 0 else (b, a)
            pairs.append(f"{better} > {worse}")
            if loss[better] >= loss[worse]:
                disagree.append(f"{better} > {worse}")
            print(f"  {a} frente a {b}: {mean:+.0f} ± {margin:.0f}: gana {better}; la revisión "
                  f"{'coincide' if loss[better] < loss[worse] else 'NO coincide'}")
    by_review = ", ".join(sorted(STYLE_NAMES, key=loss.__getitem__))
    verdict = ("sin pares separados" if not pairs else
               "coinciden" if not disagree else f"no coinciden en {', '.join(disagree)}")
    print(f"  Orden por la revisión: {by_review}; separados por el resultado: {', '.join(pairs) or 'ninguno'} "
          f"({verdict})")
    record(f"holdem, estilos por la revisión ({count} manos revisadas por estilo) frente a los pares que su resultado "
           f"separa al 95 % ({results} manos por estilo)", by_review, "; ".join(pairs) or "ninguno", verdict)


def decision_drills(game: str, count: int) -> None:
    """The time to deal ``count`` decision drills of ``game`` (both families), CPython."""
    times = []
    for seed in range(count):
        start = time.perf_counter()
        make_drill(f"{game}-decision", 900_000 + seed, "media", ("facing", "open")[seed % 2])
        times.append((time.perf_counter() - start) * 1000)
    print(f"  CPython: ejercicio de decisión, mediana {statistics.median(times):.0f} ms, máximo {max(times):.0f} ms")
    record(f"{game}, CPython: repartir un ejercicio de decisión de la mesa (mediana de {count}; máximo)",
           f"{es(statistics.median(times))} ms; {es(max(times))} ms")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--ranking-hands", type=int, default=60)
    parser.add_argument("--result-hands", type=int, default=3000)
    parser.add_argument("--drills", type=int, default=10)
    parser.add_argument("--no-pyodide", action="store_true")
    args = parser.parse_args(argv)
    for game in TABLES:
        played = hands(game, args.hands)
        per_hand, per_decision, bot_ms = cpython(game, played)
        bot = statistics.median(bot_ms)
        print(f"{game}: {args.hands} manos")
        print(f"  CPython {sys.version.split()[0]} (CPU): play-review al final de la mano mediana "
              f"{statistics.median(per_hand):.0f} ms, máximo {max(per_hand):.0f} ms; por decisión "
              f"{statistics.median(per_decision):.0f} ms; referencia, una decisión de bot: {bot:.1f} ms")
        record(f"{game}, CPython: play-review al final de la mano (mediana de {args.hands})",
               f"{es(statistics.median(per_hand))} ms", f"una decisión de bot: {es(bot, 1)} ms",
               f"{es(statistics.median(per_hand) / bot, 0)}×")
        record(f"{game}, CPython: play-review por decisión revisada (mediana)",
               f"{es(statistics.median(per_decision))} ms", f"una decisión de bot: {es(bot, 1)} ms",
               f"{es(statistics.median(per_decision) / bot, 0)}×")
        if args.drills:
            decision_drills(game, args.drills)
        if not args.no_pyodide:
            pyodide(game, played)
    if args.ranking_hands:
        print(f"Estilos de Hold'em por resultado ({args.result_hands} manos por estilo) y por la revisión "
              f"({args.ranking_hands} manos):")
        ranking(args.ranking_hands, args.result_hands)


if __name__ == "__main__":
    main()
