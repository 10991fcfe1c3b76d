// Endless drills on the «Práctica» pages ([data-drill]): the engine deals ("drill") and judges
// ("drill-check"); this file only moves data between the page and the engine, as text.
// The address carries the drill (?ejercicio=…&nivel=…&semilla=…), so a link reopens the same one.
// The score and the streak last for the visit (sessionStorage) and count the first answer to each drill.
import { request, state as engineState } from "../engine/client.js";
import { Asker } from "./asking.js";
import { bringIntoView, el, onPage } from "./page.js";
import { answerParts, showFeedback, showProgress } from "./quiz.js";
import { renderFacts } from "./trainer.js";

/** The drill an address asks for: {kind, level, seed, rejected}; missing or unknown parts are null, and
 * rejected lists the parts given that are not valid ([name, value], e.g. ["semilla", "-1"]). */
export function fromAddress(search, kinds, levels) {
  const params = new URLSearchParams(search);
  const kind = params.get("ejercicio");
  const level = params.get("nivel");
  const seed = params.get("semilla");
  const wanted = {
    kind: kinds.includes(kind) ? kind : null,
    level: levels.includes(level) ? level : null,
    seed: seed !== null && /^\d{1,10}$/.test(seed) && Number(seed) < 2 ** 32 ? Number(seed) : null,
  };
  const given = [["ejercicio", kind, wanted.kind], ["nivel", level, wanted.level], ["semilla", seed, wanted.seed]];
  wanted.rejected = given.filter(([, value, valid]) => value !== null && valid === null).map(([name, value]) => [name, value]);
  return wanted;
}

/** What the reader is told when the address's drill was not valid (plain text: it quotes the address). */
export function rejectedText(rejected) {
  const parts = rejected.map(([name, value]) => `${name} «${value.length > 40 ? `${value.slice(0, 39)}…` : value}»`);
  return `El enlace no era válido (${parts.join("; ")}): aquí tienes un ejercicio nuevo.`;
}

/** The query string that reopens a drill. */
export function address({ kind, level, seed }) {
  return "?" + new URLSearchParams({ ejercicio: kind, nivel: level, semilla: String(seed) }).toString();
}

/** The feedback kind of quiz.js for a drill-check reply (the quiz-check contract). */
export function verdictKind(reply) {
  if (reply.error) return "error";
  if (reply.verdict === "revealed") return "revealed";
  if (reply.correct) return "correct";
  if (!reply.valid) return "invalid";
  return reply.verdict === "needs-detail" ? "detail" : "wrong";
}

function scoreKey() {
  return `drill-score:${location.pathname}`;
}

function loadScore() {
  try {
    const saved = JSON.parse(sessionStorage.getItem(scoreKey()) || "null");
    if (saved && [saved.right, saved.total, saved.streak].every(Number.isInteger)) return saved;
  } catch (error) { /* storage may be blocked: keep the score in memory */ }
  return { right: 0, total: 0, streak: 0 };
}

function saveScore(score) {
  try { sessionStorage.setItem(scoreKey(), JSON.stringify(score)); } catch (error) { /* ignore */ }
}

/** A labelled <select> of [value, label] pairs. */
function select(name, title, choices) {
  const label = el("label");
  const box = el("select");
  box.name = name;
  for (const [value, text] of choices) {
    const option = el("option", null, text);
    option.value = value;
    box.append(option);
  }
  label.append(el("span", null, title), box);
  return label;
}

/** The widget's parts, built inside the root (the page gives the kinds and levels as JSON). */
function build(root) {
  const id = root.id || "practica";
  const settings = el("form", "trainer__selects drill__settings");
  settings.noValidate = true;
  const newButton = el("button", "md-button", "Otro ejercicio");
  newButton.type = "button";
  settings.append(select("ejercicio", "Ejercicio", JSON.parse(root.dataset.drillKinds)),
    select("nivel", "Nivel", JSON.parse(root.dataset.drillLevels)), newButton);
  const card = el("div", "drill__card");
  card.hidden = true;
  const { topic, question, facts, form: answerForm, input, check: checkButton, hint, feedback } =
    answerParts(id, "quiz__prompt drill__question");
  const link = el("a", "drill__link", "Enlace a este ejercicio");
  const linkNote = el("p", "drill__link-note");
  linkNote.setAttribute("role", "status");
  linkNote.hidden = true;
  const linkLine = el("p", "drill__share");
  linkLine.append(link);
  card.append(topic, question, facts, answerForm, feedback, linkLine);
  const scoreLine = el("p", "trainer__score");
  scoreLine.setAttribute("aria-live", "polite");
  scoreLine.hidden = true;
  root.append(settings, linkNote, card, scoreLine);
  return { settings, newButton, card, topic, question, facts, answerForm, input, checkButton, hint, feedback,
    link, linkNote, scoreLine };
}

