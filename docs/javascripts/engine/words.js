// How the browser code words a duration and a size in Spanish, in one place (pure, unit-tested under
// Node: tests/js/words.test.mjs). The engine words everything it computes; these are the client's
// own figures (a request's timeout, a download's bytes), which never reach the engine, and the offer
// to save the site for offline use (engine/offline.js), which shows them.

// The formats are built on first use: building an Intl.NumberFormat loads the locale's data, tens of
// ms on a phone, and every page imports this module while it loads (most never show a figure).
const formats = new Map();
function format(name, options) {
  if (!formats.has(name)) formats.set(name, new Intl.NumberFormat("es-ES", { useGrouping: "always", ...options }));
  return formats.get(name);
}
// Grouping always («1.234,5»), like the engine's amounts.
const oneDecimal = { format: (x) => format("oneDecimal", { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(x) };
const upToOneDecimal = { format: (x) => format("upToOneDecimal", { maximumFractionDigits: 1 }).format(x) };
const whole = { format: (x) => format("whole", { maximumFractionDigits: 0 }).format(x) };

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
