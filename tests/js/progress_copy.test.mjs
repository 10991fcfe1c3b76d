// docs/javascripts/progress/copy.js: the reader's copy of the log. Written compact (version 3: 100,000 attempts
// under the 8 MB cap) and read back exactly; files of versions 1 and 2 still load; reading is bounded field by
// field: a hostile entry is skipped and counted in Spanish, the good ones load, and nothing else is thrown.
import assert from "node:assert/strict";
import test from "node:test";

import * as copy from "../../docs/javascripts/progress/copy.js";
import { entryOf, newId } from "../../docs/javascripts/progress/model.js";

const NOW = Date.UTC(2027, 11, 7, 12);  // a year after the site began: a year of answers can be in a copy
const HOUR = 3600000;
const SKILLS = ["holdem.side-pots.eligibility", "holdem.showdown.kicker", "mata-ases.kill-aces", "mata-ases.one-ayuda",
  "mata-ases.ranking", "ultimate.pay-table"];
const KNOWN = { skills: new Set(SKILLS), games: new Set(["holdem", "mata-ases", "ultimate"]) };
const KINDS = ["holdem-winner", "holdem-side-pots", "mata-ases-winner", "mata-ases-hand", "uth-strategy"];
const LEVELS = ["fácil", "media", "difícil"];

/** An entry of every shape record.js makes: drills right and wrong (as the engine's: three skills, a kind, a
 * seed and a level), a question on its page, a practice hand's decision, a choice, a hand's end, a croupier
 * trainer's round with its time. */
function realistic(i, time, shape = i % 9) {
  const kind = KINDS[i % KINDS.length];
  const skills = [SKILLS[i % 6], SKILLS[(i + 1) % 6], SKILLS[(i + 3) % 6]].slice(0, 1 + (i % 3));
  const judged = (item, ok, extra = {}) => entryOf({ item, ok, grade: ok ? "good" : "again",
    skills: skills.map((id, j) => ({ id, ok: ok || j > 0 })), ...extra }, { time, id: newId(time), ...extra.opts });
  if (shape === 6) return judged({ command: "quiz-check", request: { page: "/holdem/ponte-a-prueba/", id: `quiz-${i % 12}`, question: { x: 1 } }, source: "/holdem/ponte-a-prueba/" }, i % 2 === 0);
  if (shape === 7) return judged({ command: "play-start", request: { scenario: "holdem-02-la-subida-minima", at: i % 4 }, source: "holdem-02-la-subida-minima" }, false, { game: "holdem" });
  if (shape === 8 && i % 2) {
    return entryOf({ item: { command: "play-start", request: { scenario: "mano", at: 1 }, source: "mano" }, ok: null, grade: null, skills: [],
      choice: { text: "Lo permiten las reglas, pero…", reason: null } }, { time, id: newId(time) });
  }
  if (shape === 8) return entryOf({ item: null, ok: null, skills: [], finished: { mode: "free", game: "holdem" } }, { time, id: newId(time) });
  if (shape === 5) {
    return entryOf({ item: { command: "uth-trainer-deal", request: { mode: "pagos", seed: i, trips_table: true }, source: "uth-trainer-deal" },
      ok: true, grade: "hard", skills: [{ id: "ultimate.pay-table", ok: true }] }, { time, id: newId(time), ms: 8123 });
  }
  return judged({ command: "drill", request: { kind, seed: 100000 + i, level: LEVELS[i % 3] }, source: kind }, shape % 3 !== 0);
}

function log(n, { from = NOW - 300 * 24 * HOUR, step = 250000 } = {}) {
  return Array.from({ length: n }, (_, i) => realistic(i, from + i * step));
}

function file(entries, extra = {}, version = 2) {
  return JSON.stringify({ schema: copy.SCHEMA, version, exported: new Date(NOW).toISOString(), entries, ...extra });
}

test("a copy is read back exactly as it was written: every entry, what shows a mistake, the pages", () => {
  const entries = log(500);
  const shown = { [entries[0].item.key]: { facts: [{ label: "Mesa", cards: ["Ah", "Kd"] }, { label: "Bote", text: "30" }], given: "Ana", expected: "Beto" } };
  const pages = { "/holdem/": NOW - HOUR };
  const read = copy.readCopy(copy.copyText(entries, NOW, { shown, visits: pages, reads: pages }), { known: KNOWN, now: NOW });
  assert.deepEqual(read.skipped, {});
  assert.deepEqual(read.entries, entries);
  assert.deepEqual(Object.fromEntries(read.shown), shown);
  assert.deepEqual([read.visits, read.reads, read.version], [pages, pages, 3]);
  // an id that does not carry its time keeps the time written out
  const odd = { ...entries[1], id: "otro-dispositivo" };
  assert.deepEqual(copy.readCopy(copy.copyText([odd], NOW), { now: NOW }).entries, [odd]);
});

