"""«Mi progreso» in Chromium: what the reader's progress log costs, each figure beside a reference
measured in the same run. Asserts nothing; prints.

1. Recording an answer: the main thread's CPU time (Chrome trace, ``RunTask`` thread time) of
   ``record()`` for a checked reply, from the client handing it over to IndexedDB having it with the
   log's summary updated, per answer over 200 answers, on an empty log and on a log of 100,000; beside
   it, drawing that same reply's feedback on a drill page (showFeedback and showProgress), which every
   checked answer already costs. Goal: ≤ 5 ms.
2. Opening «Mi progreso» with 10,000 attempts (a year's worth, every one a new deal): from the start of
   its draw to drawn (the page's ``data-total-ms``: reading the summary, importing the scheduler, the
   page), beside the same page with an empty log. Whether any Pyodide file was requested (none may be).
   Goal: ≤ 150 ms.
3. The phone profile (360×740, touch, the page's CPU 4× slower): 100,000 attempts from navigation to
   drawn (``data-drawn-at``), its first visit after the log was made and three return visits, and the
   longest main-thread task meanwhile; beside an empty log, same profile, same run, visits alternating.
   Goals: ≤ 1 s, no task over 100 ms, the return visit no slower than the first.
4. A copy at the cap: 100,000 attempts (the last 8 days: the site's first day bounds a copy) written in
   the copy's format, its size beside the earlier format's; loading it through «Cargar una copia» (read
   and added up in a worker): the time until «Copia cargada», the longest main-thread task meanwhile, and
   the log at the cap drawn afterwards. Goals: ≤ 8 MB, no task over 100 ms, drawn within 1.5 s (the 10,000
   attempts' goal scaled by size).
5. Storage of 1,000 attempts: the log's JSON size and ``navigator.storage.estimate()``'s usage growth,
   beside an empty log's estimate; and the summary's main record at 100,000 attempts. Goal: ≤ 200 KB.

The replies are the engine's own: real ``drill-check`` replies (right and wrong) of every drill kind,
made here in Python (tests/browser/test_progress.py), each recorded as a new deal with fresh ids and times.

Usage: .venv/bin/python benchmarks/bench_progress.py [runs]   (default 3)
"""

from __future__ import annotations

import json
import statistics
import sys

from browser_common import LONG_TASKS, chromium, longest_task, page_main_thread, served_site, top_level_tasks
from results import es
from results import record as figure

from tests.browser.test_progress import checked_replies

PHONE = {"width": 360, "height": 740}
RECORDS = 200
LOGGED = 10_000
YEAR = 100_000
STORED = 1_000
CPU_SLOWDOWN = 4
CAP_BYTES = 8 * 1024 * 1024

# Page-side helpers (the site's own modules, imported by URL: the same instances the page uses).
SETUP = """async () => {
  const root = new URL("../../", document.querySelector('script[src*="engine/client.js"]').src);
  const get = (path) => import(new URL(path, root).href);
  window.__rec = await get("javascripts/progress/record.js");
  window.__log = await get("javascripts/progress/log.js");
  window.__model = await get("javascripts/progress/model.js");
  window.__copy = await get("javascripts/progress/copy.js");
  window.__quiz = await get("javascripts/ui/quiz.js");
  window.__sched = window.__model.scheduler(await get("assets/progress/fsrs.js"));
}"""

RECORD_MANY = """async ([replies, n]) => {
  performance.mark("bench-start");
  for (let i = 0; i < n; i++) {
    const r = replies[i % replies.length];
    await window.__rec.record(r.command, r.payload, r.reply);
  }
  performance.mark("bench-end");
}"""

FEEDBACK_MANY = """async ([replies, n]) => {
  const box = document.createElement("div");
  document.querySelector("article").append(box);
  performance.mark("bench-start");
  for (let i = 0; i < n; i++) {
    const r = replies[i % replies.length].reply;
    window.__quiz.showFeedback(box, r.correct ? "correct" : "wrong", r.message, r.steps || [], () => {}, r.title);
    window.__quiz.showProgress(box, r.progress);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  performance.mark("bench-end");
  box.remove();
}"""

