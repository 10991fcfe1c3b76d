// The path from zero ([data-progress-path], written by site_hooks/progress.py from the engine's
// catalogue): each step a link; this ticks the steps the reader's log says are done and marks the next
// one. Without JavaScript, or with nothing logged, the path is the same list of links.
import * as log from "../progress/log.js";
import { rightBySkill, stepDone } from "../progress/model.js";
import { readVisits } from "../progress/visits.js";
import { onPage } from "./page.js";

/** Tick every path under `scope` from the log `entries` and the pages visited. */
export function tickPaths(scope, entries, visits) {
  const counts = rightBySkill(entries);
  for (const path of scope.querySelectorAll("[data-progress-path]")) {
    let next = null;
    for (const step of path.querySelectorAll("[data-progress-step]")) {
      let spec;
      try { spec = JSON.parse(step.dataset.progressStep); } catch (error) { continue; }
      const done = stepDone(spec, entries, visits, counts);
      const state = step.querySelector("[data-step-state]");
      step.classList.toggle("progress-path__step--done", done);
      step.classList.remove("progress-path__step--next");
      const link = step.querySelector("a");
      if (link) link.removeAttribute("aria-current");
      if (state) state.textContent = done ? "Hecho" : "";
      if (!done && next === null) next = step;
    }
    if (next) {
      next.classList.add("progress-path__step--next");
      const state = next.querySelector("[data-step-state]");
      if (state) state.textContent = "Siguiente paso";
      const link = next.querySelector("a");
      if (link) link.setAttribute("aria-current", "step");
    }
  }
}

async function tick() {
  if (!document.querySelector("[data-progress-path]") || document.querySelector("[data-progress-page]")) return;
  const visits = new Set(Object.keys(readVisits()));
  let entries = [];
  // Reading the log only when there may be one: a reader who never answered opens no database.
  if (log.mayHaveLog()) {
    try { entries = await log.all(); } catch (error) { entries = []; }
  }
  tickPaths(document, entries, visits);
}

// After the page has settled: the ticks are a nicety, never in the way of the first paint or tap.
const idle = window.requestIdleCallback || ((fn) => setTimeout(fn, 200));
onPage(() => { idle(() => { tick(); }, { timeout: 2000 }); });
