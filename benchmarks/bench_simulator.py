"""The Mata Ases simulator page in Chromium: cold start, one reader action, main-thread tasks.

Prints figures; asserts nothing.
- Cold start: ms from navigation until the reader's first option is on screen and enabled (state
  "turn" of the first practice hand, which the page opens by itself), vs. a bare page that only runs
  loadPyodide, interleaved in the same Chromium run, unthrottled and on a mobile link (10 Mbit/s,
  40 ms per request; browser_common.py), with the bytes each load received. Target: ratio <= 1.00.
- One reader action: ms from the click until the table shows it (the simulator's first "sim:update"
  after the click), and until the next frame is painted; also until the whole batch (the reader's
  step plus the scripted opponents, without pauses) is drawn. Target: p95 < 50 ms.
- Longest main-thread task while the page loads the engine and sets the table. Target: < 100 ms.
- The engine alone (CPython, no browser): per click of every practice hand's default line in both
  modalities, the reply's size and the engine's time of a click (play-step) vs. a hand restored whole
  after a reload (play-start with every past decision). Target: <= 5 KB per click.

- Slow 4G (1.6 Mbit/s, 150 ms per request, Chrome's profile): the first usable decision beside the
  time the compressed bytes it needed (everything the page received until then) take to arrive at that
  bandwidth. Target: ratio <= 1.15 (download-bound: the runtime compiles while it downloads).

Usage: .venv/bin/python benchmarks/bench_simulator.py [cold runs] [actions]
       .venv/bin/python benchmarks/bench_simulator.py --engine     (the engine part only)
       .venv/bin/python benchmarks/bench_simulator.py --slow-4g [runs]   (the Slow 4G part only)
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from results import es, record
from browser_common import (LINK, PROFILES, SLOW_4G, chromium, cold_page, cold_starts, longest_task,
                            report_cold_starts, report_timeline, served_site, summary, worker_timeline)

PAGE = "mata-ases/simulador/"
SIM = "#simulador"
OPTIONS = f"{SIM} .sim-controls:not([hidden]) button[data-action]"

# Records when the simulator first offers the reader a choice (sim:update does not bubble, so
# listen in the capture phase).
FIRST_CONTROL = """
window.__firstControl = null;
// When each loading phase of the engine (client.js: <html data-engine-phase>) first shows.
window.__phases = {};
new MutationObserver(() => {
  const phase = document.documentElement.dataset.enginePhase;
  if (phase && !(phase in window.__phases)) window.__phases[phase] = performance.now();
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-engine-phase"] });
document.addEventListener("sim:update", (event) => {
  if (window.__firstControl === null && event.detail && event.detail.state === "turn") {
    const button = document.querySelector('#simulador .sim-controls:not([hidden]) button[data-action]');
    if (button && !button.disabled) window.__firstControl = performance.now();
  }
}, true);
"""

# Click the first option; resolve with [ms to the first table update, ms to the next painted frame,
# ms to the end of the batch]. rAF + a message: the callback runs after that frame is painted.
ONE_ACTION = """() => new Promise((resolve) => {
  const root = document.getElementById("simulador");
  const button = root.querySelector('.sim-controls:not([hidden]) button[data-action]');
  let first = null, painted = null;
  const done = () => {
    const state = root.dataset.simState;
    if (first !== null && painted !== null && (state === "turn" || state === "over")) {
      root.removeEventListener("sim:update", onUpdate);
      resolve([first, painted, performance.now() - t0]);
    }
  };
  const onUpdate = () => {
    if (first === null) {
      first = performance.now() - t0;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => { painted = performance.now() - t0; done(); };
        channel.port2.postMessage(0);
      });
    }
    done();
  };
  root.addEventListener("sim:update", onUpdate);
  const t0 = performance.now();
  button.click();
})"""


def cold_simulator(browser, base_url) -> tuple[float, float, float]:
    """ms until the first option is usable; longest task after DOMContentLoaded; longest before."""
    context, page = cold_page(browser, base_url)
    try:
        page.add_init_script(FIRST_CONTROL)
        page.goto(PAGE)
        page.wait_for_function("window.__firstControl !== null", timeout=120_000)
        page.wait_for_timeout(100)  # let the observer deliver the last entries
        ready = page.evaluate("window.__firstControl")
        loaded = page.evaluate("performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd")
        PHASES.append({**page.evaluate("window.__phases"), "DOMContentLoaded": loaded, "primera opción": ready})
        TIMELINES.append(worker_timeline(page))
        return ready, longest_task(page, loaded, ready + 1), longest_task(page, 0, loaded)
    finally:
        context.close()


PHASES: list[dict[str, float]] = []  # per cold load of the simulator: ms at which each phase began
TIMELINES: list[dict] = []  # per cold load of the simulator: the worker's timeline (browser_common.TIMELINE)


def report_phases(runs: int) -> None:
    """Median ms since navigation at which each loading phase began, per profile (cold_starts runs the
    profiles in turn within each run)."""
    labels = [label for label, _ in PROFILES]
    order = ("DOMContentLoaded", "download", "python", "engine", "ready", "primera opción")
    names = {"download": "worker arrancado, descargando", "python": "descargado todo, iniciando Python",
             "engine": "Python y el motor instalados (loadPyodide resuelto)", "ready": "motor importado, listo",
             "DOMContentLoaded": "DOMContentLoaded de la página", "primera opción": "primera opción utilizable"}
    print("Simulador en frío, fases (mediana de ms desde la navegación; client.js, <html data-engine-phase>)")
    for i, label in enumerate(labels):
        loads = PHASES[i::len(labels)][:runs]
        cells = [f"{names[key]} {statistics.median(p[key] for p in loads):.0f}" for key in order
                 if all(key in p for p in loads)]
        print(f"  {label}: " + " · ".join(cells))


def slow_4g(browser, base_url, runs: int) -> tuple[list[float], list[int], list[dict[str, float]], list[dict]]:
    """Cold loads of the simulator on Slow 4G: ms to the first usable decision, bytes received by then,
    when each loading phase began."""
    first, wire = [], []
    try:
        for _ in range(runs):
            LINK.set(SLOW_4G)
            ms = cold_simulator(browser, base_url)[0]
            received = LINK.counts()[1]
            first.append(ms)
            wire.append(received)
    finally:
        LINK.set(None)
    return first, wire, PHASES[-runs:], TIMELINES[-runs:]


def report_slow_4g(first: list[float], wire: list[int], phases: list[dict[str, float]], timelines: list[dict]) -> None:
    bits, rtt = SLOW_4G
    arrival = [w * 8 / bits * 1000 for w in wire]
    ratios = [ms / at for ms, at in zip(first, arrival)]
    print(f"Simulador en «Slow 4G» ({bits / 1e6:.1f} Mbit/s, {rtt * 1000:.0f} ms por petición), contexto nuevo, caché vacía")
    print(f"  {'bytes recibidos hasta la primera opción (gzip):':50s} {statistics.median(wire) / 1e6:.2f} MB")
    print(f"  {'su llegada a ese ancho de banda:':50s} {summary(arrival)}")
    print(f"  {'primera opción utilizable:':50s} {summary(first)}")
    record(f"Simulador en «Slow 4G» ({es(bits / 1e6, 1)} Mbit/s, {es(rtt * 1000)} ms por petición): primera opción "
           f"utilizable (mediana, {es(statistics.median(wire) / 1e6, 2)} MB con gzip)", f"{es(statistics.median(first))} ms",
           f"llegada de esos bytes a ese ancho de banda: {es(statistics.median(arrival))} ms",
           f"{es(statistics.median(ratios), 2)}×", "≤ 1,15×")
    print(f"  {'cociente primera opción / llegada de los bytes:':50s} {statistics.median(ratios):.2f}"
          f"  (min {min(ratios):.2f}, máx {max(ratios):.2f}; objetivo <= 1,15)")
    print("  fases (mediana de ms desde la navegación): " + " · ".join(
        f"{key} {statistics.median(p[key] for p in phases):.0f}" for key in phases[0] if all(key in p for p in phases)))
    report_timeline("  Línea de tiempo en «Slow 4G»", timelines)


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[index]


def actions(browser, base_url, count: int) -> tuple[list[float], list[float], list[float], float]:
    """Play hands on one warm page (no pauses), clicking the first option ``count`` times."""
    context, page = cold_page(browser, base_url)
    try:
        page.goto(PAGE + "?rapido=1")
        page.wait_for_selector(f'{SIM}[data-sim-state="turn"]', timeout=120_000)
        names = page.eval_on_selector_all(f"{SIM} select option", "os => os.map(o => o.value)")
        hand = 0
        since = page.evaluate("performance.now()")
        first, painted, batch = [], [], []
        while len(first) < count:
            state = page.get_attribute(SIM, "data-sim-state")
            if state == "over":
                hand += 1
                page.select_option(f"{SIM} select", names[hand % len(names)])
                page.check(f'{SIM} input[value="{"bring-in" if (hand // len(names)) % 2 else "boton-ante"}"]')
                page.click(f"{SIM} .sim-start")
                page.wait_for_selector(f'{SIM}[data-sim-state="turn"], {SIM}[data-sim-state="over"]')
                continue
            a, b, c = page.evaluate(ONE_ACTION)
            first.append(a)
            painted.append(b)
            batch.append(c)
        return first, painted, batch, longest_task(page, since)
    finally:
        context.close()


def engine_clicks() -> None:
    """Reply sizes and engine times per click: clicks vs. hands restored whole, same hands, same run."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from engine import protocol
    from engine.authoring.walkthrough import walk
    from engine.scenarios import to_json
    from engine.scenarios.format import load

    sizes = {"session": [], "replay": []}
    times = {"session": [], "replay": []}

    def timed(kind: str, command: str, request: dict) -> dict:
        start = time.perf_counter()
        reply = protocol.answer(command, request)
        times[kind].append((time.perf_counter() - start) * 1000)
        sizes[kind].append(len(protocol.dumps(reply).encode("utf-8")))
        return reply

    for path in sorted((Path(__file__).resolve().parents[1] / "scenarios").glob("*.md")):
        scenario = load(path)
        data = to_json(scenario)
        for modality in scenario.modalities:
            line = walk(scenario, modality).reader
            reply = timed("session", "play-start", {"mode": "practice", "session": "bench", "scenario": data, "modality": modality})
            for decision in line + [None]:
                while reply.get("more"):
                    reply = timed("session", "play-step", {"session": "bench"})
                if decision is not None:
                    reply = timed("session", "play-step", {"session": "bench", "decision": decision})
            for n in range(len(line) + 1):
                timed("replay", "play-start", {"mode": "practice", "session": "restored", "scenario": data,
                                               "modality": modality, "reader": line[:n]})
    print(f"Motor por clic (CPython, líneas por defecto de todas las manos, n={len(sizes['session'])} "
          f"respuestas de sesión, {len(sizes['replay'])} manos restauradas enteras)")
    for kind, label in (("session", "clic (play-step)"), ("replay", "mano restaurada (play-start)")):
        print(f"  {label:30s} tamaño mediana {statistics.median(sizes[kind]) / 1024:5.1f} KB  máx "
              f"{max(sizes[kind]) / 1024:5.1f} KB  · tiempo mediana {statistics.median(times[kind]):5.2f} ms  "
              f"p95 {percentile(times[kind], 95):5.2f} ms")
    print("  objetivo: ≤ 5 KB por clic")
    record("Respuesta por clic del simulador (play-step, líneas por defecto de todas las manos)",
           f"mediana {es(statistics.median(sizes['session']) / 1024, 1)} KB, máx. {es(max(sizes['session']) / 1024, 1)} KB",
           f"mano restaurada entera (play-start): mediana {es(statistics.median(sizes['replay']) / 1024, 1)} KB",
           goal="≤ 5 KB")


