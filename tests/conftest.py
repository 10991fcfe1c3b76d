"""Shared fixtures: the built site, a loopback server for it, and Chromium for pytest-playwright.

- ``built_site``: the site built once per run with ``mkdocs build --strict`` into a temp dir. Under
  pytest-xdist (``-n``, the default in pyproject.toml) the controller starts the build as the run
  begins (under a file lock in the run's shared temp dir) while the workers run the tests that do not
  need it (``WHILE_THE_SITE_BUILDS``); the workers wait for the lock and reuse it. Without xdist the
  first test that needs it builds it.
- ``base_url``: that site served on 127.0.0.1 (pytest-playwright resolves ``page.goto("mata-ases/")``
  against it). Under xdist the controller process serves it, on one port for every worker (Material's
  instant navigation needs the address the site was built for).
- ``checked_page``: a Playwright page that fails the test on any console error, uncaught page error
  or request to another host (such requests are also aborted, so nothing leaves the machine).
- Browser tests need Debian's Chromium (/usr/bin/chromium). Without it they are skipped with the
  reason — except when ``CI`` is set, where a missing browser is a failure.
"""

from __future__ import annotations

import functools
import http.server
import os
import re
from contextlib import contextmanager
import shutil
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlparse

import pytest
from filelock import FileLock

from scripts.preview import TYPES, PreviewServer

try:  # property tests: examples are judged by what they find, not by how fast a loaded machine runs them
    from hypothesis import settings as _hypothesis_settings

    _hypothesis_settings.register_profile("site", deadline=None)
    _hypothesis_settings.load_profile("site")
except ImportError:  # pragma: no cover - hypothesis is a dev dependency
    pass

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
#: Chromium's desktop window preloads its address bar's suggestion popup, a WebUI page, in every new
#: window (Chromium 156: two renderers of chrome://omnibox-popup.top-chrome/, about 0.5 s of CPU each
#: time, while the page under test loads). A reader's phone has no such thing, and on 2 cores it takes
#: the CPU that a page is tested or measured with; these features turn it off.
BROWSER_UI_FEATURES = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup")
_PLAYWRIGHT_FEATURES = re.compile(r"\bdisabledFeatures\s*=\s*\[(.*?)\]", re.S)


def disable_features(launcher_disables: list[str]) -> str:
    """One ``--disable-features`` switch: what the launcher already disables plus BROWSER_UI_FEATURES.
    Chromium keeps only the last such switch, so a second one must repeat the launcher's list.

    >>> disable_features(["Translate", "MediaRouter"])
    '--disable-features=Translate,MediaRouter,WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup'
    """
    names = list(dict.fromkeys([*launcher_disables, *BROWSER_UI_FEATURES]))
    return "--disable-features=" + ",".join(names)


@functools.cache
def playwright_disabled_features() -> list[str]:
    """The features Playwright's own Chromium launch disables (its driver's ``disabledFeatures`` list):
    a ``--disable-features`` of ours replaces its switch, so it must carry them too."""
    import playwright

    lib = Path(playwright.__file__).parent / "driver" / "package" / "lib"
    for name in ("coreBundle.js", "server/chromium/chromiumSwitches.js"):
        path = lib / name
        found = _PLAYWRIGHT_FEATURES.search(path.read_text(encoding="utf-8")) if path.is_file() else None
        if found:
            names = re.findall(r"""["']([A-Za-z0-9_]+)["']""", re.sub(r"//[^\n]*", "", found.group(1)))
            if names:
                return names
    raise RuntimeError(f"No encuentro la lista disabledFeatures de Playwright en {lib}: revisa "
                       "tests/conftest.py (playwright_disabled_features) tras actualizar Playwright.")


def playwright_chromium_args() -> list[str]:
    """CHROMIUM_ARGS for a Chromium that Playwright launches, its browser UI's preloads turned off."""
    return [*CHROMIUM_ARGS, disable_features(playwright_disabled_features())]


#: Only for the test browser: every request to another host goes to a closed loopback port and fails
#: (Chromium never sends loopback through the proxy), so nothing leaves the machine even unwatched.
#: ``PageProblems`` records such requests without routing them (routing turns the HTTP cache off).
NOTHING_LEAVES = ["--proxy-server=http://127.0.0.1:9"]
ENGINE_READY = '[data-engine-status][data-phase="ready"]'


def home_widget_names_a_royal_flush(page, ready_timeout: int = 60_000) -> None:
    """On the home page: the reader heads for the hand widget (focus: the engine loads on intent),
    then the engine running in the worker names a royal flush there."""
    page.focus("[data-hand-widget] input")
    page.wait_for_selector(ENGINE_READY, timeout=ready_timeout)
    page.fill("[data-hand-widget] input", "As Ks Qs Js Ts")
    page.click("[data-hand-widget] button")
    page.locator("[data-hand-widget] output").filter(has_text="Escalera real").wait_for(timeout=10_000)


