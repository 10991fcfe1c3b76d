// Geometry without forced layouts, for the table (log.js keeps the log at its end, view.js's showTogether
// keeps the table and the reader's options on screen). Reading a size or a position right after the DOM
// changed makes the browser lay the whole page out there and then, once per read: on a phone, hundreds of
// ms per game event. Here, what needs geometry runs once per frame, just after the browser's own layout
// (a ResizeObserver's first notification comes then), where reading costs nothing; it reads first and then
// writes only scroll positions, which change no layout. A later job with the same key replaces an earlier
// one of the same frame (the log is scrolled once, the screen kept on the last thing asked).

const jobs = new Map();
let observer = null;

function run() {
  observer.disconnect();
  observer = null;
  const now = [...jobs.values()];
  jobs.clear();
  for (const job of now) {
    try {
      job();
    } catch (error) {
      console.error(error);
    }
  }
}

/** Run `job` once, in the next frame, right after the browser's layout (at once where nothing lays out). */
export function afterLayout(key, job) {
  if (typeof ResizeObserver !== "function" || typeof document === "undefined") {
    job();
    return;
  }
  jobs.set(key, job);
  if (observer) return;
  observer = new ResizeObserver(run);
  observer.observe(document.documentElement);
}
