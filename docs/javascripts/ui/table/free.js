// The free table of every game (docs/mata-ases/mesa-libre.md, docs/holdem/mesa.md): the reader against
// bots, hand after hand. Lives in <div data-free-table="<game>" data-engine> (its id is the page's own).
//
// Everything the page says and offers comes from the engine. "game-info" gives the reader's seat, the
// setup form (its fields, options and defaults), the page's words and how the game's hand histories
// travel (a file to open and download, or only links). "play-start" (mode "free") seats the table and
// plays the bots up to the reader's turn, "play-step" takes a decision, "play-next" deals the next hand
// (or the same one again). A finished hand's reply carries its history (the text of the share link and of
// the download), the bots' reasons, the hand in a few words and the visit's results (kept in the tab:
// visit.js). A shared link or an opened file is shown step by step by the engine ("play-start", mode
// "replay", then "play-step"): the page never replays a hand nor reads a history. The table, the log,
// the decisions and the result are the one table page's (controller.js).
//
// Test hooks (besides the table's own, controller.js): root[data-mesa-state] = loading | failed | idle |
// busy | waiting | turn | over | replay; root[data-hand] (the hand's number at this table); root[data-table]
// and root[data-seed] (the setup that deals the hand again and its seed, when the engine sent it);
// root[data-decisions] (JSON: every decision of the hand, the bots' too); root[data-history] (the finished
// hand's history); .mesa-share input (the link); .mesa-import textarea; "mesa:update" on the root after
// every change.
import { onStatus, request, start as startEngine } from "../../engine/client.js";
import { el, onPage, withTerms } from "../page.js";
import { attachCoach } from "./coach.js";
import { TableController } from "./controller.js";
import { showTogether } from "./view.js";
import { setReader } from "./words.js";
import { addressWithoutHand, decodeHistory, encodeHistory, linkedHand, newSeed, shareUrl } from "./link.js";
import { Visit, bars } from "./visit.js";

const SELECTOR = "[data-free-table]";
const AUTOPLAY_MS = 900; // between two steps of a replay that plays itself
let sessions = 0;
const visits = new Map(); // game -> its Visit (the module runs once per visit: kept across instant navigation)

/** A sentence of the engine's with its {placeholders} filled. */
function fill(text, values) {
  return String(text || "").replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
}

function button(className, text, primary = false) {
  const node = el("button", `md-button${primary ? " md-button--primary" : ""} ${className}`, text);
  node.type = "button";
  return node;
}

/** The tab's sessionStorage, or null where the browser blocks it (the visit then lives in memory). */
function tabStorage() {
  try {
    const storage = window.sessionStorage;
    storage.getItem("-");
    return storage;
  } catch (e) {
    return null;
  }
}

function visitOf(game) {
  if (!visits.has(game)) visits.set(game, new Visit(game, tabStorage()));
  return visits.get(game);
}

class FreeTable extends TableController {
  constructor(root) {
    super(root, request, { stepCommand: "play-step", stateKey: "mesaState", eventName: "mesa:update" });
    root.classList.add("mesa");
    this.game = root.dataset.freeTable;
    this.info = null;        // the engine's "game-info": the form, the words (this.say), the histories
    this.setup = null;       // the form's values of the table in play
    this.restore = null;     // the setup that deals the hand in play again (the engine's `table`), if any
    this.decisions = [];
    this.replaying = null;   // {text, shared}: the history shown step by step
    this.autoplay = false;
    this.download = null;    // the object URL of the finished hand's file
    this.loadingLine(null);
    root.insertBefore(this.loading, this.view.play);
    this.view.play.hidden = true;
    this.setState("loading");
    this.startWith(onStatus, { prepare: () => this.learnGame(), ready: () => this.begin() });
  }

  // ---- the game, from the engine ----
  async learnGame() {
    const info = await request("game-info", { game: this.game });
    if (!info || info.error) throw new Error(info ? info.error : "sin respuesta");
    this.info = info;
    this.say = info.words || {};
    this.visit = visitOf(this.game);
    setReader(info.reader);
  }

