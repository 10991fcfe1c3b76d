"""Shared helpers for the browser benchmarks: build the site once, serve it, launch Chromium."""

from __future__ import annotations

import contextlib
import functools
import http.server
import statistics
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.conftest import CHROMIUM_ARGS, SiteHandler, build_site, chromium_path, free_port  # noqa: E402

BARE_PAGE = """<!doctype html><meta charset="utf-8"><title>bare</title>
<script type="module">
import { loadPyodide } from "./assets/pyodide/pyodide.mjs";
const py = await loadPyodide({ indexURL: new URL("./assets/pyodide/", location.href).href });
py.runPython("1 + 1");
window.__done = performance.now();
</script>"""

LONG_TASKS = """
window.__tasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__tasks.push([entry.startTime, entry.duration]);
}).observe({ type: "longtask", buffered: true });
"""


def longest_task(page, since: float = 0.0, until: float = float("inf")) -> float:
    """The longest main-thread task (ms) that started in [since, until), 0 if none was over 50 ms."""
    tasks = page.evaluate("window.__tasks")
    return max((d for start, d in tasks if since <= start < until), default=0.0)


LAST_SITE: Path | None = None  # the folder served_site() serves (while it is open)


@contextlib.contextmanager
def served_site():
    """Yield the base URL of a freshly built site (plus bare.html) served on loopback."""
    with tempfile.TemporaryDirectory(prefix="bench-site-") as tmp:
        site = Path(tmp)
        port = free_port()
        result = build_site(site, site_url=f"http://127.0.0.1:{port}/")
        if result.returncode != 0:
            raise SystemExit(f"mkdocs build failed:\n{result.stdout}\n{result.stderr}")
        (site / "bare.html").write_text(BARE_PAGE, encoding="utf-8")
        global LAST_SITE
        LAST_SITE = site
        handler = functools.partial(SiteHandler, directory=str(site))
        server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            yield f"http://127.0.0.1:{port}/"
        finally:
            server.shutdown()


@contextlib.contextmanager
def chromium():
    from playwright.sync_api import sync_playwright

    path = chromium_path()
    if path is None:
        raise SystemExit("Chromium no está instalado (apt-get install -y chromium)")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def cold_page(browser, base_url):
    """A page in a fresh context (empty HTTP cache) that records long tasks."""
    context = browser.new_context(base_url=base_url, service_workers="block", bypass_csp=True)
    page = context.new_page()
    page.add_init_script(LONG_TASKS)
    return context, page


def bare_load_ms(browser, base_url) -> float:
    context, page = cold_page(browser, base_url)
    try:
        page.goto("bare.html")
        page.wait_for_function("window.__done !== undefined", timeout=120_000)
        return page.evaluate("window.__done")
    finally:
        context.close()


def summary(values: list[float]) -> str:
    return f"mediana {statistics.median(values):7.0f} ms  (min {min(values):.0f}, máx {max(values):.0f}, n={len(values)})"


def cold_starts(browser, base_url, runs: int, measure) -> dict[str, list[float]]:
    """``runs`` cold loads of a bare ``loadPyodide`` page and of ``measure(browser, base_url)``
    (which returns ``(ms, longest task while loading, longest task of the page before)``),
    interleaved so that drifts in machine load hit both sides alike."""
    bare_load_ms(browser, base_url)  # warm the OS file cache, not the browser's
    out: dict[str, list[float]] = {"bare": [], "site": [], "longest": [], "page_own": []}
    for _ in range(runs):
        out["bare"].append(bare_load_ms(browser, base_url))
        ms, task, own = measure(browser, base_url)
        out["site"].append(ms)
        out["longest"].append(task)
        out["page_own"].append(own)
    return out


def report_cold_starts(title: str, site_label: str, runs: dict[str, list[float]]) -> None:
    ratio = statistics.median(runs["site"]) / statistics.median(runs["bare"])
    print(title)
    print(f"  {'página vacía, solo loadPyodide (hilo principal):':53s} {summary(runs['bare'])}")
    print(f"  {site_label + ':':53s} {summary(runs['site'])}")
    print(f"  {'cociente / loadPyodide:':53s} {ratio:.2f}  (objetivo <= 1,10)")
    print(f"  {'tarea más larga del hilo principal mientras carga:':53s} {max(runs['longest']):.0f} ms"
          "  (objetivo < 100 ms; 0 = ninguna pasó de 50 ms)")
    print(f"  {'tarea más larga de la página antes (Material, HTML):':53s} {max(runs['page_own']):.0f} ms")
