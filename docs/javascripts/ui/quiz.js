// Quiz questions ([data-quiz], rendered at build time by site_hooks/quizzes.py): an answer box whose
// answer the engine checks in the worker ("quiz-check"). Without JavaScript the question and its
// worked solution (<details>) are already on the page; this only adds the box.
// Everything the reader types, and everything the engine says, is shown as text (textContent).
import { request, state as engineState } from "../engine/client.js";
import { onPage } from "./page.js";

/** Feedback: a verdict line, the engine's message and the steps of the solution. */
export function showFeedback(box, kind, message, steps) {
  box.replaceChildren();
  box.dataset.result = kind;
  const verdict = document.createElement("p");
  verdict.className = "quiz__verdict";
  verdict.textContent = {
    correct: "✓ Correcto",
    wrong: "✗ No es correcto",
    invalid: "Revisa tu respuesta",
    error: "No se pudo comprobar",
    busy: "",
  }[kind] || "";
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
  }
}

/** Ask the engine; resolves to {kind, message, steps}. Shared with the trainer. */
export async function judge(question, answer) {
  try {
    const reply = await request("quiz-check", { question, answer });
    if (reply.error) return { kind: "error", message: reply.error, steps: [] };
    if (!reply.valid) return { kind: "invalid", message: reply.message, steps: [] };
    return { kind: reply.correct ? "correct" : "wrong", message: reply.message, steps: reply.steps || [], reply };
  } catch (error) {
    return { kind: "error", message: `El motor no está disponible: ${error.message}`, steps: [] };
  }
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
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (button.disabled) return;
    button.disabled = true;
    root.setAttribute("aria-busy", "true");
    showFeedback(feedback, "busy", engineState().phase === "ready"
      ? "Comprobando…" : "Cargando el motor de reglas…", []);
    const result = await judge(question, input.value);
    showFeedback(feedback, result.kind, result.message, result.steps);
    input.setAttribute("aria-invalid", result.kind === "invalid" ? "true" : "false");
    root.dataset.answered = result.kind;
    root.removeAttribute("aria-busy");
    button.disabled = false;
  });
}

onPage(() => {
  for (const root of document.querySelectorAll("[data-quiz]")) setup(root);
});
