// «Mi progreso» ([data-progress-page], docs/progreso.md): the reader's log drawn per game and per skill,
// a review session of the skills due today, «Mis errores», and the export, import and deletion of the
// log. It reads IndexedDB and the catalogue the build wrote into the page (site_hooks/progress.py):
// drawing starts no Python. The engine starts only when the reader begins a review or a replay.
// Every text from storage, a file or the engine goes in as text (textContent).
import { request, state as engineState } from "../engine/client.js";
import { count, formatDecimal } from "../engine/words.js";
import * as log from "../progress/log.js";
import * as model from "../progress/model.js";
import { addVisits, clearVisits, readVisits } from "../progress/visits.js";
import { Asker } from "./asking.js";
import { el, onPage } from "./page.js";
import { answerParts, showFeedback, showProgress, siteHref } from "./quiz.js";
import { renderFacts } from "./trainer.js";
import { tickPaths } from "./progress-path.js";

const FSRS_URL = new URL("../../assets/progress/fsrs.js", import.meta.url);
const SVG = "http://www.w3.org/2000/svg";
const CHART_DAYS = 30;
const SCHEDULE_KEY = "schedule";

/** 0.734 → «73 %». */
function percent(share) {
  return share === null ? "—" : `${formatDecimal(100 * share, 0, 0)} %`;
}

/** «2026-12-05» → «5/12». */
function shortDay(day) {
  const [, month, date] = day.split("-");
  return `${Number(date)}/${Number(month)}`;
}

/** When a skill is due, in words, from today's point of view. */
function dueText(due, now) {
  const days = Math.round((new Date(model.dayOf(due)) - new Date(model.dayOf(now))) / model.DAY_MS);
  if (days <= 0) return "hoy";
  if (days === 1) return "mañana";
  return `en ${formatDecimal(days, 0, 0)} días`;
}

function readCatalogue() {
  const node = document.getElementById("progress-catalogue");
  try {
    return JSON.parse(node.textContent);
  } catch (error) {
    return { games: [], skills: [], path: {} };
  }
}

function button(text, className = "md-button") {
  const node = el("button", className, text);
  node.type = "button";
  return node;
}

function link(text, path) {
  const node = el("a", null, text);
  node.href = siteHref(path);
  return node;
}

/** The 30-day chart as SVG (answers per day, the right ones darker) and the table of its numbers. */
function dailyChart(rows) {
  const width = 360;
  const height = 120;
  const top = 8;
  const bottom = 18;
  const most = Math.max(1, ...rows.map((r) => r.attempts));
  const step = width / rows.length;
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("class", "progress-chart");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const scale = (n) => ((height - top - bottom) * n) / most;
  rows.forEach((row, i) => {
    for (const [value, cls] of [[row.attempts, "progress-chart__all"], [row.wins, "progress-chart__right"]]) {
      if (!value) continue;
      const rect = document.createElementNS(SVG, "rect");
      rect.setAttribute("x", String(i * step + 1));
      rect.setAttribute("width", String(Math.max(1, step - 2)));
      rect.setAttribute("y", String(height - bottom - scale(value)));
      rect.setAttribute("height", String(scale(value)));
      rect.setAttribute("class", cls);
      rect.dataset.value = String(value);
      svg.append(rect);
    }
  });
  for (const i of [0, rows.length - 1]) {
    const text = document.createElementNS(SVG, "text");
    text.setAttribute("x", String(i === 0 ? 0 : width));
    text.setAttribute("y", String(height - 4));
    text.setAttribute("class", i === 0 ? "progress-chart__label" : "progress-chart__label progress-chart__label--end");
    text.textContent = shortDay(rows[i].day);
    svg.append(text);
  }
  const axis = document.createElementNS(SVG, "path");
  axis.setAttribute("d", `M0 ${height - bottom}H${width}`);
  axis.setAttribute("class", "progress-chart__axis");
  svg.append(axis);
  const figure = el("figure", "progress-figure");
  const caption = el("figcaption", null, "Respuestas por día en los últimos 30 días; la parte oscura, las acertadas.");
  const details = el("details", "progress-figure__data");
  details.append(el("summary", null, "Ver los números"));
  const table = el("table");
  const head = el("tr");
  for (const title of ["Día", "Respuestas", "Aciertos"]) head.append(el("th", null, title));
  table.append(el("thead"), el("tbody"));
  table.tHead.append(head);
  for (const row of rows) {
    if (!row.attempts) continue;
    const line = el("tr");
    line.append(el("td", null, shortDay(row.day)), el("td", null, formatDecimal(row.attempts, 0, 0)),
      el("td", null, formatDecimal(row.wins, 0, 0)));
    table.tBodies[0].append(line);
  }
  details.append(table);
  figure.append(svg, caption, details);
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
  const { topic, question, facts, form, input, check, hint, feedback } = answerParts("progreso");
  const controls = el("p", "progress-session__controls");
  const next = button("Siguiente", "md-button md-button--primary");
  next.hidden = true;
  const stop = button("Terminar");
  controls.append(next, stop);
  box.append(title, status, topic, question, facts, form, feedback, controls);
  root.prepend(box);
  return { box, title, status, topic, question, facts, form, input, check, hint, feedback, next, stop };
}

