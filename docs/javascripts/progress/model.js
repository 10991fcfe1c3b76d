// «Mi progreso»'s arithmetic over the reader's log (pure: no DOM, no storage; unit-tested under Node:
// tests/js/progress_model.test.mjs). The engine names the skills an answer exercised and grades it
// (the `progress` field of every checked reply, engine/progress/); this module only counts.
//
// Scheduling lives here, in the browser, and nowhere else: FSRS through ts-fsrs (pinned, bundled and
// self-hosted, site_hooks/progress.py). The engine stays standard-library only, and «Mi progreso» must
// draw without starting Python, so the one scheduler is this one. The library comes in as a parameter
// (the page passes the bundled copy, the tests the npm package), so this file imports nothing.

export const SCHEMA = "reglas-poker-progreso";
export const VERSION = 1;
export const DAY_MS = 86400000;
export const WINDOWS = [7, 30, 90];
/** lichess's evidence rules (lila PuzzleDashboard): a skill is judged only with this much evidence. */
export const EVIDENCE = { attempts: 6, wins: 2, failures: 2 };
/** An improvement area holds at least this share of all attempts and this many failures. */
export const AREA = { share: 1 / 40, failures: 3 };
/** A strength has at least this many wins. */
export const STRENGTH_WINS = 3;
/** Anki's leech threshold: forgotten (lapsed) this many times. */
export const LEECH_FAILURES = 8;
/** «Mis errores» keeps at most this many unsolved mistakes per skill (lichess: 100 per theme). */
export const MISTAKES_PER_SKILL = 100;
/** In a review session a failed item comes back after this many other items (the relearning queue). */
export const RELEARN_GAP = 3;
/** An imported file larger than this is refused before it is read. */
export const MAX_IMPORT_BYTES = 8 * 1024 * 1024;
const GRADES = new Set(["good", "again", "hard"]);

const days = new Map();  // hour → day: a log of 10,000 answers spans at most a few thousand hours

/** The reader's local calendar day of a time in ms: «2026-12-05». */
export function dayOf(time) {
  const hour = Math.floor(time / 3600000);
  let day = days.get(hour);
  if (day === undefined) {
    const d = new Date(hour * 3600000);
    day = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
    if (days.size > 50000) days.clear();
    days.set(hour, day);
  }
  return day;
}

/** cyrb53: a fast 53-bit string hash (public domain, bryc), as base-36 text. */
function hash(text) {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** A short stable key for an item (a hash of its command and request, keys sorted), to match a
 * mistake with a later solution of the same item. */
export function itemKey(item) {
  if (!item) return "";
  const sorted = (value) => {
    if (Array.isArray(value)) return value.map(sorted);
    if (value && typeof value === "object") {
      return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sorted(value[k])]));
    }
    return value;
  };
  return hash(JSON.stringify([item.command, sorted(item.request || null)]));
}

/** A new unique id for a log entry: time and randomness, so two devices never collide. */
export function newId(time, random = Math.random) {
  return `${time.toString(36)}${Math.floor(random() * 2 ** 40).toString(36).padStart(8, "0")}`;
}

/** Commands whose items «Mis errores» deals again on its own page (the others: on their page). */
export const REPLAYED = new Set(["drill", "uth-trainer-deal"]);

/**
 * The log entry for a checked reply (its `progress` field): {id, time, game?, item, ok, grade?, skills,
 * failed?, ms?}. `skills`: the ids of the skills exercised; `failed`: the positions in `skills` of
 * those that went wrong (left out when none). Kept small (1,000 answers ≤ 200 KB): `grade` only when it
 * is not the plain one (right → good, wrong → again: see gradeOf); a right answer keeps only its item's
 * command and key; a wrong one also what reopens it (the engine's request: a drill, a trainer hand, a
 * practice hand's decision, a page question's page and id; never a whole question sent without its
 * page), and no label: «Mis errores» names the skill. `ms`: the time the reader took, when the page sent it; `game`
 * when the engine names it (else the catalogue's game of its skills: gameOf).
 */
