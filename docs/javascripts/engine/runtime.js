// The runtime's start, apart from the transport (worker.js): Pyodide and the engine, ready to answer.
// `startRuntime()` resolves with {Job, version, route, beforeRequest, afterRequest}: Job(type, json) is the
// engine's engine.protocol.Job, `route` how Python started ("snapshot" or "plain"); the transport calls
// beforeRequest(type) and afterRequest() around each request (the first takes a plain start's snapshot;
// the second notes the modules the request imported).
//
// Two routes:
// - a return visit restores the memory snapshot this device made (snapshot.js), reading the runtime's
//   files from this build's cache (downloads.js kept them as they first arrived): no download, no
//   Python start-up, the engine already imported;
// - otherwise the plain start: the build's trimmed standard library (site_hooks/lean_runtime.py: only
//   what Pyodide's start and the engine import, as Python 3.14 bytecode, so Python compiles nothing at
//   start; a module it left out is loaded from the full python_stdlib.zip, fetched once on the first
//   miss: its sitecustomize reads ENGINE_FULL_STDLIB) and the engine wheel (bytecode too) as it is on
//   sys.path (zipimport reads each module from it on its first import).
// Either way, the start imports engine.protocol and every module the reader's requests imported on
// earlier visits, so that the first request after a start finds its code loaded. A new snapshot (a copy of
// Python's memory before any request: no session, no card is in it) is taken when the start imported
// anything the kept one lacked, at the end of the start, or when there was none, as the first request
// comes, once that request's command module is imported, before it runs; it is kept while the engine
// answers, in slices between requests.
import {
  UPDATED, begin, build, buildFolder, cacheName, downloadFailed, failDownload, fromCache, indexURL, keep, nativeFetch,
  precompile, quietly, restoreOver, runtimeFile, updated, whenCompiled,
} from "./downloads.js";
import { expand, forget, keptURLs, moduleNames, pieces, readKept, sparseParts, store } from "./snapshot.js";
import { kept, mark, pause, reason, status } from "./report.js";

// Pyodide's two scripts, imported at once (not one after the other: pyodide.mjs, then loadPyodide
// importing pyodide.asm.mjs).
const pyodideScript = import(new URL("pyodide.mjs", indexURL).href);
const asmScript = import(new URL("pyodide.asm.mjs", indexURL).href);
pyodideScript.catch(() => {});
asmScript.catch(() => {});

const KEPT = keptURLs(buildFolder);
const stored = readKept(cacheName, KEPT);  // at the worker's first line, beside the scripts' import

async function loadPyodide(options) {
  const [{ loadPyodide: load }, asm] = await Promise.all([pyodideScript, asmScript]);
  return load({ ...options, createPyodideModule: asm.default });
}

const lockFileURL = new URL(`pyodide-lock.json?v=${encodeURIComponent(build)}`, indexURL).href;
const wasmURL = new URL("pyodide.asm.wasm", indexURL).href;
const OPTIONS = {
  indexURL,
  fullStdLib: false,
  stdout: () => {},
  stderr: (text) => console.warn("[motor]", text),
  _makeSnapshot: Boolean(cacheName),  // a snapshot can be taken (and kept) only with this from the start
  packageBaseUrl: new URL(".", lockFileURL).href,
};
const LEAN = build === "dev" ? {} : {
  stdLibURL: new URL("python_stdlib.zip", buildFolder).href,
  env: { ENGINE_FULL_STDLIB: new URL("python_stdlib.zip", indexURL).href },
};

/** The lock file's engine package: its wheel's URL, name and checksum. A lock of another build (the host
 * has a newer one than this page's) means this page is out of date. */
async function enginePackage(lockResponse, { keepIt = false } = {}) {
  const response = await lockResponse;
  if (!response.ok) throw new Error(`el servidor respondió ${response.status} al pedir pyodide-lock.json.`);
  const copy = response.clone();
  const lock = await response.json();
  const engine = lock.packages && lock.packages.engine;
  if (!engine) throw new Error("pyodide-lock.json no contiene el paquete del motor (engine).");
  const url = new URL(engine.file_name, lockFileURL).href;
  if (build !== "dev" && !url.startsWith(buildFolder)) throw updated();
  if (keepIt) keep(lockFileURL, copy);  // only a lock of this build
  const hash = engine.sha256.match(/../g).map((pair) => String.fromCharCode(parseInt(pair, 16))).join("");
  return { lock, url, name: url.split("/").pop(), integrity: `sha256-${btoa(hash)}` };
}

