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
// "replay", then "play-step"): the page never replays a hand nor reads a history; its review's «Vuelve a esa
// decisión» asks the engine for the history's hand from that decision ("play-start", mode "replay" with
// "decision"), a hand of the reader's own from there. The table, the log,
// the decisions and the result are the one table page's (controller.js); the free table's own parts are
// each in a module: the setup form (free-form.js), the box to open a history (free-import.js), the link
// and the file of a finished hand (free-share.js), the visit's hands and chart (free-history.js), the bar
// of a history shown step by step (free-replay.js).
//
// The page never holds what deals a hand: the engine seats each table with a secret of its own and no
// reply carries it (engine/table/game.py, Chance). So a hand the engine no longer has (it keeps a few
// sessions, and a restarted engine has none) cannot be dealt again: the page says so and the reader deals
// another. The form's setup is all the page sends.
//
// Test hooks (besides the table's own, controller.js): root[data-mesa-state] = loading | failed | idle |
// busy | waiting | turn | over | replay; root[data-session] (the engine's session of the hand in play);
// root[data-hand] (the hand's number at this table); root[data-decisions] (JSON: every decision of the hand,
// the bots' too); root[data-next] (JSON: the reader's options at his turn, as the engine sent them);
// root[data-history] (the finished hand's history); .mesa-share input (the link);
// .mesa-import textarea; "mesa:update" on the root after every change.
import { onStatus, request, start as startEngine } from "../../engine/client.js";
import { el, onPage, withTerms } from "../page.js";
import { attachCoach } from "./coach.js";
import { attachReview } from "./review.js";
import { TableController } from "./controller.js";
import { SetupForm } from "./free-form.js";
import { VisitHistory } from "./free-history.js";
import { ImportBox } from "./free-import.js";
import { ReplayBar } from "./free-replay.js";
import { ShareBox } from "./free-share.js";
import { button, fill } from "./free-ui.js";
import { cardFace } from "./markup.js";
import { showTogether } from "./view.js";
import { setReader } from "./words.js";
import { addressWithoutHand, decodeHistory, linkedHand } from "./link.js";
import { Visit } from "./visit.js";

