// printkit serve: the page's few lines of script. The server does everything else (the kit, its
// checks, the pictures, the builds); this sends the page's state and shows what comes back.
// One page, two back ends (printkit serve on this computer, or the library itself under Pyodide in a Web Worker):
// backend.js, loaded before this, asks whichever it is.
"use strict";

const state = { kit: "", options: {}, yaml: null, font: null };
Object.assign(page, { meta: null, seq: 0, shown: 0, timer: null, kitName: "", job: null, failing: 0 });
const wordOf = (key) => key.split(".").pop();  // physical.tile_mm -> tile_mm, the key of its label

// $, word(), api(), the worker and the early words: backend.js, shared with the score keeper (keeper.js).

// Stopping a build in the browser: the worker is ended (a build cannot be interrupted inside it) and started anew,
// given again the font the page uploaded to the old one.
function restartWorker() {
  worker.thread.terminate();
  for (const done of worker.waiting.values()) done({ status: 200, text: JSON.stringify({ ok: true, state: "cancelled" }) });
  worker.waiting.clear();
  startWorker();
  if (state.font && worker.font) {
    const kept = worker.font;
    worker.ready = worker.ready.then(async (why) => {
      if (why) return why;
      const again = JSON.parse((await ask("POST", "/api/font", { name: kept.name, bytes: kept.bytes.slice() })).text);
      if (again.ok) state.font = again.font;
      return "";
    });
  }
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
    if (["paper", "choice", "machine", "material", "font", "cutter", "stock", "printer"].includes(c.kind)) {
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
  status(word(worker.on && document.body.dataset.backend !== "ready" ? "browser_loading" : "updating"));
  const started = performance.now();
  if (view.product) askView();  // the product shown besides, laid out alone and at the same time
  const ahead = worker.on && document.body.dataset.backend !== "ready" ? answeredAhead(state) : null;
  const data = ahead || await api("/api/preview", state);
  if (seq !== page.seq) return;  // a later change is on its way
  document.body.classList.remove("stale");
  $("left").inert = false;  // the fields hold the kit's values now
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
  if (data.language !== page.language) {
    page.language = data.language;
    label();
    if (view.data && !$("view").classList.contains("loading")) showView(view.data);  // its words too
  } else markProducts();
  showProblems([], data.check);
  page.kitName = data.kit;
  for (const [key, value] of Object.entries(data.values)) {
    const el = control(key);
    if (el && el !== document.activeElement && value !== "") {
      if (el.tagName === "SELECT" && ![...el.options].some((o) => o.value === value)) el.add(new Option(value, value));
      el.value = value;
    }
  }
  $("tiles").innerHTML = page.tilesSvg = data.svg.tiles;
  $("board").innerHTML = data.svg.board;
  zoom();
  figures(data.figures);
  page.shown = seq;
  document.body.dataset.shown = String(seq);
  document.body.dataset.shownAt = Math.round(performance.now());  // ms after the page was asked for
  if (document.activeElement && document.activeElement.closest("#controls")) offerDock();
  if (ahead) {  // the kit is shown; printkit is still loading: say so until it has
    status(word("browser_loading"));
    worker.ready.then(() => { if (page.shown === seq) status(word("updated")); });
    return;
  }
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
  const value = $("zoom-value");  // what 100 % is: said beside it, but on a phone in its tooltip (one line)
  value.textContent = `${Math.round(z * 100)} %`;
  const truth = document.createElement("span");
  truth.className = "true-size";
  truth.textContent = ` (${word("true_size")} = 100 %)`;
  value.append(truth);
  value.title = `${word("true_size")} = 100 %`;
  for (const svg of document.querySelectorAll(".sheet svg")) {
    const [, , w, h] = svg.getAttribute("viewBox").split(/\s+/).map(Number);
    svg.style.width = `${w * z}mm`;  // CSS millimetres: true proportions, and true size at 100 %
    svg.style.height = `${h * z}mm`;
  }
  for (const img of document.querySelectorAll(".sheet img[data-w]")) {  // a 3D plate: its size in mm
    img.style.width = `${Number(img.dataset.w) * z}mm`;
    img.style.height = `${Number(img.dataset.h) * z}mm`;
  }
}

// -- the preview of each product: a tab a product, one page of one of its files ---------------------------

const view = { product: "", file: 0, page: 0, part: null, seq: 0, data: null };
const productWord = (p) => word("product_" + p.replace("-", "_"));

function makeTabs() {
  const tabs = $("view-tabs");
  for (const p of ["", ...page.meta.products]) {
    const b = document.createElement("button");
    b.type = "button";
    b.setAttribute("role", "tab");
    b.id = `tab-${p || "overview"}`;
    b.dataset.product = p;
    b.setAttribute("aria-controls", p ? "view" : "pictures");
    b.addEventListener("click", () => showProduct(p));
    tabs.append(b);
  }
  tabs.addEventListener("keydown", (e) => {  // the arrow keys go along the tabs, as in any tab list
    const all = [...tabs.children];
    const i = all.indexOf(document.activeElement);
    const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: all.length - 1 }[e.key];
    if (i < 0 || to === undefined) return;
    e.preventDefault();
    const next = all[(to + all.length) % all.length];
    next.focus();
    next.click();
  });
}

