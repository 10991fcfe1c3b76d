// Reads a share link's hand off the page's main thread (link.js's decodeHistory starts it): the address's
// part is parsed, decoded and inflated here, bounded by the engine's limit, and only the text (or why
// there is none) goes back.
import { readHistory } from "./link.js";

self.onmessage = async ({ data }) => {
  let result;
  try {
    result = await readHistory(data.linked, data.limit);
  } catch {
    result = { problem: "bad" };
  }
  self.postMessage({ id: data.id, result });
};
