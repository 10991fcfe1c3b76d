// Runs a batch of protocol requests through the engine inside Pyodide, under Node, in ONE process.
// Usage: node tests/pyodide/run_batch.mjs <engine wheel>  < requests.jsonl
// Each input line is {"command": name, "request": {...}}; each output line is the engine's JSON reply
// (exactly what the browser worker would post back), in order. A final line {"done": true, "ms": {...}}
// carries timings.
import { loadPyodide } from "pyodide";
import fs from "node:fs";
import readline from "node:readline";

const wheel = process.argv[2];
if (!wheel) {
  console.error("Uso: node run_batch.mjs <rueda del motor .whl> < peticiones.jsonl");
  process.exit(2);
}
const t0 = performance.now();
const pyodide = await loadPyodide({ stdout: () => {}, stderr: (t) => console.error(t) });
const tBoot = performance.now();
const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
pyodide.unpackArchive(new Uint8Array(fs.readFileSync(wheel)), "wheel", { extractDir: sitePackages });
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
out.push(JSON.stringify({ done: true, ms: { boot: tBoot - t0, engine: tReady - tBoot, requests: tDone - tReady } }));
process.stdout.write(out.join("\n") + "\n");
