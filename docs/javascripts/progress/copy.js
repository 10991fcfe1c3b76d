// The reader's copy of the log: the file «Descargar mi progreso» writes and «Cargar una copia» reads. Pure (no
// DOM, no storage; tests/js/progress_copy.test.mjs, fuzzed by `make fuzz`); progress/worker.js runs it off the
// main thread.
//
// The file is JSON: {schema, version, exported, strings, entries, shown, visits, reads}. Version 3 (written
// since 2026-12) is compact, 100,000 attempts in about 6 MB, under MAX_IMPORT_BYTES: `strings` names every
// skill, source, command and game once, and each entry is a row, one per line:
//   [id, time, ok, skills, key, source, extra?]
// - `time`: 0 when it is the id's own (newId(): the id's first characters, in base 36), else the time in ms;
// - `ok`: 1, 0, or null (a choice); `skills`: an index into `strings`, or a list of them;
// - `key`: the item's key, or "" when it is the hash of the item's command and request (itemKey());
// - `source`: an index into `strings`, or null;
// - `extra`, only what the entry has: c (its command: an index, or null), r (its request: [name, value, …],
//   a string value as [index], or the request itself when it nests), f (failed), g (grade), G (game: an
//   index), F (finished: [mode, game], indexes), h (choice), m (ms).
// Versions 1 and 2 (the site's earlier files) hold each entry as the object the log keeps: they still load.
//
// Reading is bounded before anything is parsed: the file's size; then a scan (no objects built) finds each
// entry's text, and an entry longer than LIMITS.entryChars or nested deeper than LIMITS.depth is skipped
// unread; a read entry is checked field by field (every list, string and number: LIMITS), its time between
// the site's first day and tomorrow, its skills and games the site's own. A bad entry is skipped and counted
// by its reason (REASONS, in Spanish); the good ones load. A file that is not a copy is refused whole, in
// Spanish (CopyError), naming the reason.
import { GRADES, MAX_SHOWN_CHARS, inTimeOrder, itemKey, shownOf } from "./model.js";

export const SCHEMA = "reglas-poker-progreso";
/** The version written; the versions read. */
export const VERSION = 3;
export const VERSIONS = [1, 2, 3];
/** A file larger than this is refused before it is read. */
export const MAX_IMPORT_BYTES = 8 * 1024 * 1024;
/** The site's first day, 29 November 2026, a day early for any time zone: no answer is older. */
export const FIRST_TIME = Date.UTC(2026, 10, 28);
const DAY_MS = 86400000;
/** What one copy may hold: entries in the file; an entry's text, depth, skills, strings and request; the
 * `strings` table; pages visited or read; items with what «Mis errores» shows. */
export const LIMITS = { entries: 200000, entryChars: 4000, depth: 6, skills: 16, idChars: 80, nameChars: 200,
  keyChars: 40, requestChars: 1000, textChars: 1000, strings: 20000, pages: 2000, shown: 20000, memberChars: 64 };

/** Why an entry was skipped, in Spanish (one, many). */
export const REASONS = {
  big: ["demasiado grande", "demasiado grandes"],
  time: ["con una fecha imposible", "con una fecha imposible"],
  data: ["incompleta o con datos que no son de una respuesta", "incompletas o con datos que no son de una respuesta"],
  skill: ["de una destreza que este sitio no tiene", "de destrezas que este sitio no tiene"],
  many: ["de más de las que caben en una copia", "de más de las que caben en una copia"],
};

/** A file that is not a readable copy: its message is the reader's, in Spanish. */
export class CopyError extends Error {}

const NOT_JSON = "El archivo no es una copia de tu progreso: no es JSON válido.";
const NOT_OURS = "El archivo no es una copia de tu progreso de este sitio.";
export const TOO_BIG = "El archivo es demasiado grande para ser una copia de tu progreso (el máximo son 8 MB).";

// A scan of JSON text that builds nothing: where each value ends, and how deep it nests.
const QUOTE = 34;
const BACKSLASH = 92;
const OPENERS = new Set([123, 91]);
const CLOSERS = new Set([125, 93]);
const SPACE = new Set([32, 9, 10, 13]);

function stringEnd(text, i) {
  for (let j = i + 1; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === BACKSLASH) j += 1;
    else if (c === QUOTE) return j + 1;
  }
  throw new CopyError(NOT_JSON);
}

function skipSpace(text, i) {
  while (i < text.length && SPACE.has(text.charCodeAt(i))) i += 1;
  return i;
}

