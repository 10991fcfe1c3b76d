// Geometry without forced layouts, for the table (log.js keeps the log at its end, view.js's showTogether
// keeps the table and the reader's options on screen). Reading a size or a position right after the DOM
// changed makes the browser lay the whole page out there and then, once per read: on a phone, hundreds of
// ms per game event. Here, what needs geometry runs once per frame, just after the browser's own layout
// (a ResizeObserver's first notification comes then), where reading costs nothing. Each job is a read: it
// measures and returns what to write (a function), and every job of the frame reads before any writes, so
// a write (a focus, a state that restyles, a scroll) never makes the next job's read lay the page out again.
// A later job with the same key replaces an earlier one of the same frame (the log is scrolled once, the
// screen kept on the last thing asked).

const jobs = new Map();
let observer = null;

function run() {
  observer.disconnect();
  observer = null;
  const now = [...jobs.values()];
  jobs.clear();
  for (const write of now.map(attempt).filter((w) => typeof w === "function")) attempt(write);
}

function attempt(fn) {
  try {
    return fn();
  } catch (error) {
    console.error(error);
    return null;
  }
}

/** Run `read` once, in the next frame, right after the browser's layout (at once where nothing lays out),
 * then the function it returns, if any, once every job of the frame has read. */
export function afterLayout(key, read) {
  if (typeof ResizeObserver !== "function" || typeof document === "undefined") {
    const write = read();
    if (typeof write === "function") write();
    return;
  }
  const job = read;
  jobs.set(key, job);
  if (observer) return;
  observer = new ResizeObserver(run);
  observer.observe(document.documentElement);
}
