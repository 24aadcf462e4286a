// printkit serve: the page's few lines of script. The server does everything else (the kit, its
// checks, the pictures, the builds); this sends the page's state and shows what comes back.
"use strict";

const $ = (id) => document.getElementById(id);
const page = { meta: null, words: {}, language: "ru", seq: 0, shown: 0, timer: null, kitName: "", job: null,
               failing: 0, token: "" };
const state = { kit: "", options: {}, yaml: null, font: null };
const wordOf = (key) => key.split(".").pop();  // physical.tile_mm -> tile_mm, the key of its label

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

async function api(path, body, method) {
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

// -- the controls, made from the option declarations the server sends -----------------------------------

// A choice's label in the page's language (none → «нет»); a profile or a stock by what it is
// (the server's labels, by language); other names (papers) as they are.
function choiceLabel(choice, key) {
  const c = key && (page.meta.controls.find((x) => x.key === key) || {});
  const own = c && c.labels && c.labels[choice];
  if (own) return own[page.language] || own.en || choice;
  const k = "choice_" + choice;
  return (page.words.en || {})[k] ? word(k) : choice;
}

function makeControls() {
  const form = $("controls");
  for (const c of page.meta.controls) {
    const label = document.createElement("label");
    label.dataset.key = c.key;
    const caption = document.createElement("span");
    caption.dataset.word = c.word || wordOf(c.key);
    caption.className = "caption";
    label.append(caption);
    let input;
    if (["paper", "choice", "machine", "font", "cutter", "stock", "printer"].includes(c.kind)) {
      input = document.createElement("select");
      for (const choice of c.choices) {
        const o = new Option(choiceLabel(choice, c.key), choice);
        o.dataset.choice = choice;
        o.dataset.control = c.key;
        input.add(o);
      }
      input.addEventListener("change", () => changed(c.key, input.value, 0));
    } else {
      input = document.createElement("input");
      if (c.kind === "mm") {
        input.type = "number";
        input.step = "0.1";
        input.inputMode = "decimal";
        if (c.lo !== null) input.min = c.lo;
        if (c.hi !== null) input.max = c.hi;
      } else {
        input.type = "text";
        if (c.kind === "size") input.placeholder = "600x400";
        if (c.kind === "spares") input.setAttribute("list", "spares-list");
      }
      input.addEventListener("input", () => changed(c.key, input.value, 200));
    }
    input.name = c.key;
    input.id = "control-" + c.key.replace(/\./g, "-");
    input.dataset.help = c.help;  // a word of the table: said in the page's language by label()
    label.append(input);
    const msg = document.createElement("span");
    msg.className = "msg";
    msg.id = "msg-" + c.key.replace(/\./g, "-");
    msg.hidden = true;
    label.append(msg);
    form.append(label);
    if (c.kind === "font") {  // the browser's own file button speaks the browser's language: this one the kit's
      const upload = document.createElement("label");
      upload.className = "wide file";
      const text = document.createElement("span");
      text.dataset.word = "font_upload";
      const file = document.createElement("input");
      file.type = "file";
      file.id = "font-file";
      file.accept = ".ttf,font/ttf";
      file.className = "offscreen";
      const pick = document.createElement("span");
      pick.className = "pick";
      pick.setAttribute("aria-hidden", "true");
      const button = document.createElement("span");
      button.className = "choose";
      button.dataset.word = "font_choose";
      const chosen = document.createElement("span");
      chosen.id = "font-chosen";
      chosen.dataset.word = "font_none";
      pick.append(button, chosen);
      file.addEventListener("change", () => {
        if (file.files.length) { chosen.removeAttribute("data-word"); chosen.textContent = file.files[0].name; }
        uploadFont(file);
      });
      upload.append(text, file, pick);
      form.append(upload);
    }
  }
  const list = document.createElement("datalist");
  list.id = "spares-list";
  for (const v of ["0", "1", "2", "fill"]) {
    const o = new Option(choiceLabel(v), v);
    o.dataset.choice = v;
    list.append(o);
  }
  form.append(list);
}

function control(key) { return $("controls").querySelector(`[name="${key}"]`); }

function changed(key, value, delay) {
  state.options[key] = value;
  refresh(delay);
}

async function uploadFont(file) {
  if (!file.files.length) return;
  const form = new FormData();
  form.append("font", file.files[0]);
  status(word("updating"));
  const data = await api("/api/font", form);
  if (!data.ok) { showProblems(data.errors); status(word("problems"), true); return; }
  state.font = data.font;
  const select = control("style.tile.font");
  for (const o of [...select.options]) if (o.value === "upload") o.remove();
  const o = new Option(word("font_uploaded", { name: data.name }), "upload");
  o.dataset.upload = data.name;
  select.add(o);
  select.value = "upload";
  changed("style.tile.font", "upload", 0);
}

// The kit menu says when the kit is the editor's text rather than a shipped kit.
function ownKit(on) {
  const kits = $("kit");
  let own = kits.querySelector("option[value='']");
  if (on && !own) {
    own = new Option(word("own_yaml"), "");
    own.dataset.word = "own_yaml";
    kits.add(own, 0);
  }
  if (on) kits.value = "";
  else if (own) own.remove();
}

// -- labels in the kit's language -------------------------------------------------------------------------

function label() {
  document.documentElement.lang = page.language;
  for (const el of document.querySelectorAll("[data-word]")) el.textContent = word(el.dataset.word);
  for (const o of document.querySelectorAll("option[data-choice]")) {
    o.label = o.textContent = choiceLabel(o.dataset.choice, o.dataset.control);
  }
  for (const el of document.querySelectorAll("[data-help]")) el.title = word(el.dataset.help);
  for (const o of document.querySelectorAll("option[data-upload]")) o.textContent = word("font_uploaded", { name: o.dataset.upload });
  document.title = word("title");
  const product = $("product");
  const chosen = product.value;
  product.textContent = "";
  for (const p of page.meta.products) product.add(new Option(word("product_" + p.replace("-", "_")) + ` (${p})`, p));
  if (chosen) product.value = chosen;
  markProducts();
  markDownloads();
  if (page.job) showJob(page.job);
}

// -- the preview ------------------------------------------------------------------------------------------

function refresh(delay) {
  clearTimeout(page.timer);
  page.timer = setTimeout(update, delay || 0);
}

async function update() {
  const seq = ++page.seq;
  const sent = state.yaml;
  const merging = sent !== null && Object.keys(state.options).length > 0;
  document.body.classList.add("stale");
  status(word("updating"));
  const started = performance.now();
  const data = await api("/api/preview", state);
  if (seq !== page.seq) return;  // a later change is on its way
  document.body.classList.remove("stale");
  if (typeof data.yaml === "string") {
    if (merging && state.yaml === sent) {  // the controls' values are in the text now (if not typed over since)
      state.yaml = data.yaml;
      state.options = {};
      setText(data.yaml);
    } else if (state.yaml === null) {  // a shipped kit and the controls: the text is the server's
      setText(data.yaml);
    }
  }
  document.body.classList.toggle("failed", !data.ok);
  if (!data.ok) {
    showProblems(data.errors || []);
    notChecked(data.errors || []);
    status(word("problems"), true);
    return;
  }
  page.unavailable = data.unavailable || {};
  if (data.language !== page.language) { page.language = data.language; label(); } else markProducts();
  showProblems([], data.check);
  page.kitName = data.kit;
  for (const [key, value] of Object.entries(data.values)) {
    const el = control(key);
    if (el && el !== document.activeElement && value !== "") {
      if (el.tagName === "SELECT" && ![...el.options].some((o) => o.value === value)) el.add(new Option(value, value));
      el.value = value;
    }
  }
  $("tiles").innerHTML = data.svg.tiles;
  $("board").innerHTML = data.svg.board;
  zoom();
  figures(data.figures);
  page.shown = seq;
  document.body.dataset.shown = String(seq);
  status(`${word("updated")} · ${word("ms", { n: Math.round(performance.now() - started) })}`);
}

function figures(f) {
  const pct = (x) => (100 * x).toFixed(1).replace(/\.0$/, "") + " %";
  const rows = [
    ["fig_tiles", `${f.tiles} (${f.lettered} + ${f.blanks})`],
    ["fig_points", `${f.points}`],
    ["fig_vowels", `${pct(f.vowel_share)} (${f.vowel_tiles})`],
    ["fig_mean", f.mean_value.toFixed(2)],
    ["tile_mm", `${f.tile_mm}`],
    ["cell_mm", `${f.cell_mm}`],
    ["paper", `${f.paper}, ${word("mm", { n: `${f.paper_mm[0]} × ${f.paper_mm[1]}` })}`],
    ["fig_tile_pages", `${f.tile_pages}`],
    ["fig_spares", `${f.spares}`],
    ["fig_board_pages", `${f.board_pages}`],
  ];
  if (f.cut_m !== undefined) {
    rows.push(["fig_laser", `${f.laser_sheets}, ${word("mm", { n: f.bed })} (${f.profile})`]);
    rows.push(["fig_cut", `${word("m", { n: f.cut_m })}, ${word("about_min", { n: f.laser_min })} `
      + `(${word("kerf", { n: f.kerf_mm })})`]);
  }
  rows.push(["fig_players", `${f.players}`]);
  const body = $("figures").tBodies[0];
  body.textContent = "";
  for (const [key, value] of rows) {
    const tr = body.insertRow();
    tr.dataset.figure = key;
    tr.insertCell().textContent = word(key);
    tr.insertCell().textContent = value;
  }
}

function zoom() {
  const z = parseFloat($("zoom").value);
  $("zoom-value").textContent = `${Math.round(z * 100)} % (${word("true_size")} = 100 %)`;
  for (const svg of document.querySelectorAll(".sheet svg")) {
    const [, , w, h] = svg.getAttribute("viewBox").split(/\s+/).map(Number);
    svg.style.width = `${w * z}mm`;  // CSS millimetres: true proportions, and true size at 100 %
    svg.style.height = `${h * z}mm`;
  }
}

// -- the editor ----------------------------------------------------------------------------------------

function setText(text) {
  const area = $("yaml");
  if (area.value !== text) area.value = text;
  gutter();
}

function gutter() {
  const lines = $("yaml").value.split("\n").length;
  const bad = page.badLines || new Set();
  const warned = page.warnLines || new Set();
  const g = $("gutter");
  g.textContent = "";
  for (let i = 1; i <= lines; i++) {
    const span = document.createElement("span");
    span.textContent = String(i);
    if (bad.has(i)) span.className = "bad";
    else if (warned.has(i)) span.className = "warn";
    g.append(span, "\n");
  }
  g.scrollTop = $("yaml").scrollTop;
}

// One entry of a list: a button when it has a place to go to (its line in the text, or its control),
// so that the keyboard reaches it too.
function entry(e, badge) {
  const li = document.createElement("li");
  if (e.status) li.className = e.status;
  const target = e.line || e.control;
  const holder = target ? document.createElement("button") : document.createElement("span");
  if (target) {
    holder.type = "button";
    holder.addEventListener("click", () => goTo(e));
  }
  if (badge) {
    const b = document.createElement("span");
    b.className = "badge";
    b.textContent = badge + ":";
    holder.append(b, " ");
  }
  holder.append(document.createTextNode(e.text));
  for (const line of e.detail || []) {
    const d = document.createElement("span");
    d.className = "detail";
    d.textContent = line;
    holder.append(d);
  }
  li.append(holder);
  return li;
}

// Mistakes (nothing is built: beside the editor) and what printkit check finds (its FAILs and
// warnings, beside the preview); each at its line of the text and at its control.
function showProblems(errors, check) {
  const list = $("problems-list");
  list.textContent = "";
  for (const e of errors) list.append(entry(e));
  $("problems").hidden = errors.length === 0;
  const bad = new Set(errors.filter((e) => e.line).map((e) => e.line));
  const warned = new Set();
  if (check) {
    const found = $("check-list");
    found.textContent = "";
    for (const f of check.findings) {
      found.append(entry(f, word(f.status === "FAIL" ? "fail" : "warn")));
      if (f.line) (f.status === "FAIL" ? bad : warned).add(f.line);
    }
    $("check-passed").hidden = check.findings.length > 0;
    page.failing = check.findings.filter((f) => f.status === "FAIL").length;
    page.findings = check.findings;
    markDownloads();
  }
  page.badLines = bad;
  page.warnLines = warned;
  markControls(errors, check ? check.findings : []);  // a kit that does not load: its mistakes alone
  gutter();
}

// A kit that does not load (a field out of its limits, a mistake in the text): check has nothing to
// check, so its panel says so and lists the mistakes, never its last answer about the last good kit.
function notChecked(errors) {
  const found = $("check-list");
  found.textContent = "";
  found.append(entry({ status: "FAIL", text: word("check_not_loaded") }));
  for (const e of errors) found.append(entry({ ...e, status: "FAIL" }, word("fail")));
  $("check-passed").hidden = true;
  page.findings = [];
}

// Each control's own message: a mistake in it, or what check finds about it.
function markControls(errors, findings) {
  for (const label of $("controls").querySelectorAll("label[data-key]")) {
    label.classList.remove("bad", "warn");
    const msg = label.querySelector(".msg");
    msg.textContent = "";
    msg.hidden = true;
    const input = label.querySelector("input, select");
    input.removeAttribute("aria-invalid");
    input.removeAttribute("aria-describedby");
  }
  const shown = [...errors.map((e) => ({ ...e, status: "FAIL" })), ...findings];
  for (const e of shown) {
    if (!e.control) continue;
    const input = control(e.control);
    if (!input) continue;
    const label = input.closest("label");
    const bad = e.status === "FAIL";
    label.classList.add(bad ? "bad" : "warn");
    if (bad) label.classList.remove("warn");
    const msg = label.querySelector(".msg");
    msg.textContent = (msg.textContent ? msg.textContent + " " : "") + e.text.replace(/^kit\.yaml:\d+:\d+: /, "");
    msg.hidden = false;
    if (bad) input.setAttribute("aria-invalid", "true");
    input.setAttribute("aria-describedby", msg.id);
  }
}

// The products this install cannot build (an optional extra not installed): marked in the list, and
// each one's reason with the line that installs it below it, in the page's language.
function markProducts() {
  const why = page.unavailable || {};
  for (const o of $("product").options) {
    const p = o.value;
    o.textContent = word("product_" + p.replace("-", "_")) + ` (${p})` + (why[p] ? ` — ${word("unavailable")}` : "");
    if (why[p]) o.dataset.unavailable = "true";
    else delete o.dataset.unavailable;
  }
  const list = $("unavailable");
  list.textContent = "";
  for (const [p, text] of Object.entries(why)) {
    const li = document.createElement("li");
    li.dataset.product = p;
    li.textContent = `${word("product_" + p.replace("-", "_"))}: ${text}`;
    list.append(li);
  }
  list.hidden = list.children.length === 0;
}

function markDownloads() {
  const mark = $("download-mark");
  mark.hidden = page.failing === 0;
  mark.textContent = page.failing ? word("check_failing", { n: page.failing }) : "";
  $("downloads").classList.toggle("failing", page.failing > 0);
}

function goTo(e) {
  if (!e.line && e.control) { control(e.control).focus(); return; }
  const area = $("yaml");
  const lines = area.value.split("\n");
  const start = lines.slice(0, e.line - 1).reduce((n, l) => n + l.length + 1, 0);
  area.focus();
  area.setSelectionRange(start, start + (lines[e.line - 1] || "").length);
  area.scrollTop = Math.max(0, (e.line - 3) * 18);
}

function status(text, bad) {
  const s = $("status");
  s.textContent = text;
  s.classList.toggle("bad", !!bad);
}

// -- downloads: a build in the server's queue, its progress, cancelling it ------------------------------

function busy(on) {
  for (const id of ["get-kit", "get-product"]) $(id).disabled = on;
  $("job").hidden = !on;
}

function showJob(job) {
  const bar = $("job-progress");
  if (job.state === "queued") {
    bar.removeAttribute("value");  // indeterminate while it waits
    $("job-text").textContent = word("queued", { n: job.position || 0 });
  } else {
    bar.max = Math.max(1, job.total);
    bar.value = job.done;
    $("job-text").textContent = job.total ? word("progress", { done: job.done, total: job.total }) : word("building");
  }
}

async function download(product) {
  busy(true);
  status(word("building"));
  showJob({ state: "running", done: 0, total: 0 });
  let job = await api("/api/build", { ...state, product });
  try {
    while (job.ok && ["queued", "running"].includes(job.state)) {
      page.job = job;
      showJob(job);
      await new Promise((r) => setTimeout(r, 250));
      job = await api(`/api/job/${job.job}`);
    }
  } finally {
    page.job = null;
    busy(false);
  }
  document.body.dataset.job = job.state || "failed";
  if (!job.ok || job.state === "failed") { showProblems(job.errors || []); status(word("problems"), true); return; }
  if (job.state === "cancelled") { status(word("cancelled")); return; }
  const a = document.createElement("a");
  a.href = job.url;
  a.download = job.download;
  document.body.append(a);
  a.click();
  a.remove();
  status(word("updated"));
}

async function cancel() {
  if (page.job) await api(`/api/job/${page.job.job}/cancel`, {});
}

function downloadYaml() {
  const blob = new Blob([$("yaml").value], { type: "application/yaml" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = `${page.kitName || state.kit}.yaml`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

// -- start -----------------------------------------------------------------------------------------------

async function start() {
  page.token = document.querySelector("meta[name='printkit-token']").content;
  page.meta = await (await fetch("/api/meta")).json();
  page.words = page.meta.words;
  const kits = $("kit");
  for (const k of page.meta.kits) kits.add(new Option(`${k.title} (${k.name})`, k.name));
  kits.value = state.kit = page.meta.default;
  page.language = (page.meta.kits.find((k) => k.name === state.kit) || {}).language || "en";
  makeControls();
  label();
  kits.addEventListener("change", () => {
    if (!kits.value) return;
    if (state.yaml !== null && !confirm(word("discard"))) {  // the typed text is kept unless the user says so
      kits.value = "";
      return;
    }
    ownKit(false);
    state.kit = kits.value;
    state.options = {};
    state.yaml = null;
    refresh(0);
  });
  const area = $("yaml");
  area.addEventListener("input", () => {
    state.yaml = area.value;
    state.options = {};
    ownKit(true);
    gutter();
    refresh(300);
  });
  area.addEventListener("scroll", () => { $("gutter").scrollTop = area.scrollTop; });
  $("zoom").addEventListener("input", zoom);
  $("get-kit").addEventListener("click", () => download(null));
  $("get-product").addEventListener("click", () => download($("product").value));
  $("get-yaml").addEventListener("click", downloadYaml);
  $("job-cancel").addEventListener("click", cancel);
  refresh(0);
}

document.addEventListener("DOMContentLoaded", start);
