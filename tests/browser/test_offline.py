"""Offline after one visit (issues 13, 24, 26), in Chromium with the site's service worker (docs/sw.js).

The server is really stopped while "offline" (and the context set offline), so nothing can come from
the network. One visit to the simulator downloads what it uses and nothing more (Chromium tells no
connection type, so the site does not save itself); the footer offers to save the site with its size,
axe-clean in light and dark mode, and the reader saves it by the keyboard. Then, with no server: the
simulator reloads and plays a whole practice hand exactly as CPython replays it, every page of the site
and every file its HTML loads is answered from the saved copy, a page that does not exist answers 404,
the home page opens and its widget answers, and the page says discreetly that it works from the saved
copy. A damaged copy (worker.js, then client.js too, deleted from the
cache) says what is missing and to reconnect, and repairs itself once the network is back. Then a
rebuild with a changed engine is served: its service worker saves the new build (the reader asked to
keep the site), replaces the cached engine and deletes the old cache; a tab of the old build left open,
whose engine must restart, says it is out of date instead of mixing versions.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path
from urllib.parse import urlparse

import pytest

from site_hooks import engine_bundle
from engine import protocol
from tests.browser.test_foundation import site_pages
from tests.pyodide.test_batch import collect_cases
from tests.browser.test_simulator import PAGE, SETTLED, assert_outcome, default_line, play_on_page
from tests.browser.test_accessibility import axe_source, axe_violations, describe  # noqa: F401 (a fixture)
from tests.conftest import ENGINE_READY, ROOT, free_port, home_widget_names_a_royal_flush, serve, wait_for

COPY = ("engine", "docs", "overrides", "site_hooks", "scenarios", "scripts", "mkdocs.yml", "pyproject.toml",
        "package.json", "package-lock.json")


class SwitchableServer:
    """A loopback server on a fixed port that can be stopped (truly offline) and serve another build."""

    def __init__(self, directory: Path) -> None:
        self.port = free_port()
        self.directory = directory
        self.server = None
        self.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def start(self) -> None:
        self.server = serve(self.directory, self.port)

    def stop(self) -> None:
        if self.server:
            self.server.shutdown()
            self.server.server_close()
            self.server = None


def cache_names(page) -> list[str]:
    return page.evaluate("caches.keys()")


def cached_urls(page, name: str) -> list[str]:
    return page.evaluate("async (name) => (await (await caches.open(name)).keys()).map((r) => r.url)", name)


class ChangedEngineBuild:
    """A copy of the project whose engine differs by one comment, built for ``site_url`` by a
    ``mkdocs build`` subprocess that runs while the test goes on; ``result()`` waits for it."""

    def __init__(self, tmp: Path, site_url: str) -> None:
        src = tmp / "project"
        for name in COPY:
            if (ROOT / name).is_dir():
                shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__"))
            else:
                shutil.copy2(ROOT / name, src / name)
        (src / "node_modules").symlink_to(ROOT / "node_modules")
        # What earlier builds computed and does not depend on the engine's hash (compressed sizes by
        # content, trimmed stdlibs by content): the rebuild redoes only what the changed engine changes.
        for cached in ("transfer-sizes.json", "engine-stdlib", "editor-bundle"):
            if (ROOT / ".cache" / cached).is_dir():
                shutil.copytree(ROOT / ".cache" / cached, src / ".cache" / cached)
            elif (ROOT / ".cache" / cached).is_file():
                (src / ".cache").mkdir(exist_ok=True)
                shutil.copy2(ROOT / ".cache" / cached, src / ".cache" / cached)
        with open(src / "engine" / "__init__.py", "a", encoding="utf-8") as handle:
            handle.write("\n# a changed engine (tests/browser/test_offline.py)\n")
        self.dest = tmp / "site2"
        env = dict(os.environ, NO_MKDOCS_2_WARNING="1", SITE_URL=site_url)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(self.dest)],
            cwd=src, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def result(self) -> tuple[Path, str]:
        """The built site and its engine build hash."""
        _, stderr = self.process.communicate(timeout=300)
        assert self.process.returncode == 0, stderr
        build = json.loads(next(line for line in (self.dest / "sw.js").read_text().splitlines()
                                if line.startswith("const VERSION = "))[len("const VERSION = "):-1])
        return self.dest, build

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.communicate()


#: The Pyodide cases (tests/pyodide_cases/) a page can send (objects; the hostile ones test the protocol).
CASES = [(command, request) for source, command, request in collect_cases()
         if source != "hostile_cases" and isinstance(request, dict)]

RUN_CASES = """async (cases) => {
  const engine = await import(document.querySelector('script[src*="engine/client.js"]').src);
  await engine.start();
  const replies = [];
  for (const [command, request] of cases) replies.push(await engine.request(command, request, { timeout: 0 }));
  return [engine.state().route, replies];
}"""


_FIRST = {command: i for i, (command, _) in reversed(list(enumerate(CASES)))}
_LAST = {command: i for i, (command, _) in enumerate(CASES)}
_SESSIONS = {command for command, request in CASES if "session" in request}
#: In the cases' own order, the first case of each command: enough to tell that a route works (every case
#: goes through the plain start's engine under Node, tests/pyodide/test_batch.py), and every case of a
#: command that keeps a session (a step's reply depends on the start before it).
FIRST_OF_EACH_COMMAND = [case for i, case in enumerate(CASES) if i == _FIRST[case[0]] or case[0] in _SESSIONS]
#: For the snapshot route, in the cases' own order: the first and the last case of each command (every
#: command's code runs from the restored memory; the replies of one command differ only by its input,
#: tested on the plain route), and every case of a command that keeps a session.
ENDS_OF_EACH_COMMAND = [case for i, case in enumerate(CASES)
                        if i in (_FIRST[case[0]], _LAST[case[0]]) or case[0] in _SESSIONS]


def assert_cpython_answers(page, route: str, cases=CASES) -> None:
    """Every case (by default every Pyodide case), asked through the page's engine, gets CPython's
    reply; ``route`` was used."""
    used, replies = page.evaluate(RUN_CASES, cases)
    assert used == route
    mismatches = [(command, request) for (command, request), reply in zip(cases, replies)
                  if reply != json.loads(protocol.dumps(protocol.answer(command, request)))]
    assert not mismatches, mismatches[:3]


def service_worker_files(site: Path) -> dict[str, int]:
    """The build's files as its service worker lists them (path -> bytes from a compressing host)."""
    sw = (site / "sw.js").read_text()
    line = next(line for line in sw.splitlines(keepends=True) if line.startswith("const FILES = "))
    start = sw.index(line)
    return dict(json.loads(sw[start + len("const FILES = "): sw.index("];", start) + 1]))


