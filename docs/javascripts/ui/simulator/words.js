// A game's setup names, from the engine ("game-info"): its modalities, each {id, name} in form order
// (none for a game without them), and the words of «Revisión de la mano» (`review`). Asked once per visit and game, before the form is shown. Pure (no DOM),
// unit-tested under Node (tests/js/). The reader's seat comes with every reply of a hand (controller.js).

export const names = { modalities: [], review: null };
const asked = new Map(); // game -> the promise of its names

/** The names of `game` (now in `names`), asked of the engine once per visit with send(type, payload) (an
 * Asker's ask or the client's request); rejects with the engine's message when it cannot answer (asked
 * again next time). */
export function loadNames(send, game) {
  if (!asked.has(game)) {
    const promise = Promise.resolve(send("game-info", { game })).then((reply) => {
      if (!reply || reply.error) throw new Error(reply ? reply.error : "sin respuesta");
      return { modalities: reply.modalities || [], review: reply.review || null };
    });
    promise.catch(() => { asked.delete(game); });
    asked.set(game, promise);
  }
  return asked.get(game).then((got) => {
    names.modalities = got.modalities;
    names.review = got.review;
    return names;
  });
}

/** The Spanish name of a modality id (the engine's name of it; the id itself when the engine sent none). */
export function modalityName(id) {
  const found = names.modalities.find((m) => m.id === id);
  return found ? found.name : id;
}
