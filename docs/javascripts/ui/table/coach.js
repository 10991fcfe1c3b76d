// The coach at a table: the engine's notes on the reader's own decisions ("play-coach"), in the bots'
// terms — suggestions, never rules. During the hand, «¿Qué haría un bot?» (in the decision area) shows
// the note on the decision the reader faces; once the hand is over, «Consejos del entrenador» (after the
// result) lists a note per decision he took. Every word comes from the engine: the coach's titles and
// notice in game-info's `coach` (or in each play-coach reply), each note render-ready in Spanish; text
// always goes in as text. The engine answers only from what the reader's seat saw at each decision.
//
// Mount: attachCoach(controller, {words} or {game}) — it follows the table through the controller's own update
// events (its state and session) and asks the engine with its own Asker (a newer ask drops an older one).
// Test hooks: details.coach-ask (its summary opens it), .coach-now (the note during the hand), .coach (the panel after the
// hand), .coach-note (one note; data-index: which decision), root[data-coach] = asking | shown | none.
import { request } from "../../engine/client.js";
import { Asker } from "../asking.js";
import { el, withTerms } from "../page.js";

/** One note: when (unless a summary above it says so: `when` false), what the reader did, the figures,
 * what each style would do, and the rule it applied. */
export function drawNote(note, words, when = true) {
  const box = el("article", "coach-note");
  if (note.index !== undefined) box.dataset.index = String(note.index);
  if (when) box.append(el("p", "coach-note__when", note.when));
  if (note.you) {
    const you = el("p", "coach-note__you");
    you.append(el("strong", null, `${words.you}:`), document.createTextNode(` ${note.you}`));
    box.append(you);
  }
  if (note.facts && note.facts.length) {
    const facts = el("ul", "coach-note__facts");
    facts.append(...note.facts.map((fact) => { const li = el("li"); li.append(withTerms(fact, note.terms)); return li; }));
    box.append(facts);
  }
  box.append(el("p", "coach-note__styles-title", words.styles));
  const styles = el("ul", "coach-note__styles");
  for (const line of note.styles || []) {
    const item = el("li", "coach-style");
    item.dataset.style = line.style;
    item.dataset.action = line.action;
    if (line.same !== undefined) item.dataset.same = String(line.same);
    item.append(el("strong", null, `${line.label}:`), withTerms(` ${line.text}`, note.terms));
    styles.append(item);
  }
  box.append(styles);
  if (note.summary) {
    const summaryLine = el("p", "coach-note__summary");
    summaryLine.append(withTerms(note.summary, note.terms));
    box.append(summaryLine);
  }
  if (note.cite) {
    const rule = el("p", "coach-note__rule");
    rule.append(el("strong", null, `${words.rule}:`), document.createTextNode(` ${note.cite}`));
    box.append(rule);
  }
  return box;
}

/** A disclosure's summary, a 44 px touch target (styled through CSSOM: the coach has no stylesheet). */
export function summary(text) {
  const node = el("summary", null, text);
  node.style.minHeight = "2.2rem";
  node.style.display = "flex";
  node.style.alignItems = "center";
  return node;
}

/** An admonition's title that is the box's heading (level 3, as the table's result). */
export function heading(text, className = "coach__title") {
  const title = el("p", `admonition-title ${className}`, text);
  title.setAttribute("role", "heading");
  title.setAttribute("aria-level", "3");
  return title;
}

/** Whose hand is on the table now (null: a replay or nothing the reader played). */
export function handOf(table) {
  if (!table.session || table.replaying) return null;
  return `${table.session}#${table.root.dataset.hand || ""}`;
}

