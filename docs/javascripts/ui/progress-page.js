// «Mi progreso» ([data-progress-page], docs/progreso.md): the reader's log drawn per game and per skill,
// a review session of the skills due today, «Mis errores», and the export, import and deletion of the
// log (ui/progress-copy.js). It reads the log's summary (progress/log.js, kept ready as answers are
// recorded: opening never reads the whole log) and the catalogue the build wrote into the page
// (site_hooks/progress.py): drawing starts no Python. What it says is computed by ../progress/view.js
// (pure, tested under Node); this file draws it. The engine starts only when the reader begins a review
// or a replay. A change made in another tab (an answer, a copy loaded, the log erased) redraws it.
// Every text from storage, a file or the engine goes in as text (textContent).
import { request, state as engineState } from "../engine/client.js";
import { count, formatDecimal } from "../engine/words.js";
import * as log from "../progress/log.js";
import * as model from "../progress/model.js";
import { lastFailure, notKeptText, reasonOf } from "../progress/problems.js";
import * as summary from "../progress/summary.js";
import * as view from "../progress/view.js";
import { WorkError, run } from "../progress/work.js";
import { readReads } from "../progress/visits.js";
import { Asker } from "./asking.js";
import { button, el, onPage, section } from "./page.js";
import { copyPart, workStatus } from "./progress-copy.js";
import { answerParts, showFeedback, showProgress, siteHref } from "./quiz.js";
import { renderFacts } from "./trainer.js";
import { tickPaths } from "./progress-path.js";

const FSRS_URL = new URL("../../assets/progress/fsrs.js", import.meta.url);
const SVG = "http://www.w3.org/2000/svg";
const CHART_DAYS = 30;
/** The days read at open: the widest window. */
const READ_DAYS = Math.max(...model.WINDOWS, CHART_DAYS);
/** «Mis errores» draws its list this many at a time. */
const MISTAKES_SHOWN = 50;

function readCatalogue() {
  const node = document.getElementById("progress-catalogue");
  try {
    return JSON.parse(node.textContent);
  } catch (error) {
    return { games: [], skills: [], path: {}, cards: {} };
  }
}

function link(text, path) {
  const node = el("a", null, text);
  node.href = siteHref(path);
  return node;
}

/** The 30-day chart as SVG (attempts per day, the right ones darker). */
function chartSvg(rows) {
  const [width, height, top, bottom] = [360, 120, 8, 18];
  const most = Math.max(1, ...rows.map((r) => r.attempts));
  const step = width / rows.length;
  const svg = document.createElementNS(SVG, "svg");
  for (const [key, value] of [["viewBox", `0 0 ${width} ${height}`], ["class", "progress-chart"],
    ["aria-hidden", "true"], ["focusable", "false"]]) svg.setAttribute(key, value);
  const scale = (n) => ((height - top - bottom) * n) / most;
  const shape = (name, attributes, text) => {
    const node = document.createElementNS(SVG, name);
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
    if (text) node.textContent = text;
    svg.append(node);
    return node;
  };
  rows.forEach((row, i) => {
    for (const [value, cls] of [[row.attempts, "progress-chart__all"], [row.wins, "progress-chart__right"]]) {
      if (!value) continue;
      shape("rect", { x: i * step + 1, width: Math.max(1, step - 2), y: height - bottom - scale(value),
        height: scale(value), class: cls }).dataset.value = String(value);
    }
  });
  for (const i of [0, rows.length - 1]) {
    shape("text", { x: i === 0 ? 0 : width, y: height - 4,
      class: i === 0 ? "progress-chart__label" : "progress-chart__label progress-chart__label--end" },
    view.shortDay(rows[i].day));
  }
  shape("path", { d: `M0 ${height - bottom}H${width}`, class: "progress-chart__axis" });
  return svg;
}

