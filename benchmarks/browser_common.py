"""Shared helpers for the browser benchmarks: build the site once, serve it, launch Chromium.

The server is the preview host (scripts/preview.py, ``make preview``): it gzips what compresses (the
wasm, the scripts, the pages, the snapshot; not the zips) and sends a host's cache headers; here it
also counts what each load received, raw and on the wire. It can also play a slower link
(``scripts/preview.py``'s ``Link``): ``LINK.set((bits_per_second, rtt_seconds))`` paces every response
through one shared bandwidth (all requests of the page, its workers' included, share it) after one
round trip per request. Pacing on the server, not with CDP's Network.emulateNetworkConditions,
because that throttles the page's own requests and the bare page loads Pyodide on its main thread
while the site loads it in a worker: both must go through the same link.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scripts.preview import Link, PacedHandler, make_server  # noqa: E402
from tests.conftest import build_site, chromium_path, free_port, playwright_chromium_args  # noqa: E402
from results import es, record  # noqa: E402

BARE_PAGE = """<!doctype html><meta charset="utf-8"><title>bare</title>
<script type="module">
import { loadPyodide } from "./assets/pyodide/pyodide.mjs";
const py = await loadPyodide({ indexURL: new URL("./assets/pyodide/", location.href).href });
py.runPython("1 + 1");
window.__done = performance.now();
</script>"""

# The same bare start inside a module worker, as the site does it (the reference): the page
# only starts the worker; the time is the page's clock when the worker says Python answered.
BARE_WORKER_PAGE = """<!doctype html><meta charset="utf-8"><title>bare worker</title>
<script type="module">
const worker = new Worker(new URL("./bare-worker.mjs", location.href), { type: "module" });
worker.onmessage = () => { window.__done = performance.now(); };
</script>"""
BARE_WORKER = """import { loadPyodide } from "./assets/pyodide/pyodide.mjs";
const py = await loadPyodide({ indexURL: new URL("./assets/pyodide/", self.location.href).href });
py.runPython("1 + 1");
self.postMessage("done");
"""

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


def page_main_thread(events: list[dict], url: str) -> set[tuple[int, int]]:
    """The (pid, tid) of the renderer main thread that parsed ``url``'s HTML, in a Chrome trace's events."""
    return {(e["pid"], e["tid"]) for e in events if e.get("name") == "ParseHTML" and url in json.dumps(e.get("args", {}))}


def top_level_tasks(events: list[dict], threads: set[tuple[int, int]]) -> list[dict]:
    """The top-level tasks (complete ``RunTask`` events) of these threads, in a Chrome trace's events."""
    return [e for e in events
            if e.get("ph") == "X" and e.get("name") == "RunTask" and (e.get("pid"), e.get("tid")) in threads]


LAST_SITE: Path | None = None  # the folder served_site() serves (while it is open)

# The slower link of the second profile: a mobile connection.
MOBILE = (10e6, 0.040)
# Chrome DevTools' «Slow 4G» (1.6 Mbit/s, 150 ms): bench_simulator.py's download-bound check.
SLOW_4G = (1.6e6, 0.150)
PROFILES = (("sin límite (loopback)", None), ("móvil: 10 Mbit/s, 40 ms por petición", MOBILE))


LINK = Link()


class HostHandler(PacedHandler):
    """The preview host paced through LINK, the link every benchmark sets and reads."""

    quiet = True
    link = LINK


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
        (site / "bare-worker.html").write_text(BARE_WORKER_PAGE, encoding="utf-8")
        (site / "bare-worker.mjs").write_text(BARE_WORKER, encoding="utf-8")
        global LAST_SITE
        LAST_SITE = site
        server = make_server(site, port, HostHandler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            yield f"http://127.0.0.1:{port}/"
        finally:
            server.shutdown()


@contextlib.contextmanager
def chromium(executable: str | None = None):
    from playwright.sync_api import sync_playwright

    path = executable or chromium_path()
    if path is None:
        raise SystemExit("Chromium no está instalado (apt-get install -y chromium)")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=path, args=playwright_chromium_args())
        try:
            yield browser
        finally:
            browser.close()


