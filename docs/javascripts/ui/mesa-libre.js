// «Mesa libre» (docs/mata-ases/mesa-libre.md): the reader plays random Mata Ases hands against bots.
// Lives in <div id="mesa-juego" data-engine> (not "mesa-libre": the page title's anchor).
//
// The engine keeps each hand (engine/play/, engine/games/mata_ases/play.py): "play-start" (mode "free")
// deals a hand from the table's setup and seed and plays the bots up to the reader's turn; "play-step"
// takes the reader's decision; a shared hand is its history replayed (mode "replay"). The table, the decisions, the pauses, the log and the result are the one table
// page's (table/controller.js); this page adds only what differs: the setup form, the bots' reasons after
// the hand, «Otra mano» and «Repetir esta mano», the share link and its step-by-step replay, the visit's
// history. No rule is written here.
//
// Test hooks (besides the table's own): root[data-mesa-state] = loading | failed | idle | busy | waiting |
// turn | over | replay; root[data-decisions] (JSON: every decision of the hand, the bots' too);
// root[data-seed]; the share link input .mesa-share input; "mesa:update" on the root after every change.
import { onStatus, request, start as startEngine } from "../engine/client.js";
import { el, onPage } from "./page.js";
import { TableController } from "./table/controller.js";
import { showTogether } from "./table/view.js";
import { loadNames, modalityName, names } from "./simulator/words.js";
import { decodeHand, encodeHand, newSeed, shareUrl } from "./mesa-libre-link.js";
import { drawChart, historySection, linkBox, reasonsSection, selectField } from "./table/extras.js";

const MINIMUMS = [10, 20, 50, 100];
const STACKS = [20, 40, 100]; // in minimum bets
let sessions = 0;
// The visit: kept across instant navigation (the module runs once per visit) and, in this tab, across
// reloads (sessionStorage).
const STORE_VISIT = "mesa-libre.visita";
// Read when a table first needs it: the first touch of sessionStorage opens the origin's storage, tens
// of ms on a page that only imports this module (every page does).
let stored = null;
const visit = () => (stored ??= loadVisit());

function loadVisit() {
  try {
    const data = JSON.parse(sessionStorage.getItem(STORE_VISIT) || "null");
    if (data && Array.isArray(data.history)) return { setup: data.setup || null, history: data.history };
  } catch (e) { /* private mode or a damaged entry: start afresh */ }
  return { setup: null, history: [] };
}

function saveVisit() {
  try { sessionStorage.setItem(STORE_VISIT, JSON.stringify(visit())); } catch (e) { /* private mode */ }
}

/** A fieldset of radio buttons; fill(options, checked) adds them ([{id, name}], the engine's names). */
function radios(name, legend) {
  const box = el("fieldset", `mesa-setup__${name}`);
  box.append(el("legend", null, legend));
  const inputs = {};
  function fill(options, checked) {
    for (const { id, name: label } of options) {
      if (inputs[id]) continue;
      const wrap = el("label", "sim-radio");
      const input = el("input");
      input.type = "radio";
      input.name = `mesa-${name}`;
      input.value = id;
      input.checked = id === checked;
      inputs[id] = input;
      wrap.append(input, document.createTextNode(` ${label}`));
      box.append(wrap);
    }
    if (!Object.values(inputs).some((input) => input.checked) && options.length) inputs[options[0].id].checked = true;
  }
  return { box, inputs, fill };
}

function select(name, label, options, value) {
  return selectField(`mesa-${name}`, label, options, value);
}

class FreeTable extends TableController {
  constructor(root) {
    super(root, request, { stepCommand: "play-step", stateKey: "mesaState", eventName: "mesa:update",
      skipLabel: "Saltar la pausa: ver ya las jugadas de los bots" });
    this.decisions = [];
    this.setup = null;
    this.build();
    this.setState("loading");
    this.startWith(onStatus, { prepare: () => loadNames(request), ready: () => this.begin() });
  }

