// What would hold the main thread for long, done in a worker (started by ./work.js, one per task): making the
// summary again from the whole log, loading a copy, writing one. Every one reads or writes the whole log; the
// page only waits for the answer, told how far it got ({progress: done / total}).
import { formatDecimal } from "../engine/words.js";
import { CopyError, MAX_IMPORT_BYTES, TOO_BIG, copyText, readCopy, skippedText } from "./copy.js";
import * as log from "./log.js";
import { scheduler } from "./model.js";

const FSRS_URL = new URL("../../assets/progress/fsrs.js", import.meta.url);
let sched = null;

async function fsrs() {
  if (!sched) sched = scheduler(await import(FSRS_URL.href));
  return sched;
}

const TASKS = {
  /** The summary made again from the log: {count}. */
  async build(_data, progress) {
    return log.build(await fsrs(), { onProgress: (done, total) => progress("summary", done, total) });
  },

  /** A copy loaded: {count, added, already, skipped: how many were not and why (Spanish, or ""), visits,
   * reads}. `file`: the reader's File; `known`: the site's skills and games; `now`: the page's time. */
  async load({ file, known, now }, progress) {
    if (file.size > MAX_IMPORT_BYTES) throw new CopyError(TOO_BIG);
    const text = await file.text();
    const read = readCopy(text, { now, known: { skills: new Set(known.skills), games: new Set(known.games) },
      onProgress: (done, total) => progress("read", done, total) });
    const made = await log.build(await fsrs(), { add: read.entries, shown: read.shown,
      onProgress: (done, total) => progress("summary", done, total) });
    const left = Object.values(read.skipped).reduce((sum, n) => sum + n, 0);
    return { count: made.count, added: made.added, already: made.already, visits: read.visits, reads: read.reads,
      skipped: left ? `${formatDecimal(left, 0, 0)}: ${skippedText(read.skipped, (n) => formatDecimal(n, 0, 0))}` : "" };
  },

  /** A copy written: {blob, count}. `visits`, `reads`: the pages (the page's localStorage). */
  async save({ now, visits, reads }) {
    const { entries, shown } = await log.everything();
    return { blob: new Blob([copyText(entries, now, { shown, visits, reads })], { type: "application/json" }),
      count: entries.length };
  },
};

self.onmessage = async ({ data }) => {
  let last = 0;
  const progress = (phase, done, total) => {
    const now = Date.now();
    if (now - last < 100 && done < total) return;
    last = now;
    self.postMessage({ progress: { phase, done, total } });
  };
  try {
    self.postMessage({ result: await TASKS[data.task](data, progress) });
  } catch (error) {
    // A copy that is not one says why; anything else is the browser's (storage blocked or full, say).
    self.postMessage({ error: error instanceof CopyError ? error.message : null, name: error && error.name,
      detail: String(error && error.message) });
  }
};
