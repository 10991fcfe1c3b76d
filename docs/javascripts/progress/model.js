// The learner model of «Mi progreso» (pure: no DOM, no storage; unit-tested under Node:
// tests/js/progress_model.test.mjs). The engine names the skills an answer exercised and grades it
// (the `progress` field of every checked reply, engine/progress/); the browser only counts.
//
// The model, the one every number of «Mi progreso» follows (the developers' guide says it too):
// - an ITEM is one thing the engine can ask again exactly (a drill, a question on its page, a croupier
//   trainer's round, a decision of a practice hand): its key is a hash of its command and request;
// - an ATTEMPT is the reader's first judged answer to an item on a calendar day; later answers to the same
//   item that day are REPEATS: they can solve a mistake and count nowhere else;
// - a SKILL is what an item exercises: an attempt counts once for each of its skills.
// A legal choice off a practice hand's line and a hand played to its end are kept in the log too, but are
// no attempts: they lower or raise nothing.
//
// This file holds the log's entries (entryOf) and what is said of one skill, one step, one review; what the
// whole log adds up to is kept ready as answers are recorded (./summary.js), and the file a reader
// downloads is ./copy.js.
//
// Scheduling lives here, in the browser, and nowhere else: FSRS through ts-fsrs (pinned, bundled and
// self-hosted, site_hooks/progress.py), with its learning and relearning steps: every attempt reaches it.
// The engine stays standard-library only, and «Mi progreso» must draw without starting Python, so the one
// scheduler is this one. The library comes in as a parameter (the page passes the bundled copy, the tests
// the npm package), so this file imports nothing.

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
/** What «Mis errores» keeps of a wrong answer's item to show it (its facts, the answers) is cut above this. */
export const MAX_SHOWN_CHARS = 1500;
export const GRADES = new Set(["good", "again", "hard"]);

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
 * mistake with a later solution of the same item, and an attempt with its repeats. */
