"""Regenerate ``engine/games/ultimate/preflop.py``: the exact pre-flop values of the 169 starting
hands of Ultimate Texas Hold'em (see README.md in this folder).

    python scripts/uth_preflop/generate.py            # full run, writes the table
    python scripts/uth_preflop/generate.py --check-flop "Qs 9c 4h" --hands AKs,72o,22
        # small case: only the boards holding that flop, compared with the engine's exact flop decision

The pay table, the dealer's qualification and the settlement of one dealer holding come from the
engine (``ultimate.dealer_qualifies``, ``ultimate_strategy._play_value2``, ``ultimate_strategy.FOLD``);
the C program only counts.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from fractions import Fraction
from itertools import combinations
from math import comb, gcd
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from engine.cards import DECK, parse_cards  # noqa: E402
from engine.evaluation import HandValue, pack  # noqa: E402
from engine.games.ultimate import strategy as us  # noqa: E402
from engine.games.ultimate.rules import dealer_qualifies  # noqa: E402

HERE = Path(__file__).resolve().parent
OUTPUT = ROOT / "engine" / "games" / "ultimate_preflop.py"
OUTCOMES = ((1, 0, 0, 0, 0), (0, 1, 0, 0, 0), (0, 0, 1, 0, 0), (0, 0, 0, 1, 0), (0, 0, 0, 0, 1))
#: (hand class, flop) pairs whose exact flop values the table also keeps, for a test to recompute.
SAMPLES = (("AKs", "Qs 9c 4h"), ("72o", "Kd 7s 2h"), ("22", "Ah Kh 5d"), ("J8s", "Tc 9d 3c"),
           ("QTo", "Ad 6s 6h"))


def engine_inputs() -> list[str]:
    """The C program's input lines that come from the engine's rules."""
    qualify = [int(dealer_qualifies(HandValue(pack(code, ())))) for code in range(10)]
    lines = [" ".join(map(str, qualify))]
    for play in (1, 2, 3, 4):
        row = [us._play_value2(play, pack(code, ()), outcome) for outcome in OUTCOMES for code in range(10)]
        lines.append(" ".join(map(str, row)))
    lines.append(str(int(2 * us.FOLD)))
    return lines


def representatives() -> dict[str, tuple[int, int]]:
    """The first holding (card indices) of each of the 169 classes, in index order."""
    reps: dict[str, tuple[int, int]] = {}
    for a, b in combinations(DECK, 2):
        reps.setdefault(us.starting_hand((a, b)), (a.index, b.index))
    return reps


def compile_tool(workdir: str) -> str:
    exe = os.path.join(workdir, "uth_preflop")
    subprocess.run(["gcc", "-O3", "-march=native", "-pthread", "-o", exe, str(HERE / "uth_preflop.c")],
                   check=True)
    return exe


def run(exe: str, threads: int, reps: list[tuple[int, int]], samples: list[tuple[int, list[int]]],
        only_flop: list[int] | None = None) -> tuple[list[list[int]], list[list[int]]]:
    lines = engine_inputs()
    lines.append(f"{len(reps)} " + " ".join(f"{a} {b}" for a, b in reps))
    lines.append(f"{len(samples)} " + " ".join(f"{r} {' '.join(map(str, f))}" for r, f in samples))
    args = [exe, str(threads)] + ([*map(str, only_flop)] if only_flop else [])
    out = subprocess.run(args, input="\n".join(lines) + "\n", capture_output=True, text=True, check=True).stdout
    rep_rows = [[int(x) for x in line.split()[1:]] for line in out.splitlines() if line.startswith("rep ")]
    sample_rows = [[int(x) for x in line.split()[1:]] for line in out.splitlines() if line.startswith("sample ")]
    return rep_rows, sample_rows


def check_flop(flop_text: str, hands: list[str], threads: int) -> int:
    """The small case: C values on one flop against the engine's ``decision``."""
    flop = [c.index for c in parse_cards(flop_text)]
    reps_all = representatives()
    reps, samples = [], []
    for name in hands:
        holding = reps_all[name]
        if set(holding) & set(flop):
            holding = next(h for h in ((a.index, b.index) for a, b in combinations(DECK, 2))
                           if us.starting_hand((DECK[h[0]], DECK[h[1]])) == name and not set(h) & set(flop))
        samples.append((len(reps), flop))
        reps.append(holding)
    with tempfile.TemporaryDirectory() as tmp:
        exe = compile_tool(tmp)
        _rows, sample_rows = run(exe, threads, reps, samples, only_flop=flop)
    bad = 0
    for (a, b), (_k, bet, check, turn_rivers) in zip(reps, sample_rows):
        hole = [DECK[a], DECK[b]]
        engine = us.decision(hole, parse_cards(flop_text))
        denominator = 2 * turn_rivers * 990
        mine = {"2x": Fraction(bet, denominator), "check": Fraction(check, denominator)}
        same = mine == engine.options
        bad += not same
        print(f"{hole[0]} {hole[1]} | {flop_text}: C 2x={float(mine['2x']):+.6f} check={float(mine['check']):+.6f}"
              f" | engine 2x={float(engine.options['2x']):+.6f} check={float(engine.options['check']):+.6f}"
              f" {'OK' if same else 'DIFFERENT'}")
    return bad


