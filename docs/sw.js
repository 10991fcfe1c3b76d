// Service worker of the site (registered by docs/javascripts/engine/offline.js, never under `mkdocs serve`).
// site_hooks/engine_bundle.py fills VERSION (the engine's build hash) and FILES (every page, asset and
// runtime file of this build, each with the bytes it costs to download from a host that compresses)
// when it builds the site.
//
// - One cache per build ("poker-<hash>"); activating a new build deletes the others, so an old engine
//   never meets new pages.
// - The Pyodide runtime and the engine (assets/pyodide/, versioned URLs) come from the cache first.
// - Pages and other assets come from the network first (no stale pages while online) and are kept for
//   offline use; offline, the cached copy answers (a missing page: the cached 404 page, status 404).
// - A visit downloads what it uses, and the cache keeps only that. The first visit's files came before
//   this worker controlled the page: once the engine has loaded, the page names what it and its engine
//   worker used ({type: "keep", urls}) and they are copied from the browser's HTTP cache (no second
//   download), so a reload offline works after one visit; what the engine's worker fetches it keeps
//   itself as it arrives (engine/downloads.js), with the memory snapshot it makes (engine/snapshot.js).
//   The whole build (every page, the full standard library: FILES) is downloaded only when the page asks
//   ({type: "save", how}): when the reader asked for it («Guardar el sitio…», how = "request"), or by
//   itself where the browser says the connection is not metered and Save-Data is off (how = "auto",
//   asked by offline.js once the engine has loaded; connectionAllows() decides). A saved site stays saved: a new build saves itself on install when the old
//   one was saved on request, or automatically and the connection still allows it.
// - A damaged copy (a file of a saved site missing from the cache): offline, a page says what is
//   missing of the code it really uses (its scripts and what they import, not every script of the site)
//   and what to do (reconnect), and a missing worker script is answered by a stand-in worker
//   that says so; online, the next page view downloads what is missing (the copy repairs itself).
const VERSION = "dev";
const FILES = [];
const PREFIX = "";  // the hook writes engine_bundle.CACHE_PREFIX here
const CACHE = PREFIX + VERSION;
const RUNTIME = "assets/pyodide/";
// A cache entry that is not a file of the site: how the site was saved ("request" or "auto").
const SAVED_KEY = "__sitio-guardado";
const scope = new URL(self.registration.scope);
const url = (path) => new URL(path, scope).href;
// The site's own code: offline, a page checks that none of what it uses is missing (neededCode()).
const CODE = FILES.map(([path]) => path).filter((path) => path.startsWith("javascripts/") && path.endsWith(".js"));
const WORKER = "javascripts/engine/worker.js";
// The site's page for a page of the site not kept on the device, offline (docs/sin-conexion.md): kept when
// this worker installs (one small page, the only file it fetches by itself), answered with status 503.
const OFFLINE = "sin-conexion/";
const PAGE_PATHS = new Set(FILES.map(([path]) => path).filter((path) => path === "" || path.endsWith("/")));
const AGAIN = "Vuelve a conectarte a internet y recarga la página: la copia se reparará sola.";

function inScope(address) {
  return address.origin === scope.origin && address.pathname.startsWith(scope.pathname);
}

async function savedHow(cache) {
  const marker = await cache.match(url(SAVED_KEY));
  return marker ? marker.text() : null;
}

/** Whether the browser says downloading the whole site by itself is fine: the connection is Wi-Fi or
 * Ethernet (not metered) and Save-Data is off. When the browser tells nothing: no. The one place of
 * this rule (the pages ask: {type: "save", how: "auto"}). */
function connectionAllows() {
  const connection = self.navigator && self.navigator.connection;
  if (!connection || connection.saveData !== false) return false;
  if (connection.metered === true) return false;
  if (connection.effectiveType && connection.effectiveType !== "4g") return false;  // slow: not 14 MB now
  return connection.type === "wifi" || connection.type === "ethernet";
}

/** Whether the cache holds the file at path (a page or script kept with its query, e.g. worker.js?v=…,
 * counts; the lock file is kept under its exact URL, query included). */
