// docs/javascripts/engine/words.js: the client's durations and sizes in Spanish.
import assert from "node:assert/strict";
import test from "node:test";

import { count, duration, formatDecimal, megabytes, percent } from "../../docs/javascripts/engine/words.js";

test("a duration is never told as «0 s»", () => {
  const cases = [[0, "1 ms"], [1, "1 ms"], [0.4, "1 ms"], [250, "250 ms"], [999, "999 ms"], [1000, "1 s"],
    [1500, "1,5 s"], [1549, "1,5 s"], [30000, "30 s"], [59949, "59,9 s"], [59950, "1 min"], [60000, "1 min"],
    [90000, "1 min 30 s"], [3600000, "60 min"], [1234567890, "20.576 min 8 s"]];
  for (const [ms, text] of cases) assert.equal(duration(ms), text, String(ms));
});

test("the hand-written numbers are Intl.NumberFormat's, value by value", () => {
  // The oracle: what the module used before writing numbers itself (it cost a locale load per page).
  let seed = 20261202;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const values = [0, -0, 0.05, 0.15, 0.25, 0.45, 1.005, 1.05, 1.45, 1.55, 2.5, 12.45, 12.35, 999.95, 9999.95,
    1234.5, 59.95, 59.949, 1e6 - 0.05, 123456789.25, -1.25, -0.04, 1e-6, 1e20];
  for (let i = 0; i < 4000; i++) {
    const magnitude = 10 ** Math.floor(random() * 10 - 2);
    values.push(random() * magnitude, Math.round(random() * 100000) / 100, Math.round(random() * 1e6) / 20);
  }
  for (const [min, max] of [[1, 1], [0, 1], [0, 0]]) {
    const intl = new Intl.NumberFormat("es-ES", { useGrouping: "always", minimumFractionDigits: min, maximumFractionDigits: max });
    for (const value of values) assert.equal(formatDecimal(value, min, max), intl.format(value), `${value} (${min}, ${max})`);
  }
});

test("a count says its noun in the right number, grouped as Spanish writes it", () => {
  assert.equal(count(1, "vez", "veces"), "1 vez");
  assert.equal(count(0, "intento", "intentos"), "0 intentos");
  assert.equal(count(12345, "vez", "veces"), "12.345 veces");
});

test("sizes in megabytes with one decimal comma", () => {
  assert.deepEqual([megabytes(0), megabytes(12_400_000), megabytes(14_049_999), megabytes(1_234_500_000)],
    ["0,0", "12,4", "14,0", "1.234,5"]);
});

test("a 1 ms timeout is told as «1 ms», not «0 s» (through duration)", async () => {
  const { Requests } = await import("../../docs/javascripts/engine/requests.js");
  const wedged = [];
  // a worker that starts each request and then says nothing more
  const requests = new Requests({ post: (m) => queueMicrotask(() => requests.receive({ id: m.id, started: true })),
    onWedged: (m) => wedged.push(m) });
  await assert.rejects(requests.send("version", {}, { timeout: 1 }), (e) => e.code === "timeout"
    && e.message === "El motor no respondió a «version» en 1 ms; se reinicia.");
  await assert.rejects(requests.send("version", {}, { timeout: 1500 }), (e) => /en 1,5 s;/.test(e.message));
  assert.equal(wedged.length, 2);
});

test("the offer to save the site, in each state the service worker reports", async () => {
  const { saveOffer } = await import("../../docs/javascripts/engine/words.js");
  assert.equal(saveOffer(null), null);  // no service worker: no offer
  assert.deepEqual(saveOffer({ saved: null, bytes: 13_949_000 }),
    { text: "", button: "Guardar el sitio para usarlo sin conexión: 13,9 MB" });
  assert.deepEqual(saveOffer({ saved: null, saving: true, done: 3_210_000, total: 13_949_000 }),
    { text: "Guardando el sitio para usarlo sin conexión… 3,2 de 13,9 MB", busy: true });
  assert.deepEqual(saveOffer({ saved: "request", bytes: 0 }),
    { text: "Sitio guardado en este dispositivo: funciona sin conexión." });
  assert.deepEqual(saveOffer({ saved: null, bytes: 1_000_000 }, "no hay conexión"),
    { text: "No se pudo guardar el sitio (no hay conexión). Puedes intentarlo de nuevo.",
      button: "Guardar el sitio para usarlo sin conexión: 1,0 MB" });
});

test("a percentage keeps its sign on its line, as the engine writes it", () => {
  assert.equal(percent(0), "0\u00a0%");
  assert.equal(percent(0.666), "67\u00a0%");
  assert.equal(percent(1), "100\u00a0%");
});
