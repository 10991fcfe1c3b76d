// What a table page says, and when it pauses: pure helpers (no DOM), unit-tested under Node (tests/js/).
// Every word comes from the engine's replies: card names and faces from reply.cards, amounts from
// reply.amounts, labels from reply.labels (a session's first reply), prompts, badges and sentences
// inside the events, tables and results. This module only remembers them for the session.

// The reader's seat, as the engine names it (every reply of a hand says it, `reader`; a free table learns
// it first from "game-info"): the view draws that seat as the reader's.
let readerName = null;

/** Set the reader's seat name (the engine's, e.g. «Tú»). */
export function setReader(name) {
  readerName = name ?? null;
}

/** True for the reader's seat (the engine names it). */
export function isReader(name) {
  return name !== null && name !== undefined && name === readerName;
}

// Opponents' steps come after a pause (a fraction of the delay): decisions, then the cards they choose.
const PACE = { check: 1, bet: 1, call: 1, raise: 1, fold: 1, card: 0.6 };
// The reader's own steps (highlighted in the log).
const OWN = new Set(["check", "bet", "call", "raise", "fold", "card"]);
export const DEFAULT_DELAY_MS = 750;

/** The card displays, amount texts and table labels the engine has sent in this session. */
export class Words {
  constructor() {
    this.cards = new Map();
    this.amounts = new Map();
    this.labels = {};
  }

  /** Remember the words of one reply ({cards: {code: display}, amounts: {"12000": "12 000"},
   * labels: {pot: "Pozo", ..., closed_of: {Ana: "Carta cerrada de Ana"}}}, labels on a session's first reply). */
  learn(reply) {
    for (const [code, display] of Object.entries((reply && reply.cards) || {})) this.cards.set(code, display);
    for (const [value, text] of Object.entries((reply && reply.amounts) || {})) this.amounts.set(value, text);
    if (reply && reply.labels) this.labels = reply.labels;
  }

  /** A table label as the engine words it ("pot" -> «Pozo»); "" when the engine never sent it. */
  label(key) {
    const text = this.labels[key];
    return typeof text === "string" ? text : "";
  }

  /** The label of an opponent's closed card («Carta cerrada de Ana»). */
  closedOf(name) {
    return (this.labels.closed_of || {})[name] || this.label("closed");
  }

  /** {rank, suit, color, name} of a card code ("As", "Th"), or null when the engine never sent it. */
  card(code) {
    return this.cards.get(String(code)) || null;
  }

  /** An amount as the engine writes it (plain digits unless the engine sent another form). */
  amount(value) {
    const key = String(Number(value) || 0);
    return this.amounts.get(key) ?? key;
  }
}

/** How long (in units of the delay) to wait before showing an event: only the opponents' decisions. */
export function pauseWeight(event) {
  if (!event || !event.player || isReader(event.player)) return 0;
  return PACE[event.type] || 0;
}

/** True for the reader's own decisions and card choices (the log highlights them). */
export function isOwnStep(event) {
  return Boolean(event) && isReader(event.player) && OWN.has(event.type);
}

/** True when the reader asked the system for less motion (prefers-reduced-motion): no pauses then. */
export function reducedMotion() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * The pause in ms: ?pausa=N (tests, demos) wins, then ?rapido, the "Sin pausas" box or reduced motion (0),
 * else the default.
 * @param {string} search location.search
 * @param {boolean} fast the reader's "Sin pausas" choice
 * @param {boolean} [reduced] the system's prefers-reduced-motion (reducedMotion())
 */
export function pauseMs(search, fast, reduced = false) {
  const params = new URLSearchParams(search || "");
  const asked = params.get("pausa");
  if (asked !== null && /^\d+$/.test(asked)) return Number(asked);
  if (fast || reduced || params.has("rapido")) return 0;
  return DEFAULT_DELAY_MS;
}

/** A decision for the engine from a button's data: {action, amount?}; the engine judges the amount. */
export function decisionFrom(dataset) {
  const decision = { action: dataset.action };
  if (dataset.action === "bet" || dataset.action === "raise") {
    const amount = Number(dataset.amount);
    decision.amount = Number.isInteger(amount) ? amount : null;
  }
  return decision;
}

// The reader's «Sin pausas» choice: one preference for every table page (localStorage).
const STORE_FAST = "simulador.sin-pausas";

export function storedFast() {
  try { return localStorage.getItem(STORE_FAST) === "1"; } catch (e) { return false; }
}

export function storeFast(value) {
  try { localStorage.setItem(STORE_FAST, value ? "1" : "0"); } catch (e) { /* private mode */ }
}
