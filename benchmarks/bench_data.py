"""Bytes per visit (issue 24, «Data a reader did not ask for»), by page, from a host that compresses.

For each page, in a fresh context with the service worker allowed (Chromium tells no connection type,
so the site does not save itself): what the visit downloads until the page has settled (the page and
what it uses: Material, the engine where the page starts it), then what the service worker downloads
by itself in the next 10 s (target: nothing). Beside it, in the same run: what saving the whole site
costs when the reader asks («Guardar el sitio para usarlo sin conexión»), which is what every visit
that loaded the engine used to download in the background, and the figure the offer shows (computed
at build time). Prints figures; asserts nothing.

Usage: .venv/bin/python benchmarks/bench_data.py
"""

from __future__ import annotations

import time

from browser_common import LINK, chromium, served_site
from results import es, record

from tests.conftest import ENGINE_READY

#: (page, starts the engine by itself)
PAGES = [("", False), ("mata-ases/", False), ("holdem/", False), ("ultimate/", False),
         ("mata-ases/simulador/", True), ("mata-ases/mesa-libre/", True), ("holdem/probabilidades/", True),
         ("ultimate/entrenador/", True)]
QUIET_S = 3.0
BACKGROUND_S = 10.0


def settle(limit: float = 90.0) -> tuple[int, int]:
    """Wait until the host has sent nothing for QUIET_S seconds; the counts (raw, wire) then."""
    end = time.monotonic() + limit
    last, since = LINK.counts(), time.monotonic()
    while time.monotonic() < end:
        time.sleep(0.25)
        now = LINK.counts()
        if now != last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since >= QUIET_S:
            break
    return last


def mb(counts: tuple[int, int]) -> str:
    return f"{counts[1] / 1e6:6.2f} MB ({counts[0] / 1e6:6.2f} MB sin comprimir)"


def visit(browser, base_url: str, path: str, engine: bool, *, save: bool = False):
    context = browser.new_context(base_url=base_url, service_workers="allow")
    page = context.new_page()
    try:
        LINK.set(None)
        page.goto(path)
        if engine:
            page.wait_for_selector(ENGINE_READY, timeout=120_000)
        page_bytes = settle()
        time.sleep(BACKGROUND_S)
        after = settle()
        background = (after[0] - page_bytes[0], after[1] - page_bytes[1])
        saved = offer = None
        if save:
            button = page.locator(".md-footer-meta [data-offline-save] button")
            button.wait_for(timeout=30_000)
            offer = button.text_content()
            LINK.set(None)
            button.click()
            page.wait_for_selector("html[data-offline-ready]", timeout=300_000)
            saved = settle()
        stored = page.evaluate("navigator.storage.estimate().then((e) => e.usage)")
        return page_bytes, background, saved, offer, stored
    finally:
        context.close()


def main() -> None:
    with served_site() as base_url, chromium() as browser:
        print("Bytes por visita, por página (contexto nuevo, service worker permitido, servidor con gzip)")
        print(f"  {'página':28s} {'la visita (página y lo que usa)':44s} {'service worker por su cuenta, 10 s':44s}")
        for path, engine in PAGES:
            page_bytes, background, _, _, _ = visit(browser, base_url, path, engine)
            print(f"  /{path:27s} {mb(page_bytes):44s} {mb(background):44s}")
            record(f"Bytes de una visita a /{path}", mb(page_bytes).replace(".", ","),
                   f"el service worker por su cuenta, 10 s: {mb(background).replace('.', ',')}", goal="0 por su cuenta")
        print("  objetivo: el service worker no descarga nada por su cuenta (antes: el sitio entero tras cargar el motor)")
        page_bytes, _, saved, offer, stored = visit(browser, base_url, "mata-ases/simulador/", True, save=True)
        print("Guardar el sitio a petición del lector (simulador, tras su visita)")
        print(f"  la oferta dice: «{offer}»")
        print(f"  descarga al guardarlo: {mb(saved)} (lo que antes bajaba toda visita que cargaba el motor)")
        print(f"  almacenado en el navegador después (navigator.storage.estimate): {stored / 1e6:.1f} MB")
        record("Guardar el sitio a petición (tras visitar el simulador)", f"{mb(saved)} recibidos".replace(".", ","),
               f"la oferta dice «{offer}»", goal=f"almacenado: {es(stored / 1e6, 1)} MB")


if __name__ == "__main__":
    main()
