// What «Mi progreso» and the home page need of the whole log, kept ready beside it (progress/log.js stores
// it in the same IndexedDB transaction as each answer) and updated as each answer is recorded: opening the
// page reads a few records, never the log. Pure (no DOM, no storage); tests/js/progress_summary.test.mjs
// checks it against a full replay of the log (tests/js/replay.mjs) on random logs, imports and deletions.
//
// It follows the learner model of ./model.js. Folding the log's entries in time order (fold()) keeps:
// - `main`: how many entries and judged ones; each skill's FSRS state (every attempt reaches it); the items
//   attempted on the last day (what makes a repeat); the open mistakes per skill (their count); the path's
//   evidence: hands played to their end, right answers per page (the items' keys, up to KEPT.rightPerPage),
//   and every attempt's source and result, one character each (`stream`: any streak is one pass over it);
// - a record per local day: its attempts and right ones, per game and per skill (the windows and the chart);
// - a record per open mistake (item key → its latest wrong entry, and what «Mis errores» shows of it).
// What depends on the catalogue (a skill's game, which skills the page shows, a streak's sources) is applied
// when it is read, so a summary is the same whatever the site's catalogue.
//
// A summary is valid for appends in time order; an entry older than the newest folded (an import, a clock put
// back) makes it stale, and build() makes it again from the whole log (off the main thread: progress/worker.js).
// It is exact while the log names at most KEPT.sources different sources, KEPT.pages pages with right
// answers, KEPT.finished kinds of finished hands (the site has a few dozen of each); past them, what comes
// later is not kept.
import { DAY_MS, MISTAKES_PER_SKILL, dayOf, failedSkills, gameOf, gradeOf, inTimeOrder, judged, ratingOf, recallAt,
  review, skillOk } from "./model.js";

/** The summary's format: a stored summary of another is made again. Change it when what a summary holds, or
 * the model it follows (an attempt, FSRS's parameters), changes. */
export const FORMAT = 1;
/** What the summary keeps at most (see the header). */
export const KEPT = { rightPerPage: 64, pages: 256, sources: 1024, finished: 256 };
const SEPARATOR = "\u0000";

/** The reader's time zone: days are local, so a summary made in another zone is made again. */
function timeZone() {
  try { return Intl.DateTimeFormat().resolvedOptions().timeZone || "local"; } catch (error) { return "local"; }
}

/** The summary of an empty log. */
export function emptyMain(zone = timeZone()) {
  return { format: FORMAT, zone, count: 0, judged: 0, last: null, stale: false, cards: new Map(),
    seen: { day: null, keys: new Set() }, finished: new Set(), right: new Map(), open: new Map(),
    sources: [""], stream: "" };
}

/** A day's record before its first attempt. */
function emptyDay(day) {
  return { day, attempts: 0, wins: 0, games: new Map(), skills: new Map() };
}

/** Whether a stored summary must be made again from the log before it is read. */
export function needsBuild(main, zone = timeZone()) {
  return !main || main.stale || main.format !== FORMAT || main.zone !== zone;
}

function bump(counts, key, by) {
  const n = (counts.get(key) || 0) + by;
  if (n > 0) counts.set(key, n);
  else counts.delete(key);
}

/** An open mistake's record: the item's latest wrong entry, by its key, newest first per skill (`neg`). */
function mistakeRecord(entry, held) {
  const skill = failedSkills(entry)[0] || entry.skills[0] || "";
  const record = { key: entry.item.key, skill, neg: -entry.time, id: entry.id, time: entry.time, entry };
  if (held && held.shown) record.shown = held.shown;
  return record;
}

/** «Mis errores»: a right answer solves the item's open mistake made before it; a wrong judged one is the
 * item's latest (of two at the same time, the first stays). {put: record} | {remove: key} | null. */
function foldMistake(main, entry, held) {
  if (entry.ok === true) {
    if (!held || held.time >= entry.time) return null;
    bump(main.open, held.skill, -1);
    return { remove: held.key };
  }
  if (entry.ok !== false || !judged(entry) || (held && held.time >= entry.time)) return null;
  const record = mistakeRecord(entry, held);
  if (held) bump(main.open, held.skill, -1);
  bump(main.open, record.skill, 1);
  return { put: record };
}

/** The path's evidence that any entry gives: a hand played to its end, a page's item answered right. */
function foldEvidence(main, entry) {
  if (entry.finished && main.finished.size < KEPT.finished) main.finished.add(`${entry.finished.mode}|${entry.finished.game}`);
  const source = entry.item.source;
  if (entry.ok !== true || !source || !source.startsWith("/")) return;
  let keys = main.right.get(source);
  if (!keys) {
    if (main.right.size >= KEPT.pages) return;
    keys = [];
    main.right.set(source, keys);
  }
  if (keys.length < KEPT.rightPerPage && !keys.includes(entry.item.key)) keys.push(entry.item.key);
}