function setup(root) {
  if (root.dataset.drillReady) return;
  root.dataset.drillReady = "1";
  const { settings, newButton, card, topic, question, facts, answerForm, input, checkButton, hint, feedback,
    link, linkNote, scoreLine } = build(root);
  const kindSelect = settings.querySelector('select[name="ejercicio"]');
  const levelSelect = settings.querySelector('select[name="nivel"]');
  const noJs = root.querySelector("[data-no-js]");
  if (noJs) noJs.hidden = true;
  const kinds = [...kindSelect.options].map((o) => o.value);
  const levels = [...levelSelect.options].map((o) => o.value);

  let current = null; // {kind, level, seed} of the drill on the page
  let scored = false;
  let logged = false;  // the progress log keeps the first judged answer to each drill (a hint counts)
  const dealer = new Asker(request); // a new exercise supersedes the one being dealt
  const checker = new Asker(request); // a second check (or a new exercise) supersedes the first
  const score = loadScore();

  function showScore() {
    scoreLine.hidden = score.total === 0;
    scoreLine.textContent = `Aciertos en esta visita: ${score.right} de ${score.total} · racha: ${score.streak}`;
  }

  async function load(wanted) {
    checker.cancel();
    newButton.disabled = true;
    checkButton.disabled = true;
    root.dataset.state = "loading";
    showFeedback(feedback, "busy", engineState().phase === "ready" ? "Preparando el ejercicio…"
      : "Cargando el motor de reglas…", []);
    const payload = { kind: wanted.kind, level: wanted.level };
    if (wanted.seed !== null && wanted.seed !== undefined) payload.seed = wanted.seed;
    const reply = await dealer.ask("drill", payload, {
      onProgress: ({ done, total }) => {
        showFeedback(feedback, "busy", `Calculando… ${Math.floor((100 * done) / total)} %`, []);
      },
    });
    if (reply === null) return; // a newer drill was asked for meanwhile
    newButton.disabled = false;
    checkButton.disabled = false;
    if (reply.error) {
      showFeedback(feedback, "error", reply.error, []);
      root.dataset.state = "error";
      return;
    }
    current = { kind: reply.kind, level: reply.level, seed: reply.seed };
    scored = false;
    logged = false;
    root.dataset.kind = reply.kind;
    root.dataset.level = reply.level;
    root.dataset.seed = String(reply.seed);
    root.dataset.family = reply.family;
    topic.textContent = `Tema: ${reply.topic}`;
    question.textContent = reply.question;
    renderFacts(facts, reply.facts);
    hint.textContent = reply.hint;
    const here = address(current);
    link.href = here;
    try { history.replaceState(history.state, "", here + location.hash); } catch (error) { /* ignore */ }
    card.hidden = false;
    input.value = "";
    input.setAttribute("aria-invalid", "false");
    feedback.replaceChildren();
    delete feedback.dataset.result;
    root.dataset.state = "ready";
  }

  function fresh() {
    linkNote.hidden = true;
    load({ kind: kindSelect.value, level: levelSelect.value, seed: null });
  }

  async function check(reveal) {
    if (!current || (checkButton.disabled && !reveal)) return;
    checkButton.disabled = true;
    const asked = current;
    showFeedback(feedback, "busy", "Comprobando…", []);
    // The first judged answer to each drill goes to the progress log (a retry or the solution after it does not).
    const reply = await checker.ask("drill-check", { ...asked, answer: input.value, reveal }, { record: !logged });
    if (reply === null || asked !== current) return; // superseded: a newer check or a new drill
    checkButton.disabled = false;
    const kind = verdictKind(reply);
    const counts = kind === "correct" || kind === "wrong" || kind === "revealed";
    let message = reply.error || reply.message;
    if (counts && scored && kind === "correct") {
      message += " (No cuenta en los aciertos: solo cuenta la primera respuesta a cada ejercicio.)";
    }
    showFeedback(feedback, kind, message, reply.steps || [], (control) => {
      control.disabled = true;
      check(true);
    }, reply.error ? undefined : reply.title);
    showProgress(feedback, reply.progress);
    if (reply.progress) logged = true;
    input.setAttribute("aria-invalid", kind === "invalid" ? "true" : "false");
    if (counts) bringIntoView(newButton);  // «Otro ejercicio» is on screen after an answer
    if (counts && !scored) {
      scored = true;
      score.total += 1;
      if (kind === "correct") {
        score.right += 1;
        score.streak += 1;
      } else {
        score.streak = 0;
      }
      saveScore(score);
      showScore();
    }
    root.dataset.state = kind;
  }

  newButton.addEventListener("click", () => {
    fresh();
    input.focus();
  });
  settings.addEventListener("change", () => fresh());
  settings.addEventListener("submit", (event) => event.preventDefault());
  answerForm.addEventListener("submit", (event) => {
    event.preventDefault();
    check(false);
  });
  showScore();
  const wanted = fromAddress(location.search, kinds, levels);
  if (wanted.kind) kindSelect.value = wanted.kind;
  if (wanted.level) levelSelect.value = wanted.level;
  if (wanted.rejected.length) {  // never another drill in silence: say so, then deal a fresh one
    linkNote.textContent = rejectedText(wanted.rejected);
    linkNote.hidden = false;
  }
  const exact = wanted.kind && !wanted.rejected.length;
  load({ kind: kindSelect.value, level: levelSelect.value, seed: exact ? wanted.seed : null });
}

onPage(() => {
  for (const root of document.querySelectorAll("[data-drill]")) setup(root);
});