/** The chart with its caption and the table of its numbers. */
function dailyChart(rows) {
  const figure = el("figure", "progress-figure");
  const caption = el("figcaption", null, "Intentos por día en los últimos 30 días; la parte oscura, los acertados.");
  const details = el("details", "progress-figure__data");
  details.append(el("summary", null, "Ver los números"));
  const table = el("table");
  const head = el("tr");
  for (const title of ["Día", "Intentos", "Bien"]) head.append(el("th", null, title));
  table.createTHead().append(head);
  const body = table.createTBody();
  for (const row of rows.filter((r) => r.attempts)) {
    const line = el("tr");
    line.append(el("td", null, view.shortDay(row.day)), el("td", null, formatDecimal(row.attempts, 0, 0)),
      el("td", null, formatDecimal(row.wins, 0, 0)));
    body.append(line);
  }
  details.append(table);
  figure.append(chartSvg(rows), caption, details);
  return figure;
}

/** A review or replay card: one item at a time, dealt and judged by the engine. */
function makeCard(root) {
  const box = el("section", "progress-session trainer drill");
  box.hidden = true;
  box.setAttribute("aria-labelledby", "progreso-sesion");
  const title = el("h2", null, "");
  title.id = "progreso-sesion";
  title.tabIndex = -1;
  const status = el("p", "progress-session__status");
  status.setAttribute("aria-live", "polite");
  const parts = answerParts("progreso");
  const controls = el("p", "progress-session__controls");
  const next = button("Siguiente", "md-button md-button--primary");
  next.hidden = true;
  const stop = button("Terminar");
  controls.append(next, stop);
  box.append(title, status, parts.topic, parts.question, parts.facts, parts.form, parts.feedback, controls);
  root.prepend(box);
  return { box, title, status, next, stop, ...parts };
}

/**
 * A session over `items` ([{deal: () → {command, request}, checkWith(reply, answer) → [command, payload]}]):
 * each is dealt by the engine, answered, judged; a wrong one comes back a few items later (the relearning
 * queue: a review deals a fresh item of its skill, a mistake the same item), a right one leaves.
 */
class Session {
  constructor(card, items, onEnd) {
    Object.assign(this, { card, items, onEnd, current: null, answered: false });
    this.queue = new model.ReviewQueue(items.map((_, i) => i));
    this.dealer = new Asker(request);
    this.checker = new Asker(request);
    card.form.onsubmit = (event) => { event.preventDefault(); this.check(); };
    card.next.onclick = () => this.deal();
    card.stop.onclick = () => this.end();
  }

  start(heading) {
    this.card.box.hidden = false;
    this.card.title.textContent = heading;
    this.card.title.focus();
    this.deal();
  }

  end() {
    this.dealer.cancel();
    this.checker.cancel();
    const { card } = this;
    card.box.hidden = true;
    card.form.onsubmit = card.next.onclick = card.stop.onclick = null;
    this.onEnd({ done: this.queue.done, again: this.queue.again });
  }

  loading() {
    const { card } = this;
    this.answered = false;
    card.box.dataset.state = "loading";
    card.next.hidden = true;
    card.check.disabled = true;
    card.status.textContent = `Quedan ${formatDecimal(this.queue.left, 0, 0)}.`;
    card.question.textContent = "";
    card.facts.replaceChildren();
    showFeedback(card.feedback, "busy", engineState().phase === "ready" ? "Preparando el ejercicio…"
      : "Cargando el motor de reglas…", []);
  }

  async deal() {
    const index = this.queue.next();
    if (index === null) {
      this.end();
      return;
    }
    this.loading();
    const dealt = this.items[index].deal();
    const reply = await this.dealer.ask(dealt.command, dealt.request);
    if (reply === null) return;
    if (reply.error) {
      showFeedback(this.card.feedback, "error", reply.error, []);
      this.card.next.hidden = false;
      this.queue.answer(true);  // an item the engine cannot deal is skipped, not repeated
      return;
    }
    this.current = { index, reply };
    this.show({ ...dealt.request, ...reply });
  }

