// Service worker of the site (registered by docs/javascripts/engine/offline.js, never under `mkdocs serve`).
// site_hooks/engine_bundle.py fills VERSION (the engine's build hash) and FILES (every page, asset and
// runtime file of this build) when it builds the site.
//
// - One cache per build ("poker-<hash>"); activating a new build deletes the others, so an old engine
//   never meets new pages.
// - The Pyodide runtime and the engine (assets/pyodide/, versioned URLs) come from the cache first.
// - Pages and other assets come from the network first (no stale pages while online) and are kept for
//   offline use; offline, the cached copy answers.
// - A reader who only reads caches only what they read. Once the engine has loaded (the reader chose it
//   and has the runtime), a page asks for the whole build ({type: "precache"}), and a new build of a site
//   the reader used offline precaches itself on install: from then on every page and engine feature
//   works with the network off.
const VERSION = "dev";
const FILES = [];
const PREFIX = "poker-";
const CACHE = PREFIX + VERSION;
const RUNTIME = "assets/pyodide/";
const scope = new URL(self.registration.scope);

function inScope(url) {
  return url.origin === scope.origin && url.pathname.startsWith(scope.pathname);
}

async function precacheAll() {
  const cache = await caches.open(CACHE);
  const missing = [];
  for (const path of FILES) {
    const url = new URL(path, scope).href;
    if (!(await cache.match(url))) missing.push(url);
  }
  // A few at a time: the runtime's big files must not starve the page.
  const queue = missing.slice();
  async function worker() {
    while (queue.length) {
      const url = queue.shift();
      const response = await fetch(url, { cache: "no-cache" });
      if (!response.ok) throw new Error(`${response.status} ${url}`);
      await cache.put(url, response);
    }
  }
  await Promise.all([worker(), worker(), worker()]);
  return missing.length;
}

async function usedBefore() {
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) && name !== CACHE) {
      const old = await caches.open(name);
      const keys = await old.keys();
      if (keys.some((request) => request.url.endsWith(".wasm"))) return true;
    }
  }
  return false;
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    if (await usedBefore()) await precacheAll();
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

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type !== "precache") return;
  event.waitUntil(precacheAll().then(
    () => event.source && event.source.postMessage({ type: "precached", version: VERSION }),
    (error) => event.source && event.source.postMessage({ type: "precache-failed", message: String(error) }),
  ));
});

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);  // exact URL: the lock file's query names its build
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic") await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const hit = await cache.match(request, { ignoreSearch: true });
    // A new Response (no URL of its own): a worker keeps the URL it asked for, query included.
    if (hit) return new Response(hit.body, { status: hit.status, statusText: hit.statusText, headers: hit.headers });
    if (request.mode === "navigate") {
      const notFound = await cache.match(new URL("404.html", scope).href);
      if (notFound) return notFound;
    }
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== "GET" || !inScope(url) || url.pathname.startsWith(scope.pathname + "livereload")) return;
  const runtime = url.pathname.startsWith(scope.pathname + RUNTIME);
  event.respondWith(runtime ? cacheFirst(request) : networkFirst(request));
});
