// docs/javascripts/progress/model.js: the learner model — scheduling, aggregation, mistakes, path ticks — as
// «Mi progreso» reads it, through the log's summary (progress/summary.js, made here from the whole log).
// The scheduler is the real ts-fsrs (the npm package the build bundles).
import assert from "node:assert/strict";
import test from "node:test";

import * as fsrsLib from "ts-fsrs";

import {
  DAY_MS, FSRS_PARAMETERS, ReviewQueue, dueSkills, entryOf, itemKey, judge, leeches, failedSkills, ratingOf, scheduler,
  shownOf, stepDone,
} from "../../docs/javascripts/progress/model.js";
import * as summary from "../../docs/javascripts/progress/summary.js";
import { attempts, scheduledAttempts } from "./replay.mjs";

const SCHED = scheduler(fsrsLib);
const built = (log) => summary.build(log, SCHED);
/** Each skill's FSRS state after the log, as «Mi progreso» reads it at `now`. */
const schedule = (log, _lib, now) => summary.scheduled(built(log).main, SCHED.f, now);
const tally = (log, days, now, skillGame) => summary.tally(built(log).days, days, now, skillGame);
const daily = (log, days, now) => summary.daily(built(log).days, days, now);
const mistakes = (log) => summary.mistakeList([...built(log).mistakes.values()]);
const evidence = (log) => summary.evidence(built(log).main);

const NOON = new Date(2026, 11, 5, 12, 0, 0).getTime();  // local noon: days do not shift with the zone
let serial = 0;

/** A log entry as record.js builds it, from a progress field the engine could send; each its own item
 * unless `request` says which. */
function answer({ skills, ok = skills.every(([, right]) => right), grade, time = NOON, request = null, source = "k" }) {
  serial += 1;
  return entryOf({
    item: { command: "drill", request: request || { kind: "k", seed: serial }, source },
    ok, grade: grade || (ok ? "good" : "again"),
    skills: skills.map(([id, right]) => ({ id, ok: right, why: right ? null : "Porque sí.", rule: "/x/#y" })),
    other_game: null, shown: ok ? null : { facts: [{ label: "Mesa", cards: ["Ah"] }], given: "Ana", expected: "Beto" },
  }, { time, id: `e${serial}` });
}

test("right → Good, wrong → Again, the engine's hard → Hard", () => {
  const { Rating } = fsrsLib;
  assert.equal(ratingOf("good", Rating), Rating.Good);
  assert.equal(ratingOf("again", Rating), Rating.Again);
  assert.equal(ratingOf("hard", Rating), Rating.Hard);
  // and the scheduler follows them: the same first answer, three grades, three different intervals
  const due = (grade) => schedule([answer({ skills: [["s", grade !== "again"]], grade })], fsrsLib, NOON).get("s").due;
  assert.ok(due("again") < due("hard"), "Again comes back sooner than Hard");
  assert.ok(due("hard") < due("good"), "Hard comes back sooner than Good");
});

test("every attempt reaches the schedule; a repeat of the same item that day does not", () => {
  const first = answer({ skills: [["s", true]], time: NOON, request: { kind: "k", seed: 1 } });
  const again = answer({ skills: [["s", false]], time: NOON + 3600000, request: { kind: "k", seed: 2 } });
  const repeat = answer({ skills: [["s", true]], time: NOON + 7200000, request: { kind: "k", seed: 1 } });
  assert.deepEqual(scheduledAttempts([repeat, again, first]).map(([skill, a]) => [skill, a.ok]),
    [["s", true], ["s", false]]);
  assert.deepEqual(attempts([first, again, repeat]).map((e) => e.id), [first.id, again.id]);
  // the same item the next day is an attempt again
  const tomorrow = answer({ skills: [["s", true]], time: NOON + DAY_MS, request: { kind: "k", seed: 1 } });
  assert.equal(attempts([first, again, repeat, tomorrow]).length, 3);
});

