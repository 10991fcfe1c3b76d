// The croupier's trainer's score for the visit (trainer.js): kept in the tab (sessionStorage), the first
// answer to each hand counting; drawn as the line of right answers, the streak, each mode's tally, the
// average time of the timed hands and the mistakes to review.
import { duration } from "../engine/words.js";
import { el } from "./page.js";

const SCORE_KEY = "uth-trainer-score";
const MAX_MISTAKES = 20;

/** The visit's record: right/total, the streak, per mode, the mistakes to review, the times. */
function load() {
  const empty = { right: 0, total: 0, streak: 0, best: 0, modes: {}, mistakes: [], times: [] };
  try {
    const saved = JSON.parse(sessionStorage.getItem(SCORE_KEY) || "null");
    if (saved && Number.isInteger(saved.right) && Number.isInteger(saved.total)) return { ...empty, ...saved };
  } catch (error) { /* storage may be blocked: keep the score in memory */ }
  return empty;
}

export class Score {
  /**
   * @param line the score's line; @param stats where the details go; @param modeName(mode) a mode's name
   * as the settings say it; @param review(hand, index) puts a mistake back on the table.
   */
  constructor(line, stats, modeName, review) {
    Object.assign(this, { line, stats, modeName, review });
    this.score = load();
  }

  /** A judged answer to `hand` (`seconds`: how long a right timed answer took, or null). */
  record(hand, result, seconds) {
    const score = this.score;
    const tally = score.modes[hand.mode] || { right: 0, total: 0 };
    tally.total += 1;
    score.total += 1;
    if (result.kind === "correct") {
      tally.right += 1;
      score.right += 1;
      score.streak += 1;
      score.best = Math.max(score.best, score.streak);
      if (seconds !== null) score.times.push(seconds);
    } else {
      score.streak = 0;
      const reply = result.reply || {};
      score.mistakes.unshift({ hand, given: reply.given || "nada", expected: reply.expected || "" });
      score.mistakes.length = Math.min(score.mistakes.length, MAX_MISTAKES);
    }
    score.modes[hand.mode] = tally;
    try { sessionStorage.setItem(SCORE_KEY, JSON.stringify(score)); } catch (error) { /* ignore */ }
  }

  show() {
    const score = this.score;
    this.line.hidden = score.total === 0;
    this.line.textContent = `Aciertos en esta visita: ${score.right} de ${score.total}.`;
    this.stats.replaceChildren();
    this.stats.hidden = score.total === 0;
    if (score.total === 0) return;
    const streak = el("p", null, `Racha: ${score.streak} seguidas (la mejor: ${score.best}).`);
    streak.dataset.trainerStreak = "";
    const modes = el("ul", "trainer__modes");
    for (const [mode, tally] of Object.entries(score.modes)) {
      const item = el("li", null, `${this.modeName(mode)}: ${tally.right} de ${tally.total}`);
      item.dataset.mode = mode;
      modes.append(item);
    }
    this.stats.append(streak, modes);
    if (score.times.length) {
      const seconds = score.times.reduce((a, b) => a + b, 0) / score.times.length;
      const time = el("p", null, `Contrarreloj: ${duration(seconds * 1000)} de media por mano acertada `
        + `(${score.times.length}).`);
      time.dataset.trainerTime = "";
      this.stats.append(time);
    }
    if (score.mistakes.length) this.stats.append(this.mistakes());
  }

  /** The mistakes to review, each with «Repasar». */
  mistakes() {
    const box = el("details", "trainer__mistakes");
    const list = el("ol");
    this.score.mistakes.forEach((mistake, i) => {
      const item = el("li");
      const again = el("button", "md-button trainer__review", "Repasar");
      again.type = "button";
      again.addEventListener("click", () => this.review(mistake.hand, i));
      item.append(`${this.modeName(mistake.hand.mode)}: respondiste ${mistake.given}; era ${mistake.expected}. `, again);
      list.append(item);
    });
    box.append(el("summary", null, `Fallos para repasar (${this.score.mistakes.length})`), list);
    return box;
  }
}