# n answers over the last `days` days, each a new deal (its own item, as a fresh seed gives).
ENTRIES = """window.__entries = ([replies, n, days]) => {
  const now = Date.now();
  const entries = [];
  for (let i = 0; i < n; i++) {
    const r = replies[i % replies.length];
    const time = now - Math.floor(((n - i) / n) * days * 86400000) - 1000;
    const entry = window.__model.entryOf(r.reply.progress, { time, id: window.__model.newId(time) });
    entry.item.key = `${entry.item.key}${i.toString(36)}`;
    if (entry.item.request) entry.item.request = { ...entry.item.request, seed: 100000 + i };
    entries.push(entry);
  }
  return entries;
};"""

# The log made at once (the benchmark's set-up, on the main thread): its JSON size and what «Mis errores»
# shows of its wrong answers, kept with them.
FILL = """async ([replies, n, days]) => {
  const entries = window.__entries([replies, n, days]);
  const shown = new Map();
  entries.forEach((e, i) => {
    if (e.ok === false) shown.set(e.item.key, window.__model.shownOf(replies[i % replies.length].reply.progress.shown));
  });
  await window.__log.build(window.__sched, { add: entries, shown });
  window.__log.markLog(true);
  return JSON.stringify(entries).length;
}"""

# A copy of n answers of the last `days` days, in the copy's format (3) and in the earlier one (2): sizes.
COPY = """([replies, n, days]) => {
  const entries = window.__entries([replies, n, days]);
  window.__copyText = window.__copy.copyText(entries, Date.now());
  return [window.__copyText.length, JSON.stringify({ schema: "reglas-poker-progreso", version: 2, entries }).length];
}"""

# The copy chosen as a file chooser gives it (a File the browser made; Playwright's set_input_files would decode
# the bytes in the page first, a long task of its own): the time of its «change».
CHOOSE = """() => {
  const input = document.querySelector(".progress-copy__input");
  const chosen = new DataTransfer();
  chosen.items.add(new File([window.__copyText], "copia.json", { type: "application/json" }));
  delete window.__copyText;
  input.files = chosen.files;
  const start = performance.now();
  input.dispatchEvent(new Event("change"));
  return start;
}"""

# The summary's main record: [its stream's characters (one byte each), the rest as JSON].
MAIN_RECORD = """() => new Promise((resolve) => {
  const asked = indexedDB.open("reglas-poker-progreso");
  asked.onsuccess = () => {
    const get = asked.result.transaction("summary").objectStore("summary").get("main");
    get.onsuccess = () => {
      const { stream, ...main } = get.result;
      resolve([stream.length, JSON.stringify({ ...main, cards: [...main.cards], seen: [...main.seen.keys],
        finished: [...main.finished], right: [...main.right], open: [...main.open] }).length]);
    };
  };
})"""

ESTIMATE = """async () => (await navigator.storage.estimate()).usage"""


def main_thread_ms(browser, page, action: str, args) -> float:
    """CPU ms of the page's main thread between the action's two marks (Chrome trace thread time)."""
    browser.start_tracing(page=page, categories=["devtools.timeline", "disabled-by-default-devtools.timeline",
                                                 "blink.user_timing"])
    page.evaluate(action, args)
    events = json.loads(browser.stop_tracing())["traceEvents"]
    marks = {e["name"]: e["ts"] for e in events if e.get("name") in ("bench-start", "bench-end")}
    main = page_main_thread(events, page.url) or {(e["pid"], e["tid"]) for e in events
                                                  if e.get("name") == "bench-start"}
    tasks = [e for e in top_level_tasks(events, main) if marks["bench-start"] - 1 <= e["ts"] <= marks["bench-end"]]
    return sum(e.get("tdur", e.get("dur", 0)) for e in tasks) / 1000


def fresh(browser, base_url, phone: bool = False):
    """A new context at 360×740 (touch), long tasks observed; `phone`: the page's CPU 4× slower."""
    context = browser.new_context(base_url=base_url, viewport=PHONE, has_touch=True, service_workers="block",
                                  bypass_csp=True)
    context.add_init_script(LONG_TASKS + ENTRIES)
    page = context.new_page()
    if phone:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    return context, page


