"""The Content-Security-Policy (site_hooks/csp.py) in Chromium: every page loads with no violation
(checked on the accessibility tests' page loads, which obey the policy and use LISTEN below), instant
navigation keeps it, and the engine still runs in its worker under it."""

from __future__ import annotations

import re

import pytest

from site_hooks.csp import inline_hashes
from tests.conftest import PageProblems, home_widget_names_a_royal_flush, wake_material

#: Records every violation the page reports (installed before any script of the page runs).
LISTEN = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
});
"""


@pytest.fixture
def csp_page(browser, browser_context_args, base_url):
    """A page that obeys the policy (the other tests' contexts bypass it for Playwright's own eval)."""
    context = browser.new_context(**{**browser_context_args, "bypass_csp": False})
    page = context.new_page()
    problems = PageProblems(page, base_url)
    page.add_init_script(LISTEN)
    yield page
    context.close()
    problems.check()


def _policy(html: str) -> str:
    match = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', html)
    assert match, "sin Content-Security-Policy"
    return match.group(1)


def test_every_page_has_the_policy_with_its_inline_scripts_hashed(built_site):
    for path in sorted(built_site.rglob("*.html")):
        if "assets" in path.relative_to(built_site).parts:
            continue
        html = path.read_text(encoding="utf-8")
        policy = _policy(html)
        assert "'unsafe-eval'" not in policy and "'unsafe-inline'" not in policy
        assert "'wasm-unsafe-eval'" in policy and "worker-src 'self'" in policy and "connect-src 'self'" in policy
        assert inline_hashes(html) <= set(re.findall(r"'sha256-[^']+'", policy)), path
        assert html.index("Content-Security-Policy") < html.index("<script"), path
        assert not re.search(r"<[a-z][^>]*\sstyle=", html), f"style=\"\" en {path}"


def test_instant_navigation_keeps_the_policy(csp_page):
    """The first page's policy governs every page swapped in after it. (Every page loaded afresh, its
    engine started where it starts at once, reports no violation: tests/browser/test_accessibility.py
    loads them all under the policy with this listener.)"""
    page = csp_page
    page.route("**/javascripts/engine/worker.js*", lambda route: route.fulfill(
        status=200, content_type="text/javascript", body="// the engine is not loaded in this test\n"))
    page.goto("", wait_until="load")  # inline scripts run while parsing
    wake_material(page)  # Material's bundle, on the first key
    assert page.evaluate("window.__csp") == []
    for link in ("mata-ases/", "ultimate/", "holdem/"):
        page.locator(f'a[href$="{link}"]').first.click()
        page.wait_for_url(f"**/{link}")
        page.wait_for_load_state("networkidle")
    assert page.evaluate("window.__csp") == []


def test_the_engine_runs_under_the_policy(csp_page):
    page = csp_page
    page.goto("")
    home_widget_names_a_royal_flush(page)
    assert page.evaluate("window.__csp") == []
