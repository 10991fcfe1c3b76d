// The Hold'em equity calculator (docs/holdem/probabilidades.md). The form, the card picker and the
// result row's template come from the page (site_hooks/render/odds_holdem.py, built by the
// engine's words); this module only reads the fields, asks the engine (holdem-equity, in the
// worker, with progress) and fills the template with the reply's numbers and texts.
import { request } from "../engine/client.js";
import { Asker } from "./asking.js";
import { el, onPage } from "./page.js";

/** The card tokens typed in a field, split at spaces and commas ("A♠ K♦", "as, kd"); the engine
 * reads each one and names the field of any it cannot read. */
export function tokens(text) {
  return String(text || "").replace(/,/g, " ").trim().split(/\s+/).filter(Boolean);
}

/** The protocol request for the visible fields: {players: {name: [cards]}, board: [cards]}. */
export function buildRequest(fields, board) {
  const players = {};
  for (const field of fields) players[field.dataset.name] = tokens(field.value);
  return { players, board: tokens(board.value) };
}

function setup(root) {
  if (root.dataset.ready) return;
  root.dataset.ready = "1";
  root.classList.add("equity-calc--js");
  const form = root.querySelector("form");
  const rows = [...root.querySelectorAll("[data-player]")];
  const board = root.querySelector("#equity-board");
  const status = root.querySelector(".equity-status");
  const progress = root.querySelector(".equity-progress");
  const result = root.querySelector(".equity-result");
  const template = root.querySelector("template[data-equity-row]");
  const min = Number(root.dataset.playersMin) || 2;
  let active = rows[0].querySelector("input");
  const asker = new Asker(request); // a new computation supersedes the running one
  const marker = new Asker(request); // the picker's marks: only the newest matters, never the computation
  const picker = [...root.querySelectorAll("[data-card]")];

  const visible = () => rows.filter((row) => !row.hidden);
  const inputs = () => [...visible().map((row) => row.querySelector("input")), board];

  function clearErrors() {
    for (const span of root.querySelectorAll(".equity-error")) span.textContent = "";
    for (const input of root.querySelectorAll("input")) input.removeAttribute("aria-invalid");
  }

  function showError(reply) {
    // The engine names the field at fault: "players.Jugador 2[1]", "board", "board[0]"...
    const field = String(reply.field || "");
    const name = field.startsWith("players.") ? field.slice(8).replace(/\[\d+\]$/, "") : null;
    const input = name ? inputs().find((i) => i.dataset.name === name) : (field.startsWith("board") ? board : null);
    status.textContent = reply.error;
    if (input) {
      input.setAttribute("aria-invalid", "true");
      root.querySelector(`#${input.id}-error`).textContent = reply.error;
      input.focus();
    }
  }

  function showResult(reply) {
    result.replaceChildren();
    for (const name of Object.keys(reply.equity)) {
      const row = template.content.firstElementChild.cloneNode(true);
      row.querySelector(".equity-name").textContent = name;
      row.querySelector(".equity-bar-fill").style.width = `${(reply.equity[name] * 100).toFixed(2)}%`;
      row.querySelector(".equity-value").textContent = reply.text[name];
      row.querySelector(".equity-win").textContent = reply.win_text[name];
      row.querySelector(".equity-tie").textContent = reply.tie_text[name];
      result.append(row);
    }
    result.append(el("p", "equity-summary", reply.summary));
    status.textContent = "Cálculo terminado.";
  }

  root.addEventListener("focusin", (event) => {
    if (event.target.matches("input")) active = event.target;
  });

  root.querySelector("[data-equity-add]").addEventListener("click", () => {
    const next = rows.find((row) => row.hidden);
    if (!next) return;
    next.hidden = false;
    active = next.querySelector("input");
    active.focus();
  });
  root.querySelector("[data-equity-remove]").addEventListener("click", () => {
    const shown = visible();
    if (shown.length <= min) return;
    const last = shown[shown.length - 1];
    last.hidden = true;
    last.querySelector("input").value = "";
    markUsed();
  });
  // The engine reads the fields (holdem-equity with check: true) and says which cards they hold;
  // the picker dims those and ignores clicks on them.
  async function markUsed() {
    const reply = await marker.ask("holdem-equity",
      { ...buildRequest(visible().map((row) => row.querySelector("input")), board), check: true });
    if (reply === null || reply.error) return;
    const used = new Set(reply.used);
    for (const button of picker) {
      const taken = used.has(button.dataset.card);
      button.classList.toggle("equity-card--used", taken);
      if (taken) button.setAttribute("aria-disabled", "true");
      else button.removeAttribute("aria-disabled");
    }
  }
  root.addEventListener("input", markUsed);
  for (const button of picker) {
    button.addEventListener("click", () => {
      if (button.getAttribute("aria-disabled") === "true") return;
      const input = active && !active.closest("[hidden]") ? active : inputs()[0];
      input.value = `${input.value.trim()} ${button.dataset.symbol}`.trim(); // A♠, as the page shows it
      markUsed();
    });
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearErrors();
    result.replaceChildren();
    status.textContent = "Calculando…";
    progress.value = 0;
    progress.hidden = false;
    root.setAttribute("aria-busy", "true");
    const payload = buildRequest(visible().map((row) => row.querySelector("input")), board);
    const reply = await asker.ask("holdem-equity", payload, {
      onProgress: ({ done, total }) => { progress.value = total ? (100 * done) / total : 0; },
    });
    if (reply === null) return; // a newer computation replaced this one: it owns the status now
    progress.hidden = true;
    root.removeAttribute("aria-busy");
    if (reply.error) showError(reply);
    else showResult(reply);
  });
}

onPage(() => {
  for (const root of document.querySelectorAll(".equity-calc")) setup(root);
});
