// The authors' workshop (docs/desarrollo/taller.md): write a practice hand or a page of questions, see the
// engine's problems as you type (the same as `python -m engine check`: the command author-check,
// engine/authoring/workshop.py, in the page's worker), then play the hand or answer the questions as a reader.
//
// The work stays in this browser (localStorage, never sent anywhere). Checks are debounced and a newer one
// supersedes the one in flight (an Asker: the worker drops the old job between two of its steps).
//
// Test hooks: root[data-check] = waiting | busy | ok | problems | error; root[data-kind]; problems
// [data-problem-line]; the walkthrough [data-walk][data-modality]; paths [data-path-index]; questions
// [data-question-index]; "taller:update" on the root after every check.
import { request } from "../../engine/client.js";
import { Asker } from "../asking.js";
import { el } from "../page.js";
import { judge, showFeedback } from "../quiz.js";
import { createEditor } from "./editor.js";
import { downloadName, loadWork, saveWork } from "./store.js";

const siteRoot = new URL("../../../", import.meta.url);
const CHECK_DELAY_MS = 400;

function button(text, className = "md-button") {
  const node = el("button", className, text);
  node.type = "button";
  return node;
}

function labelled(text, control, className) {
  const label = el("label", className);
  label.append(el("span", "taller__label", text), control);
  return label;
}

/** The workshop inside `root` ([data-workshop]); once per element. */
export async function mount(root) {
  if (root.dataset.workshopReady) return;
  root.dataset.workshopReady = "1";
  root.replaceChildren();
  const url = new URL(root.dataset.sources || "assets/workshop/sources.json", siteRoot);
  let sources = [];
  let limits = null; // the engine's: the longest text it checks, and what to say of a file or paste over it
  try {
    const response = await fetch(url, { credentials: "same-origin" });
    if (!response.ok) throw new Error(`el servidor respondió ${response.status}`);
    const data = await response.json();
    sources = data.sources || [];
    limits = data.limits || null;
  } catch (error) {
    root.append(el("p", "taller__error", `No se pudieron cargar las manos y preguntas del sitio (${error.message}). `
      + "Puedes escribir o pegar tu texto igualmente."));
  }
  new Workshop(root, sources, limits);
}

/** What the page says of a file or a paste when it could not learn the engine's limits. */
const UNBOUNDED = "no se pudo saber cuánto texto admite el taller; vuelve a cargar la página.";

class Workshop {
  constructor(root, sources, limits) {
    this.root = root;
    this.sources = sources;
    // Without the engine's limits (sources.json did not load) nothing is pasted or opened unbounded.
    this.limits = limits || { max_chars: 0, file_too_long: UNBOUNDED, paste_too_long: UNBOUNDED };
    this.asker = new Asker(request);
    this.timer = null;
    this.reply = null;
    this.build();
    const kept = loadWork(localStorage);
    const first = sources.find((s) => s.group === "Plantillas") || { text: "", path: "scenarios/mano-nueva.md" };
    this.pathInput.value = kept ? kept.path : first.path;
    this.editor = createEditor(this.editorBox, kept ? kept.text : first.text, {
      onChange: () => this.changed(),
      maxChars: this.limits.max_chars,
      onRefused: () => { this.note.textContent = this.limits.paste_too_long; },
      label: "Texto de la mano o de las preguntas",
      description: "Escribe o pega el texto. El motor lo comprueba mientras escribes; los problemas aparecen junto a "
        + "su línea y en la lista de debajo. Tab sale del editor; Ctrl+Z deshace.",
    });
    this.check();
  }

