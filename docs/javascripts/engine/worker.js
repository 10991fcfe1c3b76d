// Module Web Worker that owns Pyodide and the engine: the transport. The page never touches Pyodide: it
// sends {id, type, payload} and receives {id, result} or {id, error}; status updates are {status, ...}
// (report.js). How the runtime starts is runtime.js's (and downloads.js's, snapshot.js's): this file only
// queues the requests and runs them on whatever engine the start gives it.
//
// Requests run one at a time, in the order they came. Each is an engine.protocol.Job, run in slices
// of about SLICE_SECONDS (a command that works for long pauses between its steps; the others answer
// in one slice, bounded by the engine's limits): between two slices the worker reads its messages,
// so a cancelled request ({abort: id}) stops within one slice and the next one starts. The page
// hears {id, started} when a request starts, {id, progress: {done, total}} after each slice, then
// {id, result} (the engine's reply), {id, error} (the engine could not run it) or {id, cancelled}:
// its timeout counts the worker's silence on the request it runs, not the wait in the queue.
import { mark, pause, postTimeline, reason, status } from "./report.js";
import { startRuntime } from "./runtime.js";
// What runtime.js imports, asked for with it rather than once it has arrived (a worker has no modulepreload).
import "./downloads.js";
import "./snapshot.js";

mark("worker: primera línea");

self.addEventListener("unhandledrejection", (event) => status("failed", { message: reason(event.reason) }));
self.addEventListener("error", (event) => status("failed", { message: event.message }));

const engine = startRuntime();
engine.then(
  ({ version, route }) => {
    status("ready", { version, route });
    postTimeline();
  },
  (error) => status("failed", { message: reason(error) }),
);

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

async function run(id, type, payload) {
  let job = null;
  let started = null;
  let replied = false;
  const first = !answered;
  try {
    try {
      started = await engine;
    } catch {
      return;  // the start failed: the page heard why ("failed") and let go of every request
    }
    self.postMessage({ id, started: true });
    if (first) mark(`primera petición empezada (${type})`);
    started.beforeRequest(String(type));
    job = started.Job(String(type), JSON.stringify(payload ?? {}));
    for (;;) {
      const reply = job.step(SLICE_SECONDS);
      if (reply !== undefined) {
        self.postMessage({ id, result: JSON.parse(reply) });
        replied = true;
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
    self.postMessage({ id, error: reason(error) });
  } finally {
    aborted.delete(id);
    if (job) job.destroy();
    const imported = started ? started.afterRequest() : 0;
    if (first && replied) {
      answered = true;
      mark(`primera respuesta enviada (${type}); módulos que importó: ${imported}`);
      postTimeline();
    }
  }
}
