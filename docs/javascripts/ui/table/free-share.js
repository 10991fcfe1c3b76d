// A finished hand's link with «Copiar el enlace», and its file where the game's histories travel as files
// (free.js). The link is the engine's history, compressed into the address (link.js).
import { el } from "../page.js";
import { button, fill } from "./free-ui.js";
import { encodeHistory, shareUrl } from "./link.js";

/** «Copiar el enlace»: the input's text to the clipboard, or the input selected to copy by hand. */
function copier(input, word) {
  const copy = button("mesa-copy", word("copy"));
  const status = el("span", "mesa-share__status");
  status.setAttribute("role", "status");
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(input.value);
      status.textContent = word("copied");
    } catch (e) {
      input.focus();
      status.textContent = word("copy_by_hand");
    }
  });
  return { copy, status };
}

export class ShareBox {
  constructor() {
    this.download = null; // the object URL of the finished hand's file
  }

  /**
   * The box of a finished hand: `text` its history, `hand` its number at the table, `files` the engine's
   * words for histories as files (null: links only), `word(key)` the page's words; `done()` once the
   * link is in the box, unless `stale()` says the page moved on meanwhile.
   */
  box(text, hand, files, word, { stale, done }) {
    const box = el("div", "mesa-share");
    const label = el("label", "mesa-share__label");
    label.append(el("span", null, word("share")));
    const input = el("input");
    input.type = "text";
    input.readOnly = true;
    input.addEventListener("focus", () => input.select());
    label.append(input);
    const { copy, status } = copier(input, word);
    box.append(label, copy);
    if (files) box.append(this.file(text, hand, files));
    box.append(status);
    encodeHistory(text).then((token) => {
      if (stale()) return;
      input.value = shareUrl(location, token);
      done();
    });
    return box;
  }

  /** The hand as a file to download (one at a time: the previous one's URL is released). */
  file(text, hand, files) {
    if (this.download) URL.revokeObjectURL(this.download);
    this.download = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    const file = el("a", "md-button mesa-download", files.download);
    file.href = this.download;
    file.download = `${fill(files.filename, { n: hand || 1 })}${files.extension}`;
    return file;
  }
}
