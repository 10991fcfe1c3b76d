// Quiz questions ([data-quiz], rendered at build time by site_hooks/quizzes.py): an answer box whose
// answer the engine checks in the worker ("quiz-check"). Without JavaScript the question and its
// worked solution (<details>) are already on the page; this adds the box and puts one «Ver la
// solución» button in place of the <details> (the engine's solution then shows in the feedback).
// Everything the reader types, and everything the engine says, is shown as text (textContent).
import { request, state as engineState } from "../engine/client.js";
import { Asker } from "./asking.js";
import { el, onPage } from "./page.js";
import { SITE_ROOT, showProgress } from "./why.js";

export { showProgress, siteHref } from "./why.js";

// The headline of feedback the engine did not word: a check it could not answer (the engine words
// each verdict's headline itself: the reply's title).
const CLIENT_TITLES = { error: "No se pudo comprobar", busy: "" };

/** The engine's verdicts (see engine/quiz/__init__.py, the quiz-check contract) as feedback kinds. */
const KINDS = {
  correct: "correct", incorrect: "wrong", "needs-detail": "detail", unreadable: "invalid", revealed: "revealed",
};

/**
 * Feedback: a verdict line (`title`, the engine's headline for its verdict), the engine's message and
 * the steps of the solution. With `onReveal`, an answer that is not right (wrong, vague or unreadable)
 * gets a «Ver la solución» button: the reader tries again, or asks for the solution.
 */
/** The parts of a dealt question the reader answers (a drill, a review item): its topic, question and data,
 * the answer form (the box `${id}-respuesta` with its hint `${id}-ayuda`) and the feedback, live. */
export function answerParts(id, questionClass = "quiz__prompt") {
  const topic = el("p", "drill__topic");
  const question = el("p", questionClass);
  const facts = el("dl", "quiz__facts");
  const form = el("form", "quiz__form");
  form.noValidate = true;
  const label = el("label", null, "Tu respuesta");
  label.htmlFor = `${id}-respuesta`;
  const row = el("div", "quiz__row");
  const input = el("input");
  Object.assign(input, { id: `${id}-respuesta`, name: "respuesta", type: "text", autocomplete: "off",
    spellcheck: false, maxLength: 200 });
  input.setAttribute("aria-describedby", `${id}-ayuda`);
  const check = el("button", "md-button md-button--primary", "Comprobar");
  check.type = "submit";
  row.append(input, check);
  const hint = el("p", "quiz__hint");
  hint.id = `${id}-ayuda`;
  form.append(label, row, hint);
  const feedback = el("div", "quiz__feedback");
  feedback.setAttribute("aria-live", "polite");
  return { topic, question, facts, form, input, check, hint, feedback };
}

export function showFeedback(box, kind, message, steps, onReveal, title = CLIENT_TITLES[kind]) {
  box.replaceChildren();
  box.dataset.result = kind;
  const verdict = document.createElement("p");
  verdict.className = "quiz__verdict";
  verdict.textContent = title || "";
  if (verdict.textContent) box.append(verdict);
  const text = document.createElement("p");
  text.className = "quiz__message";
  text.textContent = message;
  box.append(text);
  if (steps && steps.length) {
    const title = document.createElement("p");
    title.className = "quiz__steps-title";
    title.textContent = "Cómo se calcula:";
    const list = document.createElement("ol");
    list.className = "quiz__steps";
    for (const step of steps) {
      const item = document.createElement("li");
      item.textContent = String(step);
      list.append(item);
    }
    box.append(title, list);
  } else if (onReveal && ["wrong", "detail", "invalid"].includes(kind)) {
    const reveal = document.createElement("button");
    reveal.type = "button";
    reveal.className = "md-button quiz__reveal";
    reveal.textContent = "Ver la solución";
    reveal.addEventListener("click", () => onReveal(reveal));
    box.append(reveal);
  }
}

/**
 * Ask the engine through `asker` (an Asker of ./asking.js: a newer check supersedes this one);
 * resolves to {kind, title, message, steps, reply}, or null when superseded. `reveal: true` asks for the
 * solution whatever the answer (the «Ver la solución» button); `extra`: more of the request (where the
 * question is, the trainer's hand and time); `record: false` keeps the reply out of the progress log.
 * Shared with the trainer.
 */
export async function judge(asker, question, answer, { reveal = false, extra = {}, record = true } = {}) {
  const reply = await asker.ask("quiz-check", { question, answer, reveal, ...extra }, { record });
  if (reply === null) return null;
  if (reply.error) return { kind: "error", message: reply.error, steps: [] };
  const kind = KINDS[reply.verdict] || (reply.correct ? "correct" : reply.valid ? "wrong" : "invalid");
  return { kind, title: reply.title, message: reply.message, steps: reply.steps || [], reply };
}

/** This page's site path («/holdem/ponte-a-prueba/»), as the engine's catalogue writes pages. */
export function pagePath() {
  return "/" + location.pathname.slice(SITE_ROOT.pathname.length).replace(/index\.html$/, "");
}

function setup(root) {
  if (root.dataset.quizReady) return;
  let question;
  try {
    question = JSON.parse(root.dataset.quizSpec);
  } catch (error) {
    return; // the static question and its solution still teach
  }
  root.dataset.quizReady = "1";
  const form = root.querySelector(".quiz__form");
  const input = form.querySelector("input");
  const button = form.querySelector("button");
  const feedback = root.querySelector("[data-quiz-feedback]");
  form.hidden = false;
  // One «Ver la solución» per question: without JavaScript the static <details>; with it, this button,
  // which asks the engine and shows the solution in the feedback (the <details> would say it twice).
  // The button's words are the <details>' own (site_hooks/quizzes.py).
  const solution = root.querySelector(".quiz__solution");
  const revealButton = document.createElement("button");
  revealButton.type = "button";
  revealButton.className = "md-button quiz__reveal";
  revealButton.textContent = solution.querySelector("summary").textContent;
  revealButton.addEventListener("click", () => check(true));
  solution.hidden = true;
  solution.before(revealButton);
  const asker = new Asker(request); // checking again (or asking for the solution) supersedes a check in flight
  let recorded = false;
  async function check(reveal) {
    button.disabled = true;
    revealButton.disabled = true;
    root.setAttribute("aria-busy", "true");
    showFeedback(feedback, "busy", engineState().phase === "ready"
      ? "Comprobando…" : "Cargando el motor de reglas…", []);
    const result = await judge(asker, question, input.value, { reveal, record: !recorded,
      extra: { page: pagePath(), id: root.id } });
    if (result === null) return; // superseded: the newer check shows its own result
    showFeedback(feedback, result.kind, result.message, result.steps, undefined, result.title);
    if (result.reply && result.reply.progress) {
      recorded = true;  // the reader's first judged answer goes to the log; retries do not count again
      showProgress(feedback, result.reply.progress);
    }
    revealButton.disabled = false;
    revealButton.hidden = result.steps.length > 0;  // the solution is on screen
    input.setAttribute("aria-invalid", result.kind === "invalid" ? "true" : "false");
    root.dataset.answered = result.kind;
    root.removeAttribute("aria-busy");
    button.disabled = false;
  }
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (!button.disabled) check(false);
  });
}

onPage(() => {
  for (const root of document.querySelectorAll("[data-quiz]")) setup(root);
});
