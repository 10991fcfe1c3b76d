// A hand history shown step by step at a free table (free.js; the engine replays it): the bar under the
// table with «Paso siguiente», «Ver hasta el final», the autoplay that steps by itself and «Jugar esta
// mano», and the note that a shared hand's «Tú» is whoever shared it.
import { el } from "../page.js";
import { button } from "./free-ui.js";

const AUTOPLAY_MS = 900; // between two steps of a replay that plays itself

export class ReplayBar {
  /**
   * @param word(key) the page's words; @param step(toEnd) asks the engine for the next step (or all);
   * @param play() plays the shown hand at a table of one's own.
   */
  constructor(word, { step, play }) {
    this.word = word;
    this.step = step;
    this.autoplay = false;
    this.bar = el("div", "mesa-replay");
    this.bar.hidden = true;
    this.text = el("p", "mesa-replay__text");
    this.text.setAttribute("aria-live", "polite");
    // A shared hand is someone else's: its «Tú» is whoever played and shared it (said before the table).
    this.sharedNote = el("p", "mesa-replay__note admonition note", word("shared_note"));
    this.sharedNote.hidden = true;
    this.stepButton = button("mesa-step", word("step"), true);
    this.allButton = button("mesa-all", word("to_end"));
    this.autoButton = button("mesa-auto", word("autoplay"));
    this.autoButton.setAttribute("aria-pressed", "false");
    this.playButton = button("mesa-play-this", word("play_this"));
    this.playButton.hidden = true;
    this.bar.append(this.text, this.stepButton, this.allButton, this.autoButton, this.playButton);
    this.stepButton.addEventListener("click", () => step(false));
    this.allButton.addEventListener("click", () => step(true));
    this.autoButton.addEventListener("click", () => this.toggle());
    this.playButton.addEventListener("click", () => play());
  }

  /** The bar for a new session: shown with a history (`replaying`: {text, shared}), hidden without. */
  reset(replaying) {
    this.stop();
    this.bar.hidden = !replaying;
    this.sharedNote.hidden = !(replaying && replaying.shared);
    this.playButton.hidden = true;
  }

  /** After a step: where the replay is, and what is left to do (`playable`: the hand can be played). */
  shown(text, { over, playable }) {
    this.text.textContent = text;
    for (const node of [this.stepButton, this.allButton, this.autoButton]) node.hidden = over; // nothing left
    this.playButton.hidden = !playable;
  }

  /** The next step, when the replay plays itself. */
  next() {
    if (this.autoplay) this.timer = setTimeout(() => this.step(false), AUTOPLAY_MS);
  }

  toggle() {
    this.autoplay = !this.autoplay;
    this.autoButton.setAttribute("aria-pressed", String(this.autoplay));
    this.autoButton.textContent = this.word(this.autoplay ? "pause" : "autoplay");
    if (this.autoplay) this.step(false);
    else clearTimeout(this.timer);
  }

  /** No step pending, and the autoplay off. */
  stop() {
    clearTimeout(this.timer);
    this.autoplay = false;
    this.autoButton.setAttribute("aria-pressed", "false");
    this.autoButton.textContent = this.word("autoplay");
  }

  /** A step asked by the reader (or the autoplay) cancels the one the autoplay had planned. */
  cancel() {
    clearTimeout(this.timer);
  }
}