class Coach {
  constructor(controller, words) {
    this.table = controller;
    this.root = controller.root;
    this.words = words;
    this.asker = new Asker(request);
    this.coached = null; // the hand whose panel is shown (its session and number)
    const id = this.root.id || "mesa";
    const v = controller.view;

    // During the hand: a disclosure right after the decision area (outside it: the decision keeps its
    // place on a phone's screen), shown at the reader's turn only; opening it asks for the note.
    this.ask = el("details", "coach-ask tip");
    this.ask.hidden = true;
    this.askSummary = summary(words.ask);
    this.now = el("div", "coach-now");
    this.ask.append(this.askSummary, this.now);
    v.controls.after(this.ask);

    // After the hand: the panel, after the result.
    this.panel = el("section", "coach admonition tip");
    this.panel.hidden = true;
    const title = heading(words.title);
    title.id = `${id}-coach-title`;
    this.panel.setAttribute("aria-labelledby", title.id);
    this.panelBody = el("div", "coach__body");
    this.panel.append(title, el("p", "coach__notice", words.notice), this.panelBody);
    v.result.after(this.panel);

    this.ask.addEventListener("toggle", () => { if (this.ask.open) this.showNow(); });
    this.root.addEventListener(controller.eventName, () => this.follow());
  }

  hand() {
    return handOf(this.table);
  }

  follow() {
    const state = this.table.state();
    const hand = this.hand();
    const turn = state === "turn" && Boolean(hand);
    if (!turn || this.asked !== this.turnKey()) this.closeNow();
    this.ask.hidden = !turn;
    if (state === "over" && hand && this.coached !== hand) {
      this.coached = hand;
      this.showPanel(this.table.session);
    } else if (state !== "over" && this.coached !== null) {
      this.coached = null;
      this.asker.cancel();
      this.panel.hidden = true;
      this.panelBody.replaceChildren();
    }
  }

  /** The reader's decision now (the hand and how many decisions it has had). */
  turnKey() {
    return `${this.hand()}:${this.root.dataset.decisions || ""}`;
  }

  closeNow() {
    this.asked = null;
    this.ask.open = false;
    this.now.replaceChildren();
  }

  async showNow() {
    const key = this.turnKey();
    if (this.asked === key) return;
    this.asked = key;
    const session = this.table.session;
    this.now.replaceChildren(el("p", "coach__wait", this.words.wait));
    this.root.dataset.coach = "asking";
    const reply = await this.asker.ask("play-coach", { session });
    if (reply === null || this.asked !== key) return;
    if (reply.error || !reply.now) {
      this.now.replaceChildren(el("p", "coach__error", reply.error || this.words.none));
      this.root.dataset.coach = "none";
      return;
    }
    const words = { ...this.words, ...(reply.words || {}) };
    this.now.replaceChildren(el("p", "coach__notice", words.notice), drawNote(reply.now, words));
    this.root.dataset.coach = "shown";
  }

  async showPanel(session) {
    this.panel.hidden = false;
    this.panelBody.replaceChildren(el("p", "coach__wait", this.words.wait));
    this.root.dataset.coach = "asking";
    const reply = await this.asker.ask("play-coach", { session });
    if (reply === null || this.coached !== this.hand()) return;
    if (reply.error || !reply.notes || !reply.notes.length) {
      // Nothing to say (no decision of the reader's in this hand, or the engine forgot it): no panel.
      this.panel.hidden = true;
      this.root.dataset.coach = "none";
      return;
    }
    const words = { ...this.words, ...(reply.words || {}) };
    const list = el("ol", "coach__notes");
    list.append(...reply.notes.map((note) => {
      const item = el("li");
      const fold = el("details", "coach-fold");
      fold.append(summary(`${note.when} · ${note.you}`), drawNote(note, words, false));
      item.append(fold);
      return item;
    }));
    this.panelBody.replaceChildren(list);
    this.root.dataset.coach = "shown";
  }
}

/** The coach on a table page (a TableController): `words` are the engine's (game-info's `coach`); a page
 * that has not asked game-info gives its `game` instead and the coach asks for them. Resolves to the
 * coach, or null (the engine has no coach for the game, or could not say). */
export async function attachCoach(controller, { words = null, game = null } = {}) {
  if (!words && game) {
    try {
      const info = await request("game-info", { game });
      words = info && !info.error ? info.coach : null;
    } catch (error) {
      words = null;
    }
  }
  if (!words || !controller.alive()) return null;
  return new Coach(controller, words);
}
