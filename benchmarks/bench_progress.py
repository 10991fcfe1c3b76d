"""«Mi progreso» in Chromium: what the reader's progress log costs, each figure beside a reference
measured in the same run. Asserts nothing; prints.

1. Recording an answer: the main thread's CPU time (Chrome trace, ``RunTask`` thread time) of
   ``record()`` for a checked reply, from the client handing it over to IndexedDB having it, per answer
   over 200 answers; beside it, drawing that same reply's feedback on a drill page (showFeedback and
   showProgress), which every checked answer already costs. Goal: ≤ 5 ms.
2. Drawing «Mi progreso» with 10,000 logged attempts: the synchronous draw (the page's
   ``data-draw-ms``: scheduling every skill with FSRS, the windows, the chart, the tables) and the
   whole of it (``data-total-ms``: reading IndexedDB and importing the scheduler too), the first time
   after they were imported (FSRS replays the whole log) and at the next visit with 20 answers recorded
   since (FSRS resumes from the schedule the last draw saved); beside it, the same page with an empty
   log. Whether any Pyodide file was requested (it must not be). Goal: ≤ 150 ms.
3. Storage of 1,000 attempts: the log's JSON size (and, apart, what «Mis errores» shows of the wrong ones,
   kept by item while they are mistakes) and ``navigator.storage.estimate()``'s usage growth; beside it, the
   estimate of an empty log. Goal: ≤ 200 KB.

The replies are the engine's own: real ``drill-check`` replies (right and wrong) of every drill kind,
made here in Python, recorded again and again with fresh ids and times.

Usage: .venv/bin/python benchmarks/bench_progress.py [runs]   (default 3)
"""

from __future__ import annotations

import json
import statistics
import sys

from browser_common import chromium, page_main_thread, served_site, top_level_tasks
from results import es
from results import record as figure

from engine.drills import kinds, make_drill
from tests.engine.drills.test_drills import right_text, wrong_text

PHONE = {"width": 360, "height": 740}
RECORDS = 200
LOGGED = 10_000
STORED = 1_000


def real_replies(n: int = 48) -> list[dict]:
    """Checked drill replies of every kind, one in three wrong (a learner's pace; each figure below is
    also printed for right and wrong answers apart)."""
    out = []
    names = kinds()
    for i in range(n):
        kind = names[i % len(names)]
        drill = make_drill(kind, 1000 + i)
        reply = drill.reply()
        checked = drill.check(wrong_text(reply) if i % 3 == 0 else right_text(reply))
        if checked.get("progress"):
            out.append({"command": "drill-check", "payload": {"kind": kind, "seed": 1000 + i, "level": reply["level"]},
                        "reply": checked})
    return out


