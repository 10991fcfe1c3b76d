// Hostile progress files against docs/javascripts/progress/copy.js's reader, as `make fuzz` does for hand
// histories: seeded mutations of real copies (versions 2 and 3) — bytes changed, cut, repeated; values swapped
// for huge numbers, deep nesting, long strings and lists, wrong types — and every result is either the
// reader's own refusal (a CopyError, in Spanish) or entries that each pass the field-by-field check again.
// 40 files in the test suite; `make fuzz` reads FUZZ_EXAMPLES (one file per example).
import assert from "node:assert/strict";
import test from "node:test";

import * as copy from "../../docs/javascripts/progress/copy.js";
import { entryOf, newId } from "../../docs/javascripts/progress/model.js";
import { random } from "./learner.mjs";

const NOW = Date.UTC(2027, 11, 7, 12);
const EXAMPLES = Math.max(40, Number(process.env.FUZZ_EXAMPLES) || 0);
const SKILLS = ["holdem.showdown.kicker", "mata-ases.kill-aces", "ultimate.pay-table"];
const KNOWN = { skills: new Set(SKILLS), games: new Set(["holdem", "mata-ases"]) };


function entries(rng, n) {
  return Array.from({ length: n }, (_, i) => {
    const time = NOW - Math.floor(rng() * 200) * 86400000 - i;
    const ok = rng() < 0.6;
    return entryOf({ item: { command: "drill", request: { kind: "k", seed: i, level: "fácil" }, source: i % 2 ? "k" : "/p/" },
      ok, grade: ok ? "good" : "again", skills: SKILLS.slice(0, 1 + (i % 3)).map((id) => ({ id, ok })),
      finished: i % 7 ? null : { mode: "free", game: "holdem" } }, { time, id: newId(time, rng) });
  });
}

const HOSTILE = [
  () => "1e300", () => "-1e300", () => "8640000000000001", () => "null", () => "true", () => '"1"', () => "[]", () => "{}",
  () => `"${"x".repeat(5000)}"`, () => `[${Array(3000).fill(0).join(",")}]`, () => `${"[".repeat(20000)}${"]".repeat(20000)}`,
  () => '{"__proto__":{"ok":true}}', () => '"\\ud800"', () => "-0", () => "1.5", () => "99999999999999999999",
];

/** One mutation of a file's text. */
function mutate(text, rng) {
  const at = Math.floor(rng() * text.length);
  const kind = Math.floor(rng() * 6);
  if (kind === 0) return text.slice(0, at) + String.fromCharCode(Math.floor(rng() * 128)) + text.slice(at + 1);
  if (kind === 1) return text.slice(0, at);
  if (kind === 2) return text.slice(0, at) + text.slice(at, at + 200) + text.slice(at);
  // a value (a number, a string, a literal) replaced by something hostile
  const values = [...text.matchAll(/-?\d+(\.\d+)?|"(?:[^"\\]|\\.)*"|true|false|null/g)];
  if (!values.length) return text;
  const value = values[Math.floor(rng() * values.length)];
  const hostile = HOSTILE[Math.floor(rng() * HOSTILE.length)]();
  return text.slice(0, value.index) + hostile + text.slice(value.index + value[0].length);
}

test(`hostile progress files (${EXAMPLES}): refused in Spanish or read, every entry read a valid one`, () => {
  const rng = random(2026);
  const counts = { refused: 0, read: 0, skipped: 0 };
  for (let example = 0; example < EXAMPLES; example++) {
    const log = entries(rng, 3 + Math.floor(rng() * 20));
    const version = rng() < 0.5 ? 3 : 2;
    let text = version === 3 ? copy.copyText(log, NOW)
      : JSON.stringify({ schema: copy.SCHEMA, version, entries: log, shown: {}, visits: {}, reads: {} });
    for (let n = 1 + Math.floor(rng() * 4); n > 0; n--) text = mutate(text, rng);
    let read;
    try {
      read = copy.readCopy(text, { known: KNOWN, now: NOW });
    } catch (error) {
      assert.ok(error instanceof copy.CopyError, `example ${example}: ${error && error.stack}`);
      assert.match(error.message, /^(El archivo|La copia|La versión de la copia) /);
      counts.refused += 1;
      continue;
    }
    counts.read += 1;
    for (const entry of read.entries) {
      assert.deepEqual(copy.entryFrom(entry, KNOWN, NOW), entry, `example ${example}: an entry read is a valid one`);
    }
    for (const [reason, n] of Object.entries(read.skipped)) {
      assert.ok(copy.REASONS[reason] && n > 0, `example ${example}: ${reason}`);
      counts.skipped += n;
    }
    assert.doesNotMatch(copy.skippedText(read.skipped), /undefined|NaN/);
  }
  assert.ok(counts.refused > 0 && counts.read > 0 && counts.skipped > 0, JSON.stringify(counts));
});
