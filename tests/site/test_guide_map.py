"""The developers' guide's architecture map (docs/desarrollo/index.md, «Mapa de la arquitectura») matches the
tree: every path it names exists, and it names every engine package, every game folder and every module of
the engine.

The map's format: one list item per folder or file, its path first, in backticks, from the repository's root
(``- `engine/table/` …``). Later backticked file names in the same item (``view.py``) are in that folder; a
backticked path with a slash is from the root; other backticked words (``play-step``, ``GAME``) are not paths.
"""

from __future__ import annotations

import datetime
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "desarrollo" / "index.md"
SECTION = "## Mapa de la arquitectura"
FILE = re.compile(r"\.(py|mjs|js|md|json|sh|toml|txt|yml|css|html)$")


def map_section(text: str) -> str:
    """The map's section of the guide: from its heading to the next heading of the same level."""
    assert SECTION in text, f"{GUIDE.relative_to(ROOT)} has no «{SECTION}» section"
    return text.split(SECTION, 1)[1].split("\n## ", 1)[0]


def named_paths(section: str) -> tuple[list[str], list[str]]:
    """The map's items (their paths) and every path it names, items included, each from the root."""
    items: list[str] = []
    named: list[str] = []
    folder = ""
    for line in section.splitlines():
        tokens = re.findall(r"`([^`\n]+)`", line)
        item = re.match(r"\s*- `([^`]+)`", line)
        if item:
            items.append(item.group(1))
            named.append(item.group(1))
            folder = item.group(1) if item.group(1).endswith("/") else item.group(1).rsplit("/", 1)[0] + "/"
            tokens = tokens[1:]
        for token in tokens:
            if " " in token or "<" in token:
                continue
            if "/" in token:
                named.append(token)
            elif FILE.search(token) and folder:
                named.append(folder + token)
    return items, named


def test_named_paths_reads_items_and_relative_names():
    section = "\n- `engine/table/` the core: `view.py`, `play-step`, `GAME`\n  and `words.py`; see `docs/sw.js`.\n"
    items, named = named_paths(section)
    assert items == ["engine/table/"]
    assert named == ["engine/table/", "engine/table/view.py", "engine/table/words.py", "docs/sw.js"]


@pytest.fixture(scope="module")
def guide_map() -> tuple[list[str], set[str]]:
    items, named = named_paths(map_section(GUIDE.read_text(encoding="utf-8")))
    return items, set(named)


def test_every_path_the_map_names_exists(guide_map):
    _, named = guide_map
    missing = sorted(path for path in named if not (ROOT / path.rstrip("/")).exists())
    assert not missing, (f"{GUIDE.relative_to(ROOT)}, «{SECTION}» names paths that do not exist: "
                         f"{', '.join(missing)}. Fix the map (or the name) so that it describes the tree as it is.")


def engine_packages() -> list[str]:
    """Every package of the engine and every game folder, as the map writes them (``engine/table/``)."""
    folders = {p.parent for p in (ROOT / "engine").rglob("__init__.py") if "__pycache__" not in p.parts}
    folders |= {p for p in (ROOT / "engine" / "games").iterdir() if p.is_dir() and p.name != "__pycache__"}
    return sorted(p.relative_to(ROOT).as_posix() + "/" for p in folders if p != ROOT / "engine")


def engine_modules() -> list[str]:
    """Every module of the engine (``engine/spanish.py``, ``engine/games/holdem/phh.py``), packages aside."""
    return sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "engine").rglob("*.py")
                  if p.name != "__init__.py" and "__pycache__" not in p.parts)


def test_the_map_has_an_item_for_every_engine_package_and_game(guide_map):
    items, _ = guide_map
    missing = [package for package in engine_packages() if package not in items]
    assert not missing, (f"{GUIDE.relative_to(ROOT)}, «{SECTION}» has no item for the engine packages "
                         f"{', '.join(missing)}: add a line «- `{missing[0]}` what it holds» under `engine/`, with "
                         "its modules.")


def test_the_map_names_every_engine_module(guide_map):
    _, named = guide_map
    missing = [module for module in engine_modules() if module not in named]
    assert not missing, (f"{GUIDE.relative_to(ROOT)}, «{SECTION}» does not name the engine modules "
                         f"{', '.join(missing)}: name each in its package's item (`{Path(missing[0]).name}`).")


def test_the_readme_is_short_and_sends_to_the_guide_and_the_figures():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.encode("utf-8")) <= 5 * 1024, "README.md grew past 5 KB: move the detail to docs/desarrollo/"
    for target in ("docs/desarrollo/index.md", "docs/desarrollo/rendimiento.md"):
        assert f"]({target})" in readme, target


@pytest.fixture(scope="module")
def run_all():
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import run_all
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    return run_all


def test_make_bench_knows_every_benchmark_script(run_all):
    """A script of benchmarks/ that run_all.py does not list would never reach the figures' page."""
    scripts = sorted(p.stem.removeprefix("bench_") for p in (ROOT / "benchmarks").glob("bench_*.py"))
    assert sorted(run_all.BENCHMARKS) == scripts, "list every bench_*.py in BENCHMARKS of benchmarks/run_all.py"


def test_the_figures_page_shows_each_run_and_marks_the_rest_as_not_run(run_all):
    row = {"measure": "7 cartas | evaluate", "value": "1.000 manos/s", "reference": "<b>treys</b> 100 manos/s",
           "ratio": "10,00×", "goal": "≥ 3×"}
    when = datetime.datetime(2026, 12, 5, 13, 0, tzinfo=datetime.timezone.utc)
    text = run_all.page([{"name": "evaluation", "code": 0, "seconds": 3.2, "rows": [row]},
                         {"name": "limits", "code": 1, "seconds": 1.0, "rows": []}], when, {"Núcleos": "2"})
    assert "**Fecha:** 2026-12-05 13:00 UTC. **Ejecutados:** 2 de" in text and "| Núcleos | 2 |" in text
    assert "| 7 cartas \\| evaluate | 1.000 manos/s | &lt;b&gt;treys&lt;/b&gt; 100 manos/s | 10,00× | ≥ 3× |" in text
    assert "**terminó con el código 1**" in text and "Sin cifras" in text
    not_run = text.split("No se ejecutaron en esta ejecución", 1)[1].split("\n## ", 1)[0]
    assert "`bench_phh.py`" in not_run and "`bench_evaluation.py`" not in not_run
    assert "## Evaluación de manos frente a treys" in text and "## Arranque del motor" not in text
    assert "`bench_load.py`" not in text and "](rendimiento-navegador.md)" in text


def test_the_benchmarks_that_drive_chromium_have_their_own_page(run_all):
    """Two pages, each under the guide's size: Chromium's benchmarks on one, the rest on the other."""
    when = datetime.datetime(2026, 12, 5, 13, 0, tzinfo=datetime.timezone.utc)
    runs = [{"name": "evaluation", "code": 0, "seconds": 3.2, "rows": []},
            {"name": "load", "code": 0, "seconds": 9.0, "rows": []}]
    text = run_all.page(runs, when, {"Núcleos": "2"}, browser=True)
    chromium = sum(1 for _, on_chromium in run_all.BENCHMARKS.values() if on_chromium)
    assert f"**Ejecutados:** 1 de {chromium}" in text and "](rendimiento.md)" in text
    assert "## Arranque del motor en el navegador" in text and "## Evaluación de manos" not in text
