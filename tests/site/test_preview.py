"""The preview host (scripts/preview.py, ``make preview``): types, gzip, cache headers, 304, 404.

A small fake site stands in for a build (the names follow a real one: Material's hashed bundle, the
engine's build folder, the runtime's .wasm); the server runs on loopback in a thread.
"""

from __future__ import annotations

import gzip
import http.client
import threading

import pytest

from scripts.preview import PreviewHandler, make_server
from tests.conftest import free_port

FILES = {
    "index.html": b"<!doctype html><title>Inicio</title>" + b"<p>Reglas de p\xc3\xb3ker</p>" * 200,
    "404.html": b"<!doctype html><title>No existe</title>",
    "sw.js": b"self.addEventListener('fetch', () => {});" * 20,
    "mata-ases/index.html": b"<!doctype html><title>Mata Ases</title>" * 50,
    "assets/javascripts/bundle.a5f9d56c.min.js": b"console.log('material');" * 100,
    "assets/pyodide/pyodide.asm.wasm": b"\0asm\1\0\0\0" + bytes(4000),
    "assets/pyodide/engine/90c7f5eea8bf0353/python_stdlib.zip": b"PK\3\4" + bytes(range(256)) * 8,
}


class QuietHandler(PreviewHandler):
    quiet = True


@pytest.fixture(scope="module")
def host(tmp_path_factory):
    site = tmp_path_factory.mktemp("preview-site")
    for name, body in FILES.items():
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_bytes(body)
    port = free_port()
    server = make_server(site, port, QuietHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield port
    server.shutdown()
    server.server_close()


def get(port: int, path: str, headers: dict | None = None) -> tuple[http.client.HTTPResponse, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", path, headers={"Accept-Encoding": "gzip, deflate, br", **(headers or {})})
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response, body


@pytest.mark.parametrize("path, name, kind, compressed", [
    ("/", "index.html", "text/html; charset=utf-8", True),
    ("/mata-ases/", "mata-ases/index.html", "text/html; charset=utf-8", True),
    ("/sw.js", "sw.js", "text/javascript; charset=utf-8", True),
    ("/assets/pyodide/pyodide.asm.wasm", "assets/pyodide/pyodide.asm.wasm", "application/wasm", True),
    ("/assets/pyodide/engine/90c7f5eea8bf0353/python_stdlib.zip",
     "assets/pyodide/engine/90c7f5eea8bf0353/python_stdlib.zip", "application/zip", False),
])
def test_types_and_compression(host, path, name, kind, compressed):
    response, body = get(host, path)
    assert response.status == 200
    assert response.getheader("Content-Type") == kind
    assert int(response.getheader("Content-Length")) == len(body)
    if compressed:
        assert response.getheader("Content-Encoding") == "gzip"
        assert gzip.decompress(body) == FILES[name] and len(body) < len(FILES[name])
        assert response.getheader("Vary") == "Accept-Encoding"
    else:
        assert response.getheader("Content-Encoding") is None and body == FILES[name]


def test_no_gzip_for_a_client_that_does_not_ask(host):
    connection = http.client.HTTPConnection("127.0.0.1", host, timeout=10)
    connection.request("GET", "/mata-ases/")  # http.client sends Accept-Encoding: identity
    response = connection.getresponse()
    assert response.getheader("Content-Encoding") is None and response.read() == FILES["mata-ases/index.html"]


@pytest.mark.parametrize("path, cache", [
    ("/", "no-cache"),
    ("/sw.js", "no-cache"),
    ("/assets/pyodide/pyodide.asm.wasm", "no-cache"),  # its name does not change with its content
    ("/assets/javascripts/bundle.a5f9d56c.min.js", "public, max-age=31536000, immutable"),
    ("/assets/pyodide/engine/90c7f5eea8bf0353/python_stdlib.zip", "public, max-age=31536000, immutable"),
])
def test_cache_headers_and_revalidation(host, path, cache):
    response, _ = get(host, path)
    assert response.getheader("Cache-Control") == cache
    etag = response.getheader("ETag")
    again, body = get(host, path, {"If-None-Match": etag})
    assert again.status == 304 and body == b"" and again.getheader("ETag") == etag


def test_missing_page_gets_the_sites_404(host):
    response, body = get(host, "/no-existe/")
    assert response.status == 404 and b"No existe" in body


def test_a_folder_without_its_slash_is_redirected(host):
    response, _ = get(host, "/mata-ases")
    assert response.status == 301 and response.getheader("Location") == "/mata-ases/"


def test_keep_alive(host):
    """Responses say their length and the connection stays open, as on a real host."""
    connection = http.client.HTTPConnection("127.0.0.1", host, timeout=10)
    for path in ("/", "/sw.js", "/no-existe/", "/mata-ases/"):
        connection.request("GET", path, headers={"Accept-Encoding": "gzip"})
        response = connection.getresponse()
        response.read()
        assert response.status in (200, 404)
    connection.close()


def test_doctests():
    import doctest

    import scripts.preview

    result = doctest.testmod(scripts.preview)
    assert result.attempted >= 3 and result.failed == 0
