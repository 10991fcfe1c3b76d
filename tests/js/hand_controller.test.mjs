// docs/javascripts/ui/table/controller.js, the hand controller of every table page,
// driven with a fake page and the client's real request path (engine/requests.js) with a fake worker.
import assert from "node:assert/strict";
import test from "node:test";

import { Requests } from "../../docs/javascripts/engine/requests.js";
import { HandController } from "../../docs/javascripts/ui/table/controller.js";
import { isReader, setReader } from "../../docs/javascripts/ui/table/words.js";

setReader("Tú");

class FakePage extends HandController {
  constructor({ delay = 0 } = {}) {
    const posted = [];
    const requests = new Requests({ post: (m) => posted.push(m) });
    super((type, payload, options) => requests.send(type, payload, options));
    this.posted = posted;
    this.requests = requests;
    this.stepCommand = "fake-step";
    this.session = "s1";
    this.unit = delay;
    this.states = [];
    this.shown = [];
    this.log = [];
    this.connected = true;
    this.waiting = { textContent: "" };
    this.skipButton = { setAttribute: () => {}, removeAttribute: () => {} };
    this.buttons = { querySelectorAll: () => [] };
    this.labels = {};
    this.words = {
      learn: (reply) => {
        this.log.push(["learn", Object.keys(reply.cards || {})]);
        if (reply.labels) this.labels = reply.labels;
      },
      label: (key) => this.labels[key] || "",
    };
  }

  delay() { return this.unit; }
  alive() { return this.connected; }
  setState(state) { this.states.push(state); }
  showEvent(event) { this.shown.push(event.text); }
  refused(reply, command) { this.log.push(["refused", command, reply.code]); }
  done(reply) { this.log.push(["done", reply.next ? "turn" : "result"]); }
  fail(message) { this.log.push(["fail", message]); }

  /** Answer the last request posted with `result` (and let the controller go on). */
  async answer(result) {
    const { id } = this.posted[this.posted.length - 1];
    this.requests.receive({ id, result });
    for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setImmediate(resolve));
  }
}

test("a reply that says «more» is followed by the session's step until the batch ends", async () => {
  const page = new FakePage();
  const batch = page.ask("fake-start", { session: "s1", table: {} });
  await page.answer({ events: [{ text: "a", player: "Ana", type: "bet" }], more: true, cards: { As: {} } });
  assert.deepEqual(page.posted.map((m) => [m.type, m.payload]),
    [["fake-start", { session: "s1", table: {} }], ["fake-step", { session: "s1" }]]);
  await page.answer({ events: [{ text: "b" }], next: { player: "Tú", can: [] } });
  await batch;
  assert.deepEqual(page.shown, ["a", "b"]);
  assert.deepEqual(page.log, [["learn", ["As"]], ["learn", []], ["done", "turn"]]);
  assert.equal(page.states[0], "busy");
});

test("an error reply or a restarted worker is refused, an unavailable engine fails, none draws anything", async () => {
  const page = new FakePage();
  let batch = page.ask("fake-step", { session: "s1", decision: { action: "fold" } });
  await page.answer({ error: "No es tu turno.", code: "not-your-turn", field: "decision" });
  await batch;
  batch = page.ask("fake-step", { session: "s1" });
  page.requests.rejectAll("El motor se bloqueó.", "restarted"); // the page stays: only the request is refused
  await batch;
  batch = page.ask("fake-step", { session: "s1" });
  page.requests.rejectAll("No se pudo cargar el motor.", "failed");
  await batch;
  assert.deepEqual(page.log, [["refused", "fake-step", "not-your-turn"], ["refused", "fake-step", "restarted"],
    ["fail", "El motor no está disponible: No se pudo cargar el motor."]]);
  assert.deepEqual(page.shown, []);
});

test("a new hand or leaving the page drops the batch in flight: no error, nothing drawn", async () => {
  const page = new FakePage();
  let batch = page.ask("fake-start", {});
  page.restart(); // the reader started another hand
  assert.equal(page.requests.pending.size, 0); // the engine's answer is no longer waited for
  await batch;
  batch = page.ask("fake-start", {});
  page.connected = false;
  let left = false;
  page.unsubscribe = () => { left = true; };
  page.leave();
  await batch;
  assert.ok(left);
  assert.deepEqual(page.log, []);
  assert.deepEqual(page.shown, []);
});

test("only the opponents' decisions pause, and skipping draws the rest at once", async () => {
  const page = new FakePage({ delay: 60000 });
  const batch = page.ask("fake-start", {});
  const events = [{ text: "1", player: "Ana", type: "bet" }, { text: "2", player: "Beto", type: "call" },
    { text: "3", player: "Tú", type: "check" }, { text: "4", player: "Ana", type: "bet" }];
  // The engine words the wait (its labels' «thinking»): the page has no sentence of its own.
  await page.answer({ events, next: { player: "Tú", can: [] }, labels: { thinking: "Ahora piensa {p}…" } });
  assert.deepEqual(page.shown, ["1"]); // the first event of a batch comes at once; Beto is «thinking»
  assert.equal(page.waiting.textContent, "Ahora piensa Beto…");
  assert.equal(page.states.at(-1), "waiting");
  page.skipPauses();
  await batch;
  assert.deepEqual(page.shown, ["1", "2", "3", "4"]);
  assert.equal(page.waiting.textContent, "");
  assert.deepEqual(page.log.at(-1), ["done", "turn"]);
});

test("every reply names the reader's seat, and the view follows it; a reply without one keeps it", async () => {
  const page = new FakePage();
  let batch = page.ask("fake-start", {});
  await page.answer({ events: [], reader: "Lectora", next: { player: "Lectora", can: [] } });
  await batch;
  assert.ok(isReader("Lectora") && !isReader("Tú"));
  batch = page.ask("fake-step", {});
  await page.answer({ events: [], step: 1, steps: 3 }); // a replay names nobody
  await batch;
  assert.ok(isReader("Lectora"));
  setReader("Tú");
});
