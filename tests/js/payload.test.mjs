// The payload check of docs/javascripts/engine/requests.js against hostile payloads (issue 26): it never
// throws, every refusal is Spanish with the code "payload", and what is posted is the copy it checked.
import assert from "node:assert/strict";
import test from "node:test";

import { Requests, snapshotPayload } from "../../docs/javascripts/engine/requests.js";

function sender() {
  const posted = [];
  return { requests: new Requests({ post: (m) => posted.push(m), timeout: 0 }), posted };
}

/** Send payload; resolves with [the rejection, or null when it was posted, what was posted]. */
async function attempt(payload) {
  const { requests, posted } = sender();
  let refusal = null;
  const pending = requests.send("holdem-odds", payload).catch((error) => { refusal = error; });
  requests.rejectAll("fin de la prueba");  // settle a request that was posted
  await pending;
  return [refusal && refusal.code !== "failed" ? refusal : null, posted];
}

const SPANISH = /^No se puede enviar la petición «holdem-odds» al motor: (La petición|El campo «[^»]+») /;

test("a sparse array is refused in Spanish, naming the first hole", async () => {
  for (const [payload, hole] of [[{ cards: new Array(5) }, /«cards» es una lista con huecos \(la posición 0/],
    [{ cards: ["As", , "Kd"] }, /la posición 1 está vacía/]]) {  // eslint-disable-line no-sparse-arrays
    const [refusal, posted] = await attempt(payload);
    assert.equal(refusal.code, "payload");
    assert.match(refusal.message, SPANISH);
    assert.match(refusal.message, hole);
    assert.deepEqual(posted, []);
  }
});

test("throwing getters and Proxy traps are refused in Spanish, never with their own error", async () => {
  const revocable = Proxy.revocable({}, {});
  revocable.revoke();
  const hostile = [
    [{ get cards() { throw new TypeError("boom"); } }, /«cards» no se puede leer/],
    [{ players: [{ get hand() { throw "raw"; } }] }, /«players\[0\]\.hand» no se puede leer/],
    [new Proxy({}, { ownKeys() { throw new RangeError("trap"); } }), /La petición no se puede leer/],
    [new Proxy({}, { getPrototypeOf() { throw new Error("proto"); } }), /La petición no se puede leer/],
    [{ board: revocable.proxy }, /«board» no se puede leer/],
    [{ cards: new Proxy([], { get(target, key) { if (key === "length") throw new Error("len"); return target[key]; } }) },
      /«cards» no se puede leer/],
    [{ cards: new Proxy(["As"], { has() { throw new Error("has"); }, getOwnPropertyDescriptor() { throw new Error("d"); } }) },
      /«cards\[0\]» no se puede leer/],
  ];
  for (const [payload, pattern] of hostile) {
    const [refusal, posted] = await attempt(payload);
    assert.ok(refusal, String(pattern));
    assert.equal(refusal.code, "payload");
    assert.match(refusal.message, SPANISH);
    assert.match(refusal.message, pattern);
    assert.doesNotMatch(refusal.message, /boom|raw|trap|proto|len|TypeError|Error:/);
    assert.deepEqual(posted, []);
  }
});

test("a getter is read once: what is posted is what was checked, not a second answer", async () => {
  let reads = 0;
  const payload = { get samples() { reads += 1; return reads === 1 ? 100 : 10n; } };  // 10n the second time
  const [refusal, posted] = await attempt(payload);
  assert.equal(refusal, null);
  assert.equal(reads, 1);
  assert.deepEqual(posted.map((m) => m.payload), [{ samples: 100 }]);
  assert.notEqual(posted[0].payload, payload);  // a copy, plain data: a later change cannot reach it
  assert.equal(Object.getOwnPropertyDescriptor(posted[0].payload, "samples").get, undefined);
});

test("a Proxy that answers differently on every read is posted as the one answer that was checked", async () => {
  let reads = 0;
  const shifty = new Proxy({ cards: ["As"] }, {
    get(target, key) { reads += 1; return key === "cards" && reads > 1 ? [() => 1] : target[key]; },
  });
  const [refusal, posted] = await attempt({ players: shifty });
  assert.equal(refusal, null);
  assert.deepEqual(posted[0].payload, { players: { cards: ["As"] } });
  assert.equal(reads, 1);
});

test("the copy is plain JSON data, as the worker will send it", () => {
  const { value, problem } = snapshotPayload(JSON.parse('{"__proto__": {"x": 1}, "a": [1, null], "u": null}'));
  assert.equal(problem, null);
  assert.equal(Object.getPrototypeOf(value), Object.prototype);
  assert.deepEqual(Object.keys(value), ["__proto__", "a", "u"]);  // an own field, not a prototype
  assert.deepEqual(snapshotPayload({ a: undefined, b: [undefined, 1] }).value, { b: [null, 1] });
  const { value: copied } = snapshotPayload({ list: [{ n: 1 }] });
  assert.equal(JSON.stringify(copied), '{"list":[{"n":1}]}');
});

test("nothing a payload does makes the check throw (a thousand odd shapes)", () => {
  const makers = [
    () => new Array(3), () => ({ get x() { throw null; } }), () => new Proxy({}, { get() { throw 1; } }),
    () => Object.create({ inherited: 1 }), () => new Map(), () => [1n], () => ({ a: Symbol.iterator }),
    () => Object.defineProperty({}, "x", { get() { return new Array(2); }, enumerable: true }),
    () => new Proxy([], { ownKeys() { return ["length", "length"]; } }), () => ({ d: -0, e: 1e308 }),
  ];
  for (let i = 0; i < 1000; i++) {
    let payload = { x: makers[i % makers.length]() };
    for (let depth = 0; depth < i % 7; depth++) payload = { in: [payload] };
    const result = snapshotPayload(payload);
    assert.ok(result.problem === null || /^(La petición|El campo «)/.test(result.problem), result.problem);
    if (result.problem === null) assert.doesNotThrow(() => JSON.stringify(result.value));
  }
});
