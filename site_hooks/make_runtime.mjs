// Build-time work inside Pyodide under Node (used by site_hooks/engine_bundle.py, cached by engine hash).
// Two Pyodide starts in one Node process:
// 1. install the engine wheel, import every engine module and every module the engine's sources name,
//    and write the memory snapshot without its long runs of zeros (return visits; experimental Pyodide
//    API `_makeSnapshot` / `makeMemorySnapshot`, pinned in package-lock.json: a failure here only
//    leaves it out);
// 2. in a second, fresh Pyodide, install the engine the way the browser's first visit does (the wheel as it
//    is on sys.path: docs/javascripts/engine/worker.js), import the same modules and note which stdlib
//    modules Python has imported: the trimmed stdlib keeps exactly those (not what unpacking a wheel
//    imports; in the first Pyodide the trace would also grow the snapshot's memory);
// 3. run site_hooks/lean_runtime.py: the trimmed stdlib and the engine wheel as Python 3.14 bytecode,
//    compiled by Pyodide's own Python (right magic number).
// The trimmed stdlib (most of this script's time) is kept in <stdlib cache> under a hash of what it holds,
// the script that compiles it and Pyodide's version: a new engine that imports the same modules reuses it.
// Usage: node site_hooks/make_runtime.mjs <engine wheel> <out dir> <JSON list of module names> <stdlib cache>
// Writes <out dir>/engine.snap, <out dir>/python_stdlib.zip, <out dir>/<wheel name>; prints a JSON summary.
import { loadPyodide } from "pyodide";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const [wheel, outDir, names, stdlibCache] = process.argv.slice(2);

// The snapshot is Python's whole memory, 31 MB of which 13.6 MB are long runs of zero bytes. It is
// written without them: "SPRS", its size, how many pieces, each piece's [offset, length], then the
// pieces' bytes (little-endian 32-bit numbers). A return visit reads the other 17.8 MB from the cache,
// and docs/javascripts/engine/worker.js (snapshotBytes) lays them out again in zeroed memory.
const SPARSE_MAGIC = 0x53525053;  // "SPRS" read as a little-endian number
const ZERO_RUN = 4096;  // shorter runs of zeros stay in their piece
function sparse(bytes) {
  const pieces = [];
  let start = 0;
  let i = 0;
  while (i < bytes.length) {
    if (bytes[i] !== 0) { i++; continue; }
    let end = i;
    while (end < bytes.length && bytes[end] === 0) end++;
    if (end - i >= ZERO_RUN) {
      if (i > start) pieces.push([start, i - start]);
      start = end;
    }
    i = end;
  }
  if (bytes.length > start) pieces.push([start, bytes.length - start]);
  const header = 12 + 8 * pieces.length;
  const out = Buffer.alloc(header + pieces.reduce((sum, [, length]) => sum + length, 0));
  out.writeUInt32LE(SPARSE_MAGIC, 0);
  out.writeUInt32LE(bytes.length, 4);
  out.writeUInt32LE(pieces.length, 8);
  let at = header;
  pieces.forEach(([offset, length], k) => {
    out.writeUInt32LE(offset, 12 + 8 * k);
    out.writeUInt32LE(length, 16 + 8 * k);
    out.set(bytes.subarray(offset, offset + length), at);
    at += length;
  });
  return out;
}
const print = console.log;
console.log = () => {};  // loadPackage reports on stdout: this script prints only its summary
const pyodide = await loadPyodide({ _makeSnapshot: true, stdout: () => {}, stderr: (t) => console.error(t) });
const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
pyodide.unpackArchive(new Uint8Array(fs.readFileSync(wheel)), "wheel", { extractDir: sitePackages });
const IMPORT_ALL = `
import importlib
for name in names:
    try:
        importlib.import_module(name)
    except ImportError:
        pass  # a module of another platform (the engine guards such imports)
del name, names, importlib
`;
function importAll(python) {
  const state = python.toPy({ names: JSON.parse(names) });
  python.runPython(IMPORT_ALL, { globals: state });
  state.destroy();  // a snapshot may hold no reference from JavaScript into Python
}
importAll(pyodide);
let snapshot = false;
try {
  fs.writeFileSync(path.join(outDir, "engine.snap"), sparse(pyodide.makeMemorySnapshot()));
  snapshot = true;
} catch (error) {
  console.error(`sin instantánea de memoria: ${error.message}`);
}
const tracer = await loadPyodide({ stdout: () => {}, stderr: (t) => console.error(t) });
const onPath = `/lib/${path.basename(wheel)}`;
tracer.FS.writeFile(onPath, fs.readFileSync(wheel));
tracer.runPython(`import sys; sys.path.append(${JSON.stringify(onPath)})`);
importAll(tracer);
// Nothing imported here beyond what is already loaded.
const used = tracer.runPython(`
import sys
[spec.origin for spec in (getattr(m, "__spec__", None) for m in list(sys.modules.values()))
 if spec is not None and (spec.origin or "").startswith("/lib/python314.zip/")]
`).toJs();
pyodide.FS.writeFile("/tmp/engine.whl", fs.readFileSync(wheel));
const source = fs.readFileSync(new URL("lean_runtime.py", import.meta.url), "utf8");
const lean = pyodide.toPy({ __name__: "lean_runtime" });
pyodide.runPython(source, { globals: lean });
const summary = JSON.parse(lean.get("write_wheel")("/tmp/engine.whl", "/tmp/engine-out.whl"));
fs.writeFileSync(path.join(outDir, path.basename(wheel)), pyodide.FS.readFile("/tmp/engine-out.whl"));
const key = crypto.createHash("sha256").update(JSON.stringify([...used].sort())).update(source)
  .update(pyodide.version).digest("hex").slice(0, 16);
const cached = path.join(stdlibCache, `${key}.zip`);
if (fs.existsSync(cached)) {
  summary.stdlib = "reused";
} else {
  Object.assign(summary, JSON.parse(lean.get("write_stdlib")("/tmp/stdlib.zip", used)));
  fs.mkdirSync(stdlibCache, { recursive: true });
  fs.writeFileSync(`${cached}.${process.pid}`, pyodide.FS.readFile("/tmp/stdlib.zip"));
  fs.renameSync(`${cached}.${process.pid}`, cached);
}
fs.copyFileSync(cached, path.join(outDir, "python_stdlib.zip"));
print(JSON.stringify({ ...summary, snapshot }));