function installWheel(pyodide, name, bytes, onPath) {
  const path = `/lib/${name}`;
  pyodide.FS.writeFile(path, bytes);
  if (!onPath) pyodide.runPython(`import sys; sys.path.append(${JSON.stringify(path)})`);
}

/** The plain start: the downloads begin at once; the engine wheel once the wasm and the standard library
 * are in, or the wasm compiled, whichever comes first (Python starts while the engine is still arriving,
 * instead of every file sharing the link until the end). */
async function plainStart() {
  status("download", { loaded: 0, total: 0 });
  mark("arranque normal: descargas empezadas");
  const wasm = begin(wasmURL);
  const stdlib = begin(LEAN.stdLibURL || new URL("python_stdlib.zip", indexURL));
  const engine = enginePackage(nativeFetch(lockFileURL), { keepIt: true });
  const wheel = engine.then(async (found) => {
    let asked = null;
    const ask = () => {
      asked ||= runtimeFile(found.url, { integrity: found.integrity });
      return asked;
    };
    whenCompiled(ask);
    await Promise.all([wasm, stdlib].map((response) => response.then((r) => r.arrived)));
    return new Uint8Array(await (await ask()).arrayBuffer());
  });
  wheel.catch(failDownload);
  const pyodide = await Promise.race([
    loadPyodide({ ...OPTIONS, ...LEAN, lockFileContents: engine.then((found) => found.lock) }),
    downloadFailed,
  ]);
  mark("loadPyodide resuelto (Python iniciado)");
  const [{ name }, bytes] = await Promise.race([Promise.all([engine, wheel]), downloadFailed]);
  mark("motor descargado");
  try {
    installWheel(pyodide, name, bytes, false);
  } catch (error) {
    throw new Error(`no se pudo instalar el paquete del motor (engine) en Pyodide (${error.message}).`);
  }
  status("engine");
  return pyodide;
}

/** A file of a restore, from this build's cache (or the network); rejects when it cannot be had. */
function restoreFile(address) {
  return fromCache(address).then((response) => {
    if (response.status === 404 && response.url.startsWith(buildFolder)) throw updated();
    if (!response.ok) throw new Error(`el servidor respondió ${response.status} al pedir ${address}.`);
    return response;
  });
}

/** The kept snapshot restored: Python's memory as the snapshot left it, the engine wheel back in its
 * place in Pyodide's file system (which a snapshot does not hold). */
async function restore(snapshot) {
  quietly();
  const files = [restoreFile(wasmURL), restoreFile(LEAN.stdLibURL || new URL("python_stdlib.zip", indexURL))];
  const intact = (error) => Object.assign(error, { snapshotIntact: true });  // the snapshot is not at fault
  const wasmFailed = precompile(files[0]).catch((error) => { throw intact(error); });
  const lock = enginePackage(restoreFile(lockFileURL));
  const wheel = lock.then(async (found) => new Uint8Array(await (await restoreFile(found.url)).arrayBuffer()));
  // rejects when one of them cannot be had
  const missing = Promise.all([...files, wheel]).then(() => new Promise(() => {}), (error) => { throw intact(error); });
  missing.catch(() => {});
  try {
    mark("instantánea: leyendo de la caché");
    const bytes = snapshot.arrayBuffer().then((buffer) => {
      mark("instantánea: leída");
      return expand(buffer);
    });
    bytes.catch(() => {});  // a damaged file fails loadPyodide below (the plain start follows), not the worker
    const pyodide = await Promise.race([
      loadPyodide({ ...OPTIONS, ...LEAN, _loadSnapshot: bytes, lockFileContents: lock.then((found) => found.lock) }),
      wasmFailed, missing,
    ]);
    const [{ name }, wheelBytes] = await Promise.race([Promise.all([lock, wheel]), missing]);
    installWheel(pyodide, name, wheelBytes, true);
    // The memory holds the random generator's state as it was when the snapshot was taken: seeded again.
    pyodide.runPython("import sys\nif 'random' in sys.modules: sys.modules['random'].seed()");
    mark("loadPyodide resuelto (Python restaurado)");
    return pyodide;
  } finally {
    restoreOver();
  }
}

