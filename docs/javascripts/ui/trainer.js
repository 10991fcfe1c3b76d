// The croupier's trainer for Ultimate Texas Hold'em ([data-uth-trainer], rendered by
// site_hooks/quizzes.py). The engine deals ("uth-trainer-deal") and judges ("quiz-check" through
// quiz.js's judge); this file only moves data between the page and the engine.
// The score lasts for the visit (sessionStorage) and counts the first answer given to each hand.
import { request, state as engineState } from "../engine/client.js";
import { duration } from "../engine/words.js";
import { Asker } from "./asking.js";
import { bringIntoView, onPage } from "./page.js";
import { judge, showFeedback, showProgress } from "./quiz.js";

const SCORE_KEY = "uth-trainer-score";
const MAX_MISTAKES = 20;

/** The visit's record: right/total, the streak, per mode, the mistakes to review, the times. */
function loadScore() {
  const empty = { right: 0, total: 0, streak: 0, best: 0, modes: {}, mistakes: [], times: [] };
  try {
    const saved = JSON.parse(sessionStorage.getItem(SCORE_KEY) || "null");
    if (saved && Number.isInteger(saved.right) && Number.isInteger(saved.total)) return { ...empty, ...saved };
  } catch (error) { /* storage may be blocked: keep the score in memory */ }
  return empty;
}

function saveScore(score) {
  try { sessionStorage.setItem(SCORE_KEY, JSON.stringify(score)); } catch (error) { /* ignore */ }
}

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

