// The page's side of progress/worker.js: run(task, data, onProgress) starts a worker for one task and
// resolves to its result (rejects with a WorkError: its message is the reader's, in Spanish).
import { markLog } from "./log.js";
import { storageProblem } from "./problems.js";

const WORKER_URL = new URL("./worker.js", import.meta.url);

/** A task that did not finish: the message says why, to the reader. */
export class WorkError extends Error {}

/** Run `task` ("build", "load", "save") off the main thread; onProgress({phase, done, total}). */
export function run(task, data = {}, onProgress = () => {}) {
  return new Promise((resolve, reject) => {
    let worker;
    try {
      worker = new Worker(WORKER_URL, { type: "module" });
    } catch (error) {
      reject(new WorkError(storageProblem(error)));
      return;
    }
    const finish = (fn, value) => { worker.terminate(); fn(value); };
    worker.onmessage = ({ data: said }) => {
      if (said.progress) onProgress(said.progress);
      else if ("result" in said) {
        if (said.result && said.result.count) markLog(true);  // the worker has no localStorage
        finish(resolve, said.result);
      }
      else finish(reject, new WorkError(said.error || storageProblem({ name: said.name, message: said.detail })));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      finish(reject, new WorkError("No se pudo terminar: el navegador no cargó el código que lo hace (sin conexión, "
        + "quizá). Inténtalo de nuevo con conexión."));
    };
    worker.postMessage({ task, ...data });
  });
}
