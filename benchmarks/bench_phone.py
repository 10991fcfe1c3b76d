"""The engine's pages on a cheap phone (issue 52), every figure beside a bare page that only runs
``loadPyodide()`` from the same self-hosted files, in the same run and the same profile.

Two phone profiles, both 360 x 740 with touch, on a 10 Mbit/s link with 40 ms per request (the preview
host paces every response: browser_common.py):
- «DevTools 4x»: Chrome's CPU throttling, 4x, on each page. It does not reach workers: the engine runs at
  the machine's speed;
- «un cuarto de núcleo»: the whole browser (every process and thread, the engine's worker included) limited
  to a quarter of one core, by a cgroup CPU quota (browser_common.quarter_core_chromium).

Per profile and round, interleaved: the bare page cold (on the main thread and in a module worker: the
faster is the reference), then for each engine page, in a fresh context: the first visit (cold), a return
visit in a new tab without saving the site, and one after saving it. Each time: ms from navigation until
the reader's first decision is usable (the simulators: an option enabled; the free tables: «Repartir»;
the drill: its question), and, on the return visit, how long the first engine request took (the worker's
timeline: from its start to its reply) and the route Python took. The cold visit is also compared with the
time its compressed bytes take at 10 Mbit/s, and (the Mata Ases simulator, once) on Slow 4G.

Then the Hold'em free table on each profile: 10 reader actions (deal, then the first of check, call or
the first option), with the opponents' pauses: the main-thread tasks over 50 and over 100 ms while
playing, and from each click to the next frame painted after the table showed it. Then, at each game's free
table, three hands to their end, the reader thinking 3 s at each turn (the page reviews his decisions taken
meanwhile): from the hand's end to its «Revisión de la mano» drawn, and the longest main-thread task
meanwhile (the review is computed in the worker, in slices).

Goals (phone profile, ratios to bare cold): return visit <= 0.3x, saved site <= 0.2x, first engine request
after start <= 0.3 s, cold <= 0.6x and <= 1.1x the bytes' time; free table: no task over 100 ms, every
action painted within 150 ms; the review drawn within 2 s of the hand's end, no main-thread task over 50 ms
meanwhile. Prints figures; asserts nothing.

Usage: .venv/bin/python benchmarks/bench_phone.py [rounds]   (default 2)
       .venv/bin/python benchmarks/bench_phone.py --table      (the free table only)
"""

from __future__ import annotations

import contextlib
import statistics
import sys

from browser_common import (DEVTOOLS_SLOWDOWN, LINK, LONG_TASKS, MOBILE, PHONE, SLOW_4G, bare_reference, chromium,
                            longest_task, quarter_core_chromium, served_site, slow_down, summary, worker_timeline)
from results import es, record

#: (name, page, what makes the reader's first decision usable).
PAGES = [
    ("Simulador de Mata Ases", "mata-ases/simulador/",
     '#simulador[data-sim-state="turn"] .sim-controls:not([hidden]) button[data-action]:not([disabled])'),
    ("Mesa libre (Mata Ases)", "mata-ases/mesa-libre/", '[data-free-table][data-mesa-state="idle"] .mesa-deal:not([disabled])'),
    ("Mesa de Hold'em", "holdem/mesa/", '[data-free-table][data-mesa-state="idle"] .mesa-deal:not([disabled])'),
    ("Simulador de Hold'em", "holdem/simulador/",
     '#simulador[data-sim-state="turn"] .sim-controls:not([hidden]) button[data-action]:not([disabled])'),
    ("Práctica de Hold'em", "holdem/practica/", '[data-drill][data-state="ready"]'),
]
PROFILES = (("DevTools 4x", "devtools"), ("un cuarto de núcleo", "core"))

#: When `selector` first matches: window.__first (ms since the navigation).
FIRST = """(selector) => {
  window.__first = null;
  const check = () => {
    if (window.__first === null && document.querySelector(selector)) window.__first = performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true,
    attributeFilter: ["data-sim-state", "data-mesa-state", "data-state", "disabled", "hidden"] });
}"""
ROUTE = "import(document.querySelector('script[src*=\"engine/client.js\"]').src).then((e) => e.state().route)"


def new_page(context, profile: str, selector: str | None = None):
    page = context.new_page()
    slow_down(page, profile)
    page.add_init_script(LONG_TASKS)
    if selector:
        page.add_init_script(f"({FIRST})({selector!r})")
    return page


def first_decision(page, path: str) -> float:
    page.goto(path)
    page.wait_for_function("window.__first !== null", timeout=600_000, polling=100)
    return page.evaluate("window.__first")