async function has(cache, path) {
  return Boolean(await cache.match(url(path), { ignoreSearch: !path.includes("?") }));
}

/** The files of FILES not in the cache: [url, bytes]. */
async function missingFiles(cache) {
  const missing = [];
  for (const [path, bytes] of FILES) if (!(await has(cache, path))) missing.push([url(path), bytes]);
  return missing;
}

let saving = null;  // the save in progress (one at a time)
const progress = { done: 0, total: 0 };

/** Download every missing file of the build (a few at a time: the runtime's big files must not starve
 * the page), telling the pages how far it got; then mark the site saved. */
function saveAll(how) {
  if (saving) return saving;
  saving = (async () => {
    const cache = await caches.open(CACHE);
    const queue = await missingFiles(cache);
    progress.done = 0;
    progress.total = queue.reduce((sum, [, bytes]) => sum + bytes, 0);
    let lastTold = 0;
    async function fetcher() {
      while (queue.length) {
        const [address, bytes] = queue.shift();
        const response = await fetch(address, { cache: "no-cache" });
        if (!response.ok) throw new Error(`${response.status} ${address}`);
        await cache.put(address, response);
        progress.done += bytes;
        if (Date.now() - lastTold > 250) {
          lastTold = Date.now();
          tell({ type: "saving", done: progress.done, total: progress.total });
        }
      }
    }
    await Promise.all([fetcher(), fetcher(), fetcher()]);
    const before = await savedHow(cache);
    if (before !== "request") await cache.put(url(SAVED_KEY), new Response(how));
    return progress.total;
  })().finally(() => { saving = null; });
  return saving;
}

async function tell(message) {
  for (const client of await self.clients.matchAll({ type: "window" })) client.postMessage(message);
}

/** What the page's offer shows: how the site is saved (null: not), what is left to download (bytes). */
async function status() {
  const cache = await caches.open(CACHE);
  const missing = await missingFiles(cache);
  return { type: "status", version: VERSION, saved: missing.length ? null : await savedHow(cache),
    bytes: missing.reduce((sum, [, bytes]) => sum + bytes, 0), saving: Boolean(saving), ...progress };
}

async function previouslySaved() {
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) && name !== CACHE) {
      const how = await savedHow(await caches.open(name));
      if (how) return how;
    }
  }
  return null;
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    try {
      const cache = await caches.open(CACHE);
      if (!(await cache.match(url(OFFLINE)))) await cache.add(url(OFFLINE));
    } catch (error) {
      console.warn("[sin conexión] la página sin conexión no se pudo guardar:", String(error));
    }
    const how = await previouslySaved();
    if (how === "request" || (how === "auto" && connectionAllows())) {
      try {
        await saveAll(how);
      } catch (error) {
        console.warn("[sin conexión] la copia nueva no se pudo guardar:", String(error));
      }
    }
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

/** Copy into the cache what the page used before this worker controlled it (the first visit), from the
 * browser's HTTP cache only: nothing is downloaded a second time, and a file the HTTP cache lacks is
 * left out. The URLs are the page's own (its address, its resources, its engine worker's fetches), in
 * this site's scope; the list is bounded. Returns how many files were copied. */
async function keepUsed(urls, { tries = KEEP_TRIES, pause = KEEP_PAUSE_MS } = {}) {
  const cache = await caches.open(CACHE);
  let left = [];
  for (const address of new Set(Array.isArray(urls) ? urls.slice(0, MAX_KEPT) : [])) {
    try {
      const target = new URL(String(address));
      target.hash = "";
      if (inScope(target) && !target.pathname.startsWith(scope.pathname + "livereload")) left.push(target.href);
    } catch {
      // not an address
    }
  }
  let kept = 0;
  for (let attempt = 0; attempt < tries && left.length; attempt++) {
    // An entry the browser is still writing (the wasm gets its compiled code stored beside it once it is
    // compiled) is not readable yet: asked again a moment later, still from the HTTP cache only.
    if (attempt) await new Promise((resolve) => setTimeout(resolve, pause));
    const missed = [];
    for (const address of left) {
      if (await cache.match(address)) continue;
      try {
        const response = await fetch(address, { cache: "only-if-cached", mode: "same-origin" });
        if (response.ok && response.type === "basic") {
          await cache.put(address, response);
          kept += 1;
          continue;
        }
      } catch {
        // not in the HTTP cache (or not readable yet)
      }
      missed.push(address);
    }
    left = missed;
  }
  return kept;  // what the HTTP cache never had is kept by the next visit as it uses it
}
// How many times keepUsed() asks the HTTP cache for a file, and the pause between two rounds.
const KEEP_TRIES = 4;
const KEEP_PAUSE_MS = 1500;
// The most URLs one page may ask to keep (a page and its engine use about 60).
const MAX_KEPT = 500;

