// The croupier's trainer for Ultimate Texas Hold'em ([data-uth-trainer], rendered by
// site_hooks/quizzes.py). The engine deals ("uth-trainer-deal") and judges ("quiz-check" through
// quiz.js's judge); this file only moves data between the page and the engine.
// The score lasts for the visit (sessionStorage) and counts the first answer given to each hand.
import { request, state as engineState } from "../engine/client.js";
import { onPage } from "./page.js";
import { judge, showFeedback } from "./quiz.js";

const SCORE_KEY = "uth-trainer-score";

function loadScore() {
  try {
    const saved = JSON.parse(sessionStorage.getItem(SCORE_KEY) || "null");
    if (saved && Number.isInteger(saved.right) && Number.isInteger(saved.total)) return saved;
  } catch (error) { /* storage may be blocked: keep the score in memory */ }
  return { right: 0, total: 0 };
}

function saveScore(score) {
  try { sessionStorage.setItem(SCORE_KEY, JSON.stringify(score)); } catch (error) { /* ignore */ }
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

  let current = null; // the engine's question for the hand on the table
  let scored = false; // the first valid answer to each hand counts
  let dealing = 0;
  const score = loadScore();

  function showScore() {
    scoreLine.hidden = score.total === 0;
    scoreLine.textContent = `Aciertos en esta visita: ${score.right} de ${score.total}.`;
  }

  function choice() {
    const mode = settings.querySelector('input[name="modo"]:checked');
    return {
      mode: mode ? mode.value : "blind",
      trips_table: settings.querySelector('select[name="tabla"]').value,
      unit: Number(settings.querySelector('select[name="unidad"]').value),
    };
  }

  async function deal() {
    const ticket = ++dealing;
    dealButton.disabled = true;
    showFeedback(feedback, "busy", engineState().phase === "ready"
      ? "Repartiendo…" : "Cargando el motor de reglas…", []);
    let reply;
    try {
      reply = await request("uth-trainer-deal", choice());
    } catch (error) {
      reply = { error: `El motor no está disponible: ${error.message}` };
    }
    if (ticket !== dealing) return; // a newer deal was asked for meanwhile
    dealButton.disabled = false;
    if (reply.error) {
      showFeedback(feedback, "error", reply.error, []);
      return;
    }
    current = reply.question;
    scored = false;
    root.dataset.question = JSON.stringify(reply.question);
    root.dataset.seed = String(reply.seed);
    prompt.textContent = reply.prompt;
    renderFacts(facts, reply.facts);
    hint.textContent = reply.hint;
    hand.hidden = false;
    answerForm.hidden = false;
    input.value = "";
    input.setAttribute("aria-invalid", "false");
    feedback.replaceChildren();
    delete feedback.dataset.result;
    root.dataset.state = "dealt";
  }

  dealButton.addEventListener("click", () => {
    deal();
    input.focus();
  });
  settings.addEventListener("change", () => deal());
  settings.addEventListener("submit", (event) => event.preventDefault());
  async function check(reveal) {
    if (!current || checkButton.disabled) return;
    checkButton.disabled = true;
    const question = current;
    showFeedback(feedback, "busy", "Comprobando…", []);
    const result = await judge(question, input.value, { reveal });
    checkButton.disabled = false;
    if (question !== current) return; // a new hand was dealt meanwhile
    // The first answer to each hand counts (asking for the solution first counts as a miss).
    const counts = result.kind === "correct" || result.kind === "wrong" || result.kind === "revealed";
    let message = result.message;
    if (counts && scored && result.kind === "correct") {
      message += " (No cuenta en los aciertos: solo cuenta la primera respuesta a cada mano.)";
    }
    showFeedback(feedback, result.kind, message, result.steps, (control) => {
      control.disabled = true;
      check(true);
    });
    input.setAttribute("aria-invalid", result.kind === "invalid" ? "true" : "false");
    if (counts && !scored) {
      scored = true;
      score.total += 1;
      if (result.kind === "correct") score.right += 1;
      saveScore(score);
      showScore();
    }
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
