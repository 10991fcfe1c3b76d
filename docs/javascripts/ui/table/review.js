// «Revisión de la mano»: the engine's review of the reader's own decisions ("play-review") at a free table,
// in a practice hand (the simulator) and in a history replayed to its end (its seat «Tú»): what each legal
// action was worth in chips against the table's bots, with its margin, the grade and why, and, where the
// page can deal that spot again, «Vuelve a esa decisión». Every word comes from the engine (game-info's
// `review`, each reply's `words`, with `assumed` when the bots' styles are assumed); text always goes in as
// text.
//
// The engine works in the worker, a world at a time. While the reader thinks at his turn the page asks for
// the decisions he has already taken (the engine keeps each one once done), so that after the hand little is
// left; the review shares the table's supersede key, so any request of the table (a decision, the next deal)
// cancels it at once and never waits for it. After the hand (or the history's last step) it asks for all of
// them and draws the panel with the summary.
//
// Mount: attachReview(table, words, back) — table is a TableController (controller.js's events, its session,
// `replaying` while a history is shown); back(), asked when the panel is drawn, gives the function that
// deals a decision's spot again (decision) => … or null (none: a history cannot be dealt again).
// Test hooks: .review (the panel), .review-decision (one decision; data-index, data-grade), .review-action
// (data-action, data-best, data-chosen), .review-back (the button), .review-summary, .review__assumed,
// root[data-review] = asking | shown | none.
import { request } from "../../engine/client.js";
import { Asker } from "../asking.js";
import { el } from "../page.js";
import { handOf, heading, summary } from "./coach.js";

/** One decision's body: the grade, each action's value and margin, why, the rule, the way back. */
export function drawDecision(decision, words, back) {
  const box = el("article", "review-decision");
  box.dataset.index = String(decision.index);
  box.dataset.grade = decision.grade;
  const grade = el("p", "review-decision__grade");
  grade.append(el("strong", null, decision.label));
  box.append(grade);
  const list = el("ul", "review-decision__actions");
  for (const action of decision.actions) {
    const item = el("li", "review-action");
    item.dataset.action = action.action;
    item.dataset.best = String(action.best);
    item.dataset.chosen = String(action.chosen);
    const marks = [action.chosen ? words.you : null, action.best ? words.best : null,
      action.tie ? words.tie : null].filter(Boolean);
    item.append(el("strong", null, `${action.text}:`), document.createTextNode(` ${action.figure}`));
    if (action.gap_text) item.append(document.createTextNode(` (${action.gap_text})`));
    if (marks.length) item.append(document.createTextNode(` · ${marks.join(" · ")}`));
    list.append(item);
  }
  box.append(list, el("p", "review-decision__why", decision.why));
  if (decision.cite) box.append(el("p", "review-decision__rule", decision.cite));
  if (back) {
    const again = el("button", "md-button review-back", words.back);
    again.type = "button";
    again.style.minHeight = "2.75rem";
    again.addEventListener("click", () => back(decision));
    box.append(again);
  }
  return box;
}

/** The session's summary: the sentence and the costliest decisions, dearest first. */
export function drawSummary(data, words) {
  const box = el("div", "review-summary");
  box.append(el("p", "review-summary__title", words.session), el("p", "review-summary__text", data.text));
  if (data.costliest && data.costliest.length) {
    box.append(el("p", "review-summary__costliest", words.costliest));
    const list = el("ol");
    list.append(...data.costliest.map((d) => el("li", null, `${d.when} · ${d.you} · ${d.label}`)));
    box.append(list);
  }
  return box;
}

class Review {
  constructor(table, words, back) {
    this.table = table;
    this.back = back;
    this.root = table.root;
    this.words = words;
    this.asker = new Asker(request, table.asker.key); // the table's own requests cancel it
    this.shown = null; // the hand whose panel is drawn
    this.preparing = null; // the turn whose earlier decisions are being reviewed meanwhile
    const id = this.root.id || "mesa";
    this.panel = el("section", "review admonition note");
    this.panel.hidden = true;
    const title = heading(words.title, "review__title");
    title.id = `${id}-review-title`;
    this.panel.setAttribute("aria-labelledby", title.id);
    const how = el("details", "review-how");
    how.append(summary(words.how || words.title), el("p", "review__notice", words.notice),
      el("p", "review__grades", words.grades));
    this.body = el("div", "review__body");
    this.panel.append(title, how, this.body);
    table.view.result.after(this.panel);
    this.root.addEventListener(table.eventName, () => this.follow());
  }

  /** The hand on the table to review: the reader's own, or a history replayed (null: nothing). */
  hand() {
    const table = this.table;
    if (table.replaying) return table.session ? `${table.session}#historia` : null;
    return handOf(table);
  }

  follow() {
    const state = this.table.state();
    const hand = this.hand();
    if (state === "over" && hand) {
      if (this.shown !== hand) {
        this.shown = hand;
        this.showPanel(this.table.session);
      }
      return;
    }
    if (this.shown !== null) {
      this.shown = null;
      this.panel.hidden = true;
      this.body.replaceChildren();
      delete this.root.dataset.review;
    }
    const turn = `${hand}:${this.root.dataset.decisions || ""}`;
    if (state === "turn" && hand && !this.table.replaying && this.preparing !== turn && !this.table.asker.busy) {
      this.preparing = turn; // the decisions already taken, reviewed while the reader thinks
      this.asker.ask("play-review", { session: this.table.session });
    }
  }

  async showPanel(session) {
    const back = this.back(); // before the ask: the spot as the hand ended, whatever the page does meanwhile
    this.panel.hidden = false;
    this.body.replaceChildren(el("p", "review__wait", this.words.wait));
    this.root.dataset.review = "asking";
    const reply = await this.asker.ask("play-review", { session });
    if (reply === null || this.shown !== this.hand()) return;
    if (reply.error || !reply.decisions || !reply.decisions.length) {
      this.panel.hidden = true; // nothing to review (no decision of the reader's), or the engine forgot the hand
      this.root.dataset.review = "none";
      return;
    }
    const words = { ...this.words, ...(reply.words || {}) };
    const list = el("ol", "review__decisions");
    list.append(...reply.decisions.map((decision) => {
      const item = el("li");
      const fold = el("details", "review-fold");
      fold.dataset.grade = decision.grade;
      fold.append(summary(`${decision.when} · ${decision.you} · ${decision.label}`), drawDecision(decision, words, back));
      item.append(fold);
      return item;
    }));
    const assumed = words.assumed ? [el("p", "review__assumed", words.assumed)] : [];
    this.body.replaceChildren(...assumed, list, drawSummary(reply.summary, words));
    this.root.dataset.review = "shown";
  }
}

/** «Revisión de la mano» at a table, with the engine's words (game-info's `review`) and the page's way back
 * to a decision (see the head of this file); null without the words. */
export function attachReview(table, words, back) {
  if (!words || !table.alive()) return null;
  return new Review(table, words, back);
}
