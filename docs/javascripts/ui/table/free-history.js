// The visit's hands at a free table (free.js): one line each with its result, and the chart of the visit
// with its total. The visit itself is kept by visit.js. A hand is not dealt again from here: its cards
// came from a secret the engine keeps (free.js).
import { el } from "../page.js";
import { bars } from "./visit.js";

const SVG = "http://www.w3.org/2000/svg";

function svgNode(name, attributes) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  return node;
}

export class VisitHistory {
  /** @param id the free table's id (the section's title names it); @param word(key, values) its words. */
  constructor(id, word) {
    this.word = word;
    this.box = el("section", "mesa-history");
    this.box.hidden = true;
    const title = el("h3", "mesa-history__title", word("history_title"));
    title.id = `${id || "mesa"}-history-title`;
    this.box.setAttribute("aria-labelledby", title.id);
    this.chart = el("div", "mesa-chart");
    this.list = el("ol", "mesa-history__list");
    this.box.append(title, this.chart, this.list);
  }

  /** The visit's hands (`visit`: visit.js's). */
  draw(visit) {
    const hands = visit.hands;
    this.box.hidden = !hands.length;
    if (!hands.length) return;
    this.list.replaceChildren(...hands.map((hand, index) => this.line(hand, index)));
    this.drawChart(hands.map((hand) => hand.change), visit.total);
  }

  line(hand, index) {
    const item = el("li", "mesa-history__hand");
    item.dataset.change = String(hand.change);
    const name = this.word("hand", { n: index + 1 });
    item.append(el("span", null, hand.summary ? `${name} · ${hand.summary}: ` : `${name}: `),
      el("strong", hand.change > 0 ? "sim-up" : hand.change < 0 ? "sim-down" : null, hand.text));
    return item;
  }

  /** The visit's chart: one bar per hand (hidden from screen readers: the list says the same), and the
   * visit's total as the engine wrote it. */
  drawChart(changes, totalText) {
    const shape = bars(changes);
    const width = Math.max(160, shape.length * 8);
    const svg = svgNode("svg", { viewBox: `0 0 ${width} 100`, "aria-hidden": "true", class: "mesa-chart__svg",
      preserveAspectRatio: "none", height: "80" });
    svg.append(svgNode("line", { x1: 0, x2: width, y1: 50, y2: 50, class: "mesa-chart__axis" }));
    for (const bar of shape) {
      svg.append(svgNode("rect", { x: bar.x, y: bar.y, height: bar.height, width: "6",
        class: bar.up ? "mesa-chart__up" : "mesa-chart__down" }));
    }
    const total = el("p", "mesa-chart__total");
    total.append(document.createTextNode(`${this.word("visit_total")} `), el("strong", null, totalText));
    this.chart.replaceChildren(svg, total);
  }
}
