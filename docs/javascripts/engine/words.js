// How the browser code words a duration and a size in Spanish, in one place (pure, unit-tested under
// Node: tests/js/words.test.mjs). The engine words everything it computes; these are the client's
// own figures (a request's timeout, a download's bytes), which never reach the engine, and the offer
// to save the site for offline use (engine/offline.js), which shows them.

// Numbers are written by hand, not by Intl.NumberFormat: building one loads the locale's data, tens of
// ms of main thread on a phone at every page load (the footer's offer shows a size on every page). The
// same result as Intl.NumberFormat("es-ES", {useGrouping: "always", ...}) — tests/js/words.test.mjs
// compares the two over many values: the shortest decimal form of the number, rounded half away from
// zero, «.» between thousands, «,» before the decimals.
function decimal(x, minimumFractionDigits, maximumFractionDigits) {
  const value = Number(x);
  const shortest = String(Math.abs(value));
  if (!Number.isFinite(value) || shortest.includes("e")) {
    return new Intl.NumberFormat("es-ES", { useGrouping: "always", minimumFractionDigits, maximumFractionDigits })
      .format(value);  // beyond 1e21 or below 1e-6: not a size or a duration the site shows
  }
  const [whole, fraction = ""] = shortest.split(".");
  let digits = BigInt(whole + fraction.slice(0, maximumFractionDigits).padEnd(maximumFractionDigits, "0"));
  if (fraction.length > maximumFractionDigits && fraction[maximumFractionDigits] >= "5") digits += 1n;
  const text = digits.toString().padStart(maximumFractionDigits + 1, "0");
  const wholePart = text.slice(0, text.length - maximumFractionDigits);
  let fractionPart = text.slice(text.length - maximumFractionDigits);
  while (fractionPart.length > minimumFractionDigits && fractionPart.endsWith("0")) fractionPart = fractionPart.slice(0, -1);
  const grouped = wholePart.replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  const sign = value < 0 || Object.is(value, -0) ? "-" : "";
  return sign + grouped + (fractionPart ? `,${fractionPart}` : "");
}
// Grouping always («1.234,5»), like the engine's amounts.
const oneDecimal = { format: (x) => decimal(x, 1, 1) };
const upToOneDecimal = { format: (x) => decimal(x, 0, 1) };
const whole = { format: (x) => decimal(x, 0, 0) };

/** The number as Intl.NumberFormat("es-ES", {useGrouping: "always", ...}) writes it (for the tests). */
export const formatDecimal = decimal;

/** A share (0 to 1) as a whole percentage, with a no-break space before «%» as the engine writes it (a line
 * never ends between the number and its sign): percent(0.4) → «40 %». */
export function percent(share) {
  return `${decimal(100 * share, 0, 0)}\u00a0%`;
}

/** A count with its noun in the right number: count(1, "vez", "veces") → «1 vez», count(2, …) → «2 veces». */
export function count(n, one, many) {
  return `${whole.format(n)} ${n === 1 ? one : many}`;
}

/** A duration in ms as a reader reads it: «1 ms», «250 ms», «1,5 s», «30 s», «2 min», «1 min 30 s». */
export function duration(ms) {
  const value = Math.max(0, Number(ms) || 0);
  if (value < 1000) return `${whole.format(Math.max(1, Math.round(value)))} ms`;
  if (value < 59950) return `${upToOneDecimal.format(value / 1000)} s`;
  const seconds = Math.round(value / 1000);
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest ? `${whole.format(minutes)} min ${rest} s` : `${whole.format(minutes)} min`;
}

/** Bytes as megabytes with one decimal, without the unit: 12_400_000 → «12,4». */
export function megabytes(bytes) {
  return oneDecimal.format((Number(bytes) || 0) / 1e6);
}

/** The footer's offer to save the site, from the service worker's status (docs/sw.js: {saved, bytes,
 * saving, done, total}) and why the last save failed, if it did: {text, button?, busy?}; null when
 * there is no service worker to ask. */
export function saveOffer(status, problem = null) {
  if (!status) return null;
  if (status.saved) return { text: "Sitio guardado en este dispositivo: funciona sin conexión." };
  if (status.saving) {
    return { text: `Guardando el sitio para usarlo sin conexión… ${megabytes(status.done)} de `
      + `${megabytes(status.total)} MB`, busy: true };
  }
  return { text: problem ? `No se pudo guardar el sitio (${problem}). Puedes intentarlo de nuevo.` : "",
    button: `Guardar el sitio para usarlo sin conexión: ${megabytes(status.bytes)} MB` };
}
