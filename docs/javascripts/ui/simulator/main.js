// Interactive Mata Ases simulator (an ES module): the reader plays a practice hand against the scripted
// opponents. Lives in <div id="simulador" data-engine> on docs/mata-ases/simulador.md.
//
// The engine keeps the hand (a session, engine/scenarios/session.py): "scenario-start" once per hand,
// "scenario-step" with each decision; every reply carries only what is new (events without
// snapshots, the table's changed seats, the options with their labels, the result, the card words),
// and "more": true when the opponents' play continues in the next reply. No rule is written here:
// table.js, log.js and result.js draw what the engine says; state.js merges the table deltas;
// words.js keeps the engine's words and decides the pauses. All text goes through textContent.
//
// Test hooks (stable): root[data-sim-state] = loading | failed | idle | busy | waiting | turn | over;
// root[data-scenario][data-modality][data-decisions] (JSON list of the reader's decisions so far);
// seats [data-player][data-stack][data-bet][data-folded]; action buttons [data-action][data-amount];
// result [data-sim-result][data-pots] (JSON) [data-extensions]; final rows [data-player][data-final-stack];
// every render dispatches "sim:update" on the root. Pauses: ?rapido=1, ?pausa=<ms>, the "Sin pausas"
// checkbox (stored in localStorage), none with prefers-reduced-motion (unless ?pausa).
// On a phone the table, the ayudas and the next decision's buttons are scrolled on screen together
// after every decision (showTogether); a skip link at the top of the page jumps to the decision.
import { onStatus, request, start as startEngine } from "../../engine/client.js";
import { el, onPage } from "../page.js";
import { drawResult } from "./result.js";
import { HandController } from "./controller.js";
import { appendLog, makeLog } from "./log.js";
import { applyTable, emptyTable } from "./state.js";
import { drawTable } from "./table.js";
import {
  Words, decisionFrom, isReader, loadNames, modalityName, names,
} from "./words.js";

const STORE_FAST = "simulador.sin-pausas";
const siteRoot = new URL("../../../", import.meta.url);
let sessions = 0; // session ids: one per game started in this visit

// ------------------------------------------------------------------------------------------
// Settings and shared state (kept across instant navigation: the module runs once per visit).
let scenariosPromise = null;
let memory = null; // {name, modality, reader}: the game in progress, restored when the reader comes back

function storedFast() {
  try { return localStorage.getItem(STORE_FAST) === "1"; } catch (e) { return false; }
}

function storeFast(value) {
  try { localStorage.setItem(STORE_FAST, value ? "1" : "0"); } catch (e) { /* private mode */ }
}

function loadScenarios(url) {
  if (!scenariosPromise) {
    scenariosPromise = fetch(url, { credentials: "same-origin" }).then((response) => {
      if (!response.ok) throw new Error(`el servidor respondió ${response.status} al pedir las manos de práctica`);
      return response.json();
    }).then((data) => {
      const list = Array.isArray(data) ? data : (data.scenarios || []);
      return list.slice().sort((a, b) => (a.order || 0) - (b.order || 0));
    });
    scenariosPromise.catch(() => { scenariosPromise = null; });
  }
  return scenariosPromise;
}

// ------------------------------------------------------------------------------------------
// The simulator on one page view.
class Simulator extends HandController {
  constructor(root) {
    super(request);
    this.stepCommand = "scenario-step";
    this.root = root;
    this.scenarios = [];
    this.scenario = null;
    this.modality = "boton-ante";
    this.reader = [];
    this.session = null;   // the engine's session of the game on the table
    this.next = null;      // the reader's options (the last reply's "next")
    this.table = emptyTable();
    this.words = new Words();
    this.fast = storedFast();
    this.build();
    this.setState("loading");
    const url = new URL(root.dataset.scenarios || "assets/scenarios.json", siteRoot);
    this.scenariosReady = loadScenarios(url.href);
    this.scenariosReady.catch(() => {});
    // Last: a warm engine (a return visit) calls onEngine at once.
    this.unsubscribe = onStatus((state) => this.onEngine(state));
  }

  alive() {
    return this.root.isConnected;
  }

  setState(state) {
    this.root.dataset.simState = state;
    // Only while loading: a busy region may hold back the log's announcements during play.
    this.root.setAttribute("aria-busy", state === "loading" ? "true" : "false");
  }