def megabytes_text(total: int) -> str:
    """As words.js's megabytes(): one decimal comma."""
    return f"{total / 1e6:.1f}".replace(".", ",")


OFFER = ".md-footer-meta [data-offline-save]"
DAMAGE = """async ([name, paths]) => {
  const cache = await caches.open(name);
  for (const key of await cache.keys()) {
    if (paths.some((path) => new URL(key.url).pathname.endsWith(path))) await cache.delete(key);
  }
}"""


#: Resolves "activated" once the service worker of the build whose cache is ``name`` is active (its
#: activation deleted the other caches), "redundant" if its install failed, "timeout" after 240 s (a
#: loaded machine installs the whole saved site slowly; a timeout means the update never came).
NEW_WORKER_ACTIVATED = """async (name) => {
  const registration = await navigator.serviceWorker.getRegistration();
  const done = async () => (await caches.keys()).join() === name && registration.active
    && registration.active.state === "activated" && !registration.installing && !registration.waiting;
  if (await done()) return "activated";
  const settled = new Promise((resolve) => {
    const watch = (worker) => worker && worker.addEventListener("statechange", () => {
      if (worker.state === "activated" || worker.state === "redundant") resolve(worker.state);
    });
    const active = registration.active;
    watch(registration.installing || registration.waiting || (active && active.state === "activating" && active));
    registration.addEventListener("updatefound", () => watch(registration.installing));
  });
  // The page view makes the browser look for a new sw.js by itself, once its worker has been idle for a
  // moment (a page that only reads: at once). A second check queued behind the install it started is
  // what makes Chrome hold the activation for 5 minutes (offline.js registered()): update() only if the
  // browser found nothing by itself in a minute.
  setTimeout(() => {
    if (!registration.installing && !registration.waiting) registration.update().catch(() => {});
  }, 60000);
  const state = await Promise.race([settled, new Promise((r) => setTimeout(() => r("timeout"), 240000))]);
  return state === "activated" && !(await done()) ? (await caches.keys()).join() : state;
}"""


