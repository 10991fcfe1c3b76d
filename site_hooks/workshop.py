"""MkDocs hook: what the authors' workshop (docs/desarrollo/taller.md) needs from the build.

1. The editor: CodeMirror 6 (pinned in package.json, installed by ``npm ci``) bundled by esbuild (pinned
   too) from ``scripts/editor/entry.js`` into ``assets/editor/codemirror.js``, a file the site serves
   itself; only the workshop's page imports it. The bundle is cached in ``.cache/editor-bundle/`` by a
   hash of the entry and package-lock.json, so a build without changes runs no Node.
2. ``assets/workshop/sources.json``: what an author may start from: the blank templates
   (``docs/desarrollo/_plantilla-*.md``, not published as pages), every practice hand of ``scenarios/``
   and every ``pregunta`` block of the pages, each with its text and the file name ``engine check``
   would show, and ``limits``: the longest text the engine checks and its sentences for a file or a
   paste over it (the page reads and pastes nothing longer).

Both are generated files (``File.generated``): ``mkdocs serve`` serves them, and the service worker's
list of the build's files (site_hooks/engine_bundle.py) includes them, so the workshop works offline.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from mkdocs.structure.files import File

from engine.authoring.workshop import limits as workshop_limits
from engine.quiz.format import INFO, blocks, question
from site_hooks import bundles

from site_hooks.markers import read_author_file

ROOT = Path(__file__).resolve().parent.parent
ENTRY = ROOT / "scripts" / "editor" / "entry.js"
CACHE = ROOT / ".cache" / "editor-bundle"
BUNDLE_SRC = "assets/editor/codemirror.js"
SOURCES_SRC = "assets/workshop/sources.json"
#: The blank templates, in the order the workshop offers them.
TEMPLATES = ("desarrollo/_plantilla-mano.md", "desarrollo/_plantilla-preguntas.md")


def bundle_key() -> str:
    """What the bundle depends on: the entry and the pinned packages."""
    return bundles.bundle_key(ENTRY)


def build_bundle() -> bytes:
    """The editor bundle (from the cache when nothing changed).

    :raises PluginError: when esbuild is missing (``npm ci`` not run) or fails.
    """
    return bundles.build_bundle(ENTRY, CACHE, "codemirror", "el editor del taller")


def block_text(markdown: str, line: int, end: int) -> str:
    """The lines of a fenced block (``line`` and ``end``: its fences, 1-based), without their indentation."""
    lines = markdown.split("\n")[line - 1:end]
    indent = min((len(l) - len(l.lstrip(" ")) for l in lines if l.strip()), default=0)
    return "\n".join(l[indent:] for l in lines) + "\n"


def page_title(markdown: str, fallback: str) -> str:
    match = re.search(r"^# (.+)$", markdown, re.M)
    return match.group(1).strip() if match else fallback


def _shown(path: Path) -> str:
    """A file as messages name it: relative to the project when it is inside it."""
    try:
        return path.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return str(path)


def sources(docs_dir: Path, scenario_dir: Path = ROOT / "scenarios") -> list[dict]:
    """Everything the workshop offers to start from: ``{"group", "title", "kind", "path", "text"}``."""
    found = []
    for src in TEMPLATES:
        text = read_author_file(docs_dir / src, _shown(docs_dir / src))
        found.append({"group": "Plantillas", "title": page_title(text, src) if "pregunta" in src else
                      "Mano de práctica en blanco", "kind": "question" if "pregunta" in src else "scenario",
                      "path": "pregunta.md" if "pregunta" in src else "scenarios/mano-nueva.md", "text": text})
    for path in sorted(scenario_dir.glob("*.md")):
        if path.name.startswith(("_", ".")):
            continue
        text = read_author_file(path, _shown(path))
        title = re.search(r"^t[ií]tulo:\s*(.+)$", text, re.M | re.I)
        found.append({"group": "Manos de práctica", "title": title.group(1).strip() if title else path.stem,
                      "kind": "scenario", "path": f"scenarios/{path.name}", "text": text})
    for path in sorted(docs_dir.rglob("*.md")):
        rel = path.relative_to(docs_dir)
        if any(part.startswith(("_", ".")) for part in rel.parts):
            continue
        markdown = read_author_file(path, _shown(path))
        for block in blocks(markdown):
            if block.info != INFO:  # a game's other block (the croupier trainer's settings)
                continue
            prompt = question(block).prompt
            short = prompt if len(prompt) <= 70 else prompt[:69].rstrip() + "…"
            found.append({"group": f"Preguntas: {page_title(markdown, rel.as_posix())}", "title": short,
                          "kind": "question", "path": "pregunta.md",
                          "text": block_text(markdown, block.line, block.end)})
    return found


def on_files(files, config):
    files.append(File.generated(config, BUNDLE_SRC, content=build_bundle()))
    data = {"sources": sources(Path(config.docs_dir)), "limits": workshop_limits()}
    files.append(File.generated(config, SOURCES_SRC,
                                content=json.dumps(data, ensure_ascii=False, separators=(",", ":"))))
    return files
