"""MkDocs hook: the site's own stylesheets (``extra_css`` in mkdocs.yml) reach the reader as ONE file.

Every stylesheet in ``<head>`` blocks the first paint until it arrives; on a phone's network each
one more is a request more before anything shows (Lighthouse's «render-blocking resources»). The
files stay separate in ``docs/stylesheets/`` for their authors, listed in mkdocs.yml as before; the
build writes their concatenation, in the listed order (so the cascade is the same), as
:data:`BUNDLE`, and the pages link that one file. Stylesheets from elsewhere (a URL) stay as listed.
They all live in ``docs/stylesheets/``, so any ``url()`` inside them still resolves.
"""

from __future__ import annotations

from pathlib import Path

from mkdocs.structure.files import File

#: The one stylesheet the pages link (generated; not a file under docs/).
BUNDLE = "stylesheets/all.css"

_bundled: list[str] = []


def local_stylesheets(entries: list[str]) -> list[str]:
    """The entries of ``extra_css`` that are files of the site (not URLs), in order.

    >>> local_stylesheets(["stylesheets/a.css", "https://example.org/b.css", "//cdn/c.css", "stylesheets/d.css"])
    ['stylesheets/a.css', 'stylesheets/d.css']
    """
    return [str(entry) for entry in entries if "://" not in str(entry) and not str(entry).startswith("//")]


def bundle(docs_dir: Path, paths: list[str]) -> str:
    """The stylesheets' text, one after the other, each under a comment naming its file."""
    return "\n".join(f"/* {path} */\n{(docs_dir / path).read_text(encoding='utf-8')}" for path in paths)


def on_config(config):
    local = local_stylesheets(config.extra_css)
    _bundled[:] = [] if BUNDLE in local else local
    if _bundled:
        config.extra_css = [BUNDLE] + [entry for entry in config.extra_css if str(entry) not in _bundled]
    return config


def on_files(files, config):
    if _bundled:
        files.append(File.generated(config, BUNDLE, content=bundle(Path(config.docs_dir), _bundled)))
    return files
