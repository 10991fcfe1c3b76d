// «Mi progreso»'s storage: the few idb-keyval functions docs/javascripts/progress/log.js uses, bundled by
// esbuild into assets/progress/store.js at build time (site_hooks/progress.py), like the workshop's
// editor. Pinned in package.json / package-lock.json; nothing is fetched from another host.
export { createStore, get, set, setMany, update, values, entries, delMany, clear } from "idb-keyval";