# ---- the cheap phone: its screen, and a CPU that slows the engine's worker too ----

#: The reference reader's phone: 360 x 740, touch.
PHONE = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
#: Chrome DevTools' mobile CPU slowdown. It throttles each page's main thread only: not its workers.
DEVTOOLS_SLOWDOWN = 4
#: The share of one core the whole browser gets in the «quarter of a core» profile (every process and
#: thread: the page, its workers, the compositor).
CORE_SHARE = 0.25
CGROUP = Path("/sys/fs/cgroup")


def _own_cgroup_v2() -> Path | None:
    """This process's cgroup v2 folder, when the cpu controller is there to give a child a quota."""
    controllers = CGROUP / "cgroup.controllers"
    if not controllers.is_file() or "cpu" not in controllers.read_text().split():
        return None
    for line in Path("/proc/self/cgroup").read_text().splitlines():
        if line.startswith("0::"):
            return CGROUP / line[3:].lstrip("/")
    return None


def cpu_limit_group(share: float) -> tuple[Path, str] | None:
    """A new cgroup whose processes share ``share`` of one core (cgroup v2 ``cpu.max``, else v1's CFS
    quota, in 10 ms periods so that the slowing is smooth): its folder and how it limits; None where the
    container does not allow one."""
    period = 10_000
    quota = max(1_000, round(period * share))
    name = f"bench-phone-{os.getpid()}"
    v2 = _own_cgroup_v2()
    attempts = []
    if v2 is not None:
        attempts.append((v2 / name, {"cpu.max": f"{quota} {period}"}, "cgroup v2 (cpu.max)"))
    if (CGROUP / "cpu" / "cpu.cfs_quota_us").is_file():
        attempts.append((CGROUP / "cpu" / name, {"cpu.cfs_period_us": str(period), "cpu.cfs_quota_us": str(quota)},
                         "cgroup v1 (cpu.cfs_quota_us)"))
    for folder, settings, how in attempts:
        try:
            folder.mkdir()
        except OSError:
            continue
        try:
            for key, value in settings.items():
                (folder / key).write_text(value)
            return folder, how
        except OSError:
            folder.rmdir()
    return None


def _remove_group(folder: Path) -> None:
    for _ in range(50):  # the browser's processes may take a moment to leave
        try:
            folder.rmdir()
            return
        except OSError:
            time.sleep(0.1)


@contextlib.contextmanager
def quarter_core_chromium(share: float = CORE_SHARE):
    """Chromium with every one of its processes (and so the engine's worker) limited to ``share`` of one
    core: in a cgroup with a CPU quota where the container allows it, else by Debian's cpulimit on the
    browser's process tree. Yields (browser, how it is limited)."""
    path = chromium_path()
    if path is None:
        raise SystemExit("Chromium no está instalado (apt-get install -y chromium)")
    group = cpu_limit_group(share)
    cpulimit = shutil.which("cpulimit")
    if group is None and cpulimit is None:
        raise SystemExit("Sin forma de limitar la CPU del navegador: este contenedor no permite crear un cgroup con "
                         "cuota de CPU y no está cpulimit (apt-get install -y cpulimit).")
    with tempfile.TemporaryDirectory(prefix="bench-phone-") as tmp:
        wrapper = Path(tmp) / "chromium"
        if group is not None:
            folder, how = group
            start = f'echo $$ > "{folder / "cgroup.procs"}"'
        else:
            folder, how = None, f"cpulimit -l {round(share * 100)} -i"
            start = f'"{cpulimit}" -q -l {round(share * 100)} -i -p $$ >/dev/null 2>&1 &'
        wrapper.write_text(f'#!/bin/sh\n{start}\nexec "{path}" "$@"\n')
        wrapper.chmod(0o755)
        try:
            with chromium(str(wrapper)) as browser:
                yield browser, how
        finally:
            if folder is not None:
                _remove_group(folder)


