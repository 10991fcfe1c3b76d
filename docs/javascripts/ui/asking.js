// One widget's requests to the engine when only the newest one matters (pure: no DOM, unit-tested
// under Node: tests/js/asking.test.mjs). A new ask supersedes the one in flight (client.js's
// `supersede`), cancel() drops it (its AbortSignal): the reader moved on (a new exercise, a new hand,
// another page). A superseded or cancelled request is not a failure: ask() resolves to null and the
// widget shows nothing. When the engine is unavailable (it failed to load, or was restarted too often)
// ask() resolves to an error reply like the engine's own, {error, code, unavailable: true}, so a widget
// has one path for every refusal (and can still tell "the engine is not there" from "the engine said
// no"). A payload that could not be posted (not JSON data: e.g. a share link's number 1e400) is the
// request's fault, not the engine's: {error, code: "payload"}, without «El motor no está disponible».
// A request the worker broke on or never answered ("worker", "timeout"; the others in flight:
// "restarted") is refused alone, {error, code}: the client restarts the worker and the page stays usable.

export const UNAVAILABLE = "El motor no está disponible";
/** The rejections after which the client restarts the worker (engine/requests.js, engine/client.js). */
const RESTARTING = new Set(["worker", "timeout", "restarted"]);

export class Asker {
  /**
   * @param {Function} send the client's request(type, payload, options)
   * @param {*} [key] the supersede key: askers that share it supersede each other (default: this one only)
   */
  constructor(send, key = {}) {
    this.send = send;
    this.key = key;
    this.turn = 0;
    this.controller = null;
  }

  /** The reply; null when superseded or cancelled meanwhile; {error, code, unavailable} when the engine is unavailable. */
  async ask(type, payload, options = {}) {
    const turn = ++this.turn;
    if (this.controller) this.controller.abort();
    const controller = new AbortController();
    this.controller = controller;
    let reply;
    try {
      reply = await this.send(type, payload, { ...options, signal: controller.signal, supersede: this.key });
    } catch (error) {
      if (error && error.code === "cancelled") return null;
      const code = (error && error.code) || "failed";
      if (code === "payload") reply = { error: error.message, code: "payload" };
      // The worker broke on this request or stopped answering: it is being restarted, so the page stays
      // usable and only this request is refused (a reader's link that broke it must not disable the page).
      else if (RESTARTING.has(code)) reply = { error: error.message, code };
      else reply = { error: `${UNAVAILABLE}: ${error && error.message}`, code, unavailable: true };
    } finally {
      if (this.controller === controller) this.controller = null;
    }
    return turn === this.turn ? reply : null; // a newer ask (or cancel) came while this one settled
  }

  /** Drop the request in flight, if any: its ask() resolves to null. */
  cancel() {
    this.turn += 1;
    if (this.controller) this.controller.abort();
    this.controller = null;
  }

  /** True while a request is in flight. */
  get busy() {
    return this.controller !== null;
  }
}