export function itemKey(item) {
  if (!item || !item.command) return "";
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

/** What «Mis errores» shows of a wrong answer's item (the engine's `shown`), cut when it is too long: kept
 * apart from the log (progress/log.js), by the item's key, only while the item is a mistake. */
export function shownOf(shown) {
  if (!shown || typeof shown !== "object") return null;
  const kept = { facts: Array.isArray(shown.facts) ? shown.facts : [], given: shown.given ?? null,
    expected: shown.expected ?? null };
  return JSON.stringify(kept).length <= MAX_SHOWN_CHARS ? kept : { facts: [], given: kept.given, expected: kept.expected };
}

/**
 * The log entry for a checked reply (its `progress` field): {id, time, game?, item, ok, grade?, skills,
 * failed?, ms?, choice?, finished?}. `skills`: the ids of the skills exercised; `failed`: the positions in
 * `skills` of those that went wrong (left out when none); `item`: its key, its source (a drill kind, a
 * question's page, a practice hand, a command: what a path step counts) and its command. Kept small (1,000
 * answers ≤ 200 KB): `grade` only when it is not the plain one (right → good, wrong → again: see gradeOf); a
 * right answer keeps only its item's key and source (its command too, without a source); a wrong one also its
 * command and what reopens it (the engine's request, never a whole question sent without its page). What
 * «Mis errores» shows of it is kept apart (shownOf). A legal choice off a practice hand's line keeps `choice`
 * and `ok: null`; a hand played to its end, `finished`.
 */
export function entryOf(progress, { time, id, ms = null, game = null }) {
  const item = progress.item || {};
  const entry = {
    id, time,
    item: { command: item.command || null, key: itemKey(item) },
    ok: progress.choice ? null : Boolean(progress.ok),
    skills: (progress.skills || []).map((s) => String(s.id)),
  };
  if (item.source) {
    entry.item.source = String(item.source);
    if (entry.ok) delete entry.item.command;  // a right answer needs only what it counts for, and its key
  }
  const failed = (progress.skills || []).flatMap((s, i) => (s.ok ? [] : [i]));
  if (failed.length) entry.failed = failed;
  if (GRADES.has(progress.grade) && progress.grade !== (entry.ok ? "good" : "again")) entry.grade = progress.grade;
  const finished = progress.finished;
  if (progress.game || game || (finished && finished.game)) entry.game = progress.game || game || finished.game;
  if (finished) entry.finished = { mode: String(finished.mode), game: String(finished.game) };
  if (progress.choice) entry.choice = { text: String(progress.choice.text || ""), reason: progress.choice.reason || null };
  if (Number.isFinite(ms)) entry.ms = Math.round(ms);
  if (entry.ok === false) {
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

/** Whether an entry judged the reader (an attempt or a repeat): not a choice, not a hand's end alone. */
export function judged(entry) {
  return typeof entry.ok === "boolean" && entry.skills.length > 0;
}

/** `entries` in time order: themselves when they already are (a log read in order), else a sorted copy (a
 * stable sort: entries of the same time keep the order they came in). */
export function inTimeOrder(entries) {
  for (let i = 1; i < entries.length; i++) {
    if (entries[i].time < entries[i - 1].time) return [...entries].sort((a, b) => a.time - b.time);
  }
  return entries;
}

/** FSRS's rating for a grade: right → Good, wrong → Again, the engine's «hard» → Hard. */
export function ratingOf(grade, Rating) {
  if (grade === "again") return Rating.Again;
  if (grade === "hard") return Rating.Hard;
  return Rating.Good;
}

/** ts-fsrs's parameters: default weights, retention 0.9, its default learning and relearning steps. */
export const FSRS_PARAMETERS = { enable_fuzz: false, enable_short_term: true, request_retention: 0.9 };
const NEW = 0;
const LEARNING = 1;
const REVIEW = 2;
const RELEARNING = 3;

/** Whole UTC days from `last` to `now` (ts-fsrs's dateDiffInDays). */
function utcDays(last, now) {
  return Math.floor(now / DAY_MS) - Math.floor(last / DAY_MS);
}

/** A (re)learning state's next card (into `next`): a step of minutes while one is left, else Review with
 * FSRS's interval. `memory`: FSRS's new {difficulty, stability}; `from`: the card's state and step before. */
function stepped(next, memory, from, time, rating, t, to, scheduler) {
  const step = scheduler.steps(from.state, from.step)[rating];
  const minutes = step ? Math.max(0, step.scheduled_minutes || 0) : 0;
  next.difficulty = memory.difficulty;
  next.stability = memory.stability;
  if (minutes > 0) {
    next.state = minutes < 1440 ? to : REVIEW;
    next.step = Math.max(0, step.next_step || 0);
    next.due = time + Math.round(minutes) * 60000;
  } else {
    next.due = time + scheduler.f.next_interval(memory.stability, t) * DAY_MS;
  }
}

/** A Review card's next one (into `next`): Again relearns (a lapse); Hard and Good take FSRS's intervals,
 * ordered. */
function reviewed(card, next, time, rating, t, scheduler) {
  const { f, lib } = scheduler;
  const { Again, Hard } = lib.Rating;
  const r = f.forgetting_curve(t, card.stability);
  if (rating === Again) {
    next.lapses += 1;
    stepped(next, f.next_state(card, t, Again, r), card, time, Again, t, RELEARNING, scheduler);
    return;
  }
  const chosen = f.next_state(card, t, rating, r);
  // Good's interval is at least Hard's and a day: Hard's stability is next_state's without its difficulty
  // (short-term steps on: a same-day review takes the short-term formula).
  const hardStability = rating === Hard ? chosen.stability : t === 0
    ? f.next_short_term_stability(card.stability, Hard) : f.next_recall_stability(card.difficulty, card.stability, r, Hard);
  let hardDays = f.next_interval(hardStability, t);
  let goodDays = rating === Hard ? hardDays : f.next_interval(chosen.stability, t);
  hardDays = Math.min(hardDays, goodDays);
  goodDays = Math.max(goodDays, hardDays + 1);
  next.difficulty = chosen.difficulty;
  next.stability = chosen.stability;
  next.due = time + (rating === Hard ? hardDays : goodDays) * DAY_MS;
}

const FIRST_STEP = { state: NEW, step: 0 };

/**
 * One attempt at a skill through FSRS, as ts-fsrs's `next()` does it (its short-term scheduler: learning
 * and relearning steps), on plain numbers: `card` is the skill's state or null (new). (Plain object
 * literals, no spreads: making a summary again replays every attempt of the log.)
 */
export function review(card, time, rating, scheduler) {
  const state = card ? card.state : NEW;
  const t = card && state !== NEW ? utcDays(card.last, time) : 0;
  const next = { state: REVIEW, step: 0, difficulty: 0, stability: 0, last: time, due: 0,
    reviews: (card ? card.reviews : 0) + 1, lapses: card ? card.lapses : 0 };
  if (state === REVIEW) reviewed(card, next, time, rating, t, scheduler);
  else {
    const memory = scheduler.f.next_state(card, t, rating);
    stepped(next, memory, card || FIRST_STEP, time, rating, t, state === NEW ? LEARNING : state, scheduler);
  }
  return next;
}

/** The scheduler's parts: the ts-fsrs instance, its parameters and the library. */
export function scheduler(lib) {
  const params = lib.generatorParameters(FSRS_PARAMETERS);
  const known = new Map();  // (state, step) → ts-fsrs's learning steps: the same for every skill
  const steps = (state, step) => {
    const key = state * 1000 + step;
    if (!known.has(key)) known.set(key, lib.BasicLearningStepsStrategy(params, state, step));
    return known.get(key);
  };
  return { f: lib.fsrs(params), params, lib, steps };
}

/** FSRS's probability that the reader recalls a skill at `time` (ms) without reviewing it: its forgetting
 * curve, over the days (and part of a day) since the last attempt. */
export function recallAt(f, card, time) {
  return f.forgetting_curve(Math.max(time - card.last, 0) / DAY_MS, card.stability);
}

/** The end of the reader's local day of `now`, in ms. */
export function endOfDay(now) {
  const end = new Date(now);
  end.setHours(23, 59, 59, 999);
  return end.getTime();
}

/** Skills due for review by `now`, most overdue first (one in a learning step of a few minutes is due once
 * those minutes have passed). */
export function dueSkills(scheduled, now) {
  return [...scheduled].filter(([, s]) => s.due <= now).sort((a, b) => a[1].due - b[1].due).map(([skill]) => skill);
}

/** When the next skill not due yet comes due later today (ms), or null. */
export function nextToday(scheduled, now) {
  const end = endOfDay(now);
  const later = [...scheduled.values()].map((s) => s.due).filter((due) => due > now && due <= end);
  return later.length ? Math.min(...later) : null;
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
  const judgedSkills = [...skills].filter(([, r]) => r.attempts >= EVIDENCE.attempts && r.wins >= EVIDENCE.wins
    && r.failures >= EVIDENCE.failures);
  const areas = judgedSkills.filter(([, r]) => r.attempts >= total.attempts * AREA.share && r.failures >= AREA.failures
    && rate(r) < overall).sort((a, b) => rate(a[1]) - rate(b[1])).map(([id]) => id);
  const strengths = judgedSkills.filter(([, r]) => r.wins >= STRENGTH_WINS && rate(r) > overall)
    .sort((a, b) => rate(b[1]) - rate(a[1])).map(([id]) => id);
  return { strengths, areas };
}

/**
 * Leeches, as Anki flags them: skills forgotten 8 times (FSRS lapses: a failure once the skill had been
 * learnt; failures while relearning it are not new lapses), from the skills' FSRS states: Map skill → lapses.
 */
export function leeches(scheduled) {
  return new Map([...scheduled].filter(([, s]) => s.lapses >= LEECH_FAILURES).map(([id, s]) => [id, s.lapses]));
}

/**
 * Whether a step of the catalogue's path is done, by its evidence (`done_when`, the engine's): {read: url}
 * once the reader reached the end of that page (`reads`: a Set of site paths), {answered: n, page} once n
 * different questions of that page were answered right, {finished: mode, game} once a hand was played to
 * its end, {streak: n, of: [sources]} once n attempts in a row at those items were right. `found`: the
 * summary's evidence (summary.evidence): {right: Map source → Set of item keys, finished: Set «mode|game»,
 * streak(sources) → the longest run of right attempts at items of those sources}.
 */
export function stepDone(step, found, reads) {
  const when = step.done_when || {};
  if (when.read) return reads.has(when.read);
  if (when.answered) return ((found.right.get(when.page) || new Set()).size) >= when.answered;
  if (when.finished) return found.finished.has(`${when.finished}|${when.game}`);
  if (when.streak) return found.streak(new Set(when.of || [])) >= when.streak;
  return false;
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