  /** The dealt item on the card (its kind, level, seed, family and ask on the box, for tests). */
  show(shown) {
    const { card } = this;
    for (const key of ["kind", "level", "seed", "family", "ask"]) {
      if (shown[key] !== undefined && shown[key] !== null) card.box.dataset[key] = String(shown[key]);
      else delete card.box.dataset[key];
    }
    card.box.dataset.state = "ready";
    card.topic.textContent = shown.topic ? `Tema: ${shown.topic}` : "";
    card.question.textContent = typeof shown.question === "string" ? shown.question : (shown.prompt || "");
    renderFacts(card.facts, shown.facts || []);
    card.hint.textContent = shown.hint || "";
    card.feedback.replaceChildren();
    delete card.feedback.dataset.result;
    card.input.value = "";
    card.check.disabled = false;
    card.input.focus();
  }

  async check() {
    const { card } = this;
    if (!this.current || card.check.disabled) return;
    const asked = this.current;
    card.check.disabled = true;
    showFeedback(card.feedback, "busy", "Comprobando…", []);
    const [command, payload] = this.items[asked.index].checkWith(asked.reply, card.input.value);
    const reply = await this.checker.ask(command, payload, { record: !this.answered });
    if (reply === null || asked !== this.current) return;
    card.check.disabled = false;
    if (reply.error) {
      showFeedback(card.feedback, "error", reply.error, []);
      return;
    }
    const progress = reply.progress;
    const kind = reply.correct ? "correct" : (reply.valid === false || !progress ? "invalid" : "wrong");
    showFeedback(card.feedback, kind, reply.message, reply.steps || [], undefined, reply.title);
    showProgress(card.feedback, progress);
    if (!progress || this.answered) return;  // unreadable: try again; a second answer changes nothing
    this.answered = true;
    this.queue.answer(progress.ok);
    card.box.dataset.state = progress.ok ? "correct" : "wrong";
    card.next.hidden = false;
    card.next.focus({ preventScroll: true });
  }
}

function randomSeed() {
  const values = new Uint32Array(1);
  crypto.getRandomValues(values);
  return values[0] % 2 ** 31;
}

/** The engine's redo of a mistake on this page: its drill, or its croupier-trainer round. */
function replayItem(entry) {
  const item = entry.item;
  if (item.command === "drill") {
    return { deal: () => ({ command: "drill", request: item.request }),
      checkWith: (_reply, answer) => ["drill-check", { ...item.request, answer }] };
  }
  return { deal: () => ({ command: "uth-trainer-deal", request: item.request }),
    checkWith: (reply, answer) => ["quiz-check", { question: reply.question, answer,
      trainer: { ...item.request, seed: reply.seed, mode: reply.mode } }] };
}

/** A fresh drill of each due skill (its practice, with a new seed). */
function reviewItems(due, skills) {
  return due.map((id) => {
    const practice = skills.get(id).practice;
    return { deal: () => ({ command: practice.command, request: { ...practice.request, seed: randomSeed() } }),
      checkWith: (reply, answer) => ["drill-check", { ...practice.request, seed: reply.seed, answer }] };
  });
}

/** «Repasar ahora (N)» (N: the skills due today, every one served) and «Mis errores (N)» (N: the list). */
function actionsPart(page, drawn) {
  const actions = el("div", "progress__actions");
  const review = button(`Repasar ahora (${formatDecimal(drawn.due.length, 0, 0)})`, "md-button md-button--primary");
  review.disabled = drawn.due.length === 0;
  Object.assign(review.dataset, { progressReview: "", focus: "review" });
  review.addEventListener("click", () => page.session("Repaso de hoy", reviewItems(drawn.due, page.index.skills)));
  const errors = button(`Mis errores (${formatDecimal(drawn.mistakes, 0, 0)})`);
  errors.disabled = drawn.mistakes === 0;
  Object.assign(errors.dataset, { progressErrors: "", focus: "errors" });
  errors.setAttribute("aria-controls", "progreso-errores");
  errors.addEventListener("click", () => page.openMistakes(true));
  actions.append(review, errors);
  return [actions, el("p", "progress__note", drawn.note)];
}

