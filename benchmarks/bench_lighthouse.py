"""Lighthouse (npm, pinned in package.json) on every reader page, mobile profile, behind the preview host.

Prints one row per page: performance, accessibility, best practices and SEO scores, total blocking
time, cumulative layout shift and largest contentful paint, beside the targets (issue 24: performance
>= 95, the other three 100, TBT <= 200 ms, CLS <= 0.05). Asserts nothing.

Lighthouse's mobile profile simulates a mid-range phone (CPU 4x slower) on «Slow 4G» (1.6 Mbit/s,
150 ms); its CPU figures follow the machine's load, so on a shared machine take the median of
several runs (``--runs``); the CPU column is Lighthouse's benchmarkIndex for the run (the machine's
speed then: lower when it is loaded). The site is built afresh and served by scripts/preview.py (gzip, cache
headers), as a reader's host would serve it.

With ``--detail`` it also prints where the main thread went and, from the run's own trace, the page's
main-thread tasks of 25 ms or more: their wall time beside their CPU time (Lighthouse counts the wall time,
so a main thread waiting for a core while the engine starts counts as blocking).

With ``--calibrate`` the CPU slowdown follows the machine (Lighthouse's own guide: 4x is meant for a
fast desktop; a loaded or slow machine needs less to stand for the same phone).

Usage: .venv/bin/python benchmarks/bench_lighthouse.py [--runs N] [--detail] [--calibrate] [--url URL] [page ...]
(pages as paths: ``mata-ases/simulador/``; default: every page of the sitemap but the developers')
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

from browser_common import ROOT, page_main_thread, served_site, top_level_tasks
from results import es, record
from tests.conftest import CHROMIUM_ARGS, chromium_path, disable_features

LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
TARGETS = {"performance": 95, "accessibility": 100, "best-practices": 100, "seo": 100}
TBT_MAX_MS, CLS_MAX = 200, 0.05


def reader_pages(base_url: str) -> list[str]:
    """Every page of the sitemap but the developers' and authors' (desarrollo/), as site paths."""
    with urllib.request.urlopen(base_url + "sitemap.xml") as response:
        text = response.read().decode("utf-8")
    paths = [re.sub(r"^https?://[^/]+/", "", loc) for loc in re.findall(r"<loc>([^<]+)</loc>", text)]
    return [p for p in paths if not p.startswith("desarrollo/")]


def cpu_multiplier(benchmark_index: float) -> int:
    """The CPU slowdown that makes this machine a mid-range phone, after Lighthouse's throttling guide
    (docs/throttling.md, «calibrating multipliers»): 4x from a benchmarkIndex of 1300, 2x from 800,
    else none (a machine slower than that is already slower than the phone Lighthouse models).

    >>> cpu_multiplier(1500), cpu_multiplier(900), cpu_multiplier(168)
    (4, 2, 1)
    """
    return 4 if benchmark_index >= 1300 else 2 if benchmark_index >= 800 else 1


#: The main-thread tasks ``starved_tasks`` counts: 25 ms of wall time or more.
STARVED_MIN_US = 25_000


def starved_tasks(trace: dict | list, url: str) -> dict[str, float]:
    """The page's main-thread tasks of 25 ms or more in the run's own (unthrottled) trace: how many, their
    wall time and their thread CPU time, and what the page's dedicated worker ran meanwhile. Lighthouse
    multiplies each task's wall time (x4, layout x2); a wall time far above the CPU time is a main
    thread waiting for a core (the engine's start keeps the worker and V8's wasm compiler busy).
    """
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    workers = {(e["pid"], e["tid"]) for e in events if e.get("ph") == "M" and e.get("name") == "thread_name"
               and e.get("args", {}).get("name") == "DedicatedWorker thread"}
    worker = top_level_tasks(events, workers)
    row = {"tasks": 0, "wall": 0.0, "cpu": 0.0, "worker": 0.0}
    for task in top_level_tasks(events, page_main_thread(events, url)):
        if task.get("dur", 0) < STARVED_MIN_US:
            continue
        begin, end = task["ts"], task["ts"] + task["dur"]
        row["tasks"] += 1
        row["wall"] += task["dur"] / 1000
        row["cpu"] += task.get("tdur", 0) / 1000
        row["worker"] += sum(max(0, min(end, e["ts"] + e["dur"]) - max(begin, e["ts"])) for e in worker) / 1000
    return row


@functools.cache
def launcher_disabled_features() -> list[str]:
    """The features chrome-launcher (Lighthouse's) disables with its own ``--disable-features``, which a
    second one would replace (Chromium keeps the last)."""
    script = "import {Launcher} from 'chrome-launcher'; console.log(JSON.stringify(Launcher.defaultFlags()));"
    result = subprocess.run(["node", "--input-type=module", "-e", script], cwd=ROOT, capture_output=True, text=True)
    flags = json.loads(result.stdout) if result.returncode == 0 else []
    found = [flag for flag in flags if flag.startswith("--disable-features=")]
    if len(found) != 1:
        raise RuntimeError(f"no encuentro el --disable-features de chrome-launcher: {result.stderr.strip()[-300:]}")
    return found[0].split("=", 1)[1].split(",")


def chrome_flags(profile: str) -> list[str]:
    """The flags of Lighthouse's Chromium: the tests' (tests/conftest.py), with the browser window's own
    preloads turned off (BROWSER_UI_FEATURES: no phone has them) beside chrome-launcher's own list."""
    return ["--headless=new", *CHROMIUM_ARGS, disable_features(launcher_disabled_features()),
            f"--user-data-dir={profile}"]


def lighthouse(url: str, cpu: int | None = None, trace: bool = False) -> dict:
    """One Lighthouse run (mobile, the default profile; ``cpu``: another CPU slowdown): the JSON report
    (with ``trace``, also ``starved_tasks`` of its trace under the key ``_starved``)."""
    with tempfile.TemporaryDirectory(prefix="lighthouse-") as tmp:
        out = Path(tmp) / "report.json"
        flags = " ".join(chrome_flags(f"{tmp}/profile"))
        cmd = [str(LIGHTHOUSE), url, "--quiet", "--output=json", f"--output-path={out}",
               f"--only-categories={','.join(CATEGORIES)}", f"--chrome-flags={flags}", "--max-wait-for-load=60000"]
        if cpu is not None:
            cmd.append(f"--throttling.cpuSlowdownMultiplier={cpu}")
        if trace:
            cmd.append(f"-GA={tmp}/artifacts")
        env = dict(os.environ, CHROME_PATH=chromium_path() or "/usr/bin/chromium")
        result = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=300)
        if result.returncode != 0 or not out.is_file():
            raise RuntimeError(f"lighthouse falló en {url}: {result.stderr.strip()[-500:]}")
        report = json.loads(out.read_text(encoding="utf-8"))
        saved = Path(tmp) / "artifacts" / "defaultPass.trace.json"
        if trace and saved.is_file():  # no trace saved: the detail goes without its line
            report["_starved"] = starved_tasks(json.loads(saved.read_text(encoding="utf-8")), url)
        return report