def timed_job(command: str, line: str) -> tuple[str, float, float]:
    """One line answered the browser worker's way (:class:`engine.protocol.Job`, one step at a
    time): the reply, the CPU seconds of the whole request and of its longest step (what an abort
    waits for at most). Used by the slow-path fuzzing and benchmarks/bench_limits.py."""
    from engine import protocol

    job = protocol.Job(command, line)
    start = time.process_time()
    longest = 0.0
    while True:
        before = time.process_time()
        reply = job.step()
        longest = max(longest, time.process_time() - before)
        if reply is not None:
            return reply, time.process_time() - start, longest


def clear_of_the_header(page, selector: str) -> bool:
    """Whether the element is on screen and not under Material's sticky header."""
    return page.evaluate("""sel => { const r = document.querySelector(sel).getBoundingClientRect();
        const header = document.querySelector('.md-header').getBoundingClientRect();
        return r.top >= header.bottom - 1 && r.bottom <= innerHeight + 1; }""", selector)


def scroll_to_top_of_screen(page, selector: str, offset: int = 120) -> None:
    """Scroll so that the element sits ``offset`` px from the top of the screen (as a reader who
    scrolled down to type an answer)."""
    page.evaluate("""([sel, offset]) => window.scrollTo(0,
        document.querySelector(sel).getBoundingClientRect().top + scrollY - offset)""", [selector, offset])


def wake_material(page) -> None:
    """Start Material's script as a reader's first key does (overrides/main.html starts it on the first
    touch, key or wheel, not while the page loads) and wait until it has started: instant navigation,
    search and the table of contents' marks work from then on."""
    if page.evaluate("document.documentElement.dataset.material") != "on":
        page.keyboard.press("Shift")
    page.wait_for_function("() => document.documentElement.dataset.material === 'on'", timeout=30_000)
    # Material takes a link's click for instant navigation only once it has its sitemap (the list of
    # its pages); until then the click loads a new document, and the page and its worker are gone.
    page.wait_for_function(MATERIAL_HAS_ITS_SITEMAP, timeout=30_000)


# (its response read and parsed: a tenth of a second after the last byte is ample)
MATERIAL_HAS_ITS_SITEMAP = """() => performance.getEntriesByType("resource").some(
    (entry) => new URL(entry.name).pathname.endsWith("/sitemap.xml") && entry.responseEnd > 0
        && performance.now() - entry.responseEnd > 100)"""


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


def wait_for(predicate, timeout: float = 60.0, what: str = "") -> None:
    """Polls ``predicate`` from Python until it is true (``what``: said when it never is). A page's async
    predicate belongs here: Playwright's wait_for_function takes the promise it returns for a truthy answer."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return
        time.sleep(0.1)
    raise AssertionError(f"no llegó a tiempo: {what}")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """A plain loopback server with a real host's types (no gzip, no cache headers: see scripts/preview.py)."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def log_message(self, format, *args):  # keep test output clean
        pass


