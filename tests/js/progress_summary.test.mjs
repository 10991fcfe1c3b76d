// docs/javascripts/progress/summary.js: what «Mi progreso» reads at open, kept ready answer by answer, gives
// exactly the figures a full replay of the log gives (./replay.mjs), on random logs: answers recorded one by
// one (each record stored and read back as IndexedDB does, a structured clone), older answers imported (the
// summary made again from the whole log), the log deleted, answers recorded in another time order.
import assert from "node:assert/strict";
import test from "node:test";

import * as fsrsLib from "ts-fsrs";

import * as model from "../../docs/javascripts/progress/model.js";
import * as summary from "../../docs/javascripts/progress/summary.js";
import { random } from "./learner.mjs";
import * as replay from "./replay.mjs";

const DAY = model.DAY_MS;
const NOON = new Date(2026, 11, 5, 12, 0, 0).getTime();
const SCHED = model.scheduler(fsrsLib);
const SKILLS = ["g1.a", "g1.b", "g1.c", "g2.d", "g2.e", "g3.f"];
const SKILL_GAME = new Map([["g1.a", "g1"], ["g1.b", "g1"], ["g1.c", "g1"], ["g2.d", "g2"], ["g2.e", "g2"]]);  // g3.f: none
const SOURCES = ["kind-1", "kind-2", "/g1/quiz/", "/g2/quiz/", "hand-1"];
const STREAKS = [["kind-1"], ["kind-1", "kind-2"], ["/g1/quiz/"], ["drill"], ["hand-1", "play-start"]];


/** A random entry as record.js makes them: items drawn from a small pool (so repeats, solved mistakes and
 * same-day answers happen), right and wrong, several skills, choices, hands played to their end. */
function entryAt(rng, time, serial) {
  const pick = (list) => list[Math.floor(rng() * list.length)];
  const r = rng();
  if (r < 0.04) {
    return model.entryOf({ item: null, ok: null, skills: [], finished: { mode: pick(["practice", "free"]), game: pick(["g1", "g2"]) } },
      { time, id: `e${serial}` });
  }
  const source = pick(SOURCES);
  const command = source.startsWith("/") ? "quiz-check" : source === "hand-1" ? "play-start" : "drill";
  const item = { command, request: { kind: source, seed: Math.floor(rng() * 12) }, source };
  if (r < 0.08) {
    return model.entryOf({ item, ok: null, grade: null, skills: [], choice: { text: "Lo permiten las reglas", reason: null } },
      { time, id: `e${serial}` });
  }
  const skills = [...new Set(Array.from({ length: 1 + Math.floor(rng() * 3) }, () => pick(SKILLS)))];
  const results = skills.map(() => rng() < 0.7);
  const ok = results.every(Boolean);
  const grade = ok && rng() < 0.15 ? "hard" : (ok ? "good" : "again");
  return model.entryOf({ item, ok, grade, game: rng() < 0.1 ? "g2" : null,
    skills: skills.map((id, i) => ({ id, ok: results[i] })) }, { time, id: `e${serial}`, ms: rng() < 0.2 ? 1234 : null });
}

/** A log over `days` days before NOON, in time order: bursts of answers minutes apart, days apart. */
function randomLog(rng, n, { from = NOON - 120 * DAY, serial = 0 } = {}) {
  const log = [];
  let time = from;
  for (let i = 0; i < n; i++) {
    const gap = rng();
    time += gap < 0.1 ? 0 : gap < 0.7 ? Math.floor(rng() * 600000) : Math.floor(rng() * 3 * DAY);  // some at the same ms
    log.push(entryAt(rng, time, serial + i));
  }
  return log;
}

const clone = (value) => (value === undefined ? undefined : structuredClone(value));

/** The store as progress/log.js keeps it (the log, the summary's main record, a record per day, a record per
 * open mistake), every read and write a structured clone, and its three ways of changing. */
class Store {
  constructor() { this.clear(); }

  clear() {
    Object.assign(this, { log: [], main: undefined, days: new Map(), mistakes: new Map() });
  }

  /** One answer recorded, as log.js's record(): the records it touches read, summary.addEntry, written back. */
  record(entry, shown = null) {
    const main = this.main ? clone(this.main) : (this.log.length ? { ...summary.emptyMain(), stale: true } : summary.emptyMain());
    this.log.push(entry);
    const held = { day: clone(this.days.get(model.dayOf(entry.time))), mistake: clone(this.mistakes.get(entry.item.key)) };
    const out = summary.addEntry(main, entry, held, SCHED, shown);
    this.main = clone(out.main);
    if (out.day) this.days.set(out.day.day, clone(out.day));
    if (out.mistake && out.mistake.put) this.mistakes.set(out.mistake.put.key, clone(out.mistake.put));
    else if (out.mistake) this.mistakes.delete(out.mistake.remove);
  }

