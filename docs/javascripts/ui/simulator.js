// Interactive Mata Ases simulator: the reader plays a practice hand against the scripted opponents.
//
// Lives in <div id="simulador" data-engine> on docs/mata-ases/simulador.md. Talks to the engine only
// through window.PokerEngine.request("scenario-play", …), which replays the scenario with the reader's
// decisions so far and auto-plays the opponents up to the reader's next decision. Each reply holds the
// whole hand as events (each with a snapshot of the table), so the page only draws snapshots: no rule
// is written twice. All text goes through textContent; nothing from data is parsed as HTML.
//
// Test hooks (stable): root[data-sim-state] = loading | failed | idle | busy | waiting | turn | over;
// root[data-scenario][data-modality][data-decisions] (JSON list of the reader's decisions so far);
// seats [data-player][data-stack][data-bet][data-folded]; action buttons [data-action][data-amount];
// result [data-sim-result][data-pots] (JSON) [data-extensions]; final rows [data-player][data-final-stack];
// every render dispatches "sim:update" on the root. Pauses: ?rapido=1, window.SIM_DELAY_MS, or the
// "Sin pausas" checkbox (stored in localStorage).
(function () {
  "use strict";

  const READER = "Tú";
  const DEFAULT_DELAY_MS = 750;
  const STORE_FAST = "simulador.sin-pausas";
  const siteRoot = new URL("../../", document.currentScript.src);

  // ------------------------------------------------------------------------------------------
  // Cards.
  const SUITS = {
    s: { symbol: "♠", name: "picas", red: false },
    h: { symbol: "♥", name: "corazones", red: true },
    d: { symbol: "♦", name: "diamantes", red: true },
    c: { symbol: "♣", name: "tréboles", red: false },
  };
  const RANKS = {
    A: ["A", "As"], K: ["K", "Rey"], Q: ["Q", "Reina"], J: ["J", "Jota"], T: ["10", "10"],
    9: ["9", "9"], 8: ["8", "8"], 7: ["7", "7"], 6: ["6", "6"], 5: ["5", "5"], 4: ["4", "4"],
    3: ["3", "3"], 2: ["2", "2"],
  };

  function parseCard(token) {
    const text = String(token || "");
    const suit = SUITS[text.slice(-1).toLowerCase()];
    let rank = text.slice(0, -1).toUpperCase();
    if (rank === "10") rank = "T";
    const names = RANKS[rank];
    if (!suit || !names) return null;
    return { short: names[0], name: `${names[1]} de ${suit.name}`, suit };
  }

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  // A face-up card: <span class="sim-card" role="img" aria-label="As de picas">A♠</span>.
  function cardFace(token, extraLabel) {
    const card = parseCard(token);
    const node = el("span", "sim-card");
    node.setAttribute("role", "img");
    if (!card) {
      node.textContent = String(token);
      node.setAttribute("aria-label", String(token));
      return node;
    }
    if (card.suit.red) node.classList.add("sim-card--red");
    node.append(el("span", "sim-card__rank", card.short), el("span", "sim-card__suit", card.suit.symbol));
    node.setAttribute("aria-label", extraLabel ? `${card.name}, ${extraLabel}` : card.name);
    node.dataset.card = token;
    return node;
  }

  function cardBack(label) {
    const node = el("span", "sim-card sim-card--back");
    node.setAttribute("role", "img");
    node.setAttribute("aria-label", label || "Carta cerrada");
    return node;
  }

  // ------------------------------------------------------------------------------------------
  // Words.
  const STREETS = {
    1: "Reparto inicial y primera ronda",
    2: "Reparto inicial y primera ronda",
    3: "Tercera carta",
    4: "Cuarta carta",
    5: "Quinta carta y última ronda",
    showdown: "Showdown",
  };
  const ORDINAL = { 3: "tercera", 4: "cuarta", 5: "quinta" };
  const MODALITY_NAMES = { "boton-ante": "Botón Ante", "bring-in": "Bring In" };
  const BETS = new Set(["check", "bet", "call", "raise", "fold"]);
  // Opponents' steps come after a pause (a fraction of the delay): decisions, then the cards they choose.
  const PACE = { check: 1, bet: 1, call: 1, raise: 1, fold: 1, card: 0.6 };

  function chips(n) {
    const value = Number(n) || 0;
    return value >= 10000 ? value.toLocaleString("es-ES").replace(/\./g, "\u202f") : String(value);
  }

  function who(name) {
    return name === READER ? "tú" : name;
  }

  function names(list) {
    const items = list.map(who);
    if (items.length <= 1) return items.join("");
    return `${items.slice(0, -1).join(", ")} y ${items[items.length - 1]}`;
  }

  function actionLabel(option) {
    switch (option.action) {
      case "check": return "Pasar";
      case "call": return `Pagar ${chips(option.amount)}`;
      case "bet": return option.min === option.max ? `Apostar ${chips(option.min)}` : "Apostar";
      case "raise": return option.min === option.max ? `Subir a ${chips(option.min)}` : "Subir";
      case "fold": return "Retirarse";
      case "up": return "Carta abierta («aire»)";
      case "down": return "Carta cerrada";
      default: return option.action;
    }
  }

  // The deals of a hand (0 = the original; then extensions, and redeals after a misdeal) by name.
  function dealLabels(events) {
    const labels = {};
    let extensions = 0;
    let current = "Reparto inicial";
    let last = null;
    for (const e of events) {
      const deal = e.deal ?? 0;
      if (e.type === "extension") {
        extensions += 1;
        current = `Extensión ${extensions}`;
      } else if (last !== null && deal !== last && !(deal in labels)) {
        current = `${current} (nuevo reparto)`;
      }
      if (!(deal in labels)) labels[deal] = current;
      last = deal;
    }
    return labels;
  }

  function potLine(pot, index, count) {
    const label = count > 1 ? (index === 0 ? "el pozo principal" : `el pozo secundario ${index}`) : "el pozo";
    const winners = pot.winners || [];
    if (winners.length === 0) return `Nadie cobra ${label} de ${chips(pot.amount)}.`;
    if (winners.length === 1) {
      return winners[0] === READER
        ? `Ganas ${label} de ${chips(pot.amount)}.`
        : `${winners[0]} gana ${label} de ${chips(pot.amount)}.`;
    }
    const first = names(winners);
    return `${first.charAt(0).toUpperCase()}${first.slice(1)} se reparten ${label} de ${chips(pot.amount)}.`;
  }

  // ------------------------------------------------------------------------------------------
  // Settings and shared state (kept across instant navigation: the script runs once per visit).
  let scenariosPromise = null;
  let memory = null; // {name, modality, reader}: the game in progress, restored when the reader comes back

  function storedFast() {
    try { return localStorage.getItem(STORE_FAST) === "1"; } catch (e) { return false; }
  }

  function storeFast(value) {
    try { localStorage.setItem(STORE_FAST, value ? "1" : "0"); } catch (e) { /* private mode */ }
  }

  function pauseMs(sim) {
    if (typeof window.SIM_DELAY_MS === "number") return window.SIM_DELAY_MS;
    if (sim.fast || new URLSearchParams(location.search).has("rapido")) return 0;
    return DEFAULT_DELAY_MS;
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
  class Simulator {
    constructor(root) {
      this.root = root;
      this.scenarios = [];
      this.scenario = null;
      this.modality = "boton-ante";
      this.reader = [];
      this.reply = null;
      this.shown = 0;        // events of this.reply already drawn
      this.run = 0;          // bumps on every new game: stale animations stop
      this.skip = null;      // resolves the current pause
      this.skipping = false; // the rest of the current batch is drawn without pauses
      this.fast = storedFast();
      this.build();
      this.setState("loading");
      const url = new URL(root.dataset.scenarios || "assets/scenarios.json", siteRoot);
      this.scenariosReady = loadScenarios(url.href);
      this.scenariosReady.catch(() => {});
      // Last: a warm engine (a return visit) calls onEngine at once.
      this.unsubscribe = window.PokerEngine.onStatus((state) => this.onEngine(state));
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
      this.modalityInputs = {};
      for (const [id, label] of Object.entries(MODALITY_NAMES)) {
        const wrap = el("label", "sim-radio");
        const input = el("input");
        input.type = "radio";
        input.name = "sim-modalidad";
        input.value = id;
        this.modalityInputs[id] = input;
        wrap.append(input, document.createTextNode(` ${label}`));
        modalities.append(wrap);
      }
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
      this.table = el("section", "sim-table");
      this.table.setAttribute("aria-label", "Mesa");
      this.table.hidden = true;
      this.banner = el("p", "sim-banner");
      this.banner.hidden = true;
      this.others = el("ul", "sim-seats sim-seats--others");
      this.center = el("div", "sim-center");
      this.pot = el("p", "sim-pot");
      this.ayudas = el("div", "sim-ayudas");
      this.center.append(this.pot, this.ayudas);
      this.mine = el("ul", "sim-seats sim-seats--mine");
      this.table.append(this.banner, this.others, this.center, this.mine);

      // The reader's turn.
      this.controls = el("section", "sim-controls");
      this.controls.setAttribute("aria-label", "Tu decisión");
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
      const logTitle = el("h3", "sim-log__title", "Desarrollo de la mano");
      logTitle.id = `${root.id || "sim"}-log-title`;
      this.log = el("ol", "sim-log__list");
      this.log.setAttribute("role", "log");
      this.log.setAttribute("aria-live", "polite");
      this.log.setAttribute("aria-labelledby", logTitle.id);
      this.log.tabIndex = 0;
      this.logBox.append(logTitle, this.log);

      this.play = el("div", "sim-play");
      const main = el("div", "sim-play__main");
      main.append(this.table, this.controls, this.pace, this.error, this.result);
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
      for (const input of Object.values(this.modalityInputs)) {
        input.addEventListener("change", () => this.refreshStartLabel());
      }
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

    async begin() {
      let scenarios;
      try {
        scenarios = await this.scenariosReady;
      } catch (error) {
        this.fail(`No se pudieron cargar las manos de práctica (${error.message}).`);
        return;
      }
      if (!this.alive()) return;
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
      this.run += 1;
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
        ? `Esta mano solo se juega en ${scenario.modalities.map((m) => MODALITY_NAMES[m] || m).join(" y ")}: ${reason}`
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
      this.run += 1;
      this.scenario = scenario;
      this.modality = modality;
      this.reader = reader.slice();
      this.reply = null;
      this.shown = 0;
      this.streetKey = null;
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
        el("strong", null, `${scenario.title} · ${MODALITY_NAMES[modality] || modality}. `),
        document.createTextNode(scenario.lesson || ""),
      );
      this.table.hidden = false;
      this.logBox.hidden = false;
      this.pace.hidden = false;
      this.remember();
      this.follow = focus;
      await this.ask({ instant });
    }

    async ask({ instant = false } = {}) {
      const run = this.run;
      this.setState("busy");
      this.setButtonsDisabled(true);
      let reply;
      try {
        reply = await window.PokerEngine.request("scenario-play", {
          scenario: this.scenario,
          modality: this.modality,
          reader: this.reader,
        });
      } catch (error) {
        if (run === this.run) this.fail(error.message);
        return;
      }
      if (run !== this.run || !this.alive()) return;
      if (reply.error && !reply.events) {
        // A decision the rules refuse cannot be clicked; if it happens anyway, undo it and say why.
        if (this.reader.length) this.reader.pop();
        this.remember();
        this.showError(`El motor no aceptó la jugada: ${reply.error}`);
        this.setState(this.reply && this.reply.next ? "turn" : "idle");
        this.setButtonsDisabled(false);
        this.emit();
        return;
      }
      this.reply = reply;
      await this.animate(run, instant);
    }

    async animate(run, instant) {
      const events = this.reply.events || [];
      this.skipping = instant;
      let first = true;
      while (this.shown < events.length) {
        const event = events[this.shown];
        const weight = first || this.skipping ? 0 : this.pauseWeight(event);
        if (weight) {
          this.setState("waiting");
          this.waiting.textContent = `${event.player} está pensando…`;
          this.skipButton.removeAttribute("aria-disabled");
          await this.pause(Math.round(pauseMs(this) * weight));
          if (run !== this.run || !this.alive()) return;
        }
        first = false;
        this.shown += 1;
        this.drawEvent(event, events);
        this.emit();
      }
      this.skipButton.setAttribute("aria-disabled", "true");
      this.waiting.textContent = "";
      this.skip = null;
      this.drawTurn();
    }

    pauseWeight(event) {
      if (!event.player || event.player === READER) return 0;
      return PACE[event.type] || 0;
    }

    pause(ms) {
      if (!ms) return Promise.resolve();
      return new Promise((resolve) => {
        let timer = null;
        const done = () => {
          clearTimeout(timer);
          if (this.skip === done) this.skip = null;
          resolve();
        };
        timer = setTimeout(done, ms);
        this.skip = done;
      });
    }

    skipPauses() {
      this.skipping = true;
      if (this.skip) this.skip();
    }

    // ---- drawing ----
    drawEvent(event, events) {
      this.appendLog(event);
      if (event.table) this.drawTable(event.table, event, events.slice(0, this.shown));
    }

    appendLog(event) {
      const deal = event.deal ?? 0;
      const key = `${deal}|${STREETS[event.street] || ""}`;
      if (key !== this.streetKey) {
        this.streetKey = key;
        const title = STREETS[event.street] || "Mano";
        const label = dealLabels(this.reply.events.slice(0, this.shown))[deal];
        this.log.append(el("li", "sim-log__street", deal > 0 && label ? `${label} · ${title}` : title));
      }
      const item = el("li", "sim-log__step");
      if (event.player === READER && (BETS.has(event.type) || event.type === "card")) {
        item.classList.add("sim-log__step--you");
      }
      item.append(el("span", "sim-log__text", event.text || ""));
      if (event.cite) {
        item.append(document.createTextNode(" "));
        item.append(el("cite", "sim-log__cite", event.cite));
      }
      item.dataset.type = event.type || "";
      this.log.append(item);
      this.log.scrollTop = this.log.scrollHeight;
    }

    drawTable(table, event, history) {
      const players = table.players || {};
      const order = (this.scenario.seats || []).map((s) => s.name).filter((name) => name in players);
      for (const name of Object.keys(players)) if (!order.includes(name)) order.push(name);
      const deal = event.deal ?? 0;
      // What the history of this deal adds to the snapshot: forced bets, shown hands, winners.
      const forced = {};
      const shows = {};
      const wins = {};
      let extension = null;
      for (const past of history) {
        if (past.type === "extension") extension = past;
        if ((past.deal ?? 0) !== deal || !past.player) continue;
        if (past.type === "ante") forced[past.player] = `Ante ${chips(past.amount)}`;
        if (past.type === "bring_in") forced[past.player] = `Bring In ${chips(past.amount)}`;
        if (past.type === "show") shows[past.player] = past;
        if (past.type === "win") wins[past.player] = (wins[past.player] || 0) + (past.amount || 0);
      }
      this.banner.hidden = !(extension && (extension.deal ?? 0) === deal);
      this.banner.textContent = this.banner.hidden ? "" : extension.text;
      this.others.replaceChildren();
      this.mine.replaceChildren();
      for (const name of order) {
        const seat = this.drawSeat(name, players[name], table, forced[name], shows[name], wins[name]);
        (name === READER ? this.mine : this.others).append(seat);
      }
      // Centre: pot and ayudas.
      this.pot.replaceChildren(el("span", "sim-pot__label", "Pozo"), el("strong", "sim-pot__amount", chips(table.pot)));
      this.pot.dataset.pot = String(table.pot ?? 0);
      const ayudas = table.ayudas || { cards: [], open: false };
      this.ayudas.replaceChildren();
      const label = el("p", "sim-ayudas__label");
      const cards = el("div", "sim-cards");
      const list = ayudas.cards || [];
      if (!list.length) {
        label.textContent = "Ayudas: se bajan al terminar la primera ronda.";
      } else if (ayudas.open) {
        label.textContent = "Ayudas (abiertas) · cada jugador usa una o ninguna";
        for (const token of list) cards.append(cardFace(token));
      } else {
        label.textContent = "Ayudas (cerradas) · se abren con la tercera carta";
        for (let i = 0; i < list.length; i += 1) cards.append(cardBack("Ayuda cerrada"));
      }
      this.ayudas.dataset.open = ayudas.open ? "true" : "false";
      this.ayudas.append(label, cards);
    }

    drawSeat(name, seat, table, forced, show, won) {
      seat = seat || {};
      const you = name === READER;
      const item = el("li", "sim-seat");
      item.dataset.player = name;
      item.dataset.stack = String(seat.stack ?? 0);
      item.dataset.bet = String(seat.bet ?? 0);
      if (seat.folded) item.dataset.folded = "true";
      if (seat.all_in) item.dataset.allIn = "true";
      if (table.to_act === name) item.dataset.toAct = "true";
      if (table.button === name) item.dataset.button = "true";

      const head = el("p", "sim-seat__head");
      head.append(el("span", "sim-seat__name", you ? "Tú" : name));
      if (table.button === name) head.append(el("span", "sim-badge sim-badge--button", "Botón"));
      if (table.to_act === name) head.append(el("span", "sim-badge sim-badge--act", you ? "Te toca" : "Habla"));
      const out = seat.folded && !(seat.open || []).length && !(seat.closed || []).length;
      if (out) {
        item.dataset.out = "true";
        head.append(el("span", "sim-badge sim-badge--folded", "Fuera de la extensión"));
      } else if (seat.folded) {
        head.append(el("span", "sim-badge sim-badge--folded", you ? "Te retiraste" : "Retirado"));
      }
      if (seat.all_in) head.append(el("span", "sim-badge sim-badge--allin", "All-in"));
      if (won) head.append(el("span", "sim-badge sim-badge--win", you ? `Ganas ${chips(won)}` : `Gana ${chips(won)}`));
      item.append(head);

      const cards = el("div", "sim-cards");
      for (const token of seat.open || []) cards.append(cardFace(token));
      for (const token of seat.closed || []) {
        if (you) {
          const wrap = el("span", "sim-own-closed");
          wrap.append(cardFace(token, "tu carta cerrada, oculta para los demás"));
          wrap.append(el("span", "sim-own-closed__note", "oculta para los demás"));
          wrap.firstChild.setAttribute("title", "Tu carta cerrada: solo la ves tú");
          wrap.firstChild.classList.add("sim-card--own-closed");
          cards.append(wrap);
        } else {
          cards.append(cardBack(`Carta cerrada de ${name}`));
        }
      }
      item.append(cards);

      const money = el("p", "sim-seat__chips");
      money.append(document.createTextNode("Fichas: "), el("strong", "sim-seat__stack", chips(seat.stack)));
      if (seat.bet) {
        money.append(document.createTextNode(" · En esta ronda: "), el("strong", "sim-seat__bet", chips(seat.bet)));
      }
      if (forced) money.append(el("span", "sim-badge sim-badge--forced", forced));
      item.append(money);
      if (show) {
        const prefix = `${name}: `;
        const text = (show.text || "").startsWith(prefix) ? show.text.slice(prefix.length) : show.text || "";
        item.append(el("p", "sim-seat__hand", text.charAt(0).toUpperCase() + text.slice(1)));
      }
      return item;
    }

    // ---- the reader's turn / the end ----
    drawTurn() {
      const reply = this.reply;
      if (reply.scenario_error) {
        this.showError(`El guion de esta mano no prevé lo que pasa ahora: ${reply.scenario_error}`);
      }
      const next = reply.next;
      if (!next) {
        this.drawResult();
        return;
      }
      if (next.player !== READER) {
        this.controls.hidden = true;
        this.setState("idle");
        this.emit();
        return;
      }
      const can = next.can || [];
      const cardChoice = can.some((o) => o.action === "up" || o.action === "down");
      this.prompt.textContent = this.promptText(can, cardChoice);
      this.hint.hidden = !cardChoice;
      this.hint.textContent = cardChoice
        ? "Abierta («aire»): la nueva carta queda a la vista y conservas tapada la que ya tenías cerrada. "
          + "Cerrada: la nueva llega tapada y abres la que tenías oculta. Siempre conservas una sola carta cerrada."
        : "";
      this.buttons.replaceChildren();
      for (const option of can) this.buttons.append(...this.controlFor(option, cardChoice));
      this.controls.hidden = false;
      this.setState("turn");
      this.emit();
      if (this.follow) {
        const target = this.buttons.querySelector("button, input");
        if (target) target.focus();
      }
    }

    promptText(can, cardChoice) {
      if (cardChoice) {
        const players = this.lastTable().players || {};
        const mine = players[READER] || {};
        const held = (mine.open || []).length + (mine.closed || []).length;
        const ordinal = ORDINAL[held + 1];
        return ordinal ? `¿Cómo quieres recibir la ${ordinal} carta?` : "¿Cómo quieres recibir la carta?";
      }
      const call = can.find((o) => o.action === "call");
      if (call) return `Te toca hablar: para seguir en la mano tienes que pagar ${chips(call.amount)}.`;
      return "Te toca hablar: nadie ha apostado en esta ronda.";
    }

    lastTable() {
      const events = (this.reply && this.reply.events) || [];
      for (let i = events.length - 1; i >= 0; i -= 1) if (events[i].table) return events[i].table;
      return {};
    }

    controlFor(option, cardChoice) {
      const variable = (option.action === "bet" || option.action === "raise") && option.min !== option.max;
      const button = el("button", `md-button sim-action sim-action--${option.action}`, actionLabel(option));
      button.type = "button";
      button.dataset.action = option.action;
      if (option.action === "call") button.dataset.amount = String(option.amount);
      if (option.action === "bet" || option.action === "raise") button.dataset.amount = String(option.min);
      if (option.action === "fold") button.classList.add("sim-action--fold");
      else if (!variable) button.classList.add("md-button--primary");
      if (cardChoice) button.setAttribute("aria-describedby", this.hint.id);
      if (!variable) return [button];
      // No-limit: an amount between min and max.
      const label = el("label", "sim-amount");
      label.append(el("span", null, option.action === "bet" ? "Cantidad" : "Subir a"));
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
      button.dataset.min = String(option.min);
      button.dataset.max = String(option.max);
      return [wrap];
    }

    setButtonsDisabled(disabled) {
      for (const node of this.buttons.querySelectorAll("button, input")) node.disabled = disabled;
    }

    decide(button) {
      const action = button.dataset.action;
      const decision = { action };
      if (action === "bet" || action === "raise") {
        const amount = Number(button.dataset.amount);
        const min = Number(button.dataset.min ?? amount);
        const max = Number(button.dataset.max ?? amount);
        if (!Number.isInteger(amount) || amount < min || amount > max) {
          this.showError(`Escribe una cantidad entera entre ${chips(min)} y ${chips(max)}.`);
          return;
        }
        decision.amount = amount;
      }
      this.error.hidden = true;
      // Keep the keyboard where the game is: on "Saltar" while the opponents play, then on the new options.
      this.follow = this.root.contains(document.activeElement);
      if (this.follow) this.skipButton.focus();
      this.reader.push(decision);
      this.remember();
      this.controls.hidden = true;
      this.ask();
    }

    // The game in progress: kept for a return visit, and shown to tests as root[data-decisions].
    remember() {
      memory = { name: this.scenario.name, modality: this.modality, reader: this.reader.slice() };
      this.root.dataset.scenario = this.scenario.name;
      this.root.dataset.modality = this.modality;
      this.root.dataset.decisions = JSON.stringify(this.reader);
    }

    showError(message) {
      this.error.hidden = false;
      this.error.textContent = message;
    }

    drawResult() {
      const reply = this.reply;
      const events = reply.events || [];
      this.controls.hidden = true;
      const result = this.result;
      result.replaceChildren();
      const title = el("h3", "sim-result__title", "Final de la mano");
      title.id = `${this.root.id || "sim"}-result-title`;
      result.append(title);

      // Who takes the chips: the engine's own sentences (win / split), then who showed what in each deal.
      const pots = reply.pots || [];
      const lastDeal = events.length ? (events[events.length - 1].deal ?? 0) : 0;
      const payouts = events.filter((e) => (e.deal ?? 0) === lastDeal && (e.type === "win" || e.type === "split"));
      const headline = el("div", "sim-result__headline");
      if (payouts.length) {
        for (const e of payouts) {
          const line = el("p", null, e.text || "");
          if (e.player === READER) line.classList.add("sim-result__win");
          headline.append(line);
        }
      } else {
        pots.forEach((pot, index) => headline.append(el("p", null, potLine(pot, index, pots.length))));
      }
      result.append(headline);

      const labels = dealLabels(events);
      const deals = [...new Set(events.map((e) => e.deal ?? 0))];
      for (const deal of deals) {
        const steps = events.filter((e) => (e.deal ?? 0) === deal && e.street === "showdown"
          && ["show", "no_winner", "return"].includes(e.type));
        if (!steps.length) continue;
        if (deals.length > 1) result.append(el("h4", "sim-result__deal", labels[deal]));
        const list = el("ul", "sim-result__shows");
        for (const e of steps) {
          const item = el("li", `sim-result__${e.type}`);
          const prefix = e.player ? `${e.player}: ` : "";
          if (e.type === "show" && prefix && (e.text || "").startsWith(prefix)) {
            const hand = e.text.slice(prefix.length).replace(/\.$/, "");
            item.append(el("strong", null, e.player), document.createTextNode(" "));
            item.append(el("span", "sim-result__hand", hand.charAt(0).toUpperCase() + hand.slice(1)));
          } else {
            item.append(el("span", null, e.text || ""));
          }
          if (e.player) item.dataset.player = e.player;
          if (e.type === "show") item.dataset.show = e.text || "";
          if (e.type === "show" && Array.isArray(e.cards) && e.cards.length) {
            const cards = el("span", "sim-cards sim-cards--small");
            for (const token of e.cards) cards.append(cardFace(token));
            item.append(document.createTextNode(" "), cards);
          }
          list.append(item);
        }
        result.append(list);
      }
      const extensions = Number(reply.extensions || 0);
      result.dataset.pots = JSON.stringify(pots.map((p) => ({ amount: p.amount, winners: p.winners || [] })));
      result.dataset.extensions = String(extensions);
      result.dataset.simResult = "";

      // Final stacks.
      const stacks = reply.stacks || {};
      const start = Object.fromEntries((this.scenario.seats || []).map((s) => [s.name, s.stack]));
      const tableEl = el("table", "sim-result__stacks");
      const caption = el("caption", null, "Fichas al terminar");
      const head = el("tr");
      head.append(el("th", null, "Jugador"), el("th", null, "Fichas"), el("th", null, "Cambio"));
      head.querySelectorAll("th").forEach((th) => th.setAttribute("scope", "col"));
      const thead = el("thead");
      thead.append(head);
      const tbody = el("tbody");
      for (const [name, stack] of Object.entries(stacks)) {
        const row = el("tr");
        row.dataset.player = name;
        row.dataset.finalStack = String(stack);
        const th = el("th", null, name);
        th.setAttribute("scope", "row");
        const delta = start[name] !== undefined ? stack - start[name] : 0;
        row.append(th, el("td", null, chips(stack)), el("td", delta > 0 ? "sim-up" : delta < 0 ? "sim-down" : null,
          delta > 0 ? `+${chips(delta)}` : delta < 0 ? `−${chips(-delta)}` : "0"));
        tbody.append(row);
      }
      tableEl.append(caption, thead, tbody);
      result.append(tableEl);

      // What next.
      const actions = el("p", "sim-result__next");
      const again = el("button", "md-button md-button--primary sim-again", "Jugar otra vez esta mano");
      again.type = "button";
      again.addEventListener("click", () => this.startGame(this.scenario, this.modality, [], { focus: true }));
      actions.append(again);
      const index = this.scenarios.findIndex((s) => s.name === this.scenario.name);
      const nextScenario = this.scenarios[index + 1];
      if (nextScenario) {
        const next = el("button", "md-button sim-next", "Siguiente mano");
        next.type = "button";
        next.addEventListener("click", () => {
          const modality = nextScenario.modalities.includes(this.modality) ? this.modality : nextScenario.modalities[0];
          this.select.value = nextScenario.name;
          this.refreshModalities();
          this.modalityInputs[modality].checked = true;
          this.startGame(nextScenario, modality, [], { focus: true });
        });
        actions.append(next);
      }
      result.append(actions);
      result.hidden = false;
      this.pace.hidden = true;
      this.setState("over");
      this.emit();
      if (this.follow) again.focus();
    }
  }

  let current = null;

  // This script runs at the end of <body>, before DOMContentLoaded and Material's document$: when the
  // page holds the simulator, start the worker and the scenario list now rather than a few ms later.
  if (document.getElementById("simulador") && window.PokerEngine) {
    window.PokerEngine.start();
    loadScenarios(new URL(document.getElementById("simulador").dataset.scenarios || "assets/scenarios.json", siteRoot).href)
      .catch(() => {});
  }

  function setup() {
    const root = document.getElementById("simulador");
    if (!root || root.dataset.simReady || !window.PokerEngine) return;
    root.dataset.simReady = "1";
    if (current && !current.alive()) current.unsubscribe();
    current = new Simulator(root);
  }

  document.addEventListener("click", (event) => {
    const link = event.target.closest && event.target.closest("a[href*='#']");
    if (link && current && current.alive() && link.pathname === location.pathname) current.reveal(link.hash);
  }, true);

  if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(setup);
  else document.addEventListener("DOMContentLoaded", setup);
})();
