"""The strict build and what it ships: the Pyodide runtime and the engine wheel, nothing from a CDN."""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import zipfile
from pathlib import Path

import pytest
from mkdocs.exceptions import PluginError

from site_hooks import engine_bundle

RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")


def test_strict_build_ships_the_runtime(built_site: Path):
    base = built_site / "assets" / "pyodide"
    for name in RUNTIME:
        assert (base / name).is_file(), name
        assert (base / name).read_bytes() == (engine_bundle.PYODIDE_DIR / name).read_bytes()


def test_lock_file_lists_only_the_engine_with_its_real_hash(built_site: Path):
    base = built_site / "assets" / "pyodide"
    lock = json.loads((base / "pyodide-lock.json").read_text())
    assert lock["info"]["python"].startswith("3.14")
    assert set(lock["packages"]) == {"engine"}
    entry = lock["packages"]["engine"]
    wheel = base / entry["file_name"]
    assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"]
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
    # Python 3.14 bytecode compiled inside Pyodide (site_hooks/lean_runtime.py), sourceless
    assert "engine/protocol/__init__.pyc" in names and "engine/cards.pyc" in names
    assert not any(n.endswith(".py") or "__pycache__" in n or n.startswith("tests/") for n in names)
    magic = zipfile.ZipFile(wheel).read("engine/cards.pyc")[:4]
    assert int.from_bytes(magic[:2], "little") >= 3600  # 3.14's magic numbers (3.13 stops at 3571)


def test_first_visits_get_a_trimmed_compiled_stdlib_and_the_full_one_stays(built_site: Path):
    base = built_site / "assets" / "pyodide"
    (trimmed,) = base.glob("engine/*/python_stdlib.zip")
    with zipfile.ZipFile(trimmed) as zf:
        names = zf.namelist()
    assert "sitecustomize.pyc" in names and "encodings/__init__.pyc" in names and "json/__init__.pyc" in names
    assert all(n.endswith(".pyc") for n in names)
    assert trimmed.stat().st_size < 0.6 * (base / "python_stdlib.zip").stat().st_size


def test_without_node_the_site_serves_the_plain_wheel_and_the_full_stdlib(monkeypatch, tmp_path):
    monkeypatch.setattr(engine_bundle, "RUNTIME_CACHE", tmp_path)
    monkeypatch.setattr(engine_bundle.shutil, "which", lambda name: None)
    build = engine_bundle.source_hash()
    _, stdlib, wheel = engine_bundle.served_runtime(build)
    assert stdlib == engine_bundle.PYODIDE_DIR / "python_stdlib.zip"
    assert wheel == engine_bundle.build_wheel(build)


def test_pages_carry_the_engine_build_hash(built_site: Path):
    html = (built_site / "index.html").read_text()
    match = re.search(r'<meta name="engine-build" content="([0-9a-f]{16})" data-bytes="(\d+)"\s+'
                      r'data-worker="([^"]+)">', html)
    assert match and match.group(1) == engine_bundle.source_hash()
    # the worker's address, with the build, the bytes and this build's cache in its query (what the head's
    # script and client.js start; the cache is the one the service worker fills, its prefix the sw.js's)
    worker, query = match.group(3).split("?")
    assert (built_site / worker).is_file() and worker.endswith("javascripts/engine/worker.js")
    assert query == f"v={match.group(1)}&amp;bytes={match.group(2)}&amp;cache=poker-{match.group(1)}"
    assert 'const PREFIX = "poker-";' in (built_site / "sw.js").read_text()
    # the bytes the worker's progress bar counts: the wasm, the (trimmed) stdlib and the engine wheel
    base = built_site / "assets" / "pyodide"
    tracked = [base / "pyodide.asm.wasm"] + list(base.glob("engine/*/python_stdlib.zip")) + list(base.glob("engine/*/*.whl"))
    assert len(tracked) == 3
    assert int(match.group(2)) == sum(path.stat().st_size for path in tracked)


def test_no_page_references_another_host(built_site: Path):
    # Resources (scripts, images, styles, preloads), not prose links such as the theme's credit.
    pattern = re.compile(r'(?:\bsrc="|<link\b(?![^>]*rel="canonical")[^>]*\bhref=")(?:https?:)?//[^"]+"')
    offenders = {}
    for page in built_site.rglob("*.html"):
        text = page.read_text()
        # Links in prose to external sites would be fine, but the site has none; resources never.
        found = [m.group(0) for m in pattern.finditer(text)]
        if found:
            offenders[str(page.relative_to(built_site))] = found[:3]
    assert not offenders, offenders


def test_missing_node_modules_stops_the_build_with_the_setup_command(monkeypatch, tmp_path):
    monkeypatch.setattr(engine_bundle, "PYODIDE_DIR", tmp_path / "node_modules" / "pyodide")
    with pytest.raises(PluginError) as info:
        engine_bundle.on_config(type("Config", (), {"extra": {}})())
    assert "make serve" in str(info.value) and "npm ci" in str(info.value)


