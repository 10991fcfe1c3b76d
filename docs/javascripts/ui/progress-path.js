// The path from zero ([data-progress-path], written by site_hooks/progress.py from the engine's
// catalogue: each step a link and what ticks it) and, on the home page, the invitation to a returning
// reader ([data-progress-invite]): what is due today, with one tap to review, and the path's next step.
// Steps tick from the reader's log (its summary, progress/log.js: no page reads the whole log) and the pages
// read to their end (never a mere visit). Without JavaScript, or with nothing logged, the path is the same
// list of links and the invitation stays hidden.
import * as log from "../progress/log.js";
import { dueSkills, scheduler, stepDone } from "../progress/model.js";
import * as summary from "../progress/summary.js";
import { readReads } from "../progress/visits.js";
import { run } from "../progress/work.js";
import { onPage } from "./page.js";
import { siteHref } from "./why.js";

const FSRS_URL = new URL("../../assets/progress/fsrs.js", import.meta.url);

/** Tick every path under `scope` from the log's evidence (summary.evidence) and the pages read; returns the
 * first step not done of the first path that has one ({name, href}), or null. */
export function tickPaths(scope, found, reads) {
  let first = null;
  for (const path of scope.querySelectorAll("[data-progress-path]")) {
    let next = null;
    for (const step of path.querySelectorAll("[data-progress-step]")) {
      let spec;
      try { spec = JSON.parse(step.dataset.progressStep); } catch (error) { continue; }
      const done = stepDone(spec, found, reads);
      const state = step.querySelector("[data-step-state]");
      step.classList.toggle("progress-path__step--done", done);
      step.classList.remove("progress-path__step--next");
      const link = step.querySelector("a");
      if (link) link.removeAttribute("aria-current");
      if (state) state.textContent = done ? "Hecho" : "";
      if (!done && next === null) next = step;
    }
    if (!next) continue;
    next.classList.add("progress-path__step--next");
    const state = next.querySelector("[data-step-state]");
    if (state) state.textContent = "Siguiente paso";
    const link = next.querySelector("a");
    if (link) link.setAttribute("aria-current", "step");
    if (!first && link) first = { name: link.textContent, href: link.getAttribute("href") };
  }
  return first;
}

/** The home page's invitation: how many skills are due today (a link that starts the review at once) and the
 * path's next step. Hidden when there is nothing to say. */
export function invite(box, due, next) {
  const parts = [];
  if (due > 0) {
    const review = document.createElement("a");
    review.className = "md-button md-button--primary";
    review.href = siteHref(`${box.dataset.progressInvite}?repasar=1`);
    review.textContent = `Repasar ahora (${due})`;
    const line = document.createElement("p");
    line.textContent = due === 1 ? "Te toca repasar 1 destreza. " : `Te toca repasar ${due} destrezas. `;
    line.append(review);
    parts.push(line);
  }
  if (next) {
    const line = document.createElement("p");
    const link = document.createElement("a");
    link.href = next.href;
    link.textContent = next.name;
    line.append("Tu siguiente paso: ", link);
    parts.push(line);
  }
  box.replaceChildren(...parts);
  box.hidden = parts.length === 0;
}

/** How many of the catalogue's `known` skills are due now: what «Repasar ahora» serves. */
async function dueToday(main, known) {
  if (!main.cards.size) return 0;
  const now = Date.now();
  const { f } = scheduler(await import(FSRS_URL.href));
  return dueSkills(summary.scheduled(main, f, now), now).filter((id) => known.has(id)).length;
}

/** The log's summary (made again first, in a worker, when it must be), or an empty one. */
async function readMain() {
  // Reading only when there may be a log: a reader who never answered opens no database.
  if (!log.mayHaveLog()) return summary.emptyMain();
  try {
    let read = await log.readSummary(Date.now(), 1);
    if (read.build) {
      await run("build");
      read = await log.readSummary(Date.now(), 1);
    }
    return read.main || summary.emptyMain();
  } catch (error) {
    return summary.emptyMain();
  }
}

async function tick() {
  if (!document.querySelector("[data-progress-path]") || document.querySelector("[data-progress-page]")) return;
  const main = await readMain();
  const reads = new Set(Object.keys(readReads()));
  const next = tickPaths(document, summary.evidence(main), reads);
  const box = document.querySelector("[data-progress-invite]");
  if (!box || (!main.count && !reads.size)) return;
  let due = 0;
  try {
    due = await dueToday(main, new Set(JSON.parse(box.dataset.progressSkills || "[]")));
  } catch (error) { due = 0; }
  invite(box, due, next);
}

// After the page has settled: the ticks are a nicety, never in the way of the first paint or tap.
const idle = window.requestIdleCallback || ((fn) => setTimeout(fn, 200));
onPage(() => { idle(() => { tick(); }, { timeout: 2000 }); });
