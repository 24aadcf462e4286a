// printkit's pages (the settings page, the score keeper): their back end, shared. One page, two back ends:
// printkit serve on this computer, or (printkit site: a meta printkit-backend of "browser") the library itself
// under Pyodide in a Web Worker, which answers the same requests the same way. Loaded before the page's own
// script; `page` holds what every page has (its words, its language, the run's token), and each page adds its own.
"use strict";

const $ = (id) => document.getElementById(id);
const page = { words: {}, language: "ru", token: "" };

function word(key, fill) {
  let text = (page.words[page.language] || {})[key] || (page.words.en || {})[key] || key;
  for (const [k, v] of Object.entries(fill || {})) {
    // {n} or a count with its noun's forms, {n:фишка|фишки|фишек}
    text = text.replace(new RegExp(`\\{${k}(?::([^}]*))?\\}`, "g"), (_, forms) => forms ? counted(v, forms) : v);
  }
  return text;
}

// A number and the form of its noun, by the CLDR rules of the page's language (printkit/text/plural.py).
function counted(n, forms) {
  const f = forms.split("|");
  let i;
  if (page.language === "ru" || page.language === "uk") {
    i = n % 10 === 1 && n % 100 !== 11 ? 0 : (n % 10 >= 2 && n % 10 <= 4 && !(n % 100 >= 12 && n % 100 <= 14)) ? 1 : 2;
  } else {
    i = n === 1 ? 0 : 1;
  }
  return `${n} ${f[Math.min(i, f.length - 1)]}`;
}

function headers(json) {
  const h = { "X-Printkit-Token": page.token, "X-Printkit-Language": page.language };
  if (json) h["Content-Type"] = "application/json";
  return h;
}

// -- the back end in the browser (printkit site): a Web Worker running printkit, asked by message ----------

const worker = { on: false, thread: null, seq: 0, waiting: new Map(), ready: null, progress: null, began: 0,
                 font: null, first: null };

function startWorker() {
  worker.began = performance.now();
  document.body.dataset.backendBegan = Math.round(worker.began);  // ms after the page was asked for
  delete document.body.dataset.backend;
  worker.thread = new Worker("worker.js", { type: "module" });
  worker.ready = new Promise((resolve) => {
    worker.thread.onmessage = (event) => {
      const m = event.data;
      if ("ready" in m) {
        document.body.dataset.backend = m.ready ? "ready" : "failed";
        if (m.ready) keepOffline();
        document.body.dataset.backendMs = Math.round(performance.now() - worker.began);
        document.body.dataset.backendSteps = JSON.stringify(m.steps || {});
        resolve(m.ready ? "" : m.error);
        return;
      }
      if (m.progress) { if (worker.progress) worker.progress(...m.progress); return; }
      const done = worker.waiting.get(m.id);
      worker.waiting.delete(m.id);
      if (done) done(m.answer);
    };
    worker.thread.onerror = (e) => { e.preventDefault(); resolve(e.message || "worker"); };
  });
}

// The service worker keeps the site for offline use. The Web Worker starts once it controls the page (it takes
// over at once: nothing to download first), so that Pyodide and the wheels come through it and are kept as they
// pass; once printkit runs, the page asks it to keep the rest of the site. A browser without one, or a page not
// on https or localhost, starts at once and works online.
async function startOffline() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  try {
    await navigator.serviceWorker.register("sw.js");
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) => {
      navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true });
      setTimeout(resolve, 10000);
    });
  } catch (e) {
    console.warn("printkit: no offline copy:", e);
  }
}

function keepOffline() {
  const sw = navigator.serviceWorker && navigator.serviceWorker.controller;
  if (!sw) return;
  navigator.serviceWorker.addEventListener("message", (e) => {
    if (e.data && "kept" in e.data) document.body.dataset.offline = String(e.data.kept);
  });
  sw.postMessage("keep");
}

function ask(method, path, body) {
  const id = ++worker.seq;
  return new Promise((resolve) => {
    worker.waiting.set(id, resolve);
    worker.thread.postMessage({ id, method, path, language: page.language, body });
  });
}

async function askWorker(path, body, method) {
  const why = await worker.ready;
  if (why) return { ok: false, errors: [{ text: word("browser_failed", { why }) }] };
  if (body instanceof FormData) {
    const file = body.get("font");
    body = file ? { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) } : {};
    worker.font = body.bytes ? body : null;  // kept: a new worker has none of the old one's memory
  } else if (body !== undefined) {
    body = JSON.stringify(body);
  }
  const answer = await ask(method || (body === undefined ? "GET" : "POST"), path, body);
  try { return JSON.parse(answer.text); } catch (e) { return { ok: false, errors: [{ text: `${answer.status}` }] }; }
}

// A request to the back end, whichever it is: the answer's JSON (a failure as {ok: false, errors: [{text}]}).
async function api(path, body, method) {
  if (worker.on) return askWorker(path, body, method);
  let response;
  try {
    response = body === undefined ? await fetch(path, { method: method || "GET", headers: headers(false) })
      : await fetch(path, body instanceof FormData ? { method: "POST", headers: headers(false), body }
        : { method: "POST", headers: headers(true), body: JSON.stringify(body) });
  } catch (e) {  // the server was stopped, or the connection dropped
    return { ok: false, errors: [{ text: word("no_server") }] };
  }
  let data;
  try { data = await response.json(); } catch (e) { data = { ok: false, errors: [{ text: `${response.status}` }] }; }
  return data;
}

// The back end started, and what the page is made from (its kits, controls and words: /api/meta). In the site the
// words to say before printkit is loaded come with the page itself (its meta printkit-words): `early` is called
// with them in place, before the worker starts; the page's words and controls come from meta.json at once,
// while printkit loads into the worker.
async function startBackend(early) {
  page.token = document.querySelector("meta[name='printkit-token']").content;
  const backend = document.querySelector("meta[name='printkit-backend']");
  worker.on = !!backend && backend.content === "browser";
  if (!worker.on) return (await fetch("/api/meta")).json();
  page.words = JSON.parse(document.querySelector("meta[name='printkit-words']").content);
  if (early) early();
  await startOffline();
  startWorker();
  // the first preview, answered ahead by printkit site: shown at once, while printkit loads (page.js: update)
  const first = fetch("first.json").then((r) => (r.ok ? r.json() : null)).catch(() => null);
  const meta = await (await fetch("meta.json")).json();
  worker.first = await first;
  return meta;
}

// The first preview's answer, written ahead (first.json), if ``body`` is the request it answers (the default kit,
// unchanged, in its language), once; null otherwise: the worker answers.
function answeredAhead(body) {
  const first = worker.first;
  worker.first = null;
  if (!first || JSON.stringify(body) !== first.request || page.language !== first.language) return null;
  try { return JSON.parse(first.answer.text); } catch (e) { return null; }
}
