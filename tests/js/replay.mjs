// A full replay of the reader's log, written the plain way: every figure of «Mi progreso» computed from the
// whole list of entries at once, straight from the learner model's definitions (docs/javascripts/progress/
// model.js). The oracle the summary (docs/javascripts/progress/summary.js, updated answer by answer) must
// agree with exactly: tests/js/progress_summary.test.mjs.
import * as model from "../../docs/javascripts/progress/model.js";

/** The attempts among `entries`: the first judged answer to each item on each day, in time order. */
export function attempts(entries) {
  const seen = new Map();  // item key → day of its last attempt
  const out = [];
  for (const entry of model.inTimeOrder(entries)) {
    if (!model.judged(entry)) continue;
    const day = model.dayOf(entry.time);
    const key = entry.item.key || entry.id;
    if (seen.get(key) === day) continue;
    seen.set(key, day);
    out.push(entry);
  }
  return out;
}

/** What reaches the schedule: every attempt, once for each of its skills: [[skill, {time, ok, grade}]]. */
export function scheduledAttempts(entries) {
  const out = [];
  for (const entry of attempts(entries)) {
    entry.skills.forEach((skill, i) => {
      const ok = model.skillOk(entry, i);
      out.push([skill, { time: entry.time, ok, grade: !ok ? "again" : (entry.ok ? model.gradeOf(entry) : "good") }]);
    });
  }
  return out;
}

/** Each skill's FSRS state after its attempts, with the recall it predicts a day after `now`. */
export function schedule(entries, lib, now) {
  const parts = model.scheduler(lib);
  const held = new Map();
  for (const [skill, a] of scheduledAttempts(entries)) {
    held.set(skill, model.review(held.get(skill) || null, a.time, model.ratingOf(a.grade, lib.Rating), parts));
  }
  for (const card of held.values()) card.tomorrow = model.recallAt(parts.f, card, now + model.DAY_MS);
  return held;
}

/** The local calendar days from `days - 1` days before `now` to `now`'s. */
function windowDays(days, now) {
  const today = new Date(now);
  const out = new Set();
  for (let i = 0; i < days; i++) out.add(model.dayOf(new Date(today.getFullYear(), today.getMonth(), today.getDate() - i, 12).getTime()));
  return out;
}

/** The attempts of the last `days` calendar days, counted in total, per game and per skill. */
export function tally(entries, days, now, skillGame = new Map()) {
  const inside = windowDays(days, now);
  const skills = new Map();
  const games = new Map();
  const total = { attempts: 0, wins: 0 };
  for (const entry of attempts(entries)) {
    if (!inside.has(model.dayOf(entry.time))) continue;
    total.attempts += 1;
    if (entry.ok) total.wins += 1;
    const game = model.gameOf(entry, skillGame);
    const own = games.get(game) || { attempts: 0, wins: 0 };
    own.attempts += 1;
    if (entry.ok) own.wins += 1;
    games.set(game, own);
    entry.skills.forEach((skill, i) => {
      const row = skills.get(skill) || { attempts: 0, wins: 0, failures: 0 };
      row.attempts += 1;
      if (model.skillOk(entry, i)) row.wins += 1; else row.failures += 1;
      skills.set(skill, row);
    });
  }
  return { total, games, skills };
}

/** The last `days` calendar days, oldest first: [{day, attempts, wins}]. */
export function daily(entries, days, now) {
  const rows = [...windowDays(days, now)].reverse().map((day) => ({ day, attempts: 0, wins: 0 }));
  const index = new Map(rows.map((row, i) => [row.day, i]));
  for (const entry of attempts(entries)) {
    const at = index.get(model.dayOf(entry.time));
    if (at === undefined) continue;
    rows[at].attempts += 1;
    if (entry.ok) rows[at].wins += 1;
  }
  return rows;
}

/** «Mis errores»: the wrong answers not solved since by a right answer to the same item, the latest of each
 * item, newest first (ties: the smaller id first), at most 100 per skill: [{entry, skill}]. */
export function mistakes(entries) {
  const solvedAfter = new Map();
  for (const entry of entries) {
    if (entry.ok === true) solvedAfter.set(entry.item.key, Math.max(solvedAfter.get(entry.item.key) || 0, entry.time));
  }
  const open = new Map();
  for (const entry of model.inTimeOrder(entries)) {
    if (entry.ok !== false || !model.judged(entry) || (solvedAfter.get(entry.item.key) || 0) > entry.time) continue;
    const held = open.get(entry.item.key);
    if (!held || held.time < entry.time) open.set(entry.item.key, entry);
  }
  const perSkill = new Map();
  const out = [];
  const sorted = [...open.values()].sort((a, b) => b.time - a.time || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const entry of sorted) {
    const skill = model.failedSkills(entry)[0] || entry.skills[0] || "";
    const n = perSkill.get(skill) || 0;
    if (n >= model.MISTAKES_PER_SKILL) continue;
    perSkill.set(skill, n + 1);
    out.push({ entry, skill });
  }
  return out;
}

/** The path's evidence: right answers by page, hands played to their end, and streaks over the attempts. */
export function evidence(entries) {
  const right = new Map();
  const finished = new Set();
  for (const entry of model.inTimeOrder(entries)) {
    if (entry.finished) finished.add(`${entry.finished.mode}|${entry.finished.game}`);
    const source = entry.item && entry.item.source;
    if (entry.ok === true && source && source.startsWith("/")) {
      if (!right.has(source)) right.set(source, new Set());
      right.get(source).add(entry.item.key);
    }
  }
  const list = attempts(entries);
  const streak = (sources) => {
    let run = 0;
    let best = 0;
    for (const entry of list) {
      const source = entry.item.source || entry.item.command;
      if (!sources.has(source) && !sources.has(entry.item.command)) continue;
      run = entry.ok ? run + 1 : 0;
      best = Math.max(best, run);
    }
    return best;
  };
  return { right, finished, streak };
}