def drawn(page, timeout: int = 120_000) -> dict:
    page.wait_for_selector("[data-progress-page][data-state=drawn]", timeout=timeout)
    root = page.locator("[data-progress-page]")
    return {key: float(root.get_attribute(f"data-{key}")) for key in ("total-ms", "drawn-at", "entries")}


def opened(page) -> tuple[float, float]:
    """(ms from navigation to drawn, the longest main-thread task meanwhile) of one visit."""
    page.goto("progreso/")
    at = drawn(page)["drawn-at"]
    return at, longest_task(page, 0, at + 1)


def with_log(browser, base_url, replies, n: int, phone: bool = False):
    """A context whose log holds `n` attempts of the last year (made on the home page)."""
    context, page = fresh(browser, base_url, phone)
    page.goto("./")
    page.evaluate(SETUP)
    if n:
        page.evaluate(FILL, [replies, n, 365])
    return context, page


def recording(browser, base_url, replies, n: int) -> tuple[float, float]:
    """(recording, drawing the feedback): main-thread ms per answer on a drill page, the log holding `n`."""
    context, page = with_log(browser, base_url, replies, n)
    page.goto("holdem/practica/")
    page.evaluate(SETUP)
    page.evaluate(RECORD_MANY, [replies, 5])  # warm: the store is open, the code compiled
    out = (main_thread_ms(browser, page, RECORD_MANY, [replies, RECORDS]) / RECORDS,
           main_thread_ms(browser, page, FEEDBACK_MANY, [replies, RECORDS]) / RECORDS)
    context.close()
    return out


def desktop_open(browser, base_url, replies, n: int) -> tuple[float, int]:
    """(ms from the start of the draw to drawn, Pyodide or worker requests) at the second open."""
    context, page = with_log(browser, base_url, replies, n)
    asked = []
    context.on("request", lambda request: asked.append(request.url))
    page.goto("progreso/")
    drawn(page)
    page.reload()
    total = drawn(page)["total-ms"]
    context.close()
    return total, sum("pyodide" in url or "engine/worker.js" in url for url in asked)


RETURNS = 3


def phone_visits(browser, base_url, replies) -> dict[str, list[tuple[float, float]]]:
    """The phone profile, a log of YEAR attempts and an empty one side by side: each one's first visit to «Mi
    progreso» after its log was made, then RETURNS return visits, alternating (drifts in the machine's load hit
    both alike): {"year": [(ms, longest task), …], "empty": […]}, the first visit first."""
    sides = {"year": with_log(browser, base_url, replies, YEAR, phone=True),
             "empty": with_log(browser, base_url, replies, 0, phone=True)}
    out = {name: [] for name in sides}
    for _ in range(1 + RETURNS):
        for name, (_context, page) in sides.items():
            out[name].append(opened(page))
            page.goto("./")  # away, and back
    for context, _page in sides.values():
        context.close()
    return out


def load_at_cap(browser, base_url, replies) -> dict:
    """A copy of YEAR attempts loaded through the page: its sizes, the time until loaded, the longest task, the
    log drawn afterwards."""
    context, page = fresh(browser, base_url)
    page.goto("progreso/")
    drawn(page)
    page.evaluate(SETUP)
    size, earlier = page.evaluate(COPY, [replies, YEAR, 8])
    start = page.evaluate(CHOOSE)
    page.wait_for_function("document.querySelector('.progress-copy__status').textContent.startsWith('Copia')",
                           timeout=600_000)
    end = page.evaluate("performance.now()")
    said = page.locator(".progress-copy__status").inner_text()
    longest = longest_task(page, start, end + 1)
    page.reload()
    draw = drawn(page)["total-ms"]
    main_bytes = page.evaluate(MAIN_RECORD)
    context.close()
    return {"size": size, "earlier": earlier, "ms": end - start, "longest": longest, "said": said, "draw": draw,
            "main": main_bytes}


