// The request path of engine/client.js, without the DOM (unit-tested under Node: tests/js/).
// - snapshotPayload / checkPayload: what can be posted to the worker (plain JSON data, nested at most
//   MAX_DEPTH, like the engine's own limit in engine/protocol/codec.py), read once into a plain copy that
//   is what gets posted — anything else is refused here, in Spanish, and nothing it does can throw;
// - Requests: the requests in flight. Each promise always settles: with the reply, or rejected
//   with a Spanish message when it was cancelled (signal, or superseded by a newer request with the
//   same key: the worker is told, {abort: id}, and drops it from its queue or stops it at the end of
//   a slice), when the worker, running it, said nothing for `timeout` ms (timed from its {id,
//   started} and each {id, progress}, never while the request waits in the worker's queue: the
//   worker is then wedged, and onWedged() lets the client restart it), or when the engine failed.

import { duration } from "./words.js";

export const MAX_DEPTH = 32;
export const REQUEST_TIMEOUT_MS = 30000;

/** Why payload cannot be posted (a Spanish sentence), or null when it is plain JSON data. */
export function checkPayload(payload) {
  return snapshotPayload(payload).problem;
}

/** A plain copy of payload, read once ({value}), or why it cannot be posted ({problem}, a Spanish
 * sentence). Every property is read exactly once, so what is posted is what was checked: a getter that
 * answers differently the second time, a Proxy or an array that changes later cannot slip anything
 * past the check; a getter or Proxy trap that throws, a hole in an array (new Array(5)) and whatever
 * JSON cannot carry are refused. */
export function snapshotPayload(payload) {
  const seen = new Set();
  const copy = (value, path, depth) => {
    if (value === null) return null;
    switch (typeof value) {
      case "string": case "boolean": return value;
      case "number":
        if (!Number.isFinite(value)) throw new Refused(`${where(path)} tiene un número no válido (${value}).`);
        return value;
      case "bigint": throw new Refused(`${where(path)} es un BigInt: usa un número normal.`);
      case "function": throw new Refused(`${where(path)} es una función: solo se pueden enviar datos.`);
      case "symbol": throw new Refused(`${where(path)} es un Symbol: solo se pueden enviar datos.`);
      case "undefined": return undefined;
      default: break;
    }
    if (depth >= MAX_DEPTH) {
      throw new Refused(`La petición está anidada demasiado profundamente (el máximo es ${MAX_DEPTH} niveles).`);
    }
    if (seen.has(value)) throw new Refused(`${where(path)} se contiene a sí mismo (referencia circular).`);
    const list = read(() => Array.isArray(value), path);
    const proto = read(() => Object.getPrototypeOf(value), path);
    if (!list && proto !== Object.prototype && proto !== null) {
      throw new Refused(`${where(path)} no es un objeto simple ni una lista.`);
    }
    seen.add(value);
    let out;
    if (list) {
      const length = read(() => value.length, path);
      out = [];
      for (let i = 0; i < length; i++) {
        const inner = `${path}[${i}]`;
        if (!read(() => Object.hasOwn(value, i), inner)) {
          throw new Refused(`${where(path)} es una lista con huecos (la posición ${i} está vacía).`);
        }
        const item = copy(read(() => value[i], inner), inner, depth + 1);
        out.push(item === undefined ? null : item);  // as JSON would send it
      }
    } else {
      out = {};
      for (const key of read(() => Object.keys(value), path)) {
        const inner = path ? `${path}.${key}` : key;
        const item = copy(read(() => value[key], inner), inner, depth + 1);
        if (item !== undefined) {  // as JSON would send it: no field
          Object.defineProperty(out, key, { value: item, enumerable: true, writable: true, configurable: true });
        }
      }
    }
    seen.delete(value);
    return out;
  };
  try {
    if (read(() => payload === null || typeof payload !== "object" || Array.isArray(payload), "")) {
      return { problem: "La petición debe ser un objeto ({…})." };
    }
    return { value: copy(payload, "", 0), problem: null };
  } catch (error) {
    if (error instanceof Refused) return { problem: error.message };
    // a stack overflow inside a getter or trap, or anything else a read could throw
    return { problem: "La petición no se puede leer." };
  }
}

class Refused extends Error {}

/** fn(), whose failure (a throwing getter, a Proxy trap, a revoked Proxy) is a Spanish refusal (the
 * caller's own error, in whatever words, is not passed on). */
function read(fn, path) {
  try {
    return fn();
  } catch (error) {
    if (error instanceof Refused) throw error;
    throw new Refused(`${where(path)} no se puede leer: al leerlo se produjo un error (un getter o un Proxy).`);
  }
}

function where(path) {
  return path ? `El campo «${path.length > 60 ? `${path.slice(0, 59)}…` : path}»` : "La petición";
}

/** A rejection reason: an Error with a Spanish message and a machine-readable code. */
export function failure(message, code) {
  const error = new Error(message);
  error.code = code;
  if (code === "cancelled") error.name = "AbortError";
  return error;
}

