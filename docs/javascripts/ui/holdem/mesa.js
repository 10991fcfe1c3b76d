// «Mesa de Hold'em» (docs/holdem/mesa.md): the reader plays no-limit Hold'em against bots, hand after hand,
// and watches hand histories (PHH) replayed step by step. Lives in <div id="mesa-holdem" data-engine>.
//
// The engine keeps the table (engine/play/, engine/games/holdem/play.py): "play-start" (mode "free")
// seats it and plays the bots to the reader's turn, "play-step" takes a decision, "play-next" deals the
// next hand (or the same one again). A PHH text (pasted, a .phh file, a share link #mano=…) is shown by
// "play-start" (mode "replay") and "play-step". The table, the log,
// the decisions and the result are the one table page's (../table/controller.js); this page adds the
// setup form, the bots' reasons, what next, the share link and the .phh download, the import box and the
// visit's history. No rule, name or number format is written here.
//
// Test hooks (besides the table's own): root[data-holdem-state] = loading | failed | idle | busy | waiting |
// turn | over | replay; root[data-hand] (the hand's number); root[data-phh] (the hand so far, PHH);
// .holdem-share input (the link); .holdem-import textarea; "holdem:update" on the root after every change.
import { onStatus, request, start as startEngine } from "../../engine/client.js";
import { el, onPage } from "../page.js";
import { TableController } from "../table/controller.js";
import { showTogether } from "../table/view.js";
import { setReader } from "../table/words.js";
import { newSeed } from "../mesa-libre-link.js";
import { drawChart, historySection, linkBox, reasonsSection, selectField } from "../table/extras.js";
import { decodePhh, encodePhh, shareUrl } from "./link.js";

const BLINDS = [[5, 10], [10, 20], [25, 50], [50, 100]];
const DEPTHS = [50, 100, 200]; // starting stacks, in big blinds
const AUTOPLAY_MS = 900;
let sessions = 0;
const visit = { history: [] }; // the reader's results in this visit (the module runs once per visit)

function select(name, label, options, value) {
  return selectField(`holdem-${name}`, label, options, value);
}

function button(className, text, primary = false) {
  const node = el("button", `md-button${primary ? " md-button--primary" : ""} ${className}`, text);
  node.type = "button";
  return node;
}

class HoldemTable extends TableController {
  constructor(root) {
    super(root, request, { stepCommand: "play-step", stateKey: "holdemState", eventName: "holdem:update",
      skipLabel: "Saltar la pausa: ver ya las jugadas de los bots" });
    this.setup = null;
    this.phh = "";
    this.replaying = false;
    this.build();
    this.setState("loading");
    this.startWith(onStatus, { ready: () => this.begin() });
  }

