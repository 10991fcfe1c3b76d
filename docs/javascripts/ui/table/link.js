// The free table's share link, as pure helpers (no DOM; unit-tested under Node: tests/js/free_link.test.mjs).
// A hand travels as its history, the text the engine wrote when the hand ended (PHH for Texas Hold'em,
// the JSON history of a Mata Ases hand): the link carries that text in its fragment, #mano=<token>, "z" +
// base64url of the text compressed with deflate-raw when that is shorter, else "t" + base64url of the text.
// Nothing here reads the text: the engine replays it ("play-start", mode "replay") and judges it.
//
// Links already published keep opening: the Hold'em table's #mano= (the same token) and Mata Ases's
// first links, ?mano=<base64url of the JSON history>, in the query.
//
// Every link is bounded before it is decoded, by the engine's own limit (`limit`: game-info's
// history_chars, the longest request it reads, engine/requests.py): no longer text can be a hand it
// replays, so a longer token is refused unread, and an inflated text is cut off as soon as it passes
// that size (in UTF-8 bytes, never fewer than its characters).
//
// A link is read off the page's main thread: `decodeHistory` hands the address's part to a small worker
// (link-worker.js, started for it and stopped once idle) that parses, decodes and inflates it, so that
// even a hostile link up to the limit costs the page no long task; where a worker cannot start, the same
// `readHistory` runs here.

/** The longest token read for texts of at most `limit` bytes: their base64url and its kind's letter. */
export function maxToken(limit) {
  return Math.ceil((limit * 4) / 3) + 1;
}

function toBase64Url(bytes) {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(token) {
  if (!/^[A-Za-z0-9_-]*$/.test(token)) throw new Error("not base64url");
  const padded = token.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((token.length + 3) % 4);
  return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
}

async function through(stream, bytes, limit = Infinity) {
  const reader = new Blob([bytes]).stream().pipeThrough(stream).getReader();
  const parts = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      reader.cancel().catch(() => {});
      return null;
    }
    parts.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const utf8 = (bytes) => new TextDecoder("utf-8", { fatal: true }).decode(bytes);

/** The #mano= token of a history text (compressed when the browser can and it is shorter). */
export async function encodeHistory(text) {
  const plain = new TextEncoder().encode(text);
  let best = `t${toBase64Url(plain)}`;
  if (typeof CompressionStream === "function") {
    const packed = `z${toBase64Url(await through(new CompressionStream("deflate-raw"), plain))}`;
    if (packed.length < best.length) best = packed;
  }
  return best;
}

/**
 * The history text a link carries: {text}, or {problem}: "long" (more than the engine would read, refused
 * before it is decoded) or "bad" (not a token this site writes, or damaged). Here, on this thread; pages
 * call decodeHistory.
 * @param {{part?: string, token?: string, plain?: boolean, long?: boolean}} linked what linkedHand() found
 *   (part: the query or fragment that holds it), or a token itself (plain: an old ?mano= link)
 * @param {number} limit the longest text read (game-info's history_chars)
 */
export async function readHistory({ part, token, plain = false, long = false }, limit) {
  if (long || (part !== undefined && !(String(part).length <= maxToken(limit) + 64))) return { problem: "long" };
  if (part !== undefined) token = new URLSearchParams(String(part).slice(1)).get("mano");
  token = String(token ?? "");
  if (!(token.length <= maxToken(limit))) return { problem: "long" };
  try {
    if (plain) return checked(fromBase64Url(token), limit);
    const kind = token.charAt(0);
    const bytes = fromBase64Url(token.slice(1));
    if (kind === "t") return checked(bytes, limit);
    if (kind === "z" && typeof DecompressionStream === "function") {
      const inflated = await through(new DecompressionStream("deflate-raw"), bytes, limit);
      return inflated === null ? { problem: "long" } : checked(inflated, limit);
    }
  } catch (e) { /* a damaged link */ }
  return { problem: "bad" };
}

let reader = null; // the worker that reads links (link-worker.js), while one is being read
let lastId = 0;
const waiting = new Map(); // id -> {resolve, here}

function stopReader() {
  if (reader && !waiting.size) {
    reader.terminate();
    reader = null;
  }
}

function startReader() {
  reader = new Worker(new URL("./link-worker.js", import.meta.url), { type: "module" });
  reader.onmessage = ({ data }) => {
    const job = waiting.get(data.id);
    waiting.delete(data.id);
    if (job) job.resolve(data.result);
    stopReader();
  };
  reader.onerror = (event) => {  // it could not start (its script missing offline...): read here
    event.preventDefault();
    const jobs = [...waiting.values()];
    waiting.clear();
    reader.terminate();
    reader = null;
    for (const job of jobs) job.here();
  };
  return reader;
}

/**
 * The history text a link carries (as readHistory), read off the page's main thread where a worker can be
 * started: a hostile link (a huge text, one that inflates to megabytes) costs the page nothing.
 */
export function decodeHistory(linked, limit) {
  if (typeof Worker !== "function" || typeof document === "undefined") return readHistory(linked, limit);
  return new Promise((resolve) => {
    const id = ++lastId;
    const here = () => readHistory(linked, limit).then(resolve);
    waiting.set(id, { resolve, here });
    try {
      (reader || startReader()).postMessage({ id, linked, limit });
    } catch {
      waiting.delete(id);
      here();
    }
  });
}

function checked(bytes, limit) {
  if (bytes.length > limit) return { problem: "long" };
  const text = utf8(bytes);
  return text ? { text } : { problem: "bad" };
}

/**
 * The hand a page address carries: {part, plain}, the fragment (#mano=, plain false) or the query of an old
 * ?mano= link (plain true) that holds it, left for readHistory to parse (off the main thread); or null. A
 * fragment or query too long to hold a hand is not read: {part: null, plain, long: true}, which
 * readHistory refuses as "long".
 * @param {{search: string, hash: string}} location
 * @param {number} limit the longest text read (game-info's history_chars)
 */
export function linkedHand(location, limit) {
  for (const [part, plain] of [[location.hash || "", false], [location.search || "", true]]) {
    if (!/(?:^[#?]|&)mano=/.test(part)) continue;
    if (!(part.length <= maxToken(limit) + 64)) return { part: null, plain, long: true };
    return { part, plain };
  }
  return null;
}

/** The page's address with the hand in its fragment (and nothing in the query). */
export function shareUrl(location, token) {
  const url = new URL(location.href);
  url.search = "";
  url.hash = `mano=${token}`;
  return url.href;
}

/** The page's address without a hand (neither #mano= nor ?mano=), the rest of its query kept; null when
 * it carries none. */
export function addressWithoutHand(location) {
  const url = new URL(location.href);
  const inHash = new URLSearchParams(url.hash.slice(1)).has("mano");
  if (!inHash && !url.searchParams.has("mano")) return null;
  url.searchParams.delete("mano");
  if (inHash) url.hash = "";
  return url.pathname + url.search + url.hash;
}
