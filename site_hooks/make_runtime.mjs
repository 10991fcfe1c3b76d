// Build-time work inside Pyodide under Node (used by site_hooks/engine_bundle.py, cached by engine hash).
// One Pyodide start:
// 1. install the engine the way the browser's first visit does (the wheel as it is on sys.path:
//    docs/javascripts/engine/runtime.js), import every engine module and every module the engine's
//    sources name, and note which stdlib modules Python has imported: the trimmed stdlib keeps exactly
//    those (not what unpacking a wheel imports);
// 2. run site_hooks/lean_runtime.py: the trimmed stdlib and the engine wheel as Python 3.14 bytecode,
//    compiled by Pyodide's own Python (right magic number).
// The trimmed stdlib (most of this script's time) is kept in <stdlib cache> under a hash of what it holds,
// the script that compiles it and Pyodide's version: a new engine that imports the same modules reuses it.
// (Return visits restore a memory snapshot each reader's browser makes itself: docs/javascripts/engine/
// snapshot.js. None is made here, so none is downloaded.)
// Usage: node site_hooks/make_runtime.mjs <engine wheel> <out dir> <JSON list of module names> <stdlib cache>
// Writes <out dir>/python_stdlib.zip, <out dir>/<wheel name>; prints a JSON summary.
import { loadPyodide } from "pyodide";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const [wheel, outDir, names, stdlibCache] = process.argv.slice(2);

const print = console.log;
console.log = () => {};  // loadPackage reports on stdout: this script prints only its summary
const pyodide = await loadPyodide({ stdout: () => {}, stderr: (t) => console.error(t) });
const onPath = `/lib/${path.basename(wheel)}`;
pyodide.FS.writeFile(onPath, fs.readFileSync(wheel));
pyodide.runPython(`import sys; sys.path.append(${JSON.stringify(onPath)})`);
const state = pyodide.toPy({ names: JSON.parse(names) });
pyodide.runPython(`
import importlib
for name in names:
    try:
        importlib.import_module(name)
    except ImportError:
        pass  # a module of another platform (the engine guards such imports)
del name, names, importlib
`, { globals: state });
state.destroy();
// Read before lean_runtime.py runs (it imports what compiling needs, which the browser never does).
const used = pyodide.runPython(`
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
print(JSON.stringify(summary));