def serve(directory: Path, port: int) -> PreviewServer:
    """Serve ``directory`` on 127.0.0.1:``port`` from a daemon thread; ``shutdown()`` stops it."""
    server = PreviewServer(("127.0.0.1", port), functools.partial(SiteHandler, directory=str(directory)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def shared_tmp(config) -> Path:
    """The run's temp dir shared by every xdist worker (each worker's basetemp is a child of it)."""
    base = config._tmp_path_factory.getbasetemp()
    return base.parent if hasattr(config, "workerinput") else base


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node):
    """xdist controller: serve the (not yet built) site on one port for all workers, and when the run
    includes tests that need the site, start building it at once (the workers run other tests meanwhile)."""
    config = node.config
    if not hasattr(config, "_site_server"):
        config._site_server = serve(shared_tmp(config) / "site", free_port())
        if needs_the_site(config.args, config.rootpath):
            threading.Thread(target=build_shared_site, daemon=True,
                             args=(shared_tmp(config), config._site_server.server_address[1])).start()
    node.workerinput["site_port"] = config._site_server.server_address[1]


def needs_the_site(args: list[str], rootpath: Path) -> bool:
    """Whether the run collects the tests that use the built site (the browser and site tests)."""
    for arg in args or ["tests"]:
        path = (rootpath / arg.split("::", 1)[0]).resolve()
        if path in (ROOT, ROOT / "tests") or path.is_relative_to(ROOT / "tests" / "browser") \
                or path.is_relative_to(ROOT / "tests" / "site"):
            return True
    return False


def build_shared_site(root: Path, port: int) -> None:
    """Build the run's site once, under the lock the ``built_site`` fixture waits on; a failure is kept
    (with mkdocs' output) for the fixture to report."""
    dest, done, failed = root / "site", root / "site.built", root / "site.failed"
    with FileLock(root / "site.lock"):
        if not done.exists() and not failed.exists():
            result = build_site(dest, site_url=f"http://127.0.0.1:{port}/")
            if result.returncode == 0:
                done.touch()
            else:
                failed.write_text(f"{result.stdout}\n{result.stderr}")


def pytest_unconfigure(config):
    server = getattr(config, "_site_server", None)
    if server is not None:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def site_port(request) -> int:
    return getattr(request.config, "workerinput", {}).get("site_port") or free_port()


@pytest.fixture(scope="session")
def built_site(request, site_port) -> Path:
    """Built once per run (by the xdist controller, or here first): a failure is kept for every test."""
    root = shared_tmp(request.config)
    build_shared_site(root, site_port)  # already built (or being built by the xdist controller): waits
    failed = root / "site.failed"
    if failed.exists():
        pytest.fail(f"mkdocs build --strict falló:\n{failed.read_text()}")
    return root / "site"


@pytest.fixture(scope="session")
def site_server(request, built_site, site_port):
    if "site_port" in getattr(request.config, "workerinput", {}):
        yield f"http://127.0.0.1:{site_port}/"  # the xdist controller serves it
        return
    server = serve(built_site, site_port)
    yield f"http://127.0.0.1:{site_port}/"
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
    return {**browser_type_launch_args, "executable_path": path, "args": playwright_chromium_args() + NOTHING_LEAVES}


@pytest.fixture(scope="session")
def browser(browser_type, browser_type_launch_args, browser_context_args, tmp_path_factory):
    """Chromium with a profile on disk: its default context (``browser.warm_context``, used by
    ``shared_page`` and ``checked_page``) keeps the HTTP cache and the compiled code of scripts and of
    the engine's WebAssembly from one page to the next, as a reader's browser does (a context from
    ``browser.new_context()`` is a private window: it compiles everything again). What a first visit
    fetches is checked on fresh contexts (``FIRST_VISIT_MODULES``, test_offline)."""
    warm = browser_type.launch_persistent_context(
        tmp_path_factory.mktemp("profile"), **browser_type_launch_args, **browser_context_args, accept_downloads=True)
    browser = warm.browser
    browser.warm_context, browser.warm_args = warm, browser_context_args
    yield browser
    warm.close()


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args, base_url):
    # bypass_csp: Playwright's wait_for_function(string) evaluates with eval, which the site's
    # Content-Security-Policy forbids; tests/browser/test_csp.py opens its pages without it.
    return {**browser_context_args, "base_url": base_url, "service_workers": "block", "bypass_csp": True}


#: The elements of the page's content marked ``hidden`` that a stylesheet still displays (a class's ``display``
#: beats the attribute's own rule): a button «Ver 0 más» under a list that has nothing more. Not one made
#: invisible on purpose (the offline offer keeps its room with ``visibility: hidden``), nor Material's own
#: (its tabs slide away, marked hidden, outside the content).
SHOWN_THOUGH_HIDDEN = """() => [...document.querySelectorAll('.md-typeset [hidden]')]
    .filter((e) => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
    .map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')}: `
                + (e.textContent || '').trim().slice(0, 40))"""


class PageProblems:
    """What a page did wrong: console errors, uncaught exceptions, requests to other hosts."""

    def __init__(self, page, base_url: str) -> None:
        self.errors: list[str] = []
        self.foreign: list[str] = []
        self.origin = urlparse(base_url).netloc
        self.page = page
        self.context = page.context
        self.stopped = False
        page.on("console", self._console)
        page.on("pageerror", self._pageerror)
        self.context.on("request", self._request)

    def _pageerror(self, exc) -> None:
        self.errors.append(f"pageerror: {exc}")

    def stop(self) -> None:
        """Stop listening (the page goes on to serve another test with its own ``PageProblems``)."""
        if self.stopped:
            return
        self.stopped = True
        self.page.remove_listener("console", self._console)
        self.page.remove_listener("pageerror", self._pageerror)
        self.context.remove_listener("request", self._request)

    def _console(self, message) -> None:
        if message.type == "error":
            self.errors.append(f"console: {message.text}")

    def _request(self, request) -> None:
        # Such a request fails at the browser's proxy (NOTHING_LEAVES); here it is named.
        url = request.url
        if not url.startswith(("data:", "blob:", "about:")) and urlparse(url).netloc != self.origin:
            self.foreign.append(url)

    def check(self) -> None:
        assert not self.foreign, f"peticiones a otros hosts: {self.foreign}"
        assert not self.errors, f"errores en la consola: {self.errors}"
        if not self.page.is_closed():
            shown = self.page.evaluate(SHOWN_THOUGH_HIDDEN)
            assert not shown, f"elementos marcados «hidden» que se ven: {shown}"


