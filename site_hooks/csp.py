"""MkDocs hook: a Content-Security-Policy on every page, as a ``<meta http-equiv>`` (a static host
may not let us send headers).

The policy allows scripts from this site only, plus the inline scripts the build writes (Material's
own and the engine's start in ``overrides/main.html``), each by its SHA-256 hash, computed from the
final HTML. Material's instant navigation keeps the first page's policy while it swaps in the next
page, so every page carries the hashes of the inline scripts of EVERY page: the hook runs once the
whole site is written (``on_post_build``). ``'wasm-unsafe-eval'`` lets Pyodide compile WebAssembly;
there is no ``'unsafe-eval'`` and no ``'unsafe-inline'`` (no ``style=""`` attribute in any page:
tables use ``align``; scripts style through the CSSOM, which the policy allows).

Under ``mkdocs serve`` no policy is written: the live-reload script MkDocs injects is inline and
changes on every build.
"""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

#: Every directive but script-src (which gets the hashes). Meta policies cannot set frame-ancestors.
DIRECTIVES = (
    "default-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
)
SCRIPT_SRC = "script-src 'self' 'wasm-unsafe-eval'"

_SCRIPT_RE = re.compile(r"<script\b([^>]*)>(.*?)</script\s*>", re.S | re.I)
_TYPE_RE = re.compile(r"""\btype\s*=\s*["']?([^"'\s>]+)""", re.I)
_META_RE = re.compile(r'<meta http-equiv="Content-Security-Policy"[^>]*>\n?', re.I)
_HEAD_RE = re.compile(r"<head\b[^>]*>(?:\s*<meta charset=[^>]*>)?", re.I)  # the charset stays in the first 1024 bytes
#: Script types the browser runs (others, like application/json, are data and need no hash).
_RUNNABLE = {"", "module", "text/javascript", "application/javascript"}

_serving = False


def on_startup(command: str, dirty: bool) -> None:
    global _serving
    _serving = command == "serve"


def inline_hashes(html: str) -> set[str]:
    """The CSP source (``'sha256-…'``) of each inline script the browser would run."""
    found = set()
    for attrs, body in _SCRIPT_RE.findall(html):
        kind = _TYPE_RE.search(attrs)
        if re.search(r"\bsrc\s*=", attrs, re.I) or (kind and kind.group(1).lower() not in _RUNNABLE):
            continue
        digest = base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode("ascii")
        found.add(f"'sha256-{digest}'")
    return found


def policy(hashes: set[str]) -> str:
    return "; ".join((" ".join([SCRIPT_SRC, *sorted(hashes)]), *DIRECTIVES))


def with_policy(html: str, content: str) -> str:
    """``html`` with the policy at the top of its ``<head>``, after ``<meta charset>`` (replacing an
    older one)."""
    html = _META_RE.sub("", html)
    head = _HEAD_RE.search(html)
    if head is None:
        return html
    tag = f'<meta http-equiv="Content-Security-Policy" content="{content}">'
    return html[: head.end()] + "\n  " + tag + html[head.end():]


def apply(site_dir: Path) -> str:
    """Write the site-wide policy into every page of ``site_dir``; returns the policy."""
    pages = [p for p in sorted(site_dir.rglob("*.html")) if "assets" not in p.relative_to(site_dir).parts]
    texts = {p: p.read_text(encoding="utf-8") for p in pages}
    hashes = set().union(*(inline_hashes(t) for t in texts.values())) if texts else set()
    content = policy(hashes)
    for path, text in texts.items():
        updated = with_policy(text, content)
        if updated != text:
            path.write_text(updated, encoding="utf-8")
    return content


def on_post_build(config, **kwargs) -> None:
    if not _serving:
        apply(Path(config["site_dir"]))