  build() {
    const id = this.root.id || "taller";
    const bar = el("div", "taller__bar");
    this.picker = el("select", "taller__picker");
    this.picker.id = `${id}-desde`;
    const groups = new Map();
    this.sources.forEach((source, index) => {
      if (!groups.has(source.group)) {
        const group = el("optgroup");
        group.label = source.group;
        groups.set(source.group, group);
        this.picker.append(group);
      }
      const option = el("option", null, source.title);
      option.value = String(index);
      groups.get(source.group).append(option);
    });
    const open = button("Empezar con este texto");
    open.addEventListener("click", () => this.start(this.sources[Number(this.picker.value)]));
    const pick = labelled("Empezar desde", this.picker, "taller__field");
    bar.append(pick, open);
    if (!this.sources.length) bar.hidden = true;

    const fileBar = el("div", "taller__bar");
    this.pathInput = el("input", "taller__path");
    this.pathInput.type = "text";
    this.pathInput.spellcheck = false;
    this.pathInput.autocomplete = "off";
    this.pathInput.addEventListener("input", () => this.changed());
    const download = button("Descargar el .md");
    download.dataset.download = "";
    download.addEventListener("click", () => this.download());
    const copy = button("Copiar el texto");
    copy.addEventListener("click", () => this.copy());
    this.fileInput = el("input", "taller__file");
    this.fileInput.type = "file";
    this.fileInput.accept = ".md,.markdown,.txt,text/markdown,text/plain";
    this.fileInput.addEventListener("change", () => this.openFile());
    fileBar.append(labelled("Nombre del archivo (como lo nombra «engine check»)", this.pathInput, "taller__field"),
      download, copy, labelled("Abrir un archivo .md", this.fileInput, "taller__field"));
    this.note = el("p", "taller__note");
    this.note.setAttribute("role", "status");

    this.editorBox = el("div", "taller__editor");

    this.status = el("p", "taller__status");
    this.status.setAttribute("role", "status");
    this.problems = el("ol", "taller__problems");
    this.problems.setAttribute("aria-label", "Problemas");

    this.play = el("section", "taller__play");
    this.play.setAttribute("aria-labelledby", `${id}-jugar`);
    this.play.hidden = true;

    this.root.append(bar, fileBar, this.note, this.editorBox, this.status, this.problems, this.play);
  }

  start(source) {
    if (!source) return;
    this.pathInput.value = source.path;
    this.editor.setText(source.text); // its change saves and checks it
    this.editor.goTo(1);
  }

  changed() {
    clearTimeout(this.timer);
    this.setCheck("waiting");
    this.timer = setTimeout(() => this.check(), CHECK_DELAY_MS);
  }

  setCheck(state) {
    this.root.dataset.check = state;
    this.root.dispatchEvent(new CustomEvent("taller:update", { detail: { state } }));
  }

  async check() {
    clearTimeout(this.timer);
    const text = this.editor.text();
    const path = this.pathInput.value.trim();
    this.setCheck("busy");
    this.status.textContent = "Comprobando…";
    const payload = path ? { text, path } : { text };
    const reply = await this.asker.ask("author-check", payload, {
      onProgress: () => { this.status.textContent = "Comprobando: el motor explora los caminos del lector…"; },
    });
    if (reply === null) return; // a newer check superseded this one
    // Kept for the next visit, unless the engine refused it unread (a megabyte pasted, a binary file):
    // such a text would slow down every later visit; the kept work stays the last one it read.
    if (!reply.refused && reply.code !== "too-large") saveWork(localStorage, { text, path });
    this.show(reply);
  }

  show(reply) {
    this.reply = reply;
    this.problems.replaceChildren();
    if (reply.error) {
      this.editor.setProblems([]);
      this.status.textContent = reply.field === "path" ? `El nombre del archivo no vale: ${reply.error}` : reply.error;
      this.play.hidden = true;
      this.setCheck("error");
      return;
    }
    this.root.dataset.kind = reply.kind;
    this.editor.setProblems(reply.problems);
    for (const problem of reply.problems) {
      const item = el("li");
      const go = button(problem.text, "taller__problem");
      go.dataset.problemLine = String(problem.line);
      go.addEventListener("click", () => this.editor.goTo(problem.line));
      item.append(go);
      this.problems.append(item);
    }
    this.status.textContent = reply.summary;
    if (reply.ok) this.showPlay(reply);
    else this.play.hidden = true;
    this.setCheck(reply.ok ? "ok" : "problems");
  }

  // ---- playing what the author wrote ----
  showPlay(reply) {
    const id = this.root.id || "taller";
    this.play.replaceChildren();
    this.play.hidden = false;
    if (reply.scenario) this.showHand(reply, id);
    else this.showQuestions(reply, id);
  }