self.addEventListener("message", (event) => {
  const data = event.data || {};
  const reply = (message) => event.source && event.source.postMessage(message);
  if (data.type === "keep") {
    event.waitUntil(keepUsed(data.urls).then((kept) => reply({ type: "kept", kept })));
  } else if (data.type === "status") {
    event.waitUntil(status().then(reply));
  } else if (data.type === "repair") {
    event.waitUntil(repair().then(() => status()).then(reply));
  } else if (data.type === "save") {
    const how = data.how === "auto" ? "auto" : "request";
    if (how === "auto" && !connectionAllows()) {  // the reader may still ask: the offer, brought up to date
      event.waitUntil(status().then(reply));
      return;
    }
    event.waitUntil(saveAll(how).then(
      () => tell({ type: "saved", version: VERSION, how }),
      (error) => tell({ type: "save-failed", message: String(error && error.message || error) }),
    ));
  }
});

/** The response to give again: a new Response (no URL of its own: a worker keeps the URL it asked for,
 * query included), with the status given. */
function again(hit, status = hit.status, body = hit.body) {
  const headers = new Headers(hit.headers);
  if (body !== hit.body) headers.delete("content-length");
  const words = { 404: "Not Found", 503: "Service Unavailable" };
  return new Response(body, { status, statusText: words[status] || hit.statusText, headers });
}

function escapeHTML(text) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

