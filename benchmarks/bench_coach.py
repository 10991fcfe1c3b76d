"""What the coach costs (``play-coach``), beside what one bot decision costs, in CPython and in Pyodide.

    .venv/bin/python benchmarks/bench_coach.py [--hands N] [--no-pyodide]

Prints figures; asserts nothing. Free-table hands of both games (Texas Hold'em, 4 players; Mata Ases,
3 players, Botón Ante, no limit), every seat checking or calling to the end so that the reader takes
decisions on every street. Per game:

- CPython: ``play-coach`` once the hand is over (a note per decision of the reader: three styles each),
  per request and per note; the reference is one bot decision at the same spots (the game's ``bot``, what
  each bot's turn costs during the hand).
- Pyodide (Node, one process, start-up excluded): the same hands restored with ``play-start`` and their
  ``actions``, with and without :data:`REPEAT` ``play-coach`` after each; the difference is the coach. The reference is
  the game's bot command (``holdem-bot`` / ``mata-ases-bot``) at one reader decision of each hand.
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
from engine.play.commands import SESSIONS  # noqa: E402
from engine.games import find_game  # noqa: E402
from engine.games.mata_ases.play import hand_request  # noqa: E402
from engine.play.session import FreeSession  # noqa: E402
from engine.table.words import YOU  # noqa: E402
from results import es, record  # noqa: E402

#: Each hand's play-coach is asked this many times in Pyodide. Once: the coach keeps its recent figures, so
#: asking again costs next to nothing and would hide the first answer's cost (the one a reader waits for).
REPEAT = 1
TABLES = {
    "holdem": {"players": 4, "seat": 1, "blinds": [10, 20], "depth": 100},
    "mata-ases": {"opponents": 2, "modality": "boton-ante", "betting": "no-limit", "minimum": 50, "depth": 40,
                  "exposures": False},
}


def hands(game: str, count: int) -> list[tuple[dict, list[dict], list[str]]]:
    """``count`` hands played passively: (table, every decision in order, who made each)."""
    table_game = find_game(game).play()
    out = []
    for seed in range(count):
        table = {**TABLES[game], "seed": seed}
        session = FreeSession(table_game, table_game.free_table(table_game.free_setup(table)))
        actions, players = [], []
        while not session.is_over():
            kinds = [o["action"] for o in session.hand.legal_actions()]
            players.append(session.hand.to_act)
            actions.append({"action": next(k for k in ("check", "call", "down") if k in kinds)})
            session.restore(actions[-1:], others=False)
        out.append((table, actions, players))
    return out


def start(game: str, key: str, table: dict, actions: list[dict]) -> FreeSession:
    reply = protocol.answer("play-start", {"session": key, "game": game, "mode": "free", "table": table,
                                           "actions": actions})
    assert "error" not in reply, reply
    return SESSIONS.find(key)


def cpython(game: str, played: list) -> tuple[list[float], list[float], int]:
    coach_ms, bot_ms, notes = [], [], 0
    for table, actions, players in played:
        start(game, "bench", table, actions)
        begin = time.process_time()
        reply = protocol.answer("play-coach", {"session": "bench"})
        coach_ms.append((time.process_time() - begin) * 1000)
        notes += len(reply["notes"])
        for at in (i for i, p in enumerate(players) if p == YOU):  # the bots' own cost at the reader's spots
            ref = start(game, "ref", table, actions[:at])
            begin = time.process_time()
            ref.game.bot(ref.hand, YOU, "equilibrado", ref.seed())
            bot_ms.append((time.process_time() - begin) * 1000)
    return coach_ms, bot_ms, notes


def bot_request(game: str, table: dict, actions: list[dict], players: list[str]) -> tuple[str, dict]:
    """The game's bot command at the reader's middle decision (his seat renamed: a bot plays it)."""
    mine = [i for i, p in enumerate(players) if p == YOU]
    at = mine[len(mine) // 2]
    session = start(game, "ref", table, actions[:at])
    hand = session.hand
    rename = {YOU: "Zoe"}
    moves = [{"player": rename.get(p, p), **d} for p, d in zip(players[:at], actions[:at])]
    bot = {"player": "Zoe", "style": "equilibrado", "seed": session.seed()}
    if game == "holdem":
        return "holdem-bot", {"seats": [{"name": rename.get(n, n), "stack": hand.starting_stacks[n]}
                                        for n in hand.names],
                              "button": rename.get(hand.button, hand.button), "blinds": table["blinds"],
                              "deck": [str(c) for c in session.table.deck()], "actions": moves, "bot": bot}
    request = hand_request(session.table.setup)
    request["seats"] = [{**s, "name": rename.get(s["name"], s["name"])} for s in request["seats"]]
    request["button"] = rename.get(request["button"], request["button"])
    for deal in request["deals"]:
        deal["cards"] = {rename.get(n, n): c for n, c in deal["cards"].items()}
    return "mata-ases-bot", {**request, "actions": moves, "bot": bot}


def pyodide(game: str, played: list) -> None:
    try:
        from tests.pyodide_runner import PyodideUnavailable, run_batch
        starts = [("play-start", {"session": "bench", "game": game, "mode": "free", "table": t, "actions": a})
                  for t, a, _ in played]
        _, plain = run_batch(starts)
        coached = [case for first in starts for case in (first, *[("play-coach", {"session": "bench"})] * REPEAT)]
        replies, with_coach = run_batch(coached)
        bots = [bot_request(game, table, actions, players) for table, actions, players in played]
        bot_replies, bot_ms = run_batch(bots)
    except (ImportError, PyodideUnavailable, RuntimeError) as exc:
        print(f"  Pyodide: no disponible ({exc})")
        return
    errors = sum(1 for r in replies + bot_replies if "error" in r)
    notes = sum(len(r["notes"]) for r in replies[1::REPEAT + 1])
    coach = (with_coach["requests"] - plain["requests"]) / (len(played) * REPEAT)
    print(f"  Pyodide 3.14 (Node): play-coach al final de la mano {coach:.0f} ms de media "
          f"({notes / len(played):.1f} notas; {coach * len(played) / max(notes, 1):.1f} ms por nota); referencia, "
          f"una decisión de bot ({bots[0][0]}): {bot_ms['requests'] / len(bots):.1f} ms"
          f"{f' ({errors} errores)' if errors else ''}")
    bot = bot_ms["requests"] / len(bots)
    record(f"{game}, Pyodide: play-coach al final de la mano ({notes / len(played):.1f} notas)".replace(".", ","),
           f"{es(coach)} ms", f"una decisión de bot: {es(bot, 1)} ms", f"{es(coach / bot, 1)}×")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--no-pyodide", action="store_true")
    args = parser.parse_args(argv)
    for game in TABLES:
        played = hands(game, args.hands)
        coach_ms, bot_ms, notes = cpython(game, played)
        q = statistics.quantiles(coach_ms, n=20)
        print(f"{game}: {args.hands} manos, {notes / args.hands:.1f} decisiones tuyas por mano")
        print(f"  CPython {sys.version.split()[0]} (CPU): play-coach al final de la mano mediana "
              f"{statistics.median(coach_ms):.1f} ms, p95 {q[-1]:.1f} ms; por nota {sum(coach_ms) / notes:.1f} ms; "
              f"referencia, una decisión de bot en los mismos puntos: mediana {statistics.median(bot_ms):.2f} ms")
        record(f"{game}, CPython: play-coach al final de la mano (mediana de {args.hands})",
               f"{es(statistics.median(coach_ms), 1)} ms",
               f"una decisión de bot: {es(statistics.median(bot_ms), 2)} ms",
               f"{es(statistics.median(coach_ms) / statistics.median(bot_ms), 1)}×")
        if not args.no_pyodide:
            pyodide(game, played)


if __name__ == "__main__":
    main()
