// Runs a batch of protocol requests through the engine inside Pyodide, under Node, in ONE process.
// Usage: node tests/pyodide/run_batch.mjs <engine wheel> [<trimmed python_stdlib.zip>]  < requests.jsonl
// Each input line is {"command": name, "request": {...}}; each output line is the engine's JSON reply
// (exactly what the browser worker would post back), in order. A final line {"done": true, "ms": {...},
// ...} carries timings and, with a trimmed stdlib (the first-visit route of the site), the stdlib modules
// its safety net had to fetch from the full zip ("misses", while answering), the engine's origin, and
// whether a module left out ("probe") still imports through the safety net.
import { loadPyodide } from "pyodide";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { createRequire } from "node:module";

const [wheel, stdlib] = process.argv.slice(2);
if (!wheel) {
  console.error("Uso: node run_batch.mjs <rueda del motor .whl> [python_stdlib.zip recortado] < peticiones.jsonl");
  process.exit(2);
}
const FULL = "/tmp/python_stdlib_full.zip";
const lean = stdlib ? { stdLibURL: path.resolve(stdlib), env: { ENGINE_FULL_STDLIB: FULL } } : {};
const t0 = performance.now();
const log = console.log;
console.log = () => {};  // loadPackage reports on stdout, which carries the replies
const pyodide = await loadPyodide({ ...lean, stdout: () => {}, stderr: (t) => console.error(t) });
const tBoot = performance.now();
if (stdlib) {
  const full = path.join(path.dirname(createRequire(import.meta.url).resolve("pyodide")), "python_stdlib.zip");
  pyodide.FS.writeFile(FULL, fs.readFileSync(full));
}
// The engine installed as the site's worker installs it (docs/javascripts/engine/worker.js): the
// wheel as it is on sys.path, read by zipimport.
const installed = `/lib/${path.basename(wheel)}`;
pyodide.FS.writeFile(installed, fs.readFileSync(wheel));
pyodide.runPython(`import sys; sys.path.append(${JSON.stringify(installed)})`);
const protocol = pyodide.pyimport("engine.protocol");
const tReady = performance.now();

const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
const out = [];
for await (const line of lines) {
  if (!line.trim()) continue;
  const { command, request } = JSON.parse(line);
  out.push(protocol.answer_json(command, JSON.stringify(request)));
}
const tDone = performance.now();
const done = { done: true, ms: { boot: tBoot - t0, engine: tReady - tBoot, requests: tDone - tReady } };
done.origin = pyodide.runPython("import engine.protocol; engine.protocol.__spec__.origin");
if (stdlib) {
  done.misses = pyodide.runPython("import json, sitecustomize; json.dumps(sitecustomize.MISSES)");
  done.probe = pyodide.runPython(`
import sitecustomize
probe = "colorsys"
assert probe in sitecustomize.MISSING, probe
import colorsys
f"{probe} {colorsys.rgb_to_hsv(1.0, 0.0, 0.0)} {colorsys.__spec__.origin}"
`);
}
log(out.join("\n") + "\n" + JSON.stringify(done));
