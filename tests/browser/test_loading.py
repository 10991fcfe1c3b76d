"""Loading on intent (issue 13): a reader who only reads never downloads the runtime; the engine's
pages fetch each runtime file once, with a determinate progress bar in Spanish while it downloads."""

from __future__ import annotations

import re
import threading
from collections import Counter

import pytest
from playwright.sync_api import expect

from scripts.preview import Link, PacedHandler, make_server
from tests.conftest import ENGINE_READY, PageProblems, free_port, home_widget_names_a_royal_flush

RUNTIME = ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide.asm.mjs", ".whl")


class Traffic:
    """Every request of a page and the bytes received (CDP: encoded bytes, headers included)."""

    def __init__(self, page) -> None:
        self.urls: list[str] = []
        self.failed: list[str] = []
        self.bytes = 0
        page.on("request", lambda r: self.urls.append(r.url))
        page.on("requestfailed", lambda r: self.failed.append(f"{r.method} {r.url} {r.failure}"))
        self.cdp = page.context.new_cdp_session(page)
        self.cdp.send("Network.enable")
        self.cdp.on("Network.loadingFinished", self._finished)

    def _finished(self, event) -> None:
        self.bytes += event["encodedDataLength"]

    def runtime(self) -> list[str]:
        return [u for u in self.urls if u.split("?")[0].endswith(RUNTIME)]


def test_home_page_downloads_no_runtime_until_the_reader_heads_for_the_widget(checked_page):
    page = checked_page
    traffic = Traffic(page)
    page.clock.install()  # the page's timers run on a clock the test moves: a minute passes at once
    page.goto("")
    page.wait_for_load_state("networkidle")
    page.clock.run_for(60_000)  # a reader reading the top of the page for a minute, no interaction
    page.wait_for_timeout(1_000)  # real time for a download that a late timer would have started
    assert traffic.runtime() == [], "el runtime se descargó sin que el lector fuera al widget"
    assert traffic.bytes <= 1_500_000, f"{traffic.bytes} bytes recibidos sin interacción"
    assert page.locator("html").get_attribute("data-engine-phase") in (None, "idle")
    # Of the site's interactive parts (ui/features.js), the page loads the modules of those it has, no other.
    features = page.evaluate("""async () => {
      const url = document.querySelector('script[src*="ui/features.js"]').src;
      const { FEATURES } = await import(url);
      return FEATURES.map(([selector, module]) => [Boolean(document.querySelector(selector)), new URL(module, url).href]);
    }""")
    requested = {url.split("?")[0] for url in traffic.urls}
    assert any(present for present, _ in features) and any(not present for present, _ in features)
    assert [module for present, module in features if (module in requested) != present] == []
    home_widget_names_a_royal_flush(page)  # focus: the reader's intent
    counts = Counter(u.split("?")[0] for u in traffic.runtime())
    assert len(counts) == len(RUNTIME) and set(counts.values()) == {1}, counts
    assert traffic.failed == []


