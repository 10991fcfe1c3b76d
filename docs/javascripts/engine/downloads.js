// Where the runtime's files come from, for the runtime's start (runtime.js): the worker's own address
// (the build, its cache, the bytes to expect), and the worker's overrides of `fetch` and
// `WebAssembly.instantiateStreaming`, through which Pyodide asks for them.
//
// - The big files (the wasm, the standard library, the engine wheel) are fetched by the worker itself,
//   one request each, counted as they stream in (status "download" with {loaded, total}) and checked,
//   so a bad deployment becomes a clear message instead of an endless wait (Pyodide never settles when
//   its .wasm is missing or served with the wrong type). Pyodide asks for them through the global fetch:
//   it gets the response the worker began (`begin`), not a second request.
// - What arrives is kept in this build's cache as it passes (`keep`: a copy of the same response, no
//   second download), whatever the browser's HTTP cache does with it: the next visit, and a reload
//   offline, find it there even when the service worker did not control this page yet.
// - A return visit reads them from that cache (`fromCache`), the network only for what it lacks.
import { mark, reason, status } from "./report.js";

const here = new URL(self.location.href);
/** The engine's build hash (the worker's ?v=), "dev" under `mkdocs serve`. */
export const build = here.searchParams.get("v") || "dev";
export const indexURL = new URL("../../assets/pyodide/", here).href;
/** The cache where the service worker keeps this build (the worker's ?cache=), or null. */
export const cacheName = here.searchParams.get("cache");
/** This build's own files (the trimmed stdlib, the engine wheel): gone from the host once a newer build
 * replaced it. */
export const buildFolder = new URL(`engine/${encodeURIComponent(build)}/`, indexURL).href;
const expectedBytes = Number(here.searchParams.get("bytes")) || 0;

/** A page of an older build than the host's (an open tab, after an update): its engine cannot start. */
export const UPDATED = "Esta página es de una versión anterior del sitio, que el servidor ya no tiene: recarga la "
  + "página para usar la nueva.";
let outdated = false;

/** This page is out of date (`UPDATED`): its build's cache goes (the new version's service worker deleted
 * it already; what this start kept meanwhile goes with it), and the error to fail with. */
export function updated() {
  outdated = true;
  forgetBuild();
  return new Error(UPDATED);
}

function forgetBuild() {
  if (cacheName && self.caches) caches.delete(cacheName).catch(() => {});
}

const nativeFetch = self.fetch.bind(self);
export { nativeFetch };

// ---- failures ----

let failDownload;
/** Rejects with a Spanish message as soon as a runtime file cannot be had (the start races it). */
export const downloadFailed = new Promise((_, reject) => { failDownload = reject; });
downloadFailed.catch(() => {});
export { failDownload };

// ---- the wasm ----

// When the runtime's wasm is compiled and instantiated (Pyodide streams it through this call). Then
// Python starts at once and keeps this thread busy for seconds: what must be asked of the network by
// then is asked in `whenCompiled`, synchronously.
// A return visit compiles the wasm itself, while the snapshot is read (`precompile`): Pyodide asks to
// instantiate it only once it has the snapshot's bytes.
// A wasm that does not compile (a damaged copy in the cache or on the host) fails its route here, with
// its reason (Pyodide would only warn and never settle), and the copy in this build's cache, if any, is
// deleted (the runtime comes from the cache first): a return visit then starts the plain way, which
// downloads it again; a plain start fails, and the next load downloads it again.
let compiled = () => {};
let precompiled = null;
let failRestore = () => {};
const nativeInstantiate = WebAssembly.instantiateStreaming;
if (nativeInstantiate) {
  WebAssembly.instantiateStreaming = async (source, imports) => {
    let result;
    const cached = Boolean(precompiled);
    try {
      if (cached) {  // `source` is the response it compiles (fromCache): read once, by compileStreaming
        const module = await precompiled;
        result = { module, instance: await WebAssembly.instantiate(module, imports) };
      } else {
        mark("wasm: compilación empezada");
        result = await nativeInstantiate.call(WebAssembly, source, imports);
      }
    } catch (error) {
      (cached ? failRestore : failDownload)(await damagedWasm(error));
      throw error;
    }
    mark("wasm: compilado e instanciado");
    compiled();
    return result;
  };
}

/** Call `ask` the moment the wasm is ready (Python's start follows at once, synchronously). */
export function whenCompiled(ask) {
  compiled = ask;
}

/** A restore compiles the wasm while it reads its snapshot: `wasm` is the response (fromCache).
 * Returns a promise that rejects when that wasm does not compile (the restore gives way). */
export function precompile(wasm) {
  const failed = new Promise((_, reject) => { failRestore = reject; });
  failed.catch(() => {});
  if (!nativeInstantiate) return failed;
  mark("wasm: compilación empezada");
  precompiled = WebAssembly.compileStreaming(wasm);
  precompiled.then(() => mark("wasm: compilado"), () => {});
  return failed;
}

