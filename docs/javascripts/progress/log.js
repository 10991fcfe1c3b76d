// The reader's progress in IndexedDB: this device only, never sent anywhere. One database, three stores, each
// answer written to all three in one transaction (so they never disagree, whatever other tabs do meanwhile):
// - `log`: every entry, append-only, each with its own id (merging two logs never counts an answer twice),
//   one record per UTC day (an array, in the order they came). Only an import, an export or a new summary
//   read it whole, in a worker (progress/worker.js);
// - `summary`: what the pages read at open (progress/summary.js): "main", and "day:YYYY-MM-DD" per local day;
// - `mistakes`: each open mistake by its item's key, with what «Mis errores» shows of it; its index by skill,
//   newest first, gives the list.
// Every change is told to the site's other tabs on a BroadcastChannel (onChange()).
import { MISTAKES_PER_SKILL, dayOf } from "./model.js";
import * as summary from "./summary.js";

const DB = "reglas-poker-progreso";
/** 1: the log alone (idb-keyval), with two more databases: what «Mis errores» showed and a saved schedule. */
const DB_VERSION = 2;
const OLD_SHOWN = `${DB}-shown`;
const OLD_META = `${DB}-meta`;
const LOG = "log";
const SUMMARY = "summary";
const MISTAKES = "mistakes";
const ALL = [LOG, SUMMARY, MISTAKES];
const BY_SKILL = "by-skill";
/** Set once something is logged: pages that only tick the path (the home page) open no database for a
 * reader who never answered. */
const HAS_LOG_KEY = "progreso-registro";

/** Note on this device whether it holds a log (a worker cannot: the page notes what a worker's task loaded). */
export function markLog(has) {
  try {
    if (has) localStorage.setItem(HAS_LOG_KEY, "1");
    else localStorage.removeItem(HAS_LOG_KEY);
  } catch (error) { /* storage blocked, or a worker: the path reads the summary anyway */ }
}

/** Whether this device may hold a log (false only when nothing was ever logged here). */
export function mayHaveLog() {
  try { return localStorage.getItem(HAS_LOG_KEY) !== null; } catch (error) { return true; }
}

// Other tabs: told of every change, and told to close when a newer site needs to upgrade the database.
let channel = null;
const changeListeners = new Set();
const blockedListeners = new Set();

function tabs() {
  if (!channel && typeof BroadcastChannel === "function") {
    channel = new BroadcastChannel(DB);
    channel.onmessage = ({ data }) => { for (const fn of changeListeners) fn(data); };
  }
  return channel;
}

/** Tell the other tabs that the log changed ({kind: "recorded" | "loaded" | "erased"}). */
export function changed(kind) {
  const to = tabs();
  if (to) to.postMessage({ kind });
}

/** Call fn({kind}) when another tab changes the log; returns the unsubscribe function. */
export function onChange(fn) {
  tabs();
  changeListeners.add(fn);
  return () => changeListeners.delete(fn);
}

/** Call fn() when the database cannot open because a tab of an older site still holds it. */
export function onBlocked(fn) {
  blockedListeners.add(fn);
  return () => blockedListeners.delete(fn);
}

let opened = null;

function upgrade(db) {
  if (!db.objectStoreNames.contains(LOG)) db.createObjectStore(LOG);
  if (!db.objectStoreNames.contains(SUMMARY)) db.createObjectStore(SUMMARY);
  if (!db.objectStoreNames.contains(MISTAKES)) {
    db.createObjectStore(MISTAKES, { keyPath: "key" }).createIndex(BY_SKILL, ["skill", "neg", "id"]);
  }
}

/** The database, opened once (an Error when this browser lets the site keep nothing). */
function database() {
  if (!opened) {
    opened = new Promise((resolve, reject) => {
      if (typeof indexedDB === "undefined" || !indexedDB) throw new DOMException("IndexedDB is not available", "NotSupportedError");
      const asked = indexedDB.open(DB, DB_VERSION);
      asked.onupgradeneeded = () => upgrade(asked.result);
      asked.onblocked = () => { for (const fn of blockedListeners) fn(); };
      asked.onsuccess = () => {
        const db = asked.result;
        db.onversionchange = () => { db.close(); opened = null; };  // a newer site upgrades it: let it
        resolve(db);
      };
      asked.onerror = () => reject(asked.error);
    });
    opened.catch(() => { opened = null; });
  }
  return opened;
}

/**
 * One transaction over `stores`: body(tx, done) issues its requests (each with `on()`), and calls done(value)
 * with what the promise resolves to once the transaction has committed. An error thrown in a callback aborts
 * the whole transaction: nothing of it is written.
 */
