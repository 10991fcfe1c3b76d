// The end of a page a path step asks the reader to read ([data-progress-read], written by
// site_hooks/progress.py after the page's content): once it comes into view, the page counts as read
// (progress/visits.js), the evidence that ticks the step «Lee las reglas». Nothing is downloaded or
// started for it: a few lines that watch one element.
import { addReads } from "../progress/visits.js";
import { onPage } from "./page.js";

onPage(() => {
  for (const mark of document.querySelectorAll("[data-progress-read]")) {
    if (mark.dataset.progressWatched) continue;
    mark.dataset.progressWatched = "1";
    const seen = new IntersectionObserver((found) => {
      if (!found.some((entry) => entry.isIntersecting)) return;
      addReads({ [mark.dataset.progressRead]: Date.now() });
      seen.disconnect();
    });
    seen.observe(mark);
  }
});
