// The table view: the table (cloned from the page's templates, markup.js), the reader's decision, the
// opponents' pace, an error line, the end of the hand and the log, built once per page and drawn from
// the engine's replies. It knows no game: the seats, the shared cards (ayudas or board), any badge, the
// buttons with the engine's labels. The controller (controller.js) decides when to draw what.
import { el } from "../page.js";
import { showProgress } from "../why.js";
import { afterLayout } from "./frame.js";
import { appendLog, makeLog } from "./log.js";
import { drawResult } from "./result.js";
import { drawTable, tableParts } from "./markup.js";
import { isReader } from "./words.js";

export class TableView {
  /**
   * @param {string} id the root's id (prefix of the ids inside)
   * @param {object} options {level: the heading level of the log's and result's titles (2 right under the
   *   page's h1), fast: the «Sin pausas» box's first state, skipLabel: the «Saltar» button's name}
   */
  constructor(id, { level = 3, fast = false, skipLabel = "Saltar la pausa: ver ya las jugadas de los rivales" } = {}) {
    this.id = id;
    this.level = level;

    this.parts = tableParts();
    this.tableBox = this.parts.box;
    this.tableBox.hidden = true;

    // The reader's turn.
    this.controls = el("section", "sim-controls");
    this.controls.setAttribute("aria-label", "Tu decisión");
    this.controls.id = `${id}-decision`;
    this.controls.hidden = true;
    this.prompt = el("p", "sim-controls__prompt");
    this.prompt.id = `${id}-prompt`;
    this.buttons = el("div", "sim-controls__buttons");
    this.buttons.setAttribute("role", "group");
    this.buttons.setAttribute("aria-labelledby", this.prompt.id);
    this.buttons.tabIndex = -1; // the keyboard lands here on the reader's turn (controller.js)
    this.hint = el("p", "sim-controls__hint");
    this.hint.id = `${id}-hint`;
    this.hint.hidden = true;
    this.controls.append(this.prompt, this.buttons, this.hint);

    // The opponents' pace.
    this.pace = el("div", "sim-pace");
    this.pace.hidden = true;
    this.waiting = el("p", "sim-pace__text");
    this.skipButton = el("button", "md-button sim-skip", "Saltar");
    this.skipButton.type = "button";
    this.skipButton.setAttribute("aria-disabled", "true");
    this.skipButton.setAttribute("aria-label", skipLabel);
    this.skipButton.setAttribute("aria-keyshortcuts", "Escape");
    const fastLabel = el("label", "sim-fast");
    this.fastInput = el("input");
    this.fastInput.type = "checkbox";
    this.fastInput.checked = fast;
    fastLabel.append(this.fastInput, document.createTextNode(" Sin pausas"));
    this.pace.append(this.skipButton, fastLabel, this.waiting);

    this.error = el("p", "sim-error");
    this.error.setAttribute("role", "alert");
    this.error.hidden = true;

    // What the engine says about the reader's last decision in a practice hand (ui/why.js).
    this.judged = el("div", "sim-judged");
    this.judged.setAttribute("aria-live", "polite");

    // The end of the hand.
    this.result = el("section", "sim-result");
    this.result.hidden = true;
    this.result.setAttribute("aria-labelledby", `${id}-result-title`);

    // The log.
    this.logBox = el("section", "sim-log");
    this.logBox.hidden = true;
    const logTitle = el(`h${level}`, "sim-log__title", "Desarrollo de la mano");
    logTitle.id = `${id}-log-title`;
    this.log = makeLog(logTitle.id, level + 1);
    this.logBox.append(logTitle, this.log);

    this.main = el("div", "sim-play__main");
    this.main.append(this.tableBox, this.controls, this.judged, this.pace, this.error, this.result);
    this.play = el("div", "sim-play");
    this.play.append(this.main, this.logBox);
  }

  /** A new hand: an empty log, no result, no decision, no error; the table shown. */
  clear() {
    this.log.replaceChildren();
    this.result.hidden = true;
    this.result.replaceChildren();
    delete this.result.dataset.simResult;
    this.error.hidden = true;
    this.judged.replaceChildren();
    this.controls.hidden = true;
    this.tableBox.hidden = false;
    this.logBox.hidden = false;
    this.pace.hidden = false;
  }

  /** The engine's judgement of the reader's decision (a play-step reply's `progress`; null: nothing to say). */
  showJudged(progress) {
    showProgress(this.judged, progress);
  }

  /** One event: its log line, and the table when the event carries it (a state.js table). */
  drawEvent(event, table, words) {
    appendLog(this.log, event);
    if (table) drawTable(this.parts, table, words);
  }

  /** The reader's options (the reply's "next"); false (and nothing shown) when it is not their turn. */
  drawTurn(next) {
    if (!next || !isReader(next.player)) {
      this.controls.hidden = true;
      return false;
    }
    const cardChoice = Boolean(next.hint);
    this.prompt.textContent = next.prompt || "";
    this.hint.hidden = !cardChoice;
    this.hint.textContent = next.hint || "";
    this.buttons.replaceChildren(...(next.can || []).map((option) => this.controlFor(option, cardChoice)));
    this.controls.hidden = false;
    return true;
  }

