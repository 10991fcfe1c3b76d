// Module Web Worker that owns Pyodide and the engine. The page never touches Pyodide: it sends
// {id, type, payload} and receives {id, result} or {id, error}; status updates are {status, ...}.

const here = new URL(self.location.href);
const build = here.searchParams.get("v") || "dev";
const indexURL = new URL("../../assets/pyodide/", here).href;

function status(phase, extra = {}) {
  self.postMessage({ status: phase, ...extra });
}

// The worker's start as a timeline, for whoever measures it (benchmarks/bench_load.py --timeline;
// client.js timeline()): [what, ms] on the epoch clock (the page's and the worker's performance.now()
// start at different moments), plus every fetch of the worker (resource timing). Posted at "ready"
// and once more after the first reply.
const marks = [];
function mark(what) {
  marks.push([what, performance.timeOrigin + performance.now()]);
}
mark("worker: primera línea");

function postTimeline() {
  const fetches = performance.getEntriesByType("resource").map((entry) => [
    entry.name, performance.timeOrigin + entry.startTime, performance.timeOrigin + entry.responseEnd,
    entry.transferSize, entry.encodedBodySize,
  ]);
  self.postMessage({ timeline: { marks, fetches } });
}

// When the runtime's wasm is compiled and instantiated (Pyodide streams it through this call). Then
// Python starts at once and keeps this thread busy for seconds: what must be asked of the network by
// then is asked here, synchronously (`compiled`, set by plainStart).
// A return visit compiles the wasm itself, while the snapshot is read (`precompiled`, set by
// fromSnapshot): Pyodide asks to instantiate it only once it has the snapshot's bytes.
// A wasm that does not compile (a damaged copy in the cache or on the host) fails its route here, with
// its reason (Pyodide would only warn and never settle), and the copy in this build's cache, if any, is
// deleted (the service worker serves the runtime from its cache first): a return visit then starts the
// plain way, which downloads it again; a plain start fails, and the next load downloads it again.
let compiled = () => {};
let precompiled = null;
let failSnapshot = () => {};
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
      (cached ? failSnapshot : failDownload)(await damagedWasm(error));
      throw error;
    }
    mark("wasm: compilado e instanciado");
    compiled();
    return result;
  };
}

async function damagedWasm(error) {
  let deleted = false;
  try {
    const cache = cacheName && self.caches ? await caches.open(cacheName) : null;
    deleted = Boolean(cache && await cache.delete(new URL("pyodide.asm.wasm", indexURL).href));
  } catch {
    // no cache to repair: the message says what failed
  }
  console.warn("[motor] pyodide.asm.wasm:", String(error && error.message || error));  // the browser's words
  return new Error("pyodide.asm.wasm está dañado: no es un WebAssembly que se pueda compilar. "
    + (deleted ? "Se ha borrado la copia guardada en este dispositivo: recarga la página (con conexión) para "
      + "descargarlo de nuevo." : "Recarga la página; si vuelve a pasar, el servidor tiene una copia dañada."));
}

// The big runtime files and the engine wheel are fetched by the worker itself (`runtimeFile`), one
// request each, counted as it streams in (status "download" with {loaded, total}) and checked, so a
// bad deployment becomes a clear message instead of an endless wait (Pyodide never settles when its
// .wasm is missing or served with the wrong type). Pyodide asks for the wasm and the stdlib through the
// global fetch: it gets the response the worker began (`early`), not a second request.
const TRACKED = [[/pyodide\.asm\.wasm$/, "application/wasm"], [/python_stdlib\.zip$/, null], [/\.whl$/, null]];
const expectedBytes = Number(here.searchParams.get("bytes")) || 0;
let loaded = 0;
let lastReport = 0;
let failDownload;
const downloadFailed = new Promise((_, reject) => { failDownload = reject; });
downloadFailed.catch(() => {});
const nativeFetch = self.fetch.bind(self);

let quiet = false;  // restoring a snapshot: the files come from the cache, no download to show