export function entryOf(progress, { time, id, ms = null, game = null }) {
  const item = progress.item || {};
  const entry = {
    id, time,
    item: { command: item.command || null, key: itemKey(item) },
    ok: Boolean(progress.ok),
    skills: (progress.skills || []).map((s) => String(s.id)),
  };
  const failed = (progress.skills || []).flatMap((s, i) => (s.ok ? [] : [i]));
  if (failed.length) entry.failed = failed;
  if (GRADES.has(progress.grade) && progress.grade !== (entry.ok ? "good" : "again")) entry.grade = progress.grade;
  if (progress.game || game) entry.game = progress.game || game;
  if (Number.isFinite(ms)) entry.ms = Math.round(ms);
  if (!entry.ok) {
    const request = item.request || {};
    if (item.command !== "quiz-check") entry.item.request = request;
    else if (request.page) entry.item.request = { page: request.page, ...(request.id ? { id: request.id } : {}) };
  }
  return entry;
}

/** An entry's grade: «good», «again» or «hard» (entryOf leaves the plain one out). */
export function gradeOf(entry) {
  return entry.grade || (entry.ok ? "good" : "again");
}

/** Whether the entry's skill at position `i` went right. */
export function skillOk(entry, i) {
  return !entry.failed || !entry.failed.includes(i);
}

/** The ids of the entry's skills that went wrong. */
export function failedSkills(entry) {
  return (entry.failed || []).map((i) => entry.skills[i]);
}

/** The game of an entry: its own, else the catalogue's game of its first skill. */
export function gameOf(entry, skillGame) {
  if (entry.game) return entry.game;
  for (const id of entry.skills) if (skillGame.has(id)) return skillGame.get(id);
  return null;
}

/**
 * The attempts that count for the schedule: the first attempt at each skill on each day (later ones
 * the same day are practice). [[skill, {time, ok, grade}]] in time order.
 */
export function scheduledAttempts(entries, lastDay = new Map()) {
  // lastDay: skill → the day of its last counted attempt (entries go in time order); a resumed
  // schedule passes the one it saved.
  const out = [];
  for (const entry of [...entries].sort((a, b) => a.time - b.time)) {
    const day = dayOf(entry.time);
    for (let i = 0; i < entry.skills.length; i++) {
      const id = entry.skills[i];
      if (lastDay.get(id) === day) continue;
      lastDay.set(id, day);
      // The grade is the answer's; a skill that went wrong inside a wrong answer is Again, a skill
      // that was right inside it is Good.
      const ok = skillOk(entry, i);
      const grade = !ok ? "again" : (entry.ok ? gradeOf(entry) : "good");
      out.push([id, { time: entry.time, ok, grade }]);
    }
  }
  return out;
}

/** FSRS's rating for a grade: right → Good, wrong → Again, the engine's «hard» → Hard. */
export function ratingOf(grade, Rating) {
  if (grade === "again") return Rating.Again;
  if (grade === "hard") return Rating.Hard;
  return Rating.Good;
}

export const FSRS_PARAMETERS = { enable_fuzz: false, enable_short_term: false, request_retention: 0.9 };

/**
 * Each skill's FSRS state after its scheduled attempts: Map skill → {due (ms), recall (0-1 today),
 * stability, difficulty, reviews, lapses}. `lib`: ts-fsrs ({fsrs, generatorParameters, Rating}).
 *
 * This is ts-fsrs's long-term scheduler (`fsrs().next()` with short-term steps off and no fuzz), step
 * for step, on plain numbers: the same memory states (`next_state`), intervals (`next_interval`,
 * ordered Again < Hard < Good as ts-fsrs orders them) and UTC day counts, without building card
 * objects and dates for each attempt — 10,000 logged answers must draw in ≤ 150 ms on a phone.
 * tests/js/progress_model.test.mjs checks it against `next()` on random histories.
 */
export function schedule(entries, lib, now) {
  return scheduleFrom(entries, lib, now).scheduled;
}

/** A fingerprint of the first `count` entries (in time order): their number, last id and times. */
function fingerprint(sorted, count) {
  let sum = 0;
  for (let i = 0; i < count; i++) sum = (sum + sorted[i].time) % 4294967296;
  return `${count}|${count ? sorted[count - 1].id : ""}|${sum}`;
}

