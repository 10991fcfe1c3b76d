// What the free table's parts share (free.js and the free-*.js modules): a button, and a sentence of the
// engine's with its {placeholders} filled.
import { el } from "../page.js";

/** A sentence of the engine's with its {placeholders} filled. */
export function fill(text, values) {
  return String(text || "").replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
}

/** A page button (Material's look; `primary`: the main one). */
export function button(className, text, primary = false) {
  const node = el("button", `md-button${primary ? " md-button--primary" : ""} ${className}`, text);
  node.type = "button";
  return node;
}