  /** An import (or a stale summary read): the log merged by id, the summary made again from all of it. */
  rebuild(more = []) {
    const ids = new Set(this.log.map((e) => e.id));
    this.log.push(...more.filter((e) => !ids.has(e.id) && ids.add(e.id)));
    const shown = new Map([...this.mistakes].filter(([, r]) => r.shown).map(([key, r]) => [key, r.shown]));
    const made = summary.build(this.log, SCHED, { shown });
    Object.assign(this, { main: clone(made.main), days: clone(made.days), mistakes: clone(made.mistakes) });
  }

  /** What the page reads at open (a stale summary is made again first). */
  read() {
    if (summary.needsBuild(this.main) && this.log.length) this.rebuild();
    return { main: this.main || summary.emptyMain(), days: this.days, mistakes: [...this.mistakes.values()] };
  }
}

const plain = (map) => JSON.stringify([...map].sort((a, b) => String(a[0]).localeCompare(String(b[0]))));

/** Every figure «Mi progreso» and the path draw, from the summary and from the full replay: the same. */
function assertSame(store, now, label) {
  const { main, days, mistakes } = store.read();
  const log = store.log;
  for (const windowDays of model.WINDOWS) {
    const ours = summary.tally(days, windowDays, now, SKILL_GAME);
    const theirs = replay.tally(log, windowDays, now, SKILL_GAME);
    assert.deepEqual(ours.total, theirs.total, `${label}: total of ${windowDays} days`);
    assert.equal(plain(ours.games), plain(theirs.games), `${label}: games of ${windowDays} days`);
    assert.equal(plain(ours.skills), plain(theirs.skills), `${label}: skills of ${windowDays} days`);
  }
  assert.deepEqual(summary.daily(days, 30, now), replay.daily(log, 30, now), `${label}: chart`);
  assert.equal(plain(summary.scheduled(main, SCHED.f, now)), plain(replay.schedule(log, fsrsLib, now)), `${label}: FSRS`);
  const listed = summary.mistakeList(mistakes);
  const expected = replay.mistakes(log);
  assert.deepEqual(listed.map((m) => [m.entry.id, m.skill]), expected.map((m) => [m.entry.id, m.skill]), `${label}: mistakes`);
  assert.equal(summary.mistakeCount(main), expected.length, `${label}: «Mis errores (N)»`);
  const found = summary.evidence(main);
  const truth = replay.evidence(log);
  assert.deepEqual([...found.right].map(([k, v]) => [k, [...v].sort()]).sort(),
    [...truth.right].map(([k, v]) => [k, [...v].sort()]).sort(), `${label}: right answers per page`);
  assert.deepEqual([...found.finished].sort(), [...truth.finished].sort(), `${label}: hands played to their end`);
  for (const of of STREAKS) assert.equal(found.streak(new Set(of)), truth.streak(new Set(of)), `${label}: streak ${of}`);
  assert.equal(main.count, log.length, `${label}: entries`);
  assert.equal(main.judged > 0, log.some(model.judged), `${label}: anything`);
}

test("the summary kept answer by answer gives the full replay's figures (random logs)", () => {
  for (let run = 0; run < 12; run++) {
    const rng = random(100 + run);
    const store = new Store();
    const log = randomLog(rng, 150 + Math.floor(rng() * 250));
    log.forEach((entry, i) => {
      store.record(entry, entry.ok === false ? { facts: [], given: `g${i}`, expected: "x" } : null);
      if (i % 97 === 0) assertSame(store, entry.time + Math.floor(rng() * 2 * DAY), `run ${run}, entry ${i}`);
    });
    assertSame(store, log[log.length - 1].time + 3 * DAY, `run ${run}, end`);
    assert.ok(!store.main.stale, "answers recorded in time order never make the summary stale");
  }
});

test("an import of older answers, a deletion, and answers after both: still the replay's figures", () => {
  for (let run = 0; run < 8; run++) {
    const rng = random(500 + run);
    const store = new Store();
    const mine = randomLog(rng, 200, { from: NOON - 60 * DAY });
    mine.slice(0, 120).forEach((entry) => store.record(entry));
    // another device's answers, older and interleaved, some already here (the same ids)
    const theirs = [...randomLog(rng, 150, { from: NOON - 90 * DAY, serial: 10000 }), ...mine.slice(50, 70)];
    store.rebuild(theirs);
    assertSame(store, NOON, `run ${run}, after the import`);
    mine.slice(120).forEach((entry) => store.record(entry));
    assertSame(store, NOON + DAY, `run ${run}, answers after the import`);
    store.clear();
    assertSame(store, NOON + DAY, `run ${run}, deleted`);
    randomLog(rng, 60, { from: NOON, serial: 20000 }).forEach((entry) => store.record(entry));
    assertSame(store, NOON + 5 * DAY, `run ${run}, answers after the deletion`);
  }
});

