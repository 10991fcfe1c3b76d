// Interactive Mata Ases simulator (an ES module): the reader plays a practice hand against the scripted
// opponents. Lives in <div id="simulador" data-engine data-game="<game>"> on each game's simulator page
// (docs/mata-ases/simulador.md, docs/holdem/simulador.md).
//
// The engine keeps the hand (a session, engine/play/): "play-start" (mode "practice") once per hand,
// "play-step" with each decision. The table, the decisions, the pauses, the log and the result are the
// one table page's (../table/controller.js); this page adds only what differs: the choice of the hand and
// its modality, the lesson, the end screen's proposals, a return visit's game, the skip link.
//
// Test hooks (stable, besides the table's own, see ../table/controller.js): root[data-sim-state];
// root[data-scenario][data-modality][data-decisions] (JSON list of the reader's decisions so far);
// result [data-extensions]; "sim:update" on the root after every change.
import { onStatus, request, start as startEngine } from "../../engine/client.js";
import { el, onPage } from "../page.js";
import { attachCoach } from "../table/coach.js";
import { TableController } from "../table/controller.js";
import { attachReview } from "../table/review.js";
import { loadNames, modalityName, names } from "./words.js";

const siteRoot = new URL("../../../", import.meta.url);
let sessions = 0; // session ids: one per game started in this visit

// Shared state (kept across instant navigation: the module runs once per visit).
let scenariosPromise = null;
let walkPages = {}; // name -> the address of the hand's page, its walkthrough (assets/scenarios.json "pages")
let memory = null; // {name, modality, reader}: the game in progress, restored when the reader comes back

/** A practice hand's modalities (none for a game without them, such as Hold'em). */
function modalitiesOf(scenario) {
  return scenario.modalities || [];
}

/** Every practice hand, easiest first, from assets/scenarios.json (each names its game). */
function loadScenarios(url) {
  if (!scenariosPromise) {
    scenariosPromise = fetch(url, { credentials: "same-origin" }).then((response) => {
      if (!response.ok) throw new Error(`el servidor respondió ${response.status} al pedir las manos de práctica`);
      return response.json();
    }).then((data) => {
      const list = Array.isArray(data) ? data : (data.scenarios || []);
      walkPages = (!Array.isArray(data) && data.pages) || {};
      return list.slice().sort((a, b) => (a.order || 0) - (b.order || 0));
    });
    scenariosPromise.catch(() => { scenariosPromise = null; });
  }
  return scenariosPromise;
}

class Simulator extends TableController {
  constructor(root) {
    super(root, request, { stepCommand: "play-step", level: 2 });
    this.game = root.dataset.game; // the page's game: its practice hands and its modalities' names
    this.scenarios = [];
    this.scenario = null;
    this.modality = null;
    this.reader = [];
    this.build();
    attachCoach(this, { game: this.game }); // the coach's mount point (../table/coach.js follows the table by itself)
    this.review = null; // «Revisión de la mano», mounted with the engine's words (begin)
    this.setState("loading");
    const url = new URL(root.dataset.scenarios || "assets/scenarios.json", siteRoot);
    this.scenariosReady = loadScenarios(url.href);
    this.scenariosReady.catch(() => {});
    // Last: a warm engine (a return visit) is ready at once.
    this.startWith(onStatus, { prepare: () => loadNames(request, this.game), ready: () => this.begin(),
      readyWords: "Motor listo. Preparando la mesa…" });
  }