  // ---- what this page adds to the table: the setup, the replay bar, the visit ----
  build() {
    const root = this.root;
    root.classList.add("mesa");
    const id = root.id || "mesa";
    const v = this.view;

    this.loadingLine("Preparando la mesa");
    this.failureTitle = "La mesa libre no está disponible";

    // The table's setup.
    const saved = visit().setup || {};
    this.form = el("form", "sim-setup mesa-setup");
    this.form.setAttribute("aria-label", "Prepara la mesa");
    this.form.hidden = true;
    const opponents = select("rivales", "Rivales", [1, 2, 3, 4, 5, 6, 7].map((n) => [n, String(n)]), saved.opponents || 2);
    const modality = radios("modalidad", "Modalidad");
    const betting = radios("apuestas", "Apuestas");
    // The radios come with the engine's names, once it is ready (begin).
    this.fillRadios = () => {
      modality.fill(names.modalities, saved.modality || "boton-ante");
      betting.fill(names.bettings, saved.betting || "no-limit");
    };
    const minimum = select("minimo", "Apuesta mínima", MINIMUMS.map((n) => [n, String(n)]), saved.minimum || 50);
    const stack = select("fichas", "Fichas de cada uno", STACKS.map((n) => [n, `${n} apuestas mínimas`]),
      saved.stack && saved.minimum ? saved.stack / saved.minimum : 40);
    this.inputs = { opponents: opponents.node, modality: modality.inputs, betting: betting.inputs,
      minimum: minimum.node, stack: stack.node };
    this.dealButton = el("button", "md-button md-button--primary mesa-deal", "Repartir una mano");
    this.dealButton.type = "submit";
    this.form.append(opponents.wrap, minimum.wrap, stack.wrap, modality.box, betting.box, this.dealButton);

    // The replay of a shared hand.
    this.replayBar = el("div", "mesa-replay");
    this.replayBar.hidden = true;
    this.replayText = el("p", "mesa-replay__text");
    this.stepButton = el("button", "md-button md-button--primary mesa-step", "Paso siguiente");
    this.stepButton.type = "button";
    this.allButton = el("button", "md-button mesa-all", "Ver hasta el final");
    this.allButton.type = "button";
    this.playButton = el("button", "md-button mesa-play-this", "Jugar esta mano");
    this.playButton.type = "button";
    this.replayBar.append(this.replayText, this.stepButton, this.allButton, this.playButton);
    v.main.insertBefore(this.replayBar, v.controls); // under the table, where the decision goes
    v.play.hidden = true;

    // The visit.
    ({ section: this.history, chart: this.chart, list: this.historyList } = historySection(id));

    root.insertBefore(this.loading, v.play);
    root.insertBefore(this.form, v.play);
    root.append(this.history);

    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.startHand({ ...this.readSetup(), seed: newSeed() }, { focus: true });
    });
    this.stepButton.addEventListener("click", () => this.replayStep(1));
    this.allButton.addEventListener("click", () => this.replayStep(Infinity));
    this.playButton.addEventListener("click", () => this.startHand(this.setup, { focus: true }));
  }

  readSetup() {
    const checked = (inputs) => Object.values(inputs).find((i) => i.checked).value;
    const minimum = Number(this.inputs.minimum.value);
    return {
      opponents: Number(this.inputs.opponents.value),
      modality: checked(this.inputs.modality),
      betting: checked(this.inputs.betting),
      minimum,
      stack: Number(this.inputs.stack.value) * minimum,
    };
  }

  // ---- the engine is ready (startWith), its names too ----
  begin() {
    this.fillRadios();
    this.loading.hidden = true;
    this.form.hidden = false;
    this.drawHistory();
    const shared = new URLSearchParams(location.search).get("mano");
    if (shared) this.openShared(shared);
    else this.setState("idle");
  }

  setupParts() {
    return [this.loading, this.form];
  }

  // ---- a hand ----
  reset(setup) {
    this.newHand(`mesa-${++sessions}`);
    this.setup = setup;
    this.decisions = [];
    this.replay = null;
    this.replayBar.hidden = true;
    this.view.play.hidden = false;
    this.root.dataset.seed = String(setup.seed);
  }

  async startHand(setup, { focus = false } = {}) {
    // A hand of one's own: the address no longer points at a shared hand.
    if (new URLSearchParams(location.search).has("mano")) history.replaceState(null, "", location.pathname);
    visit().setup = { ...setup };
    saveVisit();
    this.reset(setup);
    this.follow = focus;
    await this.ask("play-start", {
      session: this.session, game: "mata-ases", mode: "free", table: setup,
      visit: visit().history.map((h) => h.change),
    });
  }

  learn(reply) {
    this.decisions = reply.decisions || this.decisions;
    this.root.dataset.decisions = JSON.stringify(this.decisions);
  }

  refusedHere(reply, command) {
    if (reply.code === "unknown-session" && command === "play-step") {
      // The engine forgot the hand (it keeps a few): deal it again with every decision made so far.
      const decisions = this.decisions;
      this.reset(this.setup);
      this.ask("play-start", { session: this.session, game: "mata-ases", mode: "free", table: this.setup,
        actions: decisions, visit: visit().history.map((h) => h.change) }, { instant: true });
      return true;
    }
    return false;
  }

  restingFocus() {
    return this.form.hidden ? null : this.dealButton;
  }

  // ---- the end of the hand: the bots' reasons, what next, the share link, the visit ----
  endOfHand(reply) {
    const result = this.view.result;
    result.append(this.reasonsOf(reply.reasons || []));
    const actions = el("p", "sim-result__next mesa-next");
    const another = el("button", "md-button md-button--primary mesa-another", "Otra mano");
    another.type = "button";
    another.addEventListener("click", () => this.startHand({ ...this.setup, seed: newSeed() }, { focus: true }));
    const again = el("button", "md-button mesa-again", "Repetir esta mano");
    again.type = "button";
    again.addEventListener("click", () => this.startHand({ ...this.setup }, { focus: true }));
    actions.append(another, again);
    // The headline, then what to do next: on a phone both are on screen when the hand ends.
    result.querySelector(".sim-result__headline").after(actions);
    result.append(this.shareBox());

    if (!this.replay && reply.visit) {
      visit().history.push({
        seed: this.setup.seed, setup: { ...this.setup }, decisions: this.decisions.slice(),
        change: reply.visit.changes[reply.visit.changes.length - 1],
        text: reply.visit.texts[reply.visit.texts.length - 1],
        total: reply.visit.total_text,
      });
      saveVisit();
      this.drawHistory();
    }
    return another;
  }

  reasonsOf(reasons) {
    return reasonsSection(reasons);
  }

  shareBox() {
    const { box, input } = linkBox("mesa-share", "Enlace para compartir esta mano (la muestra paso a paso)");
    input.value = shareUrl(location, encodeHand(this.setup, this.decisions));
    return box;
  }

  drawHistory() {
    const hands = visit().history;
    this.history.hidden = !hands.length;
    if (!hands.length) return;
    this.historyList.replaceChildren();
    hands.forEach((hand, index) => {
      const item = el("li", "mesa-history__hand");
      item.dataset.change = String(hand.change);
      const modality = modalityName(hand.setup.modality);
      const betting = names.bettings.find((b) => b.id === hand.setup.betting);
      item.append(
        el("span", null, `Mano ${index + 1} · ${hand.setup.opponents + 1} jugadores · ${modality} · `
          + `${betting ? betting.name : hand.setup.betting}: `),
        el("strong", hand.change > 0 ? "sim-up" : hand.change < 0 ? "sim-down" : null, hand.text),
      );
      const again = el("button", "md-button mesa-history__again", "Repetir");
      again.type = "button";
      again.setAttribute("aria-label", `Repetir la mano ${index + 1}`);
      again.addEventListener("click", () => this.startHand({ ...hand.setup }, { focus: true }));
      item.append(document.createTextNode(" "), again);
      this.historyList.append(item);
    });
    drawChart(this.chart, hands.map((h) => h.change), hands[hands.length - 1].total);
  }

  // ---- a shared hand, step by step ----
  async openShared(token) {
    const hand = decodeHand(token);
    if (!hand) {
      this.setState("idle");
      this.view.play.hidden = false;
      this.view.showError("El enlace no describe una mano que se pueda reproducir.");
      return;
    }
    this.reset(hand.table);
    this.view.pace.hidden = true;
    const run = this.run;
    this.setState("busy");
    const history = JSON.stringify({ v: 1, t: hand.table,
      d: hand.decisions.map((x) => (x.amount === undefined ? [x.action] : [x.action, x.amount])) });
    let reply = await this.asker.ask("play-start", {
      session: this.session, game: "mata-ases", mode: "replay", history,
    });
    if (reply === null || run !== this.run) return;
    if (reply.error) {
      this.view.showError(`El enlace no describe una mano que se pueda reproducir: ${reply.error}`);
      this.setState("idle");
      return;
    }
    const events = [];
    for (;;) {
      this.words.learn(reply);
      events.push(...(reply.events || []));
      if (reply.over && !reply.more) break;
      reply = await this.asker.ask("play-step", { session: this.session, ...(reply.more ? {} : { to_end: true }) });
      if (reply === null || run !== this.run || reply.error) return;
    }
    this.decisions = hand.decisions;
    this.root.dataset.decisions = JSON.stringify(this.decisions);
    this.replay = { events, shown: 0, last: reply };
    this.replayBar.hidden = false;
    // The first step shows the deal up to the first table the engine sends: the table in view at once.
    this.replayStep(Math.max(1, events.findIndex((event) => event.table) + 1));
    this.stepButton.focus({ preventScroll: true });
    showTogether(this.view.tableBox, this.replayBar); // a shared hand opens with the table in view
  }

  replayStep(count) {
    const state = this.replay;
    if (!state) return;
    for (let i = 0; i < count && state.shown < state.events.length; i += 1) {
      this.showEvent(state.events[state.shown]);
      state.shown += 1;
    }
    const done = state.shown >= state.events.length;
    this.replayText.textContent = `Mano compartida: paso ${state.shown} de ${state.events.length}.`;
    this.stepButton.disabled = done;
    this.allButton.disabled = done;
    if (done && state.last.result) {
      this.follow = true;
      this.showResult(state.last);
    } else if (done) {
      this.setState("replay");
      this.playButton.focus();
    } else {
      this.setState("replay");
    }
  }
}

let current = null;

if (document.getElementById("mesa-juego")) startEngine();

function setup() {
  if (current && !current.alive()) current.leave(); // the reader left the page: the bots' steps are dropped
  const root = document.getElementById("mesa-juego");
  if (!root || root.dataset.mesaReady) return;
  root.dataset.mesaReady = "1";
  current = new FreeTable(root);
}

onPage(setup);
