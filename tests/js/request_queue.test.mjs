// The request path (docs/javascripts/engine/requests.js) fuzzed against a simulated worker that works
// like engine/worker.js: one request at a time in the order they came, {id, started} when it starts,
// {id, progress} after each slice, aborts read between slices ({id, cancelled}). Seeded random
// schedules of sends, supersedes and aborts: a healthy worker is never taken for wedged however long
// the queue, every promise settles with its own reply or as cancelled, and nothing is left held.
import assert from "node:assert/strict";
import test from "node:test";

import { Requests } from "../../docs/javascripts/engine/requests.js";

const TIMEOUT = 300;

function random(seed) { // mulberry32: a seeded schedule
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class SimulatedWorker {
  constructor(rng) {
    this.rng = rng;
    this.queue = [];
    this.aborted = new Set();
    this.running = null;
    this.longestWait = 0;
  }

  post(message) {
    if ("abort" in message) this.aborted.add(message.abort);
    else this.queue.push({ id: message.id, slices: 1 + Math.floor(this.rng() * 8), sent: performance.now() });
  }

  /** One slice of work, then the messages that came meanwhile; false when there is nothing to do. */
  tick() {
    if (!this.running) {
      const next = this.queue.shift();
      if (!next) return false;
      if (this.aborted.delete(next.id)) {
        this.requests.receive({ id: next.id, cancelled: true });
        return true;
      }
      this.longestWait = Math.max(this.longestWait, performance.now() - next.sent);
      this.running = next;
      this.requests.receive({ id: next.id, started: true });
    }
    const job = this.running;
    job.slices -= 1;
    if (job.slices === 0) {
      this.running = null;
      this.aborted.delete(job.id);
      this.requests.receive({ id: job.id, result: { id: job.id } });
    } else {
      this.requests.receive({ id: job.id, progress: { done: 1, total: 2 } });
      if (this.aborted.delete(job.id)) {
        this.running = null;
        this.requests.receive({ id: job.id, cancelled: true });
      }
    }
    return true;
  }
}

// Each slice lasts at least 2 ms of the clock: the longest wait in these schedules is some 260 slices, so a
// request then waits longer than TIMEOUT however fast the machine (at 1 ms a slice it waited 289 ms here).
const later = () => new Promise((resolve) => setTimeout(resolve, 2));

// Two seeded schedules in the test suite; `make fuzz` (FUZZ_EXAMPLES) runs one more per 100 examples.
const SCHEDULES = 2 + Math.floor((Number(process.env.FUZZ_EXAMPLES) || 0) / 100);

for (let seed = 1; seed <= SCHEDULES; seed++) {
  test(`queue fuzz, seed ${seed}: long queues are not late, aborts free the worker, every promise settles`, async () => {
    const rng = random(seed);
    const worker = new SimulatedWorker(rng);
    const wedged = [];
    const requests = new Requests({ post: (m) => worker.post(m), onWedged: (m) => wedged.push(m), timeout: TIMEOUT });
    worker.requests = requests;
    const outcomes = [];
    const controllers = [];
    for (let step = 0; step < 400; step++) {
      const roll = rng();
      if (roll < 0.35) {
        const controller = new AbortController();
        const supersede = rng() < 0.3 ? `widget-${Math.floor(rng() * 3)}` : undefined;
        const id = requests.nextId;
        outcomes.push(requests.send("x", {}, { signal: controller.signal, supersede })
          .then((reply) => ["ok", reply.id, id], (error) => [error.code, null, id]));
        controllers.push(controller);
      } else if (roll < 0.45 && controllers.length) {
        controllers[Math.floor(rng() * controllers.length)].abort();
      } else {
        worker.tick();
        await later();
      }
    }
    while (worker.tick()) await later();
    const settled = await Promise.all(outcomes);
    assert.deepEqual(wedged, []);
    assert.ok(worker.longestWait > TIMEOUT, `the queue never grew (${worker.longestWait} ms)`);
    for (const [code, got, id] of settled) {
      assert.ok(code === "ok" || code === "cancelled", code);
      if (code === "ok") assert.equal(got, id);
    }
    assert.ok(settled.filter(([code]) => code === "ok").length > 20);
    assert.equal(requests.pending.size, 0);
    assert.equal(requests.held.size, 0);
    assert.equal(requests.timer, null);
  });
}
