// «Mesa libre» (docs/mata-ases/mesa-libre.md): the reader plays random Mata Ases hands against bots.
// Lives in <div id="mesa-juego" data-engine> (not "mesa-libre": the page title's anchor).
//
// The engine keeps each hand (engine/games/mata_ases_bot/table.py): "mesa-libre-start" deals a hand
// from the table's setup and seed and plays the bots up to the reader's turn; "mesa-libre-step" takes
// the reader's decision. Replies carry only what is new, like the simulator's sessions, so this page
// reuses the simulator's modules: table.js draws the seats, log.js the log with the rule cited,
// result.js the end of the hand, state.js merges the table, words.js keeps the engine's words and the
// pauses. The bots' reasons come with the result (never during the hand). No rule is written here.
//
// Test hooks: root[data-mesa-state] = loading | failed | busy | waiting | turn | over | replay;
// root[data-decisions] (JSON: every decision of the hand, the bots' too); root[data-seed];
// action buttons [data-action][data-amount]; the share link input .mesa-share input.
// Pauses: ?pausa=<ms> or ?rapido=1, the "Sin pausas" box, and none with prefers-reduced-motion.
import { onStatus, request, start as startEngine } from "../engine/client.js";
import { el, onPage } from "./page.js";
import { HandController } from "./simulator/controller.js";
import { appendLog, makeLog } from "./simulator/log.js";
import { drawResult } from "./simulator/result.js";
import { applyTable, emptyTable } from "./simulator/state.js";
import { drawTable } from "./simulator/table.js";
import {
  Words, decisionFrom, isReader, loadNames, modalityName, names,
} from "./simulator/words.js";
import { bars, decodeHand, encodeHand, newSeed, shareUrl } from "./mesa-libre-link.js";

const MINIMUMS = [10, 20, 50, 100];
const STACKS = [20, 40, 100]; // in minimum bets
const STORE_FAST = "simulador.sin-pausas"; // shared with the simulator: one preference
let sessions = 0;
// The visit: kept across instant navigation (the module runs once per visit) and, in this tab, across
// reloads (sessionStorage).
const STORE_VISIT = "mesa-libre.visita";
const visit = loadVisit();

function loadVisit() {
  try {
    const data = JSON.parse(sessionStorage.getItem(STORE_VISIT) || "null");
    if (data && Array.isArray(data.history)) return { setup: data.setup || null, history: data.history };
  } catch (e) { /* private mode or a damaged entry: start afresh */ }
  return { setup: null, history: [] };
}

function saveVisit() {
  try { sessionStorage.setItem(STORE_VISIT, JSON.stringify(visit)); } catch (e) { /* private mode */ }
}

function storedFast() {
  try { return localStorage.getItem(STORE_FAST) === "1"; } catch (e) { return false; }
}

function storeFast(value) {
  try { localStorage.setItem(STORE_FAST, value ? "1" : "0"); } catch (e) { /* private mode */ }
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
  const wrap = el("label", "mesa-setup__field");
  wrap.append(el("span", null, label));
  const node = el("select");
  node.name = `mesa-${name}`;
  for (const [key, text] of options) {
    const option = el("option", null, text);
    option.value = String(key);
    node.append(option);
  }
  node.value = String(value);
  wrap.append(node);
  return { wrap, node };
}

class FreeTable extends HandController {
  constructor(root) {
    super(request);
    this.stepCommand = "mesa-libre-step";
    this.root = root;
    this.words = new Words();
    this.table = emptyTable();
    this.fast = storedFast();
    this.decisions = [];
    this.setup = null;
    this.build();
    this.setState("loading");
    this.unsubscribe = onStatus((state) => this.onEngine(state));
  }

  alive() {
    return this.root.isConnected;
  }

  setState(state) {
    this.root.dataset.mesaState = state;
    this.root.setAttribute("aria-busy", state === "loading" ? "true" : "false");
    this.root.dispatchEvent(new CustomEvent("mesa:update", { detail: { state } }));
  }

