// Recording, in one place: engine/client.js hands every reply that carries the engine's `progress` field here
// (imported on the first such reply, so pages where nothing is checked never load it). Work on the main thread
// is building one small object and updating the summary's few records (progress/summary.js) in the answer's
// own IndexedDB transaction (progress/log.js). An answer the browser does not keep is said once, on the page,
// under the answer (ui/why.js listens for "progreso:sin-guardar"), and remembered for «Mi progreso».
import { record as keep } from "./log.js";
import { entryOf, newId, scheduler, shownOf } from "./model.js";
import { lastFailure, notKeptText, reasonOf, rememberFailure } from "./problems.js";

const FSRS_URL = new URL("../../assets/progress/fsrs.js", import.meta.url);
const PERSIST_KEY = "progreso-persistencia";
// The scheduler, fetched now (offline later, answers are still kept).
const sched = import(FSRS_URL.href).then(scheduler);
sched.catch(() => {});

/** After the first saved answer on this device, ask the browser once to keep the site's data (it may say no). */
function askPersistence() {
  try {
    if (localStorage.getItem(PERSIST_KEY)) return;
    localStorage.setItem(PERSIST_KEY, String(Date.now()));
  } catch (error) { return; }
  if (navigator.storage && navigator.storage.persist) navigator.storage.persist().catch(() => {});
}

/** The answer was not kept: say it (once a page, under the answer) and remember it for «Mi progreso». */
function notKept(error, progress) {
  const reason = reasonOf(error);
  rememberFailure(reason);
  console.warn("[progreso] no se pudo guardar la respuesta:", error && error.name, error && error.message);
  if (typeof document !== "undefined") {
    document.dispatchEvent(new CustomEvent("progreso:sin-guardar", { detail: { progress, text: notKeptText(reason) } }));
  }
}

/** Record the checked reply of `command` (its payload gave `ms`, the time the reader took, if any). A reply
 * that judged several decisions at once (a hand's review: "play-review") carries a list: each is recorded. */
export async function record(command, payload, reply) {
  if (Array.isArray(reply.progress)) {
    const entries = [];
    for (const progress of reply.progress) entries.push(await record(command, null, { progress }));
    return entries;
  }
  const ms = payload && Number.isFinite(payload.ms) ? payload.ms : null;
  const progress = reply.progress;
  let entry;
  try {
    const parts = await sched.catch(() => { throw Object.assign(new Error("fsrs.js"), { name: "NetworkError" }); });
    entry = await keep((time) => {
      const made = entryOf(progress, { time, id: newId(time), ms });
      return { entry: made, shown: made.ok === false ? shownOf(progress.shown) : null };
    }, parts);
  } catch (error) {
    notKept(error, progress);
    return null;
  }
  if (lastFailure()) rememberFailure(null);  // kept again: «Mi progreso» no longer says it
  askPersistence();
  return entry;
}
