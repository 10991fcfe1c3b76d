// The page's only door to the engine: PokerEngine.request(type, payload) -> Promise<reply>.
// The reply is the engine's JSON object; a request the engine cannot answer resolves to
// {error: "..."} (errors are data). The promise rejects only when the engine could not load.
// One worker per visit: created the first time a page that needs it ([data-engine]) is shown,
// it survives instant navigation, so later pages find the engine warm.
(function () {
  "use strict";
  const LOAD_TIMEOUT_MS = 90000;
  const PHASES = {
    idle: "El motor se cargará cuando haga falta.",
    download: "Descargando Python (Pyodide)…",
    python: "Iniciando Python…",
    engine: "Cargando el motor de reglas…",
    ready: "Motor listo.",
    failed: "No se pudo cargar el motor.",
  };
  const siteRoot = new URL("../../", document.currentScript.src);
  let worker = null;
  let nextId = 1;
  const pending = new Map();
  const listeners = new Set();
  let state = { phase: "idle", text: PHASES.idle };
  let readyPromise = null;
  let settleReady = null;

  function setState(phase, extra = {}) {
    state = { phase, text: PHASES[phase] || phase, ...extra };
    if (phase === "failed" && extra.message) {
      state.text = `${PHASES.failed} ${extra.message}`;
    }
    for (const fn of listeners) {
      try { fn(state); } catch (e) { console.error(e); }
    }
  }

  function fail(message) {
    if (state.phase === "failed") return;
    setState("failed", { message });
    if (settleReady) settleReady.reject(new Error(message));
    for (const { reject } of pending.values()) reject(new Error(message));
    pending.clear();
  }

  // The worker may already be running: overrides/main.html starts it from <head> on pages that need
  // the engine, while the rest of the page is still being parsed, and keeps its first messages.
  function createWorker() {
    const early = window.__engineBoot;
    if (early && early.worker) {
      window.__engineBoot = null;
      return early;
    }
    const meta = document.querySelector('meta[name="engine-build"]');
    const build = meta ? meta.content : "dev";
    const url = new URL(`javascripts/engine/worker.js?v=${encodeURIComponent(build)}`, siteRoot);
    return { worker: new Worker(url, { type: "module" }), early: [] };
  }

  function start() {
    if (readyPromise) return readyPromise;
    readyPromise = new Promise((resolve, reject) => { settleReady = { resolve, reject }; });
    readyPromise.catch(() => {});
    const timer = setTimeout(
      () => fail("El motor tarda demasiado en cargar; recarga la página para intentarlo de nuevo."),
      LOAD_TIMEOUT_MS,
    );
    let early;
    try {
      ({ worker, early } = createWorker());
    } catch (error) {
      clearTimeout(timer);
      fail(`Este navegador no puede iniciar el motor (${error.message}).`);
      return readyPromise;
    }
    setState("download");
    const onMessage = (event) => {
      const data = event.data || {};
      if (data.status) {
        if (data.status === "ready") {
          clearTimeout(timer);
          setState("ready", { version: data.version });
          settleReady.resolve(data.version);
        } else if (data.status === "failed") {
          clearTimeout(timer);
          fail(data.message || "error desconocido");
        } else if (state.phase !== "failed") {
          setState(data.status);
        }
        return;
      }
      const entry = pending.get(data.id);
      if (!entry) return;
      pending.delete(data.id);
      if ("error" in data) entry.reject(new Error(data.error));
      else entry.resolve(data.result);
    };
    const onError = (event) => {
      clearTimeout(timer);
      fail(event.message || "error al iniciar el motor");
    };
    worker.onmessage = onMessage;
    worker.onerror = onError;
    for (const event of early) (event.type === "error" ? onError : onMessage)(event);
    return readyPromise;
  }

  function request(type, payload) {
    start();
    if (state.phase === "failed") return Promise.reject(new Error(state.text));
    return new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, type, payload });
    });
  }

  function onStatus(fn) {
    listeners.add(fn);
    fn(state);
    return () => listeners.delete(fn);
  }

  window.PokerEngine = { request, start, onStatus, get state() { return state; } };

  // Start loading as soon as a page that needs the engine is shown (also under instant navigation).
  function maybeStart() {
    if (document.querySelector("[data-engine]")) start();
  }
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(maybeStart);
  } else {
    document.addEventListener("DOMContentLoaded", maybeStart);
  }
})();