/** One mistake of the list: what it was (its cards, your answer, the right one) and how to redo it. */
function mistakeItem(page, mistake) {
  const item = el("li", "progress-mistake");
  item.append(el("p", "progress-mistake__title", mistake.title));
  if (mistake.facts.length) {
    const facts = el("dl", "quiz__facts");
    renderFacts(facts, mistake.facts);
    item.append(facts);
  }
  if (mistake.given) item.append(el("p", "progress-mistake__given", `Tu respuesta: ${mistake.given}`));
  if (mistake.expected) item.append(el("p", "progress-mistake__expected", `La respuesta: ${mistake.expected}`));
  const open = mistake.reopen;
  if (open && open.replay) {
    const again = button("Repetir aquí");
    again.addEventListener("click", () => page.session("Mis errores", [replayItem(mistake.entry)]));
    item.append(again);
  } else if (open) {
    item.append(link(open.text, open.href));
  }
  return item;
}

/** «Mis errores» (hidden until asked for): its heading now, its list when it opens (mistakesList). */
function mistakesPart(count) {
  const part = section("progress__mistakes", `Mis errores (${formatDecimal(count, 0, 0)})`, "progreso-errores-titulo");
  part.id = "progreso-errores";
  part.hidden = true;
  part.querySelector("h2").tabIndex = -1;
  return part;
}

/** The list of «Mis errores», MISTAKES_SHOWN at a time (the rest one tap away), each entry redone here or
 * opened on its page; those dealt on this page can be redone all at once. */
function mistakesList(page, part, mistakes) {
  const replayable = mistakes.filter((m) => m.reopen && m.reopen.replay);
  if (replayable.length) {
    const n = replayable.length;
    const all = button(n === 1 ? "Repetir aquí el que se reparte en esta página"
      : `Repetir aquí los ${formatDecimal(n, 0, 0)} que se reparten en esta página`);
    all.addEventListener("click", () => page.session("Mis errores", replayable.map((m) => replayItem(m.entry))));
    part.append(all);
  }
  const list = el("ul", "progress-mistakes");
  const more = button("");
  const showMore = () => {
    const from = list.children.length;
    list.append(...mistakes.slice(from, from + MISTAKES_SHOWN).map((mistake) => mistakeItem(page, mistake)));
    const left = mistakes.length - list.children.length;
    more.hidden = left <= 0;
    more.textContent = `Ver ${formatDecimal(Math.min(left, MISTAKES_SHOWN), 0, 0)} más (quedan ${formatDecimal(left, 0, 0)})`;
    if (from) list.children[from].querySelector("button, a").focus();
  };
  more.addEventListener("click", showMore);
  showMore();
  part.append(list, more);
}

/** The window's radios: 7, 30 or 90 days. */
function windowPart(page) {
  const windows = el("fieldset", "progress__window");
  windows.append(el("legend", null, "Periodo"));
  for (const days of model.WINDOWS) {
    const label = el("label");
    const radio = el("input");
    Object.assign(radio, { type: "radio", name: "periodo", value: String(days), checked: days === page.windowDays });
    radio.dataset.focus = `window-${days}`;
    radio.addEventListener("change", () => { page.windowDays = days; page.render(); });
    label.append(radio, el("span", null, `${formatDecimal(days, 0, 0)} días`));
    windows.append(label);
  }
  return windows;
}