def storage(browser, base_url, replies) -> tuple[int, float, float]:
    """(the JSON of 1,000 attempts, estimate()'s growth for them, the estimate of a log of one)."""
    context, page = with_log(browser, base_url, replies, 1)
    before = page.evaluate(ESTIMATE)
    size = page.evaluate(FILL, [replies, STORED, 90])
    growth = page.evaluate(ESTIMATE) - before
    context.close()
    return size, growth, before


def main() -> None:  # noqa: PLR0915 (a report: measure, then print and record each figure)
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    replies = checked_replies(48)
    wrong = sum(1 for r in replies if not r["reply"]["progress"]["ok"])
    print(f"Respuestas reales del motor: {len(replies)} (mal: {wrong})")
    got = {key: [] for key in ("record", "feedback", "record_year", "open", "open_empty", "pyodide", "phone",
                               "phone_empty", "cap", "stored")}
    with served_site() as base_url, chromium() as browser:
        for _ in range(runs):
            got["record"].append(recording(browser, base_url, replies, 0))
            got["record_year"].append(recording(browser, base_url, replies, YEAR))
            total, asked = desktop_open(browser, base_url, replies, LOGGED)
            got["open"].append(total)
            got["pyodide"].append(asked)
            got["open_empty"].append(desktop_open(browser, base_url, replies, 0)[0])
            visits = phone_visits(browser, base_url, replies)
            got["phone"].append(visits["year"])
            got["phone_empty"].append(visits["empty"])
        got["cap"].append(load_at_cap(browser, base_url, replies))
        got["stored"].append(storage(browser, base_url, replies))
    report(got, runs)


