// printkit site, at the maker's machine (Node.js): the site's Python compiled once by Pyodide itself, so that
// each browser need not compile it on every first visit (about 1.5 s of the page's start).
// node compile.mjs PYODIDE_DIR WHEELS_DIR OUT_DIR: each wheel unpacked into WHEELS_DIR/<wheel>.d, the page's own
// work run (printkit.site.compiled.exercise), then the bytecode of every module it imported written, unchecked
// (valid whatever the files' dates), into OUT_DIR/<wheel>/<path>/__pycache__/.
import { loadPyodide } from "PYODIDE_MJS";
import fs from "fs";
import path from "path";

const [pyodideDir, wheelsDir, outDir] = process.argv.slice(2);
const py = await loadPyodide({ indexURL: pyodideDir + "/", env: { PYTHONHASHSEED: "0", HOME: "/home/pyodide" },
                               stdout: () => {}, stderr: (line) => console.error(line) });
py.FS.mkdirTree("/wheels");
const wheels = fs.readdirSync(wheelsDir).filter((n) => n.endsWith(".whl")).sort();
for (const name of wheels) {
  py.FS.mkdirTree(`/wheels/${name}.d`);
  py.unpackArchive(new Uint8Array(fs.readFileSync(path.join(wheelsDir, name))).buffer, "zip",
                   { extractDir: `/wheels/${name}.d` });
}
py.globals.set("roots", py.toPy(wheels.map((n) => `/wheels/${n}.d`)));
const written = py.runPython(`
import sys
sys.path[:0] = roots
from printkit.site import compiled
compiled.exercise()
compiled.bytecode(roots)
`).toJs();
for (const [file, data] of written) {
  const rel = file.slice("/wheels/".length);
  const wheel = rel.slice(0, rel.indexOf(".d/"));
  const inside = rel.slice(wheel.length + 3);
  const target = path.join(outDir, wheel, inside);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, data);
}