@pytest.fixture
def paced_site(built_site):
    """The built site on its own server, the preview host paced at 20 Mbit/s: the runtime's 5.7 MB take
    some 2.3 s, so a download in progress is on the page however fast the machine (from the plain
    loopback server it may all arrive before the page has drawn its bar)."""

    class Handler(PacedHandler):
        quiet = True
        link = Link()

    Handler.link.set((20e6, 0.0))
    server = make_server(built_site, free_port(), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def test_engine_page_starts_at_once_fetches_each_file_once_and_shows_bytes(page, paced_site):
    problems = PageProblems(page, paced_site)
    traffic = Traffic(page)
    page.add_init_script("""
        window.__progress = [];
        new MutationObserver(() => {
          const bar = document.querySelector("[data-engine-status] progress");
          const text = document.querySelector("[data-engine-status]");
          const own = document.querySelector("#simulador .sim-loading__bar");  // the simulator's own bar
          if (bar) window.__progress.push([bar.value, bar.max, text.textContent, own && [own.value, own.max]]);
        }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    """)
    page.goto(f"{paced_site}mata-ases/simulador/")
    page.wait_for_selector(ENGINE_READY, timeout=60_000)
    counts = Counter(u.split("?")[0] for u in traffic.runtime())
    assert len(counts) == len(RUNTIME) and set(counts.values()) == {1}, counts
    # the build's trimmed, compiled stdlib (site_hooks/lean_runtime.py), never the full one
    (stdlib,) = [u for u in counts if u.endswith("python_stdlib.zip")]
    assert "/assets/pyodide/engine/" in stdlib, stdlib
    assert traffic.failed == [], traffic.failed
    progress = page.evaluate("window.__progress")
    values = [value for value, *_ in progress]
    assert len(set(values)) >= 3 and values == sorted(values), values[:10]
    total = progress[-1][1]
    assert max(values) == total  # the build's byte count matches what the worker received
    # One source of progress: the words count the bytes the bars draw, and the simulator's own bar is
    # the status bar (not a phase counter stuck at 1/4 while the words count megabytes).
    counted = [(value, bar_max, re.search(r"([\d,]+) de ([\d,]+) MB$", text)) for value, bar_max, text, _ in progress]
    assert all(m for *_, m in counted), progress[-1]
    for value, bar_max, m in counted:
        said = [float(n.replace(",", ".")) for n in m.groups()]
        assert abs(said[0] - value / 1e6) < 0.051 and abs(said[1] - bar_max / 1e6) < 0.051, (m[0], value, bar_max)
    owns = [(own, [value, bar_max]) for value, bar_max, _, own in progress if own is not None]
    assert len(owns) >= 3 and all(own == status for own, status in owns), owns[:5]
    # «Motor listo» and its mark are drawn in the page's own font: no glyph the system must look for in
    # another font at that moment (the main thread would wait for its answer while the engine starts).
    assert platform_fonts(page, "[data-engine-status]") <= platform_fonts(page, ".md-content p"), \
        (platform_fonts(page, "[data-engine-status]"), platform_fonts(page, ".md-content p"))
    problems.check()


def platform_fonts(page, selector: str) -> set[str]:
    """The fonts the browser drew the first element matching ``selector`` with (pseudo-elements included)."""
    cdp = page.context.new_cdp_session(page)
    try:
        cdp.send("DOM.enable")
        cdp.send("CSS.enable")
        node = cdp.send("DOM.querySelector", {"nodeId": cdp.send("DOM.getDocument")["root"]["nodeId"],
                                              "selector": selector})["nodeId"]
        return {font["familyName"] for font in cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]}
    finally:
        cdp.detach()


def test_the_head_starts_the_worker_before_the_client_arrives(checked_page):
    """A page made for the engine starts its worker from its head (overrides/main.html), not once
    client.js has arrived: with client.js held back, the worker loads the engine and says so; client.js,
    let through, adopts that worker with what it said meanwhile (no second worker) and the engine answers.
    On a first visit (no service worker controls the page) it waits for the stylesheets: held back, the
    head's first script has run and no worker has started."""
    page = checked_page
    held, sheets, workers = [], [], []
    page.route("**/javascripts/engine/client.js*", lambda route: held.append(route))
    page.route("**/*.css", lambda route: sheets.append(route))
    page.on("request", lambda r: workers.append(r.url) if "/javascripts/engine/worker.js" in r.url else None)
    try:
        page.goto("mata-ases/simulador/", wait_until="commit")
        page.wait_for_function("typeof window.engineWorkerStart === 'function' && document.body === null")
        assert sheets and not workers and page.evaluate("navigator.serviceWorker.controller") is None
        page.unroute("**/*.css")
        for route in sheets:
            route.continue_()
        page.wait_for_function("""() => window.engineWorker && window.engineWorker.events.some(
            (event) => event.data && event.data.status === "ready")""", timeout=60_000)
        assert held and page.locator("html").get_attribute("data-engine-phase") is None
        for route in held:
            route.continue_()
        page.wait_for_selector(ENGINE_READY, timeout=30_000)
        assert page.evaluate("window.engineWorker") is None
        reply = page.evaluate("""async () => {
            const engine = await import(document.querySelector('script[src*="engine/client.js"]').src);
            return engine.request("hand-evaluate", { cards: ["As", "Ks", "Qs", "Js", "Ts"] });
        }""")
        assert "error" not in reply, reply
        assert len(workers) == 1, workers
        assert "&cache=poker-" in workers[0], workers[0]  # the build's cache, where a snapshot would be
    finally:
        page.unroute("**/javascripts/engine/client.js*")
        page.unroute("**/*.css")


def test_trimmed_stdlib_fetches_the_full_one_for_a_module_it_left_out(browser, base_url, built_site):
    """The first-visit route's safety net in Chromium: a worker started like the site's imports a
    stdlib module the build left out; sitecustomize fetches the full python_stdlib.zip with a
    synchronous request (allowed in a worker) and the import works."""
    (build,) = [p.name for p in (built_site / "assets" / "pyodide" / "engine").iterdir()]
    runtime = f"{base_url}assets/pyodide/"
    code = f"""
        import {{ loadPyodide }} from "{runtime}pyodide.mjs";
        self.onunhandledrejection = (event) => postMessage(String(event.reason));
        const py = await loadPyodide({{ indexURL: "{runtime}", stdLibURL: "{runtime}engine/{build}/python_stdlib.zip",
          env: {{ ENGINE_FULL_STDLIB: "{runtime}python_stdlib.zip" }}, stdout: () => {{}}, stderr: () => {{}} }});
        postMessage(py.runPython("import colorsys, sitecustomize; f'{{sitecustomize.MISSES}} {{colorsys.hls_to_rgb(0, 0.5, 1)}}'"));
    """
    context = browser.new_context(base_url=base_url, service_workers="block", bypass_csp=True)  # a blob: worker
    try:
        page = context.new_page()
        page.goto("404.html")
        reply = page.evaluate("""(code) => new Promise((resolve, reject) => {
            const url = URL.createObjectURL(new Blob([code], { type: "text/javascript" }));
            const worker = new Worker(url, { type: "module" });
            worker.onmessage = (event) => resolve(event.data);
            worker.onerror = (event) => reject(new Error(event.message));
        })""", code)
        assert reply == "['colorsys'] (1.0, 0.0, 0.0)", reply
    finally:
        context.close()


