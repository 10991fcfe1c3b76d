// The reader's visit at a free table (docs/javascripts/ui/table/visit.js): kept per game in the tab's
// storage, each hand as the engine's reply wrote it; a damaged entry starts afresh, blocked storage keeps
// the visit in memory.
import assert from "node:assert/strict";
import test from "node:test";

import { Visit, bars } from "../../docs/javascripts/ui/table/visit.js";

class Storage {
  constructor() { this.items = new Map(); }
  getItem(key) { return this.items.has(key) ? this.items.get(key) : null; }
  setItem(key, value) { this.items.set(key, String(value)); }
}

const end = (changes, summary, table) => ({
  visit: { changes, texts: changes.map((c) => (c > 0 ? `+${c}` : `−${-c}`)), total_text: `Σ${changes.reduce((a, b) => a + b, 0)}` },
  summary, ...(table ? { table } : {}),
});

test("each finished hand is kept as the engine wrote it, per game, and read back after a reload", () => {
  const storage = new Storage();
  const visit = new Visit("holdem", storage);
  assert.deepEqual([visit.hands, visit.changes(), visit.setup], [[], [], null]);
  visit.keepSetup({ players: 3, blinds: [10, 20] });
  assert.equal(visit.add({ step: 3, steps: 3 }), false); // a replay is nobody's result
  assert.ok(visit.add(end([20], "3 jugadores", { players: 3, seed: 5 })));
  assert.ok(visit.add(end([20, -40], "3 jugadores")));
  const again = new Visit("holdem", storage); // the page reloaded
  assert.deepEqual(again.changes(), [20, -40]);
  assert.deepEqual(again.hands, [{ change: 20, text: "+20", summary: "3 jugadores" },  // never what dealt it
    { change: -40, text: "−40", summary: "3 jugadores" }]);
  assert.equal(again.total, "Σ-20");
  assert.deepEqual(again.setup, { players: 3, blinds: [10, 20] });
  assert.deepEqual(new Visit("mata-ases", storage).hands, []); // another game, another visit
});

test("the visit is as long as the engine counted it", () => {
  const visit = new Visit("mata-ases", new Storage());
  visit.add(end([1], ""));
  visit.add(end([1, 2], ""));
  visit.add(end([2, 3], "")); // the engine kept the last two
  assert.deepEqual(visit.changes(), [2, 3]);
});

test("a damaged entry starts afresh; blocked storage keeps the visit in memory", () => {
  const storage = new Storage();
  for (const damaged of ["{", '{"hands": 3}', '{"hands": [{"change": "x", "text": "", "summary": ""}]}',
    '{"hands": [{"change": 1e400, "text": "", "summary": ""}]}']) {
    storage.setItem("mesa-libre.holdem.visita", damaged);
    assert.deepEqual(new Visit("holdem", storage).hands, [], damaged);
  }
  const blocked = { getItem() { throw new Error("SecurityError"); }, setItem() { throw new Error("SecurityError"); } };
  const visit = new Visit("holdem", blocked);
  visit.add(end([5], "2 jugadores"));
  visit.add(end([5, 6], "2 jugadores"));
  assert.deepEqual(visit.changes(), [5, 6]);
  const none = new Visit("holdem", null);
  none.keepSetup({ a: 1 });
  assert.deepEqual(none.setup, { a: 1 });
});

test("the chart's bars: one per hand, up or down from the middle line", () => {
  assert.deepEqual(bars([10, -5, 0]), [
    { x: 0, y: 5, height: 45, up: true }, { x: 8, y: 50, height: 23, up: false }, { x: 16, y: 49, height: 1, up: true }]);
});

test("a visit an older page kept with a table's seed reads back without it", () => {
  const storage = new Storage();
  storage.setItem("mesa-libre.holdem.visita", JSON.stringify({ setup: { players: 3, seed: 7 },
    hands: [{ change: 5, text: "+5", summary: "3 jugadores", table: { players: 3, seed: 7 } }], total: "+5" }));
  const visit = new Visit("holdem", storage);
  assert.deepEqual(visit.setup, { players: 3 });
  assert.deepEqual(visit.hands, [{ change: 5, text: "+5", summary: "3 jugadores" }]);
  visit.keepSetup({ players: 4, seed: 9 });
  assert.deepEqual(visit.setup, { players: 4 });
});