def first_request_ms(timeline: dict) -> float:
    """The first engine request's time, from the worker's own marks (start to reply)."""
    marks = dict((what.split(" (")[0], at) for what, at in timeline["marks"])
    return marks["primera respuesta enviada"] - marks["primera petición empezada"]


def bare(browser, base_url: str, profile: str, name: str) -> float:
    context = browser.new_context(base_url=base_url, service_workers="block", bypass_csp=True, **PHONE)
    try:
        page = context.new_page()
        slow_down(page, profile)
        page.goto(name)
        page.wait_for_function("window.__done !== undefined", timeout=600_000, polling=100)
        return page.evaluate("window.__done")
    finally:
        context.close()


def visits(browser, base_url: str, profile: str, path: str, selector: str) -> dict:
    """Cold, return (not saved) and saved visits of one page in one context (service worker allowed)."""
    context = browser.new_context(base_url=base_url, service_workers="allow", bypass_csp=True, **PHONE)
    try:
        LINK.set(MOBILE)
        page = new_page(context, profile, selector)
        out = {"cold": first_decision(page, path)}
        out["bytes"] = LINK.counts()[1]
        page.wait_for_selector("html[data-offline-kept]", state="attached", timeout=600_000)
        page.wait_for_selector("html[data-engine-kept]", state="attached", timeout=600_000)  # its snapshot
        page.close()
        page = new_page(context, profile, selector)
        out["return"] = first_decision(page, path)
        timeline = worker_timeline(page)
        out["route"] = page.evaluate(ROUTE)
        out["request"] = first_request_ms(timeline)
        page.click(".md-footer-meta [data-offline-save] button")
        page.wait_for_selector("html[data-offline-ready]", state="attached", timeout=600_000)
        page.close()
        page = new_page(context, profile, selector)
        out["saved"] = first_decision(page, path)
        out["saved_request"] = first_request_ms(worker_timeline(page))
        return out
    finally:
        LINK.set(None)
        context.close()


def slow_4g(browser, base_url: str, profile: str) -> tuple[float, float]:
    """The Mata Ases simulator cold on Slow 4G: ms to its first decision; ms its bytes take to arrive."""
    name, path, selector = PAGES[0]
    context = browser.new_context(base_url=base_url, service_workers="block", bypass_csp=True, **PHONE)
    try:
        LINK.set(SLOW_4G)
        ms = first_decision(new_page(context, profile, selector), path)
        return ms, LINK.counts()[1] * 8 / SLOW_4G[0] * 1000
    finally:
        LINK.set(None)
        context.close()


# Click one of the table's buttons; resolve with ms from the click to the next painted frame after the
# table's first update ("mesa:update"). rAF + a message: the callback runs after that frame is painted.
ACTION = """(root) => new Promise((resolve) => {
  const table = document.querySelector(root);
  const options = [...table.querySelectorAll('.sim-controls:not([hidden]) button[data-action]:not([disabled])')];
  // the reader's option at his turn (the setup form's «deal» stays on the page while a hand is played)
  const state = table.dataset.mesaState;
  const button = state === "turn" ? options.find((b) => ["check", "call"].includes(b.dataset.action)) || options[0]
    : table.querySelector(state === "over" ? ".mesa-another:not([disabled]), .mesa-new:not([disabled])"
      : ".mesa-deal:not([disabled])");
  const onUpdate = () => {
    table.removeEventListener("mesa:update", onUpdate);
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now() - t0);
      channel.port2.postMessage(0);
    });
  };
  table.addEventListener("mesa:update", onUpdate);
  const t0 = performance.now();
  button.click();
})"""
SETTLED = """(root) => ["idle", "turn", "over"].includes(document.querySelector(root).dataset.mesaState)"""


def table_actions(browser, base_url: str, profile: str, actions: int = 10) -> tuple[list[float], list[float]]:
    """The Hold'em free table, engine warm: ms from each click to its painted frame; every main-thread task
    over 50 ms while playing (ms)."""
    root = "#mesa-holdem"
    context = browser.new_context(base_url=base_url, service_workers="block", bypass_csp=True, **PHONE)
    try:
        page = new_page(context, profile)
        page.goto("holdem/mesa/")
        page.wait_for_selector(f'{root}[data-mesa-state="idle"]', timeout=600_000)
        page.wait_for_timeout(1000)
        since = page.evaluate("performance.now()")
        painted = []
        for _ in range(actions):
            painted.append(page.evaluate(ACTION, root))
            page.wait_for_function(SETTLED, arg=root, timeout=600_000, polling=100)
        page.wait_for_timeout(500)
        tasks = [d for start, d in page.evaluate("window.__tasks") if start >= since]
        return painted, tasks
    finally:
        context.close()