const SELECTOR = "[data-free-table]";
let sessions = 0;
const visits = new Map(); // game -> its Visit (the module runs once per visit: kept across instant navigation)

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
    this.decisions = [];
    this.replaying = null;   // {text, shared}: the history shown step by step
    this.share = new ShareBox();
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
    this.history.draw(this.visit);
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
    const word = (key, values) => this.word(key, values);
    this.setupForm = new SetupForm(this.info.setup, this.visit.setup || {},
      { form: this.word("form"), deal: this.word("deal") }, (setup) => {
        this.visit.keepSetup(setup);
        this.startTable(setup, { focus: true });
      });
    this.form = this.setupForm.form;
    this.dealButton = this.setupForm.dealButton;
    this.imports = this.info.history // histories as files
      ? new ImportBox(this.info.history, this.info.history_chars, (text) => this.openHistory(text, { focus: true }))
      : null;
    attachCoach(this, { words: this.info.coach }); // the coach's mount point (coach.js follows the table by itself)
    // «Revisión de la mano» after each hand and at a history's end (review.js follows the table too); back to a
    // decision: a hand played here, the engine deals it again up to there (it keeps the table's secret); a
    // history's, the engine deals it from there at a table of the reader's own.
    attachReview(this, this.info.review, () => {
      if (this.replaying) {
        const text = this.replaying.text;
        return (decision) => this.playFrom(text, decision.index);
      }
      const decisions = this.decisions.slice();
      return (decision) => this.nextHand({ again: true, actions: decisions.slice(0, decision.at) });
    });
    // The replay bar of a history, under the table where the decision goes.
    this.replay = new ReplayBar(word, { step: (toEnd) => this.replayStep(toEnd),
      play: () => this.startTable(this.replayTable, { focus: true }) });
    v.main.insertBefore(this.replay.bar, v.controls);
    v.main.insertBefore(this.replay.sharedNote, v.tableBox);
    this.history = new VisitHistory(root.id, word);
    root.insertBefore(this.form, v.play);
    if (this.imports) root.insertBefore(this.imports.box, v.play);
    root.append(this.history.box);
  }

  setupParts() {
    return [this.loading, this.form, this.imports && this.imports.box].filter(Boolean);
  }

  restingFocus() {
    return this.form && !this.form.hidden ? this.dealButton : null;
  }

  // ---- a hand ----
  /** A new session on the table: the hand in play and its replay (if any) dropped. */
  reset(replaying) {
    this.replay.reset(replaying);
    this.newHand(`mesa-${++sessions}`);
    this.root.dataset.session = this.session;
    this.replaying = replaying;
    this.replayTable = null;
    this.forgetHand();
    this.view.pace.hidden = Boolean(replaying);
    this.view.play.hidden = false;
    if (this.imports) this.imports.error.hidden = true;
  }

  /** What the page kept of the hand that ends here. */
  forgetHand() {
    this.decisions = [];
    for (const key of ["decisions", "history", "hand", "next"]) delete this.root.dataset[key];
  }

  /** The address no longer points at a shared hand once the reader plays or opens another. */
  forgetLink() {
    const address = addressWithoutHand(location);
    if (address !== null) history.replaceState(null, "", address);
  }

  /** A new table of `setup` (the form's values; a seed kept by an older page is dropped: the engine deals). */
  async startTable(setup, { focus = false } = {}) {
    this.forgetLink();
    this.reset(null);
    const table = { ...setup };
    delete table.seed;
    this.setup = table;
    this.follow = focus;
    await this.ask("play-start", { session: this.session, game: this.game, mode: "free", table,
      visit: this.visit.changes() });
  }

  /** The next hand, or (`again`) the same one, dealt again by the engine that keeps its secret; with
   * `actions` (the hand's first decisions, the bots' too), played again up to them. */
  async nextHand({ again = false, actions = null } = {}) {
    const session = this.session;
    this.newHand(session); // the same session: the engine keeps the table and deals on it
    this.forgetHand();
    this.follow = true;
    await this.ask("play-next", { session, ...(again ? { again: true } : {}), ...(actions ? { actions } : {}) },
      { instant: Boolean(actions) });
  }

  /** A history's hand from the reader's decision `index`, at a table of his own (the engine draws every card
   * he did not see then; the history's bots play on). */
  async playFrom(text, index) {
    this.forgetLink();
    this.reset(null);
    this.follow = true;
    await this.ask("play-start", { session: this.session, game: this.game, mode: "replay", history: text,
      decision: index }, { instant: true });
  }

  learn(reply) {
    if (this.replaying) {
      if (reply.table) this.replayTable = reply.table;
      return;
    }
    if (reply.decisions) this.decisions = reply.decisions;
    this.root.dataset.decisions = JSON.stringify(this.decisions);
    if (reply.next) this.root.dataset.next = JSON.stringify(reply.next);
    if (reply.hand) this.root.dataset.hand = String(reply.hand);
    if (typeof reply.history === "string") this.root.dataset.history = reply.history;
  }

  refusedHere(reply, command) {
    if (this.replaying && command === "play-start") {
      if (this.replaying.shared) {
        this.linkRefused(`${this.word("bad_link")} ${this.lineOf(reply)}`);
      } else { // a pasted text or a file: said in its box, at its line
        this.imports.problem(this.lineOf(reply));
        this.view.play.hidden = true;
        this.setState("idle");
        this.imports.text.focus();
      }
      return true;
    }
    if (reply.code === "unknown-session") { // forgotten or restarted: its secret went with it (see above)
      this.view.showError(this.word("forgot"));
      this.setState("idle");
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
    this.replay.shown(this.word(key, { n: reply.step, total: reply.steps }),
      { over: reply.over, playable: Boolean(this.replayTable) });
    if (reply.over && reply.result) {
      this.replay.stop();
      this.showResult(reply);
    } else {
      this.setState("replay");
      this.replay.next();
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
    result.append(this.reasonsSection(reply.reasons || []), this.everyoneSection());
    const actions = el("p", "sim-result__next mesa-next");
    let first;
    if (reply.table_over) {
      actions.append(el("span", "mesa-over", reply.table_over));
      first = button("mesa-new", this.word("new_table"), true);
      // the table of the hand, or the form's (a history's hand played from a decision has none)
      first.addEventListener("click", () => this.startTable(this.setup || this.setupForm.read(), { focus: true }));
    } else {
      first = button("mesa-another", this.word("next"), true);
      first.addEventListener("click", () => this.nextHand());
    }
    const again = button("mesa-again", this.word("again"));
    again.addEventListener("click", () => this.nextHand({ again: true }));
    actions.append(first, again);
    headline.after(actions); // on a phone the headline and what to do next are on screen together
    if (typeof reply.history === "string") {
      const run = this.run;
      result.append(this.share.box(reply.history, reply.hand, this.info.history, (key) => this.word(key),
        { stale: () => run !== this.run, done: () => this.emit() }));
    }
    if (this.visit.add(reply)) this.history.draw(this.visit);
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

  /** «Ver las cartas de todos»: every player's own cards, asked of the engine ("play-reveal") only when the
   * reader presses it, once the hand is over; a learning aid, labelled so, never in the link nor the file. */
  everyoneSection() {
    const box = el("section", "mesa-reasons mesa-everyone");
    const ask = button("mesa-everyone__ask", this.word("everyone"));
    box.append(ask);
    const session = this.session;
    const run = this.run;
    ask.addEventListener("click", async () => {
      ask.disabled = true;
      let reply;
      try {
        reply = await request("play-reveal", { session });
      } catch (error) {
        reply = { error: error.message };
      }
      if (run !== this.run || !this.alive()) return;
      if (!reply || reply.error) {
        ask.disabled = false;
        box.append(el("p", "mesa-everyone__error", reply ? reply.error : ""));
        return;
      }
      this.words.learn(reply);
      const title = el("h4", null, this.word("everyone_title"));
      title.tabIndex = -1;
      const list = el("ul", "mesa-everyone__list");
      for (const player of reply.players) {
        const item = el("li");
        item.dataset.player = player.name;
        const cards = el("span", "sim-cards sim-cards--small");
        cards.append(...player.cards.map((code) => cardFace(code, this.words)));
        item.append(el("strong", null, `${player.name}: `), cards);
        list.append(item);
      }
      box.replaceChildren(title, el("p", null, this.word("everyone_note")), list);
      title.focus({ preventScroll: true });
      this.emit();
    });
    return box;
  }

  // ---- a history, step by step (the engine replays it) ----
  async openShared(linked) {
    const read = await decodeHistory(linked, this.info.history_chars);
    if (!this.alive()) return;
    if (read.problem) {
      this.linkRefused(this.word(read.problem === "long" ? "long_link" : "bad_link"));
      return;
    }
    if (this.imports) this.imports.text.value = read.text;
    await this.openHistory(read.text, { focus: true, shared: true });
  }

  async openHistory(text, { focus = false, shared = false } = {}) {
    if (!shared) this.forgetLink();
    this.reset({ text, shared });
    this.follow = focus;
    await this.ask("play-start", { session: this.session, game: this.game, mode: "replay", history: text },
      { instant: true });
    if (this.state() === "replay") {
      if (focus) this.replay.stepButton.focus({ preventScroll: true });
      showTogether(this.view.tableBox, this.replay.bar); // the table in view at once
    }
  }

  replayStep(toEnd) {
    this.replay.cancel();
    if (this.state() !== "replay") return;
    this.ask("play-step", { session: this.session, ...(toEnd ? { to_end: true } : {}) }, { instant: true });
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