/** The value starting at `i`: [its end, how deep it nests (0 for a string, a number or a literal)]. */
function valueEnd(text, i) {
  const first = text.charCodeAt(i);
  if (first === QUOTE) return [stringEnd(text, i), 0];
  if (OPENERS.has(first)) {
    let depth = 0;
    let deepest = 0;
    for (let j = i; j < text.length; j++) {
      const c = text.charCodeAt(j);
      if (c === QUOTE) j = stringEnd(text, j) - 1;
      else if (OPENERS.has(c)) deepest = Math.max(deepest, ++depth);
      else if (CLOSERS.has(c) && --depth === 0) return [j + 1, deepest];
    }
    throw new CopyError(NOT_JSON);
  }
  let j = i;
  while (j < text.length && !SPACE.has(text.charCodeAt(j)) && !CLOSERS.has(text.charCodeAt(j)) && text[j] !== ",") j += 1;
  if (j === i) throw new CopyError(NOT_JSON);
  return [j, 0];
}

/** JSON.parse's value of a bounded text, or undefined when it is not JSON. */
function parsed(text) {
  try { return JSON.parse(text); } catch (error) { return undefined; }
}

/** Each value of the array, or each member of the object, starting at `i`: {key?, start, end, depth};
 * `close`: where it ends. */
function* parts(text, i, object) {
  let j = skipSpace(text, i + 1);
  if (text[j] === (object ? "}" : "]")) return j + 1;
  for (;;) {
    let key;
    if (object) {
      if (text.charCodeAt(j) !== QUOTE) throw new CopyError(NOT_JSON);
      const keyEnd = stringEnd(text, j);
      key = keyEnd - j <= LIMITS.memberChars ? parsed(text.slice(j, keyEnd)) : null;
      if (key === undefined) throw new CopyError(NOT_JSON);
      j = skipSpace(text, keyEnd);
      if (text[j] !== ":") throw new CopyError(NOT_JSON);
      j = skipSpace(text, j + 1);
    }
    const [end, depth] = valueEnd(text, j);
    yield { key, start: j, end, depth };
    j = skipSpace(text, end);
    if (text[j] === (object ? "}" : "]")) return j + 1;
    if (text[j] !== ",") throw new CopyError(NOT_JSON);
    j = skipSpace(text, j + 1);
  }
}

/** The file's members by name (the last of a name wins): Map name → {start, end, depth}. */
function members(text) {
  const start = skipSpace(text, 0);
  if (text[start] !== "{") throw new CopyError(text[start] === "[" ? NOT_OURS : NOT_JSON);
  const found = new Map();
  const walk = parts(text, start, true);
  let step = walk.next();
  while (!step.done) {
    if (step.value.key !== null) found.set(step.value.key, step.value);
    step = walk.next();
  }
  if (skipSpace(text, step.value) !== text.length) throw new CopyError(NOT_JSON);
  return found;
}

/** A member's value, parsed if it is no longer than `chars` and no deeper than `depth`; else undefined. */
function small(text, part, chars, depth) {
  if (!part || part.end - part.start > chars || part.depth > depth) return undefined;
  return parsed(text.slice(part.start, part.end));
}

/** The version, or a CopyError naming why it cannot be read. */
function versionOf(text, found) {
  const part = found.get("version");
  if (!part) throw new CopyError("La copia no dice de qué versión del sitio es: no se puede leer.");
  const version = small(text, part, 40, 0);
  if (typeof version !== "number" || !Number.isInteger(version)) {
    const said = part.end - part.start <= 24 ? text.slice(part.start, part.end) : `${text.slice(part.start, part.start + 20)}…`;
    throw new CopyError(`La versión de la copia no es válida (${said}): tiene que ser un número entero. El archivo no `
      + "lo ha escrito este sitio o está dañado.");
  }
  if (version > VERSIONS[VERSIONS.length - 1]) {
    throw new CopyError(`La copia es de una versión más nueva del sitio (la ${version}): actualiza la página e inténtalo de nuevo.`);
  }
  if (!VERSIONS.includes(version)) {
    throw new CopyError(`La copia dice ser de la versión ${version}, que no existe: las copias de este sitio son de las `
      + `versiones ${VERSIONS[0]} a ${VERSIONS[VERSIONS.length - 1]}.`);
  }
  return version;
}

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const shortString = (value, chars) => typeof value === "string" && value.length <= chars;

