"""Whether «Mi progreso» teaches: simulated readers over 60 days, each figure beside a reference reader who
reviews every skill every three days, measured in the same run. Asserts nothing; prints.

The readers (tests/js/learner.mjs) remember each skill by a known forgetting curve: FSRS-6's, with weights of
their own (the defaults, each scaled by a factor between 0.85 and 1.15) that the site's scheduler does not know.
They meet three new skills a day and, twice every evening, do «Repasar ahora» to its end; every answer is a
real engine reply (a right or a wrong answer to an item of the skill's review drill) recorded through the
site's own model (docs/javascripts/progress/model.js) and page logic (view.js).

1. Recall when a review comes (reviews in FSRS's review state): the share right, against the target
   retention, 0.9.
2. Reviews until a skill is learnt (the reader would recall it a week later with probability 0.9 or more):
   the median and the 90th percentile, and the share of the skills met that got there.
3. The share of the skills the schedule calls due that «Repasar ahora» serves. Goal: 100 %.
4. Calibration: the recall FSRS predicts at each review against what the readers did, in bins of 10 points;
   the weighted root mean square of the differences (RMSE-bins; the FSRS benchmark's for default parameters is
   0.07) and the largest difference in a bin of 50 reviews or more. Goal: within 5 points.

Usage: .venv/bin/python benchmarks/bench_learning.py [readers]   (default 100)
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from results import es  # noqa: E402
from results import record as figure  # noqa: E402

from tests.js.test_learning import pools, simulate  # noqa: E402

DAYS = 60
REFERENCE_DAYS = 3


def pct(value: float | None, decimals: int = 1) -> str:
    return "—" if value is None else f"{es(100 * value, decimals)} %"


def main() -> None:
    readers = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    started = time.perf_counter()
    items = pools(4)
    fsrs = simulate(items, readers=readers, days=DAYS)
    fixed = simulate(items, readers=readers, days=DAYS, reference=REFERENCE_DAYS)
    took = time.perf_counter() - started
    print(f"{readers} lectores simulados, {DAYS} días, {len(items)} destrezas, "
          f"{sum(len(v) for v in items.values())} ejercicios reales del motor ({took:.0f} s)")
    print(f"\n1. Recuerdo al repasar (FSRS):           {pct(fsrs['recallAtReview'])}   (objetivo 90 %; predicho "
          f"{pct(fsrs['predictedAtReview'])}; {fsrs['reviews']} repasos)")
    print(f"   referencia, repaso cada {REFERENCE_DAYS} días:     {pct(fixed['recallAtReview'])}   "
          f"({fixed['reviews']} repasos)")
    print(f"\n2. Intentos hasta aprender una destreza: mediana {fsrs['reviewsToLearn']}, p90 "
          f"{fsrs['reviewsToLearnP90']}; aprendidas {pct(fsrs['learntShare'])}")
    print(f"   referencia: mediana {fixed['reviewsToLearn']}, p90 {fixed['reviewsToLearnP90']}; aprendidas "
          f"{pct(fixed['learntShare'])}")
    print(f"\n3. Destrezas pendientes que sirve «Repasar ahora»: {pct(fsrs['servedShare'])} de {fsrs['due']}"
          "   (objetivo 100 %)")
    print(f"\n4. Calibración: RMSE-bins {es(fsrs['rmseBins'], 3)} (referencia del benchmark de FSRS: 0,07); "
          f"mayor diferencia en un intervalo {es(100 * fsrs['worstBin'], 1)} puntos (objetivo ≤ 5)")
    for row in fsrs["bins"]:
        print(f"   {es(100 * row['from'])}–{es(100 * row['to'])} %: {row['n']:5d} repasos, predicho "
              f"{pct(row['predicted'])}, real {pct(row['observed'])}")
    figure(f"Recuerdo al repasar: {readers} lectores simulados, {DAYS} días ({fsrs['reviews']} repasos)",
           pct(fsrs["recallAtReview"]), f"repaso cada {REFERENCE_DAYS} días: {pct(fixed['recallAtReview'])} "
           f"({fixed['reviews']} repasos)", "", "90 %")
    figure("Intentos hasta aprender una destreza (mediana, p90)",
           f"{fsrs['reviewsToLearn']}, {fsrs['reviewsToLearnP90']} ({pct(fsrs['learntShare'], 0)} aprendidas)",
           f"cada {REFERENCE_DAYS} días: {fixed['reviewsToLearn']}, {fixed['reviewsToLearnP90']} "
           f"({pct(fixed['learntShare'], 0)})")
    figure("Destrezas pendientes que sirve «Repasar ahora»", pct(fsrs["servedShare"]), "", "", "100 %")
    figure("Calibración del recuerdo predicho (RMSE-bins; mayor diferencia de un intervalo)",
           f"{es(fsrs['rmseBins'], 3)}; {es(100 * fsrs['worstBin'], 1)} puntos",
           "benchmark de FSRS, parámetros por defecto: 0,07", "", "≤ 5 puntos")


if __name__ == "__main__":
    main()
