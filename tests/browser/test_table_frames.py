"""The table never stutters (issue 52 item 2): while a reader plays, the table's code never makes the
browser lay the page out on the spot (a read of a size or a position right after a change: hundreds of ms
per game event on a phone); the browser lays it out once per frame, and no task is much longer than a frame.

At 360 px, by touch, on the Hold'em free table with no pauses (every event of a batch drawn in one task:
the worst case), a Chromium trace of eight reader actions. Judged by ratios within the same trace, never by
times: the layouts that script forced against all layouts, the layouts against the frames drawn, and the
longest main-thread task against the median frame (CPU time: a loaded machine slows them alike).
"""

from __future__ import annotations

import json
import statistics
from contextlib import contextmanager

ROOT = "#mesa-holdem"
PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}
#: The button a reader taps next: deal (or the next hand), else check or call, else the first option.
NEXT = """(root) => {
  const table = document.querySelector(root);
  const deal = table.querySelector('.mesa-deal:not([hidden]):not([disabled]), .mesa-another:not([disabled])');
  if (deal) return deal.classList.contains('mesa-deal') ? '.mesa-deal' : '.mesa-another';
  const options = [...table.querySelectorAll('.sim-controls:not([hidden]) button[data-action]:not([disabled])')];
  const pick = options.find((b) => ['check', 'call'].includes(b.dataset.action)) || options[0];
  return `.sim-controls button[data-action="${pick.dataset.action}"]`;
}"""
SETTLED = "(root) => ['idle', 'turn', 'over'].includes(document.querySelector(root).dataset.mesaState)"
CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline",
              "disabled-by-default-devtools.timeline.stack"]


@contextmanager
def holdem_table(browser, base_url: str, query: str = ""):
    """The Hold'em free table at 360 px, its engine ready, in a context of its own."""
    context = browser.new_context(base_url=base_url, service_workers="block", **PHONE)
    try:
        page = context.new_page()
        page.goto(f"holdem/mesa/{query}")
        page.wait_for_selector(f'{ROOT}[data-mesa-state="idle"]', timeout=90_000)
        yield page
    finally:
        context.close()


def main_thread(events: list[dict]) -> list[dict]:
    """A Chrome trace's complete events on the page's main thread."""
    main = {(e["pid"], e["tid"]) for e in events
            if e.get("name") == "thread_name" and e.get("args", {}).get("name") == "CrRendererMain"}
    return [e for e in events if (e.get("pid"), e.get("tid")) in main and e.get("ph") == "X"]


def test_the_free_table_lays_out_once_a_frame_while_a_reader_plays(browser, base_url):
    with holdem_table(browser, base_url, "?rapido=1") as page:
        page.tap("h1")  # Material's script starts on the first touch: before the trace, not in it
        page.wait_for_selector("html[data-material='on']", state="attached")
        browser.start_tracing(page=page, categories=CATEGORIES)
        try:
            for _ in range(8):
                page.tap(f"{ROOT} {page.evaluate(NEXT, ROOT)}")
                page.wait_for_function(SETTLED, arg=ROOT, timeout=60_000)
        finally:
            events = json.loads(browser.stop_tracing())["traceEvents"]
    mine = main_thread(events)
    layouts = [e for e in mine if e["name"] == "Layout"]
    forced = [e for e in layouts if (e.get("args", {}).get("beginData") or {}).get("stackTrace")]
    # The site's scripts only: Material's own (its header follows the scroll) are not the table's.
    ours = [e for e in forced if any("/javascripts/" in url and "/assets/javascripts/" not in url
                                     for url in (f.get("url", "") for f in e["args"]["beginData"]["stackTrace"]))]
    paints = [e["ts"] for e in mine if e["name"] == "Paint"]
    tasks = [e for e in mine if e["name"] == "RunTask"]
    inside = lambda task, stamps: any(task["ts"] <= ts < task["ts"] + task["dur"] for ts in stamps)  # noqa: E731
    frames = [t for t in tasks if inside(t, paints)]
    drawn = [t for t in frames if inside(t, [e["ts"] for e in layouts if e.get("tdur", 0) > 500])]  # a relayout
    cpu = lambda events: sum(e.get("tdur", 0) for e in events)  # noqa: E731
    assert layouts and drawn, "la traza no recogió el dibujo de la mesa"
    where = sorted({" < ".join(f"{f.get('functionName')}@{f.get('url', '').rsplit('/', 1)[-1]}:{f.get('lineNumber')}"
                               for f in e["args"]["beginData"]["stackTrace"][:3]) for e in ours})
    assert cpu(ours) <= 0.05 * cpu(layouts), where  # layouts the table's code forced: none of note
    assert len(layouts) <= 2 * len(frames), (len(layouts), len(frames))  # the frame's own, and one after its observers
    longest = max(t.get("tdur", 0) for t in tasks)
    typical = statistics.median(t.get("tdur", 0) for t in drawn)
    # No task much longer than a frame that draws the table: 1.5-1.7 times the median here when idle, 3.1 once
    # on a loaded CI machine; the stutter this guards against (issue 52: 1 s tasks) was 20 times a frame.
    assert longest <= 5 * typical, (longest, typical)