/**
 * A session over `items` ([{deal: () → {command, request}, checkWith(reply, answer) → [command, payload],
 * skill}]): each is dealt by the engine, answered, judged; a wrong one comes back a few items later
 * (the relearning queue: a review deals a fresh item of its skill, a mistake the same item), a right
 * one leaves. Calls onEnd() when done or stopped.
 */
function runSession(card, { heading, items, onEnd }) {
  const queue = new model.ReviewQueue(items.map((_, i) => i));
  const dealer = new Asker(request);
  const checker = new Asker(request);
  let current = null;  // {index, reply}
  let answered = false;
  card.box.hidden = false;
  card.title.textContent = heading;
  card.title.focus();

  function end() {
    dealer.cancel();
    checker.cancel();
    card.box.hidden = true;
    card.form.onsubmit = null;
    card.next.onclick = null;
    card.stop.onclick = null;
    onEnd({ done: queue.done, again: queue.again });
  }

  async function deal() {
    const index = queue.next();
    if (index === null) {
      end();
      return;
    }
    answered = false;
    card.box.dataset.state = "loading";
    card.next.hidden = true;
    card.check.disabled = true;
    card.status.textContent = `Quedan ${formatDecimal(queue.left, 0, 0)}.`;
    card.question.textContent = "";
    card.facts.replaceChildren();
    showFeedback(card.feedback, "busy", engineState().phase === "ready" ? "Preparando el ejercicio…"
      : "Cargando el motor de reglas…", []);
    const item = items[index];
    const dealt = item.deal();
    const reply = await dealer.ask(dealt.command, dealt.request);
    if (reply === null) return;
    if (reply.error) {
      showFeedback(card.feedback, "error", reply.error, []);
      card.next.hidden = false;
      queue.answer(true);  // an item the engine cannot deal is skipped, not repeated
      return;
    }
    current = { index, reply };
    const shown = { ...dealt.request, ...reply };
    for (const key of ["kind", "level", "seed", "family", "ask"]) {  // which item it is (for tests)
      if (shown[key] !== undefined && shown[key] !== null) card.box.dataset[key] = String(shown[key]);
      else delete card.box.dataset[key];
    }
    card.box.dataset.state = "ready";
    card.topic.textContent = reply.topic ? `Tema: ${reply.topic}` : "";
    card.question.textContent = reply.question && typeof reply.question === "string" ? reply.question : (reply.prompt || "");
    renderFacts(card.facts, reply.facts || []);
    card.hint.textContent = reply.hint || "";
    card.feedback.replaceChildren();
    delete card.feedback.dataset.result;
    card.input.value = "";
    card.check.disabled = false;
    card.input.focus();
  }

  card.form.onsubmit = async (event) => {
    event.preventDefault();
    if (!current || card.check.disabled) return;
    const asked = current;
    card.check.disabled = true;
    showFeedback(card.feedback, "busy", "Comprobando…", []);
    const [command, payload] = items[asked.index].checkWith(asked.reply, card.input.value);
    const reply = await checker.ask(command, payload, { record: !answered });
    if (reply === null || asked !== current) return;
    card.check.disabled = false;
    if (reply.error) {
      showFeedback(card.feedback, "error", reply.error, []);
      return;
    }
    const progress = reply.progress;
    const kind = reply.correct ? "correct" : (reply.valid === false || !progress ? "invalid" : "wrong");
    showFeedback(card.feedback, kind, reply.message, reply.steps || [], undefined, reply.title);
    showProgress(card.feedback, progress);
    if (!progress || answered) return;  // unreadable: try again; a second answer changes nothing
    answered = true;
    queue.answer(progress.ok);
    card.box.dataset.state = progress.ok ? "correct" : "wrong";
    card.next.hidden = false;
    card.next.focus({ preventScroll: true });
  };
  card.next.onclick = () => deal();
  card.stop.onclick = () => end();
  deal();
}