  /** One of the page's sentences, as the engine words it («Mano {n}» filled with `values`). */
  word(key, values = {}) {
    return fill(this.say[key], values);
  }

  // ---- the engine is ready, and the game known: the page's parts ----
  begin() {
    this.build();
    this.loading.hidden = true;
    this.form.hidden = false;
    this.drawHistory();
    const linked = linkedHand(location, this.info.history_chars);
    if (linked) this.openShared(linked);
    else this.setState("idle");
    // A link to another hand opened on this page (only its fragment changes: the page stays).
    const onHash = () => {
      if (!this.alive()) {
        removeEventListener("hashchange", onHash);
        return;
      }
      const other = linkedHand({ hash: location.hash, search: "" }, this.info.history_chars);
      if (other) this.openShared(other);
    };
    addEventListener("hashchange", onHash);
  }

  build() {
    const root = this.root;
    const v = this.view;
    this.failureTitle = this.word("failure");
    this.refusedWords = this.word("refused");
    this.stoppedWords = this.word("stopped");
    v.skipButton.setAttribute("aria-label", this.word("skip"));

    this.form = this.buildForm();
    this.importBox = this.info.history ? this.buildImport(this.info.history) : null; // histories as files
    attachCoach(this, { words: this.info.coach }); // the coach's mount point (coach.js follows the table by itself)

    // The replay bar of a history, under the table where the decision goes.
    this.replayBar = el("div", "mesa-replay");
    this.replayBar.hidden = true;
    this.replayText = el("p", "mesa-replay__text");
    this.replayText.setAttribute("aria-live", "polite");
    // A shared hand is someone else's: its «Tú» is whoever played and shared it (said before the table).
    this.sharedNote = el("p", "mesa-replay__note admonition note", this.word("shared_note"));
    this.sharedNote.hidden = true;
    this.stepButton = button("mesa-step", this.word("step"), true);
    this.allButton = button("mesa-all", this.word("to_end"));
    this.autoButton = button("mesa-auto", this.word("autoplay"));
    this.autoButton.setAttribute("aria-pressed", "false");
    this.playButton = button("mesa-play-this", this.word("play_this"));
    this.playButton.hidden = true;
    this.replayBar.append(this.replayText, this.stepButton, this.allButton, this.autoButton, this.playButton);
    v.main.insertBefore(this.replayBar, v.controls);
    v.main.insertBefore(this.sharedNote, v.tableBox);

    // The visit.
    this.visitBox = el("section", "mesa-history");
    this.visitBox.hidden = true;
    const title = el("h3", "mesa-history__title", this.word("history_title"));
    title.id = `${root.id || "mesa"}-history-title`;
    this.visitBox.setAttribute("aria-labelledby", title.id);
    this.chart = el("div", "mesa-chart");
    this.historyList = el("ol", "mesa-history__list");
    this.visitBox.append(title, this.chart, this.historyList);

    root.insertBefore(this.form, v.play);
    if (this.importBox) root.insertBefore(this.importBox, v.play);
    root.append(this.visitBox);

    this.stepButton.addEventListener("click", () => this.replayStep(false));
    this.allButton.addEventListener("click", () => this.replayStep(true));
    this.autoButton.addEventListener("click", () => this.toggleAutoplay());
    this.playButton.addEventListener("click", () => this.startTable(this.replayTable, { focus: true }));
  }

