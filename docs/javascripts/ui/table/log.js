// The log of the hand: one line per engine event (its sentence and the rule it cites), grouped under
// the engine's section titles («Extensión 1 · Tercera carta», «Las ayudas», «Flop»). The log is a
// <div role="log"> holding, per section, a heading and an <ol> of steps (valid list semantics: only
// <li> inside each list). A rule already cited earlier in the same part of the hand (the engine's
// cite_repeat) folds into a «Regla» toggle. Each step is the template's (markup.js).
import { el } from "../page.js";
import { afterLayout } from "./frame.js";
import { step } from "./markup.js";
import { isOwnStep } from "./words.js";

/**
 * The log's container: <div role="log" aria-live="polite"> labelled by ``titleId``, focusable (it scrolls).
 * ``level``: the heading level of its section titles (one below the log's own title).
 */
export function makeLog(titleId, level = 4) {
  const log = el("div", "sim-log__list");
  log.dataset.headingLevel = String(level);
  log.setAttribute("role", "log");
  log.setAttribute("aria-live", "polite");
  log.setAttribute("aria-labelledby", titleId);
  log.tabIndex = 0;
  return log;
}

/** Append one event (and its section title, when it opens one) to the log made by makeLog. */
export function appendLog(log, event) {
  let steps = log.lastElementChild;
  if (event.section || !steps || steps.tagName !== "OL") {
    if (event.section) log.append(el(`h${log.dataset.headingLevel || 4}`, "sim-log__street", event.section));
    steps = el("ol", "sim-log__steps");
    log.append(steps);
  }
  const item = step(event);
  if (isOwnStep(event)) item.classList.add("sim-log__step--you");
  steps.append(item);
  afterLayout(log, () => {  // once a frame: read after the browser's layout, write with the frame's other writes
    const end = log.scrollHeight;
    return () => { log.scrollTop = end; };
  });
}
