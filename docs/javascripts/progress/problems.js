// Why the reader's progress could not be kept, in words: one sentence for every page that says it (the page
// where the answer was given, «Mi progreso»), and the last failure, remembered on this device (localStorage,
// which has its own room) until an answer is kept again.
const FAILED_KEY = "progreso-sin-guardar";

/** Why the browser did not keep or read the progress, from its error: a Spanish clause. */
export function reasonOf(error) {
  const name = error && error.name;
  if (name === "QuotaExceededError") return "el navegador no tiene más sitio para los datos de esta web (su almacenamiento está lleno)";
  if (["SecurityError", "InvalidStateError", "NotSupportedError", "NotAllowedError", "UnknownError"].includes(name)) {
    return "este navegador no deja a esta web guardar datos (en una ventana privada, o con los datos de las webs bloqueados)";
  }
  if (name === "NetworkError") return "no se pudo descargar el código que guarda tus respuestas (sin conexión, quizá)";
  return `el navegador no pudo escribir en su almacenamiento (${name || "error desconocido"})`;
}

/** The sentence that says an answer was not kept, and why. */
export function notKeptText(reason) {
  return `Tu progreso no se está guardando: ${reason}. Lo que respondas no contará en «Mi progreso» hasta que se `
    + "arregle; si puedes, libera espacio o usa una ventana normal.";
}

/** The sentence for a task on the whole log (a copy, a new summary) that the browser did not let finish. */
export function storageProblem(error) {
  return `No se pudo terminar: ${reasonOf(error)}.`;
}

/** Remember that an answer was not kept (`reason`: reasonOf()'s), or, with null, that one was. */
export function rememberFailure(reason, time = Date.now()) {
  try {
    if (reason) localStorage.setItem(FAILED_KEY, JSON.stringify({ reason, time }));
    else localStorage.removeItem(FAILED_KEY);
  } catch (error) { /* localStorage blocked too: the page said it already */ }
}

/** The last answer not kept on this device, {reason, time}, or null. */
export function lastFailure() {
  try {
    const held = JSON.parse(localStorage.getItem(FAILED_KEY) || "null");
    return held && typeof held.reason === "string" && Number.isFinite(held.time) ? held : null;
  } catch (error) {
    return null;
  }
}
