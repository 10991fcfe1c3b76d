// Shows the engine's loading state in every [data-engine-status] element of the current page: the
// phase in words and, while the runtime downloads, a determinate progress bar with the bytes.
import { onStatus, state as engineState } from "../engine/client.js";
import { drawProgress, onPage } from "./page.js";

function render(state) {
  for (const el of document.querySelectorAll("[data-engine-status]")) {
    el.dataset.phase = state.phase;
    el.setAttribute("aria-busy", String(state.phase === "download"));  // no byte-by-byte announcements
    let text = el.querySelector(".engine-status-text");
    let bar = el.querySelector("progress");
    if (!text) {
      el.textContent = "";
      text = el.appendChild(document.createElement("span"));
      text.className = "engine-status-text";
    }
    text.textContent = state.text;
    if (state.phase === "download" && state.progress.total) {
      if (!bar) {
        bar = el.appendChild(document.createElement("progress"));
        bar.setAttribute("aria-label", "Descarga del motor");
      }
      drawProgress(bar, state);
    } else if (bar) {
      bar.remove();
    }
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
