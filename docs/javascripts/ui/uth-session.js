// The Ultimate strategy session ([data-uth-session], docs/ultimate/sesion.md): the engine deals
// ("uth-session-deal") and grades each decision ("uth-session-decide"); this file only moves data between
// the page and the engine, as text. The engine keeps the hand and deals from its own randomness: the page
// holds only what the rules have shown (the reader's cards, the board street by street, the dealer's cards
// once the hand is over), and no seed. Every decision's reply carries `progress`, which the engine's client
// records for «Mi progreso». The session lives in the engine: a reload, or an engine that restarted, ends it.
import { request, state as engineState } from "../engine/client.js";
import { Asker } from "./asking.js";
import { bringIntoView, button, el, onPage } from "./page.js";
import { renderFacts } from "./trainer.js";
import { showProgress } from "./why.js";

/** Refusals after which the engine no longer holds the session (it forgot it, or its worker restarted). */
const LOST = new Set(["unknown-session", "worker", "timeout", "restarted"]);

/** A fresh id for this visit's session (the engine keeps it; it deals nothing). */
function sessionId() {
  const values = new Uint32Array(2);
  crypto.getRandomValues(values);
  return `uth-${values[0].toString(36)}${values[1].toString(36)}`;
}

/** A list of the engine's sentences. */
function sentences(tag, className, items) {
  const list = el(tag, className);
  for (const item of items) list.append(el("li", null, item));
  return list;
}

/** «Cómo se calcula»: the engine's explanation, folded. */
function explanation(steps) {
  const details = el("details", "quiz__solution");
  details.append(el("summary", null, "Cómo se calcula"), sentences("ol", "quiz__steps", steps));
  return details;
}

function build(root) {
  const controls = el("div", "uth-session__controls");
  const deal = button("Empezar la sesión", "md-button md-button--primary");
  deal.dataset.uthDeal = "";
  const restart = button("Nueva sesión");
  restart.hidden = true;
  controls.append(deal, restart);
  const status = el("p", "uth-session__status");
  status.setAttribute("role", "status");
  const hand = el("section", "uth-session__hand");
  hand.setAttribute("aria-labelledby", "sesion-mano");
  hand.hidden = true;
  const title = el("h2", "uth-session__title");
  title.id = "sesion-mano";
  const facts = el("dl", "quiz__facts");
  const prompt = el("p", "trainer__prompt");
  const options = el("div", "uth-session__options");
  options.setAttribute("role", "group");
  options.setAttribute("aria-labelledby", "sesion-pregunta");
  prompt.id = "sesion-pregunta";
  const graded = el("div", "quiz__feedback uth-session__graded");
  const settlement = el("div", "uth-session__settlement");
  hand.append(title, facts, graded, prompt, options, settlement);
  const summary = el("section", "uth-session__summary");
  summary.setAttribute("aria-labelledby", "sesion-resumen");
  summary.hidden = true;
  // «Otra mano» under the hand's end: bringing it into view shows the settlement above it.
  root.append(status, hand, controls, summary);
  return { controls, deal, restart, status, hand, title, facts, prompt, options, graded, settlement, summary };
}

/** One graded decision: its grade, why (a decision that was not «Correcta»: what it cost, with its rule's link,
 * from its `progress`), each option's value and the explanation. */
function showGraded(box, graded, progress) {
  box.replaceChildren();
  box.dataset.grade = graded.grade.code;
  const judged = progress && progress.ok === false;
  box.append(el("p", "quiz__verdict", `${graded.grade.name}: ${graded.name}`));
  showProgress(box, progress);
  box.append(el("p", "quiz__message", judged ? graded.simple : graded.why),
    sentences("ul", "uth-session__values", graded.lines), explanation(graded.steps));
}

/** The session so far: its figures, and its costliest decisions first. */
function showSummary(box, summary) {
  box.replaceChildren();
  const heading = el("h2", null, "Tu sesión");
  heading.id = "sesion-resumen";
  const facts = el("dl", "quiz__facts");
  renderFacts(facts, summary.facts);
  box.append(heading, facts);
  if (summary.costliest.length) {
    box.append(el("h3", null, "Las decisiones que más te costaron"));
    const list = el("ol", "uth-session__costliest");
    for (const graded of summary.costliest) {
      const item = el("li");
      const cards = el("dl", "quiz__facts");
      renderFacts(cards, graded.facts);
      item.append(el("p", "uth-session__costly-title", `${graded.title} (${graded.grade.name})`), cards,
        el("p", null, graded.why));
      list.append(item);
    }
    box.append(list);
  }
  box.hidden = false;
}

