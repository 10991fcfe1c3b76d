// docs/sw.js offline (issue 41 item 9, issue 42 item 10): what a first visit used is copied from the
// browser's HTTP cache (only-if-cached: never downloaded again) when the page names it, and a page
// answered offline names only the missing scripts it really uses (its own and what they import), not
// every script of the site. Run in a vm with a fake Cache Storage and fetch.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import test from "node:test";
import vm from "node:vm";

const SCOPE = "http://127.0.0.1:8141/";
const SOURCE = readFileSync(new URL("../../docs/sw.js", import.meta.url), "utf-8")
  .replace("const FILES = [];", `const FILES = ${JSON.stringify([
    ["holdem/mesa/", 1], ["javascripts/engine/client.js", 1], ["javascripts/engine/worker.js", 1],
    ["javascripts/ui/table/free.js", 1], ["javascripts/ui/table/link.js", 1], ["javascripts/ui/page.js", 1],
    ["javascripts/ui/equity.js", 1], ["javascripts/ui/hand-widget.js", 1], ["javascripts/ui/features.js", 1],
  ])};`);

class FakeCache {
  constructor() { this.entries = new Map(); }
  key(request) { return typeof request === "string" ? request : request.url; }
  async match(request, { ignoreSearch = false } = {}) {
    const wanted = new URL(this.key(request));
    for (const [address, body] of this.entries) {
      const found = new URL(address);
      if (found.origin + found.pathname === wanted.origin + wanted.pathname && (ignoreSearch || found.search === wanted.search)) {
        return new Response(body, { headers: { "content-type": address.endsWith("/") ? "text/html" : "text/javascript" } });
      }
    }
    return undefined;
  }
  async put(request, response) { this.entries.set(this.key(request), await response.text()); }
}

function serviceWorker(httpCache, busy = new Set()) {
  const cache = new FakeCache();
  const asked = [];
  const fetch = async (address, options = {}) => {
    asked.push([address, options.cache]);
    if (options.cache !== "only-if-cached") throw new Error("a second download");
    if (busy.delete(address)) throw new TypeError("Failed to fetch");  // still being written: next round
    if (!httpCache.has(address)) throw new TypeError("Failed to fetch");
    const response = new Response(httpCache.get(address), { status: 200 });
    Object.defineProperty(response, "type", { value: "basic" });
    return response;
  };
  const self = { registration: { scope: SCOPE }, addEventListener() {}, navigator: {} };
  const caches = { open: async () => cache, keys: async () => [], delete: async () => true };
  const context = vm.createContext({ self, URL, Response, Headers, console, fetch, caches, Set, Map, setTimeout });
  vm.runInContext(SOURCE, context);
  return { context, cache, asked };
}

test("what the first visit used is copied from the HTTP cache, nothing downloaded, foreign URLs ignored", async () => {
  const http = new Map([[`${SCOPE}holdem/mesa/?rapido=1`, "<html>"], [`${SCOPE}javascripts/engine/client.js`, "//"],
    [`${SCOPE}assets/pyodide/pyodide.asm.wasm`, "wasm"]]);
  const wasm = `${SCOPE}assets/pyodide/pyodide.asm.wasm`;
  const { context, cache, asked } = serviceWorker(http, new Set([wasm]));  // its entry busy at first
  const kept = await vm.runInContext("keepUsed", context)([
    `${SCOPE}holdem/mesa/?rapido=1#mano=x`, `${SCOPE}javascripts/engine/client.js`, `${SCOPE}assets/pyodide/pyodide.asm.wasm`,
    `${SCOPE}javascripts/ui/equity.js`,  // not in the HTTP cache: left for the next visit
    "https://example.org/x.js", `${SCOPE}livereload/1`, "not a url", 42,
  ], { pause: 1 });
  assert.equal(kept, 3);
  assert.deepEqual([...cache.entries.keys()].sort(), [...http.keys()].sort());
  assert.ok(asked.every(([, mode]) => mode === "only-if-cached"));
  assert.ok(asked.every(([address]) => address.startsWith(SCOPE)));
  assert.equal(asked.filter(([address]) => address === wasm).length, 2);  // asked again, from the HTTP cache
  assert.equal(await vm.runInContext("keepUsed", context)("not a list"), 0);
});

