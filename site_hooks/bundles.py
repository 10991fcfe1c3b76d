"""Browser libraries pinned in package.json, bundled by esbuild (pinned too) at build time and served
by the site itself: the workshop's editor (site_hooks/workshop.py) and «Mi progreso»'s storage and
scheduler (site_hooks/progress.py). Each bundle is cached in ``.cache/<folder>/`` by a hash of its
entry and package-lock.json, so a build without changes runs no Node.
"""

from __future__ import annotations

import hashlib
import subprocess
from pathlib import Path

from mkdocs.exceptions import PluginError

ROOT = Path(__file__).resolve().parent.parent
ESBUILD = ROOT / "node_modules" / ".bin" / "esbuild"


def bundle_key(entry: Path) -> str:
    """What a bundle depends on: its entry and the pinned packages."""
    digest = hashlib.sha256()
    for path in (entry, ROOT / "package-lock.json"):
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def build_bundle(entry: Path, cache: Path, name: str, what: str) -> bytes:
    """The bundle of ``entry`` (``cache/<name>-<key>.js`` when nothing changed); ``what`` names it in errors.

    :raises PluginError: when esbuild is missing (``npm ci`` not run) or fails.
    """
    key = bundle_key(entry)
    cached = cache / f"{name}-{key}.js"
    if cached.is_file():
        return cached.read_bytes()
    if not ESBUILD.is_file():
        raise PluginError("Falta esbuild (node_modules/.bin/esbuild): ejecuta «npm ci» (o «bash scripts/setup.sh»), "
                          "que instala las versiones fijadas en package-lock.json.")
    cache.mkdir(parents=True, exist_ok=True)
    out = cache / f".{name}-{key}.tmp.js"
    run = subprocess.run([str(ESBUILD), str(entry), "--bundle", "--format=esm", "--minify", "--target=es2020",
                          "--legal-comments=none", "--log-level=warning", f"--outfile={out}"],
                         cwd=ROOT, capture_output=True, text=True)
    if run.returncode != 0:
        raise PluginError(f"esbuild no pudo empaquetar {what}: {run.stderr.strip()[:2000]}")
    for old in cache.glob(f"{name}-*.js"):
        old.unlink()
    out.replace(cached)
    return cached.read_bytes()
