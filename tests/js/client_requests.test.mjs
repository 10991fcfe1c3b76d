// The request path of docs/javascripts/engine/client.js (docs/javascripts/engine/requests.js):
// payloads checked before posting, timeouts, cancellation, and every promise settles.
import assert from "node:assert/strict";
import test from "node:test";

import { MAX_DEPTH, Requests, checkPayload } from "../../docs/javascripts/engine/requests.js";

function fakeWorker(options = {}) {
  const posted = [];
  const wedged = [];
  const requests = new Requests({ post: (m) => posted.push(m), onWedged: (m) => wedged.push(m), ...options });
  return { requests, posted, wedged };
}

const nested = (depth) => {
  let value = {};
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

test("plain JSON data passes; what JSON cannot carry is named in Spanish", () => {
  assert.equal(checkPayload({ cards: ["As", "Kd"], n: 3, ok: true, none: null, deep: nested(MAX_DEPTH - 2) }), null);
  assert.equal(checkPayload(nested(MAX_DEPTH - 1)), null); // 32 levels, as engine/protocol/codec.py allows
  assert.match(checkPayload(nested(MAX_DEPTH)), /anidada demasiado/);
  const cyclic = { a: [] };
  cyclic.a.push(cyclic);
  const cases = [
    [{ n: 10n }, /«n» es un BigInt/],
    [{ f: () => 1 }, /«f» es una función/],
    [{ s: Symbol("x") }, /«s» es un Symbol/],
    [cyclic, /«a\[0\]» se contiene a sí mismo/],
    [{ x: NaN }, /«x» tiene un número no válido/],
    [{ d: new Date(0) }, /«d» no es un objeto simple/],
    [nested(1500), /anidada demasiado profundamente/],
    [[1, 2], /debe ser un objeto/],
    ["x", /debe ser un objeto/],
  ];
  for (const [payload, pattern] of cases) assert.match(checkPayload(payload), pattern);
  const shared = { a: 1 }; // the same object twice is not a cycle
  assert.equal(checkPayload({ x: shared, y: [shared] }), null);
});

test("a payload that cannot be posted rejects at once, with a code, and nothing is posted", async () => {
  const { requests, posted } = fakeWorker();
  const big = requests.send("holdem-pots", { bets: { Ana: 10n } });
  await assert.rejects(big, (e) => e.code === "payload" && /holdem-pots/.test(e.message) && /BigInt/.test(e.message));
  await assert.rejects(requests.send("version", nested(2000)), (e) => e.code === "payload");
  assert.equal(posted.length, 0);
  assert.equal(requests.pending.size, 0);
});

test("replies and errors settle their own request; progress reaches onProgress", async () => {
  const { requests, posted, wedged } = fakeWorker();
  const seen = [];
  const first = requests.send("holdem-equity", { players: {} }, { onProgress: (p) => seen.push(p) });
  const second = requests.send("version", {});
  assert.deepEqual(posted.map((m) => [m.id, m.type]), [[1, "holdem-equity"], [2, "version"]]);
  requests.receive({ id: 1, progress: { done: 1, total: 2 } });
  requests.receive({ id: 2, result: { engine: "0.1.0" } });
  requests.receive({ id: 1, error: "PythonError" });
  requests.receive({ id: 99, result: {} }); // not ours: ignored
  assert.deepEqual(await second, { engine: "0.1.0" });
  // The worker broke on it (not an engine's refusal): Spanish for the reader, and the worker restarted.
  await assert.rejects(first, (e) => e.code === "worker" && e.message === "El motor se detuvo con «holdem-equity» y se reinicia.");
  assert.deepEqual(wedged, ["El motor se detuvo con «holdem-equity» y se reinicia."]);
  assert.deepEqual(seen, [{ done: 1, total: 2 }]);
  assert.equal(requests.pending.size, 0);
});

test("a request the worker runs and never answers times out and reports the wedged worker", async () => {
  const { requests, wedged } = fakeWorker({ timeout: 30 });
  const slow = requests.send("holdem-pots", {});
  requests.receive({ id: 1, started: true });
  await assert.rejects(slow, (e) => e.code === "timeout" && /no respondió a «holdem-pots» en 30 ms/.test(e.message));
  assert.equal(wedged.length, 1);
  // a late reply of the timed-out request is ignored
  requests.receive({ id: 1, result: {} });
  assert.equal(requests.pending.size, 0);
});

test("the timeout counts from the worker starting the request or its last progress, not from sending", async () => {
  const { requests, wedged } = fakeWorker({ timeout: 40 });
  const counting = requests.send("holdem-equity", {});
  const queued = [1, 2, 3].map(() => requests.send("version", {}));
  requests.receive({ id: 1, started: true });
  for (let i = 0; i < 5; i++) { // 100 ms of work, 2.5 timeouts: alive, it reports progress
    await new Promise((r) => setTimeout(r, 20));
    requests.receive({ id: 1, progress: { done: i, total: 5 } });
  }
  requests.receive({ id: 1, result: { ok: 1 } });
  assert.deepEqual(await counting, { ok: 1 });
  assert.equal(wedged.length, 0); // the three in the queue waited 100 ms: not late
  requests.receive({ id: 2, started: true });
  requests.receive({ id: 2, result: { engine: "x" } });
  assert.deepEqual(await queued[0], { engine: "x" });
  requests.receive({ id: 3, started: true }); // then silence on the request it runs: wedged
  await assert.rejects(queued[1], (e) => e.code === "timeout");
  assert.equal(wedged.length, 1);
  requests.rejectAll("El motor se reinició.", "restarted"); // what the client does on a restart
  await assert.rejects(queued[2], (e) => e.code === "restarted");
  assert.equal(requests.held.size, 0);
});

test("a cancelled request is dropped by the worker; while the worker still runs it, it is timed", async () => {
  const { requests, posted, wedged } = fakeWorker({ timeout: 30 });
  const controller = new AbortController();
  const long = requests.send("holdem-equity", {}, { signal: controller.signal });
  const next = requests.send("version", {});
  const waiting = requests.send("drill", {}, { supersede: "w" });
  requests.receive({ id: 1, started: true });
  controller.abort();
  requests.send("drill", {}, { supersede: "w" }); // supersedes request 3, still in the queue
  assert.deepEqual(posted.filter((m) => "abort" in m), [{ abort: 1 }, { abort: 3 }]);
  await assert.rejects(long, (e) => e.code === "cancelled");
  await assert.rejects(waiting, (e) => e.code === "cancelled");
  requests.receive({ id: 1, progress: { done: 1, total: 9 } }); // the slice it was in ends...
  requests.receive({ id: 1, cancelled: true }); // ...and the worker lets go of it
  requests.receive({ id: 3, cancelled: true }); // dropped from the queue unrun
  requests.receive({ id: 2, started: true });
  requests.receive({ id: 2, result: { engine: "x" } });
  assert.deepEqual(await next, { engine: "x" }); // delayed, not lost
  assert.equal(wedged.length, 0);
  assert.deepEqual([...requests.held.keys()], [4]);
  // A cancelled request the worker never comes back from is still a wedged worker.
  const { requests: other, wedged: stuck } = fakeWorker({ timeout: 20 });
  const gone = other.send("holdem-equity", {});
  other.receive({ id: 1, started: true });
  other.cancel(1);
  await assert.rejects(gone, (e) => e.code === "cancelled");
  await new Promise((r) => setTimeout(r, 40));
  assert.equal(stuck.length, 1);
});

test("cancellation: an AbortSignal, or a newer request with the same supersede key", async () => {
  const { requests, posted } = fakeWorker();
  const controller = new AbortController();
  const aborted = requests.send("drill", {}, { signal: controller.signal });
  controller.abort();
  await assert.rejects(aborted, (e) => e.name === "AbortError" && e.code === "cancelled");
  await assert.rejects(requests.send("drill", {}, { signal: controller.signal }), (e) => e.code === "cancelled");

  const old = requests.send("hand-evaluate", { cards: [] }, { supersede: "widget" });
  const other = requests.send("hand-evaluate", { cards: [] }, { supersede: "other" });
  const latest = requests.send("hand-evaluate", { cards: ["As"] }, { supersede: "widget" });
  await assert.rejects(old, (e) => e.code === "cancelled" && /más reciente/.test(e.message));
  const [oldId, otherId, latestId] = posted.filter((m) => m.type).slice(-3).map((m) => m.id);
  requests.receive({ id: oldId, result: { name: "x" } }); // the superseded reply arrives late: ignored
  requests.receive({ id: otherId, result: { name: "y" } });
  requests.receive({ id: latestId, result: { name: "z" } });
  assert.deepEqual(await latest, { name: "z" });
  assert.deepEqual(await other, { name: "y" });
  assert.equal(requests.keys.size, 0);
});

test("rejectAll settles everything in flight (engine failed or restarted)", async () => {
  const { requests } = fakeWorker();
  const all = [requests.send("a", {}), requests.send("b", {})];
  requests.rejectAll("No se pudo cargar el motor.");
  for (const p of all) await assert.rejects(p, (e) => e.code === "failed");
});

test("a post that throws (structured clone) rejects instead of hanging", async () => {
  const requests = new Requests({ post: () => { throw new Error("DataCloneError"); } });
  await assert.rejects(requests.send("version", {}), (e) => e.code === "payload");
  assert.equal(requests.pending.size, 0);
});
