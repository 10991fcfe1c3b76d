// The request path of engine/client.js, without the DOM (unit-tested under Node: tests/js/).
// - checkPayload: what can be posted to the worker (plain JSON data, nested at most MAX_DEPTH, like
//   the engine's own limit in engine/protocol/codec.py) — anything else is refused here, in Spanish;
// - Requests: the requests in flight. Each promise always settles: with the reply, or rejected
//   with a Spanish message when it was cancelled (signal, or superseded by a newer request with the
//   same key), when the worker said nothing for `timeout` ms (the worker is then wedged: onWedged()
//   lets the client restart it), or when the engine failed.

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
    this.pending = new Map();
    this.keys = new Map(); // supersede key -> id
  }

  /** Send one request; armed: whether its timer runs now (else call armAll() once the engine is ready). */
  send(type, payload, { onProgress, signal, supersede, timeout = this.timeout, armed = true } = {}) {
    return new Promise((resolve, reject) => {
      const problem = checkPayload(payload ?? {});
      if (problem) { reject(failure(`No se puede enviar la petición «${type}» al motor: ${problem}`, "payload")); return; }
      if (signal && signal.aborted) { reject(failure("Petición cancelada.", "cancelled")); return; }
      const id = this.nextId++;
      const entry = { id, type, resolve, reject, onProgress, timeout, timer: null, key: supersede, signal };
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
      if (armed) this.arm(entry);
      try {
        this.post({ id, type, payload: payload ?? {} });
      } catch (error) {
        this.finish(id, (e) => e.reject(failure(`No se puede enviar la petición «${type}» al motor (${error.message}).`,
          "payload")));
      }
    });
  }

  arm(entry) {
    clearTimeout(entry.timer);
    if (!entry.timeout) return;
    entry.timer = setTimeout(() => {
      const seconds = Math.round(entry.timeout / 1000);
      const message = `El motor no respondió a «${entry.type}» en ${seconds} s; se reinicia.`;
      this.finish(entry.id, (e) => e.reject(failure(message, "timeout")));
      this.onWedged(message);
    }, entry.timeout);
  }

  /** Start the timers of the requests sent while the engine was loading. */
  armAll() {
    for (const entry of this.pending.values()) if (!entry.timer) this.arm(entry);
  }

  /** A message from the worker about request data.id: progress, the reply or an error. */
  receive(data) {
    const entry = this.pending.get(data.id);
    if (!entry) return; // cancelled, timed out, or not ours
    if (data.progress) {
      this.arm(entry); // still counting: the worker is alive
      if (entry.onProgress) {
        try { entry.onProgress(data.progress); } catch (error) { console.error(error); }
      }
      return;
    }
    if ("error" in data) this.finish(data.id, (e) => e.reject(failure(String(data.error), "worker")));
    else this.finish(data.id, (e) => e.resolve(data.result));
  }

  /** Reject request id (its reply, if it ever comes, is ignored). */
  cancel(id, message = "Petición cancelada.") {
    this.finish(id, (e) => e.reject(failure(message, "cancelled")));
  }

  /** Reject every request in flight (the engine failed or is being restarted). */
  rejectAll(message, code = "failed") {
    for (const id of [...this.pending.keys()]) this.finish(id, (e) => e.reject(failure(message, code)));
  }

  finish(id, settle) {
    const entry = this.pending.get(id);
    if (!entry) return;
    this.pending.delete(id);
    clearTimeout(entry.timer);
    if (entry.key !== undefined && this.keys.get(entry.key) === id) this.keys.delete(entry.key);
    if (entry.signal && entry.abort) entry.signal.removeEventListener("abort", entry.abort);
    settle(entry);
  }
}
