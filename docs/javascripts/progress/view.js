// What «Mi progreso» says, computed from the catalogue (the engine's, written into the page) and the log's
// summary (./summary.js: the days' attempts, the skills' FSRS states, the open mistakes): pure (no DOM, no
// storage), unit-tested under Node (tests/js/progress_view.test.mjs). The page (ui/progress-page.js) only draws
// it. Every number follows the learner model of ./model.js and says what it counts: attempts (a first answer
// to an item on a day), right ones, skills.
import { count, formatDecimal, percent as wholePercent } from "../engine/words.js";
import * as model from "./model.js";
import * as summary from "./summary.js";

/** 0.734 → «73 %»; null → «—». */
export function percent(share) {
  return share === null ? "—" : wholePercent(share);
}

/** «2026-12-05» → «5/12». */
export function shortDay(day) {
  const [, month, date] = day.split("-");
  return `${Number(date)}/${Number(month)}`;
}

/** A time of today as the reader's clock says it: «18:40». */
export function clock(time) {
  const d = new Date(time);
  return `${String(d.getHours()).padStart(2, "0")}:${String(d.getMinutes()).padStart(2, "0")}`;
}

/** When a skill is due, in words, from now: «ahora», «hoy a las 18:40», «mañana», «en 3 días». */
export function dueText(due, now) {
  if (due <= now) return "ahora";
  const days = Math.round((new Date(model.dayOf(due)) - new Date(model.dayOf(now))) / model.DAY_MS);
  if (days <= 0) return `hoy a las ${clock(due)}`;
  if (days === 1) return "mañana";
  return `en ${formatDecimal(days, 0, 0)} días`;
}

/** The line under «Repasar ahora»: what it serves, or when the next review comes. */
export function reviewNote(due, scheduled, now) {
  if (due.length) {
    return "«Repasar ahora» te trae un ejercicio nuevo de cada destreza que toca repasar; lo que falles vuelve unos "
      + "ejercicios después.";
  }
  const later = model.nextToday(scheduled, now);
  if (later !== null) return `Ahora no te toca repasar nada: lo siguiente vuelve hoy a las ${clock(later)}.`;
  return scheduled.size ? "Hoy no te toca repasar nada: vuelve mañana." : "";
}

/** «N intentos, M bien (P %)» of a tally's row. */
export function attemptsText(row) {
  return `${count(row.attempts, "intento", "intentos")}, ${formatDecimal(row.wins, 0, 0)} bien (${percent(model.rate(row))})`;
}

/** The catalogue's indexes: skills by id, each skill's game, games by id. */
export function indexes(catalogue) {
  return { skills: new Map(catalogue.skills.map((s) => [s.id, s])),
    skillGame: new Map(catalogue.skills.map((s) => [s.id, s.game])),
    games: new Map(catalogue.games.map((g) => [g.id, g])) };
}

/** The line over everything: the attempts of the window, what an attempt is. */
export function summaryLine(tally, windowDays, anything) {
  if (!anything) {
    return "Aún no has respondido nada. Empieza por el camino de tu juego, más abajo: cada respuesta que el motor "
      + "comprueba aparecerá aquí.";
  }
  const head = `En los últimos ${formatDecimal(windowDays, 0, 0)} días: `;
  return (tally.total.attempts ? head + attemptsText(tally.total) + "." : `${head}ningún intento.`)
    + " Un intento es tu primera respuesta a cada pregunta o ejercicio en un día.";
}

/** The skills due now that «Repasar ahora» serves (every skill of the catalogue has a drill), most overdue
 * first: the button's count. */
export function dueToReview(scheduled, now, index) {
  return model.dueSkills(scheduled, now).filter((id) => index.skills.has(id) && index.skills.get(id).practice);
}