test("a failure after a success brings the skill back sooner, the same day too", () => {
  const right = answer({ skills: [["s", true]], time: NOON - 2 * DAY_MS });
  const rightAgain = answer({ skills: [["s", true]], time: NOON });
  const wrongNow = answer({ skills: [["s", false]], time: NOON });
  const wrongLater = answer({ skills: [["s", false]], time: NOON + 3600000 });
  const after = (log) => schedule(log, fsrsLib, NOON + 2 * 3600000).get("s").due;
  assert.ok(after([right, wrongNow]) < after([right, rightAgain]), "a failure today comes back before a success");
  assert.ok(after([right, rightAgain, wrongLater]) < after([right, rightAgain]),
    "a failure an hour after a success the same day counts: it comes back within the day");
  assert.ok(after([right, rightAgain, wrongLater]) <= NOON + DAY_MS);
});

test("a skill with failures is never scheduled later than one always right (random histories)", () => {
  let seed = 11;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  for (let history = 0; history < 200; history++) {
    const log = [];
    let time = NOON - 60 * DAY_MS;
    let failed = false;
    for (let i = 0; i < 12; i++) {
      time += Math.floor(random() * 6 * DAY_MS);
      const fails = random() < 0.3;
      failed = failed || fails;
      log.push(answer({ skills: [["always", true]], time }), answer({ skills: [["weak", !fails]], time }));
    }
    if (!failed) continue;
    const scheduled = schedule(log, fsrsLib, time);
    assert.ok(scheduled.get("weak").due <= scheduled.get("always").due, `history ${history}`);
  }
});

test("a skill right inside a wrong answer is Good; the failing one Again", () => {
  const entry = answer({ skills: [["sum", true], ["eligible", false]] });
  const grades = Object.fromEntries(scheduledAttempts([entry]).map(([id, a]) => [id, a.grade]));
  assert.deepEqual(grades, { sum: "good", eligible: "again" });
});

test("due skills: a failed skill is due before a known one, and recall decays", () => {
  // a new skill is learnt with two right answers ten minutes apart (ts-fsrs's learning steps: 1 and 10 min)
  const log = [answer({ skills: [["known", true]], time: NOON - DAY_MS }),
    answer({ skills: [["known", true]], time: NOON - DAY_MS + 600000 }),
    answer({ skills: [["failed", false]], time: NOON - DAY_MS })];
  const scheduled = schedule(log, fsrsLib, NOON);
  assert.deepEqual(dueSkills(scheduled, NOON), ["failed"]);
  const later = schedule(log, fsrsLib, NOON + 30 * DAY_MS);
  assert.ok(later.get("known").tomorrow < scheduled.get("known").tomorrow);
  assert.ok(dueSkills(later, NOON + 30 * DAY_MS).includes("known"));
});

test("windows: only attempts inside the last 7, 30 or 90 days count", () => {
  const log = [1, 10, 40, 100].map((days) => answer({ skills: [["s", true]], time: NOON - days * DAY_MS }));
  assert.equal(tally(log, 7, NOON).skills.get("s").attempts, 1);
  assert.equal(tally(log, 30, NOON).skills.get("s").attempts, 2);
  assert.equal(tally(log, 90, NOON).skills.get("s").attempts, 3);
  assert.deepEqual(tally(log, 90, NOON).total, { attempts: 3, wins: 3 });
});

/** n attempts of a skill with `wins` right. */
function run(skill, n, wins) {
  return Array.from({ length: n }, (_, i) => answer({ skills: [[skill, i < wins]] }));
}

test("evidence rules: judged only with ≥ 6 attempts, ≥ 2 wins and ≥ 2 failures", () => {
  const base = [...run("good", 20, 18)];
  // 5 attempts, 1 win: not enough evidence however bad
  let verdict = judge(tally([...base, ...run("thin", 5, 1)], 30, NOON));
  assert.ok(!verdict.areas.includes("thin"));
  // 6 attempts, 1 win: still not judged (needs 2 wins)
  verdict = judge(tally([...base, ...run("onewin", 6, 1)], 30, NOON));
  assert.ok(!verdict.areas.includes("onewin"));
  // 6 attempts, 2 wins, 4 failures: an improvement area (below overall, ≥ 3 failures, ≥ 1/40)
  verdict = judge(tally([...base, ...run("weak", 6, 2)], 30, NOON));
  assert.deepEqual(verdict.areas, ["weak"]);
  assert.deepEqual(verdict.strengths, ["good"]);
  // a skill never failed twice is not a strength, however good (lichess needs 2 failures)
  verdict = judge(tally([...run("perfect", 10, 10), ...run("weak", 6, 2)], 30, NOON));
  assert.ok(!verdict.strengths.includes("perfect"));
});