// The tabs' names in the page's language; the one shown selected; a product this install cannot make marked.
function markTabs() {
  const why = page.unavailable || {};
  for (const b of $("view-tabs").children) {
    const p = b.dataset.product;
    const short = `tab_${p.replace("-", "_")}`;  // a short name; a product without one by its full name
    b.textContent = !p ? word("view_overview") : (page.words.en || {})[short] ? word(short) : productWord(p);
    const on = p === view.product;
    b.setAttribute("aria-selected", String(on));
    b.tabIndex = on ? 0 : -1;
    b.classList.toggle("unavailable", !!why[p]);
    b.title = !p ? "" : why[p] ? `${productWord(p)} — ${word("unavailable")}: ${why[p]}` : productWord(p);
  }
  for (const b of document.querySelectorAll("[data-label]")) b.setAttribute("aria-label", word(b.dataset.label));
}

// Show product p (its first file's first page), or "" the tiles and the board as every change draws them.
function showProduct(p) {
  if (p === view.product) return;
  view.product = p;
  view.file = 0;
  view.page = 0;
  view.part = null;
  view.data = null;
  if (p) $("product").value = p;  // the product shown is the one the download button gets
  $("pictures").hidden = !!p;
  $("view").hidden = !p;
  $("view").setAttribute("aria-labelledby", `tab-${p || "overview"}`);
  markTabs();
  const tab = $(`tab-${p || "overview"}`);
  const tabs = $("view-tabs");  // scrolled along to the tab (a phone's row of tabs), the page not moved
  if (tab.offsetLeft < tabs.scrollLeft || tab.offsetLeft + tab.offsetWidth > tabs.scrollLeft + tabs.clientWidth) {
    tabs.scrollLeft = tab.offsetLeft - 16;
  }
  if (!p) return;
  $("view-picture").textContent = "";
  $("view-caption").textContent = "";
  $("view-file").textContent = "";
  $("view-why").hidden = true;
  askView();
}

async function askView() {
  const seq = ++view.seq;
  const product = view.product;
  $("view").classList.add("loading");
  if (!view.data) $("view-caption").textContent = word("view_laying_out", { product: productWord(product) });
  const data = await api("/api/view", { ...state, product, file: view.file, page: view.page, part: view.part });
  if (seq !== view.seq || product !== view.product) return;  // a later change, or another product, is on its way
  $("view").classList.remove("loading");
  showView(data);
}