/** The restore is over (done or given up): the next start compiles its own wasm. */
export function restoreOver() {
  precompiled = null;
  quiet = false;
  early.clear();  // a failed restore starts the plain way, with its own files
}

async function damagedWasm(error) {
  let deleted = false;
  try {
    const cache = cacheName && self.caches ? await caches.open(cacheName) : null;
    deleted = Boolean(cache && await cache.delete(new URL("pyodide.asm.wasm", indexURL).href));
  } catch {
    // no cache to repair: the message says what failed
  }
  console.warn("[motor] pyodide.asm.wasm:", reason(error));  // the browser's words
  return new Error("pyodide.asm.wasm está dañado: no es un WebAssembly que se pueda compilar. "
    + (deleted ? "Se ha borrado la copia guardada en este dispositivo: recarga la página (con conexión) para "
      + "descargarlo de nuevo." : "Recarga la página; si vuelve a pasar, el servidor tiene una copia dañada."));
}

// ---- downloads, counted, checked and kept ----

const TRACKED = [[/pyodide\.asm\.wasm$/, "application/wasm"], [/python_stdlib\.zip$/, null], [/\.whl$/, null]];
let loaded = 0;
let lastReport = 0;
let quiet = false;  // a restore: the files come from the cache, no download to show

/** A restore reads its files from the cache: no download to report. */
export function quietly() {
  quiet = true;
  status("python");
}

function report(force = false) {
  if (quiet) return;
  const now = performance.now();
  if (!force && now - lastReport < 100) return;
  lastReport = now;
  status("download", { loaded, total: Math.max(expectedBytes, loaded) });
}

/** A copy of `response` kept in this build's cache under `href` as its body arrives, unless the cache
 * already has it (the service worker, controlling the page, keeps what passes through it first). */
export function keep(href, response) {
  if (!cacheName || !self.caches || !response.ok) return;
  const copy = response.clone();
  caches.open(cacheName)
    .then(async (cache) => {
      if (await cache.match(href)) return copy.body && copy.body.cancel();
      await cache.put(href, copy);
      if (outdated) forgetBuild();  // kept while the start found out it cannot be
    })
    .catch((error) => console.warn("[motor] no se pudo guardar en este dispositivo:", href, reason(error)));
}

/** One runtime file from the network: the response, checked (status, type), counted and kept. */
export async function runtimeFile(address, init) {
  const url = new URL(address, self.location.href);
  const name = url.pathname.split("/").pop();
  const rule = TRACKED.find(([pattern]) => pattern.test(url.pathname));
  let response;
  try {
    response = await nativeFetch(url.href, init);
  } catch (error) {
    failDownload(new Error(`no se pudo descargar ${name} (${error.message}).`));
    throw error;
  }
  if (response.status === 404 && url.href.startsWith(buildFolder)) {
    failDownload(updated());
    return response;
  }
  const problem = !response.ok ? `el servidor respondió ${response.status} al pedir ${name}.` : null;
  const got = (response.headers.get("content-type") || "").split(";")[0].trim();
  const badType = rule && rule[1] && got !== rule[1]
    ? `el servidor envía ${name} como «${got || "sin tipo"}» y debe ser «${rule[1]}».` : null;
  if (problem || badType) {
    failDownload(new Error(problem || badType));
    return response;
  }
  keep(url.href, response);
  if (response.body && !quiet) response.arrived = count(response.clone().body);
  // Pyodide gets the browser's own response, not one rebuilt around a counting stream: a response
  // with its URL is what lets Chrome keep the compiled wasm in its code cache for the next visit.
  return response;
}

// Counts a copy of a download's body as it arrives (the progress in bytes); resolves when it is in.
async function count(body) {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      loaded += value.byteLength;
      report();
    }
  } catch {
    return;  // the download itself failed: Pyodide, reading the same response, reports it
  }
  report(true);
  // everything is in: what remains is compiling the runtime and starting Python
  if (expectedBytes && loaded >= expectedBytes) status("python");
}

const early = new Map();  // url -> the response the worker began, for Pyodide's one request of it

/** Begin downloading a runtime file now (the plain start); Pyodide's request of it gets this response. */
export function begin(address) {
  const href = new URL(address, self.location.href).href;
  const response = runtimeFile(href);
  response.catch(() => {});
  early.set(href, response);
  return response;
}

/** A runtime file of a return visit, read from this build's cache by the worker itself (no trip through
 * the service worker), begun at once; the network if the cache lacks it (and kept). */
export function fromCache(address) {
  const href = new URL(address, self.location.href).href;
  const response = caches.match(href, { cacheName }).then((hit) => hit || nativeFetch(href).then((got) => {
    keep(href, got);
    return got;
  }));
  response.catch(() => {});
  early.set(href, response);
  return response;
}

self.fetch = (input, init) => {
  const href = new URL(input instanceof Request ? input.url : String(input), self.location.href).href;
  const response = early.get(href);
  if (response) {
    early.delete(href);
    return response;
  }
  return TRACKED.some(([pattern]) => pattern.test(new URL(href).pathname)) ? runtimeFile(href, init) : nativeFetch(input, init);
};