  showHand(reply, id) {
    this.play.append(el("h2", null, `Juega la mano: ${reply.title}`));
    this.play.lastChild.id = `${id}-jugar`;
    const modality = el("select");
    for (const { id: value, name } of reply.modalities) {
      const option = el("option", null, name);
      option.value = value;
      modality.append(option);
    }
    const startButton = button("Jugar desde tu asiento", "md-button md-button--primary");
    const controls = el("div", "taller__bar");
    if (reply.modalities.length) controls.append(labelled("Modalidad", modality, "taller__field"));
    controls.append(startButton);
    const tableBox = el("div", "taller__table");
    tableBox.id = `${id}-mesa`;
    this.play.append(controls, tableBox);
    startButton.addEventListener("click", () => this.playOnTable(tableBox, reply, modality.value || null, []));

    this.play.append(el("h2", null, "El paso a paso, como se publica"));
    const walkPick = el("select");
    for (const walk of reply.walks) {
      const option = el("option", null, walk.name);
      option.value = walk.modality || "";
      walkPick.append(option);
    }
    const walkBox = el("div", "taller__walk");
    walkBox.setAttribute("aria-live", "polite");
    const walkBar = el("div", "taller__bar");
    walkBar.append(labelled("Modalidad", walkPick, "taller__field"));
    walkBar.hidden = reply.walks.length < 2;
    this.play.append(walkBar, walkBox);
    const showWalk = () => this.showWalk(walkBox, reply,
      reply.walks.find((w) => (w.modality || "") === walkPick.value) || reply.walks[0]);
    walkPick.addEventListener("change", showWalk);
    showWalk();

    if (!reply.paths.length) return;
    const total = reply.paths_total;
    this.play.append(el("h2", null, `Los caminos del lector (${reply.paths.length === total ? total
      : `${reply.paths.length} de ${total}`})`));
    this.play.append(el("p", null, "Cada camino es una forma de jugar la mano hasta el final que el motor comprobó. "
      + "Elige uno para verlo en la mesa."));
    const list = el("ol", "taller__paths");
    reply.paths.forEach((path, index) => {
      const item = el("li");
      const go = button(path.text, "taller__path-button");
      go.dataset.pathIndex = String(index);
      go.addEventListener("click", () => {
        modality.value = path.modality || ""; // none for a game without modalities (Hold'em)
        this.playOnTable(tableBox, reply, path.modality, path.reader);
      });
      item.append(go);
      list.append(item);
    });
    this.play.append(list);
  }

  async playOnTable(box, reply, modality, reader) {
    let table;
    try {
      table = await import("./play.js"); // the table's modules load only when the author plays
    } catch (error) {
      box.replaceChildren(el("p", "taller__error", `La mesa no se pudo cargar (${error.message}).`));
      return;
    }
    await table.mountTable(box, request, { scenario: reply.scenario, modality, reader });
  }

  async showWalk(box, reply, walk) {
    if (!walk) return;
    box.replaceChildren();
    const labels = reply.walk_labels;
    const article = el("article", "walkthrough");
    article.dataset.walk = "";
    article.dataset.modality = walk.modality || "";
    const line = el("p", "walk-line");
    line.append(el("strong", null, labels.line), document.createTextNode(` ${walk.line}`));
    article.append(line);
    // The steps and the end of the hand are the table's parts (the templates the build writes, the same
    // ones the «Manos comentadas» pages are drawn with), loaded only when a walkthrough is shown.
    const [{ step }, { drawResult }, { Words }] = await Promise.all([
      import("../table/markup.js"), import("../table/result.js"), import("../table/words.js")]);
    if (this.reply !== reply) return; // the text changed while the parts loaded
    for (const section of walk.sections) {
      const part = el("section", "walk-street");
      part.append(el("h3", "walk-street-title", section.title));
      const steps = el("ol", "sim-log__steps walk-steps");
      for (const event of section.events) steps.append(step(event));
      part.append(steps);
      article.append(part);
    }
    if (walk.end && walk.end.result) {
      const words = new Words();
      words.learn(walk.end);
      const end = el("section", "sim-result walk-result");
      const titleId = `${box.id || "taller"}-fin-${walk.modality || "mano"}`;
      end.setAttribute("aria-labelledby", titleId);
      drawResult(end, walk.end.result, words, titleId, 3);
      article.append(end);
    } else {
      const result = el("p", "walk-result");
      result.append(el("strong", null, labels.result), document.createTextNode(` ${walk.result}`));
      article.append(result);
    }
    box.append(article);
  }

