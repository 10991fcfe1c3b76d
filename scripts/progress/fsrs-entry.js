// «Mi progreso»'s scheduler: ts-fsrs (FSRS-6, default weights), bundled by esbuild into
// assets/progress/fsrs.js at build time (site_hooks/progress.py). Only «Mi progreso» imports it.
export { fsrs, createEmptyCard, generatorParameters, Rating } from "ts-fsrs";