  emit() {
    this.root.dispatchEvent(new CustomEvent("sim:update", { detail: { state: this.root.dataset.simState } }));
  }

  // ---- skeleton ----
  build() {
    const root = this.root;
    root.classList.add("sim");
    root.replaceChildren();

    this.loading = el("div", "sim-loading");
    this.progress = el("progress", "sim-loading__bar");
    this.progress.max = 4;
    this.progress.value = 0;
    this.progress.setAttribute("aria-label", "Carga del simulador");
    this.loadingText = el("p", "sim-loading__text", "Preparando el simulador…");
    this.loading.append(this.progress, this.loadingText);

    this.failure = el("div", "sim-failure admonition warning");
    this.failure.setAttribute("role", "alert");
    this.failure.hidden = true;

    // Choose the hand.
    this.form = el("form", "sim-setup");
    this.form.hidden = true;
    this.form.setAttribute("aria-label", "Elige la mano");
    const modalities = el("fieldset", "sim-setup__modality");
    modalities.append(el("legend", null, "Modalidad"));
    this.modalityBox = modalities; // its radios come with the engine's names (fillModalities)
    this.modalityInputs = {};
    const pick = el("label", "sim-setup__hand");
    pick.append(el("span", null, "Mano de práctica"));
    this.select = el("select");
    this.select.name = "sim-mano";
    pick.append(this.select);
    this.startButton = el("button", "md-button md-button--primary sim-start", "Empezar");
    this.startButton.type = "submit";
    this.form.append(modalities, pick, this.startButton);
    this.modalityNote = el("p", "sim-setup__note");
    this.modalityNote.hidden = true;
    this.form.append(this.modalityNote);

    this.lesson = el("p", "sim-lesson");
    this.lesson.hidden = true;

    // The table.
    this.tableBox = el("section", "sim-table");
    this.tableBox.setAttribute("aria-label", "Mesa");
    this.tableBox.hidden = true;
    this.banner = el("p", "sim-banner");
    this.banner.hidden = true;
    this.others = el("ul", "sim-seats sim-seats--others");
    this.center = el("div", "sim-center");
    this.pot = el("p", "sim-pot");
    this.ayudas = el("div", "sim-ayudas");
    this.center.append(this.pot, this.ayudas);
    this.mine = el("ul", "sim-seats sim-seats--mine");
    this.tableBox.append(this.banner, this.others, this.center, this.mine);

    // The reader's turn.
    this.controls = el("section", "sim-controls");
    this.controls.setAttribute("aria-label", "Tu decisión");
    this.controls.id = `${root.id || "sim"}-decision`;
    this.controls.hidden = true;
    this.prompt = el("p", "sim-controls__prompt");
    this.prompt.id = `${root.id || "sim"}-prompt`;
    this.buttons = el("div", "sim-controls__buttons");
    this.buttons.setAttribute("role", "group");
    this.buttons.setAttribute("aria-labelledby", this.prompt.id);
    this.hint = el("p", "sim-controls__hint");
    this.hint.id = `${root.id || "sim"}-hint`;
    this.hint.hidden = true;
    this.controls.append(this.prompt, this.buttons, this.hint);

    // Opponents' pace.
    this.pace = el("div", "sim-pace");
    this.pace.hidden = true;
    this.waiting = el("p", "sim-pace__text");
    this.skipButton = el("button", "md-button sim-skip", "Saltar");
    this.skipButton.type = "button";
    this.skipButton.setAttribute("aria-disabled", "true");
    this.skipButton.setAttribute("aria-label", "Saltar la pausa: ver ya las jugadas de los rivales");
    const fastLabel = el("label", "sim-fast");
    this.fastInput = el("input");
    this.fastInput.type = "checkbox";
    this.fastInput.checked = this.fast;
    fastLabel.append(this.fastInput, document.createTextNode(" Sin pausas"));
    this.pace.append(this.skipButton, fastLabel, this.waiting);

    this.error = el("p", "sim-error");
    this.error.setAttribute("role", "alert");
    this.error.hidden = true;

    // The end of the hand.
    this.result = el("section", "sim-result");
    this.result.hidden = true;
    this.result.setAttribute("aria-labelledby", `${root.id || "sim"}-result-title`);

    // The log.
    this.logBox = el("section", "sim-log");
    this.logBox.hidden = true;
    // Headings: the simulator sits right under the page's h1, so its sections are h2 (steps h3).
    const logTitle = el("h2", "sim-log__title", "Desarrollo de la mano");
    logTitle.id = `${root.id || "sim"}-log-title`;
    this.log = makeLog(logTitle.id, 3);
    this.logBox.append(logTitle, this.log);

    this.play = el("div", "sim-play");
    const main = el("div", "sim-play__main");
    main.append(this.tableBox, this.controls, this.pace, this.error, this.result);
    this.play.append(main, this.logBox);

    root.append(this.loading, this.failure, this.form, this.lesson, this.play);

    // Events.
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.startSelected();
    });
    this.select.addEventListener("change", () => {
      this.refreshModalities();
      this.refreshStartLabel();
    });
    this.skipButton.addEventListener("click", () => this.skipPauses());
    this.skipButton.setAttribute("aria-keyshortcuts", "Escape");
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
  }

  // ---- loading ----
  onEngine(state) {
    if (!this.alive()) { this.unsubscribe(); return; }
    const steps = { idle: 0, download: 1, python: 2, engine: 3, ready: 4 };
    if (state.phase === "failed") {
      this.fail(state.text);
      return;
    }
    this.progress.value = steps[state.phase] ?? 0;
    this.loadingText.textContent = state.phase === "ready"
      ? "Motor listo. Preparando la mesa…"
      : `Preparando el simulador: ${state.text.charAt(0).toLowerCase()}${state.text.slice(1)}`;
    if (state.phase === "ready" && !this.started) {
      this.started = true;
      this.begin();
    }
  }

  /** The modality radios, named by the engine ("mata-ases-names"). */
  fillModalities() {
    for (const { id, name } of names.modalities) {
      if (this.modalityInputs[id]) continue;
      const wrap = el("label", "sim-radio");
      const input = el("input");
      input.type = "radio";
      input.name = "sim-modalidad";
      input.value = id;
      input.addEventListener("change", () => this.refreshStartLabel());
      this.modalityInputs[id] = input;
      wrap.append(input, document.createTextNode(` ${name}`));
      this.modalityBox.append(wrap);
    }
  }

  async begin() {
    let scenarios;
    try {
      await loadNames(request);
    } catch (error) {
      if (this.alive()) this.fail(`El motor no pudo preparar la mesa (${error.message}).`);
      return;
    }
    try {
      scenarios = await this.scenariosReady;
    } catch (error) {
      this.fail(`No se pudieron cargar las manos de práctica (${error.message}).`);
      return;
    }
    if (!this.alive()) return;
    this.fillModalities();
    if (!scenarios.length) {
      this.fail("No hay manos de práctica publicadas.");
      return;
    }
    this.scenarios = scenarios;
    this.select.replaceChildren();
    scenarios.forEach((scenario, index) => {
      const option = el("option", null, `${index + 1}. ${scenario.title}`);
      option.value = scenario.name;
      this.select.append(option);
    });
    const resume = memory && scenarios.find((s) => s.name === memory.name) ? memory : null;
    const first = resume ? scenarios.find((s) => s.name === resume.name) : scenarios[0];
    this.select.value = first.name;
    this.modality = resume ? resume.modality : (first.modalities.includes("boton-ante") ? "boton-ante" : first.modalities[0]);
    this.modalityInputs[this.modality].checked = true;
    this.refreshModalities();
    this.loading.hidden = true;
    this.form.hidden = false;
    this.play.hidden = false;
    this.hideWalkthroughs();
    await this.startGame(first, this.modality, resume ? resume.reader : [], { instant: Boolean(resume) });
  }

  fail(message) {
    this.restart();
    this.loading.hidden = true;
    this.form.hidden = true;
    this.play.hidden = true;
    this.lesson.hidden = true;
    this.failure.hidden = false;
    this.failure.replaceChildren(
      el("p", "admonition-title", "El simulador no está disponible"),
      el("p", null, message),
      el("p", null, "Las manos comentadas de esta página siguen disponibles: puedes leerlas paso a paso más abajo."),
    );
    this.showWalkthroughs(true);
    this.setState("failed");
    this.emit();
  }

  // The static walkthroughs stay on the page; with the simulator running they fold behind a toggle.
  walkthroughs() {
    const page = this.root.closest("article") || document;
    return Array.from(page.querySelectorAll("[data-walkthroughs], .walkthroughs"))
      .filter((node) => !this.root.contains(node));
  }

  hideWalkthroughs() {
    const blocks = this.walkthroughs();
    if (!blocks.length || this.walkToggle) return;
    blocks.forEach((block, index) => {
      if (!block.id) block.id = `manos-comentadas-${index + 1}`;
      block.hidden = true;
    });
    const toggle = el("button", "md-button sim-walk-toggle", "Ver las manos comentadas");
    toggle.type = "button";
    toggle.setAttribute("aria-expanded", "false");
    toggle.setAttribute("aria-controls", blocks.map((b) => b.id).join(" "));
    toggle.addEventListener("click", () => {
      const open = toggle.getAttribute("aria-expanded") !== "true";
      this.showWalkthroughs(open);
    });
    blocks[0].before(toggle);
    this.walkToggle = toggle;
    this.reveal(location.hash);
  }

  // A link to a heading inside the folded walkthroughs (e.g. the table of contents) unfolds them.
  reveal(hash) {
    let target = null;
    try {
      target = hash && hash.length > 1 ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    } catch (e) {
      target = null;
    }
    if (target && this.walkthroughs().some((block) => block.hidden && block.contains(target))) {
      this.showWalkthroughs(true);
    }
  }

  showWalkthroughs(open) {
    for (const block of this.walkthroughs()) block.hidden = !open;
    if (this.walkToggle) {
      this.walkToggle.setAttribute("aria-expanded", open ? "true" : "false");
      this.walkToggle.textContent = open ? "Ocultar las manos comentadas" : "Ver las manos comentadas";
    }
  }

  refreshModalities() {
    const scenario = this.scenarios.find((s) => s.name === this.select.value);
    if (!scenario) return;
    for (const [id, input] of Object.entries(this.modalityInputs)) {
      input.disabled = !scenario.modalities.includes(id);
      if (input.disabled && input.checked) {
        input.checked = false;
        this.modalityInputs[scenario.modalities[0]].checked = true;
      }
    }
    const reason = scenario.single_modality_reason;
    this.modalityNote.hidden = !reason;
    this.modalityNote.textContent = reason
      ? `Esta mano solo se juega en ${scenario.modalities.map(modalityName).join(" y ")}: ${reason}`
      : "";
  }

  // «Empezar de nuevo» restarts the hand on the table; another choice simply starts («Empezar»).
  refreshStartLabel() {
    const same = this.scenario && this.select.value === this.scenario.name
      && this.selectedModality() === this.modality;
    this.startButton.textContent = same ? "Empezar de nuevo" : "Empezar";
  }

  selectedModality() {
    const checked = Object.values(this.modalityInputs).find((input) => input.checked && !input.disabled);
    return checked ? checked.value : null;
  }

  startSelected() {
    const scenario = this.scenarios.find((s) => s.name === this.select.value);
    if (!scenario) return;
    const modality = this.selectedModality() || scenario.modalities[0];
    this.startGame(scenario, modality, [], { focus: true });
  }

  // ---- a game ----
  async startGame(scenario, modality, reader, { instant = false, focus = false } = {}) {
    this.restart();
    this.scenario = scenario;
    this.modality = modality;
    this.reader = reader.slice();
    this.session = `sim-${++sessions}`;
    this.next = null;
    this.table = emptyTable();
    this.words = new Words();
    this.log.replaceChildren();
    this.result.hidden = true;
    this.result.replaceChildren();
    this.error.hidden = true;
    this.controls.hidden = true;
    this.select.value = scenario.name;
    this.refreshModalities();
    this.modalityInputs[modality].checked = true;
    this.refreshStartLabel();
    this.lesson.hidden = !scenario.lesson;
    this.lesson.replaceChildren(
      el("strong", null, `${scenario.title} · ${modalityName(modality)}. `),
      document.createTextNode(scenario.lesson || ""),
    );
    this.tableBox.hidden = false;
    this.logBox.hidden = false;
    this.pace.hidden = false;
    this.remember();
    this.follow = focus;
    await this.ask("scenario-start", {
      session: this.session, scenario, modality, reader: this.reader,
    }, { instant });
  }

  // The end of a batch: the result, or the reader's next turn.
  done(reply) {
    if (reply.result) this.showResult(reply.result);
    else this.drawTurn(reply.next);
  }

  showEvent(event) {
    appendLog(this.log, event);
    if (event.table) {
      this.table = applyTable(this.table, event.table);
      drawTable(this.parts(), this.table, this.words);
    }
    this.emit();
  }

  // The engine refused: a decision (undo it and say why), a lost session (start again where we were),
  // or a practice hand it cannot play (its script says nothing here).
  refused(reply, command) {
    if (reply.code === "unknown-session" && command === "scenario-step") {
      this.startGame(this.scenario, this.modality, this.reader, { instant: true, focus: this.follow });
      return;
    }
    if (command === "scenario-step" && reply.field && reply.field.startsWith("decision")) {
      if (this.reader.length) this.reader.pop();
      this.remember();
      this.showError(`El motor no aceptó la jugada: ${reply.error}`);
      this.setState(this.next ? "turn" : "idle");
      this.setButtonsDisabled(false);
      if (this.next) this.controls.hidden = false;
      this.emit();
      return;
    }
    const what = reply.code === "script-gap" ? "El guion de esta mano no prevé lo que pasa ahora" : "El motor no pudo seguir";
    this.showError(`${what}: ${reply.error}`);
    this.setState("idle");
    this.emit();
  }

  // ---- the reader's turn / the end ----
  drawTurn(next) {
    this.next = next || null;
    if (!next || !isReader(next.player)) {
      this.controls.hidden = true;
      this.setState("idle");
      this.emit();
      return;
    }
    const can = next.can || [];
    const cardChoice = Boolean(next.hint);
    this.prompt.textContent = next.prompt || "";
    this.hint.hidden = !cardChoice;
    this.hint.textContent = next.hint || "";
    this.buttons.replaceChildren();
    for (const option of can) this.buttons.append(...this.controlFor(option, cardChoice));
    this.controls.hidden = false;
    this.setState("turn");
    if (this.follow) this.focusDecision();
    this.emit();
  }

  // The keyboard and the screen on the reader's next step: the first option (or the end screen's first
  // proposal, or the setup form), with the table above it on screen.
  focusDecision() {
    let target = null;
    let last = null;
    if (this.root.dataset.simState === "turn") {
      target = this.buttons.querySelector("button, input");
      last = this.buttons;
    } else if (this.root.dataset.simState === "over") {
      target = this.result.querySelector(".sim-result__next button");
      last = target;
    }
    if (!target) {
      target = this.form.hidden ? null : this.startButton;
      last = target;
    }
    if (!target) return;
    target.focus({ preventScroll: true });
    this.showTogether(this.root.dataset.simState === "over" ? this.result : this.tableBox, last);
  }

  // Scroll (at once, no animation) so that ``first``'s top sits under Material's sticky header and
  // ``last``'s bottom is on screen; when both do not fit, ``last`` wins (the buttons to press).
  showTogether(first, last) {
    const header = document.querySelector(".md-header");
    const top = (header ? header.getBoundingClientRect().bottom : 0) + 8;
    const room = window.innerHeight - 8;
    const from = first.getBoundingClientRect().top;
    const to = last.getBoundingClientRect().bottom;
    if (from >= top && to <= room) return;
    const delta = to - from <= room - top ? from - top : to - room;
    window.scrollBy({ top: delta, left: 0, behavior: "instant" });
  }

  controlFor(option, cardChoice) {
    const variable = (option.action === "bet" || option.action === "raise") && option.min !== option.max;
    const button = el("button", `md-button sim-action sim-action--${option.action}`, option.label);
    button.type = "button";
    button.dataset.action = option.action;
    if (option.action === "call") button.dataset.amount = String(option.amount);
    if (option.action === "bet" || option.action === "raise") button.dataset.amount = String(option.min);
    if (option.action === "fold") button.classList.add("sim-action--fold");
    else if (!variable) button.classList.add("md-button--primary");
    if (cardChoice) button.setAttribute("aria-describedby", this.hint.id);
    if (!variable) return [button];
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
    label.append(input);
    const wrap = el("span", "sim-amount-group");
    wrap.append(label, button);
    return [wrap];
  }

  decide(button) {
    const decision = decisionFrom(button.dataset);
    this.error.hidden = true;
    // Keep the keyboard where the game is: on "Saltar" while the opponents play, then on the new options.
    this.follow = this.root.contains(document.activeElement);
    if (this.follow) this.skipButton.focus();
    this.reader.push(decision);
    this.remember();
    this.controls.hidden = true;
    this.ask("scenario-step", { session: this.session, decision });
  }

  // The game in progress: kept for a return visit, and shown to tests as root[data-decisions].
  remember() {
    memory = { name: this.scenario.name, modality: this.modality, reader: this.reader.slice() };
    this.root.dataset.scenario = this.scenario.name;
    this.root.dataset.modality = this.modality;
    this.root.dataset.decisions = JSON.stringify(this.reader);
  }

  showResult(result) {
    this.next = null;
    this.controls.hidden = true;
    drawResult(this.result, result, this.words, `${this.root.id || "sim"}-result-title`, 2);

    // What next: the next hand, this hand in the other modality, the first hand again, or this one again.
    const actions = el("div", "sim-result__next");
    actions.setAttribute("role", "group");
    actions.setAttribute("aria-label", "Qué jugar ahora");
    for (const proposal of this.proposals()) {
      const button = el("button", `md-button ${proposal.className}`, proposal.label);
      button.type = "button";
      button.addEventListener("click", () => this.startProposal(proposal.scenario, proposal.modality));
      actions.append(button);
    }
    actions.firstElementChild.classList.add("md-button--primary");
    this.result.querySelector(".sim-result__headline").after(actions);
    this.result.hidden = false;
    this.pace.hidden = true;
    this.setState("over");
    if (this.follow) this.focusDecision();
    this.emit();
  }

  /** The end screen's proposals, best first: [{label, className, scenario, modality}]. */
  proposals() {
    const index = this.scenarios.findIndex((s) => s.name === this.scenario.name);
    const nextScenario = this.scenarios[index + 1];
    const other = (scenario) => scenario.modalities.find((m) => m !== this.modality) || null;
    const list = [];
    if (nextScenario) {
      const modality = nextScenario.modalities.includes(this.modality) ? this.modality : nextScenario.modalities[0];
      list.push({ label: `Siguiente mano: ${index + 2}. ${nextScenario.title}`, className: "sim-next",
        scenario: nextScenario, modality });
    }
    const otherHere = other(this.scenario);
    if (otherHere) {
      list.push({ label: `Esta mano en ${modalityName(otherHere)}`, className: "sim-other",
        scenario: this.scenario, modality: otherHere });
    }
    if (!nextScenario && index > 0) {
      const first = this.scenarios[0];
      const modality = other(first) || first.modalities[0];
      list.push({ label: `Volver a la mano 1 en ${modalityName(modality)}`, className: "sim-first",
        scenario: first, modality });
    }
    list.push({ label: "Jugar otra vez esta mano", className: "sim-again", scenario: this.scenario, modality: this.modality });
    return list;
  }

  startProposal(scenario, modality) {
    this.select.value = scenario.name;
    this.refreshModalities();
    this.modalityInputs[modality].checked = true;
    this.startGame(scenario, modality, [], { focus: true });
  }
}