function showView(data) {
  const why = $("view-why");
  const picture = $("view-picture");
  $("view").classList.toggle("failed", !data.ok);
  if (!data.ok) {  // the kit does not load: its mistakes are at their fields; the last picture stays, faded
    const errors = data.errors || [];
    why.textContent = errors.some((e) => e.line || e.control) || !errors.length ? word("view_not_loaded")
      : errors.map((e) => e.text).join("\n");  // the server is busy, say
    why.hidden = false;
    if (!view.data) $("view-caption").textContent = "";
    document.body.dataset.view = "not-loaded";
    return;
  }
  view.data = data;
  const part = $("view-part");
  $("view-part-box").hidden = !data.parts;
  part.textContent = "";
  for (const p of data.parts || []) part.add(new Option(word(`view_part_${p}`), p));
  if (data.part) part.value = view.part = data.part;
  const files = $("view-file");
  files.textContent = "";
  for (const f of data.files || []) {
    files.add(new Option(f.pages ? `${f.path} · ${word("view_pages", { n: f.pages })}` : f.path));
  }
  files.disabled = !data.files || data.files.length < 2;
  files.closest("label").hidden = !data.files;
  if (data.files) files.selectedIndex = view.file = data.file;
  view.page = data.page || 0;
  const stepper = data.pages > 1;
  $("view-stepper").hidden = !stepper;
  if (stepper) {
    $("view-page").textContent = word("view_page", { n: data.page + 1, of: data.pages });
    $("view-prev").disabled = data.page === 0;
    $("view-next").disabled = data.page >= data.pages - 1;
  }
  const reason = data.unavailable || (data.failed && data.failed.map((t) => t.replace(/^kit\.yaml:\d+:\d+: /, "")).join("\n"));
  why.textContent = "";
  why.hidden = !data.unavailable && !data.failed;
  if (!why.hidden) {
    const head = document.createElement("strong");
    head.textContent = word(data.unavailable ? "view_unavailable" : "view_failed");
    const text = document.createElement("span");
    text.textContent = reason || "";
    why.append(head, " ", text);
  }
  picture.textContent = "";
  $("view-figure").hidden = !data.svg && !data.png;
  if (data.svg) {
    picture.innerHTML = data.svg;
    $("view-caption").textContent = data.title || "";
  } else if (data.png) {
    const img = document.createElement("img");
    img.src = data.png;
    img.dataset.w = data.size_mm[0];
    img.dataset.h = data.size_mm[1];
    const f = data.figures || {};
    img.alt = `${productWord(data.product)}: ${word("view_solid")}`;
    picture.append(img);
    const which = f.tiles !== undefined ? word("view_plate", { n: f.plate, of: f.plates, tiles: f.tiles })
      : f.racks !== undefined ? word("view_rack_plate", { n: f.plate, of: f.plates, racks: f.racks })
        : f.piece !== undefined ? word("view_piece", { n: f.piece, of: f.pieces }) : "";
    // seen from the side the faces read from (racks have none: seen from above)
    $("view-caption").textContent = f.racks !== undefined ? which : which ? `${which}, ${word("view_solid")}`
      : word("view_solid");
  }
  zoom();
  document.body.dataset.view = `${data.product}:${data.file || 0}:${data.page || 0}`;
  if (!$("dock").hidden || (document.activeElement && document.activeElement.closest("#left"))) offerDock();
}

function stepView(file, pageNo) {
  view.file = file;
  view.page = pageNo;
  askView();
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
    page.notLoaded = false;
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
  page.failing = 0;  // nothing was checked: the last good kit's count is not this kit's
  page.notLoaded = true;
  markDownloads();
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
    msg.textContent = (msg.textContent ? msg.textContent + " " : "") + e.text.replace(/^[^\s:]+\.ya?ml:\d+:\d+: /, "");
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
  markTabs();
}

// The mark by the download buttons: the kit does not load (nothing to build yet), or check's FAILs in it.
function markDownloads() {
  const mark = $("download-mark");
  const text = page.notLoaded ? word("downloads_not_loaded")
    : page.failing ? word("check_failing", { n: page.failing }) : "";
  mark.hidden = !text;
  mark.textContent = text;
  mark.dataset.state = page.notLoaded ? "not-loaded" : page.failing ? "failing" : "";
  $("downloads").classList.toggle("failing", !!text);
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
  worker.progress = (done, total) => showJob({ state: "running", done, total });
  let job = await api("/api/build", { ...state, product });
  worker.progress = null;
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
  a.download = job.download;
  if (worker.on) {  // the build's bytes, from the worker's memory
    const got = await ask("GET", job.url);
    if (!got.bytes) { showProblems(JSON.parse(got.text).errors || []); status(word("problems"), true); return; }
    a.href = URL.createObjectURL(new Blob([got.bytes], { type: got.type }));
    setTimeout(() => URL.revokeObjectURL(a.href), 60000);
  } else {
    a.href = job.url;
  }
  document.body.append(a);
  a.click();
  a.remove();
  status(word("updated"));
}

