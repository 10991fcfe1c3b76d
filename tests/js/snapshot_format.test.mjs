// docs/javascripts/engine/snapshot.js: the memory snapshot kept on the device without its zero pages
// (issue 52 item 1). What is written is read back byte for byte, whatever the memory holds; a file cut
// short or with a piece out of bounds is refused (the plain start follows); the module names read back are
// bounded.
import assert from "node:assert/strict";
import test from "node:test";
import { MAX_MODULES, expand, moduleNames, pieces, sparseParts } from "../../docs/javascripts/engine/snapshot.js";

async function roundTrip(memory, options) {
  const found = await pieces(memory, options);
  const file = await new Blob(sparseParts(memory, found)).arrayBuffer();
  return { found, file, back: expand(file) };
}

function randomMemory(seed, pages) {
  let state = seed;
  const next = () => { state = (state * 1103515245 + 12345) % 2 ** 31; return state; };
  const memory = new Uint8Array(pages * 4096 + (next() % 4096));  // a last page cut short
  for (let page = 0; page * 4096 < memory.length; page++) {
    const kind = next() % 4;  // zero, one byte set, dense, zero but its last byte
    const start = page * 4096;
    const end = Math.min(start + 4096, memory.length);
    if (kind === 1) memory[start + (next() % (end - start))] = 1 + (next() % 255);
    if (kind === 2) for (let i = start; i < end; i++) memory[i] = next() % 256;
    if (kind === 3) memory[end - 1] = 7;
  }
  return memory;
}

test("a memory is read back byte for byte, without its zero pages", async () => {
  for (let seed = 1; seed <= 40; seed++) {
    const memory = randomMemory(seed, 1 + (seed % 13));
    const { found, file, back } = await roundTrip(memory, { pause: async () => {}, yieldEvery: 3 });
    assert.deepEqual(back, memory, `seed ${seed}`);
    const kept = found.reduce((sum, [, length]) => sum + length, 0);
    assert.equal(file.byteLength, 12 + 8 * found.length + kept);
    // every page left out is a zero page, and pieces never touch (they would be one)
    for (let k = 1; k < found.length; k++) assert.ok(found[k][0] > found[k - 1][0] + found[k - 1][1]);
  }
});

test("all zeros and no zeros", async () => {
  const zeros = new Uint8Array(5 * 4096);
  const { found, back } = await roundTrip(zeros);
  assert.deepEqual(found, []);
  assert.deepEqual(back, zeros);
  const full = new Uint8Array(3 * 4096 + 5).fill(9);
  const dense = await roundTrip(full);
  assert.deepEqual(dense.found, [[0, full.length]]);
  assert.deepEqual(dense.back, full);
});

test("a view that does not start on a word still reads back", async () => {
  const buffer = new Uint8Array(4096 * 3 + 1);
  buffer[4097] = 3;
  const memory = buffer.subarray(1);
  assert.deepEqual((await roundTrip(memory)).back, memory);
});

test("a damaged file is refused", async () => {
  const memory = new Uint8Array(6 * 4096);
  memory[5000] = 1;
  memory[20000] = 2;
  const { file } = await roundTrip(memory);
  assert.throws(() => expand(file.slice(0, file.byteLength - 1)), /dañada/);  // cut short
  assert.throws(() => expand(new ArrayBuffer(8)), /dañada/);
  const wrongMagic = file.slice(0);
  new DataView(wrongMagic).setUint32(0, 1, true);
  assert.throws(() => expand(wrongMagic), /dañada/);
  const outOfBounds = file.slice(0);
  new DataView(outOfBounds).setUint32(12, memory.length, true);  // the first piece past the memory's end
  assert.throws(() => expand(outOfBounds), /dañada/);
  const manyPieces = file.slice(0);
  new DataView(manyPieces).setUint32(8, 2 ** 30, true);
  assert.throws(() => expand(manyPieces), /dañada/);
});

test("module names read back are strings, bounded", () => {
  assert.deepEqual(moduleNames(null), []);
  assert.deepEqual(moduleNames({ a: 1 }), []);
  assert.deepEqual(moduleNames(["engine.cards", 3, null, "x".repeat(201), "json"]), ["engine.cards", "json"]);
  assert.equal(moduleNames(Array.from({ length: MAX_MODULES + 50 }, (_, i) => `m${i}`)).length, MAX_MODULES);
});