/** How a mistake is asked again: on «Mi progreso» (a drill, a trainer round) or on its page. */
export function reopen(entry, index) {
  const item = entry.item;
  const request = item.request || {};
  if (model.REPLAYED.has(item.command) && item.request) return { replay: true };
  if (request.page) {
    return { href: request.page + (request.id ? `#${request.id}` : ""), text: "Vuelve a la pregunta" };
  }
  const game = index.games.get(model.gameOf(entry, index.skillGame));
  if (item.command === "play-start" && request.scenario && game && game.practice) {
    const at = Number.isInteger(request.at) ? ` (tu decisión n.º ${request.at + 1})` : "";
    return { href: `${game.practice}?mano=${encodeURIComponent(request.scenario)}`, text: `Juega otra vez la mano${at}` };
  }
  // A decision at a free table: its spot hangs on the table's secret, so it is played again at the table.
  if (item.command === "play-review" && game && game.table) return { href: game.table, text: "Vuelve a la mesa" };
  return null;
}

/** The facts of a mistake as the page draws them (`shown`, what shows its item): cards by their code, from the
 * catalogue's card words. */
export function factsOf(shown, cards) {
  return ((shown || {}).facts || []).map((fact) => (Array.isArray(fact.cards)
    ? { label: fact.label, cards: fact.cards.map((code) => cards[code]).filter(Boolean) }
    : { label: fact.label, text: fact.text }));
}

/** «Mis errores»: the mistakes listed (summary.mistakeList()'s records: each the item's latest wrong entry and
 * what shows it), each with its title, its facts and both answers, and how to redo it. */
export function mistakeItems(records, index, cards) {
  return records.map(({ entry, skill, shown }) => {
    const named = index.skills.get(skill);
    const item = shown || {};
    return { entry, skill, title: `${named ? named.name : skill} (fallado el ${shortDay(model.dayOf(entry.time))})`,
      facts: factsOf(item, cards), given: item.given || null, expected: item.expected || null,
      reopen: reopen(entry, index) };
  });
}

/** One game's section: its line (its attempts of the window), strengths and areas, and its skills' rows. */
export function gameSection(game, catalogue, { tally, verdict, scheduled, leeches, windowDays, now }) {
  const own = tally.games.get(game.id) || { attempts: 0, wins: 0 };
  const skills = catalogue.skills.filter((s) => s.game === game.id);
  const rows = skills.map((s) => [s, tally.skills.get(s.id) || { attempts: 0, wins: 0, failures: 0 }])
    .filter(([s, r]) => r.attempts || scheduled.has(s.id))
    .map(([s, r]) => {
      const sched = scheduled.get(s.id);
      return { id: s.id, name: s.name, rule: s.rule, leech: leeches.get(s.id) || 0,
        right: r.attempts ? `${formatDecimal(r.wins, 0, 0)} de ${formatDecimal(r.attempts, 0, 0)} (${percent(model.rate(r))})` : "—",
        recall: sched ? percent(sched.tomorrow) : "—", due: sched ? dueText(sched.due, now) : "—" };
    });
  const mine = (ids) => ids.filter((id) => skills.some((s) => s.id === id))
    .map((id) => skills.find((s) => s.id === id));
  return { id: game.id, name: game.name,
    line: own.attempts ? `En los últimos ${formatDecimal(windowDays, 0, 0)} días: ${attemptsText(own)}.`
      : `Nada en los últimos ${formatDecimal(windowDays, 0, 0)} días.`,
    strengths: mine(verdict.strengths), areas: mine(verdict.areas), rows };
}

/** Everything «Mi progreso» draws but the chart's rows, the path and the mistakes themselves (`mistakes`: how
 * many «Mis errores» lists): see each part's function. `state`: {main, days} as progress/log.js reads them,
 * and `scheduled` (summary.scheduled()). */
export function pageModel(catalogue, { main, days, scheduled }, now, windowDays) {
  const index = indexes(catalogue);
  const tally = summary.tally(days, windowDays, now, index.skillGame);
  const state = { tally, verdict: model.judge(tally), scheduled, leeches: model.leeches(scheduled), windowDays, now };
  const due = dueToReview(scheduled, now, index);
  return { summary: summaryLine(tally, windowDays, main.judged > 0), due, note: reviewNote(due, scheduled, now),
    mistakes: summary.mistakeCount(main), games: catalogue.games.map((game) => gameSection(game, catalogue, state)) };
}