def main(runs: int = 5, count: int = 120) -> None:
    engine_clicks()
    with served_site() as base_url, chromium() as browser:
        cold = cold_starts(browser, base_url, runs, cold_simulator)
        first, painted, batch, played = actions(browser, base_url, count)
        slow = slow_4g(browser, base_url, max(2, runs // 2))
    report_cold_starts("Simulador de Mata Ases en Chromium (contexto nuevo en cada carga en frío, caché vacía)",
                       "simulador hasta la primera opción utilizable", cold)
    report_phases(runs)
    mobile = [label for label, _ in PROFILES].index(next(label for label, profile in PROFILES if profile is not None))
    report_timeline("Simulador en frío, perfil móvil: la línea de tiempo del worker",
                    TIMELINES[:runs * len(PROFILES)][mobile::len(PROFILES)])
    print(f"Una decisión del lector (motor caliente, sin pausas, n={len(first)})")
    for label, values in (("hasta la mesa actualizada", first), ("hasta el siguiente fotograma", painted),
                          ("hasta dibujar a los rivales", batch)):
        print(f"  {label:29s} mediana {statistics.median(values):5.1f} ms  p95 {percentile(values, 95):5.1f} ms"
              f"  máx {max(values):5.1f} ms")
    print("  objetivo: p95 < 50 ms hasta la mesa actualizada")
    record("Una decisión del lector en el simulador, hasta la mesa actualizada (p95)", f"{es(percentile(first, 95), 1)} ms",
           f"mediana {es(statistics.median(first), 1)} ms", goal="< 50 ms")
    print(f"  tarea más larga del hilo principal mientras se juega: {played:.0f} ms")
    report_slow_4g(*slow)


if __name__ == "__main__":
    if "--engine" in sys.argv:
        engine_clicks()
    elif "--slow-4g" in sys.argv:
        with served_site() as base_url, chromium() as browser:
            report_slow_4g(*slow_4g(browser, base_url, int(sys.argv[2]) if len(sys.argv) > 2 else 2))
    else:
        main(*(int(a) for a in sys.argv[1:3]))