// Imports the modules named (those earlier visits' requests imported), skipping what cannot be
// imported; its value is how many modules were added.
const WARM = `
import importlib, sys
before = len(sys.modules)
for name in names:
    if name not in sys.modules:
        try:
            importlib.import_module(name)
        except Exception:
            pass
len(sys.modules) - before
`;
// The modules loaded from the runtime's files (the standard library, the engine), by name.
const LOADED = `
import sys
[name for name, module in list(sys.modules.items())
 if (getattr(getattr(module, "__spec__", None), "origin", None) or "").startswith("/lib/")]
`;

function warm(pyodide, names) {
  const scope = pyodide.toPy({ names });
  try {
    return pyodide.runPython(WARM, { globals: scope });
  } finally {
    scope.destroy();
  }
}

/** The snapshot taken (a copy of Python's memory) kept in the cache, in slices between requests. */
async function keepSnapshot(memory) {
  const found = await pieces(memory, { pause });
  if (await store(cacheName, KEPT.snapshot, new Blob(sparseParts(memory, found)))) kept("snapshot");
}

async function start() {
  const { snapshot, modules } = await stored;
  mark(snapshot ? "instantánea en la caché" : "sin instantánea: arranque normal");
  let pyodide = null;
  let route = "plain";
  if (snapshot) {
    try {
      pyodide = await restore(snapshot);
      route = "snapshot";
    } catch (error) {
      if (reason(error) === UPDATED) throw error;
      console.warn("[motor] instantánea descartada, arranque normal:", reason(error));
      if (!error.snapshotIntact) forget(cacheName, KEPT.snapshot);
    }
  }
  if (!pyodide) pyodide = await plainStart();
  const protocol = pyodide.pyimport("engine.protocol");
  mark("engine.protocol importado");
  const added = warm(pyodide, modules);
  mark(`módulos de visitas anteriores importados (${added})`);
  const version = JSON.parse(protocol.answer_json("version", "{}"));
  // A restore that imported more than its snapshot held takes the new one now, as part of the start; a
  // plain start, at the first request (beforeRequest).
  if (route !== "plain" && added > 0) takeSnapshot(pyodide);
  mark("listo (versión respondida)");
  return { pyodide, protocol, version, route, modules, snapshot: OPTIONS._makeSnapshot && route === "plain" };
}

/** A copy of Python's memory now, kept in the cache in the background (see keepSnapshot). */
function takeSnapshot(pyodide) {
  if (!OPTIONS._makeSnapshot) return;
  let memory = null;
  try {
    memory = pyodide.makeMemorySnapshot();
    mark("instantánea tomada");
  } catch (error) {
    console.warn("[motor] sin instantánea de memoria:", reason(error));
  }
  if (memory) setTimeout(() => keepSnapshot(memory).catch((error) => console.warn("[motor]", reason(error))));
}

/** Start the runtime (once, from the worker's first line). */
export async function startRuntime() {
  const { pyodide, protocol, version, route, modules, snapshot } = await start();
  let toTake = snapshot;  // a plain start's snapshot is still to be taken, at the first request
  const sysModules = pyodide.pyimport("sys").modules;
  let known = sysModules.length;
  let noted = new Set(modules);
  return {
    Job: protocol.Job,
    version,
    route,
    /** Before a request runs: after a plain start, the first one's command module is imported (it would
     * be now anyway) and then the snapshot taken: still before any request has run, with that much more
     * in it. */
    beforeRequest(type) {
      if (!toTake) return;
      toTake = false;
      try {
        protocol.get_command(type);
      } catch {
        // an unknown command: its request says so
      }
      takeSnapshot(pyodide);
    },
    /** After a request: the modules it imported are noted for the next start (names only); returns how
     * many it imported. */
    afterRequest() {
      let imported = 0;
      try {
        imported = sysModules.length - known;
        if (!imported) return 0;
        known += imported;
        if (!cacheName) return imported;
        const list = pyodide.runPython(LOADED);
        const names = list.toJs();
        list.destroy();
        const grown = new Set([...noted, ...moduleNames(names)]);
        if (grown.size > noted.size) {
          noted = grown;
          store(cacheName, KEPT.modules, [...grown]);
        }
      } catch (error) {
        console.warn("[motor]", reason(error));  // only the next start's warmth is at stake
      }
      return imported;
    },
  };
}