def generate(threads: int) -> None:
    reps_by_name = representatives()
    names = list(reps_by_name)
    reps = [reps_by_name[n] for n in names]
    samples = []
    for name, flop_text in SAMPLES:
        flop = [c.index for c in parse_cards(flop_text)]
        assert not set(reps_by_name[name]) & set(flop), (name, flop_text)
        samples.append((names.index(name), flop))
    start = time.time()
    with tempfile.TemporaryDirectory() as tmp:
        exe = compile_tool(tmp)
        rows, sample_rows = run(exe, threads, reps, samples)
    seconds = time.time() - start
    boards = comb(50, 5)
    flops = comb(50, 3)
    turn_rivers = comb(47, 2)
    dealer = comb(45, 2)
    # common denominator: twice the deals of the flop route (each board seen from its ten flops)
    denominator = 2 * flops * turn_rivers * dealer
    assert flops * turn_rivers == 10 * boards
    hands = {}
    for name, (a, b, nboards, s4, s3, check, nflops, s2) in zip(names, rows):
        assert (a, b) == tuple(sorted(reps_by_name[name])) and nboards == boards and nflops == flops, name
        # A raise is worth A + k B: 2x summed per flop (each board seen from its ten flops) is ten
        # times the board route's 2 * 3x - 4x -- the two accumulations agree.
        assert s2 == 10 * (2 * s3 - s4), name
        hands[name] = (10 * s4, 10 * s3, check)
    common = gcd(denominator, *(v for values in hands.values() for v in values))
    sample_out = []
    for (name, flop_text), (_k, bet, check, n) in zip(SAMPLES, sample_rows):
        assert n == turn_rivers
        a, b = reps_by_name[name]
        sample_out.append((f"{DECK[a]} {DECK[b]}", flop_text, bet, check))
    combos = {name: 0 for name in names}
    for a, b in combinations(DECK, 2):
        combos[us.starting_hand((a, b))] += 1
    lines = [
        '"""Exact pre-flop values of the 169 starting hands of Ultimate Texas Hold\'em (generated: do not edit).',
        "",
        "Written by scripts/uth_preflop/generate.py (C counting, engine rules) from every board, turn, river",
        "and dealer holding, with the best play afterwards. ``HANDS[name] = (4x, 3x, check)``: each value is",
        "the expected net of Ante + Blind + Play in Antes, as ``numerator / DENOMINATOR``.",
        '"""',
        "",
        f"#: Every value's denominator (twice {flops:_} flops x {turn_rivers:_} turns and rivers x {dealer} dealer"
        " holdings, reduced).",
        f"DENOMINATOR = {denominator // common}",
        "#: Deals counted per hand and option (flops x turns and rivers x dealer holdings).",
        f"DEALS = {flops * turn_rivers * dealer}",
        "#: Hand -> (combinations of that hand, 4x, 3x, check) numerators.",
        "HANDS = {",
    ]
    for name in names:
        v4, v3, vc = (v // common for v in hands[name])
        lines.append(f'    "{name}": ({combos[name]}, {v4}, {v3}, {vc}),')
    lines += ["}",
              "#: (hole, flop, 2x, check): exact flop values, each over SAMPLE_DENOMINATOR (a test recomputes them).",
              f"SAMPLE_DENOMINATOR = {2 * turn_rivers * dealer}", "SAMPLES = ("]
    for hole, flop_text, bet, check in sample_out:
        lines.append(f'    ("{hole}", "{flop_text}", {bet}, {check}),')
    lines += [")", f"#: How long the generator took (seconds, {threads} thread(s)).", f"SECONDS = {round(seconds)}", ""]
    OUTPUT.write_text("\n".join(lines))
    edge = -sum(Fraction(combos[n] * max(hands[n]), denominator) for n in names) / 1326
    print(f"wrote {OUTPUT.relative_to(ROOT)} in {seconds:.0f} s; house edge {float(edge) * 100:.4f} % of the Ante")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--check-flop", help="only this flop, compared with the engine's flop decision")
    parser.add_argument("--hands", default="AKs,72o,22,QTo", help="hand classes for --check-flop")
    args = parser.parse_args()
    if args.check_flop:
        sys.exit(1 if check_flop(args.check_flop, args.hands.split(","), args.threads) else 0)
    generate(args.threads)


if __name__ == "__main__":
    main()
