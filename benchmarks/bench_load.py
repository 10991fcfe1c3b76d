"""Loading the engine (issue 13), every figure beside a bare page that only calls loadPyodide (same run).

Prints figures; asserts nothing.
- Cold start: ms from navigation until the engine answers (home page, widget asked at once), fresh
  context each time, interleaved with the bare page. Target: ratio <= 1.00 for the simulator (see
  bench_simulator.py for its first usable decision).
- Reading only: bytes received by the home page in 8 s without interaction. Target: <= 1.5 MB.
- Return visit: the simulator's first usable decision in a new tab of a context that visited it
  once, without the saved site (what the first visit kept: the runtime and the memory snapshot its
  browser made, engine/snapshot.js; target: <= 0.3x bare cold) and once the site is saved (target:
  <= 0.2x bare cold). The phone profiles of the same: bench_phone.py.
- Offline: the same with the network off (context offline, service worker answering).
- Transfer sizes of what the engine needs, raw and gzip (what a host should compress).

- Timeline (``--timeline``, and after the cold starts): when each of the worker's fetches starts
  and ends, when the wasm is compiled, when loadPyodide resolves, when engine.protocol is imported
  and when the first reply leaves, median of the cold loads on the mobile link (home page and its
  widget; the simulator and its first decision).

Usage: .venv/bin/python benchmarks/bench_load.py [runs]
       .venv/bin/python benchmarks/bench_load.py --timeline [runs]   (the timelines only, mobile link)
       .venv/bin/python benchmarks/bench_load.py --return [runs]     (return visits only, beside bare cold)
"""

from __future__ import annotations

import gzip
import statistics
import sys
from pathlib import Path

from bench_simulator import FIRST_CONTROL, PAGE
import bench_simulator
from results import es, record
from browser_common import (LINK, MOBILE, PROFILES, bare_load_ms, bare_reference, chromium, cold_page, cold_starts,
                            longest_task, report_cold_starts, report_timeline, served_site, summary, worker_timeline)

TIMELINES: list[dict] = []  # per cold load of the home page: the worker's timeline (browser_common.TIMELINE)
RETURN_TIMELINES: list[dict] = []  # per return visit of the simulator: the worker's timeline
RETURN_EXTRA: list[dict] = []  # per return visit: the page's loading phases and its first usable decision
RETURN_EXTRA_UNSAVED: list[dict] = []  # per return visit without the saved site: the route the worker took


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
        TIMELINES.append(worker_timeline(page))
        return elapsed, longest_task(page, started), longest_task(page, 0, started)
    finally:
        context.close()


def reading_bytes(browser, base_url) -> tuple[int, int]:
    """Bytes received (CDP, encoded) by the home page in 8 s without interaction; runtime requests."""
    context, page = cold_page(browser, base_url)
    try:
        received = [0]
        runtime = []
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.on("Network.loadingFinished", lambda e: received.__setitem__(0, received[0] + e["encodedDataLength"]))
        page.on("request", lambda r: runtime.append(r.url) if "/assets/pyodide/" in r.url else None)
        page.goto("")
        page.wait_for_timeout(8_000)
        return received[0], len(runtime)
    finally:
        context.close()


def first_decision(page) -> float:
    page.add_init_script(FIRST_CONTROL)
    page.goto(PAGE)
    page.wait_for_function("window.__firstControl !== null", timeout=120_000)
    return page.evaluate("window.__firstControl")


def return_visit(browser, base_url) -> tuple[float, float, float, float]:
    """Cold first visit, return visit without the saved site and with it (new tabs, same context) and
    offline visit of the simulator (ms)."""
    context = browser.new_context(base_url=base_url, service_workers="allow", bypass_csp=True)
    try:
        page = context.new_page()
        cold = first_decision(page)
        page.wait_for_selector("html[data-offline-kept]", timeout=120_000)  # what the visit used, kept
        page.close()
        unsaved_page = context.new_page()
        unsaved = first_decision(unsaved_page)
        RETURN_EXTRA_UNSAVED.append({"ruta": unsaved_page.evaluate(
            "import(document.querySelector('script[src*=\"engine/client.js\"]').src).then((e) => e.state().route)")})
        page = unsaved_page
        page.click(".md-footer-meta [data-offline-save] button")  # the reader keeps the site
        page.wait_for_selector("html[data-offline-ready]", timeout=120_000)
        page.close()
        again = context.new_page()
        warm = first_decision(again)
        RETURN_TIMELINES.append(worker_timeline(again))
        RETURN_EXTRA.append({**again.evaluate("window.__phases"), "página: primera opción": warm})
        again.close()
        context.set_offline(True)
        offline_page = context.new_page()
        offline = first_decision(offline_page)
        return cold, unsaved, warm, offline
    finally:
        context.close()


def transfer_sizes(site: Path) -> None:
    print("Tamaños de transferencia (lo que un servidor debería comprimir con gzip)")
    base = site / "assets" / "pyodide"
    files = [base / n for n in ("pyodide.asm.wasm", "pyodide.asm.mjs", "pyodide.mjs", "pyodide-lock.json")] \
        + sorted(base.glob("engine/*/python_stdlib.zip")) + sorted(base.glob("engine/*/*.whl"))
    raw_total = gz_total = 0
    for path in files:
        data = path.read_bytes()
        packed = len(gzip.compress(data, compresslevel=6))
        raw_total += len(data)
        gz_total += packed
        print(f"  {path.relative_to(base).as_posix():40s} {len(data) / 1e6:6.2f} MB  gzip {packed / 1e6:6.2f} MB"
              f"  ({packed / len(data):4.0%})")
    print(f"  {'primera visita (lo de arriba)':40s} {raw_total / 1e6:6.2f} MB  gzip {gz_total / 1e6:6.2f} MB")
    record("Lo que descarga quien usa el motor por primera vez (runtime y motor)",
           f"{es(gz_total / 1e6, 2)} MB con gzip", f"sin comprimir: {es(raw_total / 1e6, 2)} MB")
    print("  No se descarga en la primera visita (la red de seguridad; la guarda el service worker con el sitio):")
    for path in [base / "python_stdlib.zip"]:
        data = path.read_bytes()
        packed = len(gzip.compress(data, compresslevel=6))
        print(f"  {path.relative_to(base).as_posix():40s} {len(data) / 1e6:6.2f} MB  gzip {packed / 1e6:6.2f} MB")


