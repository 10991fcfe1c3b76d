// Offline support, started by client.js: registers the service worker (docs/sw.js), offers to keep the whole
// site on this device («Guardar el sitio para usarlo sin conexión: N MB», N being what downloading the files
// still missing costs from the host, computed at build time by site_hooks/engine_bundle.py) in the header's
// offline menu, in the footer and on the offline page, shows a discreet note while the page works without a
// connection, and on the offline page (docs/sin-conexion.md, what the service worker answers for a page not
// kept) lists what is kept on this device. A visit downloads only what it uses: the whole site is saved when
// the reader asks, or by itself once the engine has loaded where the browser says the connection is not
// metered and Save-Data is off (keepForOffline(); the rule is sw.js's connectionAllows()). Under `mkdocs
// serve` (its live-reload script is on the page) no service worker is registered and any earlier one is
// removed, so authors never see stale pages.
import { el, onPage } from "../ui/page.js";
import { saveOffer } from "./words.js";

const NOTE = "Sin conexión: estás usando la copia guardada en este dispositivo.";
const siteRoot = new URL("../../", import.meta.url);

function underMkdocsServe() {
  return [...document.scripts].some((script) => !script.src && script.textContent.includes("livereload("));
}

function showNote() {
  const offline = navigator.onLine === false && Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);
  let note = document.querySelector(".offline-note");
  if (!offline) {
    if (note) note.remove();
    return;
  }
  if (!note) {
    note = document.createElement("p");
    note.className = "offline-note";
    note.setAttribute("role", "status");
    note.style.cssText = "position:fixed;bottom:0.5rem;left:0.5rem;z-index:10;margin:0;padding:0.25rem 0.6rem;"
      + "font-size:0.7rem;border-radius:0.2rem;background:var(--md-default-bg-color);"
      + "color:var(--md-default-fg-color--light);box-shadow:0 0 0.2rem rgba(0,0,0,0.2)";
    document.body.append(note);
  }
  note.textContent = NOTE;
}

// ---- the offer to save the whole site ----

let saving = null;  // the service worker's last word: {saved, bytes, saving, done, total, version}
let failure = null;  // why the last save failed (Spanish), shown beside the offer

const MENU_WORDS = { offer: "Usar el sitio sin conexión", saving: "Guardando el sitio para usarlo sin conexión",
  saved: "Sitio guardado en este dispositivo: funciona sin conexión" };

function render() {
  const words = saveOffer(saving, failure);
  const state = !words ? null : saving.saved ? "saved" : saving.saving ? "saving" : "offer";
  for (const box of document.querySelectorAll("[data-offline-save]")) drawOffer(box, words, state);
  for (const menu of document.querySelectorAll("[data-offline-menu]")) {
    menu.hidden = !words;
    if (!words) continue;
    menu.dataset.state = state;
    const summary = menu.querySelector("summary");
    summary.setAttribute("aria-label", MENU_WORDS[state]);
    summary.title = MENU_WORDS[state];
  }
}

function drawOffer(box, words, state) {
  box.hidden = !words;
  if (!words) return;
  if (!box.querySelector("button")) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "offline-save__button";
    button.addEventListener("click", () => ask({ type: "save", how: "request" }, true));
    const text = document.createElement("span");
    text.className = "offline-save__text";
    text.setAttribute("role", "status");
    text.tabIndex = -1;
    box.replaceChildren(button, text);
  }
  const button = box.querySelector("button");
  const text = box.querySelector(".offline-save__text");
  const hadFocus = document.activeElement === button;
  button.hidden = !words.button;
  if (words.button) button.textContent = words.button;
  text.textContent = words.text;
  text.hidden = !words.text;
  box.setAttribute("aria-busy", String(Boolean(words.busy)));  // no byte-by-byte announcements
  box.dataset.state = state;
  if (hadFocus && button.hidden) text.focus();  // the focus stays on the offer while it saves
}