/** The time an id made by newId() carries (its characters but the last 8, in base 36), or NaN. */
function timeOfId(id) {
  const head = typeof id === "string" && id.length > 8 ? id.slice(0, -8) : "";
  const time = /^[0-9a-z]{1,11}$/.test(head) ? parseInt(head, 36) : NaN;
  return Number.isSafeInteger(time) ? time : NaN;
}

/** An entry's item, as the log keeps it, or a reason. */
function itemOf(item) {
  if (!isObject(item) || typeof item.key !== "string") return "data";
  const { command, key, source, request } = item;
  if (key.length > LIMITS.keyChars || (typeof source === "string" && source.length > LIMITS.nameChars)) return "big";
  if ((command !== undefined && command !== null && !shortString(command, 40)) || (source !== undefined && typeof source !== "string")) return "data";
  const out = { key };
  if (command !== undefined) out.command = command;
  if (source !== undefined) out.source = source;
  if (request !== undefined) {
    if (!isObject(request)) return "data";
    if (JSON.stringify(request).length > LIMITS.requestChars) return "big";
    if (request.page !== undefined && !(shortString(request.page, 200) && request.page.startsWith("/"))) return "data";
    out.request = request;
  }
  return out;
}

/** The optional fields of an entry, checked (into `out`); a reason, or null. */
function extrasOf(e, out, known) {
  if (e.failed !== undefined) {
    if (!Array.isArray(e.failed) || e.failed.length > out.skills.length || new Set(e.failed).size !== e.failed.length
      || !e.failed.every((i) => Number.isInteger(i) && i >= 0 && i < out.skills.length)) return "data";
    if (e.failed.length) out.failed = e.failed;
  }
  if (e.grade !== undefined) {
    if (!GRADES.has(e.grade)) return "data";
    out.grade = e.grade;
  }
  const gameKnown = (game) => typeof game === "string" && (!known.games || known.games.has(game));
  if (e.game !== undefined) {
    if (!gameKnown(e.game)) return "data";
    out.game = e.game;
  }
  if (e.finished !== undefined) {
    if (!isObject(e.finished) || !["practice", "free"].includes(e.finished.mode) || !gameKnown(e.finished.game)) return "data";
    out.finished = { mode: e.finished.mode, game: e.finished.game };
  }
  if (e.choice !== undefined) {
    const { text, reason } = isObject(e.choice) ? e.choice : {};
    if (!shortString(text, LIMITS.textChars) || !(reason === null || shortString(reason, LIMITS.textChars))) return "data";
    out.choice = { text, reason };
  }
  if (e.ms !== undefined) {
    if (typeof e.ms !== "number" || !(e.ms >= 0 && e.ms <= DAY_MS)) return "data";
    out.ms = e.ms;
  }
  return null;
}

/**
 * A log entry from what a file holds (an object, as versions 1 and 2 write it, or a row made one), checked
 * field by field: the entry as the log keeps it (only its known fields), or the reason it is skipped.
 * `known`: {skills: Set, games: Set} of the site (null: any), `now`: the reader's time.
 */
export function entryFrom(e, known, now) {
  if (!isObject(e)) return "data";
  if (typeof e.id !== "string" || !e.id.length) return "data";
  if (e.id.length > LIMITS.idChars) return "big";
  if (typeof e.time !== "number") return "data";
  if (!(e.time >= FIRST_TIME && e.time <= now + DAY_MS)) return "time";
  if (!(e.ok === true || e.ok === false || (e.ok === null && e.choice))) return "data";
  if (!Array.isArray(e.skills)) return "data";
  if (e.skills.length > LIMITS.skills || e.skills.some((s) => typeof s === "string" && s.length > LIMITS.nameChars)) return "big";
  if (!e.skills.every((s) => typeof s === "string")) return "data";
  if (known.skills && !e.skills.every((s) => known.skills.has(s))) return "skill";
  const item = itemOf(e.item);
  if (typeof item === "string") return item;
  const out = { id: e.id, time: e.time, item, ok: e.ok, skills: [...e.skills] };
  return extrasOf(e, out, known) || out;
}

/** A request written as [name, value, …] (a string value as [index]) or as itself. */
function requestOf(value, strings) {
  if (!Array.isArray(value)) return value;
  if (value.length % 2 || value.length > 32) return null;
  const out = {};
  for (let i = 0; i < value.length; i += 2) {
    const name = strings[value[i]];
    const raw = value[i + 1];
    const text = Array.isArray(raw) && raw.length === 1 ? strings[raw[0]] : undefined;
    if (typeof name !== "string" || name === "__proto__" || (Array.isArray(raw) && text === undefined)) return null;
    out[name] = text !== undefined ? text : raw;
  }
  return out;
}

