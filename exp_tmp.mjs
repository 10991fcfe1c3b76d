import { loadPyodide } from "pyodide";
import fs from "node:fs";
const R = "/work/h-start2/.cache/engine-runtime/02a530cb02e2e078/";
const mode = process.argv[2];
const t0 = performance.now();
const log = console.log; console.log = () => {};
const py = await loadPyodide({ stdLibURL: mode === "combined" ? "/tmp/s2/combined.zip" : R + "python_stdlib.zip", stdout: () => {}, stderr: (t) => console.error(t) });
const t1 = performance.now();
if (mode === "pkg") {
  await py.loadPackage(R + "engine-0.1.0-py3-none-any.whl", { messageCallback: () => {} });
} else if (mode === "zip") {
  py.FS.writeFile("/lib/engine.zip", fs.readFileSync(R + "engine-0.1.0-py3-none-any.whl"));
  py.runPython("import sys; sys.path.insert(0, '/lib/engine.zip')");
} else if (mode === "zipend") {
  py.FS.writeFile("/lib/engine.zip", fs.readFileSync(R + "engine-0.1.0-py3-none-any.whl"));
  py.runPython("import sys; sys.path.append('/lib/engine.zip')");
}
const t2 = performance.now();
const proto = py.pyimport("engine.protocol");
const t3 = performance.now();
proto.answer_json("scenario-start", "{}");
const t4 = performance.now();
log(mode, JSON.stringify({ boot: Math.round(t1 - t0), install: Math.round(t2 - t1), protocol: Math.round(t3 - t2), first: Math.round(t4 - t3), total: Math.round(t4-t0) }));
