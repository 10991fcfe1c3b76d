// What the engine's worker tells its page besides replies (shared by worker.js, the transport, and
// runtime.js with downloads.js, the runtime's start): the loading phase ({status, ...}) and the start
// as a timeline, for whoever measures it (benchmarks/bench_load.py --timeline; client.js timeline()).

/** The loading phase, as client.js reads it: download, python, engine, ready or failed. */
export function status(phase, extra = {}) {
  self.postMessage({ status: phase, ...extra });
}

// [what, ms] on the epoch clock (the page's and the worker's performance.now() start at different
// moments), plus every fetch of the worker (resource timing), posted at "ready" and once more after
// the first reply.
const marks = [];

export function mark(what) {
  marks.push([what, performance.timeOrigin + performance.now()]);
}

export function postTimeline() {
  const fetches = performance.getEntriesByType("resource").map((entry) => [
    entry.name, performance.timeOrigin + entry.startTime, performance.timeOrigin + entry.responseEnd,
    entry.transferSize, entry.encodedBodySize,
  ]);
  self.postMessage({ timeline: { marks, fetches } });
}

/** Something is now kept on this device for the next start ("snapshot"): client.js says it on
 * <html data-engine-kept> (for tests and benchmarks, which then know the next visit can restore it). */
export function kept(what) {
  self.postMessage({ kept: what });
}

/** An error's words, whatever was thrown. */
export function reason(error) {
  return String((error && error.message) || error);
}

/** One macrotask later: the messages that came meanwhile (aborts, new requests) are read first. */
export function pause() {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => { channel.port1.close(); resolve(); };
    channel.port2.postMessage(null);
  });
}
