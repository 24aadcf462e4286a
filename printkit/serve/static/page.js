// printkit serve: the page's few lines of script. The server does everything else (the kit, its
// checks, the pictures); this sends the page's state and shows what comes back.
"use strict";

const $ = (id) => document.getElementById(id);
const page = { meta: null, words: {}, language: "en", seq: 0, shown: 0, timer: null, kitName: "" };
const state = { kit: "", options: {}, yaml: null, font: null };
const wordOf = (key) => key.split(".").pop();  // physical.tile_mm -> tile_mm, the key of its label

function word(key, fill) {
  let text = (page.words[page.language] || {})[key] || (page.words.en || {})[key] || key;
  for (const [k, v] of Object.entries(fill || {})) text = text.replace(`{${k}}`, v);
  return text;
}

async function api(path, body) {
  let response;
  try {
    response = await fetch(path, body instanceof FormData ? { method: "POST", body }
      : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  } catch (e) {  // the server was stopped, or the connection dropped
    return { ok: false, errors: [{ text: word("no_server") }] };
  }
  let data;
  try { data = await response.json(); } catch (e) { data = { ok: false, errors: [{ text: `${response.status}` }] }; }
  return data;
}

// -- the controls, made from the option declarations the server sends -----------------------------------

function makeControls() {
  const form = $("controls");
  for (const c of page.meta.controls) {
    const label = document.createElement("label");
    label.dataset.key = c.key;
    const caption = document.createElement("span");
    caption.dataset.word = wordOf(c.key);
    label.append(caption);
    let input;
    if (["paper", "choice", "machine", "font"].includes(c.kind)) {
      input = document.createElement("select");
      for (const choice of c.choices) input.add(new Option(choice, choice));
      input.addEventListener("change", () => changed(c.key, input.value, 0));
    } else {
      input = document.createElement("input");
      if (c.kind === "mm") {
        input.type = "number";
        input.step = "0.1";
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
    input.title = c.help;
    label.append(input);
    form.append(label);
    if (c.kind === "font") {
      const upload = document.createElement("label");
      upload.className = "wide";
      const text = document.createElement("span");
      text.dataset.word = "font_upload";
      const file = document.createElement("input");
      file.type = "file";
      file.id = "font-file";
      file.accept = ".ttf,font/ttf";
      file.addEventListener("change", () => uploadFont(file));
      upload.append(text, file);
      form.append(upload);
    }
  }
  const list = document.createElement("datalist");
  list.id = "spares-list";
  for (const v of ["0", "1", "2", "fill"]) list.append(new Option(v, v));
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
  select.add(new Option(word("font_uploaded", { name: data.name }), "upload"));
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
  document.title = word("title");
  const product = $("product");
  const chosen = product.value;
  product.textContent = "";
  for (const p of page.meta.products) product.add(new Option(word("product_" + p.replace("-", "_")) + ` (${p})`, p));
  if (chosen) product.value = chosen;
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
    status(word("problems"), true);
    return;
  }
  showProblems([], data.warnings || []);
  if (data.language !== page.language) { page.language = data.language; label(); }
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

function listed(id, entries) {
  const list = $(id + "-list");
  list.textContent = "";
  for (const e of entries) {
    const li = document.createElement("li");
    li.textContent = e.text;
    if (e.line) li.addEventListener("click", () => goTo(e.line));
    list.append(li);
  }
  $(id).hidden = entries.length === 0;
  return new Set(entries.filter((e) => e.line).map((e) => e.line));
}

// Mistakes (nothing is built) and warnings (it builds, but look), each at its line of the text.
function showProblems(errors, warnings) {
  page.badLines = listed("problems", errors);
  page.warnLines = listed("warnings", warnings || []);
  gutter();
}

function goTo(line) {
  const area = $("yaml");
  const lines = area.value.split("\n");
  const start = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0);
  area.focus();
  area.setSelectionRange(start, start + (lines[line - 1] || "").length);
  area.scrollTop = Math.max(0, (line - 3) * 18);
}

function status(text, bad) {
  const s = $("status");
  s.textContent = text;
  s.classList.toggle("bad", !!bad);
}

// -- downloads ---------------------------------------------------------------------------------------------

async function download(product, button) {
  button.disabled = true;
  status(word("building"));
  try {
    const data = await api("/api/build", { ...state, product });
    if (!data.ok) { showProblems(data.errors || []); status(word("problems"), true); return; }
    const a = document.createElement("a");
    a.href = data.url;
    a.download = data.download;
    document.body.append(a);
    a.click();
    a.remove();
    status(word("updated"));
  } finally {
    button.disabled = false;
  }
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
  $("get-kit").addEventListener("click", (e) => download(null, e.target));
  $("get-product").addEventListener("click", (e) => download($("product").value, e.target));
  $("get-yaml").addEventListener("click", downloadYaml);
  refresh(0);
}

document.addEventListener("DOMContentLoaded", start);