/**
 * schedule(), resumed: `saved` (what an earlier call returned for the log as it was then) lets it
 * replay only the entries added since, when the log only grew at its end (answers recorded since);
 * otherwise (an import of older answers, a deletion) it replays everything. {scheduled, saved}: the
 * states, and what to keep for next time (plain JSON data).
 */
export function scheduleFrom(entries, lib, now, saved = null) {
  const sorted = [...entries].sort((a, b) => a.time - b.time);
  const f = lib.fsrs(lib.generatorParameters(FSRS_PARAMETERS));
  let held = new Map();
  let lastDay = new Map();
  let start = 0;
  if (saved && saved.count <= sorted.length && saved.mark === fingerprint(sorted, saved.count)) {
    held = new Map(saved.cards.map(([id, card]) => [id, { ...card }]));
    lastDay = new Map(saved.days);
    start = saved.count;
  }
  const grades = [lib.Rating.Again, lib.Rating.Hard, lib.Rating.Good];  // the site never grades Easy
  for (const [skill, attempt] of scheduledAttempts(sorted.slice(start), lastDay)) {
    const card = held.get(skill);
    const grade = ratingOf(attempt.grade, lib.Rating);
    const t = card ? Math.floor(attempt.time / DAY_MS) - Math.floor(card.last / DAY_MS) : 0;
    const memory = card ? { difficulty: card.difficulty, stability: card.stability } : null;
    const r = card ? f.forgetting_curve(t, card.stability) : undefined;
    // Each grade's interval depends on the lower grades' (Again and Hard always, Good on both): only
    // the grades up to the chosen one (at least Hard) are computed.
    const chosen = grades.indexOf(grade);
    const next = grades.slice(0, Math.max(chosen, 1) + 1).map((g) => f.next_state(memory, t, g, r));
    const interval = next.map((state) => f.next_interval(state.stability, t));
    interval[0] = Math.min(interval[0], interval[1]);
    interval[1] = Math.max(interval[1], interval[0] + 1);
    if (chosen === 2) interval[2] = Math.max(interval[2], interval[1] + 1);
    held.set(skill, { difficulty: next[chosen].difficulty, stability: next[chosen].stability, last: attempt.time,
      due: attempt.time + interval[chosen] * DAY_MS, reviews: (card ? card.reviews : 0) + 1,
      lapses: (card ? card.lapses : 0) + (card && grade === lib.Rating.Again ? 1 : 0) });
  }
  const keep = { count: sorted.length, mark: fingerprint(sorted, sorted.length), days: [...lastDay],
    cards: [...held].map(([id, card]) => [id, { ...card }]) };
  for (const card of held.values()) {
    const elapsed = Math.max(Math.floor((now - card.last) / DAY_MS), 0);
    card.recall = f.forgetting_curve(elapsed, +card.stability.toFixed(8));
  }
  return { scheduled: held, saved: keep };
}

/** Skills due for review by `now` (end of today counts), most overdue first. */
export function dueSkills(scheduled, now) {
  const end = new Date(now);
  end.setHours(23, 59, 59, 999);
  return [...scheduled].filter(([, s]) => s.due <= end.getTime()).sort((a, b) => a[1].due - b[1].due)
    .map(([skill]) => skill);
}

/** Attempts and wins per skill (and overall) over the last `days` days: {total: {attempts, wins},
 * skills: Map skill → {attempts, wins, failures}}. */
export function tally(entries, days, now) {
  const since = now - days * DAY_MS;
  const skills = new Map();
  const total = { attempts: 0, wins: 0, failures: 0 };
  for (const entry of entries) {
    if (entry.time < since || entry.time > now) continue;
    for (let i = 0; i < entry.skills.length; i++) {
      const id = entry.skills[i];
      const row = skills.get(id) || { attempts: 0, wins: 0, failures: 0 };
      row.attempts += 1;
      total.attempts += 1;
      if (skillOk(entry, i)) { row.wins += 1; total.wins += 1; } else { row.failures += 1; total.failures += 1; }
      skills.set(id, row);
    }
  }
  return { total, skills };
}

/** A share 0-1, or null without attempts. */
export function rate(row) {
  return row && row.attempts ? row.wins / row.attempts : null;
}