/** The index of an attempt's source in `main.sources` (0: one past KEPT.sources, which no streak counts). */
function sourceIndex(main, entry) {
  const tag = `${entry.item.source || entry.item.command || ""}${SEPARATOR}${entry.item.command || ""}`;
  let index = main.sources.indexOf(tag);
  if (index < 0 && main.sources.length < KEPT.sources) index = main.sources.push(tag) - 1;
  return Math.max(index, 0);
}

/** An attempt in its day's record: once in the day, once in its game (the game is found when read: the
 * entry's own, else its skills'), once in each of its skills. */
function countDay(record, entry) {
  record.attempts += 1;
  if (entry.ok) record.wins += 1;
  const sig = entry.game ? `=${entry.game}` : entry.skills.join(SEPARATOR);
  const game = record.games.get(sig) || [0, 0];
  game[0] += 1;
  if (entry.ok) game[1] += 1;
  record.games.set(sig, game);
  entry.skills.forEach((skill, i) => {
    const row = record.skills.get(skill) || [0, 0, 0];
    row[0] += 1;
    row[skillOk(entry, i) ? 1 : 2] += 1;
    record.skills.set(skill, row);
  });
  return record;
}

/**
 * One entry into the summary, the newest yet (its time is not before `main.last`'s). `main` changes in
 * place; `held`: the stored records the entry touches ({day: the record of its local day, mistake: the open
 * mistake of its item's key}, each undefined when there is none); `sched`: model.scheduler(). Returns what
 * to store besides `main`: {day: the day's record (null: unchanged), mistake: {put: record} | {remove: key}
 * | null}.
 */
export function fold(main, entry, held, sched) {
  main.count += 1;
  main.last = { time: entry.time, id: entry.id };
  foldEvidence(main, entry);
  const out = { day: null, mistake: foldMistake(main, entry, held.mistake) };
  if (!judged(entry)) return out;
  main.judged += 1;
  const day = dayOf(entry.time);
  if (main.seen.day !== day) main.seen = { day, keys: new Set() };
  const key = entry.item.key || entry.id;
  if (main.seen.keys.has(key)) return out;  // a repeat: it solved a mistake, if any, and counts nowhere else
  main.seen.keys.add(key);
  out.day = countDay(held.day || emptyDay(day), entry);
  main.stream += String.fromCharCode(sourceIndex(main, entry) * 2 + (entry.ok ? 1 : 0));
  entry.skills.forEach((skill, i) => {
    const ok = skillOk(entry, i);
    const grade = !ok ? "again" : (entry.ok ? gradeOf(entry) : "good");
    main.cards.set(skill, review(main.cards.get(skill) || null, entry.time, ratingOf(grade, sched.lib.Rating), sched));
  });
  return out;
}

/**
 * Recording `entry`: what changes in the stored summary (progress/log.js reads `main` and `held`, and writes
 * what this returns, in the answer's own transaction). `main`: the stored summary (log.js passes an empty one
 * for an empty log, a stale one for a log without one). A summary that is stale, of another format or zone,
 * or newer than the entry only becomes stale (build() makes it again when it is next read); the entry's
 * mistake is kept all the same, for what shows it (`shown`). {main, day, mistake} as fold()'s.
 */
export function addEntry(main, entry, held, sched, shown = null) {
  let out;
  if (needsBuild(main) || (main.last && entry.time < main.last.time)) {
    main.stale = true;
    const wrong = entry.ok === false && judged(entry) && (!held.mistake || held.mistake.time < entry.time);
    out = { day: null, mistake: wrong ? { put: mistakeRecord(entry, held.mistake) } : null };
  } else {
    out = fold(main, entry, held, sched);
  }
  if (shown && out.mistake && out.mistake.put) out.mistake.put.shown = shown;
  return { main, ...out };
}

/**
 * The summary of a whole log (any order: it is folded in time order): {main, days: Map day → record,
 * mistakes: Map item key → record}. `shown`: what «Mis errores» showed of items, by key (kept with their
 * open mistakes); `onProgress(done, total)` every few thousand entries.
 */
export function build(entries, sched, { zone = timeZone(), shown = new Map(), onProgress = null } = {}) {
  const main = emptyMain(zone);
  const days = new Map();
  const mistakes = new Map();
  const sorted = inTimeOrder(entries);
  for (let i = 0; i < sorted.length; i++) {
    const entry = sorted[i];
    const out = fold(main, entry, { day: days.get(dayOf(entry.time)), mistake: mistakes.get(entry.item.key) }, sched);
    if (out.day) days.set(out.day.day, out.day);
    if (out.mistake && out.mistake.put) mistakes.set(out.mistake.put.key, out.mistake.put);
    else if (out.mistake) mistakes.delete(out.mistake.remove);
    if (onProgress && i % 5000 === 4999) onProgress(i + 1, sorted.length);
  }
  for (const [key, record] of mistakes) if (shown.has(key)) record.shown = shown.get(key);
  return { main, days, mistakes };
}

