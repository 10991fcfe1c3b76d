// The croupier's trainer for Ultimate Texas Hold'em ([data-uth-trainer], rendered by
// site_hooks/quizzes.py). The engine deals ("uth-trainer-deal") and judges ("quiz-check" through
// quiz.js's judge); this file only moves data between the page and the engine.
// The score lasts for the visit (trainer-score.js) and counts the first answer given to each hand.
import { request, state as engineState } from "../engine/client.js";
import { duration } from "../engine/words.js";
import { Asker } from "./asking.js";
import { bringIntoView, el, onPage } from "./page.js";
import { judge, showFeedback, showProgress } from "./quiz.js";
import { Score } from "./trainer-score.js";

/** The trainer's hand as the engine reopens it: {mode, seed, unit?, trips_table?}, from its deal and
 * the settings it was dealt with (`asked`). */
export function trainerHand(deal) {
  const hand = { mode: deal.mode, seed: deal.seed };
  const asked = deal.asked || {};
  if (asked.unit !== undefined) hand.unit = asked.unit;
  if (asked.trips_table !== undefined) hand.trips_table = asked.trips_table;
  return hand;
}

function cardSpan(card) {
  const span = document.createElement("span");
  span.className = card.red ? "quiz-card quiz-card--red" : "quiz-card";
  span.setAttribute("role", "img");
  span.setAttribute("aria-label", String(card.name));
  span.textContent = String(card.text);
  return span;
}

export function renderFacts(list, facts) {
  list.replaceChildren();
  for (const fact of facts) {
    const row = document.createElement("div");
    const term = document.createElement("dt");
    term.textContent = String(fact.label);
    const value = document.createElement("dd");
    if (Array.isArray(fact.cards)) {
      const group = document.createElement("span");
      group.className = "quiz-cards";
      fact.cards.forEach((card, i) => {
        if (i) group.append(" ");
        group.append(cardSpan(card));
      });
      value.append(group);
    } else {
      value.textContent = String(fact.text);
    }
    row.append(term, value);
    list.append(row);
  }
}

class Trainer {
  constructor(root) {
    this.root = root;
    const find = (selector) => root.querySelector(selector);
    this.settings = find(".trainer__settings");
    this.dealButton = find("[data-trainer-deal]");
    this.hand = find("[data-trainer-hand]");
    this.prompt = find("[data-trainer-prompt]");
    this.facts = find("[data-trainer-facts]");
    this.answerForm = find("[data-trainer-answer]");
    this.input = this.answerForm.querySelector("input");
    this.checkButton = this.answerForm.querySelector("button");
    this.hint = find("[data-trainer-hint]");
    this.feedback = find("[data-trainer-feedback]");
    this.tableLabel = this.settings.querySelector("[data-trainer-table]");
    const noJs = find("[data-no-js]");
    if (noJs) noJs.hidden = true;
    this.settings.hidden = false;
    const timedBox = el("label", "trainer__timed");
    this.timed = el("input");
    this.timed.type = "checkbox";
    this.timed.name = "contrarreloj";
    timedBox.append(this.timed, " Contrarreloj: cronometra cada mano");
    this.dealButton.before(timedBox);
    const stats = el("div", "trainer__stats");
    stats.dataset.trainerStats = "";
    find("[data-trainer-score]").after(stats);
    this.score = new Score(find("[data-trainer-score]"), stats, (mode) => this.modeName(mode),
      (hand, index) => this.show(hand, { review: index }));
    this.current = null; // the engine's reply for the hand on the table
    this.scored = false; // the first valid answer to each hand counts
    this.logged = false; // the progress log keeps the first judged answer to each hand (a hint counts)
    this.dealer = new Asker(request); // a new deal supersedes the one in flight
    this.checker = new Asker(request); // a new deal (or a second check) supersedes a check in flight
    this.started = 0; // when the hand on the table was dealt (timed mode)
    this.listen();
    this.score.show();
    this.deal();
  }

  listen() {
    const { root, dealButton, settings } = this;
    dealButton.addEventListener("click", () => {
      this.deal();
      this.input.focus();
    });
    settings.addEventListener("change", (event) => {
      if (event.target !== this.timed) this.deal();
    });
    settings.addEventListener("submit", (event) => event.preventDefault());
    // «N» deals a new hand, unless the reader is typing in a field.
    root.addEventListener("keydown", (event) => {
      if (event.key.toLowerCase() !== "n" || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.target.closest("input[type=text], select, textarea")) return;
      event.preventDefault();
      dealButton.click();
    });
    this.answerForm.addEventListener("submit", (event) => {
      event.preventDefault();
      this.check(false);
    });
  }

  modeName(mode) {
    const radio = this.settings.querySelector(`input[name="modo"][value="${CSS.escape(mode)}"]`);
    return radio ? radio.parentElement.textContent.trim() : mode;
  }