  /** A decision's button (with its amount box, its range, its quick amounts and its all-in when the
   * engine lets the reader choose the amount; every word and amount is the engine's). */
  controlFor(option, cardChoice) {
    const variable = (option.action === "bet" || option.action === "raise") && option.min !== option.max;
    // The plain look where a press would be a big step (a fold, everything in) or the box decides.
    const shoves = Boolean(option.all_in) && option.min === option.max;
    const button = this.actionButton(option, option.label, option.action === "fold" || variable || shoves);
    if (option.action === "call") button.dataset.amount = String(option.amount);
    if (option.action === "bet" || option.action === "raise") button.dataset.amount = String(option.min);
    if (cardChoice) button.setAttribute("aria-describedby", this.hint.id);
    if (!variable) return button;
    // No-limit: an amount between min and max (the engine judges it), its range said before typing.
    const label = el("label", "sim-amount");
    const words = el("span", "sim-amount__words");
    words.append(el("span", "sim-amount__label", option.amount_label));
    label.append(words);
    const input = el("input");
    input.type = "number";
    input.min = String(option.min);
    input.max = String(option.max);
    input.step = "1";
    input.value = String(option.min);
    input.inputMode = "numeric";
    const set = (value) => {
      input.value = String(value);
      button.dataset.amount = input.value;
    };
    input.addEventListener("input", () => { button.dataset.amount = input.value; });
    input.addEventListener("keydown", (event) => {
      if (event.key === "Enter") {
        event.preventDefault();
        button.click();
      }
    });
    label.append(input);
    const wrap = el("div", "sim-amount-group");
    wrap.dataset.option = option.action;
    wrap.append(label);
    if (option.range) {
      const range = el("span", "sim-amount__range", option.range);
      range.id = `${this.id}-range-${option.action}`;
      input.setAttribute("aria-describedby", range.id);
      words.append(range);
    }
    wrap.append(button);
    // One row under the box: the quick amounts (they fill the box, they play nothing).
    const quick = el("div", "sim-quick");
    quick.setAttribute("role", "group");
    quick.setAttribute("aria-label", option.amount_label);
    for (const q of option.quick || []) {
      const fill = el("button", "md-button sim-quick__amount", q.label);
      fill.type = "button";
      fill.dataset.quick = q.key;
      fill.dataset.value = String(q.amount);
      fill.addEventListener("click", () => { set(q.amount); input.focus(); });
      quick.append(fill);
    }
    if (quick.children.length) wrap.append(quick);
    if (!option.all_in) return wrap;
    // The all-in: a decision of its own, in the row of the other decisions (before the amount's box).
    const shove = this.actionButton(option, option.all_in.label, true);
    shove.classList.add("sim-action--allin");
    shove.dataset.amount = String(option.all_in.amount);
    shove.dataset.allIn = "true";
    const both = document.createDocumentFragment();
    both.append(shove, wrap);
    return both;
  }

  /** A decision button: the engine's label; the primary look only where pressing it plays the amount shown. */
  actionButton(option, text, plain) {
    const button = el("button", `md-button sim-action sim-action--${option.action}`, text);
    button.type = "button";
    button.dataset.action = option.action;
    if (!plain) button.classList.add("md-button--primary");
    return button;
  }

  /** The end of the hand (the engine's result), drawn into the result box. */
  drawResult(result, words) {
    this.controls.hidden = true;
    this.pace.hidden = true;
    drawResult(this.result, result, words, `${this.id}-result-title`, this.level);
    this.result.hidden = false;
  }

  setButtonsDisabled(disabled) {
    for (const node of this.buttons.querySelectorAll("button, input")) node.disabled = disabled;
  }

  showError(message) {
    this.error.hidden = false;
    this.error.textContent = message;
  }
}

// How far to scroll (no animation) so that ``first``'s top sits under Material's sticky header and
// ``last``'s bottom is on screen; when both do not fit, ``last`` wins (the buttons to press); 0 when both
// show. It reads the page's geometry: call it where the layout is up to date (a read of frame.js).
export function scrollToShow(first, last) {
  if (!first.isConnected || !last.isConnected) return 0;
  const header = document.querySelector(".md-header");
  const top = (header ? header.getBoundingClientRect().bottom : 0) + 4;
  const room = window.innerHeight - 4;
  const from = first.getBoundingClientRect().top;
  const to = last.getBoundingClientRect().bottom;
  if (from >= top && to <= room) return 0;
  return to - from <= room - top ? from - top : to - room;
}

/** Scroll the page by ``delta`` (from scrollToShow), at once. */
export function scrollPage(delta) {
  if (delta) window.scrollBy({ top: delta, left: 0, behavior: "instant" });
}

/** ``first`` and ``last`` on screen in the next frame, after the browser's layout (the last call of a frame
 * is the one that counts). */
export function showTogether(first, last) {
  afterLayout(showTogether, () => {
    const delta = scrollToShow(first, last);
    return () => scrollPage(delta);
  });
}