def test_wheel_is_cached_by_source_hash():
    first = engine_bundle.build_wheel(engine_bundle.source_hash())
    again = engine_bundle.build_wheel(engine_bundle.source_hash())
    assert first == again and first.is_file()


def test_a_missing_include_fails_instead_of_warning():
    """mkdocs.yml configures markdown-include so that a missing fragment stops the build."""
    import markdown
    from mkdocs.config import load_config

    config = load_config(str(engine_bundle.ROOT / "mkdocs.yml"))
    settings = config["mdx_configs"]["markdown_include.include"]
    assert settings["throwException"] is True
    assert Path(settings["base_path"]) == engine_bundle.ROOT / "docs"
    md = markdown.Markdown(extensions=["markdown_include.include"],
                           extension_configs={"markdown_include.include": settings})
    with pytest.raises(Exception):
        md.convert("{!no-existe/_fragmento.md!}")
    fragment = (engine_bundle.ROOT / "docs" / "mata-ases" / "_conventions_hand.md").read_text(encoding="utf-8")
    first_words = fragment.split()[1:4]  # after the Markdown marker of the first line
    html = md.convert("{!mata-ases/_conventions_hand.md!}")
    assert all(word.strip("*«»") in html for word in first_words)


def test_mkdocs_watches_the_engine_and_the_scenarios():
    from mkdocs.config import load_config

    config = load_config(str(engine_bundle.ROOT / "mkdocs.yml"))
    watched = {Path(p).resolve() for p in config["watch"]}
    assert {engine_bundle.ROOT / "engine", engine_bundle.ROOT / "scenarios"} <= watched


def test_pages_that_use_the_engine_start_its_worker_from_the_head(built_site: Path):
    """The worker starts while a long page is still being parsed; other pages do not load it."""
    simulator = (built_site / "mata-ases" / "simulador" / "index.html").read_text()
    head = simulator.split("</head>", 1)[0]
    # overrides/main.html: an inline script that starts the worker (client.js adopts it; what that does is
    # tests/browser/test_loading.py's test_the_head_starts_the_worker_before_the_client_arrives)
    start = "new Worker(meta.dataset.worker"
    assert start in head
    for page in ("ultimate/ponte-a-prueba", "ultimate/entrenador", "mata-ases/quien-gana", "holdem/practica",
                 "mata-ases/mesa-libre", "holdem/probabilidades"):
        assert start in (built_site / page / "index.html").read_text().split("</head>", 1)[0], page
    # the developers' page has no engine; the home page only a small widget (loaded on intent)
    for page in ("desarrollo", ""):
        assert start not in (built_site / page / "index.html").read_text().split("</head>", 1)[0], page


def test_engine_use_tells_engine_pages_from_small_widgets():
    use = engine_bundle.engine_use
    assert use("<p>texto</p>") is None
    assert use('<div class="engine-widget" data-engine data-hand-widget>') == "intent"
    assert use('<div class="engine-widget" data-engine></div><div id="simulador" data-engine></div>') == "eager"
    assert use('<div class="trainer drill" id="practica" data-drill data-engine\n  data-x="1">') == "eager"
    assert use('<div data-engine-status>') is None


def test_service_worker_lists_this_build_and_the_manifest_is_linked(built_site: Path):
    sw = (built_site / "sw.js").read_text()
    build = engine_bundle.source_hash()
    assert f'const VERSION = "{build}";' in sw
    entries = json.loads(re.search(r"^const FILES = (\[.*?\]);$", sw, re.S | re.M).group(1))
    files = [path for path, _ in entries]
    sizes = dict(entries)
    # each file with what it costs from a host that compresses: the offer to save the site adds them up
    wasm = (built_site / "assets/pyodide/pyodide.asm.wasm").read_bytes()
    assert sizes["assets/pyodide/pyodide.asm.wasm"] == len(gzip.compress(wasm, compresslevel=6, mtime=0)) < len(wasm)
    assert sizes["assets/pyodide/python_stdlib.zip"] == (built_site / "assets/pyodide/python_stdlib.zip").stat().st_size
    assert 8e6 < sum(sizes.values()) < 30e6  # ≈ 14 MB today (49 MB uncompressed)
    for page in ("", "mata-ases/simulador/", "404.html", "assets/scenarios.json", "manifest.webmanifest",
                 "assets/pyodide/pyodide.asm.wasm", f"assets/pyodide/pyodide-lock.json?v={build}"):
        assert page in files, page
    assert any(f.startswith(f"assets/pyodide/engine/{build}/") for f in files)
    assert not any(f.endswith(".map") or "lunr.ja." in f for f in files)
    assert all((built_site / (f.split("?")[0] or "index.html")).exists() or (built_site / f / "index.html").exists()
               for f in files)
    home = (built_site / "index.html").read_text().split("</head>", 1)[0]
    assert '<link rel="manifest" href="manifest.webmanifest">' in home
    manifest = json.loads((built_site / "manifest.webmanifest").read_text())
    assert manifest["lang"] == "es" and manifest["theme_color"]
    assert all((built_site / icon["src"]).is_file() for icon in manifest["icons"])