#: In a tab of an older build: a request the worker does not answer in time (1 ms while it counts) makes
#: the client restart its engine; resolves with how that request ended and the engine's state after.
RESTART_AFTER_THE_UPDATE = """async () => {
  const engine = await import(document.querySelector('script[src*="engine/client.js"]').src);
  const code = await engine.request("holdem-equity", { players: { Ana: ["As", "Ks"], Beto: [] }, samples: 300000 },
    { timeout: 1 }).then(() => "ok", (error) => error.code);
  for (let i = 0; i < 1200 && !["ready", "failed"].includes(engine.state().phase); i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const { phase, text } = engine.state();
  return { code, phase, text };
}"""


#: Counts the page views that register the service worker (offline.js registers it on the first visit only:
#: see registered() there), in localStorage["registers"].
COUNT_REGISTER = """if (navigator.serviceWorker) {
  const register = navigator.serviceWorker.register.bind(navigator.serviceWorker);
  navigator.serviceWorker.register = (...args) => {
    localStorage.setItem("registers", String(Number(localStorage.getItem("registers") || 0) + 1));
    return register(...args);
  };
}"""


#: Asks the service worker, offline, for each page (``paths``) and every same-origin file its HTML loads
#: (style sheets, scripts, module preloads, images), each once: what it could not answer as it should, as
#: "<path>: <problem>" (a page: 200, HTML, a title; a file: 200).
OFFLINE_PAGES = """async (paths) => {
  const root = new URL(document.querySelector('script[src*="engine/client.js"]').src);
  const site = new URL("../../", root);
  const problems = [];
  const files = new Map();
  for (const path of paths) {
    const address = new URL(path, site);
    const response = await fetch(address).catch((error) => ({ ok: false, status: String(error) }));
    const type = response.ok ? response.headers.get("content-type") || "" : "";
    if (!response.ok || !type.includes("text/html")) {
      problems.push(`${path}: ${response.status} ${type}`);
      continue;
    }
    const doc = new DOMParser().parseFromString(await response.text(), "text/html");
    if (!(doc.querySelector("h1")?.textContent || "").trim()) problems.push(`${path}: sin título`);
    const loads = doc.querySelectorAll('link[rel=stylesheet][href], link[rel=modulepreload][href], script[src], img[src]');
    for (const element of loads) {
      const file = new URL(element.getAttribute("href") || element.getAttribute("src"), address);
      if (file.origin === site.origin && !files.has(file.href)) files.set(file.href, path);
    }
  }
  for (const [file, path] of files) {
    const response = await fetch(file).catch((error) => ({ ok: false, status: String(error) }));
    if (!response.ok) problems.push(`${path} -> ${new URL(file).pathname}: ${response.status}`);
  }
  return files.size ? problems : ["ningún archivo cargado por las páginas"];
}"""


