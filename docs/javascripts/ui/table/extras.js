// What the free tables (Mata Ases's Mesa libre, the Hold'em table) add around the table the same way:
// the bots' reasons after a hand, a link to copy, the visit's history with its chart. The words of the
// engine (reasons, results) come in its replies; these are only the boxes around them.
import { el } from "../page.js";
import { bars } from "../mesa-libre-link.js";

/** «Por qué jugaron así los bots»: each reason folded under its title («Por qué Ana subió · Flop»). */
export function reasonsSection(reasons) {
  const box = el("section", "mesa-reasons");
  box.append(el("h4", null, "Por qué jugaron así los bots"));
  if (!reasons.length) box.append(el("p", null, "Los bots no tuvieron que decidir nada en esta mano."));
  for (const entry of reasons) {
    const item = el("details", "mesa-reason");
    item.dataset.player = entry.player;
    item.dataset.action = entry.action;
    const summary = el("summary");
    summary.append(el("strong", null, entry.title), document.createTextNode(` · ${entry.when}`));
    item.append(summary, el("p", null, entry.reason));
    box.append(item);
  }
  return box;
}

/** A read-only link with «Copiar el enlace»: {box, input} (the caller fills input.value). */
export function linkBox(className, labelText) {
  const box = el("div", className);
  const label = el("label", "mesa-share__label");
  label.append(el("span", null, labelText));
  const input = el("input");
  input.type = "text";
  input.readOnly = true;
  input.addEventListener("focus", () => input.select());
  label.append(input);
  const copy = el("button", "md-button mesa-copy", "Copiar el enlace");
  copy.type = "button";
  const status = el("span", "mesa-share__status");
  status.setAttribute("role", "status");
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(input.value);
      status.textContent = "Enlace copiado.";
    } catch (e) {
      input.focus();
      status.textContent = "Selecciona el enlace y cópialo.";
    }
  });
  box.append(label, copy, status);
  return { box, input, status };
}

/** «Tus manos en esta visita»: {section, chart, list}, the section labelled by its title. */
export function historySection(id) {
  const section = el("section", "mesa-history");
  section.hidden = true;
  const title = el("h3", "mesa-history__title", "Tus manos en esta visita");
  title.id = `${id}-history-title`;
  section.setAttribute("aria-labelledby", title.id);
  const chart = el("div", "mesa-chart");
  const list = el("ol", "mesa-history__list");
  section.append(title, chart, list);
  return { section, chart, list };
}

/** The visit's chart into ``chart``: one bar per hand (hidden from screen readers: the list says the
 * same), and the visit's total as the engine wrote it. */
export function drawChart(chart, changes, totalText) {
  const shape = bars(changes);
  const width = Math.max(160, shape.length * 8);
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} 100`);
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("class", "mesa-chart__svg");
  svg.setAttribute("preserveAspectRatio", "none");
  svg.setAttribute("height", "80");
  const axis = document.createElementNS(ns, "line");
  for (const [k, v] of [["x1", 0], ["x2", width], ["y1", 50], ["y2", 50]]) axis.setAttribute(k, String(v));
  axis.setAttribute("class", "mesa-chart__axis");
  svg.append(axis);
  for (const bar of shape) {
    const rect = document.createElementNS(ns, "rect");
    for (const k of ["x", "y", "height"]) rect.setAttribute(k, String(bar[k]));
    rect.setAttribute("width", "6");
    rect.setAttribute("class", bar.up ? "mesa-chart__up" : "mesa-chart__down");
    svg.append(rect);
  }
  const total = el("p", "mesa-chart__total");
  total.append(document.createTextNode("Resultado de la visita: "), el("strong", null, totalText));
  chart.replaceChildren(svg, total);
}

/** A labelled <select> of a setup form: {wrap, node}; ``options`` are [value, text] pairs. */
export function selectField(name, label, options, value) {
  const wrap = el("label", "mesa-setup__field");
  wrap.append(el("span", null, label));
  const node = el("select");
  node.name = name;
  for (const [key, text] of options) {
    const option = el("option", null, text);
    option.value = String(key);
    node.append(option);
  }
  node.value = String(value);
  wrap.append(node);
  return { wrap, node };
}
