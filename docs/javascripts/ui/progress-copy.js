// «Tu copia» on «Mi progreso» (ui/progress-page.js): download the log, load a copy, erase it all. Downloading
// and loading read or write the whole log: they run in a worker (progress/work.js), the page only shows how far
// they got; what is downloaded is what is stored at the click (answers given since in another tab included).
import { formatDecimal, percent } from "../engine/words.js";
import * as log from "../progress/log.js";
import { dayOf } from "../progress/model.js";
import { storageProblem } from "../progress/problems.js";
import { run } from "../progress/work.js";
import { addReads, addVisits, clearVisits, readReads, readVisits } from "../progress/visits.js";
import { button, el, section } from "./page.js";

const number = (n) => formatDecimal(n, 0, 0);
const PHASES = { read: "Leyendo la copia", summary: "Sumando tus respuestas" };

/** An onProgress for progress/work.js: «label… 40 %» and a bar in `status` (a role=status paragraph). */
export function workStatus(status, label) {
  const bar = el("progress");
  bar.max = 100;
  const words = el("span", null, `${label}…`);
  status.replaceChildren(words, " ", bar);
  return ({ phase, done, total }) => {
    const share = total ? Math.min(1, done / total) : 0;
    bar.value = Math.round(share * 100);
    words.textContent = `${PHASES[phase] || label}… ${percent(share)}`;
  };
}

/** The words after a copy was loaded: what was new, what was there, what was skipped and why. */
function loadedText({ added, already, skipped }) {
  return `Copia cargada: ${number(added)} ${added === 1 ? "respuesta nueva" : "respuestas nuevas"}`
    + (already ? `, ${number(already)} ya estaban` : "") + "." + (skipped ? ` No se cargaron ${skipped}.` : "");
}

function downloadButton(page, status) {
  const download = button("Descargar mi progreso");
  download.disabled = !page.main.count;
  download.dataset.focus = "download";
  download.addEventListener("click", async () => {
    download.disabled = true;
    try {
      const now = Date.now();
      const { blob, count } = await run("save", { now, visits: readVisits(), reads: readReads() },
        workStatus(status, "Preparando la copia"));
      const url = URL.createObjectURL(blob);
      const a = el("a");
      Object.assign(a, { href: url, download: `mi-progreso-${dayOf(now)}.json` });
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      status.textContent = `Descargado: ${number(count)} respuestas.`;
    } catch (error) {
      status.textContent = error.message;
    } finally {
      download.disabled = false;
    }
  });
  return download;
}

// The file input stays hidden; a button of the site's size opens it (keyboard and touch alike).
function loadControls(page, status) {
  const file = el("input");
  Object.assign(file, { type: "file", accept: "application/json,.json", hidden: true });
  file.className = "progress-copy__input";
  const load = button("Cargar una copia");
  load.dataset.focus = "load";
  load.addEventListener("click", () => file.click());
  file.addEventListener("change", async () => {
    const chosen = file.files && file.files[0];
    file.value = "";
    if (!chosen) return;
    const known = { skills: page.catalogue.skills.map((s) => s.id), games: page.catalogue.games.map((g) => g.id) };
    let said;
    try {
      const loaded = await run("load", { file: chosen, known, now: Date.now() }, workStatus(status, "Leyendo la copia"));
      addVisits(loaded.visits);
      addReads(loaded.reads);
      log.changed("loaded");
      said = loadedText(loaded);
    } catch (error) {
      status.textContent = error.message;
      return;
    }
    await page.draw();
    page.root.querySelector(".progress-copy__status").textContent = said;  // the section was drawn afresh
  });
  return [load, file];
}

function eraseControls(page) {
  const erase = button("Borrar mi progreso", "md-button progress-copy__erase");
  erase.disabled = !page.main.count;
  erase.dataset.focus = "erase";
  const confirm = el("div", "progress-copy__confirm");
  confirm.hidden = true;
  confirm.setAttribute("role", "group");
  confirm.setAttribute("aria-label", "Confirmar el borrado");
  const sure = button("Sí, borrar todo", "md-button md-button--primary progress-copy__sure");
  const keep = button("No, conservarlo");
  confirm.append(el("p", null, `Se borrarán ${number(page.main.count)} respuestas de este dispositivo. No se puede `
    + "deshacer: si quieres, descarga antes una copia."), sure, keep);
  erase.addEventListener("click", () => { confirm.hidden = false; keep.focus(); });
  keep.addEventListener("click", () => { confirm.hidden = true; erase.focus(); });
  sure.addEventListener("click", async () => {
    try {
      await log.clearAll();
    } catch (error) {
      page.root.querySelector(".progress-copy__status").textContent = storageProblem(error);
      return;
    }
    clearVisits();
    await page.draw();
    const fresh = page.root.querySelector(".progress-copy__status");
    if (fresh) fresh.textContent = "Tu progreso se ha borrado de este dispositivo.";
  });
  return [erase, confirm];
}

/** «Tu copia»: download, load and erase, and the line that says how each went. */
export function copyPart(page) {
  const part = section("progress-copy", "Tu copia", "progreso-copia");
  const status = el("p", "progress-copy__status");
  status.setAttribute("role", "status");
  const row = el("div", "progress__actions");
  const [erase, confirm] = eraseControls(page);
  row.append(downloadButton(page, status), ...loadControls(page, status), erase);
  part.append(el("p", null, "Descarga tu progreso para guardarlo o llevarlo a otro dispositivo; al cargarlo se suma al "
    + "que ya tengas, sin contar dos veces la misma respuesta."), row, confirm, status);
  return part;
}
