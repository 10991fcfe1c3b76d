// The box where a free table opens a hand history (free.js), for a game whose histories travel as files:
// pasted, or from a file; nothing longer than the engine's limit is pasted or read.
import { el } from "../page.js";
import { button } from "./free-ui.js";

export class ImportBox {
  /**
   * @param files the engine's words for histories ("game-info" history); @param limit the longest
   * history (characters); @param open(text) shows a history step by step.
   */
  constructor(files, limit, open) {
    this.files = files;
    this.limit = limit;
    this.box = el("details", "mesa-import");
    const area = el("label", "mesa-import__label");
    area.append(el("span", null, files.text));
    this.text = el("textarea");
    this.text.rows = 6;
    this.text.spellcheck = false;
    area.append(this.text);
    const file = el("label", "mesa-import__file");
    file.append(el("span", null, files.file));
    this.file = el("input");
    this.file.type = "file";
    this.file.accept = files.accept;
    file.append(this.file);
    const go = button("mesa-import__go", files.go, true);
    this.error = el("p", "mesa-import__error");
    this.error.setAttribute("role", "alert");
    this.error.hidden = true;
    this.box.append(el("summary", null, files.import), area, file, go, this.error);
    go.addEventListener("click", () => open(this.text.value));
    this.text.addEventListener("paste", (event) => this.paste(event));
    this.file.addEventListener("change", () => this.read(open));
  }

  /** A paste that would take the box over the engine's limit never reaches it. */
  paste(event) {
    const pasted = event.clipboardData ? event.clipboardData.getData("text/plain") : "";
    const box = this.text;
    const kept = box.value.length - (box.selectionEnd - box.selectionStart);
    if (kept + pasted.length <= this.limit) return;
    event.preventDefault();
    this.problem(this.files.paste_too_long);
  }

  async read(open) {
    const chosen = this.file.files && this.file.files[0];
    if (!chosen) return;
    if (!(chosen.size <= this.limit)) { // bounded before it is read (bytes ≥ characters)
      this.problem(this.files.too_long);
      return;
    }
    this.text.value = await chosen.text();
    open(this.text.value);
  }

  /** Why a history cannot be shown, in the box. */
  problem(message) {
    this.box.open = true;
    this.error.hidden = false;
    this.error.textContent = message;
  }
}