def figures(report: dict) -> dict[str, float]:
    audits = report["audits"]
    row = {name: round(100 * (report["categories"][name]["score"] or 0)) for name in CATEGORIES}
    row["tbt"] = audits["total-blocking-time"]["numericValue"]
    row["cls"] = audits["cumulative-layout-shift"]["numericValue"]
    row["lcp"] = audits["largest-contentful-paint"]["numericValue"]
    row["dom"] = audits["dom-size"].get("numericValue", 0)
    row["cpu"] = report.get("environment", {}).get("benchmarkIndex", 0)
    return row


def detail(report: dict) -> list[str]:
    """Where the main thread went (by script and by kind of work) and what shifted: for diagnosis."""
    audits = report["audits"]
    lines = []
    for item in (audits["mainthread-work-breakdown"].get("details") or {}).get("items", [])[:6]:
        lines.append(f"      hilo principal: {item['groupLabel']:<28} {item['duration']:6.0f} ms")
    for item in (audits["bootup-time"].get("details") or {}).get("items", [])[:4]:
        lines.append(f"      script: {item['url'].rsplit('/', 1)[-1][:40]:<40} {item['total']:6.0f} ms")
    for item in (audits.get("layout-shifts", {}).get("details") or {}).get("items", [])[:3]:
        node = (item.get("node") or {}).get("snippet", "")[:80]
        lines.append(f"      desplazamiento {item.get('score', 0):.3f}: {node}")
    starved = report.get("_starved")
    if starved and starved["tasks"]:
        lines.append(f"      tareas de 25 ms o más en la traza sin frenar: {starved['tasks']}, "
                     f"{starved['wall']:.0f} ms de reloj, {starved['cpu']:.0f} ms de CPU del hilo; "
                     f"el worker del motor trabajó {starved['worker']:.0f} ms mientras tanto")
    return lines


