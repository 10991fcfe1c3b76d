// The reader's progress log in IndexedDB: append-only, one record per checked answer, kept under its id
// (so merging two logs never counts an attempt twice). Never sent anywhere. Storage through idb-keyval,
// bundled at build time into assets/progress/store.js (site_hooks/progress.py) and imported only when
// an answer is recorded or a page reads the log.
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

/** {lib, log, meta}: idb-keyval and the two stores (the log; small facts about it). */
function open() {
  if (!opened) {
    opened = import(STORE_URL.href).then((lib) => ({
      lib, log: lib.createStore(DB, "log"), meta: lib.createStore(`${DB}-meta`, "meta"),
    }));
    opened.catch(() => { opened = null; });
  }
  return opened;
}

/** Fetch the storage library now (offline later, the log still works). */
export function warm() {
  open().catch(() => {});
}

/** Add one entry. */
export async function append(entry) {
  const { lib, log } = await open();
  await lib.set(entry.id, entry, log);
  markLog(true);
}

/** Add many entries (an import); entries with an id already there are the same attempt: skipped. */
export async function appendMany(entries) {
  const { lib, log } = await open();
  const have = new Set((await lib.values(log)).map((e) => e.id));
  const fresh = entries.filter((e) => !have.has(e.id));
  await lib.setMany(fresh.map((e) => [e.id, e]), log);
  if (fresh.length) markLog(true);
  return fresh.length;
}

/** Every entry, in time order. */
export async function all() {
  const { lib, log } = await open();
  return (await lib.values(log)).sort((a, b) => a.time - b.time);
}

/** «Borrar mi progreso». */
export async function clearAll() {
  const { lib, log, meta } = await open();
  await lib.clear(log);
  await lib.clear(meta);
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
