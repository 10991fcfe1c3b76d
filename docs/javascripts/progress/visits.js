// The pages the reader has visited, as engine/client.js notes them, and the pages read to their end
// (ui/progress-read.js notes them): localStorage, this device only. The path from zero ticks its «read»
// steps with the pages read to the end, never with a mere visit.
const VISITS_KEY = "progreso-visitas";
const READS_KEY = "progreso-leidas";

function readPages(key) {
  try {
    const pages = JSON.parse(localStorage.getItem(key) || "{}");
    return pages && typeof pages === "object" && !Array.isArray(pages) ? pages : {};
  } catch (error) {
    return {};
  }
}

function addPages(key, more) {
  const pages = readPages(key);
  for (const [path, time] of Object.entries(more || {})) {
    if (typeof path !== "string" || !path.startsWith("/") || path.length > 200 || !Number.isFinite(time)) continue;
    pages[path] = Math.min(pages[path] || Infinity, time);
  }
  try { localStorage.setItem(key, JSON.stringify(pages)); } catch (error) { /* blocked */ }
}

/** {sitePath: first visit in ms}. */
export function readVisits() {
  return readPages(VISITS_KEY);
}

/** {sitePath: when the reader first reached its end, in ms}. */
export function readReads() {
  return readPages(READS_KEY);
}

/** Add visits (an import): the earliest time of each page wins. */
export function addVisits(more) {
  addPages(VISITS_KEY, more);
}

/** Add pages read to the end (an import, or the page just read): the earliest time of each wins. */
export function addReads(more) {
  addPages(READS_KEY, more);
}

export function clearVisits() {
  try {
    localStorage.removeItem(VISITS_KEY);
    localStorage.removeItem(READS_KEY);
  } catch (error) { /* blocked */ }
}