// Static imports of a module (import … from "x", export … from "x", import "x"); dynamic import() is
// left out: features.js imports each part only on a page that has it, and the page lists those itself.
const IMPORTS = /\b(?:import|export)\b[^'"`;()]*?\bfrom\s*["']([^"']+)["']|\bimport\s*["']([^"']+)["']/g;

/** The site's scripts a page really uses (paths of CODE): the ones its HTML loads (script src, module
 * preloads, its engine worker) and, read from the cache, everything they import; {needed, missing}. */
async function neededCode(cache, html, pageURL) {
  const code = new Set(CODE);
  const pathOf = (href, base) => {
    try {
      const address = new URL(href.replace(/&amp;/g, "&"), base);
      if (!inScope(address)) return null;
      const path = address.pathname.slice(scope.pathname.length);
      return code.has(path) ? path : null;
    } catch {
      return null;
    }
  };
  const queue = [];
  for (const [tag] of html.matchAll(/<(?:script|link|meta)\b[^>]*>/gi)) {
    const attr = (name) => (tag.match(new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`, "i")) || [])[1];
    const isLink = /^<link/i.test(tag);
    const href = isLink ? (/modulepreload/i.test(attr("rel") || "") && attr("href")) : (attr("src") || attr("data-worker"));
    const path = href && pathOf(href, pageURL);
    if (path) queue.push(path);
  }
  const needed = new Set();
  const missing = [];
  while (queue.length) {
    const path = queue.shift();
    if (needed.has(path)) continue;
    needed.add(path);
    const hit = await cache.match(url(path), { ignoreSearch: true });
    if (!hit) {
      missing.push(path);
      continue;
    }
    for (const match of (await hit.text()).matchAll(IMPORTS)) {
      const next = pathOf(match[1] || match[2], url(path));
      if (next && !needed.has(next)) queue.push(next);
    }
  }
  return { needed: [...needed], missing: missing.sort() };
}

/** A page answered offline from the cache: when the code it uses is not all there, the page says at its
 * top which files are missing and what to do (without them its widgets cannot start). */
async function offlinePage(cache, hit, status, pageURL = hit.url || scope.href) {
  if (!(hit.headers.get("content-type") || "").includes("text/html")) return again(hit, status);
  const html = await hit.clone().text();
  const { missing } = await neededCode(cache, html, pageURL);
  if (!missing.length) return again(hit, status);
  const items = missing.map((path) => `<li><code>${escapeHTML(path)}</code></li>`).join("");
  const notice = `<div class="admonition failure offline-damaged" role="alert">`
    + `<p class="admonition-title">La copia del sitio guardada en este dispositivo está incompleta</p>`
    + `<p>Sin conexión, faltan estos archivos y las partes interactivas de la página no pueden funcionar:</p>`
    + `<ul>${items}</ul><p>${AGAIN}</p></div>`;
  const at = html.search(/<article\b[^>]*>/);
  const end = at < 0 ? html.search(/<body\b[^>]*>/) : at;
  if (end < 0) return again(hit, status);
  const open = html.slice(end).match(/^<[^>]*>/)[0];
  return again(hit, status, html.slice(0, end + open.length) + notice + html.slice(end + open.length));
}

/** Offline, a page of the site that is not kept: the offline page, at the page's own address (its links and
 * files resolved from its own, by a <base>; a reload with a connection brings the page asked for). */
async function notKept(offline, status = 503) {
  const html = await offline.text();
  const head = html.match(/<meta http-equiv="Content-Security-Policy"[^>]*>/i) || html.match(/<head\b[^>]*>/i);
  if (!head) return again(offline, status, html);
  const at = head.index + head[0].length;
  return again(offline, status, `${html.slice(0, at)}<base href="${escapeHTML(url(OFFLINE))}">${html.slice(at)}`);
}

/** Offline, the worker script is not in the cache: a stand-in worker tells the page what is missing. */
function missingWorker() {
  const message = `falta ${WORKER} en la copia del sitio guardada en este dispositivo. ${AGAIN}`;
  return new Response(`self.postMessage(${JSON.stringify({ status: "failed", message })});\n`,
    { status: 200, headers: { "content-type": "text/javascript; charset=utf-8" } });
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);  // exact URL: the lock file's query names its build
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

/** Online (a page view, or the page saw the network come back): a saved site downloads what its copy
 * is missing, if anything (a damaged cache repairs itself). */
async function repair() {
  if (saving) return;
  const cache = await caches.open(CACHE);
  const how = await savedHow(cache);
  if (how) await saveAll(how).catch((error) => console.warn("[sin conexión] reparación:", String(error)));
}

async function networkFirst(event) {
  const { request } = event;
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    // kept while the page already reads it (not after the copy is written)
    if (response.ok && response.type === "basic") event.waitUntil(cache.put(request, response.clone()));
    if (request.mode === "navigate") event.waitUntil(repair());
    return response;
  } catch (error) {
    const hit = await cache.match(request, { ignoreSearch: true });
    if (hit) return offlinePage(cache, hit, hit.status, request.url);
    if (request.destination === "worker" && new URL(request.url).pathname === new URL(url(WORKER)).pathname) {
      return missingWorker();
    }
    if (request.mode === "navigate") {
      const exists = PAGE_PATHS.has(new URL(request.url).pathname.slice(scope.pathname.length));
      const notFound = exists ? null : await cache.match(url("404.html"));
      if (notFound) return offlinePage(cache, notFound, 404);  // a page that does not exist: 404, not 200
      const offline = await cache.match(url(OFFLINE));  // (without the 404 page: this one, as a 404)
      if (offline) return notKept(offline, exists ? 503 : 404);
    }
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const address = new URL(request.url);
  if (request.method !== "GET" || !inScope(address) || address.pathname.startsWith(scope.pathname + "livereload")) {
    return;
  }
  const runtime = address.pathname.startsWith(scope.pathname + RUNTIME);
  event.respondWith(runtime ? cacheFirst(request) : networkFirst(event));
});
