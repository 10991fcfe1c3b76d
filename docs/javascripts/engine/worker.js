// Module Web Worker that owns Pyodide and the engine. The page never touches Pyodide: it sends
// {id, type, payload} and receives {id, result} or {id, error}; status updates are {status, ...}.
import { loadPyodide } from "../../assets/pyodide/pyodide.mjs";

const here = new URL(self.location.href);
const build = here.searchParams.get("v") || "dev";
const indexURL = new URL("../../assets/pyodide/", here).href;

function status(phase, extra = {}) {
  self.postMessage({ status: phase, ...extra });
}

// The big runtime files and the engine wheel go through this fetch (Pyodide calls the global fetch):
// one request each, counted as it streams in (status "download" with {loaded, total}) and checked, so a
// bad deployment becomes a clear message instead of an endless wait (Pyodide never settles when its
// .wasm is missing or served with the wrong type).
const TRACKED = [[/pyodide\.asm\.wasm$/, "application/wasm"], [/python_stdlib\.zip$/, null], [/\.whl$/, null]];
const expectedBytes = Number(here.searchParams.get("bytes")) || 0;
let loaded = 0;
let lastReport = 0;
let failDownload;
const downloadFailed = new Promise((_, reject) => { failDownload = reject; });
const nativeFetch = self.fetch.bind(self);

let quiet = false;  // restoring a snapshot: the files come from the cache, no download to show

function report(force = false) {
  if (quiet) return;
  const now = performance.now();
  if (!force && now - lastReport < 100) return;
  lastReport = now;
  status("download", { loaded, total: Math.max(expectedBytes, loaded) });
}

self.fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input), self.location.href);
  const name = url.pathname.split("/").pop();
  const rule = TRACKED.find(([pattern]) => pattern.test(url.pathname));
  if (!rule) return nativeFetch(input, init);
  let response;
  try {
    response = await nativeFetch(input, init);
  } catch (error) {
    failDownload(new Error(`no se pudo descargar ${name} (${error.message}).`));
    throw error;
  }
  const problem = !response.ok ? `el servidor respondió ${response.status} al pedir ${name}.` : null;
  const got = (response.headers.get("content-type") || "").split(";")[0].trim();
  const badType = rule[1] && got !== rule[1]
    ? `el servidor envía ${name} como «${got || "sin tipo"}» y debe ser «${rule[1]}».` : null;
  if (problem || badType) {
    failDownload(new Error(problem || badType));
    return response;
  }
  if (!response.body) return response;
  const reader = response.body.getReader();
  const counted = new ReadableStream({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        report(true);
        // everything is in: what remains is compiling the runtime and starting Python
        if (expectedBytes && loaded >= expectedBytes) status("python");
        controller.close();
        return;
      }
      loaded += value.byteLength;
      report();
      controller.enqueue(value);
    },
    cancel(reason) { return reader.cancel(reason); },
  });
  return new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers });
};

// Return visits: the build's memory snapshot (site_hooks/make_runtime.mjs: Python with every engine
// module imported), if the service worker has cached it, restores Python in a fraction of a plain
// start (made with the full python_stdlib.zip, which it restores with). Only from the cache: on a
// first visit its size (~31 MB, ~6.5 MB gzip) would cost more than it saves. Experimental Pyodide API
// (_loadSnapshot), so any failure falls back to the plain start.
const snapshotURL = new URL(`engine/${encodeURIComponent(build)}/engine.snap`, indexURL).href;

// The cached snapshot's response, or null. Its 31 MB body is read while Pyodide loads its script
// (loadPyodide accepts a promise for `_loadSnapshot`), not before.
async function cachedSnapshot() {
  if (!self.caches || build === "dev") return null;
  try {
    return (await caches.match(snapshotURL)) || null;
  } catch {
    return null;
  }
}

const OPTIONS = {
  indexURL,
  lockFileURL: new URL(`pyodide-lock.json?v=${encodeURIComponent(build)}`, indexURL).href,
  fullStdLib: false,
  stdout: () => {},
  stderr: (text) => console.warn("[motor]", text),
};

async function fromSnapshot(snapshot) {
  quiet = true;
  status("python");
  try {
    const bytes = snapshot.arrayBuffer().then((buffer) => new Uint8Array(buffer));
    const pyodide = await Promise.race([loadPyodide({ ...OPTIONS, _loadSnapshot: bytes }), downloadFailed]);
    return { pyodide, protocol: pyodide.pyimport("engine.protocol") };
  } finally {
    quiet = false;
  }
}

// First visits: the build's trimmed standard library (site_hooks/lean_runtime.py: only what Pyodide's
// start and the engine import, as Python 3.14 bytecode, so Python compiles nothing at start) instead of
// the full python_stdlib.zip (sources only). A module it left out is loaded from the full zip, fetched
// once on the first miss (its sitecustomize reads ENGINE_FULL_STDLIB).
const LEAN = build === "dev" ? {} : {
  stdLibURL: new URL(`engine/${encodeURIComponent(build)}/python_stdlib.zip`, indexURL).href,
  env: { ENGINE_FULL_STDLIB: new URL("python_stdlib.zip", indexURL).href },
};

async function plainStart() {
  status("download", { loaded: 0, total: expectedBytes });
  // `packages` makes Pyodide fetch the engine as soon as it has read the lock file, while the rest
  // of the runtime is still starting.
  const pyodide = await Promise.race([
    loadPyodide({ ...OPTIONS, ...LEAN, packages: ["engine"] }),
    downloadFailed,
  ]);
  if (!pyodide.loadedPackages || !pyodide.loadedPackages.engine) {
    throw new Error("no se pudo instalar el paquete del motor (engine) en Pyodide.");
  }
  status("engine");
  return { pyodide, protocol: pyodide.pyimport("engine.protocol") };
}

async function boot() {
  const snapshot = await cachedSnapshot();
  let started = null;
  let route = "plain";
  if (snapshot) {
    try {
      started = await fromSnapshot(snapshot);
      route = "snapshot";
    } catch (error) {
      console.warn("[motor] instantánea descartada, arranque normal:", String(error && error.message || error));
    }
  }
  if (!started) started = await plainStart();
  const version = JSON.parse(started.protocol.answer_json("version", "{}"));
  return { ...started, version, route };
}

self.addEventListener("unhandledrejection", (event) => {
  status("failed", { message: String(event.reason && event.reason.message || event.reason) });
});
self.addEventListener("error", (event) => status("failed", { message: event.message }));

const ready = boot();
ready.then(
  ({ version, route }) => status("ready", { version, route }),
  (error) => status("failed", { message: String(error && error.message || error) }),
);

// Commands that report progress while they count ({id, progress: {done, total}} messages before
// the reply): the module's answer_json_reporting(text, progress) answers like the protocol.
const REPORTING = { "holdem-equity": "engine.games.holdem_equity", "uth-decision": "engine.games.ultimate_strategy",
  drill: "engine.drills" };

self.onmessage = async (event) => {
  const { id, type, payload } = event.data || {};
  try {
    const { pyodide, protocol } = await ready;
    const text = JSON.stringify(payload ?? {});
    const reporting = Object.hasOwn(REPORTING, type) ? pyodide.pyimport(REPORTING[type]) : null;
    const reply = reporting
      ? reporting.answer_json_reporting(text, (done, total) => self.postMessage({ id, progress: { done, total } }))
      : protocol.answer_json(String(type), text);
    self.postMessage({ id, result: JSON.parse(reply) });
  } catch (error) {
    self.postMessage({ id, error: String(error && error.message || error) });
  }
};
