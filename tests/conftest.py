"""Shared fixtures: the built site, a loopback server for it, and Chromium for pytest-playwright.

- ``built_site``: the site built once per session with ``mkdocs build --strict`` into a temp dir.
- ``base_url``: that site served on 127.0.0.1 (pytest-playwright resolves ``page.goto("mata-ases/")``
  against it).
- ``checked_page``: a Playwright page that fails the test on any console error, uncaught page error
  or request to another host (such requests are also aborted, so nothing leaves the machine).
- Browser tests need Debian's Chromium (/usr/bin/chromium). Without it they are skipped with the
  reason — except when ``CI`` is set, where a missing browser is a failure.
"""

from __future__ import annotations

import functools
import http.server
import os
from contextlib import contextmanager
import shutil
import socket
import subprocess
import sys
import threading
from pathlib import Path
from urllib.parse import urlparse

import pytest

ROOT = Path(__file__).resolve().parent.parent
IN_CI = bool(os.environ.get("CI"))
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ENGINE_READY = '[data-engine-status][data-phase="ready"]'


def chromium_path() -> str | None:
    for candidate in (os.environ.get("CHROMIUM"), shutil.which("chromium"), "/usr/bin/chromium"):
        if candidate and Path(candidate).is_file():
            return candidate
    return None


def build_site(dest: Path, config: Path | None = None, site_url: str | None = None) -> subprocess.CompletedProcess:
    """Run ``mkdocs build --strict`` into ``dest``; returns the completed process (not checked).

    Material's instant navigation only works when the site is served at its ``site_url``, so pass
    the URL the build will be served at.
    """
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    if site_url:
        env["SITE_URL"] = site_url
    cmd = [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(dest)]
    if config is not None:
        cmd += ["-f", str(config)]
    return subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="session")
def site_port() -> int:
    return free_port()


@pytest.fixture(scope="session")
def built_site(tmp_path_factory, site_port) -> Path:
    dest = tmp_path_factory.mktemp("site")
    result = build_site(dest, site_url=f"http://127.0.0.1:{site_port}/")
    if result.returncode != 0:
        pytest.fail(f"mkdocs build --strict falló:\n{result.stdout}\n{result.stderr}")
    return dest


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".json": "application/json",
        ".whl": "application/zip",
    }

    def log_message(self, format, *args):  # keep test output clean
        pass


@pytest.fixture(scope="session")
def site_server(built_site, site_port):
    handler = functools.partial(SiteHandler, directory=str(built_site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", site_port), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def base_url(site_server) -> str:
    return site_server


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    path = chromium_path()
    if path is None:
        reason = "Chromium no está instalado (apt-get install -y chromium)"
        if IN_CI:
            pytest.fail(f"{reason}: en CI las pruebas de navegador deben ejecutarse.")
        pytest.skip(reason)
    return {**browser_type_launch_args, "executable_path": path, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args, base_url):
    # bypass_csp: Playwright's wait_for_function(string) evaluates with eval, which the site's
    # Content-Security-Policy forbids; tests/browser/test_csp.py opens its pages without it.
    return {**browser_context_args, "base_url": base_url, "service_workers": "block", "bypass_csp": True}


class PageProblems:
    """What a page did wrong: console errors, uncaught exceptions, requests to other hosts."""

    def __init__(self, page, base_url: str) -> None:
        self.errors: list[str] = []
        self.foreign: list[str] = []
        self.origin = urlparse(base_url).netloc
        page.on("console", self._console)
        page.on("pageerror", lambda exc: self.errors.append(f"pageerror: {exc}"))
        page.context.route("**/*", self._route)

    def _console(self, message) -> None:
        if message.type == "error":
            self.errors.append(f"console: {message.text}")

    def _route(self, route) -> None:
        url = route.request.url
        if url.startswith(("data:", "blob:")) or urlparse(url).netloc == self.origin:
            route.continue_()
        else:
            self.foreign.append(url)
            route.abort()

    def check(self) -> None:
        assert not self.foreign, f"peticiones a otros hosts: {self.foreign}"
        assert not self.errors, f"errores en la consola: {self.errors}"


@pytest.fixture
def checked_page(page, base_url):
    problems = PageProblems(page, base_url)
    page.problems = problems
    yield page
    problems.check()


@contextmanager
def shared_page(browser, context_args: dict, base_url: str):
    """One page for many tests of a module (the engine loads once), with ``problems`` and ``site_root``."""
    context = browser.new_context(**context_args)
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.problems = PageProblems(page, base_url)
    page.site_root = base_url
    try:
        yield page
    finally:
        context.close()


def pytest_collection_modifyitems(config, items):
    for item in items:
        if "/browser/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)