// The header's menu closes with Escape (the focus back on its button) and with a tap or click elsewhere.
document.addEventListener("keydown", (event) => {
  const menu = event.key === "Escape" && event.target instanceof Element && event.target.closest("[data-offline-menu][open]");
  if (!menu) return;
  menu.open = false;
  menu.querySelector("summary").focus();
});
document.addEventListener("click", (event) => {
  for (const menu of document.querySelectorAll("[data-offline-menu][open]")) {
    if (!menu.contains(event.target)) menu.open = false;
  }
});

async function ask(message, byReader = false) {
  if (!("serviceWorker" in navigator)) return;
  const registration = await navigator.serviceWorker.ready;
  if (!registration.active) return;
  if (byReader) {
    failure = null;
    if (saving) saving = { ...saving, saving: true, done: 0, total: saving.bytes };
    render();
  }
  registration.active.postMessage(message);
}

function heard(event) {
  const data = event.data || {};
  if (data.type === "status") {
    saving = data;
    if (data.saved) document.documentElement.dataset.offlineReady = data.version;
    render();
  } else if (data.type === "saving") {
    saving = { ...(saving || {}), saving: true, done: data.done, total: data.total };
    render();
  } else if (data.type === "saved") {
    document.documentElement.dataset.offlineReady = data.version;
    ask({ type: "status" });
  } else if (data.type === "kept") {
    document.documentElement.dataset.offlineKept = String(data.kept);  // what the first visit kept (tests)
  } else if (data.type === "save-failed") {
    console.warn("[sin conexión]", data.message);
    failure = navigator.onLine === false ? "no hay conexión" : "falló una descarga";
    ask({ type: "status" });
  }
}

// ---- the offline page: what this device keeps ----

const PROGRESS_PAGE = "progreso/";
const OFFLINE_PAGE = "sin-conexion/";

/** This build's cache (the worker's ?cache=, overrides/main.html), if this device has one. */
async function buildCache() {
  const meta = document.querySelector('meta[name="engine-build"]');
  const name = meta && meta.dataset.worker && new URL(meta.dataset.worker, document.baseURI).searchParams.get("cache");
  if (!name || !self.caches || !(await caches.has(name))) return null;
  return { cache: await caches.open(name), build: meta.content };
}

/** The pages kept ([{path, title}], by path; the title is the page's own heading), whether the engine
 * is kept (its runtime and this build's files), from this build's cache. */
async function keptOnDevice() {
  const found = await buildCache();
  if (!found) return { pages: [], engine: false };
  const pages = new Map();
  const files = new Set();
  for (const request of await found.cache.keys()) {
    const address = new URL(request.url);
    if (address.origin !== siteRoot.origin || !address.pathname.startsWith(siteRoot.pathname)) continue;
    const path = address.pathname.slice(siteRoot.pathname.length);
    files.add(path);
    if ((path && !path.endsWith("/")) || path === OFFLINE_PAGE || pages.has(path)) continue;
    const hit = await found.cache.match(request);
    if (!hit || !(hit.headers.get("content-type") || "").includes("text/html")) continue;
    const heading = new DOMParser().parseFromString(await hit.text(), "text/html").querySelector("h1");
    if (!heading) continue;
    for (const link of heading.querySelectorAll(".headerlink")) link.remove();
    pages.set(path, heading.textContent.trim());
  }
  const engineFolder = `assets/pyodide/engine/${found.build}/`;
  const engine = ["assets/pyodide/pyodide.asm.wasm", "assets/pyodide/pyodide.asm.mjs", `${engineFolder}python_stdlib.zip`]
    .every((path) => files.has(path)) && [...files].some((path) => path.startsWith(engineFolder) && path.endsWith(".whl"));
  return { pages: [...pages].sort(([a], [b]) => a.localeCompare(b)).map(([path, title]) => ({ path, title })), engine };
}

