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
  const { requests, posted } = fakeWorker();
  const seen = [];
  const first = requests.send("holdem-equity", { players: {} }, { onProgress: (p) => seen.push(p) });
  const second = requests.send("version", {});
  assert.deepEqual(posted.map((m) => [m.id, m.type]), [[1, "holdem-equity"], [2, "version"]]);
  requests.receive({ id: 1, progress: { done: 1, total: 2 } });
  requests.receive({ id: 2, result: { engine: "0.1.0" } });
  requests.receive({ id: 1, error: "PythonError" });
  requests.receive({ id: 99, result: {} }); // not ours: ignored
  assert.deepEqual(await second, { engine: "0.1.0" });
  await assert.rejects(first, (e) => e.code === "worker");
  assert.deepEqual(seen, [{ done: 1, total: 2 }]);
  assert.equal(requests.pending.size, 0);
});

test("a request the worker never answers times out and reports the wedged worker", async () => {
  const { requests, wedged } = fakeWorker({ timeout: 30 });
  const slow = requests.send("holdem-pots", {});
  await assert.rejects(slow, (e) => e.code === "timeout" && /no respondió a «holdem-pots»/.test(e.message));
  assert.equal(wedged.length, 1);
  // a late reply of the timed-out request is ignored
  requests.receive({ id: 1, result: {} });
  assert.equal(requests.pending.size, 0);
});

test("progress keeps a long request alive; a request sent while loading waits for armAll", async () => {
  const { requests, wedged } = fakeWorker({ timeout: 40 });
  const counting = requests.send("holdem-equity", {});
  const queued = requests.send("version", {}, { armed: false });
  for (let i = 0; i < 4; i++) {
    await new Promise((r) => setTimeout(r, 20));
    requests.receive({ id: 1, progress: { done: i, total: 4 } });
  }
  requests.receive({ id: 1, result: { ok: 1 } });
  assert.deepEqual(await counting, { ok: 1 });
  assert.equal(wedged.length, 0);
  requests.armAll();
  await assert.rejects(queued, (e) => e.code === "timeout");
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
  const [oldId, otherId, latestId] = posted.slice(-3).map((m) => m.id);
  requests.receive({ id: oldId, result: { name: "x" } }); // the superseded reply arrives late: ignored
  requests.receive({ id: otherId, result: { name: "y" } });
  requests.receive({ id: latestId, result: { name: "z" } });
  assert.deepEqual(await latest, { name: "z" });
  assert.deepEqual(await other, { name: "y" });
  assert.equal(requests.keys.size, 0);
});

test("rejectAll settles everything in flight (engine failed or restarted)", async () => {
  const { requests } = fakeWorker();
  const all = [requests.send("a", {}), requests.send("b", {}, { armed: false })];
  requests.rejectAll("No se pudo cargar el motor.");
  for (const p of all) await assert.rejects(p, (e) => e.code === "failed");
});

test("a post that throws (structured clone) rejects instead of hanging", async () => {
  const requests = new Requests({ post: () => { throw new Error("DataCloneError"); } });
  await assert.rejects(requests.send("version", {}), (e) => e.code === "payload");
  assert.equal(requests.pending.size, 0);
});