/**
 * Strengths and improvement areas over a tally, by lichess's evidence rules: a skill is judged only with
 * ≥ 6 attempts, ≥ 2 wins and ≥ 2 failures; an improvement area also holds ≥ 1/40 of all attempts, has ≥ 3
 * failures and a rate below the overall one; a strength has ≥ 3 wins and a rate above it.
 * {strengths: [skill], areas: [skill]}, the clearest first.
 */
export function judge({ total, skills }) {
  const overall = rate(total);
  const judged = [...skills].filter(([, r]) => r.attempts >= EVIDENCE.attempts && r.wins >= EVIDENCE.wins
    && r.failures >= EVIDENCE.failures);
  const areas = judged.filter(([, r]) => r.attempts >= total.attempts * AREA.share && r.failures >= AREA.failures
    && rate(r) < overall).sort((a, b) => rate(a[1]) - rate(b[1])).map(([id]) => id);
  const strengths = judged.filter(([, r]) => r.wins >= STRENGTH_WINS && rate(r) > overall)
    .sort((a, b) => rate(b[1]) - rate(a[1])).map(([id]) => id);
  return { strengths, areas };
}

/**
 * Leeches, as Anki flags them: skills forgotten 8 times (FSRS lapses: a failed first attempt of the
 * day after the skill had been learnt), from schedule()'s states: Map skill → lapses.
 */
export function leeches(scheduled) {
  return new Map([...scheduled].filter(([, s]) => s.lapses >= LEECH_FAILURES).map(([id, s]) => [id, s.lapses]));
}

/**
 * «Mis errores»: the wrong answers not solved since (a later right answer to the same item removes
 * it), newest first, at most 100 per skill: [{entry, skill}]. Some are dealt again on «Mi progreso»
 * (REPLAYED), the others reopened on their page.
 */
export function mistakes(entries) {
  const solvedAfter = new Map();  // item key → time of its latest right answer
  for (const entry of entries) {
    if (entry.ok) solvedAfter.set(entry.item.key, Math.max(solvedAfter.get(entry.item.key) || 0, entry.time));
  }
  const open = new Map();  // item key → its latest wrong entry
  for (const entry of entries) {
    if (entry.ok || (solvedAfter.get(entry.item.key) || 0) > entry.time) continue;
    const held = open.get(entry.item.key);
    if (!held || held.time < entry.time) open.set(entry.item.key, entry);
  }
  const perSkill = new Map();
  const out = [];
  for (const entry of [...open.values()].sort((a, b) => b.time - a.time)) {
    const skill = failedSkills(entry)[0] || entry.skills[0] || "";
    const n = perSkill.get(skill) || 0;
    if (n >= MISTAKES_PER_SKILL) continue;
    perSkill.set(skill, n + 1);
    out.push({ entry, skill });
  }
  return out;
}

/** The last `days` days, oldest first: [{day, attempts, wins}] (answers, not skills). */
export function daily(entries, days, now) {
  const rows = [];
  const index = new Map();
  for (let i = days - 1; i >= 0; i -= 1) {
    const day = dayOf(now - i * DAY_MS);
    if (index.has(day)) continue;  // a daylight-saving day seen twice
    index.set(day, rows.length);
    rows.push({ day, attempts: 0, wins: 0 });
  }
  for (const entry of entries) {
    const at = index.get(dayOf(entry.time));
    if (at === undefined) continue;
    rows[at].attempts += 1;
    if (entry.ok) rows[at].wins += 1;
  }
  return rows;
}

/**
 * Whether a step of the catalogue's path is done (its `done_when` is the engine's): {visit: url} once
 * that page was visited (`visits`: a Set of site paths such as «/holdem/»), {correct: n, skills} once n
 * right answers exercised one of those skills. `rightBySkill` (of the same entries) makes it faster.
 */
export function stepDone(step, entries, visits, rightBySkill = null) {
  const when = step.done_when || {};
  if (when.visit) return visits.has(when.visit);
  const skills = new Set(when.skills || []);
  const needed = Number.isInteger(when.correct) ? when.correct : 1;
  if (rightBySkill) {  // an upper bound first: most steps not done are told without a scan
    let most = 0;
    for (const id of skills) most += rightBySkill.get(id) || 0;
    if (most < needed) return false;
  }
  let right = 0;
  for (const entry of entries) {
    if (!entry.ok || !entry.skills.some((id) => skills.has(id))) continue;
    right += 1;
    if (right >= needed) return true;
  }
  return false;
}