async function transaction(stores, mode, body) {
  const db = await database();
  return new Promise((resolve, reject) => {
    const tx = db.transaction(stores, mode);
    let result;
    let failure = null;
    tx.oncomplete = () => resolve(result);
    tx.onabort = tx.onerror = () => reject(failure || tx.error || new DOMException("The transaction was aborted", "AbortError"));
    const guard = (fn) => (...args) => {
      try { fn(...args); } catch (error) {
        failure = error;
        try { tx.abort(); } catch (ignored) { /* already finished */ }
      }
    };
    guard(body)(tx, (value) => { result = value; }, guard);
  });
}

/** request.onsuccess = fn(result), through the transaction's guard. */
function on(guard, request, fn) {
  request.onsuccess = guard(() => fn(request.result));
}

/** The record an entry belongs in: its UTC day number. */
function bucketOf(time) {
  return Math.floor(time / 86400000);
}

const dayKey = (day) => `day:${day}`;

/** Write what summary.addEntry() (or fold()) returned. */
function writeSummary(tx, out) {
  if (out.main) tx.objectStore(SUMMARY).put(out.main, "main");
  if (out.day) tx.objectStore(SUMMARY).put(out.day, dayKey(out.day.day));
  if (out.mistake && out.mistake.put) tx.objectStore(MISTAKES).put(out.mistake.put);
  else if (out.mistake) tx.objectStore(MISTAKES).delete(out.mistake.remove);
}

/**
 * Record one answer: make(time) → {entry, shown} is called inside the transaction with the time it is
 * recorded at (answers are then in the order they were kept, whatever tab kept them); the entry goes into
 * the log and the summary in one transaction. `sched`: model.scheduler(). Resolves to the entry.
 */
export async function record(make, sched) {
  const entry = await transaction(ALL, "readwrite", (tx, done, guard) => {
    on(guard, tx.objectStore(SUMMARY).get("main"), (stored) => {
      const { entry: made, shown } = make(Date.now());
      done(made);
      const bucket = bucketOf(made.time);
      const log = tx.objectStore(LOG);
      on(guard, log.get(bucket), (held) => log.put((held || []).concat([made]), bucket));
      const go = (main) => {
        const held = {};
        on(guard, tx.objectStore(SUMMARY).get(dayKey(dayOf(made.time))), (day) => {
          held.day = day;
          on(guard, tx.objectStore(MISTAKES).get(made.item.key), (mistake) => {
            held.mistake = mistake;
            writeSummary(tx, summary.addEntry(main, made, held, sched, shown));
          });
        });
      };
      if (stored) go(stored);
      else on(guard, log.count(), (n) => go(n ? { ...summary.emptyMain(), stale: true } : summary.emptyMain()));
    });
  });
  markLog(true);
  changed("recorded");
  return entry;
}

/**
 * What the pages read at open: {main, days: Map day → record} for the last `count` days before `now`, or
 * {build: true} when the summary must be made again from the log first (build(), in a worker), or {main:
 * empty} for an empty log.
 */
export async function readSummary(now, count) {
  const days = summary.lastDays(count, now);
  return transaction([LOG, SUMMARY], "readonly", (tx, done, guard) => {
    const store = tx.objectStore(SUMMARY);
    on(guard, store.get("main"), (main) => {
      if (!main || summary.needsBuild(main)) {
        on(guard, tx.objectStore(LOG).count(), (n) => done(n ? { build: true } : { main: summary.emptyMain(), days: new Map() }));
        return;
      }
      on(guard, store.getAll(IDBKeyRange.bound(dayKey(days[0]), dayKey(days[days.length - 1]))), (records) => {
        done({ main, days: new Map(records.map((r) => [r.day, r])) });
      });
    });
  });
}

/** «Mis errores»: the records of the open mistakes it lists (the newest of each skill), newest first. */
export async function listedMistakes(main) {
  const skills = [...main.open.keys()];
  const found = await transaction([MISTAKES], "readonly", (tx, done, guard) => {
    const index = tx.objectStore(MISTAKES).index(BY_SKILL);
    const all = [];
    let left = skills.length;
    if (!left) done(all);
    for (const skill of skills) {
      on(guard, index.getAll(IDBKeyRange.bound([skill], [skill, []]), MISTAKES_PER_SKILL), (records) => {
        all.push(...records);
        if (--left === 0) done(all);
      });
    }
  });
  return summary.mistakeList(found);
}