  showQuestions(reply, id) {
    this.play.append(el("h2", null, "Responde como un lector"));
    this.play.lastChild.id = `${id}-jugar`;
    if (!reply.questions.length) {
      this.play.append(el("p", null, "Este texto no tiene bloques «pregunta» que responder."));
      return;
    }
    reply.questions.forEach((q, index) => {
      const box = el("div", "quiz taller__question");
      box.dataset.questionIndex = String(index);
      box.append(el("p", "quiz__prompt", q.prompt));
      const facts = el("dl", "quiz__facts");
      for (const fact of q.facts) {
        const row = el("div");
        const value = el("dd");
        if (fact.cards) {
          for (const card of fact.cards) {
            const face = el("span", card.red ? "quiz-card quiz-card--red" : "quiz-card", card.text);
            face.setAttribute("role", "img");
            face.setAttribute("aria-label", card.name);
            value.append(face, document.createTextNode(" "));
          }
        } else {
          value.textContent = fact.text;
        }
        row.append(el("dt", null, fact.label), value);
        facts.append(row);
      }
      const form = el("form", "quiz__form");
      const input = el("input");
      input.type = "text";
      input.autocomplete = "off";
      input.id = `${id}-respuesta-${index}`;
      const hint = el("p", "quiz__hint", q.hint);
      hint.id = `${input.id}-ayuda`;
      input.setAttribute("aria-describedby", hint.id);
      const label = el("label", null, `Tu respuesta (línea ${q.line})`);
      label.htmlFor = input.id;
      const send = el("button", "md-button md-button--primary", "Comprobar");
      send.type = "submit";
      const row = el("div", "quiz__row");
      row.append(input, send);
      form.append(label, row, hint);
      const feedback = el("div", "quiz__feedback");
      feedback.setAttribute("aria-live", "polite");
      const asker = new Asker(request);
      const answer = async (wanted) => {
        const result = await judge(asker, q.question, input.value, { reveal: wanted });
        if (result === null) return;
        showFeedback(feedback, result.kind, result.message, result.steps, () => answer(true), result.title);
        box.dataset.answered = result.kind;
      };
      form.addEventListener("submit", (event) => { event.preventDefault(); answer(false); });
      box.append(facts, form, feedback);
      this.play.append(box);
    });
  }

  // ---- the file ----
  download() {
    const blob = new Blob([this.editor.text()], { type: "text/markdown;charset=utf-8" });
    const link = el("a");
    link.href = URL.createObjectURL(blob);
    link.download = downloadName(this.pathInput.value);
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
    this.note.textContent = `Descargado como ${link.download}.`;
  }

  async copy() {
    try {
      await navigator.clipboard.writeText(this.editor.text());
      this.note.textContent = "Texto copiado.";
    } catch (error) {
      this.note.textContent = "El navegador no deja copiar desde aquí: selecciona el texto (Ctrl+A) y cópialo.";
    }
  }

  async openFile() {
    const file = this.fileInput.files && this.fileInput.files[0];
    if (!file) return;
    // Bounded before it is read: a UTF-8 text of max_chars characters has at most 4 bytes each.
    if (file.size > this.limits.max_chars * 4) {
      this.status.textContent = `No se abrió ${file.name}: ${this.limits.file_too_long}`;
      this.note.textContent = "";
      this.setCheck("error");
      return;
    }
    const text = await file.text();
    const path = /\.md$/i.test(file.name)
      ? (this.pathInput.value.includes("scenarios/") ? `scenarios/${file.name}` : file.name) : this.pathInput.value;
    // The engine sees it first: a file too long or not text is refused without reaching the editor (a
    // megabyte of binary on one line would make the editor crawl); anything else opens, problems and all.
    this.setCheck("busy");
    const reply = await this.asker.ask("author-check", { text, path });
    if (reply === null) return;
    if (reply.error || reply.refused) {
      const why = reply.error || (reply.problems[0] && reply.problems[0].text) || "";
      this.status.textContent = `No se abrió ${file.name}: ${why}`;
      this.note.textContent = "";
      this.setCheck("error");
      return;
    }
    this.pathInput.value = path;
    this.editor.setText(text);
    this.note.textContent = `Abierto ${file.name}.`;
  }
}
