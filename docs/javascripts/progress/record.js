// Recording, in one place: engine/client.js hands every reply that carries the engine's `progress`
// field here (imported on the first such reply, so pages where nothing is checked never load it).
// Work on the main thread is building one small object; IndexedDB writes off it.
import { append, askPersistence, keepShown, warm } from "./log.js";
import { entryOf, newId, shownOf } from "./model.js";

warm();

let recorded = 0;
const listeners = new Set();

/** Call fn(entry) after each entry is saved (e.g. the path's ticks); returns the unsubscribe function. */
export function onRecorded(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Record the checked reply of `command` (its payload gave `ms`, the time the reader took, if any). */
export async function record(command, payload, reply) {
  const time = Date.now();
  const ms = payload && Number.isFinite(payload.ms) ? payload.ms : null;
  const entry = entryOf(reply.progress, { time, id: newId(time), ms });
  try {
    await append(entry);
    const shown = entry.ok === false ? shownOf(reply.progress.shown) : null;
    if (shown) await keepShown({ [entry.item.key]: shown });  // what «Mis errores» shows of it
  } catch (error) {
    console.warn("[progreso] no se pudo guardar la respuesta:", error && error.message);
    return null;
  }
  recorded += 1;
  if (recorded === 1) askPersistence().catch(() => {});
  for (const fn of listeners) {
    try { fn(entry); } catch (error) { console.error(error); }
  }
  return entry;
}