def report(got: dict, runs: int) -> None:  # noqa: PLR0914
    med = statistics.median
    rec, feed = med(r[0] for r in got["record"]), med(r[1] for r in got["record"])
    rec_year = med(r[0] for r in got["record_year"])
    print(f"\n1. Registrar una respuesta (CPU del hilo principal, mediana de {runs} tandas de {RECORDS}):")
    print(f"   registro vacío:               {rec:6.2f} ms por respuesta   (objetivo ≤ 5 ms)")
    print(f"   con 100.000 intentos:         {rec_year:6.2f} ms por respuesta")
    print(f"   referencia: dibujar su respuesta: {feed:6.2f} ms por respuesta")
    figure(f"Registrar una respuesta (CPU del hilo principal, mediana de {runs}); con {es(YEAR)} intentos",
           f"{es(rec, 2)} ms; {es(rec_year, 2)} ms", f"dibujar su respuesta: {es(feed, 2)} ms",
           f"{es(rec_year / feed, 2)}×", "≤ 5 ms")

    opened_, empty = med(got["open"]), med(got["open_empty"])
    print(f"\n2. Abrir «Mi progreso» con {es(LOGGED)} intentos, del inicio del dibujo a dibujado (mediana de {runs}):")
    print(f"   {opened_:6.1f} ms   (objetivo ≤ 150 ms); registro vacío: {empty:6.1f} ms; cociente {opened_ / empty:4.2f}")
    print(f"   peticiones de Pyodide o del worker del motor al dibujar: {max(got['pyodide'])}")
    figure(f"«Mi progreso» con {es(LOGGED)} intentos: de la carga al dibujo (mediana de {runs})", f"{es(opened_)} ms",
           f"registro vacío: {es(empty)} ms", f"{es(opened_ / empty, 2)}×", "≤ 150 ms")
    figure("«Mi progreso»: peticiones a Pyodide o al worker del motor al dibujar", str(max(got["pyodide"])), "", "", "0")

    phone, blank = got["phone"], got["phone_empty"]
    first, blank_first = med(v[0][0] for v in phone), med(v[0][0] for v in blank)
    again, blank_again = med(t for v in phone for t, _ in v[1:]), med(t for v in blank for t, _ in v[1:])
    first_task, again_task = max(v[0][1] for v in phone), max(t for v in phone for _, t in v[1:])
    print(f"\n3. Perfil de móvil (360×740, CPU {CPU_SLOWDOWN}× más lenta), {es(YEAR)} intentos, de la navegación a "
          f"dibujado (mediana de {runs}; la vuelta, de {runs * RETURNS}):")
    print(f"   primera visita: {first:6.0f} ms (tarea más larga {first_task:.0f} ms); vuelta: {again:6.0f} ms "
          f"(tarea más larga {again_task:.0f} ms); vuelta ÷ primera {again / first:4.2f}")
    print(f"   referencia, registro vacío: primera {blank_first:6.0f} ms, vuelta {blank_again:6.0f} ms; cocientes "
          f"{first / blank_first:4.2f} y {again / blank_again:4.2f}"
          "   (objetivos: ≤ 1 s, ninguna tarea de más de 100 ms, la vuelta no más lenta)")
    print("   (0 ms de tarea más larga: ninguna de 50 ms o más)")
    figure(f"Móvil (CPU {CPU_SLOWDOWN}×): «Mi progreso» con {es(YEAR)} intentos, de la navegación a dibujado; "
           f"tarea más larga (mediana de {runs})", f"{es(first)} ms; {es(first_task)} ms",
           f"registro vacío: {es(blank_first)} ms", f"{es(first / blank_first, 2)}×", "≤ 1.000 ms; ≤ 100 ms")
    figure(f"Móvil (CPU {CPU_SLOWDOWN}×): la vuelta a «Mi progreso» con {es(YEAR)} intentos (mediana de "
           f"{runs * RETURNS}); tarea más larga", f"{es(again)} ms; {es(again_task)} ms",
           f"primera visita: {es(first)} ms", f"{es(again / first, 2)}×", "≤ 1×; ≤ 100 ms")

    cap = got["cap"][0]
    print(f"\n4. Una copia de {es(YEAR)} intentos: {cap['size'] / 1e6:4.2f} MB (formato anterior: "
          f"{cap['earlier'] / 1e6:4.2f} MB; tope {CAP_BYTES / 1e6:4.2f} MB), {cap['size'] / YEAR:.0f} B por intento")
    print(f"   cargarla: {cap['ms'] / 1000:5.1f} s hasta «{cap['said']}»; tarea más larga del hilo principal "
          f"{cap['longest']:.0f} ms (objetivo ≤ 100 ms)")
    print(f"   el registro en el tope, dibujado: {cap['draw']:6.1f} ms (objetivo ≤ 1.500 ms)")
    figure(f"Copia de {es(YEAR)} intentos (tope: {es(CAP_BYTES / 1e6, 2)} MB)", f"{es(cap['size'] / 1e6, 2)} MB",
           f"formato anterior: {es(cap['earlier'] / 1e6, 2)} MB", f"{es(cap['size'] / cap['earlier'], 2)}×", "≤ 8 MB")
    figure(f"Cargar la copia de {es(YEAR)} intentos: hasta cargada; tarea más larga del hilo principal",
           f"{es(cap['ms'] / 1000, 1)} s; {es(cap['longest'])} ms", "", "", "≤ 100 ms")
    figure(f"«Mi progreso» con el registro en el tope ({es(YEAR)} intentos): de la carga al dibujo",
           f"{es(cap['draw'])} ms", f"10.000 intentos: {es(opened_)} ms", f"{es(cap['draw'] / opened_, 2)}×",
           "≤ 1.500 ms")

    size, growth, before = got["stored"][0]
    print(f"\n5. Guardar {es(STORED)} intentos: JSON del registro {size / 1000:6.1f} KB (objetivo ≤ 200 KB); "
          f"estimate() +{growth / 1000:6.1f} KB (registro de 1 intento: {before / 1000:6.1f} KB)")
    print(f"   el resumen (su registro principal) con {es(YEAR)} intentos: {cap['main'][0] / 1000:6.1f} KB de "
          f"racha (un carácter por intento) y {cap['main'][1] / 1000:6.1f} KB de lo demás")
    figure(f"{es(STORED)} intentos guardados (JSON del registro)", f"{es(size / 1000, 1)} KB",
           f"navigator.storage.estimate(): +{es(growth / 1000, 1)} KB", "", "≤ 200 KB")


if __name__ == "__main__":
    main()
