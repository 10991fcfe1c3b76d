// A simulated learner: readers whose memory of each skill follows a known forgetting curve answer real engine
// items (the `progress` fields of real drill-check replies, made by the engine) through the site's own model
// (../../docs/javascripts/progress/model.js and view.js) over simulated days. What it measures says whether
// «Mi progreso» teaches: recall when a review comes, reviews until a skill is learnt, the share of due skills
// «Repasar ahora» serves, and how well the schedule's predicted recall matches the reader's.
//
// Each reader's memory of a skill follows FSRS-6's forgetting curve and its updates, with the reader's own
// weights (the defaults, each scaled by a factor between 0.85 and 1.15, drawn per reader) and a difficulty of
// its own per skill: the scheduler, which uses the default weights, does not know them. A skill never seen is
// recalled with probability FIRST (what a reader gets right before learning it). Every day the reader learns a
// few new skills (two items each), and twice in the evening opens «Mi progreso» and does «Repasar ahora» to
// its end (a wrong answer comes back in the session, as the page's queue does), the second at least ten
// minutes after the first ends. Every answer is kept as the site keeps it: into the log's summary
// (progress/summary.js), which the page reads.
//
// Usage (tests/js/test_learning.py and benchmarks/bench_learning.py): node tests/js/learner.mjs < input.json,
// input {catalogue, pools: {skill: [{right, wrong}]}, readers, days, seed, reference?} → metrics as JSON.
import * as lib from "ts-fsrs";

import * as model from "../../docs/javascripts/progress/model.js";
import * as summary from "../../docs/javascripts/progress/summary.js";
import * as view from "../../docs/javascripts/progress/view.js";

const DAY = model.DAY_MS;
/** What a reader gets right of a skill he never practised. */
export const FIRST = 0.6;
/** A skill is learnt once the reader would recall it a week later, unreviewed, with this probability. */
export const LEARNT = { days: 7, recall: 0.9 };
const NEW_PER_DAY = 3;
const NEW_AT = 17 * 60;  // minutes of the day: the new skills, then the reviews
const SESSIONS = [19 * 60, 19 * 60 + 30];  // a review, and one after the 10-minute steps (ten minutes after it at least)
const STEPS_GAP = 10;

/** A seeded generator (mulberry32): the same input, the same run (the Node tests' too). */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A reader: his own FSRS weights and, per skill, a memory (null until he first meets it). */
function reader(rng, skills) {
  const w = lib.default_w.map((value, i) => (i >= 19 ? value : value * (0.85 + 0.3 * rng())));
  const f = lib.fsrs(lib.generatorParameters({ w, enable_short_term: true, enable_fuzz: false }));
  return { f, rng, memory: new Map(skills.map((id) => [id, null])), learnt: new Map(), attempts: new Map(),
    main: summary.emptyMain(), days: new Map(), mistakes: new Map() };
}

/** The reader's true recall of `skill` at `time`. */
function trueRecall(who, skill, time) {
  const memory = who.memory.get(skill);
  return memory ? who.f.forgetting_curve(Math.max(time - memory.last, 0) / DAY, memory.stability) : FIRST;
}

/** The reader's memory of `skill` after practising it at `time`, right or not: it moves by his own weights. */
function practise(who, skill, time, right) {
  const memory = who.memory.get(skill);
  const t = memory ? Math.floor(time / DAY) - Math.floor(memory.last / DAY) : 0;
  const next = who.f.next_state(memory, t, right ? lib.Rating.Good : lib.Rating.Again);
  who.memory.set(skill, { ...next, last: time });
  who.attempts.set(skill, (who.attempts.get(skill) || 0) + 1);
  if (!who.learnt.has(skill) && who.f.forgetting_curve(LEARNT.days, next.stability) >= LEARNT.recall) {
    who.learnt.set(skill, who.attempts.get(skill));
  }
}

/**
 * The reader answers an item of `skill` at `time`: right with his recall of that skill; the log entry is a real
 * engine reply's `progress` (of a right or a wrong answer to one of the skill's items, dealt anew: the pools
 * are small, the page's seeds are not), and every skill the item exercises is practised as the engine judged
 * it. Returns [entry, right].
 */
function answer(run, who, skill, time) {
  const right = who.rng() < trueRecall(who, skill, time);
  const pool = run.pools[skill];
  const item = pool[Math.floor(run.rng() * pool.length)];
  run.serial += 1;
  const entry = model.entryOf(right ? item.right : item.wrong, { time, id: `s${run.serial}` });
  entry.item.key = `${entry.item.key}~${run.serial}`;  // a new deal, as the page's (a fresh seed): never a repeat
  entry.skills.forEach((id, i) => { if (who.memory.has(id)) practise(who, id, time, model.skillOk(entry, i)); });
  return [entry, right];
}

/** An answer kept as progress/record.js keeps it: into the log and its summary (the reader's are in time order). */
function keep(run, who, log, entry) {
  log.push(entry);
  const held = { day: who.days.get(model.dayOf(entry.time)), mistake: who.mistakes.get(entry.item.key) };
  const out = summary.addEntry(who.main, entry, held, run.scheduler);
  if (out.day) who.days.set(out.day.day, out.day);
  if (out.mistake && out.mistake.put) who.mistakes.set(out.mistake.put.key, out.mistake.put);
  else if (out.mistake) who.mistakes.delete(out.mistake.remove);
}

