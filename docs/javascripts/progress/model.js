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
/** Anki's leech threshold: failed this many times. */
export const LEECH_FAILURES = 8;
/** «Mis errores» keeps at most this many unsolved mistakes per skill (lichess: 100 per theme). */
export const MISTAKES_PER_SKILL = 100;
/** In a review session a failed item comes back after this many other items (the relearning queue). */
export const RELEARN_GAP = 3;
/** An imported file larger than this is refused before it is read. */
export const MAX_IMPORT_BYTES = 8 * 1024 * 1024;
const GRADES = new Set(["good", "again", "hard"]);

/** The reader's local calendar day of a time in ms: «2026-12-05». */
export function dayOf(time) {
  const d = new Date(time);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

/** A stable text key for an item (its command and request), to match a mistake with a later solution. */
export function itemKey(item) {
  if (!item) return "";
  const sorted = (value) => {
    if (Array.isArray(value)) return value.map(sorted);
    if (value && typeof value === "object") {
      return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sorted(value[k])]));
    }
    return value;
  };
  return JSON.stringify([item.command, sorted(item.request || null)]);
}

/** A new unique id for a log entry: time and randomness, so two devices never collide. */
export function newId(time, random = Math.random) {
  return `${time.toString(36)}-${Math.floor(random() * 2 ** 52).toString(36)}`;
}

/**
 * The log entry for a checked reply (its `progress` field): {id, time, game, item, ok, grade, skills,
 * ms}. The item keeps its request only when the answer was wrong (for «Mis errores»): a right answer
 * needs only its key, which keeps 1,000 attempts small. `ms`: the time the reader took, when the page
 * sent it with the check.
 */
export function entryOf(progress, { time, id, ms = null, game = null }) {
  const item = progress.item || {};
  const skills = (progress.skills || []).map((s) => ({ id: String(s.id), ok: Boolean(s.ok) }));
  const entry = {
    id, time, game: progress.game || game || null,
    item: { command: item.command || null, key: itemKey(item), label: item.label || "" },
    ok: Boolean(progress.ok), grade: GRADES.has(progress.grade) ? progress.grade : (progress.ok ? "good" : "again"),
    skills, ms: Number.isFinite(ms) ? Math.round(ms) : null,
  };
  if (!entry.ok) {
    entry.item.request = item.request || null;
    entry.why = (progress.skills || []).filter((s) => !s.ok && s.why).map((s) => ({ id: String(s.id), why: String(s.why) }));
  }
  return entry;
}

/** The game of an entry: its own, else the catalogue's game of its first skill. */
export function gameOf(entry, skillGame) {
  if (entry.game) return entry.game;
  for (const s of entry.skills) if (skillGame.has(s.id)) return skillGame.get(s.id);
  return null;
}

/**
 * The attempts that count for the schedule: the first attempt at each skill on each day (later ones
 * the same day are practice). [[skill, {time, ok, grade}]] in time order.
 */
export function scheduledAttempts(entries) {
  const seen = new Set();
  const out = [];
  for (const entry of [...entries].sort((a, b) => a.time - b.time)) {
    const day = dayOf(entry.time);
    for (const s of entry.skills) {
      const key = `${s.id}|${day}`;
      if (seen.has(key)) continue;
      seen.add(key);
      // The grade is the answer's; a skill that went wrong inside a wrong answer is Again, a skill
      // that was right inside it is Good.
      const grade = !s.ok ? "again" : (entry.ok ? entry.grade : "good");
      out.push([s.id, { time: entry.time, ok: s.ok, grade }]);
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

/**
 * Each skill's FSRS card after its scheduled attempts: Map skill → {card, due (ms), recall (0-1 today),
 * reviews}. `lib`: ts-fsrs ({fsrs, generatorParameters, createEmptyCard, Rating}).
 */
export function schedule(entries, lib, now) {
  const scheduler = lib.fsrs(lib.generatorParameters({ enable_fuzz: false, enable_short_term: false,
    request_retention: 0.9 }));
  const cards = new Map();
  for (const [skill, attempt] of scheduledAttempts(entries)) {
    const at = new Date(attempt.time);
    const card = cards.get(skill) || lib.createEmptyCard(at);
    cards.set(skill, scheduler.next(card, at, ratingOf(attempt.grade, lib.Rating)).card);
  }
  const out = new Map();
  for (const [skill, card] of cards) {
    out.set(skill, { card, due: card.due.getTime(), reviews: card.reps,
      recall: scheduler.get_retrievability(card, new Date(Math.max(now, card.last_review ? card.last_review.getTime() : now)), false) });
  }
  return out;
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
    for (const s of entry.skills) {
      const row = skills.get(s.id) || { attempts: 0, wins: 0, failures: 0 };
      row.attempts += 1;
      total.attempts += 1;
      if (s.ok) { row.wins += 1; total.wins += 1; } else { row.failures += 1; total.failures += 1; }
      skills.set(s.id, row);
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

/** Skills failed ≥ 8 times in all (Anki's leeches): Map skill → failures. */
export function leeches(entries) {
  const failures = new Map();
  for (const entry of entries) for (const s of entry.skills) if (!s.ok) failures.set(s.id, (failures.get(s.id) || 0) + 1);
  return new Map([...failures].filter(([, n]) => n >= LEECH_FAILURES));
}

/**
 * «Mis errores»: the wrong answers not solved since (a later right answer to the same item removes
 * it), newest first, at most 100 per skill: [{entry, skill}].
 */
export function mistakes(entries) {
  const solvedAfter = new Map();  // item key → time of its latest right answer
  for (const entry of entries) {
    if (entry.ok) solvedAfter.set(entry.item.key, Math.max(solvedAfter.get(entry.item.key) || 0, entry.time));
  }
  const open = new Map();  // item key → its latest wrong entry
  for (const entry of entries) {
    if (entry.ok || !entry.item.request || (solvedAfter.get(entry.item.key) || 0) > entry.time) continue;
    const held = open.get(entry.item.key);
    if (!held || held.time < entry.time) open.set(entry.item.key, entry);
  }
  const perSkill = new Map();
  const out = [];
  for (const entry of [...open.values()].sort((a, b) => b.time - a.time)) {
    const failed = entry.skills.find((s) => !s.ok) || entry.skills[0];
    const skill = failed ? failed.id : "";
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
 * right answers exercised one of those skills.
 */
export function stepDone(step, entries, visits) {
  const when = step.done_when || {};
  if (when.visit) return visits.has(when.visit);
  const skills = new Set(when.skills || []);
  const needed = Number.isInteger(when.correct) ? when.correct : 1;
  let right = 0;
  for (const entry of entries) {
    if (!entry.ok || !entry.skills.some((s) => skills.has(s.id))) continue;
    right += 1;
    if (right >= needed) return true;
  }
  return false;
}

/** The export file's object: schema-versioned, the whole log and the pages visited. */
export function exportData(entries, now, visits = {}) {
  return { schema: SCHEMA, version: VERSION, exported: new Date(now).toISOString(), entries, visits };
}

class ImportError extends Error {}

function validEntry(e) {
  return e && typeof e === "object" && typeof e.id === "string" && e.id.length > 0 && e.id.length <= 80
    && Number.isFinite(e.time) && typeof e.ok === "boolean" && Array.isArray(e.skills)
    && e.skills.every((s) => s && typeof s.id === "string" && typeof s.ok === "boolean")
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