#: When the hand ends (data-mesa-state "over") and when its review is drawn (data-review "shown"): window.__over,
#: window.__shown (ms since the navigation).
REVIEW_MARKS = """(root) => {
  window.__over = []; window.__shown = [];
  const table = document.querySelector(root);
  new MutationObserver(() => {
    if (table.dataset.mesaState === "over" && window.__over.length === window.__shown.length) window.__over.push(performance.now());
    if (table.dataset.review === "shown" && window.__shown.length < window.__over.length) window.__shown.push(performance.now());
  }).observe(table, { attributes: true, attributeFilter: ["data-mesa-state", "data-review"] });
}"""
#: How long the reader thinks at each of his turns before the review's figures' clicks (ms).
THINK_MS = 3000
#: Each game's free table for the review's figures: its page and root.
REVIEW_TABLES = (("Hold'em", "holdem/mesa/?pausa=0", "#mesa-holdem"),
                 ("Mata Ases", "mata-ases/mesa-libre/?pausa=0", "#mesa-juego"))


def review_after_hands(browser, base_url: str, profile: str, path: str, root: str, hands: int = 3
                       ) -> tuple[list[float], list[float]]:
    """A free table, engine warm, the reader checking or calling after :data:`THINK_MS`: for ``hands`` hands
    with a decision of his, ms from the hand's end to its «Revisión de la mano» drawn, and the longest
    main-thread task meanwhile."""
    context = browser.new_context(base_url=base_url, service_workers="block", bypass_csp=True, **PHONE)
    waits, longest = [], []
    try:
        page = new_page(context, profile)
        page.goto(path)
        page.wait_for_selector(f'{root}[data-mesa-state="idle"]', timeout=600_000)
        page.evaluate(REVIEW_MARKS, root)
        for _ in range(60):
            if len(waits) == hands:
                break
            if page.get_attribute(root, "data-mesa-state") == "turn":
                page.wait_for_timeout(THINK_MS)  # a reader thinks: the decisions taken are reviewed meanwhile
            page.evaluate(ACTION, root)
            page.wait_for_function(SETTLED, arg=root, timeout=600_000, polling=100)
            if page.get_attribute(root, "data-mesa-state") != "over":
                continue
            page.wait_for_function(f"['shown', 'none'].includes(document.querySelector('{root}').dataset.review)",
                                   timeout=600_000, polling=100)
            if page.get_attribute(root, "data-review") == "shown":
                over, shown = page.evaluate("[window.__over.at(-1), window.__shown.at(-1)]")
                waits.append(shown - over)
                longest.append(longest_task(page, over, shown + 1))
        return waits, longest
    finally:
        context.close()


def report_review(label: str, browser, base_url: str, profile: str) -> None:
    for game, path, root in REVIEW_TABLES:
        waits, longest = review_after_hands(browser, base_url, profile, path, root)
        print(f"  {game}: del final de la mano a su revisión dibujada, mediana {statistics.median(waits):.0f} ms, "
              f"máx {max(waits):.0f} ms (objetivo <= 2 s); tarea más larga del hilo principal mientras tanto "
              f"{max(longest):.0f} ms (objetivo <= 50 ms)")
        record(f"Teléfono, {label}: mesa libre de {game}, del final de la mano a su «Revisión de la mano» dibujada "
               f"(mediana de {len(waits)}; máx.)", f"{es(statistics.median(waits))} ms; {es(max(waits))} ms",
               goal="≤ 2.000 ms")
        record(f"Teléfono, {label}: mesa libre de {game}, mientras llega la revisión: tarea más larga del hilo "
               "principal", f"{es(max(longest))} ms", goal="≤ 50 ms")


@contextlib.contextmanager
def profile_browser(profile: str):
    """The browser of a profile, and how it is slowed."""
    if profile == "core":
        with quarter_core_chromium() as found:
            yield found
    else:
        with chromium() as browser:
            yield browser, f"CDP Emulation.setCPUThrottlingRate {DEVTOOLS_SLOWDOWN}: solo el hilo principal de cada página"