function report(force = false) {
  if (quiet) return;
  const now = performance.now();
  if (!force && now - lastReport < 100) return;
  lastReport = now;
  status("download", { loaded, total: Math.max(expectedBytes, loaded) });
}

/** One runtime file: the response, checked (status, type); resolves `arrived` once its body is in. */
async function runtimeFile(address, init) {
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
  const problem = !response.ok ? `el servidor respondió ${response.status} al pedir ${name}.` : null;
  const got = (response.headers.get("content-type") || "").split(";")[0].trim();
  const badType = rule && rule[1] && got !== rule[1]
    ? `el servidor envía ${name} como «${got || "sin tipo"}» y debe ser «${rule[1]}».` : null;
  if (problem || badType) {
    failDownload(new Error(problem || badType));
    return response;
  }
  if (response.body && !quiet) response.arrived = count(response.clone().body);
  // Pyodide gets the browser's own response, not one rebuilt around a counting stream: a response
  // with its URL is what lets Chrome keep the compiled wasm in its code cache for the next visit.
  return response;
}

const early = new Map();  // url -> the response the worker began, for Pyodide's one request of it

function begin(address, init) {
  const href = new URL(address, self.location.href).href;
  const response = runtimeFile(href, init);
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

// Pyodide's two scripts, imported at once (not one after the other: pyodide.mjs, then loadPyodide
// importing pyodide.asm.mjs).
const pyodideScript = import(new URL("pyodide.mjs", indexURL).href);
const asmScript = import(new URL("pyodide.asm.mjs", indexURL).href);
pyodideScript.catch(() => {});
asmScript.catch(() => {});

async function loadPyodide(options) {
  const [{ loadPyodide: load }, asm] = await Promise.all([pyodideScript, asmScript]);
  return load({ ...options, createPyodideModule: asm.default });
}

// Return visits: the build's memory snapshot (site_hooks/make_runtime.mjs: Python with every engine
// module imported), if the service worker has cached it, restores Python in a fraction of a plain
// start (made with the full python_stdlib.zip, which it restores with). Only from the cache: on a
// first visit its size (17.8 MB, 7.5 MB with gzip) would cost more than it saves. Experimental Pyodide API
// (_loadSnapshot), so any failure falls back to the plain start.
const snapshotURL = new URL(`engine/${encodeURIComponent(build)}/engine.snap`, indexURL).href;

// The cached snapshot's response, or null: looked up in this build's cache only (cache= in the worker's
// URL: where the service worker keeps this build; the runtime's other files are read from the same one),
// in one call. Its 31 MB body is read while Pyodide loads its script (loadPyodide accepts a promise for
// `_loadSnapshot`), not before.
const cacheName = here.searchParams.get("cache");
async function cachedSnapshot() {
  if (!self.caches || !cacheName) return null;
  try {
    return (await caches.match(snapshotURL, { cacheName })) || null;
  } catch {
    return null;  // no usable cache: the plain start
  }
}

const lockFileURL = new URL(`pyodide-lock.json?v=${encodeURIComponent(build)}`, indexURL).href;
const OPTIONS = {
  indexURL,
  lockFileURL,
  fullStdLib: false,
  stdout: () => {},
  stderr: (text) => console.warn("[motor]", text),
};

/** A runtime file of a return visit, read from this build's cache by the worker itself (no trip through
 * the service worker), begun at once; the network if the cache lacks it. */
function fromCache(address) {
  const href = new URL(address, self.location.href).href;
  const response = caches.match(href, { cacheName }).then((hit) => hit || nativeFetch(href));
  response.catch(() => {});
  early.set(href, response);
  return response;
}

/** The snapshot as Pyodide wants it (all of Python's memory, 31 MB) from the file the build wrote
 * (site_hooks/make_runtime.mjs: without its long runs of zeros, 17.8 MB to read from the cache). A
 * file without the "SPRS" mark is the whole memory as it is: a site saved before the build wrote them
 * so keeps it under the same cache while the engine is the same. A damaged one throws (plain start). */
const SPARSE_MAGIC = 0x53525053;
function snapshotBytes(buffer) {
  const view = new DataView(buffer);
  if (buffer.byteLength < 12 || view.getUint32(0, true) !== SPARSE_MAGIC) return new Uint8Array(buffer);
  const count = view.getUint32(8, true);
  const memory = new Uint8Array(view.getUint32(4, true));  // zeroed
  let at = 12 + 8 * count;
  for (let k = 0; k < count; k++) {
    const length = view.getUint32(16 + 8 * k, true);
    memory.set(new Uint8Array(buffer, at, length), view.getUint32(12 + 8 * k, true));
    at += length;
  }
  if (at !== buffer.byteLength) throw new Error("la instantánea de memoria está dañada.");
  return memory;
}

async function fromSnapshot(snapshot) {
  quiet = true;
  status("python");
  const [wasm] = [new URL("pyodide.asm.wasm", indexURL), new URL("python_stdlib.zip", indexURL), lockFileURL]
    .map(fromCache);
  if (nativeInstantiate) {
    mark("wasm: compilación empezada");
    precompiled = WebAssembly.compileStreaming(wasm);
    precompiled.then(() => mark("wasm: compilado"), () => {});
  }
  try {
    mark("instantánea: leyendo de la caché");
    const bytes = snapshot.arrayBuffer().then((buffer) => {
      mark("instantánea: leída");
      return snapshotBytes(buffer);
    });
    bytes.catch(() => {});  // a damaged file fails loadPyodide below (the plain start follows), not the worker
    const wasmFailed = new Promise((_, reject) => { failSnapshot = reject; });
    wasmFailed.catch(() => {});
    const pyodide = await Promise.race([loadPyodide({ ...OPTIONS, _loadSnapshot: bytes }), downloadFailed, wasmFailed]);
    mark("loadPyodide resuelto (Python restaurado)");
    return { pyodide, protocol: imported(pyodide) };
  } finally {
    quiet = false;
    precompiled = null;
    early.clear();  // a failed restore starts the plain way, with its own files
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

/** The engine wheel's bytes: its URL and checksum from the lock file, fetched once the wasm and the
 * standard library are in, or the wasm compiled, whichever comes first (Python starts while the engine
 * is still arriving, instead of every file sharing the link until the end). */
async function engineWheel(lock, before) {
  const response = await nativeFetch(lockFileURL);
  if (!response.ok) throw new Error(`el servidor respondió ${response.status} al pedir pyodide-lock.json.`);
  lock.resolve(await response.json());
  const engine = (await lock.promise).packages.engine;
  if (!engine) throw new Error("pyodide-lock.json no contiene el paquete del motor (engine).");
  const hash = engine.sha256.match(/../g).map((pair) => String.fromCharCode(parseInt(pair, 16))).join("");
  let asked = null;
  const ask = () => {
    asked ||= runtimeFile(new URL(engine.file_name, lockFileURL).href, { integrity: `sha256-${btoa(hash)}` });
    return asked;
  };
  compiled = ask;
  await Promise.all(before.map((response) => response.then((r) => r.arrived)));
  const wheel = await ask();
  return { name: engine.file_name.split("/").pop(), bytes: new Uint8Array(await wheel.arrayBuffer()) };
}

async function plainStart() {
  status("download", { loaded: 0, total: expectedBytes });
  mark("arranque normal: descargas empezadas");
  const wasm = begin(new URL("pyodide.asm.wasm", indexURL));
  const stdlib = begin(LEAN.stdLibURL || new URL("python_stdlib.zip", indexURL));
  const lock = {};
  lock.promise = new Promise((resolve) => { lock.resolve = resolve; });
  const wheel = engineWheel(lock, [wasm, stdlib]);
  wheel.catch(failDownload);
  const pyodide = await Promise.race([
    loadPyodide({ ...OPTIONS, ...LEAN, lockFileURL: undefined, lockFileContents: lock.promise,
      packageBaseUrl: new URL(".", lockFileURL).href }),
    downloadFailed,
  ]);
  mark("loadPyodide resuelto (Python iniciado)");
  const { name, bytes } = await Promise.race([wheel, downloadFailed]);
  mark("motor descargado");
  // Installing the engine is putting its wheel on sys.path as it is (a zip of .pyc: zipimport reads
  // each module from it on its first import), not unpacking its files one by one (loadPackage).
  const path = `/lib/${name}`;
  pyodide.FS.writeFile(path, bytes);
  pyodide.runPython(`import sys; sys.path.append(${JSON.stringify(path)})`);
  status("engine");
  try {
    return { pyodide, protocol: imported(pyodide) };
  } catch (error) {
    throw new Error(`no se pudo instalar el paquete del motor (engine) en Pyodide (${error.message}).`);
  }
}

function imported(pyodide) {
  const protocol = pyodide.pyimport("engine.protocol");
  mark("engine.protocol importado");
  return protocol;
}

const snapshotLookup = cachedSnapshot();  // at the worker's first line, beside the scripts' import

async function boot() {
  const snapshot = await snapshotLookup;
  mark(snapshot ? "instantánea en la caché" : "sin instantánea: arranque normal");
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
  mark("listo (versión respondida)");
  return { ...started, version, route };
}

self.addEventListener("unhandledrejection", (event) => {
  status("failed", { message: String(event.reason && event.reason.message || event.reason) });
});
self.addEventListener("error", (event) => status("failed", { message: event.message }));

const ready = boot();
ready.then(
  ({ version, route }) => {
    status("ready", { version, route });
    postTimeline();
  },
  (error) => status("failed", { message: String(error && error.message || error) }),
);

// Requests run one at a time, in the order they came. Each is an engine.protocol.Job, run in slices
// of about SLICE_SECONDS (a command that works for long pauses between its steps; the others answer
// in one slice, bounded by the engine's limits): between two slices the worker reads its messages,
// so a cancelled request ({abort: id}) stops within one slice and the next one starts. The page
// hears {id, started} when a request starts, {id, progress: {done, total}} after each slice, then
// {id, result} (the engine's reply), {id, error} (the engine could not run it) or {id, cancelled}:
// its timeout counts the worker's silence on the request it runs, not the wait in the queue.
const SLICE_SECONDS = 0.05;
const queue = [];
const aborted = new Set();
let answered = false;  // the first reply has been sent (the timeline's last mark)
let draining = false;

self.onmessage = (event) => {
  const data = event.data || {};
  if ("abort" in data) {
    aborted.add(data.abort);
    return;
  }
  queue.push(data);
  if (!draining) drain();
};

async function drain() {
  draining = true;
  try {
    while (queue.length) {
      const { id, type, payload } = queue.shift();
      if (aborted.delete(id)) self.postMessage({ id, cancelled: true });
      else await run(id, type, payload);
    }
  } finally {
    draining = false;
  }
}

// One macrotask later: the messages that came meanwhile (aborts, new requests) are read first.
function pause() {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => { channel.port1.close(); resolve(); };
    channel.port2.postMessage(null);
  });
}

async function run(id, type, payload) {
  let job = null;
  try {
    const { protocol } = await ready;
    self.postMessage({ id, started: true });
    const first = !answered;
    if (first) mark(`primera petición empezada (${type})`);
    job = protocol.Job(String(type), JSON.stringify(payload ?? {}));
    for (;;) {
      const reply = job.step(SLICE_SECONDS);
      if (reply !== undefined) {
        self.postMessage({ id, result: JSON.parse(reply) });
        if (first) {
          answered = true;
          mark(`primera respuesta enviada (${type})`);
          postTimeline();
        }
        return;
      }
      self.postMessage({ id, progress: { done: job.done, total: job.total } });
      await pause();
      if (aborted.has(id)) {
        job.cancel();
        self.postMessage({ id, cancelled: true });
        return;
      }
    }
  } catch (error) {
    self.postMessage({ id, error: String(error && error.message || error) });
  } finally {
    aborted.delete(id);
    if (job) job.destroy();
  }
}
