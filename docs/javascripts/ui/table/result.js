// The end of the hand, from the engine's result (any game): who takes the chips (the engine's sentences),
// what each player showed (per deal when there are several), and the final stacks with each change.
import { el } from "../page.js";
import { isReader } from "./words.js";
import { cardFace } from "./markup.js";

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
    for (const step of deal.items) {
      const item = el("li", `sim-result__${step.type}`);
      if (step.type === "show" && step.player && step.hand) {
        item.append(el("strong", null, step.player), document.createTextNode(" "));
        item.append(el("span", "sim-result__hand", step.hand));
      } else {
        item.append(el("span", null, step.text));
      }
      if (step.player) item.dataset.player = step.player;
      if (step.type === "show") item.dataset.show = step.text;
      if (step.cards && step.cards.length) {
        const cards = el("span", "sim-cards sim-cards--small");
        for (const code of step.cards) cards.append(cardFace(code, words));
        item.append(document.createTextNode(" "), cards);
      }
      list.append(item);
    }
    box.append(list);
  }
  box.dataset.pots = JSON.stringify((result.pots || []).map((p) => ({ amount: p.amount, winners: p.winners || [] })));
  box.dataset.extensions = String(result.extensions || 0);
  box.dataset.simResult = "";

  const table = el("table", "sim-result__stacks");
  const head = el("tr");
  for (const text of [words.label("players"), words.label("stack"), words.label("change")]) {
    const th = el("th", null, text);
    th.setAttribute("scope", "col");
    head.append(th);
  }
  const thead = el("thead");
  thead.append(head);
  const tbody = el("tbody");
  for (const row of result.stacks || []) {
    const tr = el("tr");
    tr.dataset.player = row.name;
    tr.dataset.finalStack = String(row.stack);
    const th = el("th", null, row.name);
    th.setAttribute("scope", "row");
    tr.append(th, el("td", null, words.amount(row.stack)),
      el("td", row.change > 0 ? "sim-up" : row.change < 0 ? "sim-down" : null, row.change_text));
    tbody.append(tr);
  }
  table.append(el("caption", null, words.label("final_stacks")), thead, tbody);
  box.append(table);
}
