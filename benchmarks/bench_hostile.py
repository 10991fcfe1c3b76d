"""The worst main-thread task while hostile input is refused (issues 41 and 51), beside a reference in the
same run.

On the Hold'em table page (holdem/mesa/) and the authors' workshop (desarrollo/taller/), Chromium, the
preview host, long tasks observed on the page (PerformanceObserver «longtask»: tasks over 50 ms):

- links opened on the page (its fragment changes, as a reader opening them; the import box closed; also on
  the phone, 360 px with DevTools' 4x CPU slowdown of the page), each
  up to the engine's limit (game-info's history_chars, 200,000 characters) — a link read off the main
  thread (issue 51 item 10; target: no task over 100 ms): a valid 196 KB history, 27 KB that inflate to
  20 MB, a 5,000-part dotted key, 2,500 keys of 31 parts;
- a 50 MB .phh file chosen in the import box (before: 15.6 s frozen), and a 50 MB file in the workshop;
- 5 MB pasted into the import box and into the workshop's editor (before: ~4 s in the workshop).

Reference: the same gestures with a small valid hand (a link, a file and a paste of a real PHH hand), and
the worst task of an idle second on the page. Each row: the median of ``runs`` and the worst run.
Asserts nothing.

Usage: .venv/bin/python benchmarks/bench_hostile.py [runs]   (default: 3)
"""

from __future__ import annotations

import base64
import statistics
import sys
import tempfile
import zlib
from pathlib import Path

from browser_common import LONG_TASKS, PHONE, chromium, longest_task, served_site, slow_down
from results import es, record

ROOT_SELECTOR = "#mesa-holdem"
VALID = ("variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [5, 10]\nmin_bet = 10\n"
         "starting_stacks = [100, 100]\nactions = ['d dh p1 AhAd', 'd dh p2 KhKd', 'p2 cbr 30', 'p1 f']\n")


def token(text: str) -> str:
    return "t" + base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


BOMB = "z" + base64.urlsafe_b64encode(zlib.compress(b" " * 20_000_000, 9)[2:-4]).decode().rstrip("=")
DOTTED = token("variant = 'NT'\n" + ".".join(["a"] * 5000) + " = 1\n")
# 2,500 keys of 31 parts each (a different first part: no key repeats), 183 KB
KEYS = token("variant = 'NT'\n" + "".join(f"k{i}." + ".".join(["a"] * 30) + " = 1\n" for i in range(2500)))
# a valid hand padded with comments to 196 KB (its request, JSON-escaped, under the engine's 200,000 characters)
BIG = token((VALID + "".join(f"# nota {i:05d} " + "x" * 130 + "\n" for i in range(1500)))[:196_000])
GOOD = token(VALID)
FIFTY_MB = Path(tempfile.mkdtemp(prefix="bench-hostile-")) / "enorme.phh"  # 50 MB of zeros, written once
PASTE = """([selector, size, text]) => {
  const data = new DataTransfer();
  data.setData("text/plain", text || "\\u0001".repeat(size));
  const target = document.querySelector(selector);
  target.focus();
  target.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
}"""


def now(page) -> float:
    return page.evaluate("performance.now()")


def table_page(browser, base_url, phone: bool = False):
    context = browser.new_context(base_url=base_url, service_workers="block", bypass_csp=True, **(PHONE if phone else {}))
    page = context.new_page()
    if phone:
        slow_down(page, "devtools")
    page.add_init_script(LONG_TASKS)
    page.goto("holdem/mesa/?pausa=0")
    page.wait_for_selector(f'{ROOT_SELECTOR}[data-mesa-state="idle"]', timeout=120_000)
    return context, page


def measure(page, gesture, settled: str) -> float:
    """The worst task (ms) from the gesture until ``settled`` (a JS condition) holds, plus 300 ms."""
    page.wait_for_timeout(300)
    since = now(page)
    gesture()
    page.wait_for_function(settled, timeout=120_000)
    page.wait_for_timeout(300)
    return longest_task(page, since)


def error_shown(selector: str) -> str:
    return f"() => {{ const e = document.querySelector('{ROOT_SELECTOR} {selector}'); return e && !e.hidden; }}"


def reset(page) -> None:
    page.evaluate(f"""() => {{ for (const s of ['.sim-error', '.mesa-import__error'])
        document.querySelector('{ROOT_SELECTOR} ' + s).hidden = true;
        document.querySelector('{ROOT_SELECTOR} .mesa-import textarea').value = ''; }}""")


REPLAYED = f"() => document.querySelector('{ROOT_SELECTOR}').dataset.mesaState === 'replay'"