let current = null;

// A skip link (a button) at the top of the page (right after Material's «Saltar a contenido»): Enter takes the
// keyboard to the simulator's next decision, without tabbing through the navigation.
function addSkipLink(root) {
  for (const stale of document.querySelectorAll(".sim-skiplink")) stale.remove();
  // A button, not a link: Material's instant navigation would also act on a link to #simulador (its
  // own scroll to the anchor, after ours).
  const link = el("button", "sim-skiplink", "Saltar a tu jugada en el simulador");
  link.type = "button";
  link.setAttribute("aria-controls", root.id);
  link.addEventListener("click", () => {
    if (!current || !current.alive()) return;
    current.follow = true;
    current.focusDecision();
  });
  const material = document.querySelector(".md-skip");
  if (material) material.after(link);
  else document.body.prepend(link);
}


// Modules run after the page is parsed: when the page holds the simulator, start the worker and the
// scenario list now rather than at the first page event.
const early = document.getElementById("simulador");
if (early) {
  startEngine();
  loadScenarios(new URL(early.dataset.scenarios || "assets/scenarios.json", siteRoot).href).catch(() => {});
}

function setup() {
  if (current && !current.alive()) current.leave(); // the reader left the page: its requests are dropped
  const root = document.getElementById("simulador");
  if (!root) {
    for (const stale of document.querySelectorAll(".sim-skiplink")) stale.remove();
    return;
  }
  if (root.dataset.simReady) return;
  root.dataset.simReady = "1";
  current = new Simulator(root);
  addSkipLink(root);
}

document.addEventListener("click", (event) => {
  const link = event.target.closest && event.target.closest("a[href*='#']");
  if (link && current && current.alive() && link.pathname === location.pathname) current.reveal(link.hash);
}, true);

onPage(setup);
