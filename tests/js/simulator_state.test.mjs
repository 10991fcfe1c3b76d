// The table deltas of the session protocol, merged by docs/javascripts/ui/table/state.js.
import assert from "node:assert/strict";
import test from "node:test";

import { applyTable, emptyTable, seatsOf } from "../../docs/javascripts/ui/table/state.js";

const seat = (name, stack, extra = {}) => ({ name, stack, bet: 0, open: [], closed: [], badges: [], ...extra });

test("the first table sets the seat order; later deltas replace only the seats they bring", () => {
  const first = applyTable(emptyTable(), {
    pot: 75, button: "Beto", to_act: "Tú", ayudas: { cards: [], open: false }, banner: null,
    seats: [seat("Tú", 975), seat("Ana", 975), seat("Beto", 975)],
  });
  assert.deepEqual(first.order, ["Tú", "Ana", "Beto"]);
  const next = applyTable(first, { pot: 125, button: "Beto", to_act: "Ana", seats: [seat("Tú", 925, { bet: 50 })] });
  assert.deepEqual(seatsOf(next).map((s) => [s.name, s.stack, s.bet]), [["Tú", 925, 50], ["Ana", 975, 0], ["Beto", 975, 0]]);
  assert.equal(next.pot, 125);
  assert.equal(next.to_act, "Ana");
  assert.deepEqual(next.ayudas, { cards: [], open: false }); // not in the delta: unchanged
  assert.equal(first.seats["Tú"].stack, 975); // the previous table is not changed
});

test("ayudas and the banner change only when a delta says so (null clears the banner)", () => {
  let table = applyTable(emptyTable(), { pot: 0, seats: [seat("Tú", 1000)], banner: "Extensión" });
  table = applyTable(table, { pot: 10, seats: [] });
  assert.equal(table.banner, "Extensión");
  table = applyTable(table, { pot: 10, seats: [], banner: null, ayudas: { cards: ["As", "Kd", "2c"], open: true } });
  assert.equal(table.banner, null);
  assert.deepEqual(table.ayudas.cards, ["As", "Kd", "2c"]);
});

test("any game's shared cards: Hold'em's board like Mata Ases's ayudas, and any other key of a delta", async () => {
  const { sharedOf } = await import("../../docs/javascripts/ui/table/state.js");
  let table = applyTable(emptyTable(), { pot: 30, seats: [seat("Tú", 990)], board: { cards: [], open: true, label: "Mesa" } });
  assert.deepEqual(sharedOf(table), ["board", { cards: [], open: true, label: "Mesa" }]);
  table = applyTable(table, { pot: 60, seats: [], board: { cards: ["As", "Kd", "2c"], open: true, label: "Flop" } });
  assert.deepEqual(sharedOf(table)[1].cards, ["As", "Kd", "2c"]);
  assert.equal(applyTable(table, { pot: 60, seats: [], street: "flop" }).street, "flop");
  assert.deepEqual(sharedOf(applyTable(emptyTable(), { ayudas: { cards: ["2c"], open: false, label: "x" } }))[0], "ayudas");
  assert.deepEqual(sharedOf(emptyTable()), ["ayudas", { cards: [], open: false, label: "" }]);
});