def verdict(row: dict[str, float]) -> str:
    misses = [name for name, target in TARGETS.items() if row[name] < target]
    if row["tbt"] > TBT_MAX_MS:
        misses.append("TBT")
    if row["cls"] > CLS_MAX:
        misses.append("CLS")
    return "sí" if not misses else "no: " + ", ".join(misses)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("pages", nargs="*")
    parser.add_argument("--runs", type=int, default=1, help="ejecuciones por página (se imprime la mediana)")
    parser.add_argument("--detail", action="store_true", help="a dónde va el hilo principal y qué se desplaza")
    parser.add_argument("--url", help="medir un sitio ya servido (make preview) en vez de construirlo")
    parser.add_argument("--calibrate", action="store_true",
                        help="ajustar la ralentización de CPU a esta máquina (benchmarkIndex), como indica Lighthouse")
    args = parser.parse_args()
    if not LIGHTHOUSE.exists():
        print("Falta Lighthouse en node_modules: ejecuta «make setup» (npm ci).")
        return 2
    if chromium_path() is None:
        print("Chromium no está instalado (apt-get install -y chromium)")
        return 2
    version = json.loads((ROOT / "node_modules" / "lighthouse" / "package.json").read_text())["version"]
    with contextlib.nullcontext(args.url) if args.url else served_site() as base_url:
        pages = args.pages or reader_pages(base_url)
        cpu = None
        if args.calibrate:
            index = lighthouse(base_url).get("environment", {}).get("benchmarkIndex", 0)
            cpu = cpu_multiplier(index)
            print(f"Calibrado: benchmarkIndex {index:.0f} -> ralentización de CPU {cpu}x (en lugar de 4x)")
        print(f"Lighthouse {version}, perfil móvil (CPU 4x, «Slow 4G» simulado), detrás del servidor de "
              f"make preview (gzip); mediana de {args.runs} ejecución(es) por página")
        print(f"Objetivos: rendimiento >= {TARGETS['performance']}, accesibilidad, buenas prácticas y SEO 100, "
              f"TBT <= {TBT_MAX_MS} ms, CLS <= {CLS_MAX}")
        head = f"  {'página':<28} {'rend.':>5} {'acces.':>6} {'b. p.':>5} {'SEO':>4} {'TBT ms':>7} {'CLS':>6} " \
               f"{'LCP s':>6} {'DOM':>6} {'CPU':>5}  ¿cumple?"
        print(head)
        print("  (CPU: el benchmarkIndex de Lighthouse, la velocidad de la máquina en esa ejecución; con la máquina\n"
              "   cargada baja y el TBT medido sube en proporción)")
        failed = 0
        medians: dict[str, dict[str, float]] = {}
        for path in pages:
            reports = []
            for _ in range(args.runs):
                try:
                    reports.append(lighthouse(base_url + path, cpu, trace=args.detail))
                except (RuntimeError, subprocess.TimeoutExpired) as exc:
                    print(f"  {path or '/':<28} error: {exc}")
            if not reports:
                failed += 1
                continue
            rows = [figures(r) for r in reports]
            row = {key: statistics.median(r[key] for r in rows) for key in rows[0]}
            medians[path or "/"] = row
            print(f"  {path or '/':<28} {row['performance']:5.0f} {row['accessibility']:6.0f} "
                  f"{row['best-practices']:5.0f} {row['seo']:4.0f} {row['tbt']:7.0f} {row['cls']:6.3f} "
                  f"{row['lcp'] / 1000:6.2f} {row['dom']:6.0f} {row['cpu']:5.0f}  {verdict(row)}", flush=True)
            if args.detail:
                print("\n".join(detail(reports[len(reports) // 2])), flush=True)
        if medians:
            missed = [path for path, row in medians.items() if verdict(row) != "sí"]
            worst = max(medians, key=lambda path: medians[path]["tbt"])
            record(f"Lighthouse {version}, perfil móvil, {len(medians)} páginas del lector (mediana de {args.runs} por "
                   "página): páginas que cumplen todo", f"{len(medians) - len(missed)} de {len(medians)}"
                   + (f" (no: {', '.join(missed)})" if missed else ""),
                   goal=f"rendimiento ≥ {TARGETS['performance']}, TBT ≤ {TBT_MAX_MS} ms, CLS ≤ {es(CLS_MAX, 2)}")
            record("Lighthouse: rendimiento (mínimo); TBT (máximo, su página); CLS (máximo); LCP (intervalo)",
                   f"{es(min(r['performance'] for r in medians.values()))}; {es(medians[worst]['tbt'])} ms ({worst}); "
                   f"{es(max(r['cls'] for r in medians.values()), 3)}; {es(min(r['lcp'] for r in medians.values()) / 1000, 2)}"
                   f"–{es(max(r['lcp'] for r in medians.values()) / 1000, 2)} s",
                   f"benchmarkIndex de la máquina: {es(min(r['cpu'] for r in medians.values()))}–"
                   f"{es(max(r['cpu'] for r in medians.values()))}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