  // ---- what this page adds to the table: loading, failure, the hand's choice, the lesson ----
  build() {
    this.loadingLine("Preparando el simulador", { bar: "Carga del simulador" });

    this.failureTitle = "El simulador no está disponible";
    this.failureNote = "Las manos comentadas siguen disponibles: cada una tiene su página, enlazada más abajo.";

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

    this.root.insertBefore(this.loading, this.view.play);
    this.root.insertBefore(this.form, this.view.play);
    this.view.main.insertBefore(this.lesson, this.view.tableBox);

    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.startSelected();
    });
    // Choosing a hand loads it at once (the keyboard stays on the list; «Empezar de nuevo» restarts it).
    this.select.addEventListener("change", () => {
      this.refreshModalities();
      this.startSelected({ focus: false });
    });
  }

  /** The modality radios, named by the engine ("game-info"). */
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

  // ---- the engine is ready (startWith), its names too ----
  async begin() {
    let scenarios;
    try {
      scenarios = (await this.scenariosReady).filter((s) => s.game === this.game);
    } catch (error) {
      this.fail(`No se pudieron cargar las manos de práctica (${error.message}).`);
      return;
    }
    if (!this.alive()) return;
    this.fillModalities();
    // After the hand, «Revisión de la mano»; back to a decision: this hand again, his decisions before it made.
    this.review = this.review || attachReview(this, names.review, () => {
      const [scenario, modality, reader] = [this.scenario, this.modality, this.reader.slice()];
      return (decision) => this.startGame(scenario, modality, reader.slice(0, decision.index), { focus: true });
    });
    if (!scenarios.length) {
      this.fail("No hay manos de práctica publicadas.");
      return;
    }
    this.scenarios = scenarios;
    this.select.replaceChildren(...scenarios.map((scenario, index) => {
      const option = el("option", null, `${index + 1}. ${scenario.title}`);
      option.value = scenario.name;
      return option;
    }));
    // ?mano=<name> (the «Jugar esta mano» link of a hand's page) asks for that hand; a game in progress
    // of the same hand is resumed.
    const asked = scenarios.find((s) => s.name === new URLSearchParams(location.search).get("mano"));
    const kept = memory && scenarios.find((s) => s.name === memory.name);
    const resume = kept && (!asked || asked === kept) ? memory : null;
    const first = resume ? kept : (asked || scenarios[0]);
    this.select.value = first.name;
    this.modality = resume ? resume.modality : (modalitiesOf(first)[0] ?? null); // the hand's first modality
    this.refreshModalities();
    this.loading.hidden = true;
    this.form.hidden = false;
    this.view.play.hidden = false;
    await this.startGame(first, this.modality, resume ? resume.reader : [], { instant: Boolean(resume) });
  }

  setupParts() {
    return [this.loading, this.form];
  }

  refreshModalities() {
    const scenario = this.scenarios.find((s) => s.name === this.select.value);
    if (!scenario) return;
    const modalities = modalitiesOf(scenario);
    this.modalityBox.hidden = !modalities.length; // a game without modalities (Hold'em)
    for (const [id, input] of Object.entries(this.modalityInputs)) {
      input.disabled = !modalities.includes(id);
      if (input.disabled && input.checked) input.checked = false;
    }
    if (modalities.length && !this.selectedModality()) this.modalityInputs[modalities[0]].checked = true;
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

  startSelected({ focus = true } = {}) {
    const scenario = this.scenarios.find((s) => s.name === this.select.value);
    if (!scenario) return;
    const modality = this.selectedModality() || modalitiesOf(scenario)[0] || null;
    this.startGame(scenario, modality, [], { focus });
  }

  // ---- a game ----
  async startGame(scenario, modality, reader, { instant = false, focus = false } = {}) {
    this.newHand(`sim-${++sessions}`);
    this.scenario = scenario;
    this.modality = modality;
    this.reader = reader.slice();
    this.select.value = scenario.name;
    if (modality) this.modalityInputs[modality].checked = true;
    this.refreshModalities();
    this.refreshStartLabel();
    this.lesson.hidden = !scenario.lesson;
    this.lesson.replaceChildren(
      el("strong", null, modality ? `${scenario.title} · ${modalityName(modality)}. ` : `${scenario.title}. `),
      document.createTextNode(scenario.lesson || ""),
    );
    if (walkPages[scenario.name]) { // the hand's page: its walkthrough, step by step (site_hooks/scenarios.py)
      const walk = el("a", "sim-lesson__walk", "Ver esta mano comentada paso a paso");
      walk.href = new URL(walkPages[scenario.name], siteRoot).href;
      this.lesson.append(" ", walk);
    }
    this.remember();
    this.follow = focus;
    // The hand goes as the engine's to_json wrote it (it names its game).
    const payload = { session: this.session, scenario, reader: this.reader };
    if (modality) payload.modality = modality;
    await this.ask("play-start", { mode: "practice", ...payload }, { instant });
  }

  // The engine refused: a lost session (start again where we were), or a practice hand it cannot play
  // (its script says nothing here); a refused decision is the table's (undoDecision).
  refusedHere(reply, command) {
    if (reply.code === "unknown-session" && command === "play-step") {
      this.startGame(this.scenario, this.modality, this.reader, { instant: true, focus: this.follow });
      return true;
    }
    if (reply.code === "script-gap") {
      this.view.showError(`El guion de esta mano no prevé lo que pasa ahora: ${reply.error}`);
      this.setState("idle");
      return true;
    }
    return false;
  }

  decided(decision) {
    this.reader.push(decision);
    this.remember();
  }

  undoDecision() {
    if (this.reader.length) this.reader.pop();
    this.remember();
  }

  restingFocus() {
    return this.form.hidden ? null : this.startButton;
  }

  // The game in progress: kept for a return visit, and shown to tests as root[data-decisions].
  remember() {
    memory = { name: this.scenario.name, modality: this.modality, reader: this.reader.slice() };
    this.root.dataset.scenario = this.scenario.name;
    this.root.dataset.modality = this.modality || "";
    this.root.dataset.decisions = JSON.stringify(this.reader);
  }

  // What next: the next hand, this hand in the other modality, the first hand again, or this one again.
  endOfHand() {
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
    this.view.result.querySelector(".sim-result__headline").after(actions);
    return actions.firstElementChild;
  }

  /** The end screen's proposals, best first: [{label, className, scenario, modality}]. */
  proposals() {
    const index = this.scenarios.findIndex((s) => s.name === this.scenario.name);
    const nextScenario = this.scenarios[index + 1];
    const other = (scenario) => modalitiesOf(scenario).find((m) => m !== this.modality) || null;
    const list = [];
    if (nextScenario) {
      const modality = modalitiesOf(nextScenario).includes(this.modality) ? this.modality : (modalitiesOf(nextScenario)[0] ?? null);
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
      const modality = other(first) || (modalitiesOf(first)[0] ?? null);
      const where = modality ? ` en ${modalityName(modality)}` : ""; // a game without modalities: no «en …»
      list.push({ label: `Volver a la mano 1${where}`, className: "sim-first",
        scenario: first, modality });
    }
    list.push({ label: "Jugar otra vez esta mano", className: "sim-again", scenario: this.scenario, modality: this.modality });
    return list;
  }

  startProposal(scenario, modality) {
    this.select.value = scenario.name;
    if (modality) this.modalityInputs[modality].checked = true;
    this.refreshModalities();
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

onPage(setup);