/** A game's table of skills: right out of attempts, recall today, when it is due. */
function skillTable(game) {
  const table = el("table", "progress-table__table");
  table.append(el("caption", null, `Destrezas de ${game.name}: cada intento cuenta en cada destreza que practica; `
    + "«Recuerdo mañana» es lo que acertarías mañana sin repasar, según FSRS"));
  const head = el("tr");
  for (const title of ["Destreza", "Bien / intentos", "Recuerdo mañana", "Repaso"]) {
    const th = el("th", null, title);
    th.scope = "col";
    head.append(th);
  }
  table.createTHead().append(head);
  const body = table.createTBody();
  for (const row of game.rows) {
    const line = el("tr");
    line.dataset.skill = row.id;
    const name = el("th");
    name.scope = "row";
    name.append(link(row.name, row.rule));
    if (row.leech) {
      name.append(" ", el("span", "progress__leech", `Se te resiste: la has olvidado ${count(row.leech, "vez", "veces")}`));
      line.dataset.leech = "";
    }
    line.append(name, el("td", null, row.right), el("td", null, row.recall), el("td", null, row.due));
    body.append(line);
  }
  const wrap = el("div", "progress-table");
  wrap.append(table);
  return wrap;
}

/** A game's section: its line, strengths and areas to improve, and its skills. */
function gamePart(game) {
  const part = section("progress-game", game.name, `progreso-${game.id}`);
  part.dataset.game = game.id;
  part.append(el("p", "progress-game__line", game.line));
  for (const [title, skills, cls] of [["Tus puntos fuertes", game.strengths, "progress__strengths"],
    ["Para mejorar", game.areas, "progress__areas"]]) {
    if (!skills.length) continue;
    const list = el("ul", cls);
    for (const s of skills) {
      const item = el("li");
      item.append(link(s.name, s.rule));
      list.append(item);
    }
    part.append(el("h3", null, title), list);
  }
  if (game.rows.length) part.append(skillTable(game));
  return part;
}

/** The page: reads the log's summary once per draw, then renders what ../progress/view.js says. */
class ProgressPage {
  constructor(root) {
    this.root = root;
    this.catalogue = readCatalogue();
    this.index = view.indexes(this.catalogue);
    this.card = makeCard(root);
    this.body = el("div", "progress__body");
    this.status = el("p", "progress__status");
    this.status.setAttribute("role", "status");
    root.append(this.status, this.body);
    this.windowDays = 30;
    this.fsrs = import(FSRS_URL.href).then(model.scheduler);
    this.fsrs.catch(() => {});
    log.onChange(() => this.redrawSoon());
    log.onBlocked(() => { this.status.textContent = "Otra pestaña con una versión anterior de esta web tiene tu progreso "
      + "abierto: ciérrala o recárgala para verlo aquí."; });
  }

  /** Read the summary (made again first, off the main thread, when it must be) and draw it. */
  async draw() {
    const started = performance.now();
    this.root.dataset.state = "drawing";
    let read;
    try {
      read = await log.readSummary(Date.now(), READ_DAYS);
      if (read.build) {
        await run("build", {}, workStatus(this.status, "Preparando tu progreso (solo esta vez)"));
        read = await log.readSummary(Date.now(), READ_DAYS);
      }
      this.sched = await this.fsrs;
    } catch (error) {
      this.status.textContent = "";
      this.body.replaceChildren(...problemParts(), el("p", "progress__problem", error instanceof WorkError ? error.message
        : `No se puede leer tu progreso: ${reasonOf(error)}.`));
      this.root.dataset.state = "failed";
      return;
    }
    if (this.status.querySelector("progress")) this.status.textContent = "";
    Object.assign(this, { main: read.main || summary.emptyMain(), days: read.days || new Map(), mistakes: null });
    const t0 = performance.now();
    this.render();
    Object.assign(this.root.dataset, { readMs: String(t0 - started), drawMs: String(performance.now() - t0),
      totalMs: String(performance.now() - started), drawnAt: String(performance.now()), entries: String(this.main.count),
      state: "drawn" });
  }

  /** Another tab changed the log: draw again (once, after a burst of answers), unless a session is on. */
  redrawSoon() {
    clearTimeout(this.redrawing);
    this.redrawing = setTimeout(() => { if (!this.body.hidden) this.draw(); }, 150);
  }