/** The reader's last `count` local days, oldest first: «2026-12-05» (calendar days: a daylight-saving day
 * is one day). */
export function lastDays(count, now) {
  const today = new Date(now);
  const out = [];
  for (let i = count - 1; i >= 0; i -= 1) {
    const d = new Date(today.getFullYear(), today.getMonth(), today.getDate() - i);
    out.push(`${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`);
  }
  return out;
}

/** The game of a day record's `games` key: the entry's own, else the catalogue's game of its first skill. */
function gameOfSig(sig, skillGame) {
  if (sig.startsWith("=")) return sig.slice(1);
  return gameOf({ skills: sig ? sig.split(SEPARATOR) : [] }, skillGame);
}

/**
 * The attempts of the last `windowDays` days (today and the days before it), from the day records (`days`:
 * Map day → record), counted three ways that agree: `total` {attempts, wins} (an attempt is right when the
 * answer was), `games` Map game → {attempts, wins} (each attempt in its game: they add up to the total) and
 * `skills` Map skill → {attempts, wins, failures} (an attempt counts once for each of its skills, right for
 * those that went right).
 */
export function tally(days, windowDays, now, skillGame = new Map()) {
  const total = { attempts: 0, wins: 0 };
  const games = new Map();
  const skills = new Map();
  for (const day of lastDays(windowDays, now)) {
    const record = days.get(day);
    if (!record) continue;
    total.attempts += record.attempts;
    total.wins += record.wins;
    for (const [sig, [attempts, wins]] of record.games) {
      const game = gameOfSig(sig, skillGame);
      const own = games.get(game) || { attempts: 0, wins: 0 };
      own.attempts += attempts;
      own.wins += wins;
      games.set(game, own);
    }
    for (const [skill, [attempts, wins, failures]] of record.skills) {
      const row = skills.get(skill) || { attempts: 0, wins: 0, failures: 0 };
      row.attempts += attempts;
      row.wins += wins;
      row.failures += failures;
      skills.set(skill, row);
    }
  }
  return { total, games, skills };
}

/** The last `count` days, oldest first: [{day, attempts, wins}] (the same attempts as tally's). */
export function daily(days, count, now) {
  return lastDays(count, now).map((day) => {
    const record = days.get(day);
    return { day, attempts: record ? record.attempts : 0, wins: record ? record.wins : 0 };
  });
}

/** Each skill's FSRS state, with `tomorrow`: the recall it predicts a day from now without a review (0-1).
 * `f`: the FSRS instance (model.scheduler(lib).f). */
export function scheduled(main, f, now) {
  const out = new Map();
  for (const [skill, card] of main.cards) out.set(skill, { ...card, tomorrow: recallAt(f, card, now + DAY_MS) });
  return out;
}

/** How many mistakes «Mis errores» lists: the open ones, at most MISTAKES_PER_SKILL of each skill. */
export function mistakeCount(main) {
  let n = 0;
  for (const open of main.open.values()) n += Math.min(open, MISTAKES_PER_SKILL);
  return n;
}

/** «Mis errores» from open mistakes' records (the newest MISTAKES_PER_SKILL of each skill, or more): newest
 * first (of two at the same time, the smaller id first), at most MISTAKES_PER_SKILL per skill. */
export function mistakeList(records) {
  const sorted = [...records].sort((a, b) => b.time - a.time || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const perSkill = new Map();
  return sorted.filter((record) => {
    const n = perSkill.get(record.skill) || 0;
    perSkill.set(record.skill, n + 1);
    return n < MISTAKES_PER_SKILL;
  });
}

/** The longest run of right attempts at items of `sources` (a drill kind, a page, a command). */
function streak(main, sources) {
  const counted = main.sources.map((tag) => tag.split(SEPARATOR).some((name) => name && sources.has(name)));
  let run = 0;
  let best = 0;
  for (let i = 0; i < main.stream.length; i++) {
    const code = main.stream.charCodeAt(i);
    if (!counted[code >> 1]) continue;
    run = code & 1 ? run + 1 : 0;
    if (run > best) best = run;
  }
  return best;
}

/** What ticks the path's steps (model.stepDone): right answers by page (their items' keys), the hands
 * played to their end, and streaks. */
export function evidence(main) {
  return { right: new Map([...main.right].map(([page, keys]) => [page, new Set(keys)])), finished: main.finished,
    streak: (sources) => streak(main, sources) };
}