function randomSeed() {
  const values = new Uint32Array(1);
  crypto.getRandomValues(values);
  return values[0] % 2 ** 31;
}

/** The engine's reopen of an item: a drill, or a croupier-trainer hand (others are reopened on their page). */
function replayItem(entry) {
  const item = entry.item;
  if (item.command === "drill" && item.request) {
    return { deal: () => ({ command: "drill", request: item.request }),
      checkWith: (_reply, answer) => ["drill-check", { ...item.request, answer }] };
  }
  if (item.command === "uth-trainer-deal" && item.request) {
    return { deal: () => ({ command: "uth-trainer-deal", request: item.request }),
      checkWith: (reply, answer) => ["quiz-check", { question: reply.question, answer,
        trainer: { ...item.request, seed: reply.seed, mode: reply.mode } }] };
  }
  return null;
}

function setup(root) {
  if (root.dataset.progressReady) return;
  root.dataset.progressReady = "1";
  const noJs = root.querySelector("[data-no-js]");
  if (noJs) noJs.hidden = true;
  const catalogue = readCatalogue();
  const skills = new Map(catalogue.skills.map((s) => [s.id, s]));
  const skillGame = new Map(catalogue.skills.map((s) => [s.id, s.game]));
  const card = makeCard(root);
  const body = el("div", "progress__body");
  root.append(body);
  let windowDays = 30;
  let savedSchedule = null;
  const fsrsLoading = import(FSRS_URL.href);

  async function draw() {
    const started = performance.now();
    root.dataset.state = "drawing";
    let entries;
    let lib;
    try {
      [entries, lib, savedSchedule] = await Promise.all([log.all(), fsrsLoading,
        log.getMeta(SCHEDULE_KEY).catch(() => null)]);
    } catch (error) {
      body.replaceChildren(el("p", "progress__problem",
        "Este navegador no deja leer tu progreso (el almacenamiento del sitio está bloqueado o no hay sitio)."));
      return;
    }
    const t0 = performance.now();
    root.dataset.readMs = String(t0 - started);
    render(entries, lib, Date.now());
    root.dataset.drawMs = String(performance.now() - t0);
    root.dataset.totalMs = String(performance.now() - started);
    root.dataset.entries = String(entries.length);
    root.dataset.state = "drawn";
  }

  function render(entries, lib, now) {
    // The schedule resumes from the one saved at the last draw (only answers added since are replayed).
    const { scheduled, saved } = model.scheduleFrom(entries, lib, now, savedSchedule);
    if (saved.mark !== (savedSchedule && savedSchedule.mark)) {
      savedSchedule = saved;
      log.setMeta(SCHEDULE_KEY, saved).catch(() => {});
    }
    const due = model.dueSkills(scheduled, now).filter((id) => skills.has(id));
    const open = model.mistakes(entries);
    const leeches = model.leeches(scheduled);
    const parts = [];

    const summary = el("p", "progress__summary");
    summary.textContent = entries.length
      ? `Has respondido ${count(entries.length, "vez", "veces")}; ${percent(entries.filter((e) => e.ok).length / entries.length)} bien a la primera.`
      : "Aún no has respondido nada. Empieza por el camino de tu juego, más abajo: cada respuesta que el motor comprueba aparecerá aquí.";
    parts.push(summary);

    // Review and replay: modes the reader chooses.
    const actions = el("div", "progress__actions");
    const practicable = due.filter((id) => skills.get(id).practice);
    const review = button(`Repasar ahora (${formatDecimal(practicable.length, 0, 0)})`, "md-button md-button--primary");
    review.disabled = practicable.length === 0;
    review.dataset.progressReview = "";
    const replayable = open.filter((m) => replayItem(m.entry));
    const errors = button(`Mis errores (${formatDecimal(replayable.length, 0, 0)})`);
    errors.disabled = replayable.length === 0;
    errors.dataset.progressErrors = "";
    actions.append(review, errors);
    parts.push(actions);
    const note = el("p", "progress__note");
    note.textContent = practicable.length
      ? "«Repasar ahora» te trae ejercicios nuevos de las destrezas que toca repasar hoy; lo que falles vuelve unos ejercicios después."
      : (entries.length ? "Hoy no te toca repasar nada: vuelve mañana." : "");
    if (note.textContent) parts.push(note);
    const elsewhere = due.filter((id) => !skills.get(id).practice && skills.get(id).review);
    if (elsewhere.length) {
      const list = el("ul", "progress__elsewhere");
      for (const id of elsewhere) {
        const item = el("li");
        item.append(el("span", null, `${skills.get(id).name}: `), link(skills.get(id).review.text, skills.get(id).review.url));
        list.append(item);
      }
      parts.push(el("p", null, "Para repasar en su página:"), list);
    }
    review.addEventListener("click", () => {
      const items = practicable.map((id) => {
        const practice = skills.get(id).practice;
        return { skill: id, deal: () => ({ command: practice.command, request: { ...practice.request, seed: randomSeed() } }),
          checkWith: (reply, answer) => ["drill-check", { ...practice.request, seed: reply.seed, answer }] };
      });
      body.hidden = true;
      runSession(card, { heading: "Repaso de hoy", items, onEnd: () => { body.hidden = false; draw(); } });
    });
    errors.addEventListener("click", () => {
      const items = replayable.map((m) => ({ skill: m.skill, ...replayItem(m.entry) }));
      body.hidden = true;
      runSession(card, { heading: "Mis errores", items, onEnd: () => { body.hidden = false; draw(); } });
    });
    if (open.length) {
      const details = el("details", "progress__mistakes");
      details.append(el("summary", null, "Ver la lista de errores"));
      const list = el("ul");
      for (const { entry, skill } of open.slice(0, 50)) {
        const item = el("li");
        const named = skills.get(skill);
        item.append(el("span", null, `${named ? named.name : skill} (${shortDay(model.dayOf(entry.time))})`));
        const request = entry.item.request || {};
        const game = catalogue.games.find((g) => g.id === model.gameOf(entry, skillGame));
        if (replayItem(entry)) { /* dealt again by «Mis errores» */ } else if (request.page) {
          item.append(" ", link("Vuelve a la pregunta", request.page + (request.id ? `#${request.id}` : "")));
        } else if (entry.item.command === "play-start" && request.scenario && game && game.practice) {
          item.append(" ", link("Vuelve a jugar la mano", `${game.practice}?mano=${encodeURIComponent(request.scenario)}`));
        } else if (!replayItem(entry) && skills.get(skill) && skills.get(skill).review) {
          item.append(" ", link(skills.get(skill).review.text, skills.get(skill).review.url));
        }
        list.append(item);
      }
      details.append(list);
      parts.push(details);
    }

    // The window.
    const windows = el("fieldset", "progress__window");
    windows.append(el("legend", null, "Periodo"));
    for (const days of model.WINDOWS) {
      const label = el("label");
      const radio = el("input");
      Object.assign(radio, { type: "radio", name: "periodo", value: String(days), checked: days === windowDays });
      radio.addEventListener("change", () => { windowDays = days; render(entries, lib, Date.now()); });
      label.append(radio, el("span", null, `${formatDecimal(days, 0, 0)} días`));
      windows.append(label);
    }
    parts.push(windows);

    const tally = model.tally(entries, windowDays, now);
    const verdict = model.judge(tally);
    for (const game of catalogue.games) {
      const gameSkills = catalogue.skills.filter((s) => s.game === game.id);
      const section = el("section", "progress-game");
      const heading = el("h2", null, game.name);
      heading.id = `progreso-${game.id}`;
      section.setAttribute("aria-labelledby", heading.id);
      section.append(heading);
      const rows = gameSkills.map((s) => [s, tally.skills.get(s.id) || { attempts: 0, wins: 0, failures: 0 }]);
      const own = rows.reduce((sum, [, r]) => ({ attempts: sum.attempts + r.attempts, wins: sum.wins + r.wins }),
        { attempts: 0, wins: 0 });
      section.append(el("p", null, own.attempts
        ? `En los últimos ${formatDecimal(windowDays, 0, 0)} días: ${percent(model.rate(own))} de acierto en ${count(own.attempts, "intento", "intentos")}.`
        : `Nada en los últimos ${formatDecimal(windowDays, 0, 0)} días.`));
      const strong = verdict.strengths.filter((id) => skillGame.get(id) === game.id);
      const weak = verdict.areas.filter((id) => skillGame.get(id) === game.id);
      for (const [title, ids, cls] of [["Tus puntos fuertes", strong, "progress__strengths"],
        ["Para mejorar", weak, "progress__areas"]]) {
        if (!ids.length) continue;
        section.append(el("h3", null, title));
        const list = el("ul", cls);
        for (const id of ids) {
          const item = el("li");
          item.append(link(skills.get(id).name, skills.get(id).rule));
          list.append(item);
        }
        section.append(list);
      }
      const practiced = rows.filter(([s, r]) => r.attempts || scheduled.has(s.id));
      if (!practiced.length) {
        parts.push(section);
        continue;
      }
      const wrap = el("div", "progress-table");
      const table = el("table", "progress-table__table");
      const caption = el("caption", null, `Destrezas de ${game.name}`);
      table.append(caption);
      const head = el("tr");
      for (const title of ["Destreza", "Aciertos", "Recuerdo hoy", "Repaso"]) {
        const th = el("th", null, title);
        th.scope = "col";
        head.append(th);
      }
      table.createTHead().append(head);
      const tbody = table.createTBody();
      for (const [s, r] of practiced) {
        const sched = scheduled.get(s.id);
        const line = el("tr");
        line.dataset.skill = s.id;
        const name = el("th");
        name.scope = "row";
        name.append(link(s.name, s.rule));
        if (leeches.has(s.id)) {
          const flag = el("span", "progress__leech", `Se te resiste: la has olvidado ${count(leeches.get(s.id), "vez", "veces")}`);
          name.append(" ", flag);
          line.dataset.leech = "";
        }
        line.append(name,
          el("td", null, r.attempts ? `${formatDecimal(r.wins, 0, 0)} de ${formatDecimal(r.attempts, 0, 0)} (${percent(model.rate(r))})` : "—"),
          el("td", null, sched ? percent(sched.recall) : "—"),
          el("td", null, sched ? dueText(sched.due, now) : "—"));
        tbody.append(line);
      }
      wrap.append(table);
      section.append(wrap);
      parts.push(section);
    }

    if (entries.length) {
      const section = el("section", "progress-days");
      const heading = el("h2", null, "Tus últimos 30 días");
      heading.id = "progreso-dias";
      section.setAttribute("aria-labelledby", heading.id);
      section.append(heading, dailyChart(model.daily(entries, CHART_DAYS, now)));
      parts.push(section);
    }
    parts.push(copySection(entries, now));
    body.replaceChildren(...parts);
    tickPaths(document, entries, new Set(Object.keys(readVisits())));
  }

  /** Export, import and delete. */
  function copySection(entries, now) {
    const section = el("section", "progress-copy");
    const heading = el("h2", null, "Tu copia");
    heading.id = "progreso-copia";
    section.setAttribute("aria-labelledby", heading.id);
    const status = el("p", "progress-copy__status");
    status.setAttribute("role", "status");
    const row = el("div", "progress__actions");
    const download = button("Descargar mi progreso");
    download.disabled = !entries.length;
    download.addEventListener("click", () => {
      const data = JSON.stringify(model.exportData(entries, Date.now(), readVisits()));
      const url = URL.createObjectURL(new Blob([data], { type: "application/json" }));
      const a = el("a");
      a.href = url;
      a.download = `mi-progreso-${model.dayOf(now)}.json`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      status.textContent = `Descargado: ${formatDecimal(entries.length, 0, 0)} respuestas.`;
    });
    // The file input stays hidden; a button of the site's size opens it (keyboard and touch alike).
    const file = el("input");
    Object.assign(file, { type: "file", accept: "application/json,.json", hidden: true });
    file.className = "progress-copy__input";
    const load = button("Cargar una copia");
    load.addEventListener("click", () => file.click());
    file.addEventListener("change", async () => {
      const chosen = file.files && file.files[0];
      file.value = "";
      if (!chosen) return;
      if (chosen.size > model.MAX_IMPORT_BYTES) {
        status.textContent = "El archivo es demasiado grande para ser una copia de tu progreso.";
        return;
      }
      try {
        const { entries: theirs, visits, skipped } = model.parseExport(await chosen.text());
        const added = await log.appendMany(theirs);
        addVisits(visits);
        const said = `Copia cargada: ${formatDecimal(added, 0, 0)} respuestas nuevas`
          + (theirs.length - added ? `, ${formatDecimal(theirs.length - added, 0, 0)} ya estaban` : "")
          + (skipped ? `, ${formatDecimal(skipped, 0, 0)} no se podían leer` : "") + ".";
        await draw();
        root.querySelector(".progress-copy__status").textContent = said;  // the section was drawn afresh
      } catch (error) {
        status.textContent = error.message;
      }
    });
    const erase = button("Borrar mi progreso", "md-button progress-copy__erase");
    erase.disabled = !entries.length;
    const confirm = el("div", "progress-copy__confirm");
    confirm.hidden = true;
    confirm.setAttribute("role", "group");
    confirm.setAttribute("aria-label", "Confirmar el borrado");
    const sure = button("Sí, borrar todo", "md-button md-button--primary progress-copy__sure");
    const keep = button("No, conservarlo");
    confirm.append(el("p", null, `Se borrarán ${formatDecimal(entries.length, 0, 0)} respuestas de este dispositivo. No se puede deshacer: si quieres, descarga antes una copia.`), sure, keep);
    erase.addEventListener("click", () => { confirm.hidden = false; keep.focus(); });
    keep.addEventListener("click", () => { confirm.hidden = true; erase.focus(); });
    sure.addEventListener("click", async () => {
      await log.clearAll();
      clearVisits();
      await draw();
      const fresh = root.querySelector(".progress-copy__status");
      if (fresh) fresh.textContent = "Tu progreso se ha borrado de este dispositivo.";
    });
    row.append(download, load, file, erase);
    section.append(heading, el("p", null, "Descarga tu progreso para guardarlo o llevarlo a otro dispositivo; al cargarlo se suma al que ya tengas, sin contar dos veces la misma respuesta."), row, confirm, status);
    return section;
  }

  draw();
}

onPage(() => {
  for (const root of document.querySelectorAll("[data-progress-page]")) setup(root);
});
