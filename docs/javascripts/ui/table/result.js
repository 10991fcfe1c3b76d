// The end of the hand, from the engine's result (any game): who takes the chips (the engine's sentences),
// what each player showed (per deal when there are several), and the final stacks with each change.
// The stacks table and each shown hand are the page's templates (markup.js), the parts the static
// walkthroughs draw too (site_hooks/table_markup.py, result_html).
import { el, withTerms } from "../page.js";
import { isReader } from "./words.js";
import { cardFace, fillLabels, part } from "./markup.js";

function showItem(step, words) {
  let item;
  if (step.type === "show" && step.player && step.hand) {
    item = part("show");
    item.querySelector("strong").textContent = step.player;
    item.querySelector(".sim-result__hand").textContent = step.hand;
  } else {
    item = el("li", `sim-result__${step.type}`);
    item.append(el("span", null, step.text));
  }
  if (step.player) item.dataset.player = step.player;
  if (step.type === "show") item.dataset.show = step.text;
  if (step.cards && step.cards.length) {
    const cards = el("span", "sim-cards sim-cards--small");
    for (const code of step.cards) cards.append(cardFace(code, words));
    item.append(document.createTextNode(" "), cards);
  }
  if (step.five && step.five.length) { // the five cards that play (the engine's evaluator)
    const five = part("five");
    fillLabels(five, words);
    five.querySelector(".sim-cards").append(...step.five.map((code) => cardFace(code, words)));
    item.append(five);
  }
  return item;
}

function stacksTable(rows, words) {
  const table = part("stacks");
  fillLabels(table, words);
  const body = table.querySelector("tbody");
  for (const row of rows || []) {
    const tr = part("stack-row");
    tr.dataset.player = row.name;
    tr.dataset.finalStack = String(row.stack);
    const [name, stack, change] = tr.children;
    name.textContent = row.name;
    stack.textContent = words.amount(row.stack);
    change.textContent = row.change_text;
    if (row.change) change.className = row.change > 0 ? "sim-up" : "sim-down";
    body.append(tr);
  }
  return table;
}

/**
 * Fill ``box`` with the result. ``titleId`` names the heading (the section is labelled by it), of
 * level ``level`` (each deal's title one below).
 * @returns {void}
 */
export function drawResult(box, result, words, titleId, level = 3) {
  box.replaceChildren();
  const title = el(`h${level}`, "sim-result__title", words.label("end"));
  title.id = titleId;
  box.append(title);

  const headline = el("div", "sim-result__headline");
  for (const line of result.headline || []) {
    const p = el("p", null, line.text);
    if (isReader(line.player)) p.classList.add("sim-result__win");
    headline.append(p);
  }
  box.append(headline);

  const deals = result.shows || [];
  for (const deal of deals) {
    if (deals.length > 1 || deal.deal > 0) box.append(el(`h${level + 1}`, "sim-result__deal", deal.title));
    const list = el("ul", "sim-result__shows");
    list.append(...deal.items.map((step) => showItem(step, words)));
    box.append(list);
    if (deal.why && deal.why.length) { // what decided, in the engine's words
      const why = part("why");
      why.append(...deal.why.map((line) => { const p = el("p"); p.append(withTerms(line, deal.terms)); return p; }));
      box.append(why);
    }
  }
  box.dataset.pots = JSON.stringify((result.pots || []).map((p) => ({ amount: p.amount, winners: p.winners || [] })));
  box.dataset.extensions = String(result.extensions || 0);
  box.dataset.simResult = "";
  box.append(stacksTable(result.stacks, words));
}
