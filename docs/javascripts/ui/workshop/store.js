// The workshop's work kept in this browser only (localStorage; never sent anywhere), and the name of the
// downloaded file. Pure (the storage is passed in): unit-tested under Node (tests/js/workshop_store.test.mjs).

export const STORAGE_KEY = "taller-autores";

/** The text and file name kept by an earlier visit, or null (nothing kept, or unreadable). */
export function loadWork(storage) {
  try {
    const work = JSON.parse(storage.getItem(STORAGE_KEY));
    if (work && typeof work.text === "string" && typeof work.path === "string") return work;
  } catch (error) {
    // storage unavailable (private mode) or not ours: start afresh
  }
  return null;
}

/** Keep the text and file name; false when the browser refuses (storage full or disabled). */
export function saveWork(storage, { text, path }) {
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify({ text, path }));
    return true;
  } catch (error) {
    return false;
  }
}

/** The downloaded file's name: the last part of the file name the author gave, ending in .md. */
export function downloadName(path) {
  const last = String(path || "").trim().split("/").pop().replace(/[^\p{L}\p{N}._-]+/gu, "-");
  const base = last.replace(/\.md$/i, "").replace(/^[.-]+/, "");
  return `${base || "mano-nueva"}.md`;
}
