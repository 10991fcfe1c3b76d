// The table as the page knows it: the engine sends a whole table first, then only what changed
// (the seats that changed, each whole; the shared cards and the banner when they change). Game-agnostic:
// any key of a delta other than "seats" replaces the table's own (Mata Ases's "ayudas", Hold'em's "board").
// Pure (no DOM), unit-tested under Node (tests/js/).

/** The table before any reply. */
export function emptyTable() {
  return { order: [], seats: {}, pot: 0, button: null, to_act: null, banner: null };
}

/** A new table: ``table`` with the engine's ``delta`` applied (``table`` is not changed). */
export function applyTable(table, delta) {
  const next = { ...table, seats: { ...table.seats }, order: table.order.slice() };
  for (const [key, value] of Object.entries(delta)) if (key !== "seats") next[key] = value;
  for (const seat of delta.seats || []) {
    if (!(seat.name in next.seats)) next.order.push(seat.name);
    next.seats[seat.name] = seat;
  }
  return next;
}

/** The seats in seat order. */
export function seatsOf(table) {
  return table.order.map((name) => table.seats[name]);
}

/** The shared cards in the middle and their kind: ["board", {...}] (Hold'em) or ["ayudas", {...}]
 * (Mata Ases); one component draws either. */
export function sharedOf(table) {
  for (const kind of ["board", "ayudas"]) if (table[kind]) return [kind, table[kind]];
  return ["ayudas", { cards: [], open: false, label: "" }];
}