def report_pages(label: str, how: str, rounds: list[dict]) -> None:
    refs = bare_reference([r["bare"] for r in rounds], [r["bare_worker"] for r in rounds])
    print(f"Perfil «{label}» ({how}); 360 x 740, táctil, 10 Mbit/s, 40 ms por petición")
    print(f"  {'página vacía, loadPyodide en frío (hilo principal):':58s} {summary([r['bare'] for r in rounds])}")
    print(f"  {'página vacía, loadPyodide en frío (en un worker):':58s} {summary([r['bare_worker'] for r in rounds])}")
    print(f"  referencia (la más rápida de las dos): {refs:.0f} ms")
    for name, path, _ in PAGES:
        got = [r[path] for r in rounds]
        cold, back, saved = ([g[k] for g in got] for k in ("cold", "return", "saved"))
        wire = statistics.median(g["bytes"] for g in got)
        arrival = wire * 8 / MOBILE[0] * 1000
        request = statistics.median(g["request"] for g in got)
        print(f"  {name} ({path})")
        for key, values, goal in (("en frío", cold, 0.6), ("vuelta sin guardar el sitio", back, 0.3),
                                  ("vuelta con el sitio guardado", saved, 0.2)):
            ratio = statistics.median(values) / refs
            print(f"    {key + ':':32s} {summary(values)}  = {ratio:.2f} x  (objetivo <= {goal:.1f} x)")
            record(f"Teléfono, {label}: {name}, {key}: primera decisión (mediana de {len(values)})",
                   f"{es(statistics.median(values))} ms", f"loadPyodide solo, en frío: {es(refs)} ms",
                   f"{es(ratio, 2)}×", f"≤ {es(goal, 1)}×")
        print(f"    {'en frío / llegada de sus bytes:':32s} {statistics.median(cold) / arrival:.2f}  "
              f"({wire / 1e6:.2f} MB con gzip: {arrival:.0f} ms a 10 Mbit/s; objetivo <= 1,1)")
        record(f"Teléfono, {label}: {name}, en frío frente a la llegada de sus bytes a 10 Mbit/s",
               f"{es(statistics.median(cold))} ms", f"{es(wire / 1e6, 2)} MB con gzip: {es(arrival)} ms",
               f"{es(statistics.median(cold) / arrival, 2)}×", "≤ 1,1×")
        routes = ", ".join(g["route"] for g in got)
        print(f"    primera petición al motor tras arrancar (vuelta): {request:.0f} ms (rutas: {routes}); "
              f"con el sitio guardado: {statistics.median(g['saved_request'] for g in got):.0f} ms (objetivo <= 300 ms)")
        record(f"Teléfono, {label}: {name}, primera petición al motor tras arrancar (vuelta sin guardar)",
               f"{es(request)} ms", f"ruta: {routes}", goal="≤ 300 ms")


def report_table(label: str, painted: list[float], tasks: list[float]) -> None:
    over = [t for t in tasks if t > 100]
    print(f"  Mesa de Hold'em, {len(painted)} acciones del lector («{label}»): clic -> mesa pintada "
          f"mediana {statistics.median(painted):.0f} ms, máx {max(painted):.0f} ms (objetivo <= 150 ms); "
          f"tareas > 50 ms: {len(tasks)}, > 100 ms: {len(over)}, la más larga {max(tasks, default=0):.0f} ms (objetivo 0 > 100 ms)")
    record(f"Teléfono, {label}: mesa de Hold'em, {len(painted)} acciones del lector: clic hasta la mesa pintada "
           "(mediana; máx.)", f"{es(statistics.median(painted))} ms; {es(max(painted))} ms", goal="≤ 150 ms")
    record(f"Teléfono, {label}: mesa de Hold'em, {len(painted)} acciones del lector: tareas del hilo principal de más "
           "de 100 ms (la más larga)", f"{len(over)} ({es(max(tasks, default=0))} ms)", goal="0")


def main(rounds: int, table_only: bool = False) -> None:
    with served_site() as base_url:
        for label, profile in PROFILES:
            with profile_browser(profile) as (browser, how):
                if not table_only:
                    bare(browser, base_url, profile, "bare.html")  # warm the OS file cache, not the browser's
                    done = []
                    for _ in range(rounds):
                        row = {}
                        LINK.set(MOBILE)
                        row["bare"] = bare(browser, base_url, profile, "bare.html")
                        LINK.set(MOBILE)
                        row["bare_worker"] = bare(browser, base_url, profile, "bare-worker.html")
                        LINK.set(None)
                        for _, path, selector in PAGES:
                            row[path] = visits(browser, base_url, profile, path, selector)
                        done.append(row)
                    report_pages(label, how, done)
                    ms, arrival = slow_4g(browser, base_url, profile)
                    print(f"  Simulador de Mata Ases en «Slow 4G», en frío: {ms:.0f} ms; sus bytes tardan {arrival:.0f} ms "
                          f"en llegar: {ms / arrival:.2f} (objetivo <= 1,1)")
                    record(f"Teléfono, {label}: simulador de Mata Ases en «Slow 4G», en frío frente a la llegada de sus "
                           "bytes", f"{es(ms)} ms", f"{es(arrival)} ms", f"{es(ms / arrival, 2)}×", "≤ 1,1×")
                report_table(label, *table_actions(browser, base_url, profile))
                report_review(label, browser, base_url, profile)


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    main(int(args[0]) if args else 2, "--table" in sys.argv)
