// Pure helpers of the table pages (docs/javascripts/ui/table/words.js, simulator/words.js), under Node's test runner.
import assert from "node:assert/strict";
import test from "node:test";

import { loadNames, modalityName, names } from "../../docs/javascripts/ui/simulator/words.js";
import {
  DEFAULT_DELAY_MS, Words, decisionFrom, isOwnStep, isReader, pauseMs, pauseWeight,
} from "../../docs/javascripts/ui/table/words.js";

// The engine's "game-info" reply (engine/games/mata_ases/play.py): the page has no names of its own.
const READER = "Tú";
const NAMES = { reader: READER, modalities: [{ id: "boton-ante", name: "Botón Ante" }, { id: "bring-in", name: "Bring In" }],
  bettings: [{ id: "fixed", name: "Apuestas fijas" }, { id: "no-limit", name: "Sin límite" }] };

test("the setup's names come from the engine, asked once per visit; a refusal is asked again", async () => {
  assert.equal(isReader(READER), false); // nothing known before the engine answers
  assert.equal(modalityName("bring-in"), "bring-in");
  let asked = 0;
  await assert.rejects(loadNames(async () => { asked += 1; return { error: "Orden desconocida", code: "unknown-command" }; }),
    /Orden desconocida/);
  const send = async (type, payload) => {
    asked += 1;
    assert.deepEqual([type, payload], ["game-info", { game: "mata-ases" }]);
    return NAMES;
  };
  await loadNames(send);
  await loadNames(send);
  assert.equal(asked, 2);
  assert.equal(modalityName("bring-in"), "Bring In");
  assert.equal(modalityName("otra"), "otra");
  assert.deepEqual(names.bettings.map((b) => b.name), ["Apuestas fijas", "Sin límite"]);
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