  /** The setup form, drawn from the engine's fields: a select each, radio buttons where it says so. */
  buildForm() {
    const form = el("form", "sim-setup mesa-setup");
    form.setAttribute("aria-label", this.word("form"));
    form.hidden = true;
    const saved = this.visit.setup || {};
    this.fields = [];
    for (const field of this.info.setup || []) {
      const values = field.options.map((option) => JSON.stringify(option.value));
      const wanted = JSON.stringify(field.key in saved ? saved[field.key] : field.default);
      const chosen = values.includes(wanted) ? wanted : JSON.stringify(field.default);
      const name = `mesa-${field.key}`;
      let wrap;
      let inputs;
      if (field.kind === "radio") {
        wrap = el("fieldset", `mesa-setup__choice ${name}`);
        wrap.append(el("legend", null, field.label));
        inputs = field.options.map((option, i) => {
          const label = el("label", "sim-radio");
          const input = el("input");
          input.type = "radio";
          input.name = name;
          input.value = values[i];
          input.checked = values[i] === chosen;
          label.append(input, document.createTextNode(` ${option.label}`));
          wrap.append(label);
          return input;
        });
      } else {
        wrap = el("label", `mesa-setup__field ${name}`);
        wrap.append(el("span", null, field.label));
        const select = el("select");
        select.name = name;
        select.append(...field.options.map((option, i) => {
          const node = el("option", null, option.label);
          node.value = values[i];
          return node;
        }));
        select.value = chosen;
        wrap.append(select);
        inputs = [select];
      }
      this.fields.push({ field, inputs });
      form.append(wrap);
    }
    // A field "below" another offers only the values under that one's (the reader's seat: one per player).
    for (const { field, inputs } of this.fields) {
      const over = this.fields.find((other) => other.field.key === field.below);
      if (!over || inputs[0].tagName !== "SELECT") continue;
      const select = inputs[0];
      const limit = () => {
        const top = JSON.parse(this.fieldValue(over));
        for (const option of select.options) option.hidden = option.disabled = !(JSON.parse(option.value) < top);
        if (select.selectedOptions[0] && select.selectedOptions[0].disabled) select.value = select.options[0].value;
      };
      limit();
      over.inputs.forEach((input) => input.addEventListener("change", limit));
    }
    this.dealButton = el("button", "md-button md-button--primary mesa-deal", this.word("deal"));
    this.dealButton.type = "submit";
    form.append(this.dealButton);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const setup = this.readSetup();
      this.visit.keepSetup(setup);
      this.startTable({ ...setup, seed: newSeed() }, { focus: true });
    });
    return form;
  }

  fieldValue({ inputs }) {
    const input = inputs.length === 1 ? inputs[0] : inputs.find((i) => i.checked) || inputs[0];
    return input.value;
  }

  /** The form's values ({key: value}, as the engine's options give them). */
  readSetup() {
    return Object.fromEntries(this.fields.map((entry) => [entry.field.key, JSON.parse(this.fieldValue(entry))]));
  }

  /** The box to open a history (pasted or from a file), for a game whose histories travel as files. */
  buildImport(files) {
    const box = el("details", "mesa-import");
    const area = el("label", "mesa-import__label");
    area.append(el("span", null, files.text));
    this.importText = el("textarea");
    this.importText.rows = 6;
    this.importText.spellcheck = false;
    area.append(this.importText);
    const file = el("label", "mesa-import__file");
    file.append(el("span", null, files.file));
    this.importFile = el("input");
    this.importFile.type = "file";
    this.importFile.accept = files.accept;
    file.append(this.importFile);
    const go = button("mesa-import__go", files.go, true);
    this.importError = el("p", "mesa-import__error");
    this.importError.setAttribute("role", "alert");
    this.importError.hidden = true;
    box.append(el("summary", null, files.import), area, file, go, this.importError);
    go.addEventListener("click", () => this.openHistory(this.importText.value, { focus: true }));
    // A paste that would take the box over the engine's limit never reaches it.
    this.importText.addEventListener("paste", (event) => {
      const pasted = event.clipboardData ? event.clipboardData.getData("text/plain") : "";
      const box = this.importText;
      const kept = box.value.length - (box.selectionEnd - box.selectionStart);
      if (kept + pasted.length <= this.info.history_chars) return;
      event.preventDefault();
      this.importProblem(files.paste_too_long);
    });
    this.importFile.addEventListener("change", async () => {
      const chosen = this.importFile.files && this.importFile.files[0];
      if (!chosen) return;
      if (!(chosen.size <= this.info.history_chars)) { // bounded before it is read (bytes ≥ characters)
        this.importProblem(files.too_long);
        return;
      }
      this.importText.value = await chosen.text();
      this.openHistory(this.importText.value, { focus: true });
    });
    return box;
  }

  importProblem(message) {
    this.importBox.open = true;
    this.importError.hidden = false;
    this.importError.textContent = message;
  }

  setupParts() {
    return [this.loading, this.form, this.importBox].filter(Boolean);
  }

  restingFocus() {
    return this.form && !this.form.hidden ? this.dealButton : null;
  }

  // ---- a hand ----
  /** A new session on the table: the hand in play and its replay (if any) dropped. */
  reset(replaying) {
    this.stopAutoplay();
    this.newHand(`mesa-${++sessions}`);
    this.replaying = replaying;
    this.replayTable = null;
    this.forgetHand();
    this.replayBar.hidden = !replaying;
    this.sharedNote.hidden = !(replaying && replaying.shared);
    this.playButton.hidden = true;
    this.view.pace.hidden = Boolean(replaying);
    this.view.play.hidden = false;
    if (this.importError) this.importError.hidden = true;
  }

  /** What the page kept of the hand that ends here. */
  forgetHand() {
    this.decisions = [];
    this.restore = null;
    for (const key of ["decisions", "history", "hand", "seed", "table"]) delete this.root.dataset[key];
  }

  /** The address no longer points at a shared hand once the reader plays or opens another. */
  forgetLink() {
    const address = addressWithoutHand(location);
    if (address !== null) history.replaceState(null, "", address);
  }

  async startTable(setup, { focus = false, actions = null } = {}) {
    this.forgetLink();
    this.reset(null);
    this.setup = setup;
    this.follow = focus;
    await this.ask("play-start", { session: this.session, game: this.game, mode: "free", table: setup,
      ...(actions ? { actions } : {}), visit: this.visit.changes() }, { instant: Boolean(actions) });
  }

  async nextHand({ again = false } = {}) {
    const session = this.session;
    this.newHand(session); // the same session: the engine keeps the table and deals on it
    this.forgetHand();
    this.follow = true;
    await this.ask("play-next", { session, ...(again ? { again: true } : {}) });
  }

  learn(reply) {
    if (this.replaying) {
      if (reply.table) this.replayTable = reply.table;
      return;
    }
    if (reply.decisions) this.decisions = reply.decisions;
    this.root.dataset.decisions = JSON.stringify(this.decisions);
    if (reply.table) {
      this.restore = reply.table;
      this.root.dataset.table = JSON.stringify(reply.table);
      this.root.dataset.seed = String(reply.table.seed);
    }
    if (reply.hand) this.root.dataset.hand = String(reply.hand);
    if (typeof reply.history === "string") this.root.dataset.history = reply.history;
  }

  refusedHere(reply, command) {
    if (this.replaying && command === "play-start") {
      if (this.replaying.shared) {
        this.linkRefused(`${this.word("bad_link")} ${this.lineOf(reply)}`);
      } else { // a pasted text or a file: said in its box, at its line
        this.importProblem(this.lineOf(reply));
        this.view.play.hidden = true;
        this.setState("idle");
        this.importText.focus();
      }
      return true;
    }
    if (reply.code === "unknown-session") {
      if (command === "play-step" && !this.replaying && this.restore) {
        // The engine forgot the hand (it keeps a few): the same hand, dealt again with every decision so far.
        this.startTable(this.restore, { actions: this.decisions, focus: this.follow });
      } else {
        this.view.showError(this.word("forgot"));
        this.setState("idle");
      }
      return true;
    }
    return false;
  }

  /** A link that holds no hand: only why, where the table would be (whatever it showed goes). */
  linkRefused(message) {
    this.reset(null);
    const v = this.view;
    v.tableBox.hidden = v.logBox.hidden = v.pace.hidden = true;
    v.showError(message);
    this.setState("idle");
  }

  /** An engine's refusal of a history, with its line when it names one. */
  lineOf(reply) {
    const files = this.info.history;
    return reply.line && files && files.line ? fill(files.line, { n: reply.line, error: reply.error }) : reply.error;
  }

  done(reply) {
    if (!this.replaying) {
      super.done(reply);
      return;
    }
    const key = this.replaying.shared ? "shared_step_of" : "step_of";
    this.replayText.textContent = this.word(key, { n: reply.step, total: reply.steps });
    for (const node of [this.stepButton, this.allButton, this.autoButton]) node.hidden = reply.over; // nothing left to show
    this.playButton.hidden = !this.replayTable;
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
    const headline = result.querySelector(".sim-result__headline");
    if (this.replaying) {
      const again = button("mesa-restart", this.word("restart"), true);
      const shown = this.replaying;
      again.addEventListener("click", () => this.openHistory(shown.text, { focus: true, shared: shown.shared }));
      headline.after(again);
      return again;
    }
    result.append(this.reasonsSection(reply.reasons || []));
    const actions = el("p", "sim-result__next mesa-next");
    let first;
    if (reply.table_over) {
      actions.append(el("span", "mesa-over", reply.table_over));
      first = button("mesa-new", this.word("new_table"), true);
      first.addEventListener("click", () => this.startTable({ ...this.setup, seed: newSeed() }, { focus: true }));
    } else {
      first = button("mesa-another", this.word("next"), true);
      first.addEventListener("click", () => this.nextHand());
    }
    const again = button("mesa-again", this.word("again"));
    again.addEventListener("click", () => this.nextHand({ again: true }));
    actions.append(first, again);
    headline.after(actions); // on a phone the headline and what to do next are on screen together
    if (typeof reply.history === "string") result.append(this.shareBox(reply.history, reply.hand));
    if (this.visit.add(reply)) this.drawHistory();
    return first;
  }

  reasonsSection(reasons) {
    const box = el("section", "mesa-reasons");
    box.append(el("h4", null, this.word("reasons_title")));
    if (!reasons.length) box.append(el("p", null, this.word("no_reasons")));
    for (const entry of reasons) {
      const item = el("details", "mesa-reason");
      item.dataset.player = entry.player;
      item.dataset.action = entry.action;
      const summary = el("summary");
      summary.append(el("strong", null, entry.title), document.createTextNode(` · ${entry.when}`));
      const reason = el("p");
      reason.append(withTerms(entry.reason, entry.terms));
      item.append(summary, reason);
      box.append(item);
    }
    return box;
  }

  /** The hand's link with «Copiar el enlace», and its file where the game's histories travel as files. */
  shareBox(text, hand) {
    const box = el("div", "mesa-share");
    const label = el("label", "mesa-share__label");
    label.append(el("span", null, this.word("share")));
    const input = el("input");
    input.type = "text";
    input.readOnly = true;
    input.addEventListener("focus", () => input.select());
    label.append(input);
    const copy = button("mesa-copy", this.word("copy"));
    const status = el("span", "mesa-share__status");
    status.setAttribute("role", "status");
    copy.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(input.value);
        status.textContent = this.word("copied");
      } catch (e) {
        input.focus();
        status.textContent = this.word("copy_by_hand");
      }
    });
    box.append(label, copy);
    const files = this.info.history;
    if (files) {
      if (this.download) URL.revokeObjectURL(this.download);
      this.download = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
      const file = el("a", "md-button mesa-download", files.download);
      file.href = this.download;
      file.download = `${fill(files.filename, { n: hand || 1 })}${files.extension}`;
      box.append(file);
    }
    box.append(status);
    const run = this.run;
    encodeHistory(text).then((token) => {
      if (run !== this.run) return;
      input.value = shareUrl(location, token);
      this.emit();
    });
    return box;
  }

  drawHistory() {
    const hands = this.visit.hands;
    this.visitBox.hidden = !hands.length;
    if (!hands.length) return;
    this.historyList.replaceChildren(...hands.map((hand, index) => {
      const item = el("li", "mesa-history__hand");
      item.dataset.change = String(hand.change);
      const name = this.word("hand", { n: index + 1 });
      item.append(el("span", null, hand.summary ? `${name} · ${hand.summary}: ` : `${name}: `),
        el("strong", hand.change > 0 ? "sim-up" : hand.change < 0 ? "sim-down" : null, hand.text));
      if (hand.table) { // the engine sent the table that deals this hand again
        const again = button("mesa-history__again", this.word("repeat"));
        again.setAttribute("aria-label", this.word("repeat_hand", { n: index + 1 }));
        again.addEventListener("click", () => this.startTable(hand.table, { focus: true }));
        item.append(document.createTextNode(" "), again);
      }
      return item;
    }));
    this.drawChart(hands.map((hand) => hand.change), this.visit.total);
  }

  /** The visit's chart: one bar per hand (hidden from screen readers: the list says the same), and the
   * visit's total as the engine wrote it. */
  drawChart(changes, totalText) {
    const shape = bars(changes);
    const width = Math.max(160, shape.length * 8);
    const ns = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(ns, "svg");
    svg.setAttribute("viewBox", `0 0 ${width} 100`);
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("class", "mesa-chart__svg");
    svg.setAttribute("preserveAspectRatio", "none");
    svg.setAttribute("height", "80");
    const axis = document.createElementNS(ns, "line");
    for (const [k, value] of [["x1", 0], ["x2", width], ["y1", 50], ["y2", 50]]) axis.setAttribute(k, String(value));
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
    total.append(document.createTextNode(`${this.word("visit_total")} `), el("strong", null, totalText));
    this.chart.replaceChildren(svg, total);
  }

  // ---- a history, step by step (the engine replays it) ----
  async openShared(linked) {
    const read = await decodeHistory(linked, this.info.history_chars);
    if (!this.alive()) return;
    if (read.problem) {
      this.linkRefused(this.word(read.problem === "long" ? "long_link" : "bad_link"));
      return;
    }
    if (this.importText) this.importText.value = read.text;
    await this.openHistory(read.text, { focus: true, shared: true });
  }

  async openHistory(text, { focus = false, shared = false } = {}) {
    if (!shared) this.forgetLink();
    this.reset({ text, shared });
    this.follow = focus;
    await this.ask("play-start", { session: this.session, game: this.game, mode: "replay", history: text },
      { instant: true });
    if (this.state() === "replay") {
      if (focus) this.stepButton.focus({ preventScroll: true });
      showTogether(this.view.tableBox, this.replayBar); // the table in view at once
    }
  }

  replayStep(toEnd) {
    clearTimeout(this.autoTimer);
    if (this.state() !== "replay") return;
    this.ask("play-step", { session: this.session, ...(toEnd ? { to_end: true } : {}) }, { instant: true });
  }

  toggleAutoplay() {
    this.autoplay = !this.autoplay;
    this.autoButton.setAttribute("aria-pressed", String(this.autoplay));
    this.autoButton.textContent = this.word(this.autoplay ? "pause" : "autoplay");
    if (this.autoplay) this.replayStep(false);
    else clearTimeout(this.autoTimer);
  }

  stopAutoplay() {
    clearTimeout(this.autoTimer);
    this.autoplay = false;
    if (this.autoButton) {
      this.autoButton.setAttribute("aria-pressed", "false");
      this.autoButton.textContent = this.word("autoplay");
    }
  }
}

let current = null;

if (document.querySelector(SELECTOR)) startEngine();

function setup() {
  if (current && !current.alive()) current.leave(); // the reader left the page: the bots' steps are dropped
  const root = document.querySelector(SELECTOR);
  if (!root || root.dataset.mesaReady) return;
  root.dataset.mesaReady = "1";
  current = new FreeTable(root);
}

onPage(setup);