/** A version 3 row as the entry object it stands for (checked afterwards by entryFrom), or a reason. */
function rowEntry(row, strings) {
  if (!Array.isArray(row) || row.length < 6 || row.length > 7) return "data";
  const [id, t, ok, skills, key, source, extra = {}] = row;
  const name = (i) => (Number.isInteger(i) ? strings[i] : undefined);
  if (!isObject(extra) || typeof key !== "string") return "data";
  const list = typeof skills === "number" ? [skills] : skills;
  if (!Array.isArray(list)) return "data";
  if (list.length > LIMITS.skills) return "big";
  const time = t === 0 ? timeOfId(id) : t;
  const missing = (i) => i !== null && name(i) === undefined;
  if (Number.isNaN(time) || ("c" in extra && missing(extra.c)) || missing(source)) return "data";
  const item = { key };
  if ("c" in extra) item.command = extra.c === null ? null : name(extra.c);
  if (source !== null) item.source = name(source);
  if ("r" in extra) item.request = requestOf(extra.r, strings);
  if (key === "" && isObject(item.request)) item.key = itemKey(item);
  const e = { id, time, item, ok: ok === 1 ? true : ok === 0 ? false : ok === null ? null : undefined,
    skills: list.map(name) };
  for (const [short, field] of [["f", "failed"], ["g", "grade"], ["h", "choice"], ["m", "ms"]]) if (short in extra) e[field] = extra[short];
  if ("G" in extra) e.game = name(extra.G);
  if ("F" in extra) e.finished = Array.isArray(extra.F) ? { mode: name(extra.F[0]), game: name(extra.F[1]) } : null;
  return e;
}

/** What «Mis errores» shows of an item, if it is one: facts (each a label with cards or a text), the answers. */
function validShown(shown) {
  if (!isObject(shown) || !Array.isArray(shown.facts || []) || (shown.facts || []).length > 30) return null;
  const fact = (f) => isObject(f) && shortString(f.label, 100) && (Array.isArray(f.cards)
    ? f.cards.length <= 20 && f.cards.every((c) => shortString(c, 4)) : shortString(f.text, 300));
  const answer = (a) => a === undefined || a === null || shortString(a, 300);
  if (!(shown.facts || []).every(fact) || !answer(shown.given) || !answer(shown.expected)) return null;
  return shownOf(shown);
}

/** The pairs of a member that is an object (at most `count`, each value no longer than `chars`): [key, value]. */
function pairs(text, part, count, chars, depth) {
  const out = [];
  if (!part || text[part.start] !== "{") return out;
  for (const member of parts(text, part.start, true)) {
    if (out.length >= count) break;
    const value = member.key === null ? undefined : small(text, member, chars, depth);
    if (value !== undefined) out.push([member.key, value]);
  }
  return out;
}

/** {sitePath: time} of a copy's visits or reads, bounded. */
function pagesOf(text, part, now) {
  const out = {};
  for (const [path, time] of pairs(text, part, LIMITS.pages, 40, 0)) {
    if (shortString(path, 200) && path.startsWith("/") && typeof time === "number" && time >= FIRST_TIME
      && time <= now + DAY_MS) out[path] = time;
  }
  return out;
}

/** The names table of a version 3 file: a list of strings, or a CopyError. */
function stringsOf(text, found) {
  const part = found.get("strings");
  const strings = part && part.end - part.start <= MAX_IMPORT_BYTES ? small(text, part, MAX_IMPORT_BYTES, 1) : undefined;
  if (!Array.isArray(strings) || strings.length > LIMITS.strings || !strings.every((s) => shortString(s, LIMITS.nameChars))) {
    throw new CopyError("La copia está dañada: su lista de nombres no se puede leer.");
  }
  return strings;
}

/**
 * The entries of a copy's text, and what comes with them: {entries, shown: Map key → shown, visits, reads,
 * skipped: {reason: count}, version}. Throws a CopyError (Spanish) when the text is not a copy. `known`:
 * {skills, games} (Sets) of the site; `now`: the reader's time; `onProgress(done, total)`: characters read.
 */
