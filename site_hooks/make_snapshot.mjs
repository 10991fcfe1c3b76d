// Build-time Pyodide memory snapshot (used by site_hooks/engine_bundle.py): Python started, the engine
// wheel installed and EVERY engine module imported, then the interpreter's memory written to a file.
// The worker restores it on return visits (when the service worker has it cached) instead of starting
// Python from scratch. Experimental Pyodide API (_makeSnapshot / makeMemorySnapshot): the version is
// pinned in package-lock.json; any failure here only leaves the plain start.
// Usage: node site_hooks/make_snapshot.mjs <engine wheel> <output file>
import { loadPyodide } from "pyodide";
import fs from "node:fs";

const [wheel, out] = process.argv.slice(2);
const pyodide = await loadPyodide({ _makeSnapshot: true, stdout: () => {}, stderr: (t) => console.error(t) });
const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
pyodide.unpackArchive(new Uint8Array(fs.readFileSync(wheel)), "wheel", { extractDir: sitePackages });
pyodide.runPython(`
import importlib, pkgutil, engine
for info in pkgutil.walk_packages(engine.__path__, "engine."):
    if not info.name.endswith("__main__"):
        importlib.import_module(info.name)
`);
fs.writeFileSync(out, pyodide.makeMemorySnapshot());