export class Requests {
  /** post(message) sends to the worker; onWedged(message) is called when a request times out, and
   * when the worker could not run one at all ({id, error}: e.g. JavaScript's stack overflowed inside
   * Pyodide, which leaves its interpreter unusable): either way the client restarts it. */
  constructor({ post, onWedged = () => {}, timeout = REQUEST_TIMEOUT_MS } = {}) {
    this.post = post;
    this.onWedged = onWedged;
    this.timeout = timeout;
    this.nextId = 1;
    this.pending = new Map(); // id -> entry: the requests whose promise is still open
    this.keys = new Map(); // supersede key -> id
    // id -> {type, timeout}: what the worker holds (queued or running) until it answers or lets go
    // of it ({id, cancelled}); a cancelled request stays here while the worker may still run it.
    this.held = new Map();
    this.running = null; // the id the worker said it is running
    this.timer = null; // the silence of the worker on that request
  }

  /** Send one request. Its timeout runs while the worker runs it: from the worker's {id, started}
   * and again from each of its {id, progress}; waiting in the worker's queue is not late. */
  send(type, payload, { onProgress, signal, supersede, timeout = this.timeout } = {}) {
    return new Promise((resolve, reject) => {
      const { value: checked, problem } = snapshotPayload(payload ?? {});
      if (problem) { reject(failure(`No se puede enviar la petición «${type}» al motor: ${problem}`, "payload")); return; }
      if (signal && signal.aborted) { reject(failure("Petición cancelada.", "cancelled")); return; }
      const id = this.nextId++;
      const entry = { id, type, resolve, reject, onProgress, key: supersede, signal };
      if (supersede !== undefined) {
        const older = this.keys.get(supersede);
        if (older !== undefined) this.cancel(older, "Petición cancelada: una más reciente la sustituye.");
        this.keys.set(supersede, id);
      }
      if (signal) {
        entry.abort = () => this.cancel(id, "Petición cancelada.");
        signal.addEventListener("abort", entry.abort, { once: true });
      }
      this.pending.set(id, entry);
      this.held.set(id, { type, timeout });
      try {
        this.post({ id, type, payload: checked });  // the copy that was checked
      } catch (error) {
        this.held.delete(id);
        this.finish(id, (e) => e.reject(failure(`No se puede enviar la petición «${type}» al motor (${error.message}).`,
          "payload")));
      }
    });
  }

  /** The worker runs request id (it said it started, or it reported progress): time its silence from now. */
  watch(id) {
    clearTimeout(this.timer);
    this.timer = null;
    const held = this.held.get(id);
    this.running = held ? id : null;
    if (!held || !held.timeout) return;
    this.timer = setTimeout(() => {
      const message = `El motor no respondió a «${held.type}» en ${duration(held.timeout)}; se reinicia.`;
      this.finish(id, (e) => e.reject(failure(message, "timeout")));
      this.onWedged(message);
    }, held.timeout);
  }

  /** The worker let go of request id (answered it, or stopped it): nothing of it is timed any more. */
  release(id) {
    this.held.delete(id);
    if (this.running === id) {
      clearTimeout(this.timer);
      this.timer = null;
      this.running = null;
    }
  }

  /** A message from the worker about request data.id: started, progress, cancelled, the reply or an error. */
  receive(data) {
    if (data.started || data.progress) {
      this.watch(data.id); // the worker is alive and on this request
      const entry = this.pending.get(data.id);
      if (data.progress && entry && entry.onProgress) {
        try { entry.onProgress(data.progress); } catch (error) { console.error(error); }
      }
      return;
    }
    this.release(data.id);
    if (data.cancelled) return; // a cancellation the worker heeded: its caller was told already
    if ("error" in data) {
      // Not the engine's refusal (that is a reply): the worker broke running it. The reader gets Spanish;
      // the worker's own words go to the console for whoever fixes it.
      const type = (this.pending.get(data.id) || {}).type || "";
      console.warn("[motor] el worker no pudo ejecutar una petición:", String(data.error));
      const message = `El motor se detuvo con «${type}» y se reinicia.`;
      this.finish(data.id, (e) => e.reject(failure(message, "worker")));
      this.onWedged(message);
    } else this.finish(data.id, (e) => e.resolve(data.result));
  }

  /** Reject request id (its reply, if it ever comes, is ignored) and ask the worker to drop it: out
   * of its queue, or at the end of the slice it is running. */
  cancel(id, message = "Petición cancelada.") {
    if (!this.pending.has(id)) return;
    this.finish(id, (e) => e.reject(failure(message, "cancelled")));
    if (!this.held.has(id)) return;
    try {
      this.post({ abort: id });
    } catch (error) {
      console.error(error);
    }
  }

  /** Reject every request in flight (the engine failed or is being restarted: the worker holds nothing). */
  rejectAll(message, code = "failed") {
    for (const id of [...this.pending.keys()]) this.finish(id, (e) => e.reject(failure(message, code)));
    for (const id of [...this.held.keys()]) this.release(id);
  }

  finish(id, settle) {
    const entry = this.pending.get(id);
    if (!entry) return;
    this.pending.delete(id);
    if (entry.key !== undefined && this.keys.get(entry.key) === id) this.keys.delete(entry.key);
    if (entry.signal && entry.abort) entry.signal.removeEventListener("abort", entry.abort);
    settle(entry);
  }
}