async function cancel() {
  if (worker.on) { restartWorker(); return; }
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

// On a narrow screen (one column) the preview comes right under the settings, within a screen of the field
// being changed; on a wide one it is the right column's, beside them.
function place() {
  const narrow = matchMedia("(max-width: 900px)").matches;
  const preview = $("preview");
  if (narrow && preview.previousElementSibling !== $("controls")) $("controls").after(preview);
  else if (!narrow && preview.parentElement !== $("right")) $("right").append(preview);
  document.body.classList.toggle("narrow", narrow);
  if (!narrow) $("dock").hidden = true;
}

// A narrow screen, after a change: while the picture is out of sight (the field's messages can push it a screen
// away), a strip at the screen's foot shows it, small, with a button to the preview; at its head when the field
// being changed is in the screen's lower half. It goes when the preview comes in sight, or when closed.
const dock = { source: null, url: "", closed: false };

function offerDock() {
  const strip = $("dock");
  const onView = !$("view").hidden;
  const shown = onView ? $("view-picture").querySelector("svg, img") : $("tiles").querySelector("svg");
  const source = onView ? view.data && (view.data.svg || view.data.png) : page.tilesSvg;
  if (!document.body.classList.contains("narrow") || dock.closed || !shown || !source) { strip.hidden = true; return; }
  const r = shown.getBoundingClientRect();
  if (r.top < innerHeight - 120 && r.bottom > 120) { strip.hidden = true; return; }  // in sight: no strip
  if (dock.source !== source) {  // the server's own SVG text as an image (the page's copy shares its ids)
    if (dock.url) URL.revokeObjectURL(dock.url);
    dock.url = source.startsWith("data:") ? "" : URL.createObjectURL(new Blob([source], { type: "image/svg+xml" }));
    $("dock-picture").src = dock.url || source;
    dock.source = source;
  }
  const title = onView ? `${productWord(view.product)}${view.data.pages > 1
    ? ", " + word("view_page", { n: view.data.page + 1, of: view.data.pages }) : ""}` : word("preview_tiles");
  $("dock-title").textContent = title;
  $("dock-picture").alt = title;
  const field = document.activeElement && document.activeElement.closest("#left") ? document.activeElement : null;
  strip.classList.toggle("top", !!field && field.getBoundingClientRect().top > innerHeight / 2);
  strip.hidden = false;
}

function goToPreview() {
  $("dock").hidden = true;
  $("preview").scrollIntoView({ behavior: "smooth", block: "start" });
}

// -- start -----------------------------------------------------------------------------------------------

async function start() {
  page.meta = await startBackend(() => {  // the site: its early words, before printkit is loaded
    status(word("browser_loading"));
    $("left").inert = true;  // until printkit has loaded and filled the fields with the kit's values
  });
  $("to-keeper").href = worker.on ? "keeper.html" : "/keeper";  // the score keeper: the site's file, or the server's
  page.words = page.meta.words;
  const kits = $("kit");
  for (const k of page.meta.kits) kits.add(new Option(`${k.title} (${k.name})`, k.name));
  kits.value = state.kit = page.meta.default;
  page.language = (page.meta.kits.find((k) => k.name === state.kit) || {}).language || "en";
  makeControls();
  $("controls").addEventListener("submit", (e) => e.preventDefault());  // Enter in a field sends nothing
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
  makeTabs();
  markTabs();
  $("product").addEventListener("change", () => showProduct($("product").value));
  $("view-part").addEventListener("change", () => { view.part = $("view-part").value; stepView(0, 0); });
  $("view-file").addEventListener("change", () => stepView($("view-file").selectedIndex, 0));
  $("view-prev").addEventListener("click", () => stepView(view.file, view.page - 1));
  $("view-next").addEventListener("click", () => stepView(view.file, view.page + 1));
  const narrow = matchMedia("(max-width: 900px)");
  narrow.addEventListener("change", place);
  place();
  $("to-preview").addEventListener("click", goToPreview);
  $("dock-go").addEventListener("click", goToPreview);
  $("dock-close").addEventListener("click", () => { dock.closed = true; $("dock").hidden = true; });
  addEventListener("scroll", () => { if (!$("dock").hidden) offerDock(); }, { passive: true });
  $("get-kit").addEventListener("click", () => download(null));
  $("get-product").addEventListener("click", () => download($("product").value));
  $("get-yaml").addEventListener("click", downloadYaml);
  $("job-cancel").addEventListener("click", cancel);
  refresh(0);
}

document.addEventListener("DOMContentLoaded", start);