  // ---- what this page adds: the setup, the import box, the replay bar, the visit ----
  build() {
    const root = this.root;
    const v = this.view;
    root.classList.add("mesa");
    this.loadingLine("Preparando la mesa");
    this.failureTitle = "La mesa de Hold'em no está disponible";

    this.form = el("form", "sim-setup mesa-setup");
    this.form.setAttribute("aria-label", "Prepara la mesa");
    this.form.hidden = true;
    const players = select("jugadores", "Jugadores", [2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => [n, String(n)]), 6);
    const seat = select("asiento", "Tu asiento", [], 0);
    const fillSeats = () => {
      const n = Number(players.node.value);
      const keep = Math.min(Number(seat.node.value) || 0, n - 1);
      seat.node.replaceChildren(...Array.from({ length: n }, (_, i) => {
        const option = el("option", null, `Asiento ${i + 1}`);
        option.value = String(i);
        return option;
      }));
      seat.node.value = String(keep);
    };
    fillSeats();
    players.node.addEventListener("change", fillSeats);
    const blinds = select("ciegas", "Ciegas", BLINDS.map(([s, b], i) => [i, `${s} / ${b}`]), 1);
    const depth = select("fichas", "Fichas de cada uno", DEPTHS.map((n) => [n, `${n} ciegas grandes`]), 100);
    this.inputs = { players: players.node, seat: seat.node, blinds: blinds.node, depth: depth.node };
    this.dealButton = el("button", "md-button md-button--primary holdem-deal", "Sentarse y repartir");
    this.dealButton.type = "submit";
    this.form.append(players.wrap, seat.wrap, blinds.wrap, depth.wrap, this.dealButton);

    // A hand history to watch: pasted or opened from a file.
    this.importBox = el("details", "holdem-import");
    const summary = el("summary", null, "Ver una mano en PHH (pegada o de un archivo .phh)");
    const area = el("label", "holdem-import__label");
    area.append(el("span", null, "Texto de la mano (formato PHH)"));
    this.importText = el("textarea");
    this.importText.rows = 6;
    this.importText.spellcheck = false;
    area.append(this.importText);
    const file = el("label", "holdem-import__file");
    file.append(el("span", null, "O abre un archivo .phh"));
    this.importFile = el("input");
    this.importFile.type = "file";
    this.importFile.accept = ".phh,.toml,.txt,text/plain";
    file.append(this.importFile);
    this.importButton = button("holdem-import__go", "Ver la mano paso a paso", true);
    this.importError = el("p", "holdem-import__error");
    this.importError.setAttribute("role", "alert");
    this.importError.hidden = true;
    this.importBox.append(summary, area, file, this.importButton, this.importError);

    // The replay bar of a hand history.
    this.replayBar = el("div", "mesa-replay");
    this.replayBar.hidden = true;
    this.replayText = el("p", "mesa-replay__text");
    this.stepButton = button("holdem-step", "Paso siguiente", true);
    this.allButton = button("holdem-all", "Ver hasta el final");
    this.autoButton = button("holdem-auto", "Reproducir");
    this.autoButton.setAttribute("aria-pressed", "false");
    this.replayBar.append(this.replayText, this.stepButton, this.allButton, this.autoButton);
    v.main.insertBefore(this.replayBar, v.controls);
    v.play.hidden = true;

    ({ section: this.history, chart: this.chart, list: this.historyList } = historySection(root.id || "mesa"));

    root.insertBefore(this.loading, v.play);
    root.insertBefore(this.form, v.play);
    root.insertBefore(this.importBox, v.play);
    root.append(this.history);

    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.startTable({ ...this.readSetup(), seed: newSeed() }, { focus: true });
    });
    this.importButton.addEventListener("click", () => this.openPhh(this.importText.value, { focus: true }));
    this.importFile.addEventListener("change", async () => {
      const chosen = this.importFile.files && this.importFile.files[0];
      if (!chosen) return;
      this.importText.value = await chosen.text();
      this.openPhh(this.importText.value, { focus: true });
    });
    this.stepButton.addEventListener("click", () => this.replayStep(false));
    this.allButton.addEventListener("click", () => this.replayStep(true));
    this.autoButton.addEventListener("click", () => this.toggleAutoplay());
  }

  readSetup() {
    const [small, big] = BLINDS[Number(this.inputs.blinds.value)];
    return { players: Number(this.inputs.players.value), seat: Number(this.inputs.seat.value),
      blinds: [small, big], stack: Number(this.inputs.depth.value) * big };
  }

  // ---- the engine is ready (startWith) ----
  begin() {
    this.loading.hidden = true;
    this.form.hidden = false;
    this.drawHistory();
    const token = new URLSearchParams(location.hash.slice(1)).get("mano");
    if (token) this.openShared(token);
    else this.setState("idle");
  }

  setupParts() {
    return [this.loading, this.form, this.importBox];
  }

  // ---- a table, hand after hand ----
  reset(replaying) {
    this.stopAutoplay();
    this.newHand(`holdem-${++sessions}`);
    this.replaying = replaying;
    this.stepCommand = "play-step";
    this.replayBar.hidden = !replaying;
    this.view.pace.hidden = replaying;
    this.view.play.hidden = false;
    this.importError.hidden = true;
  }

  async startTable(setup, { focus = false } = {}) {
    if (location.hash) history.replaceState(null, "", location.pathname + location.search);
    this.reset(false);
    this.setup = setup;
    this.follow = focus;
    await this.ask("play-start", { session: this.session, game: "holdem", mode: "free", table: setup,
      visit: visit.history.map((h) => h.change) });
  }

  async nextHand({ again = false } = {}) {
    const session = this.session;
    this.newHand(session); // the same session: the engine keeps the table and deals a new hand on it
    this.follow = true;
    await this.ask("play-next", { session, ...(again ? { again: true } : {}) });
  }

  learn(reply) {
    if (reply.reader) setReader(reply.reader); // the engine names the reader's seat
    this.phh = reply.history || ""; // the engine sends the hand's PHH once it is over
    this.root.dataset.phh = this.phh;
    if (reply.hand) this.root.dataset.hand = String(reply.hand);
  }

  restingFocus() {
    return this.form.hidden ? null : this.dealButton;
  }

  refusedHere(reply, command) {
    if (command === "play-start" && this.replaying) {
      this.importBox.open = true;
      this.importError.hidden = false;
      this.importError.textContent = reply.line ? `Línea ${reply.line}: ${reply.error}` : reply.error;
      this.view.play.hidden = true;
      this.setState("idle");
      this.importText.focus();
      return true;
    }
    if (reply.code === "unknown-session" && !this.replaying && this.setup) {
      this.view.showError("El motor olvidó esta mesa (guarda pocas a la vez): siéntate de nuevo.");
      this.setState("idle");
      return true;
    }
    return false;
  }

  done(reply) {
    if (!this.replaying) {
      super.done(reply);
      return;
    }
    this.replayText.textContent = `Paso ${reply.step} de ${reply.steps}.`;
    this.stepButton.disabled = reply.over;
    this.allButton.disabled = reply.over;
    this.autoButton.disabled = reply.over;
    if (reply.over && reply.result) {
      this.stopAutoplay();
      this.showResult(reply);
    } else {
      this.setState("replay");
      if (this.autoplay) this.autoTimer = setTimeout(() => this.replayStep(false), AUTOPLAY_MS);
    }
  }

  // ---- the end of a hand: the bots' reasons, what next, the link and the file, the visit ----
  endOfHand(reply) {
    const result = this.view.result;
    if (this.replaying) {
      const again = button("holdem-restart", "Verla otra vez desde el principio", true);
      again.addEventListener("click", () => this.openPhh(this.phhShown, { focus: true }));
      result.querySelector(".sim-result__headline").after(again);
      return again;
    }
    result.append(reasonsSection(reply.reasons || []));
    const actions = el("p", "sim-result__next mesa-next");
    let first;
    if (reply.table_over) {
      actions.append(el("span", "holdem-over", reply.table_over));
      first = button("holdem-new", "Otra mesa", true);
      first.addEventListener("click", () => this.startTable({ ...this.setup, seed: newSeed() }, { focus: true }));
    } else {
      first = button("holdem-next", "Mano siguiente", true);
      first.addEventListener("click", () => this.nextHand());
    }
    const again = button("holdem-again", "Repetir esta mano");
    again.addEventListener("click", () => this.nextHand({ again: true }));
    actions.append(first, again);
    result.querySelector(".sim-result__headline").after(actions);
    result.append(this.shareBox(reply.history));
    if (reply.visit) {
      const last = reply.visit.changes.length - 1;
      visit.history.push({ hand: reply.hand, players: this.setup.players, change: reply.visit.changes[last],
        text: reply.visit.texts[last], total: reply.visit.total_text });
      this.drawHistory();
    }
    return first;
  }

  shareBox(phh) {
    const { box, input, status } = linkBox("mesa-share holdem-share",
      "Enlace para compartir esta mano (la muestra paso a paso)");
    encodePhh(phh).then((token) => { input.value = shareUrl(location, token); this.emit(); });
    const download = el("a", "md-button holdem-download", "Descargar la mano (.phh)");
    download.href = URL.createObjectURL(new Blob([phh], { type: "text/plain" }));
    download.download = `mano-${this.root.dataset.hand || 1}.phh`;
    status.before(download);
    return box;
  }

  drawHistory() {
    const hands = visit.history;
    this.history.hidden = !hands.length;
    if (!hands.length) return;
    this.historyList.replaceChildren(...hands.map((hand, index) => {
      const item = el("li", "mesa-history__hand");
      item.dataset.change = String(hand.change);
      item.append(el("span", null, `Mano ${index + 1} · ${hand.players} jugadores: `),
        el("strong", hand.change > 0 ? "sim-up" : hand.change < 0 ? "sim-down" : null, hand.text));
      return item;
    }));
    drawChart(this.chart, hands.map((h) => h.change), hands[hands.length - 1].total);
  }

  // ---- a hand history, step by step ----
  async openPhh(text, { focus = false } = {}) {
    this.reset(true);
    this.phhShown = text;
    this.follow = focus;
    await this.ask("play-start", { session: this.session, game: "holdem", mode: "replay", history: text });
    if (this.state() === "replay") {
      if (focus) this.stepButton.focus({ preventScroll: true });
      showTogether(this.view.tableBox, this.replayBar); // the table in view at once
    }
  }

  async openShared(token) {
    const text = await decodePhh(token);
    if (text === null) {
      this.setState("idle");
      this.view.play.hidden = false;
      this.view.showError("El enlace no describe una mano que se pueda reproducir.");
      return;
    }
    this.importText.value = text;
    await this.openPhh(text, { focus: true });
  }

  replayStep(toEnd) {
    clearTimeout(this.autoTimer);
    if (this.state() !== "replay") return;
    this.ask("play-step", { session: this.session, ...(toEnd ? { to_end: true } : {}) }, { instant: true });
  }

  toggleAutoplay() {
    this.autoplay = !this.autoplay;
    this.autoButton.setAttribute("aria-pressed", String(this.autoplay));
    this.autoButton.textContent = this.autoplay ? "Pausa" : "Reproducir";
    if (this.autoplay) this.replayStep(false);
    else clearTimeout(this.autoTimer);
  }

  stopAutoplay() {
    clearTimeout(this.autoTimer);
    this.autoplay = false;
    if (this.autoButton) {
      this.autoButton.setAttribute("aria-pressed", "false");
      this.autoButton.textContent = "Reproducir";
    }
  }
}

let current = null;

if (document.getElementById("mesa-holdem")) startEngine();

function setup() {
  if (current && !current.alive()) current.leave();
  const root = document.getElementById("mesa-holdem");
  if (!root || root.dataset.holdemReady) return;
  root.dataset.holdemReady = "1";
  current = new HoldemTable(root);
}

onPage(setup);