def return_visits(browser, base_url, runs: int) -> None:
    """The simulator's first visit, return visit and offline visit beside bare cold starts (loopback,
    interleaved), and the worker's timeline of the return visits."""
    bare, bare_worker, cold, unsaved, warm, offline = [], [], [], [], [], []
    for _ in range(runs):
        bare.append(bare_load_ms(browser, base_url))
        bare_worker.append(bare_load_ms(browser, base_url, "bare-worker.html"))
        c, u, w, o = return_visit(browser, base_url)
        cold.append(c)
        unsaved.append(u)
        warm.append(w)
        offline.append(o)
    ref = bare_reference(bare, bare_worker)
    print("Simulador: primera decisión utilizable (service worker permitido), junto a loadPyodide en frío")
    print(f"  {'página vacía, solo loadPyodide (hilo principal):':45s} {summary(bare)}")
    print(f"  {'página vacía, solo loadPyodide (en un worker):':45s} {summary(bare_worker)}")
    for label, values in (("primera visita (en frío):", cold), ("vuelta sin guardar el sitio (lo ya usado):", unsaved),
                          ("vuelta con el sitio guardado (caché del SW):", warm),
                          ("sin conexión (caché del SW):", offline)):
        print(f"  {label:45s} {summary(values)}  = {statistics.median(values) / ref:.2f} x loadPyodide (la más rápida)")
    print("  rutas de la vuelta sin guardar: " + ", ".join(e["ruta"] for e in RETURN_EXTRA_UNSAVED[-runs:]))
    print("  objetivos: vuelta sin guardar <= 0,3 x; con el sitio guardado <= 0,2 x loadPyodide en frío")
    for label, values, goal in (("vuelta sin guardar el sitio", unsaved, "≤ 0,3×"),
                                ("visita de vuelta con el sitio guardado", warm, "≤ 0,2×"), ("sin conexión", offline, "")):
        record(f"Simulador, {label} (service worker; mediana de {runs}): primera decisión utilizable",
               f"{es(statistics.median(values))} ms", f"loadPyodide solo, en frío: {es(ref)} ms",
               f"{es(statistics.median(values) / ref, 2)}×", goal)
    report_timeline("Visita de vuelta al simulador: la línea de tiempo del worker", RETURN_TIMELINES[-runs:],
                    RETURN_EXTRA[-runs:])


HOME_TITLE = "Portada en frío, perfil móvil: la línea de tiempo del worker hasta la primera respuesta (hand-evaluate)"
SIMULATOR_TITLE = "Simulador en frío, perfil móvil: la línea de tiempo del worker hasta la primera opción"


def timelines(runs: int) -> None:
    """Only the timelines: cold loads of the home page (its widget asked at once) and of the simulator
    on the mobile link."""
    with served_site() as base_url, chromium() as browser:
        bare_load_ms(browser, base_url)  # warm the OS file cache, not the browser's
        try:
            for _ in range(runs):
                LINK.set(MOBILE)
                engine_answer_ms(browser, base_url)
                LINK.set(MOBILE)
                bench_simulator.cold_simulator(browser, base_url)
        finally:
            LINK.set(None)
    report_timeline(HOME_TITLE, TIMELINES)
    report_timeline(SIMULATOR_TITLE, bench_simulator.TIMELINES, bench_simulator.PHASES)


def main(runs: int = 5) -> None:
    with served_site() as base_url, chromium() as browser:
        runs_ = cold_starts(browser, base_url, runs, engine_answer_ms)
        report_cold_starts("Arranque en frío en Chromium (contexto nuevo en cada carga, caché vacía)",
                           "página del sitio hasta que el motor responde", runs_)
        mobile = [i for i, (_, profile) in enumerate(PROFILES) if profile == MOBILE][0]
        report_timeline(HOME_TITLE, TIMELINES[mobile::len(PROFILES)])
        received, runtime = reading_bytes(browser, base_url)
        print("Solo leer: portada 8 s sin interacción")
        print(f"  bytes recibidos: {received / 1e6:.2f} MB (objetivo <= 1,5 MB); peticiones del runtime: {runtime}")
        record("Solo leer: la portada, 8 s sin interacción", f"{es(received / 1e6, 2)} MB, {runtime} peticiones del runtime",
               goal="≤ 1,5 MB")
        return_visits(browser, base_url, max(2, runs // 2))
        # the served folder is the site built by served_site()
        import browser_common
        transfer_sizes(Path(browser_common.LAST_SITE))


if __name__ == "__main__":
    if "--return" in sys.argv:
        with served_site() as base_url, chromium() as browser:
            bare_load_ms(browser, base_url)  # warm the OS file cache, not the browser's
            return_visits(browser, base_url, int(sys.argv[2]) if len(sys.argv) > 2 else 2)
    elif "--timeline" in sys.argv:
        timelines(int(sys.argv[2]) if len(sys.argv) > 2 else 3)
    else:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