test("offline, a page names only the missing scripts it uses, never another page's", async () => {
  const { context, cache } = serviceWorker(new Map());
  const page = `<html><head><meta name="engine-build" data-worker="../../javascripts/engine/worker.js?v=1&amp;cache=x">
    <script type="module" src="../../javascripts/engine/client.js"></script>
    <script type="module" src="../../javascripts/ui/table/free.js"></script></head><body><article>Mesa</article></body></html>`;
  cache.entries.set(`${SCOPE}holdem/mesa/`, page);
  cache.entries.set(`${SCOPE}javascripts/engine/client.js`, 'import { x } from "./offline.js";');
  cache.entries.set(`${SCOPE}javascripts/engine/worker.js`, 'const p = import(new URL("pyodide.mjs", u).href);');
  cache.entries.set(`${SCOPE}javascripts/ui/table/free.js`,
    'import { el } from "../page.js";\nimport { decodeHistory } from "./link.js";\nconst f = [["[data-hand-widget]", "./hand-widget.js"]];');
  cache.entries.set(`${SCOPE}javascripts/ui/page.js`, "export const el = 1;");
  // link.js is missing, and equity.js and hand-widget.js too (other pages' scripts).
  const { needed, missing } = await vm.runInContext("neededCode", context)(cache, page, `${SCOPE}holdem/mesa/`);
  assert.deepEqual([...missing], ["javascripts/ui/table/link.js"]);
  assert.ok(!needed.includes("javascripts/ui/equity.js") && !needed.includes("javascripts/ui/hand-widget.js"));
  assert.ok(needed.includes("javascripts/engine/worker.js"));
  const hit = await cache.match(`${SCOPE}holdem/mesa/`);
  const shown = await (await vm.runInContext("offlinePage", context)(cache, hit, 200, `${SCOPE}holdem/mesa/`)).text();
  assert.match(shown, /javascripts\/ui\/table\/link\.js/);
  assert.doesNotMatch(shown, /equity\.js|hand-widget\.js/);
  cache.entries.set(`${SCOPE}javascripts/ui/table/link.js`, "export {};");
  const whole = await (await vm.runInContext("offlinePage", context)(cache, await cache.match(`${SCOPE}holdem/mesa/`), 200,
    `${SCOPE}holdem/mesa/`)).text();
  assert.doesNotMatch(whole, /offline-damaged/);
});

test("offline, a page of the site that is not kept gets the offline page, at its own address; another, the 404", async () => {
  const { context, cache } = serviceWorker(new Map());
  const offline = `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="x">
    <link rel="stylesheet" href="../assets/site.css"></head><body><h1>Sin conexión</h1></body></html>`;
  cache.entries.set(`${SCOPE}sin-conexion/`, offline);
  cache.entries.set(`${SCOPE}404.html`, "<html><head></head><body><article><h1>No existe</h1></article></body></html>");
  const networkFirst = vm.runInContext("networkFirst", context);
  const navigate = (path) => networkFirst({ request: { url: `${SCOPE}${path}`, mode: "navigate", destination: "document" },
    waitUntil() {} });
  const answer = await navigate("holdem/mesa/");  // in FILES, not kept: fetch throws (no network)
  assert.equal(answer.status, 503);
  const html = await answer.text();
  // its relative links resolve from the offline page's own folder, after the policy that allows <base>
  assert.match(html, /<meta http-equiv="Content-Security-Policy" content="x"><base href="http:\/\/127\.0\.0\.1:8141\/sin-conexion\/">/);
  assert.match(html, /<h1>Sin conexión<\/h1>/);
  const missing = await navigate("no-existe/");
  assert.equal(missing.status, 404);
  assert.match(await missing.text(), /No existe/);
});
