// docs/javascripts/ui/asking.js: a widget's newest request supersedes the one in flight, cancel()
// drops it, and neither shows as a failure; an unavailable engine becomes an error reply. Driven
// through the client's real request path (engine/requests.js) with a fake worker.
import assert from "node:assert/strict";
import test from "node:test";

import { Requests } from "../../docs/javascripts/engine/requests.js";
import { Asker, UNAVAILABLE } from "../../docs/javascripts/ui/asking.js";

function engine() {
  const posted = [];
  const requests = new Requests({ post: (m) => posted.push(m) });
  const send = (type, payload, options) => requests.send(type, payload, options);
  const sent = () => posted.filter((m) => m.type); // the requests, not the worker's {abort: id} messages
  const answer = (index, result) => requests.receive({ id: sent()[index].id, result });
  return { requests, posted, sent, send, answer };
}

test("a new ask supersedes the one in flight: the older resolves to null, not to an error", async () => {
  const { requests, posted, sent, send, answer } = engine();
  const asker = new Asker(send);
  const first = asker.ask("drill", { kind: "a" });
  const second = asker.ask("drill", { kind: "b" });
  assert.equal(await first, null);
  assert.equal(requests.pending.size, 1); // the superseded request is no longer waited for
  answer(0, { late: true }); // its reply, if it ever comes, is ignored
  answer(1, { kind: "b" });
  assert.deepEqual(await second, { kind: "b" });
  assert.deepEqual(sent().map((m) => m.payload.kind), ["a", "b"]);
  assert.deepEqual(posted.filter((m) => "abort" in m), [{ abort: 1 }]); // the worker is told to drop it
});

test("cancel() drops the request in flight (the reader left or restarted)", async () => {
  const { requests, send } = engine();
  const asker = new Asker(send);
  const pending = asker.ask("mesa-libre-step", { session: "s" });
  assert.equal(asker.busy, true);
  asker.cancel();
  assert.equal(await pending, null);
  assert.equal(asker.busy, false);
  assert.equal(requests.pending.size, 0);
  asker.cancel(); // nothing in flight: harmless
});

test("a reply that settles after a newer ask started is dropped too", async () => {
  const { send, answer } = engine();
  const asker = new Asker(send);
  const first = asker.ask("quiz-check", { answer: "1" });
  answer(0, { correct: false }); // settled, but the widget has not looked yet
  const second = asker.ask("quiz-check", { answer: "2" });
  assert.equal(await first, null);
  answer(1, { correct: true });
  assert.deepEqual(await second, { correct: true });
});

test("askers sharing a key supersede each other; separate askers do not", async () => {
  const { send, answer } = engine();
  const key = {};
  const a = new Asker(send, key);
  const b = new Asker(send, key);
  const c = new Asker(send);
  const fromA = a.ask("quiz-check", {});
  const fromC = c.ask("quiz-check", {});
  const fromB = b.ask("quiz-check", {});
  assert.equal(await fromA, null);
  answer(1, { c: 1 });
  answer(2, { b: 1 });
  assert.deepEqual(await fromC, { c: 1 });
  assert.deepEqual(await fromB, { b: 1 });
});

test("an unavailable engine is an error reply with its code; error replies pass through", async () => {
  const failing = new Asker(() => Promise.reject(Object.assign(new Error("No se pudo cargar."), { code: "failed" })));
  assert.deepEqual(await failing.ask("drill", {}),
    { error: `${UNAVAILABLE}: No se pudo cargar.`, code: "failed", unavailable: true });
  const { send, requests } = engine();
  const asker = new Asker(send);
  const refused = asker.ask("drill", { n: 10n }); // not JSON: refused before posting
  const reply = await refused;
  assert.equal(reply.code, "payload");
  assert.match(reply.error, /BigInt/);
  assert.equal(reply.unavailable, undefined);  // the request is at fault, not the engine
  assert.doesNotMatch(reply.error, new RegExp(UNAVAILABLE));
  // A worker being restarted is not an unavailable engine: only that request is refused, the page stays.
  const restarted = asker.ask("drill", {});
  requests.rejectAll("El motor se reinició.", "restarted");
  assert.deepEqual(await restarted, { error: "El motor se reinició.", code: "restarted" });
  const broke = asker.ask("holdem-hand", {});
  requests.receive({ id: requests.nextId - 1, error: "RangeError: Maximum call stack size exceeded" });
  assert.deepEqual(await broke, { error: "El motor se detuvo con «holdem-hand» y se reinicia.", code: "worker" });
  const engineSays = new Asker(async () => ({ error: "Campo desconocido: «x».", code: "unknown-field" }));
  assert.deepEqual(await engineSays.ask("drill", {}), { error: "Campo desconocido: «x».", code: "unknown-field" });
});