  render() {
    const now = Date.now();
    const scheduled = summary.scheduled(this.main, this.sched.f, now);
    const drawn = view.pageModel(this.catalogue, { main: this.main, days: this.days, scheduled }, now, this.windowDays);
    this.root.dataset.due = String(drawn.due.length);
    const wasOpen = this.root.querySelector("#progreso-errores:not([hidden])") !== null;
    const problems = problemParts();
    const line = problems.length && !this.main.judged ? "No hay ninguna respuesta guardada en este dispositivo." : drawn.summary;
    const parts = [...problems, el("p", "progress__summary", line), ...actionsPart(this, drawn),
      mistakesPart(drawn.mistakes), windowPart(this), ...drawn.games.map(gamePart)];
    if (this.main.count) {
      const days = section("progress-days", "Tus últimos 30 días", "progreso-dias");
      days.append(dailyChart(summary.daily(this.days, CHART_DAYS, now)));
      parts.push(days);
    }
    parts.push(copyPart(this));
    keepingFocus(this.body, () => this.body.replaceChildren(...parts));
    if (wasOpen && drawn.mistakes) this.openMistakes(false);
    tickPaths(document, summary.evidence(this.main), new Set(Object.keys(readReads())));
  }

  /** Show «Mis errores» (its list read now, the first time); `focus`: move to its heading. */
  async openMistakes(focus) {
    const part = this.root.querySelector("#progreso-errores");
    part.hidden = false;
    if (focus) part.querySelector("h2").focus();
    if (part.querySelector(".progress-mistakes")) return;
    const main = this.main;
    if (!this.mistakes) this.mistakes = await log.listedMistakes(main).catch(() => []);
    if (main !== this.main || !part.isConnected || part.querySelector(".progress-mistakes")) return;
    mistakesList(this, part, view.mistakeItems(this.mistakes, this.index, this.catalogue.cards || {}));
  }

  /** A review or replay session over `items`; the page comes back drawn afresh at its end. */
  session(heading, items) {
    this.body.hidden = true;
    new Session(this.card, items, () => { this.body.hidden = false; this.draw(); }).start(heading);
  }
}

/** What the page says first when the browser did not keep an answer here (progress/problems.js). */
function problemParts() {
  const failed = lastFailure();
  if (!failed) return [];
  const when = new Date(failed.time);
  return [el("p", "progress__problem", `${notKeptText(failed.reason)} (La última vez, el ${when.getDate()}/${
    when.getMonth() + 1} a las ${view.clock(failed.time)}.)`)];
}

/** Redraw `inside` with `change()`, keeping the focus on the same control (its data-focus, or its link). */
function keepingFocus(inside, change) {
  const active = document.activeElement;
  const key = active && inside.contains(active) ? (active.dataset.focus || active.getAttribute("href")) : null;
  change();
  if (!key) return;
  const again = [...inside.querySelectorAll("[data-focus], a[href]")]
    .find((node) => (node.dataset.focus || node.getAttribute("href")) === key);
  if (again) again.focus({ preventScroll: true });
}

async function setup(root) {
  if (root.dataset.progressReady) return;
  root.dataset.progressReady = "1";
  const noJs = root.querySelector("[data-no-js]");
  if (noJs) noJs.hidden = true;
  const page = new ProgressPage(root);
  await page.draw();
  // One tap from the home page's invitation: «?repasar=1» starts the review of today's skills at once.
  const params = new URLSearchParams(location.search);
  if (!params.has("repasar")) return;
  params.delete("repasar");
  const query = params.toString();
  try { history.replaceState(history.state, "", location.pathname + (query ? `?${query}` : "") + location.hash); } catch (error) { /* ignore */ }
  const review = root.querySelector("[data-progress-review]");
  if (review && !review.disabled) review.click();
}

onPage(() => {
  for (const root of document.querySelectorAll("[data-progress-page]")) setup(root);
});
