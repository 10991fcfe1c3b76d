// The pages the reader has visited, as engine/client.js notes them (localStorage, this device only):
// the path from zero ticks its «read» and «table» steps with them.
const VISITS_KEY = "progreso-visitas";

/** {sitePath: first visit in ms}. */
export function readVisits() {
  try {
    const visits = JSON.parse(localStorage.getItem(VISITS_KEY) || "{}");
    return visits && typeof visits === "object" && !Array.isArray(visits) ? visits : {};
  } catch (error) {
    return {};
  }
}

/** Add visits (an import): the earliest time of each page wins. */
export function addVisits(more) {
  const visits = readVisits();
  for (const [path, time] of Object.entries(more || {})) {
    if (typeof path !== "string" || !path.startsWith("/") || path.length > 200 || !Number.isFinite(time)) continue;
    visits[path] = Math.min(visits[path] || Infinity, time);
  }
  try { localStorage.setItem(VISITS_KEY, JSON.stringify(visits)); } catch (error) { /* blocked */ }
}

export function clearVisits() {
  try { localStorage.removeItem(VISITS_KEY); } catch (error) { /* blocked */ }
}
