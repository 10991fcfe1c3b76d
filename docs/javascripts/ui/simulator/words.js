// The Mata Ases setup's names, from the engine ("game-info"): the reader's seat, the modalities and
// the kinds of betting, each {id, name} in form order. Asked once per visit, before any form is shown;
// shared by the simulator and Mesa libre. Pure (no DOM), unit-tested under Node (tests/js/).
import { setReader } from "../table/words.js";

export const names = { reader: null, modalities: [], bettings: [] };
let namesPromise = null;

/** Remember a "game-info" reply (and tell the table which seat is the reader's). */
export function learnNames(reply) {
  names.reader = reply.reader;
  names.modalities = reply.modalities || [];
  names.bettings = reply.bettings || [];
  setReader(reply.reader);
}

/** The names, asked of the engine once per visit with send(type, payload) (an Asker's ask or the client's
 * request); rejects with the engine's message when it cannot answer (asked again next time). */
export function loadNames(send) {
  if (!namesPromise) {
    namesPromise = Promise.resolve(send("game-info", { game: "mata-ases" })).then((reply) => {
      if (!reply || reply.error) throw new Error(reply ? reply.error : "sin respuesta");
      learnNames(reply);
      return names;
    });
    namesPromise.catch(() => { namesPromise = null; });
  }
  return namesPromise;
}

/** The Spanish name of a modality id ("boton-ante" -> the engine's «Botón Ante»). */
export function modalityName(id) {
  const found = names.modalities.find((m) => m.id === id);
  return found ? found.name : id;
}
