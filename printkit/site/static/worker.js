// printkit in the browser: the library under Pyodide in a Web Worker, answering the page's requests as
// printkit serve answers them (printkit/site/backend.py). Made by printkit site; nothing here reaches
// beyond the site's own folder.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const here = new URL("./", self.location.href);

async function start() {
  const began = performance.now();
  const site = await (await fetch(new URL("site.json", here))).json();
  // the wheels come while Pyodide starts
  const wheels = site.wheels.map((w) => fetch(new URL(`wheels/${w.file}`, here)).then((r) => {
    if (!r.ok) throw new Error(`wheels/${w.file}: ${r.status}`);
    return r.arrayBuffer();
  }));
  const py = await loadPyodide({ indexURL: new URL("pyodide/", here).href, packages: [],
                                 stdout: () => {}, stderr: (line) => console.warn(line) });
  const steps = { pyodide: performance.now() - began };
  const purelib = py.runPython("import sysconfig; sysconfig.get_path('purelib')");
  for (const [i, w] of site.wheels.entries()) py.unpackArchive(await wheels[i], "zip", { extractDir: purelib });
  py.runPython("import importlib; importlib.invalidate_caches()");
  steps.wheels = performance.now() - began;
  const browser = py.pyimport("printkit.site.browser");
  browser.start();
  steps.imported = performance.now() - began;
  return { py, handle: browser.handle, ms: Math.round(performance.now() - began), steps };
}

const ready = start();
ready.then((r) => postMessage({ ready: true, ms: r.ms, steps: r.steps }),
           (e) => postMessage({ ready: false, error: String(e && e.message || e) }));

function plain(answer) {
  // a Python dict of str, int and bytes, as the page reads it; the bytes of a download handed over, not copied
  const out = answer.toJs({ dict_converter: Object.fromEntries });
  answer.destroy();
  if (out.bytes) out.bytes = new Uint8Array(out.bytes);
  return out;
}

self.onmessage = async (event) => {
  const { id, method, path, language, body } = event.data;
  let answer;
  try {
    const { handle } = await ready;
    const progress = (done, total) => postMessage({ id, progress: [done, total] });
    answer = plain(handle(method, path, language, body, progress));
  } catch (e) {
    answer = { status: 500, type: "application/json",
               text: JSON.stringify({ ok: false, errors: [{ text: String(e && e.message || e) }] }) };
  }
  postMessage({ id, answer }, answer.bytes ? [answer.bytes.buffer] : []);
};