def slow_down(page, profile: str) -> None:
    """The DevTools profile: this page's main thread DEVTOOLS_SLOWDOWN times slower (not its workers)."""
    if profile == "devtools":
        page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": DEVTOOLS_SLOWDOWN})


def cold_page(browser, base_url):
    """A page in a fresh context (empty HTTP cache) that records long tasks."""
    context = browser.new_context(base_url=base_url, service_workers="block", bypass_csp=True)
    page = context.new_page()
    page.add_init_script(LONG_TASKS)
    return context, page


def bare_load_ms(browser, base_url, page_name: str = "bare.html") -> float:
    """A cold bare ``loadPyodide``: on the page's main thread (``bare.html``) or in a module worker
    (``bare-worker.html``)."""
    context, page = cold_page(browser, base_url)
    try:
        page.goto(page_name)
        page.wait_for_function("window.__done !== undefined", timeout=120_000)
        return page.evaluate("window.__done")
    finally:
        context.close()


def bare_reference(bare: list[float], bare_worker: list[float]) -> float:
    """The stricter reference: the faster median of the two bare starts (main thread, module worker)."""
    return min(statistics.median(bare), statistics.median(bare_worker))


def summary(values: list[float]) -> str:
    return f"mediana {statistics.median(values):7.0f} ms  (min {min(values):.0f}, máx {max(values):.0f}, n={len(values)})"


def cold_starts(browser, base_url, runs: int, measure) -> dict[str, dict[str, list]]:
    """``runs`` cold loads of a bare ``loadPyodide`` page and of ``measure(browser, base_url)``
    (which returns ``(ms, longest task while loading, longest task of the page before)``) in every
    profile of PROFILES, interleaved (bare, site, bare, site... profile after profile within a run) so
    that drifts in machine load hit both sides alike. Per profile: the times, the tasks and the bytes
    each load received (raw: uncompressed; wire: what the host sent, gzip included)."""
    bare_load_ms(browser, base_url)  # warm the OS file cache, not the browser's
    out = {label: {"bare": [], "bare_worker": [], "site": [], "longest": [], "page_own": [], "bare_bytes": [],
                   "site_bytes": []} for label, _ in PROFILES}
    try:
        for _ in range(runs):
            for label, profile in PROFILES:
                LINK.set(profile)
                out[label]["bare"].append(bare_load_ms(browser, base_url))
                out[label]["bare_bytes"].append(LINK.counts())
                LINK.set(profile)
                out[label]["bare_worker"].append(bare_load_ms(browser, base_url, "bare-worker.html"))
                LINK.set(profile)
                ms, task, own = measure(browser, base_url)
                out[label]["site_bytes"].append(LINK.counts())
                out[label]["site"].append(ms)
                out[label]["longest"].append(task)
                out[label]["page_own"].append(own)
    finally:
        LINK.set(None)
    return out


def megabytes(counts: list[tuple[int, int]]) -> str:
    raw = statistics.median(c[0] for c in counts) / 1e6
    wire = statistics.median(c[1] for c in counts) / 1e6
    return f"{raw:5.2f} MB sin comprimir, {wire:5.2f} MB recibidos con gzip"


def report_cold_starts(title: str, site_label: str, runs: dict[str, dict[str, list]]) -> None:
    print(title)
    for label, _ in PROFILES:
        r = runs[label]
        ratio = statistics.median(r["site"]) / bare_reference(r["bare"], r["bare_worker"])
        print(f"  Perfil {label}")
        print(f"    {'página vacía, solo loadPyodide (hilo principal):':53s} {summary(r['bare'])}")
        print(f"    {'página vacía, solo loadPyodide (en un worker):':53s} {summary(r['bare_worker'])}")
        print(f"    {site_label + ':':53s} {summary(r['site'])}")
        print(f"    {'cociente / loadPyodide (la más rápida de las dos):':53s} {ratio:.2f}  (objetivo <= 1,00)")
        print(f"    {'bytes, página vacía:':53s} {megabytes(r['bare_bytes'])}")
        print(f"    {'bytes, sitio:':53s} {megabytes(r['site_bytes'])}")
        print(f"    {'tarea más larga del hilo principal mientras carga:':53s} {max(r['longest']):.0f} ms"
              "  (objetivo < 100 ms; 0 = ninguna pasó de 50 ms)")
        print(f"    {'tarea más larga de la página antes (Material, HTML):':53s} {max(r['page_own']):.0f} ms")
        wire = statistics.median(c[1] for c in r["site_bytes"]) / 1e6
        record(f"{title}, perfil {label}: {site_label} (mediana)",
               f"{es(statistics.median(r['site']))} ms ({es(wire, 2)} MB con gzip)",
               f"loadPyodide solo, la más rápida de hilo principal y worker: "
               f"{es(bare_reference(r['bare'], r['bare_worker']))} ms", f"{es(ratio, 2)}×", "≤ 1,00×")
        record(f"{title}, perfil {label}: tarea más larga del hilo principal mientras carga", f"{es(max(r['longest']))} ms",
               goal="< 100 ms")


