"""Cold start of the engine on a page vs. a bare page that only calls loadPyodide (same Chromium run).

Prints figures; asserts nothing. Target: ratio <= 1.10, longest main-thread task < 100 ms.
Usage: .venv/bin/python benchmarks/bench_load.py [runs]
"""

from __future__ import annotations

import sys

from browser_common import chromium, cold_page, cold_starts, longest_task, report_cold_starts, served_site


def engine_answer_ms(browser, base_url) -> tuple[float, float, float]:
    """ms from navigation start until the engine (in its worker) answers; the longest main-thread
    task while the engine loaded; the longest task of the page itself before that (Material, parsing)."""
    context, page = cold_page(browser, base_url)
    try:
        page.goto("")
        started, elapsed = page.evaluate("""async () => {
            const started = performance.now();
            const engine = await import(new URL("javascripts/engine/client.js", document.baseURI).href);
            await engine.start();
            await engine.request("hand-evaluate", { cards: ["As", "Ks", "Qs", "Js", "Ts"] });
            return [started, performance.now()];
        }""")
        page.wait_for_timeout(100)  # let the observer deliver the last entries
        return elapsed, longest_task(page, started), longest_task(page, 0, started)
    finally:
        context.close()


def main(runs: int = 5) -> None:
    with served_site() as base_url, chromium() as browser:
        runs_ = cold_starts(browser, base_url, runs, engine_answer_ms)
    report_cold_starts("Arranque en frío en Chromium (contexto nuevo en cada carga, caché vacía)",
                       "página del sitio hasta que el motor responde", runs_)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