test("an improvement area holds at least 1/40 of all attempts and 3 failures", () => {
  const crowd = run("big", 400, 380);
  // 8 attempts of 408 is under 1/40 (10.2): not an area although it is weak
  let verdict = judge(tally([...crowd, ...run("small", 8, 2)], 30, NOON));
  assert.ok(!verdict.areas.includes("small"));
  verdict = judge(tally([...crowd, ...run("small", 12, 4)], 30, NOON));
  assert.deepEqual(verdict.areas, ["small"]);
  // 2 failures only: not an area
  verdict = judge(tally([...run("a", 10, 9), ...run("b", 6, 4)], 30, NOON));
  assert.ok(!verdict.areas.includes("b"));
});

test("leeches: a skill forgotten 8 times (a failure once learnt; failing again while relearning is no new lapse)", () => {
  // learnt (two right answers ten minutes apart), then wrong and right on alternate days: each wrong day a lapse
  const learnt = [answer({ skills: [["s", true]], time: NOON - DAY_MS }), answer({ skills: [["s", true]], time: NOON - DAY_MS + 600000 })];
  const days = (n) => [...learnt, ...Array.from({ length: n }, (_, i) => answer({ skills: [["s", i % 2 === 1]],
    time: NOON + i * DAY_MS }))];
  const later = NOON + 20 * DAY_MS;
  assert.deepEqual([...leeches(schedule(days(14), fsrsLib, later))], []);  // 7 wrong days: 7 lapses
  assert.deepEqual([...leeches(schedule(days(16), fsrsLib, later))], [["s", 8]]);
  // ten failures in one day are one lapse at most: practice the same day does not make a leech
  const oneDay = [...learnt, ...run("s", 10, 0)];
  assert.equal(schedule(oneDay, fsrsLib, later).get("s").lapses, 1);
  assert.deepEqual([...leeches(schedule(oneDay, fsrsLib, later))], []);
});

test("mistakes: wrong answers until solved, newest first, at most 100 per skill", () => {
  const wrong = answer({ skills: [["s", false]], time: NOON, request: { kind: "k", seed: 7 } });
  assert.equal(wrong.shown, undefined, "what shows a mistake is kept apart, by its item's key");
  assert.deepEqual(shownOf({ facts: [{ label: "Mesa", cards: ["Ah"] }], given: "Ana", expected: "Beto", extra: 1 }),
    { facts: [{ label: "Mesa", cards: ["Ah"] }], given: "Ana", expected: "Beto" });
  const other = answer({ skills: [["s", false]], time: NOON + 1, request: { kind: "k", seed: 8 } });
  assert.deepEqual(mistakes([wrong, other]).map((m) => m.entry.id), [other.id, wrong.id]);
  const solved = answer({ skills: [["s", true]], time: NOON + 2, request: { seed: 7, kind: "k" } });
  assert.deepEqual(mistakes([wrong, other, solved]).map((m) => m.entry.id), [other.id]);
  // a right answer before the mistake does not solve it
  const before = answer({ skills: [["s", true]], time: NOON - 1, request: { kind: "k", seed: 8 } });
  assert.deepEqual(mistakes([before, other]).map((m) => m.entry.id), [other.id]);
  const many = Array.from({ length: 130 }, (_, i) => answer({ skills: [["s", false]], time: NOON + i,
    request: { kind: "k", seed: 100 + i } }));
  assert.equal(mistakes(many).length, 100);
  // a right answer keeps no request: the log stays small
  assert.equal(solved.item.request, undefined);
  assert.equal(itemKey({ command: "drill", request: { seed: 7, kind: "k" } }), solved.item.key);
});

