// Under a checked answer (a quiz, a drill, a trainer, a decision in a practice hand): what the engine
// says about the skills it exercised, from the reply's `progress` (engine/progress/): why a failed
// skill went wrong, with a link to its rule, the other game whose rules the answer followed (with a link
// to that game's rule), or, for a legal decision off a practice hand's line, that it was a choice and what
// the hand teaches. Only the engine's words, as text. And, once a page, when the browser did not keep an answer
// (progress/record.js says so), why, under that answer.

export const SITE_ROOT = new URL("../../", import.meta.url);

/** A site-absolute address of the engine («/holdem/#ranking-de-manos») as a link from this page. An
 * address from elsewhere (an imported file) can only point into the site: anything else gives its home. */
export function siteHref(path) {
  const url = new URL(String(path).replace(/^\/+/, ""), SITE_ROOT);
  return url.origin === SITE_ROOT.origin && url.pathname.startsWith(SITE_ROOT.pathname) ? url.href : SITE_ROOT.href;
}

/**
 * Under a checked answer's feedback, what the engine says about its skills (the reply's `progress`):
 * why each failed skill went wrong with a link to its rule, and the other game whose rules the answer
 * followed; for a choice off a practice hand's line, the line and the hand's lesson. Only the engine's
 * words; nothing when the answer was right.
 */
export function showProgress(box, progress) {
  for (const old of box.querySelectorAll(".quiz__why, .quiz__other-game, .quiz__choice")) old.remove();
  if (progress) shownIn.set(progress, box);
  if (pendingNotice) sayNotKept(pendingNotice);
  if (progress && progress.choice) {
    const line = document.createElement("p");
    line.className = "quiz__choice";
    line.textContent = [progress.choice.text, progress.choice.reason].filter(Boolean).join(" ");
    box.append(line);
    return;
  }
  if (!progress || progress.ok !== false) return;
  const said = new Set();
  for (const skill of progress.skills || []) {
    if (skill.ok || !skill.why || said.has(skill.why)) continue;
    said.add(skill.why);
    box.append(ruleLine("quiz__why", skill.why, skill.rule, "Repasa la regla"));
  }
  const other = progress.other_game;
  if (other && other.text) box.append(ruleLine("quiz__other-game", other.text, other.rule, "Compara las reglas"));
}

/** <p class="className">text <a href="rule">linkText</a></p> (the link only with a rule). */
function ruleLine(className, text, rule, linkText) {
  const line = document.createElement("p");
  line.className = className;
  line.textContent = `${text} `;
  if (rule) {
    const link = document.createElement("a");
    link.href = siteHref(rule);
    link.textContent = linkText;
    line.append(link);
  }
  return line;
}


// The answer the browser did not keep: said once on the page, right after that answer's box (the last that
// showed its `progress`), where it stays while the reader goes on (a page drawn anew can say it again).
const shownIn = new WeakMap();
let notice = null;
let pendingNotice = null;

function sayNotKept({ progress, text }) {
  pendingNotice = null;
  if (notice && notice.isConnected) return;
  const box = shownIn.get(progress);
  if (!box || !box.isConnected) {
    pendingNotice = { progress, text };  // the answer is not drawn yet: at its showProgress()
    return;
  }
  notice = document.createElement("p");
  notice.className = "progress-notice";
  notice.setAttribute("role", "alert");
  notice.textContent = text;
  box.after(notice);
}

if (typeof document !== "undefined") {
  document.addEventListener("progreso:sin-guardar", (event) => sayNotKept(event.detail));
}
