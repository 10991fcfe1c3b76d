// Offline support, started by client.js: registers the service worker (docs/sw.js), asks it to keep the
// whole build once the engine has loaded, and shows a discreet note while the page works without a
// connection. Under `mkdocs serve` (its live-reload script is on the page) no service worker is
// registered and any earlier one is removed, so authors never see stale pages.
import { onPage } from "../ui/page.js";

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

let precacheAsked = false;

/** Ask the service worker to keep every page, asset and the runtime (once the engine has loaded). */
export function keepForOffline() {
  if (precacheAsked || !("serviceWorker" in navigator) || underMkdocsServe()) return;
  precacheAsked = true;
  navigator.serviceWorker.ready.then((registration) => {
    registration.active.postMessage({ type: "precache" });
  });
}

function register() {
  if (!("serviceWorker" in navigator)) return;
  if (underMkdocsServe()) {
    navigator.serviceWorker.getRegistrations().then((all) => all.forEach((r) => r.unregister()));
    return;
  }
  navigator.serviceWorker.addEventListener("message", (event) => {
    const data = event.data || {};
    if (data.type === "precached") document.documentElement.dataset.offlineReady = data.version;
    else if (data.type === "precache-failed") console.warn("[sin conexión]", data.message);
  });
  const go = () => navigator.serviceWorker.register(new URL("sw.js", siteRoot).href, { scope: siteRoot.pathname })
    .catch((error) => console.warn("[sin conexión]", error.message));
  if (document.readyState === "complete") go();
  else window.addEventListener("load", go, { once: true });
  window.addEventListener("online", showNote);
  window.addEventListener("offline", showNote);
  navigator.serviceWorker.addEventListener("controllerchange", showNote);
}

register();
onPage(showNote);
