// Shows the engine's loading state in every [data-engine-status] element of the current page.
import { onStatus, state as engineState } from "../engine/client.js";
import { onPage } from "./page.js";

function render(state) {
  for (const el of document.querySelectorAll("[data-engine-status]")) {
    el.dataset.phase = state.phase;
    el.textContent = state.text;
  }
}
function bind() {
  for (const el of document.querySelectorAll("[data-engine-status]")) {
    el.setAttribute("role", "status");
    el.setAttribute("aria-live", "polite");
  }
  render(engineState());
}
onStatus(render);
onPage(bind);