def link_rows(page, prefix: str = "") -> dict[str, float]:
    """Each link opened on the page as a reader opens it (its fragment changes)."""
    rows: dict[str, float] = {}
    for name, link, settled in (("enlace válido (referencia)", GOOD, REPLAYED),
                                ("enlace válido de 196 KB", BIG, REPLAYED),
                                ("enlace de 27 KB que infla a 20 MB", BOMB, error_shown(".sim-error")),
                                ("enlace con una clave de 5.000 partes", DOTTED, error_shown(".sim-error")),
                                ("enlace con 2.500 claves de 31 partes", KEYS, error_shown(".sim-error"))):
        reset(page)
        rows[prefix + name] = measure(page, lambda t=link: page.evaluate("(t) => { location.hash = 'mano=' + t; }", t),
                                      settled)
    return rows


def table_rows(page) -> dict[str, float]:
    rows: dict[str, float] = {}
    rows["página en reposo, 1 s"] = measure(page, lambda: page.wait_for_timeout(1000), "() => true")
    rows.update(link_rows(page))
    replayed = REPLAYED
    page.click(f"{ROOT_SELECTOR} .mesa-import summary")
    file_input = f"{ROOT_SELECTOR} .mesa-import input[type=file]"
    valid = FIFTY_MB.with_name("mano.phh")
    valid.write_text(VALID, encoding="utf-8")
    for name, path, settled in (("archivo .phh válido (referencia)", valid, replayed),
                                ("archivo .phh de 50 MB", FIFTY_MB, error_shown(".mesa-import__error"))):
        reset(page)
        rows[f"mesa: {name}"] = measure(page, lambda f=path: page.set_input_files(file_input, str(f)), settled)
    area = f"{ROOT_SELECTOR} .mesa-import textarea"
    reset(page)
    rows["mesa: pegar una mano válida (referencia)"] = measure(
        page, lambda: page.evaluate(PASTE, [area, 0, VALID]), "() => true")
    reset(page)
    rows["mesa: pegar 5 MB"] = measure(page, lambda: page.evaluate(PASTE, [area, 5_000_000, ""]),
                                       error_shown(".mesa-import__error"))
    return rows


def workshop_rows(browser, base_url) -> dict[str, float]:
    context = browser.new_context(base_url=base_url, service_workers="block", bypass_csp=True)
    page = context.new_page()
    page.add_init_script(LONG_TASKS)
    try:
        page.goto("desarrollo/taller/")
        page.wait_for_selector("#taller .cm-content", timeout=120_000)
        page.wait_for_selector('#taller[data-check="ok"]', timeout=120_000)
        rows: dict[str, float] = {}
        content = "() => true"
        rows["taller: pegar 2 KB (referencia)"] = measure(page, lambda: page.locator(".cm-content").evaluate(
            """(node) => { const data = new DataTransfer(); data.setData("text/plain", "# nota\\n".repeat(300));
            node.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true })); }"""),
            content)
        rows["taller: pegar 5 MB"] = measure(page, lambda: page.locator(".cm-content").evaluate(
            """(node) => { const data = new DataTransfer(); data.setData("text/plain", "\\u0001".repeat(5_000_000));
            node.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true })); }"""),
            "() => document.querySelector('.taller__note').textContent.length > 0")
        rows["taller: archivo de 50 MB"] = measure(page, lambda: page.locator(".taller__file").set_input_files(
            str(FIFTY_MB.with_name("enorme.md"))),
            "() => document.querySelector('#taller').dataset.check === 'error'")
        return rows
    finally:
        context.close()


def main(runs: int) -> None:
    for path in (FIFTY_MB, FIFTY_MB.with_name("enorme.md")):
        with open(path, "wb") as handle:
            handle.truncate(50_000_000)
    results: dict[str, list[float]] = {}
    with served_site() as base_url, chromium() as browser:
        for _ in range(runs):
            context, page = table_page(browser, base_url)
            try:
                found = table_rows(page)
            finally:
                context.close()
            found.update(workshop_rows(browser, base_url))
            context, page = table_page(browser, base_url, phone=True)
            try:
                found.update(link_rows(page, "teléfono (360 px, DevTools 4x): "))
            finally:
                context.close()
            for name, value in found.items():
                results.setdefault(name, []).append(value)
    print(f"Tarea más larga del hilo principal (ms; 0: ninguna de más de 50 ms), mediana y peor de {runs} pasadas")
    for name, values in results.items():
        print(f"  {name:<80} {statistics.median(values):7.0f} ms {max(values):7.0f} ms", flush=True)
        record(f"Tarea más larga del hilo principal: {name.strip()} (peor de {runs})", f"{es(max(values))} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
