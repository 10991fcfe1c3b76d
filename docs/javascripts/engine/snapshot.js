// The memory snapshot made on this device (runtime.js): Python with the engine imported, kept in this
// build's cache, restored on the next visit in a fraction of a plain start, with no download (the
// runtime is in the cache too: downloads.js keeps it as it arrives). Beside it, the names of the modules
// the reader's requests have imported so far: the next start imports them before its snapshot, so that
// the first request after a start finds its code loaded. Both live under this build's cache: a new
// build (a new cache) starts afresh. Pyodide's snapshots are an experimental API (_makeSnapshot,
// _loadSnapshot, makeMemorySnapshot; version pinned in package-lock.json): any failure only costs the
// plain start.
//
// The file is the snapshot without its zero pages (most of Python's 31 MB): "SPRS", the memory's size,
// how many pieces, each piece's [offset, length], then the pieces' bytes (little-endian 32-bit numbers).
// Pure functions apart from `readKept` and `store` (unit-tested under Node: tests/js/snapshot_format.test.mjs).

export const SPARSE_MAGIC = 0x53525053;  // "SPRS" read as a little-endian number
const PAGE = 4096;
/** Module names kept at most (a few hundred are used; the list is bounded like everything read back). */
export const MAX_MODULES = 2000;

/** Whether bytes[start, end) are all zero (`words`: the same memory as 32-bit words). */
function zeroPage(bytes, words, start, end) {
  if (start % 4 === 0 && end % 4 === 0 && words) {
    for (let i = start / 4; i < end / 4; i++) if (words[i] !== 0) return false;
    return true;
  }
  for (let i = start; i < end; i++) if (bytes[i] !== 0) return false;
  return true;
}

/**
 * The pieces of `bytes` that are not whole zero pages, as [offset, length], found a page at a time;
 * `yieldEvery` pages, `pause()` is awaited (the worker reads its messages meanwhile).
 */
export async function pieces(bytes, { pause = null, yieldEvery = 512 } = {}) {
  const words = bytes.byteOffset % 4 === 0 ? new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >> 2) : null;
  const found = [];
  let start = -1;
  for (let page = 0, at = 0; at < bytes.length; page++, at += PAGE) {
    const end = Math.min(at + PAGE, bytes.length);
    const zero = zeroPage(bytes, words, at, end);
    if (!zero && start < 0) start = at;
    if (zero && start >= 0) {
      found.push([start, at - start]);
      start = -1;
    }
    if (pause && page % yieldEvery === yieldEvery - 1) await pause();
  }
  if (start >= 0) found.push([start, bytes.length - start]);
  return found;
}

/** The file's parts (a header, then views of `bytes`), for a Blob. */
export function sparseParts(bytes, found) {
  const header = new DataView(new ArrayBuffer(12 + 8 * found.length));
  header.setUint32(0, SPARSE_MAGIC, true);
  header.setUint32(4, bytes.length, true);
  header.setUint32(8, found.length, true);
  found.forEach(([offset, length], k) => {
    header.setUint32(12 + 8 * k, offset, true);
    header.setUint32(16 + 8 * k, length, true);
  });
  return [new Uint8Array(header.buffer), ...found.map(([offset, length]) => bytes.subarray(offset, offset + length))];
}

/** The whole memory again from a file `sparseParts` wrote (throws when it is damaged). */
export function expand(buffer) {
  const view = new DataView(buffer);
  if (buffer.byteLength < 12 || view.getUint32(0, true) !== SPARSE_MAGIC) {
    throw new Error("la instantánea de memoria está dañada.");
  }
  const count = view.getUint32(8, true);
  const memory = new Uint8Array(view.getUint32(4, true));  // zeroed
  let at = 12 + 8 * count;
  if (at > buffer.byteLength) throw new Error("la instantánea de memoria está dañada.");
  for (let k = 0; k < count; k++) {
    const offset = view.getUint32(12 + 8 * k, true);
    const length = view.getUint32(16 + 8 * k, true);
    if (offset + length > memory.length || at + length > buffer.byteLength) {
      throw new Error("la instantánea de memoria está dañada.");
    }
    memory.set(new Uint8Array(buffer, at, length), offset);
    at += length;
  }
  if (at !== buffer.byteLength) throw new Error("la instantánea de memoria está dañada.");
  return memory;
}

/** The module names kept (a list of strings, bounded), from whatever was read back. */
export function moduleNames(data) {
  if (!Array.isArray(data)) return [];
  return data.filter((name) => typeof name === "string" && name.length <= 200).slice(0, MAX_MODULES);
}

/** Where, in this build's cache, the snapshot and the module names are kept (never on the host). */
export function keptURLs(buildFolder) {
  return { snapshot: new URL("device/python.snap", buildFolder).href,
    modules: new URL("device/modules.json", buildFolder).href };
}

/** The kept snapshot's response (or null) and the module names (or []), read from the cache at once. */
export async function readKept(cacheName, urls) {
  if (!self.caches || !cacheName) return { snapshot: null, modules: [] };
  try {
    if (!(await caches.has(cacheName))) return { snapshot: null, modules: [] };  // (open() would create it)
    const cache = await caches.open(cacheName);
    const [snapshot, modules] = await Promise.all([cache.match(urls.snapshot), cache.match(urls.modules)]);
    return { snapshot: snapshot || null, modules: modules ? moduleNames(await modules.json().catch(() => null)) : [] };
  } catch {
    return { snapshot: null, modules: [] };  // no usable cache: the plain start
  }
}

/** Keep `value` (a Blob or a JSON-able value) under `url` in the cache; false when it could not be. */
export async function store(cacheName, url, value) {
  if (!self.caches || !cacheName) return false;
  const body = value instanceof Blob ? value : JSON.stringify(value);
  const type = value instanceof Blob ? "application/octet-stream" : "application/json";
  try {
    await (await caches.open(cacheName)).put(url, new Response(body, { headers: { "content-type": type } }));
    return true;
  } catch (error) {
    console.warn("[motor] no se pudo guardar en este dispositivo:", String((error && error.message) || error));
    return false;
  }
}

/** Forget a snapshot that could not be restored (the next start makes a new one). */
export async function forget(cacheName, url) {
  try {
    if (self.caches && cacheName) await (await caches.open(cacheName)).delete(url);
  } catch {
    // nothing to forget
  }
}
