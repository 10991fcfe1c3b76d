"""Main-thread work of each reader page in Chromium, in CPU time: the part of Lighthouse's TBT that a
loaded machine does not blur.

Lighthouse's total blocking time adds up wall-clock task lengths, which on a shared machine grow with
everyone else's load (its benchmarkIndex drops from ~1,500 to 100-500 here). The trace's thread time
(``tdur``) counts only the CPU the page's main thread used, so it moves much less. Printed per page,
over the tasks that start after the first contentful paint (those TBT counts): their CPU time, the TBT
they would give on Lighthouse's 4x slower phone (the sum of 4 x task - 50 ms), and the longest task.
Phone-sized viewport (412 x 823), cold cache, the preview host (gzip). Asserts nothing.

Usage: .venv/bin/python benchmarks/bench_main_thread.py [runs] [page ...]   (default: 3 runs, every page)
"""

from __future__ import annotations

import json
import statistics
import sys

from bench_lighthouse import reader_pages
from browser_common import chromium, page_main_thread, served_site, top_level_tasks
from results import es, record

SLOWDOWN = 4  # Lighthouse's mobile CPU multiplier


def main_thread(browser, url: str) -> tuple[float, float, float]:
    """(CPU ms after FCP, the TBT it gives at SLOWDOWN, the longest task's CPU ms) of one cold load."""
    context = browser.new_context(viewport={"width": 412, "height": 823}, device_scale_factor=1.75, is_mobile=True,
                                  has_touch=True, service_workers="block")
    page = context.new_page()
    try:
        browser.start_tracing(page=page, categories=["devtools.timeline", "disabled-by-default-devtools.timeline",
                                                     "loading"])
        page.goto(url, wait_until="load")
        page.wait_for_timeout(4000)
        events = json.loads(browser.stop_tracing())["traceEvents"]
    finally:
        context.close()
    main = page_main_thread(events, url)
    fcp = [e["ts"] for e in events if e.get("name") == "firstContentfulPaint" and (e["pid"], e["tid"]) in main]
    tasks = [e.get("tdur", 0) / 1000 for e in top_level_tasks(events, main) if fcp and e["ts"] >= fcp[0]]
    return sum(tasks), sum(max(0.0, SLOWDOWN * t - 50) for t in tasks), max(tasks, default=0.0)


def main(runs: int, pages: list[str]) -> None:
    with served_site() as base_url, chromium() as browser:
        pages = pages or reader_pages(base_url)
        print(f"Hilo principal tras el primer pintado (tiempo de CPU), mediana de {runs} cargas en frío por página")
        print(f"  {'página':<28} {'CPU':>8} {'TBT a 4x':>10} {'tarea más larga':>16}   (objetivo de TBT: <= 200 ms)")
        medians = {}
        for path in pages:
            rows = [main_thread(browser, base_url + path) for _ in range(runs)]
            cpu, tbt, longest = (statistics.median(r[i] for r in rows) for i in range(3))
            medians[path or "/"] = (cpu, tbt, longest)
            print(f"  {path or '/':<28} {cpu:6.0f} ms {tbt:7.0f} ms {longest:13.0f} ms", flush=True)
    if medians:
        worst = max(medians, key=lambda path: medians[path][1])
        record(f"Hilo principal tras el primer pintado, {len(medians)} páginas (mediana de {runs} por página): CPU; "
               "TBT a 4x (el más alto, su página); tarea más larga",
               f"{es(min(m[0] for m in medians.values()))}–{es(max(m[0] for m in medians.values()))} ms; "
               f"{es(medians[worst][1])} ms ({worst}); {es(max(m[2] for m in medians.values()))} ms", goal="TBT ≤ 200 ms")


if __name__ == "__main__":
    args = sys.argv[1:]
    runs = int(args.pop(0)) if args and args[0].isdigit() else 3
    main(runs, args)