/** Right answers per skill (an answer counts once for each of its skills): stepDone's quick bound. */
export function rightBySkill(entries) {
  const counts = new Map();
  for (const entry of entries) {
    if (!entry.ok) continue;
    for (const id of entry.skills) counts.set(id, (counts.get(id) || 0) + 1);
  }
  return counts;
}

/** The export file's object: schema-versioned, the whole log and the pages visited. */
export function exportData(entries, now, visits = {}) {
  return { schema: SCHEMA, version: VERSION, exported: new Date(now).toISOString(), entries, visits };
}

class ImportError extends Error {}

function validEntry(e) {
  return e && typeof e === "object" && typeof e.id === "string" && e.id.length > 0 && e.id.length <= 80
    && Number.isFinite(e.time) && typeof e.ok === "boolean" && Array.isArray(e.skills)
    && e.skills.every((id) => typeof id === "string" && id.length <= 100)
    && (e.failed === undefined || (Array.isArray(e.failed)
      && e.failed.every((i) => Number.isInteger(i) && i >= 0 && i < e.skills.length)))
    && (e.grade === undefined || GRADES.has(e.grade))
    && (e.item.request === undefined || (e.item.request !== null && typeof e.item.request === "object"
      && !Array.isArray(e.item.request) && JSON.stringify(e.item.request).length <= 1000
      && (e.item.request.page === undefined || (typeof e.item.request.page === "string"
        && e.item.request.page.startsWith("/") && e.item.request.page.length <= 200))))
    && e.item && typeof e.item === "object" && typeof e.item.key === "string";
}

/**
 * The entries of an export file's text. Throws an Error with a Spanish message when the text is not
 * one (not JSON, another schema, a newer version, no valid entries). Entries that are not valid are
 * left out: {entries, visits, skipped}.
 */
export function parseExport(text) {
  if (typeof text !== "string" || text.length > MAX_IMPORT_BYTES) {
    throw new ImportError("El archivo es demasiado grande para ser una copia de tu progreso.");
  }
  let data;
  try { data = JSON.parse(text); } catch (error) {
    throw new ImportError("El archivo no es una copia de tu progreso: no es JSON válido.");
  }
  if (!data || data.schema !== SCHEMA || !Array.isArray(data.entries)) {
    throw new ImportError("El archivo no es una copia de tu progreso de este sitio.");
  }
  if (!Number.isInteger(data.version) || data.version > VERSION) {
    throw new ImportError("La copia es de una versión más nueva del sitio: actualiza la página e inténtalo de nuevo.");
  }
  const entries = data.entries.filter(validEntry);
  const visits = data.visits && typeof data.visits === "object" && !Array.isArray(data.visits) ? data.visits : {};
  return { entries, visits, skipped: data.entries.length - entries.length };
}

/** Two logs as one: each entry once (by its id), in time order. */
export function merge(ours, theirs) {
  const byId = new Map();
  for (const e of ours) byId.set(e.id, e);
  for (const e of theirs) if (!byId.has(e.id)) byId.set(e.id, e);
  return [...byId.values()].sort((a, b) => a.time - b.time);
}

/**
 * A review session's queue with a short relearning queue: a failed item comes back after RELEARN_GAP
 * other items (or at the end when fewer are left). Items are the skills to review.
 */
export class ReviewQueue {
  constructor(skills, gap = RELEARN_GAP) {
    this.queue = [...skills];
    this.gap = gap;
    this.done = 0;
    this.again = 0;
  }

  /** The next skill, or null when the session is over. */
  next() {
    return this.queue.length ? this.queue[0] : null;
  }

  /** The reader answered the current skill: right removes it, wrong brings it back a few items later. */
  answer(ok) {
    const skill = this.queue.shift();
    if (skill === undefined) return;
    if (ok) this.done += 1;
    else {
      this.again += 1;
      this.queue.splice(Math.min(this.gap, this.queue.length), 0, skill);
    }
  }

  get left() {
    return this.queue.length;
  }
}
