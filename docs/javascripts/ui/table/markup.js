// The table's parts, cloned from the <template>s the build writes on every table page
// (site_hooks/table_markup.py, the marker <!-- mesa: plantillas -->) and filled from the engine's reply.
// The static walkthroughs are drawn by the same Python functions: the markup lives there, once; here
// only the data go in (as text, never as HTML). Nothing here knows a rule or a word.
import { isReader } from "./words.js";
import { sharedOf } from "./state.js";

/** A fresh copy of the part ``name`` (its <template id="tpl-table-<name>">). */
export function part(name) {
  const template = document.getElementById(`tpl-table-${name}`);
  if (!template) throw new Error(`falta la plantilla «${name}» de la mesa (marcador <!-- mesa: plantillas -->)`);
  return template.content.firstElementChild.cloneNode(true);
}

/** True when the page holds the table's templates. */
export function hasTemplates() {
  return Boolean(document.getElementById("tpl-table-table"));
}

/** Put the engine's words in every label slot of ``node`` (the template keeps its own when none came). */
export function fillLabels(node, words) {
  for (const slot of node.querySelectorAll("[data-label]")) {
    const text = words.label(slot.dataset.label);
    if (text) slot.textContent = text;
  }
}

function slot(node, selector, text) {
  const target = node.querySelector(selector);
  target.textContent = text;
  return target;
}

/** A face-up card: <span class="sim-card" role="img" aria-label="As de picas">A♠</span>. */
export function cardFace(code, words, note) {
  const card = words.card(code);
  const node = part("card");
  const name = card ? card.name : String(code);
  if (card && card.color === "red") node.classList.add("sim-card--red");
  slot(node, ".sim-card__rank", card ? card.rank : String(code));
  slot(node, ".sim-card__suit", card ? card.suit : "");
  node.setAttribute("aria-label", note ? `${name}, ${note}` : name);
  node.dataset.card = code;
  return node;
}

/** A card seen from the back, ``label`` saying whose. */
export function cardBack(label) {
  const node = part("back");
  node.setAttribute("aria-label", label);
  return node;
}

/** The reader's own closed card: its face, marked as hidden from the others. */
function ownClosed(code, words) {
  const node = part("own-closed");
  const face = cardFace(code, words, words.label("own_closed"));
  const shape = node.querySelector(".sim-card");
  face.className = shape.className + (face.classList.contains("sim-card--red") ? " sim-card--red" : "");
  face.setAttribute("title", words.label("own_closed_title") || shape.getAttribute("title") || "");
  shape.replaceWith(face);
  fillLabels(node, words);
  return node;
}

/** A badge; its kind only picks a CSS class (any kind is drawn, "out" looks like "folded"). A badge with
 * the engine's `title` (a seat's abbreviation explained) is an <abbr> that shows it on tap and on focus. */
/** A seat abbreviation's explanation, from the page's glossary template (tpl-table-positions). */
function positionTitle(code) {
  const glossary = document.getElementById("tpl-table-positions");
  const entry = glossary && [...glossary.content.querySelectorAll("abbr")].find((a) => a.dataset.code === code);
  return entry ? entry.title : undefined;
}

export function badge(kind, text, title) {
  if (!title && kind === "position") title = positionTitle(text);
  let node = part("badge");
  if (title) {
    const abbr = document.createElement("abbr");
    abbr.className = node.className;
    abbr.title = title;
    abbr.tabIndex = 0;
    node = abbr;
  }
  const shown = kind === "out" ? "folded" : kind;
  if (shown) node.classList.add(`sim-badge--${shown}`);
  node.textContent = text;
  return node;
}