  choice() {
    const settings = this.settings;
    const mode = settings.querySelector('input[name="modo"]:checked');
    return {
      mode: mode ? mode.value : "blind",
      trips_table: settings.querySelector('select[name="tabla"]').value,
      unit: Number(settings.querySelector('select[name="unidad"]').value),
    };
  }

  /** Put a hand on the table (a new deal, or a mistake to review: that one does not count again). */
  show(reply, { review = null } = {}) {
    this.current = reply;
    this.scored = review !== null;
    this.logged = review !== null;
    const root = this.root;
    root.dataset.question = JSON.stringify(reply.question);
    root.dataset.seed = String(reply.seed);
    this.prompt.textContent = reply.prompt;
    renderFacts(this.facts, reply.facts);
    this.hint.textContent = reply.hint;
    if (this.tableLabel) this.tableLabel.hidden = !reply.uses_trips_table; // the table only acts in those modes
    this.hand.hidden = false;
    this.answerForm.hidden = false;
    this.input.value = "";
    this.input.setAttribute("aria-invalid", "false");
    this.feedback.replaceChildren();
    delete this.feedback.dataset.result;
    this.started = performance.now();
    root.dataset.state = review === null ? "dealt" : "review";
    if (review !== null) this.input.focus();
  }

  async deal() {
    this.checker.cancel();
    this.dealButton.disabled = true;
    showFeedback(this.feedback, "busy", engineState().phase === "ready"
      ? "Repartiendo…" : "Cargando el motor de reglas…", []);
    const asked = this.choice();
    const reply = await this.dealer.ask("uth-trainer-deal", asked);
    if (reply === null) return; // a newer deal was asked for meanwhile
    this.dealButton.disabled = false;
    if (reply.error) {
      showFeedback(this.feedback, "error", reply.error, []);
      return;
    }
    this.show({ ...reply, asked });
  }

  async check(reveal) {
    if (!this.current || this.checkButton.disabled) return;
    this.checkButton.disabled = true;
    const hand = this.current;
    showFeedback(this.feedback, "busy", "Comprobando…", []);
    // The trainer's hand and the time taken go with the first answer: the engine grades a slow right
    // answer «hard»; the first judged answer to each hand is the one the progress log keeps.
    const extra = { trainer: trainerHand(hand), ms: Math.round(performance.now() - this.started) };
    const result = await judge(this.checker, hand.question, this.input.value, { reveal, extra, record: !this.logged });
    this.checkButton.disabled = false;
    if (result === null || hand !== this.current) return; // superseded: a newer check or a new hand
    // The first answer to each hand counts (asking for the solution first counts as a miss).
    const counts = result.kind === "correct" || result.kind === "wrong" || result.kind === "revealed";
    this.say(result, counts);
    if (counts && !this.scored) {
      this.scored = true;
      if (!await this.keep(hand, result)) return; // a new hand was dealt meanwhile: this one is not scored
    }
    if (counts) bringIntoView(this.dealButton);  // «Nueva mano» is on screen after an answer
    if (result.kind === "correct") this.dealButton.focus({ preventScroll: true }); // Enter or «N» for the next hand
    this.root.dataset.state = result.kind;
  }

  /** The engine's judgment of an answer, as the feedback under the hand. */
  say(result, counts) {
    let message = result.message;
    if (counts && this.scored && result.kind === "correct") {
      message += " (No cuenta en los aciertos: solo cuenta la primera respuesta a cada mano.)";
    }
    if (this.timed.checked && result.kind === "correct" && !this.scored) {
      message += ` Tiempo: ${duration(performance.now() - this.started)}.`;
    }
    showFeedback(this.feedback, result.kind, message, result.steps, (control) => {
      control.disabled = true;
      this.check(true);
    }, result.title);
    if (result.reply) showProgress(this.feedback, result.reply.progress);
    if (result.reply && result.reply.progress) this.logged = true;
    this.input.setAttribute("aria-invalid", result.kind === "invalid" ? "true" : "false");
  }

  /** The first answer to a hand, into the score (a wrong one with its solution); false if superseded. */
  async keep(hand, result) {
    if (result.kind !== "correct" && !result.reply?.expected) {
      // the solution stays hidden for a retry; the list of mistakes still needs it
      const full = await judge(this.checker, hand.question, this.input.value, { reveal: true, record: false });
      if (full === null) return false;
      result.reply = { ...(full.reply || {}), given: result.reply?.given };
    }
    const timed = this.timed.checked && result.kind === "correct";
    this.score.record(hand, result, timed ? (performance.now() - this.started) / 1000 : null);
    this.score.show();
    return true;
  }
}

function setup(root) {
  if (root.dataset.trainerReady) return;
  root.dataset.trainerReady = "1";
  new Trainer(root);
}

onPage(() => {
  for (const root of document.querySelectorAll("[data-uth-trainer]")) setup(root);
});
