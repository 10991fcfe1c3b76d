// The request path of engine/client.js, without the DOM (unit-tested under Node: tests/js/).
// - checkPayload: what can be posted to the worker (plain JSON data, nested at most MAX_DEPTH, like
//   the engine's own limit in engine/protocol/codec.py) — anything else is refused here, in Spanish;
// - Requests: the requests in flight. Each promise always settles: with the reply, or rejected
//   with a Spanish message when it was cancelled (signal, or superseded by a newer request with the
//   same key: the worker is told, {abort: id}, and drops it from its queue or stops it at the end of
//   a slice), when the worker, running it, said nothing for `timeout` ms (timed from its {id,
//   started} and each {id, progress}, never while the request waits in the worker's queue: the
//   worker is then wedged, and onWedged() lets the client restart it), or when the engine failed.

export const MAX_DEPTH = 32;
export const REQUEST_TIMEOUT_MS = 30000;

/** Why payload cannot be posted (a Spanish sentence), or null when it is plain JSON data. */
export function checkPayload(payload) {
  const seen = new Set();
  const visit = (value, path, depth) => {
    if (value === null || value === undefined) return null;
    switch (typeof value) {
      case "string": case "boolean": return null;
      case "number":
        return Number.isFinite(value) ? null : `${where(path)} tiene un número no válido (${value}).`;
      case "bigint": return `${where(path)} es un BigInt: usa un número normal.`;
      case "function": return `${where(path)} es una función: solo se pueden enviar datos.`;
      case "symbol": return `${where(path)} es un Symbol: solo se pueden enviar datos.`;
      default: break;
    }
    if (depth >= MAX_DEPTH) return `La petición está anidada demasiado profundamente (el máximo es ${MAX_DEPTH} niveles).`;
    if (seen.has(value)) return `${where(path)} se contiene a sí mismo (referencia circular).`;
    const proto = Object.getPrototypeOf(value);
    if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) {
      return `${where(path)} no es un objeto simple ni una lista.`;
    }
    seen.add(value);
    const entries = Array.isArray(value) ? value.map((v, i) => [`${path}[${i}]`, v])
      : Object.entries(value).map(([k, v]) => [path ? `${path}.${k}` : k, v]);
    for (const [inner, item] of entries) {
      const problem = visit(item, inner, depth + 1);
      if (problem) return problem;
    }
    seen.delete(value);
    return null;
  };
  if (payload === null || typeof payload !== "object" || Array.isArray(payload)) {
    return "La petición debe ser un objeto ({…}).";
  }
  return visit(payload, "", 0);
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
  /** post(message) sends to the worker; onWedged(message) is called when a request times out. */
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
      const problem = checkPayload(payload ?? {});
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
        this.post({ id, type, payload: payload ?? {} });
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
    if ("error" in data) this.finish(data.id, (e) => e.reject(failure(String(data.error), "worker")));
    else this.finish(data.id, (e) => e.resolve(data.result));
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

/** A timeout in words: «30 s», «1,5 s», «1 ms». */
function duration(ms) {
  if (ms < 1000) return `${ms} ms`;
  return `${new Intl.NumberFormat("es-ES", { maximumFractionDigits: 1 }).format(ms / 1000)} s`;
}
