// The table: seats, pot and ayudas, drawn from the engine's per-seat state (state.js merges the
// deltas). Card faces and names come from the engine (Words); nothing here knows a rule.
import { el } from "../page.js";
import { isReader } from "./words.js";

/** A face-up card: <span class="sim-card" role="img" aria-label="As de picas">A♠</span>. */
export function cardFace(code, words, extraLabel) {
  const card = words.card(code);
  const node = el("span", "sim-card");
  node.setAttribute("role", "img");
  if (!card) {
    node.textContent = String(code);
    node.setAttribute("aria-label", String(code));
    return node;
  }
  if (card.color === "red") node.classList.add("sim-card--red");
  node.append(el("span", "sim-card__rank", card.rank), el("span", "sim-card__suit", card.suit));
  node.setAttribute("aria-label", extraLabel ? `${card.name}, ${extraLabel}` : card.name);
  node.dataset.card = code;
  return node;
}

export function cardBack(label) {
  const node = el("span", "sim-card sim-card--back");
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", label);
  return node;
}

/** One seat (an <li>) from the engine's seat state. */
export function drawSeat(seat, words) {
  const name = seat.name;
  const you = isReader(name);
  const item = el("li", "sim-seat");
  item.dataset.player = name;
  item.dataset.stack = String(seat.stack ?? 0);
  item.dataset.bet = String(seat.bet ?? 0);
  if (seat.folded) item.dataset.folded = "true";
  if (seat.out) item.dataset.out = "true";
  if (seat.all_in) item.dataset.allIn = "true";
  const badges = seat.badges || [];
  if (badges.some((b) => b.kind === "act")) item.dataset.toAct = "true";
  if (badges.some((b) => b.kind === "button")) item.dataset.button = "true";

  const head = el("p", "sim-seat__head");
  head.append(el("span", "sim-seat__name", name));
  for (const badge of badges) {
    const kind = badge.kind === "out" ? "folded" : badge.kind;
    head.append(el("span", `sim-badge sim-badge--${kind}`, badge.text));
  }
  item.append(head);

  const cards = el("div", "sim-cards");
  for (const code of seat.open || []) cards.append(cardFace(code, words));
  for (const code of seat.closed || []) {
    if (you) {
      const wrap = el("span", "sim-own-closed");
      const face = cardFace(code, words, words.label("own_closed"));
      face.setAttribute("title", words.label("own_closed_title"));
      face.classList.add("sim-card--own-closed");
      wrap.append(face, el("span", "sim-own-closed__note", words.label("own_closed_note")));
      cards.append(wrap);
    } else {
      cards.append(cardBack(words.closedOf(name)));
    }
  }
  item.append(cards);

  const money = el("p", "sim-seat__chips");
  money.append(document.createTextNode(`${words.label("stack")}: `),
    el("strong", "sim-seat__stack", words.amount(seat.stack)));
  if (seat.bet) {
    money.append(document.createTextNode(` · ${words.label("bet")}: `),
      el("strong", "sim-seat__bet", words.amount(seat.bet)));
  }
  if (seat.forced) money.append(el("span", "sim-badge sim-badge--forced", seat.forced.label));
  item.append(money);
  if (seat.shown) item.append(el("p", "sim-seat__hand", `${seat.shown.name}: ${seat.shown.verdict}.`));
  return item;
}

/**
 * Draw the whole table into its parts ({banner, others, mine, pot, ayudas}).
 * @param {object} parts the elements built by the simulator
 * @param {object} table a state.js table
 * @param {Words} words
 */
export function drawTable(parts, table, words) {
  parts.banner.hidden = !table.banner;
  parts.banner.textContent = table.banner || "";
  parts.others.replaceChildren();
  parts.mine.replaceChildren();
  for (const name of table.order) {
    (isReader(name) ? parts.mine : parts.others).append(drawSeat(table.seats[name], words));
  }
  parts.pot.replaceChildren(el("span", "sim-pot__label", words.label("pot")), el("strong", "sim-pot__amount", words.amount(table.pot)));
  parts.pot.dataset.pot = String(table.pot ?? 0);
  const ayudas = table.ayudas || { cards: [], open: false };
  const label = el("p", "sim-ayudas__label", ayudas.label || ""); // the engine says what the ayudas are now
  const cards = el("div", "sim-cards");
  const list = ayudas.cards || [];
  if (ayudas.open) {
    for (const code of list) cards.append(cardFace(code, words));
  } else {
    for (let i = 0; i < list.length; i += 1) cards.append(cardBack(words.label("ayuda_closed")));
  }
  parts.ayudas.dataset.open = ayudas.open ? "true" : "false";
  parts.ayudas.replaceChildren(label, cards);
}
