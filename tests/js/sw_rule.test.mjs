// docs/sw.js's rule for saving the whole site without being asked (issue 24): only where the browser says
// the connection is not metered (Wi-Fi, Ethernet), fast, and Save-Data is off; when it tells nothing, no.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import test from "node:test";
import vm from "node:vm";

const SOURCE = readFileSync(new URL("../../docs/sw.js", import.meta.url), "utf-8");

function allows(connection) {
  const self = { registration: { scope: "http://127.0.0.1/" }, addEventListener() {}, navigator: { connection } };
  const context = vm.createContext({ self, URL, Response, Headers, console });
  vm.runInContext(SOURCE, context);
  return vm.runInContext("connectionAllows()", context);
}

test("the whole site downloads by itself only on an unmetered, fast connection without Save-Data", () => {
  assert.equal(allows({ type: "wifi", saveData: false, effectiveType: "4g" }), true);
  assert.equal(allows({ type: "ethernet", saveData: false }), true);
  const no = [
    undefined,                                              // the browser tells nothing
    {},                                                     // nor here
    { effectiveType: "4g", saveData: false },               // Chrome on a desktop: no type, so not known
    { type: "cellular", saveData: false, effectiveType: "4g" },
    { type: "wifi", saveData: true },                       // Save-Data
    { type: "wifi" },                                       // Save-Data not said
    { type: "wifi", saveData: false, effectiveType: "3g" },  // too slow for 14 MB now
    { type: "wifi", saveData: false, metered: true },
    { type: "unknown", saveData: false },
  ];
  for (const connection of no) assert.equal(allows(connection), false, JSON.stringify(connection));
});
