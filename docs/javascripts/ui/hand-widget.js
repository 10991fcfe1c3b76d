// Home-page widget: the reader types 5 to 7 cards and the engine (in the worker) names the best hand.
// Everything the reader types is shown back as text, never as HTML.
import { onStatus, request } from "../engine/client.js";
import { Asker } from "./asking.js";
import { onPage } from "./page.js";

function setup(root) {
  if (root.dataset.ready) return;
  root.dataset.ready = "1";
  const form = root.querySelector("form");
  const input = root.querySelector("input");
  const select = root.querySelector("select");
  const button = root.querySelector("button");
  const output = root.querySelector("output");
  form.hidden = false;
  const fallback = root.querySelector("[data-no-js]");
  if (fallback) fallback.hidden = true;
  const asker = new Asker(request); // a new submission supersedes the one in flight
  onStatus((state) => {
    if (!root.isConnected) return;
    button.disabled = state.phase !== "ready";
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (text.length > 200) {
      show("error", "Son demasiados caracteres.");
      return;
    }
    const cards = text.split(/[\s,;]+/).filter(Boolean);
    show("busy", "Calculando…");
    const reply = await asker.ask("hand-evaluate", { cards, vocabulary: select ? select.value : "es" });
    if (reply === null) return; // superseded by a newer submission
    if (reply.error) show("error", reply.error);
    // the engine's errors are in the reader's words; the five cards come as the reader typed them
    else show("ok", `${reply.name} — mejores cinco cartas: ${(reply.typed || reply.cards).join(" ")}`);
  });
  function show(kind, text) {
    output.dataset.kind = kind;
    output.textContent = text;
  }
}
onPage(() => {
  for (const root of document.querySelectorAll("[data-hand-widget]")) setup(root);
});
