// The page's only door to the engine (an ES module): request(type, payload) -> Promise<reply>.
// The reply is the engine's JSON object; a request the engine cannot answer resolves to the
// protocol's error shape {error, code, field?, at?, line?} (errors are data, see engine/protocol/codec.py).
// The promise always settles; it rejects (an Error with a Spanish message and a `code`) only when the
// engine could not load ("failed"), the payload is not plain JSON data ("payload": BigInt, cycles,
// functions, symbols, too deep — checked before posting), the request was cancelled ("cancelled":
// its AbortSignal, or a newer request with the same `supersede` key; the worker drops it or stops it
// within a slice, so the next request is delayed, not lost), or the worker, running it, said nothing
// for `timeout` ms ("timeout": counted from when the worker starts it, and again from each progress
// report, never while it waits its turn; the wedged worker is then restarted, and the other requests
// in flight reject with "restarted"). See engine/requests.js.
// One worker per visit, started on intent: at once on pages that exist for the engine (overrides/main.html
// starts it from <head> and start() adopts it; here when such a page is shown), and on pages whose only
// engine elements are small widgets (class INTENT_CLASS, e.g. the home page's) when the reader heads for
// one: focus, pointer, or the widget nearing the viewport. A reader who only reads never downloads the
// runtime. The worker survives instant navigation, so later pages find the engine warm.
// The loading phase is also on <html data-engine-phase="…"> (for styles and tests).
import { onPage } from "../ui/page.js";
import { Requests } from "./requests.js";
import { keepForOffline, keepVisited } from "./offline.js";
import { megabytes } from "./words.js";

const LOAD_TIMEOUT_MS = 90000;
const PHASES = {
  idle: "El motor se cargará cuando haga falta.",
  download: "Descargando Python (Pyodide)…",
  python: "Iniciando Python…",
  engine: "Cargando el motor de reglas…",
  ready: "Motor listo.",
  failed: "No se pudo cargar el motor.",
};
const siteRoot = new URL("../../", import.meta.url);
// Same rule as site_hooks/engine_bundle.py (INTENT_CLASS): engine elements inside it load on intent.
const INTENT_CLASS = "engine-widget";
const INTENT_MARGIN = "250px 0px";  // "nearing the viewport"
let worker = null;
const requests = new Requests({ post: (message) => worker.postMessage(message), onWedged: restart });
const MAX_RESTARTS = 3;
let restarts = 0;
const listeners = new Set();
let current = { phase: "idle", text: PHASES.idle, progress: { loaded: 0, total: 0 } };
let readyPromise = null;
let settleReady = null;
let workerTimeline = null;

// The one source of loading progress, drawn by every bar and said by the download's words: bytes
// received of bytes expected (the build's figure, <meta name="engine-build" data-bytes>; the worker's
// count when more came). Before the download nothing, after it everything (Python starts from memory).
const DONE_PHASES = new Set(["python", "engine", "ready"]);

function progressOf(phase, extra) {
  const total = Math.max(expectedBytes(), Number(extra.total) || 0, Number(extra.loaded) || 0);
  if (phase === "download") return { loaded: Math.min(Number(extra.loaded) || 0, total), total };
  if (DONE_PHASES.has(phase)) return { loaded: total, total };
  return phase === "failed" ? current.progress : { loaded: 0, total };
}

function setState(phase, extra = {}) {
  const progress = progressOf(phase, extra);
  current = { phase, text: PHASES[phase] || phase, ...extra, progress };
  if (phase === "failed" && extra.message) current.text = `${PHASES.failed} ${extra.message}`;
  if (phase === "download" && progress.total) {
    current.text = `${PHASES.download} ${megabytes(progress.loaded)} de ${megabytes(progress.total)} MB`;
  }
  document.documentElement.dataset.enginePhase = phase;
  for (const fn of listeners) {
    try { fn(current); } catch (e) { console.error(e); }
  }
}

function fail(message) {
  if (current.phase === "failed") return;
  setState("failed", { message });
  if (settleReady) settleReady.reject(new Error(message));
  requests.rejectAll(message);
}