# Page-side helpers (the site's own modules, imported by URL: the same instances the page uses).
SETUP = """async () => {
  const root = new URL("../../", document.querySelector('script[src*="engine/client.js"]').src);
  window.__rec = await import(new URL("javascripts/progress/record.js", root).href);
  window.__log = await import(new URL("javascripts/progress/log.js", root).href);
  window.__model = await import(new URL("javascripts/progress/model.js", root).href);
  window.__quiz = await import(new URL("javascripts/ui/quiz.js", root).href);
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

FILL = """async ([replies, n, days]) => {
  const now = Date.now();
  const entries = [];
  const shown = {};  // what «Mis errores» shows of each wrong item, kept apart as record.js keeps it
  for (let i = 0; i < n; i++) {
    const r = replies[i % replies.length];
    const time = now - Math.floor((i / n) * days * 86400000) - i;
    const entry = window.__model.entryOf(r.reply.progress, { time, id: window.__model.newId(time) });
    entries.push(entry);
    if (entry.ok === false) shown[entry.item.key] = window.__model.shownOf(r.reply.progress.shown);
  }
  await window.__log.appendMany(entries);
  await window.__log.keepShown(shown);
  return [JSON.stringify(entries).length, JSON.stringify(shown).length];
}"""

ESTIMATE = """async () => (await navigator.storage.estimate()).usage"""

SIZES = """([replies]) => {
  const size = (r) => JSON.stringify(window.__model.entryOf(r.reply.progress, { time: Date.now(), id: window.__model.newId(Date.now()) })).length;
  const mean = (list) => list.reduce((a, b) => a + b, 0) / list.length;
  return [mean(replies.filter((r) => r.reply.progress.ok).map(size)), mean(replies.filter((r) => !r.reply.progress.ok).map(size))];
}"""


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


def fresh(browser, base_url):
    context = browser.new_context(base_url=base_url, viewport=PHONE, has_touch=True, service_workers="block",
                                  bypass_csp=True)
    return context, context.new_page()


def draw_figures(page) -> tuple[float, float, int, float]:
    """(synchronous draw ms, total ms, entries drawn, ms reading the log and the scheduler)."""
    page.wait_for_selector("[data-progress-page][data-state=drawn]", timeout=60_000)
    root = page.locator("[data-progress-page]")
    return (float(root.get_attribute("data-draw-ms")), float(root.get_attribute("data-total-ms")),
            int(root.get_attribute("data-entries")), float(root.get_attribute("data-read-ms")))


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    replies = real_replies()
    wrong = sum(1 for r in replies if not r["reply"]["progress"]["ok"])
    print(f"Respuestas reales del motor: {len(replies)} (mal: {wrong}), de {len(kinds())} tipos de ejercicio")
    record, feedback, draw_full, draw_again, draw_empty, pyodide_requests = [], [], [], [], [], []
    json_bytes, shown_bytes, usage_growth, usage_empty = [], [], [], []
    with served_site() as base_url, chromium() as browser:
        for _ in range(runs):
            # 1. Recording vs. drawing the feedback, on a drill page (its modules are loaded there).
            context, page = fresh(browser, base_url)
            page.goto("holdem/practica/")
            page.evaluate(SETUP)
            page.evaluate(RECORD_MANY, [replies, 5])  # warm: the store is open, the code compiled
            record.append(main_thread_ms(browser, page, RECORD_MANY, [replies, RECORDS]) / RECORDS)
            feedback.append(main_thread_ms(browser, page, FEEDBACK_MANY, [replies, RECORDS]) / RECORDS)
            context.close()

            # 2. «Mi progreso»: an empty log, then 10,000 attempts over 90 days.
            context, page = fresh(browser, base_url)
            asked = []
            context.on("request", lambda request: asked.append(request.url))
            page.goto("progreso/")
            draw_empty.append(draw_figures(page))
            page.evaluate(SETUP)
            page.evaluate(FILL, [replies, LOGGED, 90])
            asked.clear()
            page.reload()
            draw_full.append(draw_figures(page))
            pyodide_requests.append(sum("pyodide" in url or "worker.js" in url for url in asked))
            # The usual visit: the schedule saved at the last draw, 20 answers recorded since.
            page.evaluate(SETUP)
            page.evaluate(RECORD_MANY, [replies, 20])
            page.reload()
            draw_again.append(draw_figures(page))
            context.close()

            # 3. Storage of 1,000 attempts.
            context, page = fresh(browser, base_url)
            page.goto("progreso/")
            page.evaluate(SETUP)
            page.evaluate(FILL, [replies, 1, 1])
            before = page.evaluate(ESTIMATE)
            usage_empty.append(before)
            sized = page.evaluate(FILL, [replies, STORED, 90])
            json_bytes.append(sized[0])
            shown_bytes.append(sized[1])
            usage_growth.append(page.evaluate(ESTIMATE) - before)
            sizes = page.evaluate(SIZES, [replies])
            context.close()

    med = statistics.median
    print(f"\n1. Registrar una respuesta (CPU del hilo principal, mediana de {runs} tandas de {RECORDS}):")
    print(f"   registrar (record → IndexedDB):          {med(record):6.2f} ms por respuesta   (objetivo ≤ 5 ms)")
    print(f"   referencia: dibujar su respuesta en la página: {med(feedback):6.2f} ms por respuesta")
    print(f"\n2. Dibujar «Mi progreso» (mediana de {runs}; dibujo síncrono / total con IndexedDB y ts-fsrs):")
    print(f"   con {LOGGED:,} intentos:   {med(d[0] for d in draw_full):6.1f} ms / {med(d[1] for d in draw_full):6.1f} ms"
          f"   (objetivo ≤ 150 ms; intentos leídos: {draw_full[0][2]:,})".replace(",", "."))
    print(f"   de ello, leer IndexedDB e importar ts-fsrs: {med(d[3] for d in draw_full):6.1f} ms"
          "   (primera vez tras importarlos: FSRS repasa todo el registro)")
    print(f"   la visita siguiente, con 20 respuestas nuevas: {med(d[0] for d in draw_again):6.1f} ms /"
          f" {med(d[1] for d in draw_again):6.1f} ms   (FSRS sigue desde lo guardado)")
    print(f"   referencia, registro vacío: {med(d[0] for d in draw_empty):6.1f} ms / {med(d[1] for d in draw_empty):6.1f} ms")
    print(f"   peticiones de Pyodide o del worker al dibujar: {max(pyodide_requests)}")
    print(f"\n3. Guardar {STORED:,} intentos (mediana de {runs}):".replace(",", "."))
    print(f"   JSON del registro:                {med(json_bytes) / 1000:6.1f} KB   (objetivo ≤ 200 KB)")
    print(f"   lo que enseña «Mis errores» de sus errores (aparte, mientras lo son): {med(shown_bytes) / 1000:6.1f} KB")
    print(f"   navigator.storage.estimate():    +{med(usage_growth) / 1000:6.1f} KB")
    print(f"   referencia, registro de 1 intento (estimate): {med(usage_empty) / 1000:6.1f} KB")
    print(f"   por respuesta (JSON): bien {sizes[0]:.0f} B, mal {sizes[1]:.0f} B"
          f" (1.000 respuestas todas mal: {sizes[1]:.0f} KB)")
    figure(f"Registrar una respuesta (CPU del hilo principal, mediana de {runs})", f"{es(med(record), 2)} ms",
           f"dibujar su respuesta: {es(med(feedback), 2)} ms", f"{es(med(record) / med(feedback), 2)}×", "≤ 5 ms")
    figure(f"«Mi progreso» con {es(LOGGED)} intentos: de la carga al dibujo (mediana de {runs})",
           f"{es(med(d[1] for d in draw_full))} ms", f"registro vacío: {es(med(d[1] for d in draw_empty))} ms",
           "", "≤ 150 ms")
    figure("«Mi progreso»: peticiones a Pyodide o al worker al dibujar", str(max(pyodide_requests)), "", "", "0")
    figure(f"{es(STORED)} intentos guardados (JSON del registro)", f"{es(med(json_bytes) / 1000, 1)} KB", "", "",
           "≤ 200 KB")


if __name__ == "__main__":
    main()
