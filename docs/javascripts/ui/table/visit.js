// The reader's visit at a free table, as pure helpers (no DOM; unit-tested under Node:
// tests/js/free_visit.test.mjs): the form's last setup and the reader's result hand after hand, kept per
// game in the tab's sessionStorage (so a reload keeps them), in memory when the browser blocks storage.
// The engine words every result: each entry keeps what a finished hand's reply said (its `visit` and its
// `summary`; never what dealt it: the engine keeps that secret); the page sends the results back on
// "play-start" (`visit`) and the engine goes on counting from them.

/** The visit of one game's free table in `storage` (a Storage, or null: memory only). */
export class Visit {
  constructor(game, storage) {
    this.key = `mesa-libre.${game}.visita`;
    this.storage = storage;
    this.data = this.load();
  }

  load() {
    try {
      const data = JSON.parse((this.storage && this.storage.getItem(this.key)) || "null");
      if (data && Array.isArray(data.hands) && data.hands.every(isHand)) { // (an older page kept a seed: dropped)
        const setup = isObject(data.setup) ? withoutSeed(data.setup) : null;
        return { setup, hands: data.hands.map(({ change, text, summary }) => ({ change, text, summary })),
          total: typeof data.total === "string" ? data.total : "" };
      }
    } catch (e) { /* storage blocked or a damaged entry: start afresh */ }
    return { setup: null, hands: [], total: "" };
  }

  save() {
    if (!this.storage) return;
    try {
      this.storage.setItem(this.key, JSON.stringify(this.data));
    } catch (e) {
      this.storage = null; // blocked or full: the visit lives on in memory
    }
  }

  /** The form's last setup ({key: value}), or null. */
  get setup() {
    return this.data.setup;
  }

  keepSetup(setup) {
    this.data.setup = withoutSeed(setup);
    this.save();
  }

  /** [{change, text, summary}], oldest first. */
  get hands() {
    return this.data.hands;
  }

  /** The visit's total as the engine wrote it. */
  get total() {
    return this.data.total;
  }

  /** The reader's results, as "play-start" takes them back (`visit`). */
  changes() {
    return this.data.hands.map((hand) => hand.change);
  }

  /** A finished hand's reply (its `visit`, `summary`): its result added; the visit as long as the engine
   * counted it. False when the reply carries no result of the reader's (a replay). */
  add(reply) {
    const visit = reply && reply.visit;
    if (!visit || !Array.isArray(visit.changes) || !visit.changes.length) return false;
    const last = visit.changes.length - 1;
    const hand = { change: visit.changes[last], text: String((visit.texts || [])[last] ?? ""),
      summary: String(reply.summary || "") };
    this.data.hands = [...this.data.hands, hand].slice(-visit.changes.length);
    this.data.total = String(visit.total_text ?? "");
    this.save();
    return true;
  }
}

function withoutSeed(setup) {
  const out = { ...setup };
  delete out.seed;
  return out;
}

function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function isHand(hand) {
  return isObject(hand) && Number.isSafeInteger(hand.change) && typeof hand.text === "string"
    && typeof hand.summary === "string" && (hand.table === undefined || isObject(hand.table));
}

/**
 * Bars for the visit's chart: one per hand, its height proportional to the chips won or lost.
 * @param {number[]} changes the reader's result per hand
 * @returns {{x:number, y:number, height:number, up:boolean}[]} in a 0..100 tall box, zero line at 50
 */
export function bars(changes, width = 6, gap = 2) {
  const top = Math.max(1, ...changes.map((c) => Math.abs(c)));
  return changes.map((change, i) => {
    const height = Math.max(1, Math.round((Math.abs(change) / top) * 45));
    return { x: i * (width + gap), y: change >= 0 ? 50 - height : 50, height, up: change >= 0 };
  });
}