test("daily: 30 days, oldest first, attempts and right ones; repeats count nowhere", () => {
  const log = [answer({ skills: [["s", true]] }), answer({ skills: [["s", false]], request: { kind: "k", seed: 99 } }),
    answer({ skills: [["s", true]], request: { kind: "k", seed: 99 }, time: NOON + 1 }),  // a repeat
    answer({ skills: [["s", true]], time: NOON - 29 * DAY_MS }), answer({ skills: [["s", true]], time: NOON - 30 * DAY_MS })];
  const rows = daily(log, 30, NOON + 2);
  assert.equal(rows.length, 30);
  assert.deepEqual([rows[0].attempts, rows[0].wins], [1, 1]);
  assert.deepEqual([rows[29].attempts, rows[29].wins], [2, 1]);
  assert.equal(rows.reduce((n, r) => n + r.attempts, 0), 3);
});

test("one meaning per number: the totals of the games add up to the total, and to the days", () => {
  const skillGame = new Map([["a", "g1"], ["b", "g1"], ["c", "g2"]]);
  const log = [answer({ skills: [["a", true], ["b", false]] }), answer({ skills: [["c", true]] }),
    answer({ skills: [["c", false]], time: NOON - DAY_MS }), answer({ skills: [["a", true]], time: NOON - 3 * DAY_MS })];
  const counted = tally(log, 30, NOON + 1, skillGame);
  assert.deepEqual(counted.total, { attempts: 4, wins: 2 });
  assert.deepEqual([...counted.games].sort(), [["g1", { attempts: 2, wins: 1 }], ["g2", { attempts: 2, wins: 1 }]]);
  assert.equal(daily(log, 30, NOON + 1).reduce((n, r) => n + r.attempts, 0), counted.total.attempts);
  // an attempt counts once for each of its skills, right for those that went right
  assert.deepEqual(counted.skills.get("b"), { attempts: 1, wins: 0, failures: 1 });
  assert.deepEqual(counted.skills.get("a"), { attempts: 2, wins: 2, failures: 0 });
});

test("a choice and a hand's end are kept but are no attempt and no mistake", () => {
  const choice = entryOf({ item: { command: "play-start", request: { scenario: "h", at: 0 }, source: "h" }, ok: null,
    grade: null, skills: [], choice: { text: "Lo permiten las reglas, pero…", reason: "La lección." } }, { time: NOON, id: "c" });
  const end = entryOf({ item: null, ok: null, grade: null, skills: [], finished: { mode: "free", game: "g" } },
    { time: NOON, id: "f" });
  assert.equal(choice.ok, null);
  assert.deepEqual([attempts([choice, end]), mistakes([choice, end])], [[], []]);
  assert.deepEqual(end.finished, { mode: "free", game: "g" });
});

test("path steps tick from evidence: the end of a page, its questions, a hand to its end, a streak", () => {
  const reads = new Set(["/g/"]);
  const log = [
    answer({ skills: [["a", true]], source: "/g/quiz/" }), answer({ skills: [["a", false]], source: "/g/quiz/" }),
    answer({ skills: [["a", true]], source: "k" }), answer({ skills: [["a", true]], source: "k" }),
    answer({ skills: [["a", false]], source: "k" }), answer({ skills: [["a", true]], source: "k" }),
    answer({ skills: [["a", true]], source: "k" }),
    entryOf({ item: null, ok: null, skills: [], finished: { mode: "practice", game: "g" } }, { time: NOON, id: "end" }),
  ];
  const found = evidence(log);
  const done = (when) => stepDone({ done_when: when }, found, reads);
  assert.deepEqual([done({ read: "/g/" }), done({ read: "/h/" })], [true, false]);
  assert.deepEqual([done({ answered: 1, page: "/g/quiz/" }), done({ answered: 2, page: "/g/quiz/" })], [true, false]);
  assert.deepEqual([done({ finished: "practice", game: "g" }), done({ finished: "free", game: "g" })], [true, false]);
  assert.deepEqual([done({ streak: 2, of: ["k"] }), done({ streak: 3, of: ["k"] })], [true, false]);
  // a mere visit ticks nothing; answers on the step's skills elsewhere tick no «answered» step
  assert.equal(done({ visit: "/g/" }), false);
  assert.equal(done({ answered: 1, page: "/otra/" }), false);
});