/** One visit to «Mi progreso»: «Repasar ahora» to its end, measured. Returns when it ended. */
function session(run, who, log, time) {
  const scheduled = summary.scheduled(who.main, run.scheduler.f, time);
  const due = model.dueSkills(scheduled, time).filter((id) => run.index.skills.has(id));
  const served = view.dueToReview(scheduled, time, run.index);
  run.due += due.length;
  run.served += served.filter((id) => due.includes(id)).length;
  const queue = new model.ReviewQueue(served);
  let now = time;
  const first = new Set(served);
  while (queue.next() !== null) {
    const skill = queue.next();
    const card = scheduled.get(skill);
    const predicted = card ? model.recallAt(run.scheduler.f, card, now) : null;
    const [entry, recalled] = answer(run, who, skill, now);
    if (predicted !== null && first.has(skill)) run.calibration.push([predicted, recalled, card.state === 2]);
    first.delete(skill);
    keep(run, who, log, entry);
    queue.answer(recalled);
    now += 60000;
  }
  return now;
}

/** A reference reader's schedule: every skill reviewed every `every` days, whatever he remembers. */
function fixedSession(run, who, log, time, every) {
  for (const [skill, memory] of who.memory) {
    if (!memory || time - memory.last < every * DAY - 60 * 60000) continue;
    const predicted = trueRecall(who, skill, time);
    const [entry, recalled] = answer(run, who, skill, time);
    run.calibration.push([predicted, recalled, true]);
    keep(run, who, log, entry);
  }
  return time;
}

/** Bins of predicted recall against what the readers did: [{from, to, n, predicted, observed}]. */
export function bins(pairs, count = 10) {
  const rows = Array.from({ length: count }, (_, i) => ({ from: i / count, to: (i + 1) / count, n: 0, p: 0, o: 0 }));
  for (const [p, ok] of pairs) {
    const row = rows[Math.min(count - 1, Math.floor(p * count))];
    row.n += 1;
    row.p += p;
    row.o += ok ? 1 : 0;
  }
  return rows.filter((r) => r.n).map((r) => ({ from: r.from, to: r.to, n: r.n, predicted: r.p / r.n, observed: r.o / r.n }));
}

/** The simulation: `readers` readers over `days` days; `reference`: a fixed interval in days instead of FSRS. */
export function simulate({ catalogue, pools, readers = 20, days = 60, seed = 1, reference = null }) {
  const skills = catalogue.skills.map((s) => s.id).filter((id) => pools[id] && pools[id].length);
  const rng = random(seed);
  const run = { pools, rng, serial: 0, due: 0, served: 0, calibration: [], index: view.indexes(catalogue),
    scheduler: model.scheduler(lib) };
  const learnt = [];
  const start = new Date(2026, 0, 5, 0, 0, 0).getTime();
  for (let r = 0; r < readers; r++) {
    const who = reader(random(seed * 1000 + r), skills);
    const order = [...skills].sort(() => who.rng() - 0.5);
    const log = [];
    for (let day = 0; day < days; day++) {
      const evening = start + day * DAY;
      order.slice(day * NEW_PER_DAY, (day + 1) * NEW_PER_DAY).forEach((skill, i) => {
        for (const minute of [0, 12]) {  // met twice, a few minutes apart, as a drill page deals
          keep(run, who, log, answer(run, who, skill, evening + (NEW_AT + i * 30 + minute) * 60000)[0]);
        }
      });
      let ended = 0;
      for (const minute of SESSIONS) {
        const time = Math.max(evening + minute * 60000, ended + STEPS_GAP * 60000);
        ended = reference ? fixedSession(run, who, log, time, reference) : session(run, who, log, time);
      }
    }
    if (who.main.stale) throw new Error("a reader's answers came out of time order");
    for (const skill of skills) if (who.memory.get(skill)) learnt.push(who.learnt.get(skill) ?? null);
  }
  return metrics(run, learnt);
}

function metrics(run, learnt) {
  const reviews = run.calibration.filter(([, , review]) => review);
  const reached = learnt.filter((n) => n !== null).sort((a, b) => a - b);
  const table = bins(run.calibration.map(([p, ok]) => [p, ok]));
  const weighted = table.reduce((sum, row) => sum + row.n * (row.predicted - row.observed) ** 2, 0);
  const total = table.reduce((sum, row) => sum + row.n, 0);
  return {
    reviews: reviews.length,
    recallAtReview: reviews.length ? reviews.filter(([, ok]) => ok).length / reviews.length : null,
    predictedAtReview: reviews.length ? reviews.reduce((sum, [p]) => sum + p, 0) / reviews.length : null,
    learntShare: learnt.length ? reached.length / learnt.length : null,
    reviewsToLearn: reached.length ? reached[Math.floor(reached.length / 2)] : null,
    reviewsToLearnP90: reached.length ? reached[Math.floor(reached.length * 0.9)] : null,
    servedShare: run.due ? run.served / run.due : null,
    due: run.due,
    bins: table,
    rmseBins: total ? Math.sqrt(weighted / total) : null,
    worstBin: Math.max(0, ...table.filter((r) => r.n >= 50).map((r) => Math.abs(r.predicted - r.observed))),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let text = "";
  process.stdin.setEncoding("utf8");
  process.stdin.on("data", (chunk) => { text += chunk; });
  process.stdin.on("end", () => { process.stdout.write(JSON.stringify(simulate(JSON.parse(text)))); });
}
