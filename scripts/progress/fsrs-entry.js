// «Mi progreso»'s scheduler: ts-fsrs (FSRS-6, default weights, its learning and relearning steps), bundled
// by esbuild into assets/progress/fsrs.js at build time (site_hooks/progress.py). Only the pages that draw
// the reader's schedule («Mi progreso», the home page's invitation) import it.
export { fsrs, createEmptyCard, generatorParameters, Rating, BasicLearningStepsStrategy } from "ts-fsrs";
