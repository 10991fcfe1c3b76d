// docs/javascripts/ui/table/frame.js: every job of a frame reads before any job writes (a write between
// two reads would make the browser lay the page out again on the spot), a later job with the same key
// replaces the earlier one, and a failing job leaves the others' reads and writes alone.
import assert from "node:assert/strict";
import test from "node:test";

// A browser's ResizeObserver, reduced to what frame.js uses: notify() plays the frame's first notification.
let observers = [];
globalThis.document = { documentElement: {} };
globalThis.ResizeObserver = class {
  constructor(callback) { this.callback = callback; this.live = true; observers.push(this); }
  observe() {}
  disconnect() { this.live = false; }
};
const notify = () => {
  const live = observers.filter((o) => o.live);
  observers = [];
  for (const o of live) o.callback([]);
};

const { afterLayout } = await import("../../docs/javascripts/ui/table/frame.js");

test("every job of a frame reads before any writes, once, in the order asked", () => {
  const seen = [];
  afterLayout("log", () => { seen.push("read log"); return () => seen.push("write log"); });
  afterLayout("screen", () => { seen.push("read screen"); return () => seen.push("write screen"); });
  afterLayout("state", () => { seen.push("read state"); return null; });
  assert.deepEqual(seen, []);  // nothing before the frame
  notify();
  assert.deepEqual(seen, ["read log", "read screen", "read state", "write log", "write screen"]);
  notify();
  assert.equal(seen.length, 5);  // a frame runs its jobs once
});

test("a later job with the same key replaces the earlier one of its frame", () => {
  const seen = [];
  afterLayout("log", () => () => seen.push("first"));
  afterLayout("log", () => () => seen.push("second"));
  notify();
  assert.deepEqual(seen, ["second"]);
});

test("a job that fails is reported and the frame's other jobs still run", (t) => {
  const errors = t.mock.method(console, "error", () => {});
  const seen = [];
  afterLayout("bad read", () => { throw new Error("read"); });
  afterLayout("bad write", () => () => { throw new Error("write"); });
  afterLayout("good", () => { seen.push("read"); return () => seen.push("write"); });
  notify();
  assert.deepEqual(seen, ["read", "write"]);
  assert.equal(errors.mock.callCount(), 2);
});
