"""Run the benchmarks in turn, print their figures and write them to one page of the developers' guide.

Usage: .venv/bin/python benchmarks/run_all.py [name ...]   (names: those of BENCHMARKS below; none: all)

Each benchmark runs in its own process with its default arguments and prints what it always prints; the
figures it records (:func:`results.record`) are collected and written, with the machine and the date, to
two pages of ``docs/desarrollo/`` (``--dir PATH`` for another folder, ``--no-page`` for none): those that
drive Chromium to ``rendimiento-navegador.md``, the rest to ``rendimiento.md``, again after each
benchmark, so that a run cut short keeps what it measured. A run of some benchmarks keeps the other
sections of the page as an earlier run wrote them, each dated; a benchmark never run (or not reached) is
listed there as not run. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from results import RESULTS_ENV

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
FOLDER = ROOT / "docs" / "desarrollo"

#: Every benchmark, in the order of a run: its name (``bench_<name>.py``), what it measures (in Spanish, as
#: the page says it) and whether it drives Chromium (slower, and sensitive to a busy machine).
BENCHMARKS: dict[str, tuple[str, bool]] = {
    "evaluation": ("Evaluación de manos frente a treys", False),
    "protocol": ("El protocolo frente a un script con treys", False),
    "hand": ("Manos completas de Mata Ases, CPython y Pyodide", False),
    "click_path": ("Cuántos módulos cruza un clic", False),
    "suite": ("El código de Mata Ases y la suite de pruebas desde un clon limpio", False),
    "bots": ("Bots de Mata Ases: márgenes y tiempo de una decisión", False),
    "decision": ("Decisiones de Ultimate (uth-decision)", False),
    "equity": ("Equity de Hold'em frente a treys", False),
    "phh": ("Manos PHH de Hold'em frente a PokerKit", False),
    "holdem_bots": ("Bots de Hold'em: márgenes y tiempo de una decisión", False),
    "limits": ("La petición más pesada que permiten los límites", False),
    "authoring": ("author-check frente a engine check", False),
    "coach": ("El entrenador: notas de una mano frente a una decisión de bot", False),
    "review": ("Revisión de la mano: su coste frente a una decisión de bot, y los estilos ordenados", False),
    "load": ("Arranque del motor en el navegador, frente a loadPyodide", True),
    "phone": ("Un teléfono barato: las páginas del motor y la mesa, con el worker frenado también", True),
    "data": ("Bytes por visita y guardar el sitio", True),
    "simulator": ("El simulador en el navegador", True),
    "workshop": ("El editor del Taller con un megabyte pegado", True),
    "hostile": ("Entradas hostiles rechazadas: la tarea más larga del hilo principal", True),
    "progress": ("«Mi progreso»: grabar, dibujar y guardar", True),
    "learning": ("«Mi progreso» enseña: lectores simulados durante 60 días", False),
    "lighthouse": ("Lighthouse, perfil móvil, páginas del lector", True),
    "main_thread": ("Hilo principal tras el primer pintado", True),
}

#: The two pages, by whether their benchmarks drive Chromium: file name, title, what it holds, and the
#: other page's file name and title (each links the other).
PAGES: dict[bool, tuple[str, str, str]] = {
    False: ("rendimiento.md", "Rendimiento: el motor",
            "las cifras del motor en CPython y en Pyodide, de las pruebas y del aprendizaje"),
    True: ("rendimiento-navegador.md", "Rendimiento: el navegador",
           "las cifras medidas en Chromium: arranque, teléfono barato, datos, páginas y Lighthouse"),
}


def version(command: list[str]) -> str:
    """The first line a tool prints for its version, or «no disponible»."""
    try:
        out = subprocess.run(command, capture_output=True, text=True, timeout=60).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "no disponible"
    return out.splitlines()[0] if out else "no disponible"


def machine() -> dict[str, str]:
    """The machine of this run, as the page shows it."""
    cpu = platform.processor() or platform.machine()
    try:
        found = re.search(r"^model name\s*:\s*(.+)$", Path("/proc/cpuinfo").read_text(), re.M)
        cpu = found.group(1) if found else cpu
    except OSError:
        pass
    chromium = next((c for c in (os.environ.get("CHROMIUM"), shutil.which("chromium"), "/usr/bin/chromium")
                     if c and Path(c).is_file()), None)
    pyodide = ROOT / "node_modules" / "pyodide" / "package.json"
    lighthouse = ROOT / "node_modules" / "lighthouse" / "package.json"
    return {
        "Núcleos": str(os.cpu_count()),
        "Procesador": cpu,
        "Carga media al empezar (1, 5, 15 min)": ", ".join(f"{x:.2f}".replace(".", ",") for x in os.getloadavg()),
        "Sistema": f"{platform.system()} {platform.release()}",
        "Python": f"{platform.python_implementation()} {platform.python_version()}",
        "Node.js": version(["node", "--version"]),
        "Pyodide": json.loads(pyodide.read_text())["version"] if pyodide.is_file() else "no instalado",
        "Chromium": version([chromium, "--version"]).split(" built")[0] if chromium else "no instalado",
        "Lighthouse": json.loads(lighthouse.read_text())["version"] if lighthouse.is_file() else "no instalado",
    }


def run(name: str) -> dict:
    """Run ``bench_<name>.py``, its output straight to this terminal; its figures, exit code and seconds."""
    with tempfile.NamedTemporaryFile(prefix=f"bench-{name}-", suffix=".jsonl", delete=False) as out:
        results = Path(out.name)
    try:
        start = time.perf_counter()
        code = subprocess.run([sys.executable, str(HERE / f"bench_{name}.py")], cwd=ROOT,
                              env={**os.environ, RESULTS_ENV: str(results)}).returncode
        seconds = time.perf_counter() - start
        rows = [json.loads(line) for line in results.read_text(encoding="utf-8").splitlines() if line.strip()]
    finally:
        results.unlink(missing_ok=True)
    return {"name": name, "code": code, "seconds": seconds, "rows": rows}


def cell(text: str) -> str:
    """Text safe inside a Markdown table cell: no column break, no HTML tag (``<textarea>`` is text)."""
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return text.replace("|", "\\|").replace("\n", " ") or "—"


_DATE = re.compile(r"^\*\*Fecha:\*\* (\d{4}-\d\d-\d\d \d\d:\d\d) UTC", re.M)


def earlier_sections(text: str) -> dict[str, str]:
    """The sections of a page this script wrote before, by benchmark name, each as it was (its first
    line dated: the run it comes from)."""
    found = _DATE.search(text)
    sections = {}
    titles = {title: name for name, (title, _) in BENCHMARKS.items()}
    for block in re.split(r"^(?=## )", text, flags=re.M)[1:]:
        title = block.splitlines()[0][3:].strip()
        if title not in titles:
            continue
        if found and not re.search(r"^`benchmarks/bench_\w+\.py`, [^\n]*UTC", block, re.M):
            block = re.sub(r"^(`benchmarks/bench_\w+\.py`, \d+ s)", rf"\1, {found.group(1)} UTC", block, count=1,
                           flags=re.M)
        sections[titles[title]] = block.rstrip("\n") + "\n"
    return sections


def page(runs: list[dict], when: datetime.datetime, about: dict[str, str], kept: dict[str, str] | None = None,
         browser: bool = False) -> str:
    """The generated page of the benchmarks that drive Chromium (``browser``) or of the others: the
    machine, then each benchmark's figures (or why it has none). ``kept``: the sections of benchmarks not
    run this time, as an earlier run wrote them (a run of some benchmarks leaves the others' figures in
    place, each with its own date)."""
    mine = {name: title for name, (title, chromium) in BENCHMARKS.items() if chromium == browser}
    done = {r["name"]: r for r in runs if r["name"] in mine}
    kept = {name: text for name, text in (kept or {}).items() if name not in done and name in mine}
    _, heading, holds = PAGES[browser]
    other, other_heading, _ = PAGES[not browser]
    lines = [
        "---", "search:", "  exclude: true", "---", "",
        "<!-- Generated by benchmarks/run_all.py (make bench): do not edit by hand. -->", "",
        f"# {heading}", "",
        f"Esta página reúne {holds}; las demás, en [{other_heading}]({other}). "
        "Son las cifras de la última ejecución de `make bench` (`benchmarks/run_all.py`), cada una junto a la referencia "
        "medida en la misma ejecución y al objetivo que se le pide. Varían de una ejecución a otra y con la carga de "
        "la máquina: compáralas con su referencia, no con las de otro día. Para medir de nuevo, `make bench` (todo) "
        "o `make bench BENCH=\"evaluation phh\"` (solo esos: las secciones de los demás se quedan como estaban, "
        "con la fecha de su ejecución, y lo que nunca se ejecutó queda marcado). Qué mide cada script y cómo, en "
        "su cabecera (`benchmarks/bench_<nombre>.py`).", "",
        f"**Fecha:** {when:%Y-%m-%d %H:%M} UTC. **Ejecutados:** {len(done)} de {len(mine)}"
        + (f"; {len(kept)} secciones más son de ejecuciones anteriores." if kept else "."), "",
        "| Máquina (de esta ejecución) | |", "| --- | --- |",
        *(f"| {key} | {cell(value)} |" for key, value in about.items()), "",
    ]
    not_run = [name for name in mine if name not in done and name not in kept]
    if not_run:
        lines += ["!!! note \"No se ejecutaron en esta ejecución\"", "",
                  "    " + ", ".join(f"`bench_{name}.py` ({BENCHMARKS[name][0]})" for name in not_run)
                  + ": sin cifras en esta página.", ""]
    for name, title in mine.items():
        if name in kept:
            lines.append(kept[name])
            continue
        if name not in done:
            continue
        result = done[name]
        lines += [f"## {title}", "",
                  f"`benchmarks/bench_{name}.py`, {result['seconds']:.0f} s, {when:%Y-%m-%d %H:%M} UTC"
                  + (f"; **terminó con el código {result['code']}**" if result["code"] else "") + ".", ""]
        if not result["rows"]:
            lines += ["Sin cifras: el script no registró ninguna (su salida, en la terminal de la ejecución).", ""]
            continue
        lines += ["| Medida | Cifra | Referencia (misma ejecución) | Cociente | Objetivo |",
                  "| --- | ---: | --- | ---: | ---: |"]
        lines += [f"| {cell(r['measure'])} | {cell(r['value'])} | {cell(r['reference'])} | {cell(r['ratio'])} | "
                  f"{cell(r['goal'])} |" for r in result["rows"]]
        lines.append("")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help=f"de entre: {', '.join(BENCHMARKS)}")
    parser.add_argument("--dir", type=Path, default=FOLDER, help="la carpeta de las dos páginas")
    parser.add_argument("--no-page", action="store_true")
    args = parser.parse_args(argv)
    unknown = [n for n in args.names if n not in BENCHMARKS]
    if unknown:
        print(f"No hay ningún benchmark {', '.join(unknown)}; disponibles: {', '.join(BENCHMARKS)}")
        return 2
    when = datetime.datetime.now(datetime.timezone.utc)
    about = machine()
    files = {browser: args.dir / name for browser, (name, _, _) in PAGES.items()}
    kept = {}
    if args.names:  # the sections of those not run stay, from either page (a benchmark may have moved)
        for path in files.values():
            kept.update(earlier_sections(path.read_text(encoding="utf-8")) if path.is_file() else {})
    runs, written = [], []
    for name in [n for n in BENCHMARKS if not args.names or n in args.names]:
        print(f"\n=== bench_{name}.py ===", flush=True)
        runs.append(run(name))
        print(f"(terminado en {runs[-1]['seconds']:.0f} s)", flush=True)
        if not args.no_page:  # after each one: a run cut short keeps what it measured, the rest marked not run
            for browser, path in files.items():  # a page none of whose benchmarks ran stays as it was
                if path.is_file() and not any(BENCHMARKS[r["name"]][1] == browser for r in runs):
                    continue
                path.write_text(page(runs, when, about, kept, browser), encoding="utf-8")
                written += [path] if path not in written else []
    if written:
        shown = [str(p.relative_to(ROOT) if p.is_relative_to(ROOT) else p) for p in written]
        print(f"\nCifras escritas en {' y '.join(shown)}")
    return next((r["code"] for r in runs if r["code"]), 0)


if __name__ == "__main__":
    sys.exit(main())