async function showKept(box) {
  const { pages, engine } = await keptOnDevice();
  const list = el("ul", "offline-contents__pages");
  for (const { path, title } of pages) {
    const link = el("a", null, title);
    link.href = new URL(path, siteRoot).href;
    const item = el("li");
    item.append(link);
    list.append(item);
  }
  const progress = pages.some(({ path }) => path === PROGRESS_PAGE);
  box.replaceChildren(
    el("p", null, pages.length ? `Las páginas guardadas en este dispositivo (${pages.length}):`
      : "Aún no hay páginas guardadas en este dispositivo."),
    ...(pages.length ? [list] : []),
    el("p", null, progress
      ? "«Mi progreso» está guardado: tus respuestas viven en este navegador, no en internet, y las ves sin conexión."
      : "«Mi progreso» no está guardado en este dispositivo. Tus respuestas no se pierden (viven en este navegador): "
        + "las verás en cuanto abras la página con conexión."),
    el("p", null, engine
      ? "El motor también está guardado: el repaso de «Mi progreso» («Repasar ahora», «Mis errores») y lo que juega o "
        + "corrige en las páginas guardadas funcionan sin conexión."
      : "El motor no está guardado: el repaso de «Mi progreso» y lo que juega o corrige en las páginas necesitan "
        + "conexión, hasta que abras con ella una página que lo use."),
  );
}

/** What this page view used (its address, its resources and its engine worker's fetches: `workerURLs`)
 * is copied by the service worker from the browser's HTTP cache into its own (sw.js keepUsed()): on a
 * first visit everything came before the service worker controlled the page, and without this a reload
 * offline found nothing. Asked once the engine has loaded (its timeline names the worker's fetches). */
export function keepVisited(workerURLs = []) {
  if (!("serviceWorker" in navigator) || underMkdocsServe()) return;
  const urls = [location.href, ...performance.getEntriesByType("resource").map((entry) => entry.name), ...workerURLs]
    .filter((address) => address.startsWith(siteRoot.origin));
  ask({ type: "keep", urls });
}

/** The engine has loaded: save the whole site too, if the service worker finds that the browser allows
 * it by itself (not metered, no Save-Data); otherwise the reader can still ask from the offer. */
export function keepForOffline() {
  if (!("serviceWorker" in navigator) || underMkdocsServe()) return;
  ask({ type: "save", how: "auto" });
}

/** The site's service worker registration, registered on the first visit only. Registering it again on
 * every page view would change nothing (the browser checks for a new sw.js by itself on each page view),
 * but the call waits in line behind that check, and when the check is installing a new build, Chrome
 * then holds the new worker's activation for five minutes (seen in test_offline). */
async function registered() {
  const script = new URL("sw.js", siteRoot).href;
  const existing = await navigator.serviceWorker.getRegistration(siteRoot.href);
  const newest = existing && (existing.installing || existing.waiting || existing.active);
  if (existing && existing.scope === siteRoot.href && newest && newest.scriptURL === script) return existing;
  return navigator.serviceWorker.register(script, { scope: siteRoot.pathname });
}

function register() {
  if (!("serviceWorker" in navigator)) return;
  if (underMkdocsServe()) {
    navigator.serviceWorker.getRegistrations().then((all) => all.forEach((r) => r.unregister()));
    return;
  }
  navigator.serviceWorker.addEventListener("message", heard);
  // A page the service worker did not control (a first visit) is kept now, from the HTTP cache; a page made
  // for the engine (its head starts it: overrides/main.html) is kept once the engine has loaded, with what
  // its worker used (client.js).
  const early = !navigator.serviceWorker.controller && typeof window.engineWorkerStart !== "function";
  const go = () => registered()
    .then(() => {
      ask({ type: "status" });
      if (early) keepVisited();
    })
    .catch((error) => console.warn("[sin conexión]", error.message));
  if (document.readyState === "complete") go();
  else window.addEventListener("load", go, { once: true });
  window.addEventListener("online", () => {
    showNote();
    ask({ type: "repair" });  // a saved site missing a file downloads it now
  });
  window.addEventListener("offline", showNote);
  navigator.serviceWorker.addEventListener("controllerchange", showNote);
}

register();
onPage(() => {
  showNote();
  render();
  const kept = document.querySelector("[data-offline-contents]");
  if (kept) showKept(kept).catch((error) => console.warn("[sin conexión]", error.message));
});