export function readCopy(text, { known = { skills: null, games: null }, now = Date.now(), onProgress = null } = {}) {
  if (typeof text !== "string" || text.length > MAX_IMPORT_BYTES) throw new CopyError(TOO_BIG);
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const found = members(body);
  if (small(body, found.get("schema"), 100, 0) !== SCHEMA) throw new CopyError(NOT_OURS);
  const version = versionOf(body, found);
  const list = found.get("entries");
  if (!list || body[list.start] !== "[") throw new CopyError(NOT_OURS);
  const strings = version >= 3 ? stringsOf(body, found) : null;
  const skipped = {};
  const entries = [];
  let seen = 0;
  for (const part of parts(body, list.start, false)) {
    seen += 1;
    let reason;
    if (seen > LIMITS.entries) reason = "many";
    else if (part.end - part.start > LIMITS.entryChars || part.depth > LIMITS.depth) reason = "big";
    else {
      const value = parsed(body.slice(part.start, part.end));
      const e = strings ? rowEntry(value, strings) : value;
      reason = strings && typeof e === "string" ? e : entryFrom(e, known, now);
    }
    if (typeof reason === "string") skipped[reason] = (skipped[reason] || 0) + 1;
    else entries.push(reason);
    if (onProgress && seen % 5000 === 0) onProgress(part.end, body.length);
  }
  const shown = new Map();
  for (const [key, value] of pairs(body, found.get("shown"), LIMITS.shown, 2 * MAX_SHOWN_CHARS, 4)) {
    const kept = shortString(key, LIMITS.keyChars) ? validShown(value) : null;
    if (kept) shown.set(key, kept);
  }
  return { entries, shown, visits: pagesOf(body, found.get("visits"), now), reads: pagesOf(body, found.get("reads"), now),
    skipped, version };
}

/** «5: 2 demasiado grandes y 3 con una fecha imposible» for the entries skipped ({reason: count}), or "". */
export function skippedText(skipped, format = String) {
  const said = Object.entries(REASONS).filter(([reason]) => skipped[reason])
    .map(([reason, [one, many]]) => `${format(skipped[reason])} ${skipped[reason] === 1 ? one : many}`);
  if (!said.length) return "";
  return said.length === 1 ? said[0] : `${said.slice(0, -1).join(", ")} y ${said[said.length - 1]}`;
}

/** A request as [name, value, …] with string values as [index], when it is flat; else itself. */
function requestRow(request, name) {
  const flat = Object.values(request).every((v) => v === null || ["string", "number", "boolean"].includes(typeof v));
  if (!flat) return request;
  return Object.entries(request).flatMap(([key, value]) => [name(key), typeof value === "string" ? [name(value)] : value]);
}

/** An entry as a version 3 row (see the header); `name(string)` gives its index in the file's strings. */
function rowOf(e, name) {
  const item = e.item;
  const key = item.request !== undefined && itemKey(item) === item.key ? "" : item.key;
  const row = [e.id, timeOfId(e.id) === e.time ? 0 : e.time, e.ok === true ? 1 : e.ok === false ? 0 : null,
    e.skills.length === 1 ? name(e.skills[0]) : e.skills.map(name), key, item.source !== undefined ? name(item.source) : null];
  const extra = {};
  if ("command" in item) extra.c = item.command === null ? null : name(item.command);
  if (item.request !== undefined) extra.r = requestRow(item.request, name);
  if (e.failed) extra.f = e.failed;
  if (e.grade) extra.g = e.grade;
  if (e.game) extra.G = name(e.game);
  if (e.finished) extra.F = [name(e.finished.mode), name(e.finished.game)];
  if (e.choice) extra.h = e.choice;
  if (e.ms !== undefined) extra.m = e.ms;
  if (Object.keys(extra).length) row.push(extra);
  return row;
}

/**
 * The copy's text (version 3): the log's `entries`, what «Mis errores» shows of the items it lists (`shown`:
 * {key: shown}), the pages visited and read to their end ({path: time}); made at `now`.
 */
export function copyText(entries, now, { shown = {}, visits = {}, reads = {} } = {}) {
  const strings = [];
  const index = new Map();
  const name = (text) => {
    if (!index.has(text)) index.set(text, strings.push(text) - 1);
    return index.get(text);
  };
  const rows = inTimeOrder(entries).map((e) => JSON.stringify(rowOf(e, name)));
  const head = JSON.stringify({ schema: SCHEMA, version: VERSION, exported: new Date(now).toISOString() }).slice(0, -1);
  return `${head},\n"strings":${JSON.stringify(strings)},\n"entries":[\n${rows.join(",\n")}\n],\n`
    + `"shown":${JSON.stringify(shown)},\n"visits":${JSON.stringify(visits)},\n"reads":${JSON.stringify(reads)}}\n`;
}