test("files of the site's earlier versions (1 and 2: the log's own objects) still load", () => {
  const entries = log(60);
  for (const version of [1, 2]) {
    const read = copy.readCopy(file(entries, { shown: {}, visits: { "/mata-ases/": NOW - HOUR } }, version), { known: KNOWN, now: NOW });
    assert.deepEqual([read.entries, read.skipped, read.visits], [entries, {}, { "/mata-ases/": NOW - HOUR }]);
  }
});

test("100,000 attempts of a year fit under the cap, and are read back", () => {
  const entries = log(100000, { from: NOW - 365 * 24 * HOUR, step: 315 * 1000 });  // a year of steady practice
  const text = copy.copyText(entries, NOW);
  assert.ok(text.length <= copy.MAX_IMPORT_BYTES, `${text.length} bytes`);
  const today = file(entries);
  assert.ok(today.length > copy.MAX_IMPORT_BYTES, "the earlier format did not fit");
  const read = copy.readCopy(text, { known: KNOWN, now: NOW });
  assert.equal(read.entries.length, 100000);
  assert.deepEqual(read.entries[99999], entries[99999]);
});

test("an entry over a bound is skipped unread and counted; the others load", () => {
  const good = log(3);
  const many = { ...good[0], id: "muchas", skills: Array.from({ length: 300000 }, (_, i) => `s${i}`) };
  const deep = `${"{\"a\":".repeat(1000000)}1${"}".repeat(1000000)}`;  // 1,000,000 deep
  const files = [file([good[0], "MANY", good[1], good[2]]).replace('"MANY"', JSON.stringify(many)),
    file([good[0], "DEEP", good[1], good[2]]).replace('"DEEP"',
      JSON.stringify({ ...good[0], id: "honda", item: { ...good[0].item, request: "DEEPREQ" } }).replace('"DEEPREQ"', deep))];
  for (const text of files) {
    assert.ok(text.length > 2e6 && text.length < copy.MAX_IMPORT_BYTES);
    const read = copy.readCopy(text, { known: KNOWN, now: NOW });
    assert.deepEqual(read.entries, good);
    assert.deepEqual(read.skipped, { big: 1 });
  }
  const read = { skipped: { big: 2 } };
  assert.equal(copy.skippedText(read.skipped), "2 demasiado grandes");
  // within an entry's text, every list and string has its bound
  const bounded = [{ ...good[0], id: "x".repeat(81) }, { ...good[0], id: "l", skills: Array(17).fill(SKILLS[0]) },
    { ...good[0], id: "r", item: { ...good[0].item, request: { kind: "k".repeat(1200) } } },
    { ...good[0], id: "k", item: { ...good[0].item, key: "k".repeat(41) } }];
  assert.deepEqual(copy.readCopy(file(bounded), { known: KNOWN, now: NOW }).skipped, { big: 4 });
});

test("a bad entry is skipped and said in Spanish; it never stops the good ones", () => {
  const [good] = log(1);
  const { item: _item, ...noItem } = good;
  const bad = [noItem, { ...good, item: null }, { ...good, item: [] }, { ...good, item: { key: 5 } }, null, 7, "texto",
    [], { ...good, skills: null }, { ...good, skills: [{ id: "s" }] }, { ...good, grade: "easy" }, { ...good, failed: [4] },
    { ...good, failed: [0, 0] }, { ...good, ok: "sí" }, { ...good, time: "ayer" }, { ...good, id: "" },
    { ...good, item: { ...good.item, request: { page: "javascript:alert(1)" } } }, { ...good, finished: { mode: "x" } },
    { ...good, choice: 3 }, { ...good, ms: -1 }, { ...good, item: { ...good.item, request: [] } }];
  const read = copy.readCopy(file([...bad, good]), { known: KNOWN, now: NOW });
  assert.deepEqual(read.entries, [good]);
  assert.deepEqual(read.skipped, { data: bad.length });
  assert.equal(copy.skippedText(read.skipped), `${bad.length} incompletas o con datos que no son de una respuesta`);
  // an entry that is not JSON inside a file that is (its brackets match): skipped too
  const broken = file(["X", good]).replace('"X"', '{"id": tru}');
  assert.deepEqual(copy.readCopy(broken, { known: KNOWN, now: NOW }).skipped, { data: 1 });
  // a skill or a game the site does not have
  const foreign = [{ ...good, skills: ["otro.juego"] }, { ...good, game: "poker-chino" }];
  const read2 = copy.readCopy(file(foreign), { known: KNOWN, now: NOW });
  assert.deepEqual(read2.skipped, { skill: 1, data: 1 });
  // what «Mis errores» shows, when it is not one, is left out (it is drawn as cards and text)
  const shown = { [good.item.key]: { facts: [null] }, other: { facts: [{ label: "Mesa", cards: ["Ah"] }], given: 5 } };
  assert.equal(copy.readCopy(file([good], { shown }), { known: KNOWN, now: NOW }).shown.size, 0);
});

