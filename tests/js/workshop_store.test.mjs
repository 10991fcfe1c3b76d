// docs/javascripts/ui/workshop/store.js: the workshop's work kept in the browser's storage only, read back
// safely, and the downloaded file's name.
import assert from "node:assert/strict";
import test from "node:test";

import { STORAGE_KEY, downloadName, loadWork, saveWork } from "../../docs/javascripts/ui/workshop/store.js";

function memory() {
  const items = new Map();
  return { getItem: (k) => (items.has(k) ? items.get(k) : null), setItem: (k, v) => items.set(k, String(v)), items };
}

test("the work saved is the work read back, under one key", () => {
  const storage = memory();
  assert.equal(loadWork(storage), null);
  assert.equal(saveWork(storage, { text: "---\ntítulo: x\n---", path: "scenarios/x.md" }), true);
  assert.deepEqual(loadWork(storage), { text: "---\ntítulo: x\n---", path: "scenarios/x.md" });
  assert.deepEqual([...storage.items.keys()], [STORAGE_KEY]);
});

test("unreadable or refused storage starts afresh instead of failing", () => {
  const storage = memory();
  storage.setItem(STORAGE_KEY, "{no es json");
  assert.equal(loadWork(storage), null);
  storage.setItem(STORAGE_KEY, JSON.stringify({ text: 3 }));
  assert.equal(loadWork(storage), null);
  const full = { getItem: () => { throw new Error("SecurityError"); }, setItem: () => { throw new Error("QuotaExceeded"); } };
  assert.equal(loadWork(full), null);
  assert.equal(saveWork(full, { text: "x", path: "x.md" }), false);
});

test("the download is named after the file's last part, ending in .md", () => {
  assert.equal(downloadName("scenarios/06-all-in.md"), "06-all-in.md");
  assert.equal(downloadName("pregunta"), "pregunta.md");
  assert.equal(downloadName("  ../../etc/mano ñ.MD "), "mano-ñ.md");
  assert.equal(downloadName(""), "mano-nueva.md");
});
