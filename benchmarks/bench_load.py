"""Cold start of the engine on a page vs. a bare page that only calls loadPyodide (same Chromium run).

Prints figures; asserts nothing. Target: ratio <= 1.10, longest main-thread task < 100 ms.
Usage: .venv/bin/python benchmarks/bench_load.py [runs]
"""

from __future__ import annotations

import statistics
import sys

from browser_common import bare_load_ms, chromium, cold_page, longest_task, served_site, summary


def engine_answer_ms(browser, base_url) -> tuple[float, float, float]:
    """ms from navigation start until the engine (in its worker) answers; the longest main-thread
    task while the engine loaded; the longest task of the page itself before that (Material, parsing)."""
    context, page = cold_page(browser, base_url)
    try:
        page.goto("")
        started, elapsed = page.evaluate("""async () => {
            const started = performance.now();
            await PokerEngine.start();
            await PokerEngine.request("hand-evaluate", { cards: ["As", "Ks", "Qs", "Js", "Ts"] });
            return [started, performance.now()];
        }""")
        page.wait_for_timeout(100)  # let the observer deliver the last entries
        return elapsed, longest_task(page, started), longest_task(page, 0, started)
    finally:
        context.close()


def main(runs: int = 5) -> None:
    with served_site() as base_url, chromium() as browser:
        bare_load_ms(browser, base_url)  # warm the OS file cache, not the browser's
        bare, engine, longest, page_own = [], [], [], []
        for _ in range(runs):  # interleaved, so drifts in machine load hit both sides alike
            bare.append(bare_load_ms(browser, base_url))
            ms, task, own = engine_answer_ms(browser, base_url)
            engine.append(ms)
            longest.append(task)
            page_own.append(own)
    ratio = statistics.median(engine) / statistics.median(bare)
    print("Arranque en frío en Chromium (contexto nuevo en cada carga, caché vacía)")
    print(f"  página vacía, solo loadPyodide (hilo principal): {summary(bare)}")
    print(f"  página del sitio hasta que el motor responde:    {summary(engine)}")
    print(f"  cociente motor / loadPyodide:                     {ratio:.2f}  (objetivo <= 1,10)")
    print(f"  tarea más larga del hilo principal mientras carga el motor: {max(longest):.0f} ms  (objetivo < 100 ms;"
          " 0 = ninguna pasó de 50 ms)")
    print(f"  tarea más larga de la propia página antes (Material, HTML):  {max(page_own):.0f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
