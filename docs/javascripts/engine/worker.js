// Module Web Worker that owns Pyodide and the engine. The page never touches Pyodide: it sends
// {id, type, payload} and receives {id, result} or {id, error}; status updates are {status, ...}.
import { loadPyodide } from "../../assets/pyodide/pyodide.mjs";

const here = new URL(self.location.href);
const build = here.searchParams.get("v") || "dev";
const indexURL = new URL("../../assets/pyodide/", here).href;

function status(phase, extra = {}) {
  self.postMessage({ status: phase, ...extra });
}

// Pyodide never settles when its .wasm is missing or served with the wrong type, so check first and
// turn a bad deployment into a clear message instead of an endless wait.
async function preflight() {
  const checks = [["pyodide.asm.wasm", "application/wasm"], ["python_stdlib.zip", null], ["pyodide.asm.mjs", null]];
  await Promise.all(checks.map(async ([name, type]) => {
    let response;
    try {
      response = await fetch(new URL(name, indexURL), { method: "HEAD" });
    } catch (error) {
      throw new Error(`no se pudo descargar ${name} (${error.message}).`);
    }
    if (!response.ok) throw new Error(`el servidor respondió ${response.status} al pedir ${name}.`);
    const got = (response.headers.get("content-type") || "").split(";")[0].trim();
    if (type && got !== type) {
      throw new Error(`el servidor envía ${name} como «${got || "sin tipo"}» y debe ser «${type}».`);
    }
  }));
}

async function boot() {
  status("download");
  // `packages` makes Pyodide fetch the engine as soon as it has read the lock file, while the rest
  // of the runtime is still starting. The preflight runs beside the download: it costs nothing when
  // all is well and, when it fails, rejects at once instead of leaving loadPyodide waiting forever.
  const [pyodide] = await Promise.all([
    loadPyodide({
      indexURL,
      lockFileURL: new URL(`pyodide-lock.json?v=${encodeURIComponent(build)}`, indexURL).href,
      packages: ["engine"],
      fullStdLib: false,
      stdout: () => {},
      stderr: (text) => console.warn("[motor]", text),
    }).then((py) => { status("python"); return py; }),
    preflight(),
  ]);
  if (!pyodide.loadedPackages || !pyodide.loadedPackages.engine) {
    throw new Error("no se pudo instalar el paquete del motor (engine) en Pyodide.");
  }
  status("engine");
  const protocol = pyodide.pyimport("engine.protocol");
  const version = JSON.parse(protocol.answer_json("version", "{}"));
  return { pyodide, protocol, version };
}

self.addEventListener("unhandledrejection", (event) => {
  status("failed", { message: String(event.reason && event.reason.message || event.reason) });
});
self.addEventListener("error", (event) => status("failed", { message: event.message }));

const ready = boot();
ready.then(
  ({ version }) => status("ready", { version }),
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
