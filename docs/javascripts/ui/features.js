// The site's interactive parts, each loaded only on the pages that have one: a page's HTML names what it
// needs by the elements it holds (selector), and this module imports the module that drives them, once
// per visit, on the first page shown that has such an element (also under instant navigation: a module,
// once loaded, acts on every later page through onPage). A page that has none (most rules pages) loads
// nothing more than this file and the engine's client. The page a reader opens already names its parts'
// modules in its HTML, read from this same list at build time (site_hooks/features.py): the browser
// fetches them beside this file, and the import here is then the same module, run once.
import { landOnAnchor, onPage } from "./page.js";

/** [selector of the element, module that drives it]: the one list of the site's interactive parts. */
export const FEATURES = [
  ["[data-engine-status]", "./engine-status.js"],
  ["[data-hand-widget]", "./hand-widget.js"],
  ["#simulador", "./simulator/main.js"],
  ["[data-free-table]", "./table/free.js"],
  ["[data-quiz]", "./quiz.js"],
  ["[data-uth-trainer]", "./trainer.js"],
  [".equity-calc", "./equity.js"],
  ["[data-drill]", "./drill.js"],
  ["[data-uth-session]", "./uth-session.js"],
  ["[data-workshop]", "./workshop/loader.js"],
  ["[data-progress-page]", "./progress-page.js"],
  ["[data-progress-path]", "./progress-path.js"],
  ["[data-progress-read]", "./progress-read.js"],
];

const loaded = new Map();  // module -> its import

onPage(() => {
  landOnAnchor();
  for (const [selector, module] of FEATURES) {
    if (loaded.has(module) || !document.querySelector(selector)) continue;
    const loading = import(module);
    loaded.set(module, loading);
    loading.catch((error) => {
      loaded.delete(module);  // the next page view tries again
      console.warn(`[sitio] no se pudo cargar ${module}:`, error.message);
    });
  }
});
