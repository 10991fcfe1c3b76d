"""MkDocs hook: ship the engine and the Pyodide runtime inside the built site.

At build time it
1. builds the engine as a pure-Python wheel (cached by a hash of its sources),
2. registers the wheel in a Pyodide lock file with pyodide-build (``pyodide lockfile add-wheels``),
   keeping only what the site really serves (the engine), so nothing can point at a CDN,
3. copies the Pyodide runtime from ``node_modules/pyodide`` into ``site/assets/pyodide/``,
4. with one Pyodide start under Node (site_hooks/make_runtime.mjs, cached by engine hash): the engine
   wheel as Python 3.14 bytecode and a trimmed ``python_stdlib.zip`` (only what the worker's start
   imports, compiled, with a safety net that loads the full zip on a miss). The worker loads
   ``engine/<hash>/python_stdlib.zip`` and the compiled wheel; the full ``python_stdlib.zip`` stays
   published (the safety net). Return visits restore a memory snapshot the reader's own browser makes
   (docs/javascripts/engine/snapshot.js): none is built or downloaded.

The page learns the build hash from ``config.extra.engine_build`` (see overrides/main.html), so a new
engine never meets a stale cached lock file.
"""

from __future__ import annotations

import ast
import gzip
import hashlib
import json
import logging
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

log = logging.getLogger("mkdocs.hooks.engine_bundle")

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
SITE_DIR = "assets/pyodide"
CACHE_DIR = ROOT / ".cache" / "engine-wheel"
SETUP_HINT = "Ejecuta «make serve» (o «make setup») en la raíz del proyecto: instala node_modules con «npm ci»."


def source_hash() -> str:
    """A short hash of everything that goes into the wheel."""
    digest = hashlib.sha256()
    files = sorted((ROOT / "engine").rglob("*.py")) + [ROOT / "pyproject.toml"]
    for path in files:
        digest.update(path.relative_to(ROOT).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def on_config(config):
    missing = [name for name in RUNTIME_FILES + ("pyodide-lock.json",) if not (PYODIDE_DIR / name).is_file()]
    if missing:
        raise PluginError(
            f"Falta el runtime de Pyodide en {PYODIDE_DIR} ({', '.join(missing)}). {SETUP_HINT}"
        )
    build = source_hash()
    config.extra["engine_build"] = build
    # Under `mkdocs serve` no service worker keeps the builds, nor deletes the old ones: the engine's worker
    # keeps nothing either (an empty cache name), or every edit of the engine would leave one behind.
    config.extra["engine_cache"] = "" if _serving else CACHE_PREFIX + build
    # What the worker downloads and reports as progress (uncompressed bytes, as its reader counts them):
    # the wasm, the stdlib zip and the engine wheel (pyodide.asm.mjs is imported, not fetched).
    config.extra["engine_bytes"] = sum(path.stat().st_size for path in served_runtime(build))
    return config


_serving = False


def on_startup(command: str, dirty: bool) -> None:
    global _serving
    _serving = command == "serve"


def served_runtime(build: str) -> tuple[Path, Path, Path]:
    """What the worker's plain start downloads: the wasm, the stdlib zip and the engine wheel (the
    compiled ones from make_runtime.mjs; the plain ones when Node could not make them)."""
    wheel = build_wheel(build)
    made = build_runtime(build, wheel)
    if made is None:
        return PYODIDE_DIR / "pyodide.asm.wasm", PYODIDE_DIR / "python_stdlib.zip", wheel
    return PYODIDE_DIR / "pyodide.asm.wasm", made / STDLIB_NAME, made / wheel.name
_ENGINE_ELEMENT = re.compile(r"<[a-zA-Z][^>]*\sdata-engine(?=[\s>=/])[^>]*>")
# A small widget inside a page about something else (the home page's hand widget) carries this class:
# the engine loads when the reader heads for it. client.js applies the same rule (INTENT_CLASS).
INTENT_CLASS = "engine-widget"
_INTENT = re.compile(r"""\sclass=["'][^"']*\b""" + INTENT_CLASS + r"\b")


def engine_use(html: str) -> str | None:
    """"eager" when the page exists for the engine (an element with ``data-engine`` outside the small
    widgets), "intent" when it only holds small widgets, None when it has no engine element."""
    elements = _ENGINE_ELEMENT.findall(html or "")
    if not elements:
        return None
    return "intent" if all(_INTENT.search(el) for el in elements) else "eager"


def on_page_context(context, page, config, nav):
    """Mark how each page uses the engine, from its final HTML (after every hook): overrides/main.html
    starts the worker from the <head> of "eager" pages, before the rest of the page is parsed."""
    page.meta["uses_engine"] = engine_use(page.content) == "eager"
    return context


def build_wheel(build: str) -> Path:
    """The engine wheel for this source hash, built once into .cache/ and reused afterwards."""
    target = CACHE_DIR / build
    wheels = list(target.glob("engine-*.whl"))
    if wheels:
        return wheels[0]
    with tempfile.TemporaryDirectory(prefix="engine-src-") as tmp:
        src = Path(tmp) / "src"
        shutil.copytree(ROOT / "engine", src / "engine", ignore=shutil.ignore_patterns("__pycache__"))
        shutil.copy2(ROOT / "pyproject.toml", src / "pyproject.toml")
        out = Path(tmp) / "dist"
        run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
             "--disable-pip-version-check", "-q", "-w", str(out), str(src)],
            "construir el paquete del motor (pip wheel)")
        built = list(out.glob("engine-*.whl"))
        if len(built) != 1:
            raise PluginError(f"pip wheel no produjo un único paquete del motor: {built}")
        target.mkdir(parents=True, exist_ok=True)
        final = target / built[0].name
        shutil.copy2(built[0], final)
    # Keep the cache small: only the last few builds.
    for old in sorted(CACHE_DIR.iterdir(), key=lambda p: p.stat().st_mtime)[:-4]:
        shutil.rmtree(old, ignore_errors=True)
    return final


