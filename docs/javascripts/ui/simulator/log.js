// The log of the hand: one line per engine event (its sentence and the rule it cites), with the
// engine's section titles («Extensión 1 · Tercera carta»).
import { el } from "../page.js";
import { isOwnStep } from "./words.js";

/** Append one event (and its section title, when it opens one) to the <ol> log. */
export function appendLog(list, event) {
  if (event.section) list.append(el("li", "sim-log__street", event.section));
  const item = el("li", "sim-log__step");
  if (isOwnStep(event)) item.classList.add("sim-log__step--you");
  item.append(el("span", "sim-log__text", event.text || ""));
  if (event.cite && event.cite_repeat) {
    // the same rule was cited earlier in this part of the hand: folded away, one click to open
    const more = el("details", "sim-log__cite-repeat");
    more.append(el("summary", "", "Regla"), el("cite", "sim-log__cite", event.cite));
    item.append(document.createTextNode(" "), more);
  } else if (event.cite) {
    item.append(document.createTextNode(" "));
    item.append(el("cite", "sim-log__cite", event.cite));
  }
  item.dataset.type = event.type || "";
  list.append(item);
  list.scrollTop = list.scrollHeight;
}