function buildMeta() {
  return document.querySelector('meta[name="engine-build"]');
}

/** The bytes the worker's plain start downloads, known at build time (0 when unknown). */
function expectedBytes() {
  const meta = buildMeta();
  return (meta && Number(meta.dataset.bytes)) || 0;
}

/** The worker's address, from the page (<meta name="engine-build" data-worker>, overrides/main.html). */
function workerURL() {
  const meta = buildMeta();
  if (meta && meta.dataset.worker) return new URL(meta.dataset.worker, document.baseURI);
  return new URL("javascripts/engine/worker.js?v=dev", siteRoot);
}

/** The worker the page's head started (overrides/main.html), once, with the events it sent meanwhile. */
function adoptEarlyWorker() {
  const early = window.engineWorker;
  delete window.engineWorker;
  return early && early.worker ? early : null;
}

/** Start the worker (once per visit); resolves with the engine's version when it is ready. */
export function start() {
  if (readyPromise) return readyPromise;
  readyPromise = new Promise((resolve, reject) => { settleReady = { resolve, reject }; });
  readyPromise.catch(() => {});
  const timer = setTimeout(
    () => fail("El motor tarda demasiado en cargar; recarga la página para intentarlo de nuevo."),
    LOAD_TIMEOUT_MS,
  );
  const early = adoptEarlyWorker();
  try {
    worker = early ? early.worker : new Worker(workerURL(), { type: "module" });
  } catch (error) {
    clearTimeout(timer);
    fail(`Este navegador no puede iniciar el motor (${error.message}).`);
    return readyPromise;
  }
  setState("download");
  worker.onmessage = (event) => {
    const data = event.data || {};
    if (data.kept) {
      document.documentElement.dataset.engineKept = data.kept;  // (the worker's snapshot: report.js kept())
      return;
    }
    if (data.timeline) {
      if (!workerTimeline) keepVisited(data.timeline.fetches.map(([address]) => address)); // at "ready"
      workerTimeline = data.timeline;
      return;
    }
    if (data.status) {
      if (data.status === "ready") {
        clearTimeout(timer);
        setState("ready", { version: data.version, route: data.route });  // route: "plain" or "snapshot"
        settleReady.resolve(data.version);
        keepForOffline();  // the reader chose the engine: keep the whole site for offline use
        loadRecorder();  // answers will be checked: have the progress log's code here before the network goes
      } else if (data.status === "failed") {
        clearTimeout(timer);
        fail(data.message || "error desconocido");
      } else if (current.phase !== "failed") {
        const { status: phase, ...extra } = data;
        setState(phase, extra);
      }
      return;
    }
    requests.receive(data);
  };
  worker.onerror = (event) => {
    clearTimeout(timer);
    fail(event.message || "error al iniciar el motor");
  };
  // What the head's worker said before this module ran, in its order (nothing else runs meanwhile).
  if (early) for (const event of early.events) (event.type === "error" ? worker.onerror : worker.onmessage)(event);
  return readyPromise;
}

/** One protocol request; the reply (or the error reply) as an object. Options: onProgress({done,
 * total}), called while a long command counts (holdem-equity); signal, an AbortSignal that cancels
 * it; supersede, a key: a newer request with the same key cancels this one (e.g. one per widget);
 * timeout, in ms of silence from the worker while it runs this request (default 30 s, 0 = none);
 * record: false keeps a checked reply out of the reader's progress log (e.g. a solution fetched for
 * a list, after the reader's own answer was recorded). */
export function request(type, payload, { onProgress, signal, supersede, timeout, record = true } = {}) {
  start();
  if (current.phase === "failed") {
    const error = new Error(current.text);
    error.code = "failed";
    return Promise.reject(error);
  }
  const sent = requests.send(type, payload, { onProgress, signal, supersede, timeout });
  if (record) sent.then((reply) => { if (reply && reply.progress) remember(type, payload, reply); }, () => {});
  return sent;
}

let recorder = null;

