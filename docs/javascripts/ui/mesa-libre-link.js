// «Mesa libre»: the share link and the visit's history, as pure helpers (no DOM).
// A hand is (table, decisions): the table's setup and seed, and every decision in order (the reader's
// and the bots'). The link carries both in ?mano=…, as base64url JSON; the engine replays it.

import { checkPayload } from "../engine/requests.js";

const FIELDS = ["opponents", "modality", "betting", "minimum", "stack", "seed", "styles", "exposures"];

function toBase64Url(text) {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(token) {
  const padded = token.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((token.length + 3) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The ?mano= token of a hand: {table, decisions}. */
export function encodeHand(table, decisions) {
  const t = {};
  for (const key of FIELDS) if (key in table) t[key] = table[key];
  const d = decisions.map((x) => (x.amount === undefined || x.amount === null ? [x.action] : [x.action, x.amount]));
  return toBase64Url(JSON.stringify({ v: 1, t, d }));
}

/** {table, decisions} from a ?mano= token, or null when it cannot be read, or holds what cannot be sent
 * to the engine (a number JSON reads as Infinity, like a seed 1e400); the engine checks the rest. */
export function decodeHand(token) {
  try {
    const data = JSON.parse(fromBase64Url(String(token || "")));
    if (!data || data.v !== 1 || !data.t || typeof data.t !== "object" || !Array.isArray(data.d)) return null;
    if (checkPayload(data) !== null || !data.d.every(Array.isArray)) return null;
    const decisions = data.d.map((x) => (x.length > 1 ? { action: x[0], amount: x[1] } : { action: x[0] }));
    return { table: data.t, decisions };
  } catch (e) {
    return null;
  }
}

/** The page's address with ?mano=<token> (and nothing else in the query). */
export function shareUrl(location, token) {
  const url = new URL(location.href);
  url.search = "";
  url.hash = "";
  url.searchParams.set("mano", token);
  return url.href;
}

/** A seed for a new hand: a whole number below 2 ** 49, under the engine's limit on numbers (10 ** 15). */
export function newSeed() {
  const words = new Uint32Array(2);
  crypto.getRandomValues(words);
  return (words[0] % 2 ** 17) * 2 ** 32 + words[1];
}

/**
 * Bars for the visit's chart: one per hand, its height proportional to the chips won or lost.
 * @param {number[]} changes the reader's result per hand
 * @returns {{x:number, y:number, height:number, up:boolean}[]} in a 0..100 tall box, zero line at `zero`
 */
export function bars(changes, width = 6, gap = 2) {
  const top = Math.max(1, ...changes.map((c) => Math.abs(c)));
  return changes.map((change, i) => {
    const height = Math.max(1, Math.round((Math.abs(change) / top) * 45));
    return { x: i * (width + gap), y: change >= 0 ? 50 - height : 50, height, up: change >= 0 };
  });
}