test("times outside the site's days are skipped and counted: no «NaN días», nothing in the totals", () => {
  const [good] = log(1);
  const times = [1e300, -1e300, 8.64e15 + 1, Date.UTC(3000, 0, 1), copy.FIRST_TIME - 1, NOW + 25 * HOUR];
  const read = copy.readCopy(file([...times.map((time, i) => ({ ...good, id: `t${i}`, time })), good]), { known: KNOWN, now: NOW });
  assert.deepEqual(read.entries, [good]);
  assert.deepEqual(read.skipped, { time: times.length });
  assert.equal(copy.skippedText({ time: 6, big: 1 }), "1 demasiado grande y 6 con una fecha imposible");
  // tomorrow's first hours are a clock a little ahead: they load
  assert.equal(copy.readCopy(file([{ ...good, time: NOW + 20 * HOUR }]), { known: KNOWN, now: NOW }).entries.length, 1);
  // pages visited at impossible times are left out too
  const visits = { "/a/": 1e300, "/b/": NOW - HOUR, c: NOW, "/d/": "hoy" };
  assert.deepEqual(copy.readCopy(file([good], { visits }), { now: NOW }).visits, { "/b/": NOW - HOUR });
});

test("only an integer version the site knows is read; the message names the real reason", () => {
  const read = (version) => () => copy.readCopy(file([], {}, version), { now: NOW });
  assert.throws(read("1"), (e) => e instanceof copy.CopyError && /no es válida \("1"\): tiene que ser un número entero/.test(e.message));
  assert.throws(read(1.5), /tiene que ser un número entero/);
  assert.throws(read(0), /versión 0, que no existe: las copias de este sitio son de las versiones 1 a 3/);
  assert.throws(read(-5), /versión -5, que no existe/);
  assert.throws(read(4), /una versión más nueva del sitio \(la 4\)/);
  assert.throws(() => copy.readCopy(JSON.stringify({ schema: copy.SCHEMA, entries: [] })), /no dice de qué versión/);
  for (const version of copy.VERSIONS) {
    assert.deepEqual(copy.readCopy(file([], { strings: [] }, version), { now: NOW }).entries, []);
  }
});

test("what is not a copy is refused whole, in Spanish", () => {
  const refused = (text, pattern) => assert.throws(() => copy.readCopy(text, { now: NOW }),
    (e) => e instanceof copy.CopyError && pattern.test(e.message));
  refused("{not json", /no es JSON válido/);
  refused("", /no es JSON válido/);
  refused("[1, 2]", /no es una copia de tu progreso de este sitio/);
  refused(JSON.stringify({ schema: "otro", version: 2, entries: [] }), /de este sitio/);
  refused(JSON.stringify({ schema: copy.SCHEMA, version: 2, entries: {} }), /de este sitio/);
  refused(`${file([])} {}`, /no es JSON válido/);
  refused(`${file([]).slice(0, -1)}`, /no es JSON válido/);
  refused("x".repeat(copy.MAX_IMPORT_BYTES + 1), /demasiado grande/);
  refused(JSON.stringify({ schema: copy.SCHEMA, version: 3, entries: [] }), /lista de nombres/);
  // a byte-order mark, as some editors save it, is not a reason to refuse
  assert.equal(copy.readCopy(`\ufeff${file(log(2))}`, { known: KNOWN, now: NOW }).entries.length, 2);
});