/** One seat (an <li>) from the engine's seat state. */
export function drawSeat(seat, words) {
  const name = seat.name;
  const node = part("seat");
  fillLabels(node, words);
  node.dataset.player = name;
  node.dataset.stack = String(seat.stack ?? 0);
  node.dataset.bet = String(seat.bet ?? 0);
  if (seat.folded) node.dataset.folded = "true";
  if (seat.out) node.dataset.out = "true";
  if (seat.all_in) node.dataset.allIn = "true";
  const badges = seat.badges || [];
  if (badges.some((b) => b.kind === "act")) node.dataset.toAct = "true";
  if (badges.some((b) => b.kind === "button")) node.dataset.button = "true";
  const head = node.querySelector(".sim-seat__head");
  slot(head, ".sim-seat__name", name);
  for (const b of badges) head.append(badge(b.kind, b.text, b.title));
  const cards = node.querySelector(".sim-cards");
  for (const code of seat.open || []) cards.append(cardFace(code, words));
  for (const code of seat.closed || []) {
    cards.append(isReader(name) ? ownClosed(code, words) : cardBack(words.closedOf(name)));
  }
  slot(node, ".sim-seat__stack", words.amount(seat.stack));
  const bet = node.querySelector(".sim-seat__bet-part");
  bet.hidden = !seat.bet;
  if (seat.bet) slot(bet, ".sim-seat__bet", words.amount(seat.bet));
  if (seat.forced) node.querySelector(".sim-seat__chips").append(badge("forced", seat.forced.label));
  const hand = node.querySelector(".sim-seat__hand");
  hand.hidden = !seat.shown;
  if (seat.shown) hand.textContent = seat.shown.verdict ? `${seat.shown.name}: ${seat.shown.verdict}.` : seat.shown.name;
  return node;
}

/** The shared cards in the middle: Mata Ases's ayudas or Hold'em's board, one component. */
export function drawShared(box, table, words) {
  const [kind, shared] = sharedOf(table);
  box.dataset.kind = kind;
  box.dataset.open = shared.open ? "true" : "false";
  slot(box, ".sim-shared__label", shared.label || ""); // the engine says what they are now
  const cards = box.querySelector(".sim-cards");
  const list = shared.cards || [];
  cards.replaceChildren(...list.map((code) => (shared.open ? cardFace(code, words)
    : cardBack(words.label("ayuda_closed") || words.label("closed")))));
}

/** An empty table (the parts the view fills): {box, banner, others, mine, pot, potAmount, shared}. */
export function tableParts() {
  const box = part("table");
  return {
    box,
    banner: box.querySelector(".sim-banner"),
    others: box.querySelector(".sim-seats--others"),
    mine: box.querySelector(".sim-seats--mine"),
    pot: box.querySelector(".sim-pot"),
    shared: box.querySelector(".sim-shared"),
  };
}

/** Draw the whole table (a state.js table) into its parts (tableParts()). */
export function drawTable(parts, table, words) {
  fillLabels(parts.box, words);
  parts.banner.hidden = !table.banner;
  parts.banner.textContent = table.banner || "";
  parts.others.replaceChildren();
  parts.mine.replaceChildren();
  for (const name of table.order) {
    (isReader(name) ? parts.mine : parts.others).append(drawSeat(table.seats[name], words));
  }
  slot(parts.pot, ".sim-pot__amount", words.amount(table.pot));
  parts.pot.dataset.pot = String(table.pot ?? 0);
  drawShared(parts.shared, table, words);
}

const SITE_ROOT = new URL("../../../", import.meta.url); // the site's root: the engine's links start there

/** A citation: each rule it names, a link to the site's own paragraph that states it where the engine
 * gives one (`cite_links`: {text, href from the site's root}), as text. */
function fillCite(target, event) {
  const links = Array.isArray(event.cite_links) ? event.cite_links : null;
  if (!links) {
    target.textContent = event.cite;
    return;
  }
  target.replaceChildren();
  links.forEach((link, i) => {
    if (i) target.append(document.createTextNode(" · "));
    if (!link.href) {
      target.append(document.createTextNode(link.text));
      return;
    }
    const a = document.createElement("a");
    a.href = new URL(link.href, SITE_ROOT).href;
    a.textContent = link.text;
    target.append(a);
  });
}

/** One step of the log: the engine's sentence and the rule it cites (a repeat folds into «Regla»). */
export function step(event) {
  const node = part("step");
  slot(node, ".sim-log__text", event.text || "");
  if (event.cite) {
    const cite = part(event.cite_repeat ? "cite-repeat" : "cite");
    fillCite(cite.matches("cite") ? cite : cite.querySelector("cite"), event);
    node.append(document.createTextNode(" "), cite);
  }
  node.dataset.type = event.type || "";
  return node;
}