#: Modules whose ``checked_page`` is a fresh private context (what a first visit downloads is what they
#: check); every other ``checked_page`` is a new tab of the warm profile (``browser.warm_context``).
FIRST_VISIT_MODULES = {"tests.browser.test_loading"}


@pytest.fixture
def checked_page(request, browser, browser_context_args, base_url):
    if request.module.__name__ in FIRST_VISIT_MODULES:
        page = request.getfixturevalue("page")
        problems = PageProblems(page, base_url)
        page.problems = problems
        yield page
        problems.stop()
        problems.check()
        return
    with shared_page(browser, browser_context_args, base_url, timeout=None) as page:
        yield page
        page.problems.stop()
        page.problems.check()


#: What ``shared_page`` sets on a tab of the warm profile; any other context option gets its own context.
PER_PAGE = {"viewport", "color_scheme"}


@contextmanager
def shared_page(browser, context_args: dict, base_url: str, timeout: int | None = 20_000):
    """One page for many tests of a module (the engine loads once), with ``problems`` and ``site_root``:
    a new tab of the warm profile (``browser.warm_context``: caches and compiled code kept, storage
    for the site emptied when the tab closes), or its own context when ``context_args`` ask for what a
    tab cannot set."""
    warm = getattr(browser, "warm_context", None)
    asked = {k: v for k, v in context_args.items() if k not in PER_PAGE and (k, v) != ("accept_downloads", True)}
    own = warm is None or asked != browser.warm_args
    context = browser.new_context(**context_args) if own else warm
    page = context.new_page()
    if not own:
        if "viewport" in context_args:
            page.set_viewport_size(context_args["viewport"])
        if "color_scheme" in context_args:
            page.emulate_media(color_scheme=context_args["color_scheme"])
    if timeout:
        page.set_default_timeout(timeout)
    page.problems = PageProblems(page, base_url)
    page.site_root = base_url
    try:
        yield page
    finally:
        page.problems.stop()
        if own:
            context.close()
        else:
            forget_the_site(page, base_url)
            page.close()


def forget_the_site(page, base_url: str) -> None:
    """What a test left in the warm profile for the site (storage, caches, service workers) is deleted,
    so that the next tab finds it as a new visitor would, but for the browser's caches."""
    session = page.context.new_cdp_session(page)
    try:
        session.send("Storage.clearDataForOrigin", {
            "origin": base_url.rstrip("/"),
            "storageTypes": "local_storage,indexeddb,cache_storage,service_workers,cookies"})
    finally:
        session.detach()


#: Browser modules whose tests share one page (a module-scoped fixture: the engine starts once): each
#: runs whole on one xdist worker, in file order.
ONE_PAGE_MODULES = {
    "tests/browser/test_foundation.py",
    "tests/browser/test_free_table.py",
    "tests/browser/test_quizzes.py",
    "tests/browser/test_simulator.py",
    "tests/browser/test_table_teaching.py",
    "tests/browser/test_workshop.py",
}
#: Test modules that run first, longest first, so that no long one starts last on an idle worker
#: (work is handed out in collection order; each module stays in one block).
LONG_FIRST = [
    "tests/browser/test_offline.py",
    "tests/browser/test_simulator.py",
    "tests/browser/test_quizzes.py",
    "tests/browser/test_free_table.py",
    "tests/browser/test_accessibility.py",
    "tests/browser/test_drills.py",
]


#: Long modules that need neither the built site nor the engine's runtime cache, run before everything
#: else: they keep the workers busy while the xdist controller builds the site (a clean clone builds
#: the runtime too, which the Pyodide batch would otherwise build a second time alongside).
WHILE_THE_SITE_BUILDS = [
    "tests/engine/games/holdem/test_holdem_oracle.py",
    "tests/engine/test_evaluation.py",
    "tests/scenarios/test_scenarios.py",
    "tests/engine/games/mata_ases/test_mata_ases_bot_random.py",
]


def work_unit(nodeid: str) -> str:
    """What one xdist worker runs at a stretch: a module that shares a page or is not a browser module
    (its module fixtures, such as the Pyodide batch, are made once), else the single browser test."""
    module = nodeid.split("::", 1)[0]
    if module in ONE_PAGE_MODULES or not module.startswith("tests/browser/"):
        return module
    return nodeid


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    from xdist.scheduler import LoadScopeScheduling

    class WorkUnitScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return work_unit(nodeid)

    config.option.loadscopereorder = False  # keep LONG_FIRST's order
    return WorkUnitScheduling(config, log)


def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.nodeid.startswith("tests/browser/"):
            item.add_marker(pytest.mark.browser)
    rank = {path: i for i, path in enumerate(WHILE_THE_SITE_BUILDS + LONG_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::", 1)[0], len(rank)))
