"""Serve a built site the way a real static host does (``make preview``): standard library and the
project's own build lists, no other dependency.

What ``mkdocs serve`` does not do and a reader's host does:
- gzip for everything that compresses (pages, scripts, styles, the ``.wasm``),
  never for what is already compressed (zips, wheels, images); ``Vary: Accept-Encoding``;
- the right types (``.wasm`` as ``application/wasm``: without it Pyodide never starts);
- cache headers: files whose name carries a content hash (Material's bundles, the engine's
  ``assets/pyodide/engine/<hash>/`` folder) are kept for a year (``immutable``); everything else,
  pages and ``sw.js`` included, is revalidated on each use (``no-cache`` with an ``ETag``: a
  ``304 Not Modified`` when nothing changed);
- the site's own ``404.html`` for a missing page;
- no live-reload script, so the service worker registers and the site works offline.

Usage: python scripts/preview.py [site_dir] [--port 8000] [--quiet]
The site must have been built for the address it is served at (``SITE_URL``; ``make preview`` does it).
"""

from __future__ import annotations

import argparse
import email.utils
import functools
import gzip
import hashlib
import http.server
import io
import os
import re
import sys
import threading
import time
from pathlib import Path

from site_hooks.engine_bundle import GZIP_SUFFIXES

#: Types a static host must get right (the rest come from Python's mimetypes).
TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".whl": "application/zip",
}
#: What is worth compressing: text and the wasm (zips, wheels and images already are); the
#: build's list, which also sizes the offer to save the site.
COMPRESSIBLE = GZIP_SUFFIXES
#: Names that change whenever their content does: Material's ``bundle.1a2b3c4d.min.js`` and the
#: engine's build folder ``assets/pyodide/engine/<16 hex digits>/``.
HASHED = re.compile(r"\.[0-9a-f]{8,}\.min\.(js|css)$|/assets/pyodide/engine/[0-9a-f]{16}/")
LONG_LIVED = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"


def cache_control(url_path: str) -> str:
    """The Cache-Control header of a path.

    >>> cache_control("/assets/javascripts/bundle.79ae519e.min.js")
    'public, max-age=31536000, immutable'
    >>> cache_control("/assets/pyodide/engine/0123456789abcdef/python_stdlib.zip")
    'public, max-age=31536000, immutable'
    >>> cache_control("/mata-ases/"), cache_control("/sw.js"), cache_control("/assets/pyodide/pyodide.asm.wasm")
    ('no-cache', 'no-cache', 'no-cache')
    """
    return LONG_LIVED if HASHED.search(url_path) else REVALIDATE


def content_type(mime: str) -> str:
    """Text types say their charset (the site is UTF-8).

    >>> content_type("text/html"), content_type("application/wasm")
    ('text/html; charset=utf-8', 'application/wasm')
    """
    textual = mime.startswith("text/") or mime in ("application/json", "application/manifest+json", "image/svg+xml")
    return f"{mime}; charset=utf-8" if textual else mime


class Compressed:
    """gzip bodies kept in memory, keyed by path, size and modification time (a rebuild invalidates)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.bodies: dict[str, tuple[tuple[int, int], bytes]] = {}

    def get(self, path: str, stat: os.stat_result) -> bytes:
        key = (stat.st_size, stat.st_mtime_ns)
        with self.lock:
            hit = self.bodies.get(path)
        if hit and hit[0] == key:
            return hit[1]
        body = gzip.compress(Path(path).read_bytes(), compresslevel=6, mtime=0)
        with self.lock:
            self.bodies[path] = (key, body)
        return body


COMPRESSED = Compressed()


class PreviewHandler(http.server.SimpleHTTPRequestHandler):
    """A static host: types, gzip, ETag/304, Cache-Control and the site's 404 page.

    After ``send_head`` the attribute ``raw_size`` is the uncompressed size of what is sent (for
    the benchmarks, which count bytes)."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}
    protocol_version = "HTTP/1.1"  # keep-alive, as hosts do (every response says its length)
    quiet = False
    raw_size = 0

    def log_message(self, format, *args):
        if not self.quiet:
            super().log_message(format, *args)

    def end_headers(self):
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def send_head(self):
        url_path = self.path.split("?", 1)[0].split("#", 1)[0]
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            if not url_path.endswith("/"):
                return super().send_head()  # the standard 301 to the address with a slash
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path):
            return self._not_found()
        stat = os.stat(path)
        etag = '"%x-%x"' % (stat.st_size, stat.st_mtime_ns)
        gzipped = path.endswith(COMPRESSIBLE) and "gzip" in self.headers.get("Accept-Encoding", "")
        if gzipped:
            etag = etag[:-1] + '-gz"'
        if etag in [tag.strip() for tag in self.headers.get("If-None-Match", "").split(",")]:
            self.send_response(304)
            self._common_headers(url_path, etag, path)
            self.end_headers()
            return None
        body = COMPRESSED.get(path, stat) if gzipped else Path(path).read_bytes()
        self.raw_size = stat.st_size
        self.send_response(200)
        self.send_header("Content-Type", content_type(self.guess_type(path)))
        if gzipped:
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", email.utils.formatdate(stat.st_mtime, usegmt=True))
        self._common_headers(url_path, etag, path)
        self.end_headers()
        return io.BytesIO(body)

    def _common_headers(self, url_path: str, etag: str, path: str) -> None:
        self.send_header("ETag", etag)
        self.send_header("Cache-Control", cache_control(url_path))
        if path.endswith(COMPRESSIBLE):
            self.send_header("Vary", "Accept-Encoding")

    def _not_found(self):
        page = Path(self.directory) / "404.html"
        body = page.read_bytes() if page.is_file() else b"404"
        self.raw_size = len(body)
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", REVALIDATE)
        self.end_headers()
        return io.BytesIO(body)


