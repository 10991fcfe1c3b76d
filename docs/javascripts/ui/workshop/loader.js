// Loads the authors' workshop (./main.js, the editor bundle and the table) on the page that has it:
// [data-workshop] (docs/desarrollo/taller.md); ../features.js imports this file only there.
import { onPage } from "../page.js";

onPage(() => {
  const root = document.querySelector("[data-workshop]");
  if (!root || root.dataset.workshopReady) return;
  import("./main.js").then((workshop) => workshop.mount(root)).catch((error) => {
    root.dataset.check = "error";
    root.textContent = `El taller no se pudo cargar (${error.message}). Recarga la página.`;
  });
});