test("an answer older than the summary makes it stale; read, it is made again and exact", () => {
  const rng = random(9);
  const store = new Store();
  const log = randomLog(rng, 120);
  log.slice(0, 100).forEach((entry) => store.record(entry));
  store.record({ ...log[100], time: log[50].time - 1 });  // a clock put back
  assert.equal(store.main.stale, true);
  log.slice(101).forEach((entry) => store.record(entry));
  assertSame(store, NOON + DAY, "after the clock went back");
  // a summary made in another time zone, or of another format, is made again too
  store.main.zone = "Antarctica/Troll";
  assert.equal(summary.needsBuild(store.main), true);
  assertSame(store, NOON + DAY, "another zone");
});

test("what shows a mistake stays with it while it is open, and goes when it is solved", () => {
  const wrong = model.entryOf({ item: { command: "drill", request: { kind: "k", seed: 1 }, source: "k" }, ok: false, grade: "again",
    skills: [{ id: "g1.a", ok: false }] }, { time: NOON, id: "w" });
  const right = model.entryOf({ item: { command: "drill", request: { kind: "k", seed: 1 }, source: "k" }, ok: true, grade: "good",
    skills: [{ id: "g1.a", ok: true }] }, { time: NOON + 60000, id: "r" });
  const store = new Store();
  store.record(wrong, { facts: [], given: "Ana", expected: "Beto" });
  assert.deepEqual(store.mistakes.get(wrong.item.key).shown, { facts: [], given: "Ana", expected: "Beto" });
  store.rebuild();
  assert.deepEqual(store.mistakes.get(wrong.item.key).shown.given, "Ana", "kept when the summary is made again");
  store.record(right);
  assert.equal(store.mistakes.size, 0);
  assert.equal(summary.mistakeCount(store.main), 0);
});

test("a summary is bounded: sources past KEPT.sources count in no streak, pages past KEPT.pages keep nothing", () => {
  const store = new Store();
  let time = NOON - 10 * DAY;
  for (let i = 0; i < summary.KEPT.sources + 20; i++) {
    time += 1000;
    store.record(model.entryOf({ item: { command: "drill", request: { seed: i }, source: `/p${i}/` }, ok: true, grade: "good",
      skills: [{ id: "g1.a", ok: true }] }, { time, id: `b${i}` }));
  }
  assert.equal(store.main.sources.length, summary.KEPT.sources);
  assert.equal(store.main.right.size, summary.KEPT.pages);
  assert.ok(store.main.stream.length === summary.KEPT.sources + 20);
});

test("the windows are calendar days: today and the days before it, as the chart", () => {
  const late = new Date(2026, 11, 5, 23, 30).getTime();
  const store = new Store();
  // 29 days and 23 hours before: inside the 30 days' window by the calendar (its first day)
  for (const [i, time] of [new Date(2026, 10, 6, 0, 15).getTime(), new Date(2026, 10, 5, 23, 50).getTime()].sort().entries()) {
    store.record(model.entryOf({ item: { command: "drill", request: { seed: i }, source: "k" }, ok: true, grade: "good",
      skills: [{ id: "g1.a", ok: true }] }, { time, id: `c${i}` }));
  }
  const { days } = store.read();
  assert.equal(summary.tally(days, 30, late).total.attempts, 1, "the 6th of November is the window's first day");
  assert.equal(summary.daily(days, 30, late).reduce((n, row) => n + row.attempts, 0), 1);
  assert.equal(summary.tally(days, 90, late).total.attempts, 2);
});

test("answers at the same millisecond: a right one solves no mistake of that time, the first wrong one stays", () => {
  const item = { command: "drill", request: { kind: "k", seed: 2 }, source: "k" };
  const answer = (ok, id, time) => model.entryOf({ item, ok, grade: ok ? "good" : "again", skills: [{ id: "g1.a", ok }] },
    { time, id });
  const log = [answer(false, "w1", NOON), answer(false, "w2", NOON), answer(true, "r", NOON)];
  const store = new Store();
  log.forEach((entry) => store.record(entry));
  assert.deepEqual(summary.mistakeList(store.read().mistakes).map((m) => m.entry.id), ["w1"]);
  assert.deepEqual(replay.mistakes(log).map((m) => m.entry.id), ["w1"]);
  store.record(answer(true, "r2", NOON + 1));
  assert.deepEqual(store.read().mistakes, []);
});