/** What version 1 kept in other databases, read once: what «Mis errores» showed, by key. Then they go. */
async function takeOldShown() {
  const shown = new Map();
  if (typeof indexedDB === "undefined" || !indexedDB.databases) return shown;
  const names = new Set((await indexedDB.databases()).map((d) => d.name));
  if (names.has(OLD_SHOWN)) {
    await new Promise((resolve) => {
      const asked = indexedDB.open(OLD_SHOWN);
      asked.onsuccess = () => {
        const db = asked.result;
        if (!db.objectStoreNames.contains("shown")) { db.close(); resolve(); return; }
        const store = db.transaction("shown").objectStore("shown");
        const keys = store.getAllKeys();
        const values = store.getAll();
        values.onsuccess = () => {
          keys.result.forEach((key, i) => shown.set(key, values.result[i]));
          db.close();
          resolve();
        };
        values.onerror = () => { db.close(); resolve(); };
      };
      asked.onerror = () => resolve();
    });
  }
  for (const name of [OLD_SHOWN, OLD_META]) if (names.has(name)) indexedDB.deleteDatabase(name);
  return shown;
}

/**
 * Make the summary again from the whole log, `add` (imported entries: those whose id is already there are
 * skipped) merged into it first, in one transaction: no answer recorded meanwhile by another tab is missed.
 * `shown`: Map key → what «Mis errores» shows (an import's); kept with the open mistakes, as those already
 * stored. Runs in a worker: it reads every entry. Resolves to {count, added, already}.
 */
export async function build(sched, { add = [], shown = new Map(), onProgress = null } = {}) {
  const old = await takeOldShown();
  const result = await transaction(ALL, "readwrite", (tx, done, guard) => {
    const log = tx.objectStore(LOG);
    const got = {};
    const ready = () => {
      if (!("buckets" in got && "keys" in got && "mistakes" in got)) return;
      const kept = new Map([...old, ...shown, ...got.mistakes.filter((m) => m.shown).map((m) => [m.key, m.shown])]);
      const { entries, added, already } = merged(log, got.keys, got.buckets, add);
      const made = summary.build(entries, sched, { shown: kept, onProgress });
      tx.objectStore(SUMMARY).clear();
      tx.objectStore(MISTAKES).clear();
      writeSummary(tx, { main: made.main });
      for (const day of made.days.values()) writeSummary(tx, { day });
      for (const record of made.mistakes.values()) writeSummary(tx, { mistake: { put: record } });
      done({ count: entries.length, added, already });
    };
    on(guard, log.getAll(), (buckets) => { got.buckets = buckets; ready(); });
    on(guard, log.getAllKeys(), (keys) => { got.keys = keys; ready(); });
    on(guard, tx.objectStore(MISTAKES).getAll(), (records) => { got.mistakes = records; ready(); });
  });
  if (result.count) markLog(true);  // on the page; a worker's page notes it from the result
  return result;
}

/** The log's entries with `add` merged in (each id once), writing the buckets that gained entries. */
function merged(log, keys, buckets, add) {
  const ids = new Set();
  const byBucket = new Map(keys.map((key, i) => [key, buckets[i]]));
  for (const bucket of buckets) for (const entry of bucket) ids.add(entry.id);
  const grown = new Set();
  let added = 0;
  for (const entry of add) {
    if (ids.has(entry.id)) continue;
    ids.add(entry.id);
    const bucket = bucketOf(entry.time);
    if (!byBucket.has(bucket)) byBucket.set(bucket, []);
    byBucket.get(bucket).push(entry);
    grown.add(bucket);
    added += 1;
  }
  for (const bucket of grown) log.put(byBucket.get(bucket).sort((a, b) => a.time - b.time), bucket);
  return { entries: [...byBucket.values()].flat(), added, already: add.length - added };
}

/** Everything a copy holds: every entry, and what «Mis errores» shows of the mistakes it lists (by key). Runs
 * in a worker: it reads every entry. */
export async function everything() {
  const { entries, records } = await transaction([LOG, MISTAKES], "readonly", (tx, done, guard) => {
    const got = {};
    const ready = () => { if ("entries" in got && "records" in got) done(got); };
    on(guard, tx.objectStore(LOG).getAll(), (buckets) => { got.entries = buckets.flat(); ready(); });
    on(guard, tx.objectStore(MISTAKES).getAll(), (records) => { got.records = records; ready(); });
  });
  const shown = {};
  for (const record of summary.mistakeList(records)) if (record.shown) shown[record.key] = record.shown;
  return { entries, shown };
}

/** «Borrar mi progreso»: the log, its summary and its mistakes. */
export async function clearAll() {
  await transaction(ALL, "readwrite", (tx) => { for (const name of ALL) tx.objectStore(name).clear(); });
  markLog(false);
  changed("erased");
}