class Link:
    """A simulated link shared by every response of a server (profile None: loopback, no pacing):
    ``set((bits_per_second, rtt_seconds))`` paces every body through one bandwidth after one round trip
    per request, and the link counts the bytes sent, raw and on the wire. Used by the benchmarks and by
    the tests that must see a download in progress."""

    def __init__(self):
        self.lock = threading.Lock()
        self.profile = None
        self.free_at = 0.0
        self.raw = 0
        self.wire = 0

    def set(self, profile) -> None:
        with self.lock:
            self.profile, self.free_at, self.raw, self.wire = profile, 0.0, 0, 0

    def counts(self) -> tuple[int, int]:
        with self.lock:
            return self.raw, self.wire

    def count(self, raw: int) -> None:
        with self.lock:
            self.raw += raw

    def send(self, out, data: bytes) -> None:
        chunk = 16 * 1024
        for start in range(0, len(data), chunk):
            piece = data[start:start + chunk]
            with self.lock:
                self.wire += len(piece)
                profile = self.profile
                if profile is not None:
                    now = time.monotonic()
                    begin = max(now, self.free_at)
                    self.free_at = begin + len(piece) * 8 / profile[0]
                    wait = self.free_at - now
            if profile is not None and wait > 0:
                time.sleep(wait)
            out.write(piece)


class PacedHandler(PreviewHandler):
    """The preview host with every response paced through its class's ``link`` (set it in a subclass)."""

    link: Link

    def send_head(self):
        if self.link.profile is not None:
            time.sleep(self.link.profile[1])  # one round trip per request
        handle = super().send_head()
        if handle is not None:
            self.link.count(self.raw_size)
        return handle

    def copyfile(self, source, outputfile):
        self.link.send(outputfile, source.read())


class PreviewServer(http.server.ThreadingHTTPServer):
    """Threads per request; a browser that drops a download is not an error."""

    daemon_threads = True

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            super().handle_error(request, client_address)


def make_server(directory: Path, port: int, handler: type[PreviewHandler] = PreviewHandler) -> PreviewServer:
    """A server for ``directory`` on 127.0.0.1:``port`` (not started: call ``serve_forever``)."""
    return PreviewServer(("127.0.0.1", port), functools.partial(handler, directory=str(directory)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Sirve el sitio construido como un hosting estático real.")
    parser.add_argument("site", nargs="?", default="site", help="carpeta del sitio construido (site/)")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--quiet", action="store_true", help="sin una línea por petición")
    args = parser.parse_args(argv)
    site = Path(args.site)
    if not (site / "index.html").is_file():
        print(f"No hay un sitio construido en {site}/: ejecuta «make preview» (o «make build»).", file=sys.stderr)
        return 2
    PreviewHandler.quiet = args.quiet
    try:
        server = make_server(site, args.port)
    except OSError as exc:
        print(f"No se pudo abrir el puerto {args.port} ({exc.strerror}); prueba otro: PREVIEW_PORT=8001 make preview",
              file=sys.stderr)
        return 2
    print(f"Sirviendo {site}/ como un hosting real en http://127.0.0.1:{args.port}/ "
          "(gzip, caché, service worker: funciona sin conexión). Ctrl+C para parar.", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
