// The one table controller: every table page (the simulators, the free tables of every game, the
// workshop's table) is a TableController subclass that adds only what differs (its setup
// form, its history, what to offer at the end). The controller knows no game: it sends the session's
// requests, shows the reply's events one by one with the opponents' pauses, asks for the rest while the
// reply says "more", draws the table, the reader's options and the result with one view (view.js), and
// keeps the keyboard and the screen on the reader's next step.
//
// How a page mounts the table:
//   1. The page's Markdown holds its root element and the marker <!-- mesa: plantillas --> (the build
//      writes the table's <template>s there, site_hooks/table_markup.py): e.g.
//        <div id="simulador" data-engine data-game="holdem"></div>
//        <!-- mesa: plantillas -->
//   2. The page's module subclasses TableController:
//        class HoldemTable extends TableController {
//          constructor(root) { super(root, request, { stepCommand: "play-step", level: 3 }); ... }
//          // optional hooks: learn(reply), decided(decision) / undoDecision(), endOfHand(reply) (add what
//          // follows the result; return the element to focus), refusedHere(reply, command) (true when
//          // handled), restingFocus(), setupParts() (hidden when the engine fails); fields failureTitle,
//          // failureNote (the failure box's words), refusedWords, stoppedWords (a refusal's head)
//        }
//      and builds its own form into this.root before this.view.play (this.root.insertBefore(form, this.view.play)),
//      then for each hand (every reply names the reader's seat, `reader`: the view draws it as the reader's):
//        this.newHand(`session-id`); this.follow = true; await this.ask("play-start", {...});
//   3. Test hooks, the same on every page: root[data-<stateKey>] = loading | failed | idle | busy | waiting |
//      turn | over (| replay); an event "<eventName>" after every change; seats [data-player][data-stack]
//      [data-bet][data-folded][data-to-act][data-button]; cards [data-card]; shared cards .sim-shared[data-kind]
//      [data-open]; buttons [data-action][data-amount]; result [data-sim-result][data-pots]; final rows
//      [data-player][data-final-stack]; root[data-decisions] when the page sets it.
// Pauses: ?rapido=1, ?pausa=<ms>, the «Sin pausas» box (stored for every table page), none with
// prefers-reduced-motion (unless ?pausa). Escape or «Saltar» skips a pause. Unit-tested under Node with a
// fake page (tests/js/hand_controller.test.mjs).
import { Asker } from "../asking.js";
import { drawProgress, el } from "../page.js";
import { afterLayout } from "./frame.js";
import { applyTable, emptyTable } from "./state.js";
import { TableView, scrollPage, scrollToShow } from "./view.js";
import {
  Words, decisionFrom, pauseMs, pauseWeight, reducedMotion, setReader, storeFast, storedFast,
} from "./words.js";

export class HandController {
  constructor(send) {
    this.asker = new Asker(send); // the hand's requests: a restart or leaving the page cancels them
    this.run = 0;          // bumps on every new hand: stale replies and animations stop
    this.skip = null;      // resolves the current pause
    this.skipping = false; // the rest of the current batch is drawn without pauses
  }

  /** A new hand (or none): whatever is in flight for the old one is dropped. */
  restart() {
    this.run += 1;
    this.asker.cancel();
  }

  /** The reader left the page: drop the request in flight and stop listening to the engine. */
  leave() {
    this.restart();
    if (this.unsubscribe) this.unsubscribe();
  }

  // One request to the engine, then its reply drawn (and the rest asked for while it says "more").
  async ask(command, payload, { instant = false } = {}) {
    const run = this.run;
    this.setState("busy");
    this.setButtonsDisabled(true);
    this.skipping = instant;
    let reply;
    for (;;) {
      reply = await this.asker.ask(command, payload);
      if (reply === null || run !== this.run || !this.alive()) return; // superseded, restarted or left
      if (reply.unavailable) {
        this.fail(reply.error);
        return;
      }
      if (reply.error) {
        this.finishBatch();
        this.refused(reply, command);
        return;
      }
      this.learnReply(reply);
      if (command === this.stepCommand && "progress" in reply) this.view.showJudged(reply.progress);
      await this.animate(run, reply.events || []);
      if (run !== this.run || !this.alive()) return;
      if (!reply.more) break;
      command = this.stepCommand;
      payload = { session: this.session };
    }
    this.finishBatch();
    this.done(reply);
  }

