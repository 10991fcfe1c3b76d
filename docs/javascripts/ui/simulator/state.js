// The table as the page knows it: the engine sends a whole table first, then only what changed
// (the seats that changed, each whole; ayudas and banner when they change). Pure (no DOM), unit-tested
// under Node (tests/js/).

/** The table before any reply. */
export function emptyTable() {
  return { order: [], seats: {}, pot: 0, button: null, to_act: null, ayudas: { cards: [], open: false }, banner: null };
}

/** A new table: ``table`` with the engine's ``delta`` applied (``table`` is not changed). */
export function applyTable(table, delta) {
  const next = { ...table, seats: { ...table.seats }, order: table.order.slice() };
  for (const key of ["pot", "button", "to_act"]) if (key in delta) next[key] = delta[key];
  if ("ayudas" in delta) next.ayudas = delta.ayudas;
  if ("banner" in delta) next.banner = delta.banner;
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