def write_lock(wheel_in_site: Path, base: Path) -> None:
    """Register the wheel with pyodide-build and keep only the packages the site serves."""
    pyodide_cli = Path(sys.executable).with_name("pyodide")
    full = base / "pyodide-lock.full.json"
    run([str(pyodide_cli), "lockfile", "add-wheels", "--input", str(PYODIDE_DIR / "pyodide-lock.json"),
         "--output", str(full), "--base-path", str(base), str(wheel_in_site)],
        "registrar el motor en pyodide-lock.json (pyodide lockfile add-wheels)")
    lock = json.loads(full.read_text(encoding="utf-8"))
    full.unlink()
    served = {name: pkg for name, pkg in lock["packages"].items() if (base / pkg["file_name"]).is_file()}
    if "engine" not in served:
        raise PluginError("El lock file de Pyodide no contiene el paquete «engine».")
    lock["packages"] = served
    (base / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True), encoding="utf-8")


@event_priority(-100)  # last: the service worker lists every file, those other hooks write included
def on_post_build(config):
    build = config.extra["engine_build"]
    base = Path(config.site_dir) / SITE_DIR
    base.mkdir(parents=True, exist_ok=True)
    for name in RUNTIME_FILES:
        shutil.copy2(PYODIDE_DIR / name, base / name)
    _, stdlib, wheel = served_runtime(build)
    wheel_dir = base / "engine" / build
    if (base / "engine").exists():
        shutil.rmtree(base / "engine")
    wheel_dir.mkdir(parents=True)
    shutil.copy2(wheel, wheel_dir / wheel.name)
    shutil.copy2(stdlib, wheel_dir / STDLIB_NAME)
    write_lock(wheel_dir / wheel.name, base)
    write_service_worker(Path(config.site_dir), build)
    log.info("Motor %s y runtime de Pyodide copiados en %s", wheel.name, base)