/** One session widget: the engine's replies drawn in `parts`, the reader's clicks sent as requests. */
class Session {
  constructor(root) {
    this.root = root;
    this.parts = build(root);
    this.asker = new Asker(request);
    this.id = sessionId();
    const noJs = root.querySelector("[data-no-js]");
    if (noJs) noJs.hidden = true;
    const { deal, restart, summary } = this.parts;
    deal.addEventListener("click", () => this.deal(root.dataset.hand === undefined || "fresh" in deal.dataset));
    restart.addEventListener("click", () => {
      summary.hidden = true;
      summary.replaceChildren();
      this.deal(true);
    });
  }

  say(text, kind = "") {
    this.parts.status.textContent = text;
    this.parts.status.dataset.kind = kind;
  }

  /** A refusal, in the engine's words; when the engine no longer holds the session, the next deal starts one. */
  refused(reply) {
    const { deal } = this.parts;
    this.root.dataset.state = "error";
    this.say(reply.error, "error");
    deal.hidden = false;
    deal.disabled = false;
    if (LOST.has(reply.code)) {
      deal.textContent = "Empezar otra sesión";
      deal.dataset.fresh = "1";
    }
    deal.focus();
  }

  /** The hand as the engine shows it: cards, the options (or the settlement), and the focus where to go on. */
  showHand(hand) {
    const { root, parts } = this;
    parts.hand.hidden = false;
    parts.title.textContent = hand.title;
    renderFacts(parts.facts, hand.facts);
    parts.prompt.textContent = hand.prompt || "";
    parts.prompt.hidden = !hand.prompt;
    parts.options.replaceChildren(...hand.options.map((option) => {
      const choice = button(option.name);
      choice.dataset.option = option.option;
      choice.addEventListener("click", () => this.decide(option.option));
      return choice;
    }));
    parts.settlement.replaceChildren();
    if (hand.settlement) {
      parts.settlement.append(el("p", "uth-session__net", hand.settlement.text),
        sentences("ol", "quiz__steps", hand.settlement.steps));
    }
    root.dataset.hand = String(hand.hand);
    root.dataset.state = hand.settlement ? "over" : "deciding";
    parts.deal.hidden = !hand.settlement;
    parts.deal.disabled = false;
    parts.deal.textContent = "Otra mano";
    parts.restart.hidden = false;
    const next = hand.settlement ? parts.deal : parts.options.querySelector("button");
    next.focus({ preventScroll: true });
    bringIntoView(next);
  }

  async deal(fresh) {
    const { parts } = this;
    parts.deal.disabled = true;
    this.root.dataset.state = "loading";
    this.say(engineState().phase === "ready" ? "Repartiendo…" : "Cargando el motor de reglas…", "busy");
    if (fresh) this.id = sessionId();
    const payload = fresh ? { session: this.id, new: true } : { session: this.id };
    const reply = await this.asker.ask("uth-session-deal", payload);
    if (reply === null) return;
    if (reply.error) { this.refused(reply); return; }
    delete parts.deal.dataset.fresh;
    parts.graded.replaceChildren();
    delete parts.graded.dataset.grade;
    this.say("");
    this.showHand(reply);
  }

  async decide(option) {
    for (const choice of this.parts.options.querySelectorAll("button")) choice.disabled = true;
    this.root.dataset.state = "loading";
    this.say("Calculando el valor de cada opción…", "busy");
    const reply = await this.asker.ask("uth-session-decide", { session: this.id, option }, {
      onProgress: ({ done, total }) => this.say(`Calculando… ${Math.floor((100 * done) / total)} %`, "busy"),
    });
    if (reply === null) return;
    if (reply.error) { this.refused(reply); return; }
    showGraded(this.parts.graded, reply.graded, reply.progress);
    this.say(`${reply.graded.grade.name}. ${reply.graded.why}`);
    if (reply.summary) showSummary(this.parts.summary, reply.summary);
    this.showHand(reply.hand);
  }
}

onPage(() => {
  for (const root of document.querySelectorAll("[data-uth-session]")) {
    if (root.dataset.uthReady) continue;
    root.dataset.uthReady = "1";
    new Session(root);
  }
});
