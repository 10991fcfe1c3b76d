"""A megabyte pasted into the authors' workshop (docs/desarrollo/taller.md), in Chromium: how soon a key
press shows in the editor afterwards, and the longest main-thread task from the paste until the engine's
answer is on the page; beside the same paste into a plain <textarea> in the same run (the browser's own
cost). Three megabytes: a practice hand repeated, binary bytes (a file opened by mistake), one line.

    .venv/bin/python benchmarks/bench_workshop.py [repeats]

Builds the site, serves it like a real host (benchmarks/browser_common.py). Asserts nothing.
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import browser_common as common  # noqa: E402
from results import es, record  # noqa: E402

ROOT = common.ROOT
HAND = (ROOT / "scenarios" / "06-all-in.md").read_text(encoding="utf-8")
TEXTS = {
    "una mano repetida": (HAND * (1_000_000 // len(HAND) + 1))[:1_000_000],
    "binario (bytes 1-255, sin CR)": "".join(chr(i) for i in range(1, 256) if i != 13) * 3950,
    "una sola línea": "x" * 1_000_000,
}
TEXTAREA_PAGE = """<!doctype html><meta charset="utf-8"><title>textarea</title>
<textarea id="t" rows="20" cols="40" aria-label="texto"></textarea>"""
#: keydown -> the key's change in the DOM -> the next frame painted (ms), resolved in window.__key.
KEY = """(selector) => { window.__key = new Promise((resolve) => {
  const host = document.querySelector(selector);
  const target = host.shadowRoot ? host.shadowRoot.querySelector('.cm-content') : host;
  let t0 = null;
  const done = () => {
    const t1 = performance.now();
    requestAnimationFrame(() => setTimeout(() => resolve([t1 - t0, performance.now() - t0]), 0));
  };
  if (host.shadowRoot) {
    const seen = new MutationObserver(() => { if (t0 !== null) { seen.disconnect(); done(); } });
    seen.observe(target, { childList: true, subtree: true, characterData: true });
  } else {
    target.addEventListener('input', () => done(), { once: true });
  }
  document.addEventListener('keydown', (e) => { t0 = e.timeStamp; }, { capture: true, once: true });
}); }"""


def paste_and_type(page, selector: str, text: str, settle=None) -> tuple[float, float, float]:
    """Paste ``text`` at the end of ``selector``'s text, press a key: (key to DOM, key to painted, longest
    task from the paste until ``settle()`` returned and a second has passed), in ms."""
    page.evaluate("(t) => navigator.clipboard.writeText(t)", text)
    page.locator(selector).click()
    page.keyboard.press("Control+End")
    since = page.evaluate("performance.now()")
    page.keyboard.press("Control+V")
    page.evaluate(KEY, selector)
    page.keyboard.press("z")
    to_dom, to_paint = page.evaluate("window.__key")
    if settle is not None:
        settle()
    page.wait_for_timeout(1000)
    return to_dom, to_paint, common.longest_task(page, since)


def main(repeats: int) -> None:
    rows: dict[str, dict[str, list]] = {name: {"taller": [], "textarea": []} for name in TEXTS}
    with common.served_site() as base_url, common.chromium() as browser:
        (common.LAST_SITE / "textarea.html").write_text(TEXTAREA_PAGE, encoding="utf-8")
        for _ in range(repeats):
            for name, text in TEXTS.items():
                context = browser.new_context(base_url=base_url, service_workers="block",
                                              viewport={"width": 360, "height": 740})
                context.grant_permissions(["clipboard-read", "clipboard-write"])
                page = context.new_page()
                page.add_init_script(common.LONG_TASKS)
                page.goto("desarrollo/taller/?rapido=1")
                page.locator('[data-engine-status][data-phase="ready"]').wait_for(timeout=120_000)
                page.locator('#taller[data-check="ok"]').wait_for(timeout=60_000)
                settled = '#taller[data-check="problems"], #taller[data-check="error"]'
                rows[name]["taller"].append(paste_and_type(
                    page, ".taller__editor", text, lambda: page.locator(settled).wait_for(timeout=60_000)))
                page.goto("textarea.html")
                rows[name]["textarea"].append(paste_and_type(page, "#t", text))
                context.close()
    print(f"Un megabyte pegado, la mediana de {repeats} (ms): tecla → DOM / → pintada; tarea más larga del hilo "
          "principal desde el pegado hasta la respuesta del motor")
    print(f"{'texto':<32} {'taller':>28} {'<textarea> (referencia)':>28}")
    for name, by_page in rows.items():
        cells = []
        for values in by_page.values():
            dom, paint, task = (statistics.median(v[i] for v in values) for i in range(3))
            cells.append(f"{dom:5.0f} / {paint:5.0f}; {task:5.0f}")
        print(f"{name:<32} {cells[0]:>28} {cells[1]:>28}")
        (_, paint, task), (_, paint_ref, task_ref) = ([statistics.median(v[i] for v in values) for i in range(3)]
                                                      for values in by_page.values())
        record(f"Taller, {name} pegado: tecla → pintada; tarea más larga hasta la respuesta del motor (mediana de "
               f"{repeats})", f"{es(paint)} ms; {es(task)} ms", f"el mismo pegado en un <textarea>: {es(paint_ref)} ms; "
               f"{es(task_ref)} ms", goal="< 100 ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