STDLIB_NAME = "python_stdlib.zip"
RUNTIME_CACHE = ROOT / ".cache" / "engine-runtime"
RUNTIME_SCRIPT = Path(__file__).with_name("make_runtime.mjs")
STDLIB_CACHE = ROOT / ".cache" / "engine-stdlib"  # trimmed stdlibs by content (make_runtime.mjs)


def engine_module_names() -> list[str]:
    """Every engine module and every absolute module name an ``import`` in the engine names (lazy
    imports inside functions included): make_runtime.mjs imports them all before it traces the stdlib."""
    names = set()
    for path in sorted((ROOT / "engine").rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        names.add(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
        for node in ast.walk(ast.parse(path.read_bytes(), str(path))):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module)
    return sorted(name for name in names if name != "engine.__main__")


def build_runtime(build: str, wheel: Path) -> Path | None:
    """The folder with the compiled wheel and the trimmed stdlib, made once per engine hash, Pyodide
    version and script (site_hooks/make_runtime.mjs). None, with a warning, when Node cannot make them:
    the site then serves the plain wheel and the full stdlib."""
    digest = hashlib.sha256(build.encode())
    for path in (RUNTIME_SCRIPT, RUNTIME_SCRIPT.with_name("lean_runtime.py"), PYODIDE_DIR / "package.json"):
        digest.update(path.read_bytes())
    target = RUNTIME_CACHE / digest.hexdigest()[:16]
    if (target / wheel.name).is_file():
        return target
    node = shutil.which("node")
    with tempfile.TemporaryDirectory(prefix="engine-runtime-") as tmp:
        result = subprocess.run([node, str(RUNTIME_SCRIPT), str(wheel), tmp, json.dumps(engine_module_names()),
                                 str(STDLIB_CACHE)], cwd=ROOT, capture_output=True, text=True) if node else None
        if result is None or result.returncode != 0 or not (Path(tmp) / wheel.name).is_file():
            log.warning("Sin bytecode del motor (el arranque normal sin compilar): %s",
                        "no hay node" if result is None else result.stderr.strip()[-500:])
            return None
        if result.stderr.strip():
            log.warning("%s", result.stderr.strip()[-500:])
        RUNTIME_CACHE.mkdir(parents=True, exist_ok=True)
        partial = Path(tempfile.mkdtemp(prefix="partial-", dir=RUNTIME_CACHE))
        for made in Path(tmp).iterdir():
            shutil.move(str(made), partial / made.name)
        try:
            partial.replace(target)  # complete or absent, never half-written
        except OSError:  # another process (a parallel test worker) made it first
            shutil.rmtree(partial, ignore_errors=True)
    done = [p for p in RUNTIME_CACHE.iterdir() if not p.name.startswith("partial-")]
    for old in sorted(done, key=lambda p: p.stat().st_mtime)[:-3]:
        shutil.rmtree(old, ignore_errors=True)
    for old in sorted(STDLIB_CACHE.glob("*.zip"), key=lambda p: p.stat().st_mtime)[:-3]:
        old.unlink(missing_ok=True)
    return target


SW_NAME = "sw.js"
#: The service worker keeps a build's files in the cache named CACHE_PREFIX + build (and deletes the
#: others of the prefix); the engine's worker keeps there what it downloads and the snapshot its browser
#: makes, and reads a return visit's from it (its URL's cache=).
CACHE_PREFIX = "poker-"
_SW_SLOTS = ('const VERSION = "dev";', "const FILES = [];", 'const PREFIX = "";')
# Search languages other than Spanish and source maps are never needed offline.
_LUNR_KEEP = ("lunr.es.", "lunr.stemmer.support.", "lunr.multi.")


def offline_files(site: Path) -> list[str]:
    """Every URL of the build a reader may need offline, relative to the site root (pages as folders)."""
    out = []
    for path in sorted(site.rglob("*")):
        rel = path.relative_to(site).as_posix()
        if not path.is_file() or rel == SW_NAME or rel.endswith((".map", ".gz")):
            continue
        if rel.startswith("assets/javascripts/lunr/") and "/min/lunr." in rel and not any(
                key in rel for key in _LUNR_KEEP):
            continue
        if rel.startswith("assets/javascripts/lunr/") and ("wordcut" in rel or "tinyseg" in rel):
            continue
        if rel == "index.html":
            rel = ""
        elif rel.endswith("/index.html"):
            rel = rel[: -len("index.html")]
        out.append(rel)
    return out


#: What a host should compress (README, «Publicar el sitio»): everything but images and zips.
GZIP_SUFFIXES = (".wasm", ".mjs", ".js", ".css", ".html", ".json", ".svg", ".xml", ".txt", ".webmanifest")
TRANSFER_CACHE = ROOT / ".cache" / "transfer-sizes.json"


def transfer_bytes(path: Path, known: dict[str, int], used: dict[str, int]) -> int:
    """What downloading ``path`` costs from a host that compresses (gzip, level 6) what GZIP_SUFFIXES
    names. ``known`` maps content hashes to sizes computed by earlier builds (the runtime is the same
    every build); ``used`` collects the ones this build needs."""
    data = path.read_bytes()
    if not path.name.endswith(GZIP_SUFFIXES):
        return len(data)
    key = hashlib.sha256(data).hexdigest()
    if key not in known:
        known[key] = len(gzip.compress(data, compresslevel=6, mtime=0))
    used[key] = known[key]
    return used[key]


def offline_entries(site: Path, build: str) -> list[tuple[str, int]]:
    """Every file of :func:`offline_files` with its download cost (:func:`transfer_bytes`)."""
    try:
        known = json.loads(TRANSFER_CACHE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        known = {}
    used: dict[str, int] = {}
    entries = []
    for rel in offline_files(site):
        path = site / (rel + "index.html" if rel == "" or rel.endswith("/") else rel)
        size = transfer_bytes(path, known, used)
        # The lock file is asked for with the build in its query (worker.js): cached under that exact URL,
        # so a page of a new build never gets the old lock (and with it the old engine) from the cache.
        entries.append((f"{rel}?v={build}" if rel == f"{SITE_DIR}/pyodide-lock.json" else rel, size))
    TRANSFER_CACHE.parent.mkdir(parents=True, exist_ok=True)
    TRANSFER_CACHE.write_text(json.dumps(used), encoding="utf-8")  # what this build needs, no more
    return entries


def write_service_worker(site: Path, build: str) -> None:
    """Fill docs/sw.js (copied by MkDocs to the site root) with this build's hash and its files, each
    with what it costs to download ([path, bytes]: the reader's offer to save the site shows the sum)."""
    sw = site / SW_NAME
    if not sw.is_file():
        raise PluginError(f"Falta {SW_NAME} en la raíz del sitio (docs/{SW_NAME}).")
    text = sw.read_text(encoding="utf-8")
    for slot in _SW_SLOTS:
        if slot not in text:
            raise PluginError(f"docs/{SW_NAME} debe contener la línea «{slot}» (la rellena el hook).")
    text = text.replace(_SW_SLOTS[0], f"const VERSION = {json.dumps(build)};")
    files = [list(entry) for entry in offline_entries(site, build)]
    text = text.replace(_SW_SLOTS[1], f"const FILES = {json.dumps(files, indent=0)};")
    text = text.replace(_SW_SLOTS[2], f"const PREFIX = {json.dumps(CACHE_PREFIX)};")
    sw.write_text(text, encoding="utf-8")


def run(cmd: list[str], what: str) -> None:
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        raise PluginError(f"No se pudo {what}:\n{result.stdout}\n{result.stderr}")