  /** A reply's words, and the reader's seat when it names it (a replay names nobody: the page's stays). */
  learnReply(reply) {
    this.words.learn(reply);
    if (typeof reply.reader === "string") setReader(reply.reader);
  }

  /** «Ana está pensando…», in the engine's words (its labels' `thinking`). */
  thinking(player) {
    return this.words.label("thinking").replaceAll("{p}", player);
  }

  /** The pause unit in ms (?pausa, ?rapido, the "Sin pausas" box, reduced motion). */
  delay() {
    return pauseMs(location.search, this.fast, reducedMotion());
  }

  async animate(run, events) {
    let first = true;
    for (const event of events) {
      const weight = first || this.skipping ? 0 : pauseWeight(event);
      const ms = Math.round(this.delay() * weight);
      if (ms) {
        this.waiting.textContent = this.thinking(event.player); // before the state: said with it
        this.setState("waiting");
        this.skipButton.removeAttribute("aria-disabled");
        await this.pause(ms);
        if (run !== this.run || !this.alive()) return;
      }
      first = false;
      this.showEvent(event);
    }
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

  finishBatch() {
    this.skipButton.setAttribute("aria-disabled", "true");
    this.waiting.textContent = "";
    this.skip = null;
  }

  setButtonsDisabled(disabled) {
    for (const node of this.buttons.querySelectorAll("button, input")) node.disabled = disabled;
  }
}

/** The table page: a HandController with its view, for any game (see the header). */
export class TableController extends HandController {
  /**
   * @param {HTMLElement} root the page's root element (its id prefixes the ids inside)
   * @param {Function} send the engine client's request(type, payload)
   * @param {object} options {stepCommand, stateKey ("simState": root[data-sim-state]), eventName ("sim:update"),
   *   level (the heading level of the log and the result), skipLabel}
   */
  constructor(root, send, { stepCommand, stateKey = "simState", eventName = "sim:update", level = 3, skipLabel } = {}) {
    super(send);
    this.root = root;
    this.stepCommand = stepCommand;
    this.stateKey = stateKey;
    this.eventName = eventName;
    this.session = null;
    this.next = null;
    this.table = emptyTable();
    this.words = new Words();
    this.fast = storedFast();
    this.follow = false; // keep the keyboard and the screen on the reader's next step
    root.classList.add("sim");
    root.replaceChildren();
    this.view = new TableView(root.id || "mesa", { level, fast: this.fast, skipLabel });
    const v = this.view;
    this.waiting = v.waiting;
    this.skipButton = v.skipButton;
    this.buttons = v.buttons;
    // When the engine cannot play here (fail): its title, the reason, and the page's way out.
    this.failure = el("div", "sim-failure admonition warning");
    this.failure.setAttribute("role", "alert");
    this.failure.hidden = true;
    this.failureTitle = "La mesa no está disponible";
    this.failureNote = "";
    // The heads of a refusal's message (a page may have the engine's: the free table's words).
    this.refusedWords = "El motor no aceptó la jugada:";
    this.stoppedWords = "El motor no pudo seguir:";
    root.append(this.failure, v.play);

    v.skipButton.addEventListener("click", () => this.skipPauses());
    v.fastInput.addEventListener("change", () => {
      this.fast = v.fastInput.checked;
      storeFast(this.fast);
      if (this.fast) this.skipPauses();
    });
    v.buttons.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-action]");
      if (button && !button.disabled) this.decide(button);
    });
    root.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && this.skip) this.skipPauses();
    });
  }

  alive() {
    return this.root.isConnected;
  }

  // ---- start-up: the same on every table page ----
  /** The page's loading line: its words (this.loadingText; null: the engine's loading words alone)
   * and, with `bar`, a progress bar (this.loadingBar) drawn from the engine's one progress source.
   * Returns the box (this.loading), which the page places. */
  loadingLine(words, { bar = null } = {}) {
    this.loading = el("div", "sim-loading");
    this.loadingWords = words;
    this.loadingBar = null;
    if (bar) {
      this.loadingBar = el("progress", "sim-loading__bar");
      this.loadingBar.setAttribute("aria-label", bar);
      drawProgress(this.loadingBar, { progress: null });
      this.loading.append(this.loadingBar);
    }
    this.loadingText = el("p", "sim-loading__text", words ? `${words}…` : "");
    this.loading.append(this.loadingText);
    return this.loading;
  }

  /** Follow the engine's loading (onStatus: the client's) in the loading line; a failure goes to the
   * failure box. Once it is ready: `prepare()` (the page's own wait, e.g. the engine's names; a
   * failure there is the engine's), then `ready()`, once, if the reader is still on the page. */
  startWith(onStatus, { prepare = null, ready, readyWords = "Motor listo." }) {
    this.unsubscribe = onStatus((state) => {
      if (!this.alive()) { this.unsubscribe(); return; }
      if (state.phase === "failed") {
        this.fail(state.text);
        return;
      }
      if (this.loadingBar) drawProgress(this.loadingBar, state);
      if (state.phase === "ready") this.loadingText.textContent = readyWords;
      else if (!this.loadingWords) this.loadingText.textContent = state.text;
      else this.loadingText.textContent = `${this.loadingWords}: ${state.text.charAt(0).toLowerCase()}${state.text.slice(1)}`;
      if (state.phase === "ready" && !this.started) {
        this.started = true;
        this.whenReady(prepare, ready);
      }
    });
  }

  async whenReady(prepare, ready) {
    if (prepare) {
      try {
        await prepare();
      } catch (error) {
        if (this.alive()) this.fail(`El motor no pudo preparar la mesa (${error.message}).`);
        return;
      }
    }
    if (this.alive()) await ready();
  }

  setState(state) {
    this.settling = null;  // a state set now replaces one waiting for its frame (settle)
    this.root.dataset[this.stateKey] = state;
    // Only while loading: a busy region may hold back the log's announcements during play.
    this.root.setAttribute("aria-busy", state === "loading" ? "true" : "false");
    this.emit();
  }

  state() {
    return this.root.dataset[this.stateKey];
  }

  emit() {
    this.root.dispatchEvent(new CustomEvent(this.eventName, { detail: { state: this.state() } }));
  }

  /** A new hand on the table: the old one's requests dropped, its table, log and result cleared. */
  newHand(session) {
    this.restart();
    this.session = session;
    this.next = null;
    this.table = emptyTable();
    this.words = new Words();
    this.view.clear();
  }

  learnReply(reply) {
    super.learnReply(reply);
    this.learn(reply);
  }

  /** What a page keeps from a reply besides its words (decisions, reasons...). */
  learn() {}

  showEvent(event) {
    if (event.table) this.table = applyTable(this.table, event.table);
    this.view.drawEvent(event, event.table ? this.table : null, this.words);
    this.emit();
  }

  // The end of a batch: the result, or the reader's next turn.
  done(reply) {
    if (reply.result) this.showResult(reply);
    else this.drawTurn(reply.next);
  }

  drawTurn(next) {
    this.next = next || null;
    if (!this.view.drawTurn(next)) {
      this.setState("idle");
      return;
    }
    this.settle("turn");
  }

  /** The reader's next step is drawn: the state is said in the frame that shows it, with (when following)
   * the keyboard and the screen on that step, once the browser has laid the page out (frame.js: focusing
   * and measuring there lay out nothing; done at once, each would lay the whole page out again). Until
   * then the table is "busy"; a state set meanwhile (a new hand, a click) cancels it. */
  settle(state) {
    if (this.state() !== "busy") this.setState("busy");  // meanwhile: no stale «waiting» from the last pause
    const token = {};
    this.settling = token;
    afterLayout(this, () => {
      if (this.settling !== token || !this.alive()) return null;
      const focus = this.follow ? this.focusPlan(state) : null;
      const delta = focus ? scrollToShow(focus.first, focus.last) : 0;  // read while the layout is fresh
      return () => {
        if (this.settling !== token || !this.alive()) return;
        if (focus && focus.target) focus.target.focus({ preventScroll: true });
        scrollPage(delta);
        this.setState(state);  // last: what it restyles is laid out by the browser, not read here
      };
    });
  }

  decide(button) {
    const decision = decisionFrom(button.dataset);
    this.view.error.hidden = true;
    // Keep the keyboard where the game is: on «Saltar» while the opponents play, then on the new options.
    this.follow = this.root.contains(document.activeElement);
    if (this.follow) this.skipButton.focus({ preventScroll: true });
    this.view.controls.hidden = true;
    this.decided(decision);
    this.ask(this.stepCommand, { session: this.session, decision });
  }

  /** A page's note of the reader's decision before it goes to the engine. */
  decided() {}

  showResult(reply) {
    this.next = null;
    this.view.drawResult(reply.result, this.words);
    this.endFocus = this.endOfHand(reply) || null;
    this.settle("over");
  }

  /** What the page adds after the result (its proposals...); returns the element to focus, if any. */
  endOfHand() { return null; }

  /** Where the keyboard goes when nothing is to be decided at the table (the page's start button). */
  restingFocus() { return null; }

  // The keyboard and the screen on the reader's next step: the decision area (its group, not an
  // option) with the whole table on screen, or the result with its first proposal, or the page's start button.
  focusDecision(state = this.state()) {
    const focus = this.focusPlan(state);
    if (!focus) return;
    if (focus.target) focus.target.focus({ preventScroll: true });
    scrollPage(scrollToShow(focus.first, focus.last));
  }

  /** Where the keyboard goes for ``state`` ({target}, maybe none) and what must show on screen
   * ({first, last}); null when nowhere. */
  focusPlan(state) {
    const v = this.view;
    if (state === "turn") {
      // The decision area itself, never one of its options: a stray key plays nothing.
      return { target: v.buttons, first: v.tableBox, last: v.controls };
    }
    if (state === "over") {
      const target = this.endFocus || v.result.querySelector("button");
      return { target, first: v.result, last: target || v.result };
    }
    const target = this.restingFocus();
    return target ? { target, first: target, last: target } : null;
  }

  /** The engine refused: a page's own case first (refusedHere), then a decision (say why, ask again). */
  refused(reply, command) {
    if (this.refusedHere(reply, command)) return;
    if (command === this.stepCommand && reply.field && reply.field.startsWith("decision")) {
      this.undoDecision();
      this.view.showError(`${this.refusedWords} ${reply.error}`);
      this.setState(this.next ? "turn" : "idle");
      this.setButtonsDisabled(false);
      if (this.next) this.view.controls.hidden = false;
      return;
    }
    this.view.showError(`${this.stoppedWords} ${reply.error}`);
    this.setState("idle");
  }

  /** A page's own handling of a refusal (true when handled). */
  refusedHere() { return false; }

  /** Undo the page's note of a refused decision. */
  undoDecision() {}

  /** The page's own parts hidden when the engine cannot play (its loading line, its setup form). */
  setupParts() { return []; }

  /** The engine cannot play here: the table goes, the failure box says why (and the page's way out). */
  fail(message) {
    this.restart();
    for (const node of this.setupParts()) node.hidden = true;
    this.view.play.hidden = true;
    this.failure.hidden = false;
    this.failure.replaceChildren(el("p", "admonition-title", this.failureTitle), el("p", null, message));
    if (this.failureNote) this.failure.append(el("p", null, this.failureNote));
    this.setState("failed");
  }
}