def test_no_service_worker_under_mkdocs_serve(browser, base_url):
    """`mkdocs serve` injects its live-reload script: then no service worker is registered (stale pages
    while authoring), and one registered earlier on the same origin is removed; nor is the site offered
    for offline use."""
    context = browser.new_context(base_url=base_url, service_workers="allow")
    try:
        page = context.new_page()
        page.goto("")
        page.set_default_timeout(90_000)  # a loaded machine is slow; every wait below is for an event
        assert page.evaluate("navigator.serviceWorker.ready.then(() => true)")  # registered and active
        assert page.evaluate("navigator.serviceWorker.getRegistrations().then((r) => r.length)") == 1
        page.locator(".md-footer-meta [data-offline-save] button").wait_for()  # with a service worker: the offer to save

        def as_under_mkdocs_serve(route):
            response = route.fetch()  # once: the page as the server sends it, plus the live-reload script
            route.fulfill(response=response, body=response.text().replace(
                "</body>", "<script>var livereload = function () {}; livereload(1, 2);</script></body>"),
                headers={"content-type": "text/html; charset=utf-8"})

        # On the context, not the page: the service worker's own fetch of the page is routed too.
        context.route("**/", as_under_mkdocs_serve)
        page.goto("")
        page.wait_for_function("navigator.serviceWorker.getRegistrations().then((r) => r.length === 0)")
        for box in page.locator("[data-offline-save], [data-offline-menu]").all():  # nothing to save while authoring
            expect(box).to_be_hidden(timeout=30_000)
    finally:
        context.close()


#: The engine's start as its worker told it (client.js timeline()), with the route it took.
START = """async () => {
  const engine = await import(document.querySelector('script[src*="engine/client.js"]').src);
  for (;;) {
    const t = engine.timeline();
    if (t && t.marks.some(([what]) => what.startsWith("primera respuesta"))) {
      return { route: engine.state().route, marks: t.marks.map(([what]) => what) };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}"""
DOWNLOADED = (".wasm", ".zip", ".whl")


def first_request_imports(marks: list[str]) -> int:
    (line,) = [m for m in marks if m.startswith("primera respuesta")]
    return int(line.rsplit(":", 1)[1])


def test_a_return_visit_restores_the_snapshot_its_browser_made_with_its_first_request_warm(browser, base_url):
    """Issue 52 item 1: without saving the site (no service worker at all here), the first visit's
    browser keeps the runtime and a memory snapshot of Python with the engine imported; the next visit
    restores it, downloads none of the runtime again, and has imported during its start what the
    first visit's requests imported: its first request imports nothing. The visit after that needs no
    new snapshot and is just as warm."""
    context = browser.new_context(base_url=base_url, service_workers="block")
    downloads: list[str] = []
    context.on("request", lambda r: downloads.append(r.url) if r.url.split("?")[0].endswith(DOWNLOADED) else None)
    try:
        starts = []
        for visit in range(3):
            page = context.new_page()
            page.goto("mata-ases/simulador/?rapido=1")
            page.wait_for_selector('#simulador[data-sim-state="turn"]', timeout=90_000)
            starts.append(page.evaluate(START))
            if visit == 0:
                page.wait_for_selector("html[data-engine-kept='snapshot']", state="attached", timeout=60_000)
                first_downloads = len(downloads)
            page.close()
        assert [s["route"] for s in starts] == ["plain", "snapshot", "snapshot"], starts
        assert first_request_imports(starts[0]["marks"]) > 0  # a cold start imports as it goes
        assert [first_request_imports(s["marks"]) for s in starts[1:]] == [0, 0], starts
        assert "instantánea tomada" in starts[1]["marks"]  # it imported what the first visit used: kept anew
        assert "instantánea tomada" not in starts[2]["marks"]  # nothing new: the kept one serves
        assert first_downloads >= 3 and len(downloads) == first_downloads, downloads
    finally:
        context.close()
