// The reader's progress log in IndexedDB: append-only, one entry per checked answer, each with its own
// id (so merging two logs never counts an attempt twice). Never sent anywhere. Entries are kept in one
// IndexedDB record per UTC day (an array, in the order they came): reading 10,000 entries is then about
// a hundred records, not 10,000 — IndexedDB's cost is per record (benchmarks/bench_progress.py).
// Storage through idb-keyval, bundled at build time into assets/progress/store.js
// (site_hooks/progress.py) and imported only when an answer is recorded or a page reads the log.
const STORE_URL = new URL("../../assets/progress/store.js", import.meta.url);
const DB = "reglas-poker-progreso";
const META_KEY = "persist-asked";
// Set once something is logged: pages that only tick the path (the home page) open no database, and
// download no storage code, for a reader who never answered.
const HAS_LOG_KEY = "progreso-registro";

function markLog(has) {
  try {
    if (has) localStorage.setItem(HAS_LOG_KEY, "1");
    else localStorage.removeItem(HAS_LOG_KEY);
  } catch (error) { /* storage blocked: the path reads the log anyway */ }
}

/** Whether this device may hold a log (false only when nothing was ever logged here). */
export function mayHaveLog() {
  try { return localStorage.getItem(HAS_LOG_KEY) !== null; } catch (error) { return true; }
}

let opened = null;

/** {lib, log, meta, shown}: idb-keyval and the three stores (the log; small facts about it; what «Mis errores»
 * shows of each open mistake, by its item's key). */
function open() {
  if (!opened) {
    opened = import(STORE_URL.href).then((lib) => ({
      lib, log: lib.createStore(DB, "log"), meta: lib.createStore(`${DB}-meta`, "meta"),
      shown: lib.createStore(`${DB}-shown`, "shown"),
    }));
    opened.catch(() => { opened = null; });
  }
  return opened;
}

/** Fetch the storage library now (offline later, the log still works). */
export function warm() {
  open().catch(() => {});
}

/** The record an entry belongs in: its UTC day number. */
function bucketOf(time) {
  return Math.floor(time / 86400000);
}

/** Add one entry. */
export async function append(entry) {
  const { lib, log } = await open();
  await lib.update(bucketOf(entry.time), (held) => (held || []).concat([entry]), log);
  markLog(true);
}

/** Add many entries (an import); an entry whose id is already there is the same attempt: skipped.
 * Resolves to how many were added. */
export async function appendMany(entries) {
  const { lib, log } = await open();
  const byBucket = new Map();
  for (const entry of entries) {
    const bucket = bucketOf(entry.time);
    if (!byBucket.has(bucket)) byBucket.set(bucket, []);
    byBucket.get(bucket).push(entry);
  }
  let added = 0;
  for (const [bucket, fresh] of byBucket) {
    await lib.update(bucket, (held) => {
      const ids = new Set((held || []).map((e) => e.id));
      const news = fresh.filter((e) => !ids.has(e.id) && ids.add(e.id));
      added += news.length;
      return (held || []).concat(news).sort((a, b) => a.time - b.time);
    }, log);
  }
  if (added) markLog(true);
  return added;
}

/** Every entry, in time order. */
export async function all() {
  const { lib, log } = await open();
  const days = await lib.values(log);
  days.sort((a, b) => (a.length && b.length ? a[0].time - b[0].time : a.length - b.length));
  return days.flat();
}

/** A fact kept beside the log (e.g. the schedule saved by «Mi progreso»); undefined when none. */
export async function getMeta(key) {
  const { lib, meta } = await open();
  return lib.get(key, meta);
}

export async function setMeta(key, value) {
  const { lib, meta } = await open();
  await lib.set(key, value, meta);
}

/** Keep what «Mis errores» shows of the items `byKey` ({item key: shown}); an item's newest replaces it. */
export async function keepShown(byKey) {
  const { lib, shown } = await open();
  await lib.setMany(Object.entries(byKey), shown);
}

/** What «Mis errores» shows of each item kept: {item key: shown}. */
export async function allShown() {
  const { lib, shown } = await open();
  return Object.fromEntries(await lib.entries(shown));
}

/** Forget what showed items no longer mistakes (solved since). */
export async function forgetShown(keys) {
  const { lib, shown } = await open();
  if (keys.length) await lib.delMany(keys, shown);
}

/** «Borrar mi progreso». */
export async function clearAll() {
  const { lib, log, meta, shown } = await open();
  await lib.clear(log);
  await lib.clear(meta);
  await lib.clear(shown);
  markLog(false);
}

/** After the first saved session, ask the browser once to keep the site's data (it may say no). */
export async function askPersistence() {
  const { lib, meta } = await open();
  if (await lib.get(META_KEY, meta)) return;
  await lib.set(META_KEY, Date.now(), meta);
  if (navigator.storage && navigator.storage.persist) {
    try { await navigator.storage.persist(); } catch (error) { /* the browser decides */ }
  }
}