# The worker's timeline (client.js timeline()) once the first reply has left the worker; with the
# page's own fetches and milestones, all in ms since the navigation.
TIMELINE = """async () => {
  const script = document.querySelector('script[src*="javascripts/engine/client.js"]');
  const engine = await import(script ? script.src : new URL("javascripts/engine/client.js", document.baseURI).href);
  for (let i = 0; i < 200; i++) {
    const t = engine.timeline();
    if (t && t.marks.some(([what]) => what.startsWith("primera respuesta"))) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const nav = performance.getEntriesByType("navigation")[0];
  const own = performance.getEntriesByType("resource");
  return {
    ...(engine.timeline() || { marks: [], fetches: [] }),
    page: [["página: HTML recibido", nav.responseEnd], ["página: DOMContentLoaded", nav.domContentLoadedEventEnd],
           ["página: load", nav.loadEventEnd],
           ...performance.getEntriesByType("mark").map((m) => [`página: ${m.name}`, m.startTime])],
    own: own.map((e) => [e.name, e.startTime, e.responseEnd, e.transferSize, e.encodedBodySize]),
  };
}"""


def worker_timeline(page) -> dict:
    """The worker's timeline of this page's engine start (see TIMELINE)."""
    return page.evaluate(TIMELINE)


def _file(url: str) -> str:
    return url.split("?")[0].rstrip("/").split("/")[-1]


def report_timeline(title: str, timelines: list[dict], extra: list[dict[str, float]] = ()) -> None:
    """Median ms since the navigation of every mark of the worker, of each of its fetches (start →
    end, bytes on the wire) and of the page's milestones (``extra``: more of them per load), with the
    page's own fetches summed (they share the link with the runtime)."""
    rows: dict[str, list] = {}
    for i, t in enumerate(timelines):
        for what, at in t["marks"] + t["page"] + list((extra[i] if extra else {}).items()):
            rows.setdefault(what, []).append((at, None, None))
        for url, begin, end, wire, body in t["fetches"]:
            rows.setdefault(f"⇣ {_file(url)}", []).append((begin, end, body))
    print(title)
    print(f"  {'(mediana de ' + str(len(timelines)) + ' cargas, ms desde la navegación)':58s} {'empieza':>8s} {'termina':>8s}")
    ordered = sorted(rows.items(), key=lambda item: statistics.median(v[0] for v in item[1]))
    for what, values in ordered:
        begin = statistics.median(v[0] for v in values)
        ends = [v[1] for v in values if v[1] is not None]
        sizes = [v[2] for v in values if v[2]]
        end = f"{statistics.median(ends):8.0f}" if ends else " " * 8
        size = f"  {statistics.median(sizes) / 1e6:5.2f} MB" if sizes else ""
        print(f"  {what[:58]:58s} {begin:8.0f} {end}{size}")
    for t in timelines[:1]:
        own = [e for e in t["own"] if "/assets/pyodide/" not in e[0]]
        if own:
            print(f"  página: {len(own)} recursos propios, {sum(e[4] for e in own) / 1e6:.2f} MB, el último termina a "
                  f"{max(e[2] for e in own):.0f} ms (primera carga)")
