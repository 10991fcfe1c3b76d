// docs/javascripts/progress/view.js: what «Mi progreso» says, from the catalogue and the log's summary.
import assert from "node:assert/strict";
import test from "node:test";

import * as fsrsLib from "ts-fsrs";

import { entryOf, scheduler } from "../../docs/javascripts/progress/model.js";
import * as summary from "../../docs/javascripts/progress/summary.js";
import { indexes, mistakeItems, pageModel, reopen } from "../../docs/javascripts/progress/view.js";

const NOON = new Date(2026, 11, 5, 12, 0, 0).getTime();
const DAY = 86400000;

/** A catalogue as the engine writes it, with a game of its own (the toy game's shape). */
const CATALOGUE = {
  version: 2,
  games: [{ id: "mata-ases", name: "Mata Ases", practice: "/mata-ases/simulador/" },
    { id: "tres-y-dos", name: "Tres y dos", practice: null }],
  skills: [
    { id: "mata-ases.kill-aces", game: "mata-ases", name: "Matar los Ases", rule: "/mata-ases/#x",
      practice: { command: "drill", request: { kind: "mata-ases-winner", level: "fácil", family: "kings" } } },
    { id: "tres-y-dos.box", game: "tres-y-dos", name: "Lo que hay en la caja", rule: "/tres-y-dos/#el-reparto",
      practice: { command: "drill", request: { kind: "tres-y-dos-box", level: "fácil", family: "antes" } } },
  ],
  path: {},
  cards: { Ah: { card: "Ah", text: "A♥", name: "As de corazones", red: true } },
};

let serial = 0;
function answer(skill, ok, time, item = { command: "drill", request: { kind: "k", seed: serial + 1 }, source: "k" }) {
  serial += 1;
  return entryOf({ item, ok, grade: ok ? "good" : "again", skills: [{ id: skill, ok }] }, { time, id: `v${serial}` });
}

const SCHED = scheduler(fsrsLib);

/** The log's summary as progress/log.js keeps it (what «Mis errores» shows of each wrong item with it), and what
 * the page reads of it at `now`. */
function read(log, now) {
  const shown = new Map(log.filter((e) => e.ok === false)
    .map((e) => [e.item.key, { facts: [{ label: "Mesa", cards: ["Ah"] }], given: "11", expected: "13" }]));
  const { main, days, mistakes } = summary.build(log, SCHED, { shown });
  return { state: { main, days, scheduled: summary.scheduled(main, SCHED.f, now) }, mistakes: summary.mistakeList([...mistakes.values()]) };
}

test("a game declared only in the engine is drawn: its section, its skill, its due review", () => {
  const log = [answer("tres-y-dos.box", false, NOON - DAY), answer("mata-ases.kill-aces", true, NOON - 3 * DAY)];
  const drawn = pageModel(CATALOGUE, read(log, NOON).state, NOON, 30);
  const toy = drawn.games.find((g) => g.id === "tres-y-dos");
  assert.equal(toy.name, "Tres y dos");
  assert.deepEqual(toy.rows.map((r) => [r.id, r.right]), [["tres-y-dos.box", "0 de 1 (0\u00a0%)"]]);
  assert.ok(drawn.due.includes("tres-y-dos.box"), "due today, and served by «Repasar ahora»");
  assert.equal(toy.line, "En los últimos 30 días: 1 intento, 0 bien (0\u00a0%).");
  assert.ok(drawn.summary.startsWith("En los últimos 30 días: 2 intentos, 1 bien (50\u00a0%)."));
});

test("«Mis errores»: the count is the list, each with its cards and both answers", () => {
  const page = { command: "quiz-check", request: { page: "/mata-ases/quien-gana/", id: "quiz-2" }, source: "/mata-ases/quien-gana/" };
  const hand = { command: "play-start", request: { scenario: "01-x", at: 2 }, source: "01-x" };
  const log = [answer("mata-ases.kill-aces", false, NOON), answer("mata-ases.kill-aces", false, NOON + 1, page),
    answer("mata-ases.kill-aces", false, NOON + 2, hand)];
  const { state, mistakes } = read(log, NOON + 3);
  assert.equal(pageModel(CATALOGUE, state, NOON + 3, 30).mistakes, 3);
  const [fromHand, fromPage, drill] = mistakeItems(mistakes, indexes(CATALOGUE), CATALOGUE.cards);
  assert.deepEqual(drill.facts, [{ label: "Mesa", cards: [CATALOGUE.cards.Ah] }]);
  assert.deepEqual([drill.given, drill.expected], ["11", "13"]);
  assert.deepEqual(drill.reopen, { replay: true });
  assert.deepEqual(fromPage.reopen, { href: "/mata-ases/quien-gana/#quiz-2", text: "Vuelve a la pregunta" });
  assert.deepEqual(fromHand.reopen, { href: "/mata-ases/simulador/?mano=01-x", text: "Juega otra vez la mano (tu decisión n.º 3)" });
  assert.equal(reopen({ item: { command: "quiz-check", request: {} }, skills: [] }, indexes(CATALOGUE)), null);
});

test("a decision at a free table is played again at its table, and only where the game has one", () => {
  const catalogue = { ...CATALOGUE, games: [{ ...CATALOGUE.games[0], table: "/mata-ases/mesa-libre/" }, CATALOGUE.games[1]] };
  const entry = (game) => ({ game, skills: [], item: { command: "play-review", request: { game, spot: 7 } } });
  assert.deepEqual(reopen(entry("mata-ases"), indexes(catalogue)), { href: "/mata-ases/mesa-libre/", text: "Vuelve a la mesa" });
  assert.equal(reopen(entry("tres-y-dos"), indexes(catalogue)), null);
});
