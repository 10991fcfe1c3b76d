// Pure helpers of the table pages (docs/javascripts/ui/table/words.js, simulator/words.js), under Node's test runner.
import assert from "node:assert/strict";
import test from "node:test";

import { loadNames, modalityName, names } from "../../docs/javascripts/ui/simulator/words.js";
import {
  DEFAULT_DELAY_MS, Words, decisionFrom, isOwnStep, isReader, pauseMs, pauseWeight, setReader,
} from "../../docs/javascripts/ui/table/words.js";

// The engine's "game-info" reply (engine/games/mata_ases/play.py): the page has no names of its own.
const READER = "Tú";
const MATA = { reader: READER, modalities: [{ id: "boton-ante", name: "Botón Ante" }, { id: "bring-in", name: "Bring In" }],
  review: { title: "Revisión de la mano" } };

test("a game's modality names come from the engine, asked once per visit and game; a refusal is asked again", async () => {
  assert.equal(modalityName("bring-in"), "bring-in"); // nothing known before the engine answers
  let asked = [];
  await assert.rejects(loadNames(async () => { asked.push("x"); return { error: "Orden desconocida", code: "unknown-command" }; },
    "mata-ases"), /Orden desconocida/);
  const send = async (type, payload) => {
    asked.push(payload.game);
    assert.equal(type, "game-info");
    return payload.game === "mata-ases" ? MATA : { reader: READER };
  };
  await loadNames(send, "mata-ases");
  await loadNames(send, "mata-ases");
  assert.deepEqual(asked, ["x", "mata-ases"]);
  assert.equal(modalityName("bring-in"), "Bring In");
  assert.equal(modalityName("otra"), "otra");
  assert.equal(names.review.title, "Revisión de la mano"); // the review's words, the engine's
  await loadNames(send, "holdem"); // a game without modalities
  assert.deepEqual(names.modalities, []);
  assert.equal(names.review, null);
  await loadNames(send, "mata-ases"); // back on the first game's page: its names again, not asked again
  assert.deepEqual(names.modalities.map((m) => m.name), ["Botón Ante", "Bring In"]);
  assert.deepEqual(asked, ["x", "mata-ases", "holdem"]);
});

test("the reader's seat is the engine's name for it, nobody's before it says", () => {
  setReader(null);
  assert.equal(isReader(READER), false);
  setReader(READER);
  assert.ok(isReader(READER) && !isReader("Ana") && !isReader(undefined));
});

test("words remember the engine's card displays and amounts across replies", () => {
  const words = new Words();
  words.learn({ cards: { As: { rank: "A", suit: "♠", color: "black", name: "As de picas" } } });
  words.learn({ cards: { Th: { rank: "10", suit: "♥", color: "red", name: "10 de corazones" } },
    amounts: { 12000: "12 000" } });
  assert.equal(words.card("As").name, "As de picas");
  assert.equal(words.card("Th").rank, "10");
  assert.equal(words.card("Kd"), null); // never sent: the page has no card names of its own
  assert.equal(words.amount(12000), "12 000");
  assert.equal(words.amount(950), "950");
  assert.equal(words.amount(undefined), "0");
  words.learn({}); // a reply without words changes nothing
  assert.equal(words.cards.size, 2);
});

test("words keep the table's labels the engine sends on a session's first reply", () => {
  const words = new Words();
  assert.equal(words.label("pot"), ""); // the page has no label of its own
  words.learn({ labels: { pot: "Pozo", closed: "Carta cerrada", closed_of: { Ana: "Carta cerrada de Ana" } } });
  words.learn({ events: [] }); // later replies carry no labels: the first ones stay
  assert.equal(words.label("pot"), "Pozo");
  assert.equal(words.closedOf("Ana"), "Carta cerrada de Ana");
  assert.equal(words.closedOf("Beto"), "Carta cerrada");
  assert.equal(words.label("closed_of"), ""); // not a text
});

test("only the opponents' decisions pause, card choices less", () => {
  assert.equal(pauseWeight({ type: "bet", player: "Ana" }), 1);
  assert.equal(pauseWeight({ type: "card", player: "Beto" }), 0.6);
  assert.equal(pauseWeight({ type: "bet", player: READER }), 0);
  assert.equal(pauseWeight({ type: "round_end", player: null }), 0);
  assert.equal(pauseWeight({ type: "show", player: "Ana" }), 0);
  assert.equal(pauseWeight(undefined), 0);
});

test("the reader's own steps are highlighted, not what happens to the reader", () => {
  assert.ok(isOwnStep({ type: "call", player: READER }));
  assert.ok(isOwnStep({ type: "card", player: READER }));
  assert.ok(!isOwnStep({ type: "win", player: READER }));
  assert.ok(!isOwnStep({ type: "call", player: "Ana" }));
});

test("the pause: ?pausa wins, then ?rapido or the reader's choice, else the default", () => {
  assert.equal(pauseMs("", false), DEFAULT_DELAY_MS);
  assert.equal(pauseMs("?rapido=1", false), 0);
  assert.equal(pauseMs("", true), 0);
  assert.equal(pauseMs("?pausa=300&rapido=1", true), 300);
  assert.equal(pauseMs("?pausa=abc", false), DEFAULT_DELAY_MS);
  assert.equal(pauseMs("", false, true), 0); // prefers-reduced-motion
  assert.equal(pauseMs("?pausa=300", false, true), 300);
});

test("a decision carries an amount only for bets and raises, and leaves judging it to the engine", () => {
  assert.deepEqual(decisionFrom({ action: "check" }), { action: "check" });
  assert.deepEqual(decisionFrom({ action: "call", amount: "50" }), { action: "call" });
  assert.deepEqual(decisionFrom({ action: "bet", amount: "75" }), { action: "bet", amount: 75 });
  assert.deepEqual(decisionFrom({ action: "raise", amount: "7.5" }), { action: "raise", amount: null });
});