  // ---- skeleton ----
  build() {
    const root = this.root;
    root.classList.add("sim", "mesa");
    root.replaceChildren();
    const id = root.id || "mesa";

    this.loading = el("p", "sim-loading__text", "Preparando la mesa…");
    this.failure = el("div", "sim-failure admonition warning");
    this.failure.setAttribute("role", "alert");
    this.failure.hidden = true;

    // The table's setup.
    const saved = visit.setup || {};
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
    this.form.append(opponents.wrap, modality.box, betting.box, minimum.wrap, stack.wrap, this.dealButton);

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

    // The table (the simulator's parts).
    this.tableBox = el("section", "sim-table");
    this.tableBox.setAttribute("aria-label", "Mesa");
    this.banner = el("p", "sim-banner");
    this.banner.hidden = true;
    this.others = el("ul", "sim-seats sim-seats--others");
    const center = el("div", "sim-center");
    this.pot = el("p", "sim-pot");
    this.ayudas = el("div", "sim-ayudas");
    center.append(this.pot, this.ayudas);
    this.mine = el("ul", "sim-seats sim-seats--mine");
    this.tableBox.append(this.banner, this.others, center, this.mine);

    // The reader's turn.
    this.controls = el("section", "sim-controls");
    this.controls.setAttribute("aria-label", "Tu decisión");
    this.controls.hidden = true;
    this.prompt = el("p", "sim-controls__prompt");
    this.prompt.id = `${id}-prompt`;
    this.buttons = el("div", "sim-controls__buttons");
    this.buttons.setAttribute("role", "group");
    this.buttons.setAttribute("aria-labelledby", this.prompt.id);
    this.hint = el("p", "sim-controls__hint");
    this.hint.id = `${id}-hint`;
    this.hint.hidden = true;
    this.controls.append(this.prompt, this.buttons, this.hint);

    // The bots' pace.
    this.pace = el("div", "sim-pace");
    this.waiting = el("p", "sim-pace__text");
    this.skipButton = el("button", "md-button sim-skip", "Saltar");
    this.skipButton.type = "button";
    this.skipButton.setAttribute("aria-disabled", "true");
    this.skipButton.setAttribute("aria-label", "Saltar la pausa: ver ya las jugadas de los bots");
    this.skipButton.setAttribute("aria-keyshortcuts", "Escape");
    const fastLabel = el("label", "sim-fast");
    this.fastInput = el("input");
    this.fastInput.type = "checkbox";
    this.fastInput.checked = this.fast;
    fastLabel.append(this.fastInput, document.createTextNode(" Sin pausas"));
    this.pace.append(this.skipButton, fastLabel, this.waiting);

    this.error = el("p", "sim-error");
    this.error.setAttribute("role", "alert");
    this.error.hidden = true;

    // The end of the hand: result, the bots' reasons, what next, the share link.
    this.result = el("section", "sim-result");
    this.result.hidden = true;
    this.result.setAttribute("aria-labelledby", `${id}-result-title`);

    // The log.
    this.logBox = el("section", "sim-log");
    const logTitle = el("h3", "sim-log__title", "Desarrollo de la mano");
    logTitle.id = `${id}-log-title`;
    this.log = makeLog(logTitle.id);
    this.logBox.append(logTitle, this.log);

    this.play = el("div", "sim-play");
    this.play.hidden = true;
    const main = el("div", "sim-play__main");
    main.append(this.replayBar, this.tableBox, this.controls, this.pace, this.error, this.result);
    this.play.append(main, this.logBox);

    // The visit.
    this.history = el("section", "mesa-history");
    this.history.hidden = true;
    const historyTitle = el("h3", "mesa-history__title", "Tus manos en esta visita");
    historyTitle.id = `${id}-history-title`;
    this.history.setAttribute("aria-labelledby", historyTitle.id);
    this.chart = el("div", "mesa-chart");
    this.historyList = el("ol", "mesa-history__list");
    this.history.append(historyTitle, this.chart, this.historyList);

    root.append(this.loading, this.failure, this.form, this.play, this.history);

    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.startHand({ ...this.readSetup(), seed: newSeed() }, { focus: true });
    });
    this.skipButton.addEventListener("click", () => this.skipPauses());
    this.fastInput.addEventListener("change", () => {
      this.fast = this.fastInput.checked;
      storeFast(this.fast);
      if (this.fast) this.skipPauses();
    });
    this.buttons.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-action]");
      if (button && !button.disabled) this.decide(button);
    });
    root.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && this.skip) this.skipPauses();
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

  // ---- loading ----
  onEngine(state) {
    if (!this.alive()) { this.unsubscribe(); return; }
    if (state.phase === "failed") {
      this.fail(state.text);
      return;
    }
    this.loading.textContent = state.phase === "ready" ? "Motor listo." : `Preparando la mesa: ${state.text}`;
    if (state.phase === "ready" && !this.started) {
      this.started = true;
      this.begin();
    }
  }

  async begin() {
    try {
      await loadNames(request);
    } catch (error) {
      if (this.alive()) this.fail(`El motor no pudo preparar la mesa (${error.message}).`);
      return;
    }
    if (!this.alive()) return;
    this.fillRadios();
    this.loading.hidden = true;
    this.form.hidden = false;
    this.drawHistory();
    const shared = new URLSearchParams(location.search).get("mano");
    if (shared) this.openShared(shared);
    else this.setState("idle");
  }

  fail(message) {
    this.restart();
    this.loading.hidden = true;
    this.form.hidden = true;
    this.play.hidden = true;
    this.failure.hidden = false;
    this.failure.replaceChildren(
      el("p", "admonition-title", "La mesa libre no está disponible"),
      el("p", null, message),
    );
    this.setState("failed");
  }

  // ---- a hand ----
  reset(setup) {
    this.restart();
    this.setup = setup;
    this.session = `mesa-${++sessions}`;
    this.decisions = [];
    this.table = emptyTable();
    this.words = new Words();
    this.log.replaceChildren();
    this.result.hidden = true;
    this.result.replaceChildren();
    this.error.hidden = true;
    this.controls.hidden = true;
    this.replayBar.hidden = true;
    this.pace.hidden = false;
    this.play.hidden = false;
    this.root.dataset.seed = String(setup.seed);
  }

  async startHand(setup, { focus = false } = {}) {
    // A hand of one's own: the address no longer points at a shared hand.
    if (new URLSearchParams(location.search).has("mano")) history.replaceState(null, "", location.pathname);
    visit.setup = { ...setup };
    saveVisit();
    this.reset(setup);
    this.follow = focus;
    await this.ask("mesa-libre-start", {
      session: this.session, table: setup, visit: visit.history.map((h) => h.change),
    });
  }

  learnReply(reply) {
    this.words.learn(reply);
    this.decisions = reply.decisions || this.decisions;
    this.root.dataset.decisions = JSON.stringify(this.decisions);
  }

  // The end of a batch: the result, or the reader's next turn.
  done(reply) {
    if (reply.result) this.showResult(reply);
    else this.drawTurn(reply.next);
  }

  refused(reply, command) {
    if (reply.code === "unknown-session" && command === "mesa-libre-step") {
      // The engine forgot the hand (it keeps a few): deal it again with every decision made so far.
      const decisions = this.decisions;
      this.reset(this.setup);
      this.ask("mesa-libre-start", { session: this.session, table: this.setup, actions: decisions,
        visit: visit.history.map((h) => h.change) }, { instant: true });
      return;
    }
    if (command === "mesa-libre-step" && reply.field && reply.field.startsWith("decision")) {
      this.showError(`El motor no aceptó la jugada: ${reply.error}`);
      this.setState("turn");
      this.setButtonsDisabled(false);
      this.controls.hidden = false;
      return;
    }
    this.showError(`El motor no pudo seguir: ${reply.error}`);
    this.setState("idle");
  }

  showEvent(event) {
    appendLog(this.log, event);
    if (event.table) {
      this.table = applyTable(this.table, event.table);
      drawTable(this.parts(), this.table, this.words);
    }
  }

  // ---- the reader's turn ----
  drawTurn(next) {
    if (!next || !isReader(next.player)) {
      this.controls.hidden = true;
      this.setState("idle");
      return;
    }
    const cardChoice = Boolean(next.hint);
    this.prompt.textContent = next.prompt || "";
    this.hint.hidden = !cardChoice;
    this.hint.textContent = next.hint || "";
    this.buttons.replaceChildren();
    for (const option of next.can || []) this.buttons.append(this.controlFor(option, cardChoice));
    this.controls.hidden = false;
    this.setState("turn");
    if (this.follow) {
      const target = this.buttons.querySelector("button, input");
      if (target) target.focus();
    }
  }

  controlFor(option, cardChoice) {
    const variable = (option.action === "bet" || option.action === "raise") && option.min !== option.max;
    const button = el("button", `md-button sim-action sim-action--${option.action}`, option.label);
    button.type = "button";
    button.dataset.action = option.action;
    if (option.action === "call") button.dataset.amount = String(option.amount);
    if (option.action === "bet" || option.action === "raise") button.dataset.amount = String(option.min);
    if (option.action !== "fold" && !variable) button.classList.add("md-button--primary");
    if (cardChoice) button.setAttribute("aria-describedby", this.hint.id);
    if (!variable) return button;
    // No-limit: an amount between min and max (the engine judges it).
    const label = el("label", "sim-amount");
    label.append(el("span", null, option.amount_label));
    const input = el("input");
    input.type = "number";
    input.min = String(option.min);
    input.max = String(option.max);
    input.step = "1";
    input.value = String(option.min);
    input.inputMode = "numeric";
    input.addEventListener("input", () => { button.dataset.amount = input.value; });
    input.addEventListener("keydown", (event) => {
      if (event.key === "Enter") {
        event.preventDefault();
        button.click();
      }
    });
    label.append(input);
    const wrap = el("span", "sim-amount-group");
    wrap.append(label, button);
    return wrap;
  }

  decide(button) {
    const decision = decisionFrom(button.dataset);
    this.error.hidden = true;
    this.follow = this.root.contains(document.activeElement);
    if (this.follow) this.skipButton.focus();
    this.controls.hidden = true;
    this.ask("mesa-libre-step", { session: this.session, decision });
  }

  // ---- the end of the hand ----
  showResult(reply, { replay = false } = {}) {
    this.controls.hidden = true;
    this.pace.hidden = true;
    const id = this.root.id || "mesa";
    drawResult(this.result, reply.result, this.words, `${id}-result-title`);
    this.result.append(this.reasonsOf(reply.reasons || []));

    const actions = el("p", "sim-result__next mesa-next");
    const another = el("button", "md-button md-button--primary mesa-another", "Otra mano");
    another.type = "button";
    another.addEventListener("click", () => this.startHand({ ...this.setup, seed: newSeed() }, { focus: true }));
    const again = el("button", "md-button mesa-again", "Repetir esta mano");
    again.type = "button";
    again.addEventListener("click", () => this.startHand({ ...this.setup }, { focus: true }));
    actions.append(another, again);
    this.result.append(actions, this.shareBox());
    this.result.hidden = false;

    if (!replay && reply.visit) {
      visit.history.push({
        seed: this.setup.seed, setup: { ...this.setup }, decisions: this.decisions.slice(),
        change: reply.visit.changes[reply.visit.changes.length - 1],
        text: reply.visit.texts[reply.visit.texts.length - 1],
        total: reply.visit.total_text,
      });
      saveVisit();
      this.drawHistory();
    }
    this.setState("over");
    if (this.follow) another.focus();
  }

  reasonsOf(reasons) {
    const box = el("section", "mesa-reasons");
    const title = el("h4", null, "Por qué jugaron así los bots");
    box.append(title);
    if (!reasons.length) {
      box.append(el("p", null, "Los bots no tuvieron que decidir nada en esta mano."));
      return box;
    }
    for (const entry of reasons) {
      const item = el("details", "mesa-reason");
      item.dataset.player = entry.player;
      item.dataset.action = entry.action;
      const summary = el("summary");
      summary.append(el("strong", null, entry.title), document.createTextNode(` · ${entry.when}`));
      item.append(summary, el("p", null, entry.reason));
      box.append(item);
    }
    return box;
  }

  shareBox() {
    const box = el("div", "mesa-share");
    const label = el("label", "mesa-share__label");
    label.append(el("span", null, "Enlace para compartir esta mano (la muestra paso a paso)"));
    const input = el("input");
    input.type = "text";
    input.readOnly = true;
    input.value = shareUrl(location, encodeHand(this.setup, this.decisions));
    input.addEventListener("focus", () => input.select());
    label.append(input);
    const copy = el("button", "md-button mesa-copy", "Copiar el enlace");
    copy.type = "button";
    const status = el("span", "mesa-share__status");
    status.setAttribute("role", "status");
    copy.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(input.value);
        status.textContent = "Enlace copiado.";
      } catch (e) {
        input.focus();
        status.textContent = "Selecciona el enlace y cópialo.";
      }
    });
    box.append(label, copy, status);
    return box;
  }

  drawHistory() {
    const hands = visit.history;
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
    // The chart: one bar per hand (hidden from screen readers: the list above says the same).
    const shape = bars(hands.map((h) => h.change));
    const width = Math.max(160, shape.length * 8);
    const ns = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(ns, "svg");
    svg.setAttribute("viewBox", `0 0 ${width} 100`);
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("class", "mesa-chart__svg");
    svg.setAttribute("preserveAspectRatio", "none");
    svg.setAttribute("height", "80");
    const axis = document.createElementNS(ns, "line");
    for (const [k, v] of [["x1", 0], ["x2", width], ["y1", 50], ["y2", 50]]) axis.setAttribute(k, String(v));
    axis.setAttribute("class", "mesa-chart__axis");
    svg.append(axis);
    for (const bar of shape) {
      const rect = document.createElementNS(ns, "rect");
      for (const k of ["x", "y", "height"]) rect.setAttribute(k, String(bar[k]));
      rect.setAttribute("width", "6");
      rect.setAttribute("class", bar.up ? "mesa-chart__up" : "mesa-chart__down");
      svg.append(rect);
    }
    const total = el("p", "mesa-chart__total");
    total.append(document.createTextNode("Resultado de la visita: "), el("strong", null, hands[hands.length - 1].total));
    this.chart.replaceChildren(svg, total);
  }

  // ---- a shared hand, step by step ----
  async openShared(token) {
    const hand = decodeHand(token);
    if (!hand) {
      this.setState("idle");
      this.showError("El enlace no describe una mano que se pueda reproducir.");
      this.play.hidden = false;
      return;
    }
    this.reset(hand.table);
    this.pace.hidden = true;
    const run = this.run;
    this.setState("busy");
    let reply = await this.asker.ask("mesa-libre-start", {
      session: this.session, table: hand.table, actions: hand.decisions, replay: true,
    });
    if (reply === null || run !== this.run) return;
    if (reply.error) {
      this.showError(`El enlace no describe una mano que se pueda reproducir: ${reply.error}`);
      this.setState("idle");
      return;
    }
    const events = [];
    for (;;) {
      this.words.learn(reply);
      events.push(...(reply.events || []));
      if (!reply.more) break;
      reply = await this.asker.ask("mesa-libre-step", { session: this.session });
      if (reply === null || run !== this.run || reply.error) return;
    }
    this.decisions = reply.decisions || hand.decisions;
    this.root.dataset.decisions = JSON.stringify(this.decisions);
    this.replay = { events, shown: 0, last: reply };
    this.replayBar.hidden = false;
    this.replayStep(1);
    this.stepButton.focus();
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
      this.showResult(state.last, { replay: true });
      this.setState("over");
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