function setup(root) {
  if (root.dataset.trainerReady) return;
  root.dataset.trainerReady = "1";
  const settings = root.querySelector(".trainer__settings");
  const dealButton = root.querySelector("[data-trainer-deal]");
  const hand = root.querySelector("[data-trainer-hand]");
  const prompt = root.querySelector("[data-trainer-prompt]");
  const facts = root.querySelector("[data-trainer-facts]");
  const answerForm = root.querySelector("[data-trainer-answer]");
  const input = answerForm.querySelector("input");
  const checkButton = answerForm.querySelector("button");
  const hint = root.querySelector("[data-trainer-hint]");
  const feedback = root.querySelector("[data-trainer-feedback]");
  const scoreLine = root.querySelector("[data-trainer-score]");
  const noJs = root.querySelector("[data-no-js]");
  if (noJs) noJs.hidden = true;
  settings.hidden = false;

  const tableLabel = settings.querySelector("[data-trainer-table]");
  const timedBox = document.createElement("label");
  timedBox.className = "trainer__timed";
  const timed = document.createElement("input");
  timed.type = "checkbox";
  timed.name = "contrarreloj";
  timedBox.append(timed, " Contrarreloj: cronometra cada mano");
  dealButton.before(timedBox);
  const stats = document.createElement("div");
  stats.className = "trainer__stats";
  stats.dataset.trainerStats = "";
  scoreLine.after(stats);

  let current = null; // the engine's reply for the hand on the table
  let scored = false; // the first valid answer to each hand counts
  let logged = false; // the progress log keeps the first judged answer to each hand (a hint counts)
  const dealer = new Asker(request); // a new deal supersedes the one in flight
  const checker = new Asker(request); // a new deal (or a second check) supersedes a check in flight
  let started = 0; // when the hand on the table was dealt (timed mode)
  const score = loadScore();

  function modeName(mode) {
    const radio = settings.querySelector(`input[name="modo"][value="${CSS.escape(mode)}"]`);
    return radio ? radio.parentElement.textContent.trim() : mode;
  }

  function showScore() {
    scoreLine.hidden = score.total === 0;
    scoreLine.textContent = `Aciertos en esta visita: ${score.right} de ${score.total}.`;
    stats.replaceChildren();
    stats.hidden = score.total === 0;
    if (score.total === 0) return;
    const streak = document.createElement("p");
    streak.dataset.trainerStreak = "";
    streak.textContent = `Racha: ${score.streak} seguidas (la mejor: ${score.best}).`;
    stats.append(streak);
    const modes = document.createElement("ul");
    modes.className = "trainer__modes";
    for (const [mode, tally] of Object.entries(score.modes)) {
      const item = document.createElement("li");
      item.dataset.mode = mode;
      item.textContent = `${modeName(mode)}: ${tally.right} de ${tally.total}`;
      modes.append(item);
    }
    stats.append(modes);
    if (score.times.length) {
      const seconds = score.times.reduce((a, b) => a + b, 0) / score.times.length;
      const time = document.createElement("p");
      time.dataset.trainerTime = "";
      time.textContent = `Contrarreloj: ${duration(seconds * 1000)} de media por mano acertada (${score.times.length}).`;
      stats.append(time);
    }
    if (score.mistakes.length) {
      const box = document.createElement("details");
      box.className = "trainer__mistakes";
      const summary = document.createElement("summary");
      summary.textContent = `Fallos para repasar (${score.mistakes.length})`;
      const list = document.createElement("ol");
      score.mistakes.forEach((mistake, i) => {
        const item = document.createElement("li");
        const again = document.createElement("button");
        again.type = "button";
        again.className = "md-button trainer__review";
        again.textContent = "Repasar";
        again.addEventListener("click", () => show(mistake.hand, { review: i }));
        item.append(`${modeName(mistake.hand.mode)}: respondiste ${mistake.given}; era ${mistake.expected}. `, again);
        list.append(item);
      });
      box.append(summary, list);
      stats.append(box);
    }
  }

  function choice() {
    const mode = settings.querySelector('input[name="modo"]:checked');
    return {
      mode: mode ? mode.value : "blind",
      trips_table: settings.querySelector('select[name="tabla"]').value,
      unit: Number(settings.querySelector('select[name="unidad"]').value),
    };
  }

  /** Put a hand on the table (a new deal, or a mistake to review: that one does not count again). */
  function show(reply, { review = null } = {}) {
    current = reply;
    scored = review !== null;
    logged = review !== null;
    root.dataset.question = JSON.stringify(reply.question);
    root.dataset.seed = String(reply.seed);
    prompt.textContent = reply.prompt;
    renderFacts(facts, reply.facts);
    hint.textContent = reply.hint;
    if (tableLabel) tableLabel.hidden = !reply.uses_trips_table; // the table only acts in those modes
    hand.hidden = false;
    answerForm.hidden = false;
    input.value = "";
    input.setAttribute("aria-invalid", "false");
    feedback.replaceChildren();
    delete feedback.dataset.result;
    started = performance.now();
    root.dataset.state = review === null ? "dealt" : "review";
    if (review !== null) input.focus();
  }

  async function deal() {
    checker.cancel();
    dealButton.disabled = true;
    showFeedback(feedback, "busy", engineState().phase === "ready"
      ? "Repartiendo…" : "Cargando el motor de reglas…", []);
    const asked = choice();
    const reply = await dealer.ask("uth-trainer-deal", asked);
    if (reply === null) return; // a newer deal was asked for meanwhile
    dealButton.disabled = false;
    if (reply.error) {
      showFeedback(feedback, "error", reply.error, []);
      return;
    }
    show({ ...reply, asked });
  }

  function record(hand, result) {
    const mode = hand.mode;
    const tally = score.modes[mode] || { right: 0, total: 0 };
    tally.total += 1;
    score.total += 1;
    if (result.kind === "correct") {
      tally.right += 1;
      score.right += 1;
      score.streak += 1;
      score.best = Math.max(score.best, score.streak);
      if (timed.checked) score.times.push((performance.now() - started) / 1000);
    } else {
      score.streak = 0;
      const reply = result.reply || {};
      score.mistakes.unshift({ hand, given: reply.given || "nada", expected: reply.expected || "" });
      score.mistakes.length = Math.min(score.mistakes.length, MAX_MISTAKES);
    }
    score.modes[mode] = tally;
    saveScore(score);
  }

  dealButton.addEventListener("click", () => {
    deal();
    input.focus();
  });
  settings.addEventListener("change", (event) => {
    if (event.target !== timed) deal();
  });
  settings.addEventListener("submit", (event) => event.preventDefault());
  // «N» deals a new hand, unless the reader is typing in a field.
  root.addEventListener("keydown", (event) => {
    if (event.key.toLowerCase() !== "n" || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target.closest("input[type=text], select, textarea")) return;
    event.preventDefault();
    dealButton.click();
  });

  async function check(reveal) {
    if (!current || checkButton.disabled) return;
    checkButton.disabled = true;
    const hand = current;
    showFeedback(feedback, "busy", "Comprobando…", []);
    // The trainer's hand and the time taken go with the first answer: the engine grades a slow right
    // answer «hard»; the first judged answer to each hand is the one the progress log keeps.
    const extra = { trainer: trainerHand(hand), ms: Math.round(performance.now() - started) };
    const result = await judge(checker, hand.question, input.value, { reveal, extra, record: !logged });
    checkButton.disabled = false;
    if (result === null || hand !== current) return; // superseded: a newer check or a new hand
    // The first answer to each hand counts (asking for the solution first counts as a miss).
    const counts = result.kind === "correct" || result.kind === "wrong" || result.kind === "revealed";
    let message = result.message;
    if (counts && scored && result.kind === "correct") {
      message += " (No cuenta en los aciertos: solo cuenta la primera respuesta a cada mano.)";
    }
    if (timed.checked && result.kind === "correct" && !scored) {
      message += ` Tiempo: ${duration(performance.now() - started)}.`;
    }
    showFeedback(feedback, result.kind, message, result.steps, (control) => {
      control.disabled = true;
      check(true);
    }, result.title);
    if (result.reply) showProgress(feedback, result.reply.progress);
    if (result.reply && result.reply.progress) logged = true;
    input.setAttribute("aria-invalid", result.kind === "invalid" ? "true" : "false");
    if (counts && !scored) {
      scored = true;
      if (result.kind !== "correct" && !result.reply?.expected) {
        // the solution stays hidden for a retry; the list of mistakes still needs it
        const full = await judge(checker, hand.question, input.value, { reveal: true, record: false });
        if (full === null) return; // a new hand was dealt meanwhile: this one is not scored
        result.reply = { ...(full.reply || {}), given: result.reply?.given };
      }
      record(hand, result);
      showScore();
    }
    if (counts) bringIntoView(dealButton);  // «Nueva mano» is on screen after an answer
    if (result.kind === "correct") dealButton.focus({ preventScroll: true }); // Enter or «N» for the next hand
    root.dataset.state = result.kind;
  }
  answerForm.addEventListener("submit", (event) => {
    event.preventDefault();
    check(false);
  });
  showScore();
  deal();
}

onPage(() => {
  for (const root of document.querySelectorAll("[data-uth-trainer]")) setup(root);
});