@pytest.mark.slow
def test_offline_after_one_visit_and_a_new_engine_replaces_the_cache(browser, built_site, tmp_path, axe_source):
    scenarios = {s["name"]: s for s in json.loads((built_site / "assets" / "scenarios.json").read_text())["scenarios"]}
    name = sorted(scenarios)[0]
    scenario = scenarios[name]
    modality = scenario["modalities"][0]
    line = default_line(scenario, modality)
    old_build = engine_bundle.source_hash()
    files = service_worker_files(built_site)

    server = SwitchableServer(built_site)
    rebuild = ChangedEngineBuild(tmp_path, server.url)  # builds while the first visit is tested
    context = browser.new_context(base_url=server.url, service_workers="allow")
    context.add_init_script(COUNT_REGISTER)
    page = context.new_page()
    page.set_default_timeout(30_000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        # One visit: the simulator loads the engine, and the visit downloads what it uses, no more.
        page.goto(PAGE + "?rapido=1")
        page.wait_for_selector(ENGINE_READY, timeout=90_000)
        # first visit: nothing cached, the plain start (every case on this route: tests/pyodide/test_batch.py)
        assert_cpython_answers(page, "plain", FIRST_OF_EACH_COMMAND)
        assert cache_names(page) == [f"poker-{old_build}"]
        assert page.locator(".offline-note").count() == 0  # online: no note
        offer = page.locator(OFFER)
        button = offer.locator("button")
        button.wait_for()

        def offered() -> bool:
            """The offer names what is left to download: the build's files the visit did not cache."""
            page.evaluate("navigator.serviceWorker.ready.then((r) => r.active.postMessage({type: 'status'}))")  # fresh
            page.wait_for_timeout(200)
            kept = [urlparse(url) for url in cached_urls(page, f"poker-{old_build}")]
            cached = {u.path.removeprefix("/") for u in kept} | {f"{u.path.removeprefix('/')}?{u.query}" for u in kept}
            left = sum(size for path, size in files.items() if path not in cached)
            return button.text_content() == f"Guardar el sitio para usarlo sin conexión: {megabytes_text(left)} MB"

        wait_for(offered, 30, "la oferta de guardar el sitio con lo que falta por descargar")
        urls = cached_urls(page, f"poker-{old_build}")
        assert not any(url.endswith(("/assets/pyodide/python_stdlib.zip", "/mata-ases/")) for url in urls)
        assert 8e6 < sum(files.values()) and page.get_attribute("html", "data-offline-ready") is None
        # The offer is axe-clean in light and dark mode (the footer is dark in both).
        for scheme in ("default", "slate"):
            if scheme == "slate":
                page.click('label[title="Cambiar a modo oscuro"]')
            page.locator(f"body[data-md-color-scheme={scheme}]").wait_for(state="attached")
            violations = axe_violations(page, axe_source, OFFER)
            assert not violations, describe(violations)
        assert button.bounding_box()["height"] >= 43.5
        # The reader saves the site, by the keyboard.
        button.focus()
        page.keyboard.press("Enter")
        page.wait_for_selector(f'html[data-offline-ready="{old_build}"]', timeout=120_000)
        page.wait_for_function("() => document.querySelector('[data-offline-save]').dataset.state === 'saved'")
        assert offer.locator(".offline-save__text").text_content() == (
            "Sitio guardado en este dispositivo: funciona sin conexión.")
        assert page.evaluate("document.activeElement.classList.contains('offline-save__text')")
        # the snapshot its browser made on the first visit (nothing downloaded for it)
        assert any(url.endswith("/device/python.snap") for url in cached_urls(page, f"poker-{old_build}"))

        # Offline: no server at all.
        server.stop()
        context.set_offline(True)
        page.reload()
        page.wait_for_selector(ENGINE_READY, timeout=90_000)
        page.wait_for_selector(SETTLED)
        play_on_page(page, scenario, modality, line)
        assert_outcome(page, scenario, modality, line)
        assert_cpython_answers(page, "snapshot", ENDS_OF_EACH_COMMAND)  # the snapshot its browser made
        assert "Sin conexión" in page.locator(".offline-note").text_content()
        # Every page of the site, and every file its HTML loads, answered by the saved copy (asked from
        # this page, through its service worker: opening each page would start the engine on every page
        # made for it; that a page's title shows is checked online by test_accessibility).
        assert page.evaluate(OFFLINE_PAGES, site_pages(built_site)) == []
        response = page.goto("no-existe/")  # a page that does not exist: the 404 page, as a 404
        assert response.status == 404 and page.locator("h1").first.is_visible()
        page.goto("")
        home_widget_names_a_royal_flush(page, ready_timeout=90_000)

        # A damaged copy, offline: the worker script, then the client too, missing from the cache.
        page.evaluate(DAMAGE, [f"poker-{old_build}", ["/javascripts/engine/worker.js"]])
        page.goto(PAGE)
        page.wait_for_selector('html[data-engine-phase="failed"]', timeout=60_000)
        notice = page.locator(".offline-damaged")
        assert notice.get_attribute("role") == "alert"
        assert notice.locator("li").all_text_contents() == ["javascripts/engine/worker.js"]
        status = page.locator("[data-engine-status]").first.text_content()
        assert "falta javascripts/engine/worker.js" in status and "Vuelve a conectarte" in status, status
        page.evaluate(DAMAGE, [f"poker-{old_build}", ["/javascripts/engine/client.js"]])
        page.goto(PAGE)
        notice.wait_for()
        assert notice.locator("li").all_text_contents() == ["javascripts/engine/client.js",
                                                            "javascripts/engine/worker.js"]
        assert "Vuelve a conectarte a internet y recarga la página" in notice.text_content()
        assert page.locator("h1").first.is_visible()  # the page's text is there, never a blank page
        # Back online: the copy repairs itself (the reader asked to keep the site), then works offline.
        server.start()
        context.set_offline(False)
        page.goto(PAGE + "?rapido=1")
        page.wait_for_selector(ENGINE_READY, timeout=90_000)
        wait_for(lambda: {"/javascripts/engine/client.js", "/javascripts/engine/worker.js"} <= {
            urlparse(url).path for url in cached_urls(page, f"poker-{old_build}")}, 60, "la copia reparada")
        server.stop()
        context.set_offline(True)
        page.reload()
        page.wait_for_selector(ENGINE_READY, timeout=90_000)
        assert page.locator(".offline-damaged").count() == 0
        # A second tab on this build, left open across the update below.
        old_tab = context.new_page()
        old_tab.goto(PAGE + "?rapido=1")
        old_tab.wait_for_selector(ENGINE_READY, timeout=90_000)

        # A rebuild with a changed engine, served at the same address.
        site2, new_build = rebuild.result()
        assert new_build != old_build
        server.directory = site2
        server.start()
        context.set_offline(False)
        # A page that is only read: its service worker is soon idle, so the browser looks for a new sw.js
        # at once (Chrome puts that check off while the worker answers fetches, as an engine page's do).
        page.goto("mata-ases/")
        # The page view found the new service worker (or update() finds it): it saves the new build on
        # install, then activates and deletes the old cache. Waited for by its own events, not polled.
        assert page.evaluate(NEW_WORKER_ACTIVATED, f"poker-{new_build}") == "activated"
        assert cache_names(page) == [f"poker-{new_build}"]
        page.goto(PAGE + "?rapido=1")
        page.wait_for_selector(ENGINE_READY, timeout=90_000)
        urls = cached_urls(page, f"poker-{new_build}")
        assert any(f"/engine/{new_build}/" in url for url in urls)
        assert not any(f"/engine/{old_build}/" in url for url in urls)
        assert any(url.endswith("/__sitio-guardado") for url in urls)  # saved on install, as the old one was
        assert page.evaluate("localStorage.getItem('registers')") == "1"  # the first visit's, no other
        # The old tab's engine must restart (a request it did not answer in time): its build's files are
        # gone from the host and from the device. It says so and how to go on, answers nothing with the
        # new engine, and leaves no cache of its build behind.
        outcome = old_tab.evaluate(RESTART_AFTER_THE_UPDATE)
        assert outcome["code"] == "timeout" and outcome["phase"] == "failed", outcome
        assert "versión anterior del sitio" in outcome["text"] and "recarga la página" in outcome["text"], outcome
        assert old_tab.evaluate("document.querySelector('meta[name=engine-build]').content") == old_build
        wait_for(lambda: cache_names(page) == [f"poker-{new_build}"], 30, "ninguna caché de la versión anterior")
        old_tab.close()
        # ... and works offline with the new engine.
        server.stop()
        context.set_offline(True)
        page.reload()
        page.wait_for_selector(ENGINE_READY, timeout=90_000)
        assert page.evaluate("document.querySelector('meta[name=engine-build]').content") == new_build
        # A snapshot that cannot be restored (cut short in the cache: its pieces do not add up): the plain
        # start takes over, offline.
        page.wait_for_selector("html[data-engine-kept]", state="attached", timeout=60_000)  # its snapshot, kept
        page.evaluate("""async (name) => {
            const cache = await caches.open(name);
            const key = (await cache.keys()).find((r) => r.url.endsWith("/device/python.snap"));
            const bytes = new Uint8Array(await (await cache.match(key)).arrayBuffer());
            await cache.put(key, new Response(bytes.slice(0, 1 << 20)));
        }""", f"poker-{new_build}")
        page.reload()
        page.wait_for_selector(ENGINE_READY, timeout=90_000)
        assert_cpython_answers(page, "plain", FIRST_OF_EACH_COMMAND)
        assert errors == [], errors
    finally:
        rebuild.stop()
        context.close()
        server.stop()


WASM_IN_CACHE = """async ([name, damage]) => {
  const cache = await caches.open(name);
  const key = (await cache.keys()).find((r) => r.url.endsWith("/pyodide.asm.wasm"));
  if (key && damage) {
    await cache.put(key, new Response(new Uint8Array(4096).fill(7), { headers: { "content-type": "application/wasm" } }));
  }
  return Boolean(key);
}"""


def test_a_damaged_runtime_in_the_cache_is_downloaded_again(browser, base_url):
    """A pyodide.asm.wasm that does not compile, in this build's cache: on a return visit that restores
    the browser's snapshot, the copy is deleted and the start goes the plain way, which downloads it
    again (the same load: the engine starts). Served to a plain start (no snapshot), the engine says so
    at once (Pyodide alone would wait forever) and the copy is deleted, so the next load downloads it
    again and the engine starts."""
    context = browser.new_context(base_url=base_url, service_workers="allow")
    page = context.new_page()
    page.set_default_timeout(30_000)
    name = f"poker-{engine_bundle.source_hash()}"
    route = "import(document.querySelector('script[src*=\"engine/client.js\"]').src).then((e) => e.state().route)"
    try:
        page.goto(PAGE)
        page.wait_for_selector(ENGINE_READY, timeout=90_000)
        # What the visit used is being kept: damage nothing before the snapshot and the wasm are there.
        page.wait_for_selector("html[data-engine-kept]", state="attached", timeout=60_000)
        wait_for(lambda: page.evaluate(WASM_IN_CACHE, [name, False]), 60, "el wasm guardado")
        assert page.evaluate(WASM_IN_CACHE, [name, True])
        page.reload()
        page.wait_for_selector(ENGINE_READY, timeout=90_000)
        assert page.evaluate(route) == "plain"
        wait_for(lambda: page.evaluate(WASM_IN_CACHE, [name, False]), 60, "el wasm guardado de nuevo")
        # Damaged again, with no snapshot to restore: the plain start fails at once and says why.
        page.wait_for_selector("html[data-engine-kept]", state="attached", timeout=60_000)  # this load's, kept
        assert page.evaluate(WASM_IN_CACHE, [name, True])
        page.evaluate("""async (name) => { const cache = await caches.open(name);
            for (const key of await cache.keys()) if (key.url.includes("/device/")) await cache.delete(key); }""", name)
        page.reload()
        failed = page.locator('[data-engine-status][data-phase="failed"]')
        failed.wait_for()
        assert "pyodide.asm.wasm está dañado" in failed.text_content()
        assert "Se ha borrado la copia guardada" in failed.text_content()
        assert not page.evaluate(WASM_IN_CACHE, [name, False])
        page.reload()
        page.wait_for_selector(ENGINE_READY, timeout=90_000)
        wait_for(lambda: page.evaluate(WASM_IN_CACHE, [name, False]), 60, "el wasm guardado de nuevo")
    finally:
        context.close()


def test_one_visit_to_a_table_page_is_enough_to_reload_it_offline_and_play(browser, built_site):
    """Issue 41 item 9, issue 42 item 10, issue 51 item 11: the first visit's files came before the
    service worker controlled the page; once the engine has loaded, the page names them and the service
    worker copies them from the browser's HTTP cache (nothing downloaded twice), and what the engine
    fetched was kept as it arrived, whatever that cache did with it. A fresh in-memory profile (a private
    window's: its HTTP cache lives in memory, where the uncompressed 9 MB wasm of a plain host that
    neither compresses nor sends cache headers does not fit) on such a host: then, with no server, the
    free table reloads, shows no «copia incompleta» banner (it names only the scripts the page uses) and
    deals."""
    server = SwitchableServer(built_site)
    context = browser.new_context(base_url=server.url, service_workers="allow")
    page = context.new_page()
    page.set_default_timeout(30_000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    root = "#mesa-holdem"
    try:
        downloads: list[str] = []
        page.on("request", lambda request: downloads.append(request.url))
        page.goto("holdem/mesa/?pausa=40")
        page.wait_for_selector(f'{root}[data-mesa-state="idle"]', timeout=90_000)
        page.wait_for_selector("html[data-offline-kept]", timeout=60_000)
        assert int(page.get_attribute("html", "data-offline-kept")) >= 10
        kept = cached_urls(page, f"poker-{engine_bundle.source_hash()}")
        assert any(url.endswith("/pyodide.asm.wasm") for url in kept) and any("/holdem/mesa/" in url for url in kept), kept
        assert sum(url.endswith("/pyodide.asm.wasm") for url in downloads) <= 1  # not downloaded again
        server.stop()
        context.set_offline(True)
        page.reload()
        page.wait_for_selector(f'{root}[data-mesa-state="idle"]', timeout=90_000)
        assert page.locator(".offline-damaged").count() == 0
        # (A click, not a pointer: Material's script would start and ask for its search index, which this
        # one visit never used.)
        page.eval_on_selector(f"{root} .mesa-deal", "(button) => button.click()")
        page.wait_for_selector(", ".join(f'{root}[data-mesa-state="{s}"]' for s in ("turn", "over")), timeout=60_000)
        assert errors == [], errors
    finally:
        context.close()
        server.stop()


def test_offline_a_page_never_visited_answers_with_the_sites_own_page(browser, built_site, axe_source):
    """Issue 51 item 12, at 360 px by touch and keyboard: a reader read one page online (nothing saved on
    purpose). Offline, a page of the site they never opened answers with the site's offline page, at
    its own address: it says the page is not kept, lists what is (the page read, with its own title),
    whether «Mi progreso» and the engine are, and offers to save the whole site next time. The offer is
    also in the header's menu, which opens by touch and by keyboard and closes with Escape. A page that
    does not exist answers 404; back online, the page asked for comes."""
    server = SwitchableServer(built_site)
    context = browser.new_context(base_url=server.url, service_workers="allow", viewport={"width": 360, "height": 740},
                                  has_touch=True, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(30_000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    failed: list[str] = []
    page.on("requestfailed", lambda r: failed.append(urlparse(r.url).path))
    name = f"poker-{engine_bundle.source_hash()}"
    try:
        page.goto("mata-ases/")
        page.wait_for_selector("html[data-offline-kept]", state="attached")  # what the page used, kept
        wait_for(lambda: any(url.endswith("/sin-conexion/") for url in cached_urls(page, name)), 30,
                 "la página sin conexión, guardada al instalarse el service worker")
        server.stop()
        context.set_offline(True)
        response = page.goto("ultimate/")
        assert response.status == 503 and page.url.endswith("/ultimate/")
        assert page.locator("h1").first.inner_text().startswith("Sin conexión")
        kept = page.locator("[data-offline-contents]")
        kept.locator("li").first.wait_for()
        assert kept.locator("li a").all_text_contents() == ["Mata Ases: reglas del juego"]
        text = kept.text_content()
        assert "«Mi progreso» no está guardado" in text and "El motor no está guardado" in text, text
        offer = page.locator(".md-content [data-offline-save] button")
        assert offer.text_content().startswith("Guardar el sitio para usarlo sin conexión:")
        violations = axe_violations(page, axe_source, ".md-content")
        assert not violations, describe(violations)
        # The header's menu: a tap opens it, with the same offer; Escape closes it, the focus on its button.
        menu = page.locator("[data-offline-menu]")
        menu.locator("summary").tap()
        panel = menu.locator(".offline-menu__panel")
        panel.wait_for()
        assert panel.locator("button").text_content() == offer.text_content()
        violations = axe_violations(page, axe_source, "[data-offline-menu]")
        assert not violations, describe(violations)
        page.keyboard.press("Escape")
        assert not panel.is_visible()
        assert page.evaluate("document.activeElement.matches('[data-offline-menu] summary')")
        page.keyboard.press("Enter")
        panel.wait_for()
        page.keyboard.press("Escape")
        # The page read is there, from the list; a page that does not exist is still the 404.
        kept.locator("li a").first.tap()
        page.wait_for_url("**/mata-ases/")
        assert page.locator("h1").first.text_content().startswith("Mata Ases")
        response = page.goto("no-existe/")  # (the 404 page was never visited: the offline page, as a 404)
        assert response.status == 404 and page.locator("h1").first.inner_text().startswith("Sin conexión")
        # Online again: the page asked for.
        server.start()
        context.set_offline(False)
        response = page.goto("ultimate/")
        assert response.status == 200 and page.locator("h1").first.text_content().startswith("Ultimate")
        # The first tap started Material's script, whose search and instant navigation ask, offline, for
        # files this one-page visit never fetched: those, and Material's «Network error» for them, only.
        # (And the browser's own request for the site's icon.)
        material = [path for path in failed if path.endswith(("search_index.json", "sitemap.xml", "/favicon.png"))
                    or "/assets/javascripts/workers/search." in path]
        assert failed == material and set(errors) <= {"Network error"}, (failed, errors)
    finally:
        context.close()
        server.stop()