test("the review queue brings a failed skill back a few items later", () => {
  const queue = new ReviewQueue(["a", "b", "c", "d", "e"], 3);
  assert.equal(queue.next(), "a");
  queue.answer(false);  // a comes back after b, c, d
  const order = [];
  while (queue.next() !== null) {
    order.push(queue.next());
    queue.answer(true);
  }
  assert.deepEqual(order, ["b", "c", "d", "a", "e"]);
  assert.equal(queue.again, 1);
  assert.equal(queue.done, 5);
  const short = new ReviewQueue(["x"]);
  short.answer(false);
  assert.equal(short.next(), "x", "with nothing else left, it comes back at once");
});

test("the schedule is ts-fsrs's own next(), attempt by attempt, on random histories", () => {
  // The oracle: ts-fsrs's public API, a card object through next() for each attempt (several a day too:
  // its learning and relearning steps).
  const f = fsrsLib.fsrs(fsrsLib.generatorParameters(FSRS_PARAMETERS));
  let seed = 40;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  for (let history = 0; history < 80; history++) {
    const log = [];
    let time = NOON - 200 * DAY_MS;
    for (let i = 0; i < 25; i++) {
      time += random() < 0.4 ? Math.floor(random() * 3600000) : Math.floor(random() * 9 * DAY_MS);
      const ok = random() < 0.7;
      const grade = ok ? (random() < 0.2 ? "hard" : "good") : "again";
      log.push(answer({ skills: [["s", ok]], ok, grade, time }));
    }
    const now = time + Math.floor(random() * 20 * DAY_MS);
    let card = null;
    for (const [, a] of scheduledAttempts(log)) {
      const at = new Date(a.time);
      card = f.next(card || fsrsLib.createEmptyCard(at), at, ratingOf(a.grade, fsrsLib.Rating)).card;
    }
    const ours = schedule(log, fsrsLib, now).get("s");
    assert.equal(ours.due, card.due.getTime(), `history ${history}: due`);
    assert.ok(Math.abs(ours.stability - card.stability) < 1e-9, `history ${history}: stability`);
    assert.ok(Math.abs(ours.difficulty - card.difficulty) < 1e-9, `history ${history}: difficulty`);
    assert.equal(ours.lapses, card.lapses, `history ${history}: lapses`);
    assert.equal(ours.reviews, card.reps, `history ${history}: reviews`);
    assert.equal(ours.state, card.state, `history ${history}: state`);
    const tomorrow = f.forgetting_curve((now + DAY_MS - card.last_review.getTime()) / DAY_MS, card.stability);
    assert.ok(Math.abs(ours.tomorrow - tomorrow) < 1e-12, `history ${history}: recall tomorrow`);
  }
});

test("an entry keeps what the page needs and no more", () => {
  const right = answer({ skills: [["a", true], ["b", true]], request: { kind: "k", seed: 3 } });
  assert.deepEqual(Object.keys(right).sort(), ["id", "item", "ok", "skills", "time"]);
  assert.deepEqual(right.item, { key: right.item.key, source: "k" });
  const wrong = answer({ skills: [["a", true], ["b", false]], request: { kind: "k", seed: 3 } });
  assert.deepEqual(wrong.failed, [1]);
  assert.deepEqual(failedSkills(wrong), ["b"]);
  assert.deepEqual(wrong.item.request, { kind: "k", seed: 3 });
  const hard = answer({ skills: [["a", true]], grade: "hard" });
  assert.equal(hard.grade, "hard");
  const onPage = entryOf({ item: { command: "quiz-check", request: { page: "/holdem/ponte-a-prueba/", id: "quiz-3" },
    label: "Pregunta" }, ok: false, grade: "again", skills: [{ id: "a", ok: false, why: "Porque." }] },
  { time: NOON, id: "q", ms: 1234.4 });
  assert.deepEqual([onPage.item.request, onPage.ms], [{ page: "/holdem/ponte-a-prueba/", id: "quiz-3" }, 1234]);
  assert.equal(onPage.item.label, undefined);
  const loose = entryOf({ item: { command: "quiz-check", request: { question: { kind: "x", long: "y".repeat(500) } },
    label: "Pregunta" }, ok: false, grade: "again", skills: [{ id: "a", ok: false, why: "Porque." }] },
  { time: NOON, id: "q2" });
  assert.equal(loose.item.request, undefined, "a question sent without its page is not stored whole");
  assert.ok(JSON.stringify(loose).length < 200, "the 500-character question is not in it");
});