/** Every checked reply (one with the engine's `progress` field) goes to the reader's log, from here
 * only: the recording module is imported on the first one, never on pages where nothing is checked. */
function remember(type, payload, reply) {
  loadRecorder().then((module) => module.record(type, payload, reply), () => {});
}

/** The recording module (and, through it, the storage library), imported once. Also called when the
 * engine is ready: a reader who then goes offline still gets every answer recorded. */
function loadRecorder() {
  if (!recorder) {
    recorder = import("../progress/record.js");
    recorder.catch((error) => {
      recorder = null;
      console.warn("[progreso] no se pudo cargar el registro:", error.message);
    });
  }
  return recorder;
}

/** A worker that stopped answering (a request timed out) is replaced by a fresh one; the requests
 * it held are rejected. After MAX_RESTARTS in one visit the engine is given up as failed. */
function restart(message) {
  if (worker) worker.terminate();
  worker = null;
  requests.rejectAll(`${message} La petición se interrumpió.`, "restarted");
  if (++restarts > MAX_RESTARTS) {
    fail("El motor se bloqueó varias veces; recarga la página.");
    return;
  }
  readyPromise = null;
  settleReady = null;
  start();
}

/** Call fn(state) now and on every change of the loading state (see state()); returns the unsubscribe function. */
export function onStatus(fn) {
  listeners.add(fn);
  fn(current);
  return () => listeners.delete(fn);
}

/** How the worker started, for measurements (benchmarks/bench_load.py --timeline): {marks: [[what,
 * ms]], fetches: [[url, start ms, end ms, transferSize, encodedBodySize]]}, in ms since this page's
 * navigation; null before the worker is ready. */
export function timeline() {
  if (!workerTimeline) return null;
  const since = (epoch) => epoch - performance.timeOrigin;
  return {
    marks: workerTimeline.marks.map(([what, at]) => [what, since(at)]),
    fetches: workerTimeline.fetches.map(([url, begin, end, ...sizes]) => [url, since(begin), since(end), ...sizes]),
  };
}

/** The loading state now: {phase, text, progress: {loaded, total} (bytes), version?, message?}. */
export function state() {
  return current;
}

let watching = null;

/** Start the engine when the reader heads for one of these widgets (focus, pointer, near the viewport). */
function startOnIntent(widgets) {
  if (watching) watching();
  const events = ["focusin", "pointerover", "pointerdown", "touchstart"];
  const go = () => { stop(); start(); };
  const observer = "IntersectionObserver" in window
    ? new IntersectionObserver((entries) => { if (entries.some((e) => e.isIntersecting)) go(); },
      { rootMargin: INTENT_MARGIN })
    : null;
  function stop() {
    if (observer) observer.disconnect();
    for (const el of widgets) for (const type of events) el.removeEventListener(type, go);
    watching = null;
  }
  for (const el of widgets) {
    for (const type of events) el.addEventListener(type, go, { passive: true });
    if (observer) observer.observe(el);
  }
  watching = stop;
}

const VISITS_KEY = "progreso-visitas";

/** Note this page in the reader's visits (the path from zero ticks «read» steps with them; only on this
 * device, in localStorage: a few dozen site paths such as «/holdem/»). */
function noteVisit() {
  if (!location.pathname.startsWith(siteRoot.pathname)) return;
  const path = "/" + location.pathname.slice(siteRoot.pathname.length).replace(/index\.html$/, "");
  try {
    const visits = JSON.parse(localStorage.getItem(VISITS_KEY) || "{}");
    if (visits[path]) return;
    visits[path] = Date.now();
    localStorage.setItem(VISITS_KEY, JSON.stringify(visits));
  } catch (error) { /* storage may be blocked: the path only misses a tick */ }
}

// On every page shown (also under instant navigation): start now, on intent, or not at all.
onPage(() => {
  noteVisit();
  if (watching) watching();
  if (readyPromise) return;
  const elements = [...document.querySelectorAll("[data-engine]")];
  if (!elements.length) return;
  if (elements.some((el) => !el.closest(`.${INTENT_CLASS}`))) start();
  else startOnIntent(elements);
});
