// printkit's score keeper: a game at the table, kept on a phone. The back end (POST /api/keeper: printkit serve, or
// printkit under Pyodide in the site's Web Worker, asked through backend.js) holds the rules: it lays each turn on
// the board the game so far (its GCG) makes, scores it by the kit's rules, and answers the game anew (the board,
// the totals, each turn's words explained, the tiles not yet seen) or refuses the turn with its reason. This page
// only shows the game, gathers a turn by taps and typing, and keeps the game (its GCG, kit, players and clocks) in
// the browser's storage, so that a reload, or a phone put away, loses nothing.
"use strict";

const KEPT = "printkit-keeper";  // localStorage: the game
Object.assign(page, { meta: null, kit: "", game: null, gcg: "", players: [], busy: false });
const turn = { row: null, col: null, across: true, groups: [] };  // the turn being entered
// capitals as the set's language writes them (a Turkish i is İ), as printkit's Python does (printkit/text/case.py)
const caps = (t) => t.toLocaleUpperCase((page.game && page.game.language) || "en");
const clocks = { on: false, used: [], running: false, since: 0, timer: null };

// -- the game kept in the browser ------------------------------------------------------------------------------

function keep() {
  settle();
  const kept = { kit: page.kit, gcg: page.gcg, players: page.players, game: page.game,
                 clocks: { on: clocks.on, used: clocks.used, running: clocks.running, since: clocks.since } };
  try { localStorage.setItem(KEPT, JSON.stringify(kept)); } catch (e) { console.warn("printkit: not kept:", e); }
}

function kept() {
  try { return JSON.parse(localStorage.getItem(KEPT) || "null"); } catch (e) { return null; }
}

// -- asking the back end ---------------------------------------------------------------------------------------

function request(gcg, t, players) {
  const body = { kit: page.kit, options: {}, yaml: null, font: null, gcg, turn: t || null };
  if (players) body.players = players;
  return api("/api/keeper", body);
}

// A turn (or none: the game as it stands) sent; the game that comes back shown and kept, or the refusal shown.
async function play(t, where) {
  if (page.busy) return false;
  page.busy = true;
  document.body.classList.add("busy");
  status(word("keeper_loading"));
  const before = page.game;
  let data;
  try {
    data = await request(page.gcg, t);
  } finally {
    page.busy = false;
    document.body.classList.remove("busy");
    document.body.dataset.answered = String(+(document.body.dataset.answered || 0) + 1);  // each answer, ok or not
  }
  if (!data.ok) {
    refuse(data.errors, where);
    return false;
  }
  settle();  // the clock of the one who played stops here
  page.gcg = data.gcg;
  page.game = data.game;
  refuse([], where);
  show();
  keep();
  const last = data.game.moves[data.game.moves.length - 1];
  status(t && last && (!before || data.game.moves.length > before.moves.length)
    ? word("keeper_scored", { player: nameOf(last.player), score: signed(last.score) }) : "");
  document.body.dataset.turns = String(data.game.moves.length);
  return true;
}

function refuse(errors, where) {
  const box = $(where || "refusal");
  const why = (errors || []).map((e) => e.text).join("; ");
  box.textContent = why ? word("keeper_refused", { why }) : "";
  box.hidden = !why;
  if (why) { status(""); box.scrollIntoView({ block: "nearest" }); }
}

function nameOf(player) {
  if (typeof player === "number") return (page.game.players[player] || {}).name || String(player + 1);
  return player;
}

// -- the board -------------------------------------------------------------------------------------------------

const COLUMNS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const squareName = (row, col) => `${COLUMNS[col]}${row + 1}`;

function makeBoard() {
  const g = page.game;
  const board = $("board");
  board.textContent = "";
  board.style.setProperty("--cols", g.cols);
  board.setAttribute("aria-label", word("keeper_board"));
  for (let r = 0; r < g.rows; r++) {
    const line = document.createElement("div");
    line.setAttribute("role", "row");
    line.className = "line";
    for (let c = 0; c < g.cols; c++) {
      const cell = document.createElement("button");
      cell.type = "button";
      cell.setAttribute("role", "gridcell");
      cell.dataset.row = r;
      cell.dataset.col = c;
      cell.dataset.square = squareName(r, c);
      cell.addEventListener("click", () => tap(r, c));
      line.append(cell);
    }
    board.append(line);
  }
  board.dataset.size = `${g.rows}x${g.cols}`;
  // the kit's own colours, where the back end gives them (style.board.colors); else the classic ones of keeper.css
  for (const [code, colour] of Object.entries(g.colors || {})) {
    if (/^[A-Za-z0-9_-]+$/.test(code) && /^#[0-9a-fA-F]{3,8}$/.test(colour)) board.style.setProperty(`--${code}`, colour);
  }
}

function drawBoard() {
  const g = page.game;
  if ($("board").dataset.size !== `${g.rows}x${g.cols}`) makeBoard();
  const pending = pendingTiles();
  const start = Array.isArray(g.start) ? g.start : [-1, -1];
  for (const cell of $("board").querySelectorAll("button")) {
    const r = +cell.dataset.row;
    const c = +cell.dataset.col;
    const face = g.board[r][c] || "";
    const premium = (g.premiums[r] || [])[c] || "";
    const ahead = pending.get(`${r},${c}`);
    cell.className = "cell";
    const code = premium.replace(/[^A-Za-z0-9_-]/g, "");  // *DW: the start square, on a DW
    if (code) cell.classList.add("p-" + code);
    if ((r === start[0] && c === start[1]) || premium.startsWith("*")) cell.classList.add("start");
    cell.dataset.face = face;
    if (face) {
      cell.classList.add("tile");
      if (face !== caps(face)) cell.classList.add("blank");
      cell.textContent = caps(face);
    } else if (ahead) {
      cell.classList.add("pending");
      if (ahead !== caps(ahead)) cell.classList.add("blank");
      cell.textContent = caps(ahead);
    } else {
      cell.textContent = code && (g.labels || {})[code] ? g.labels[code] : "";
      if (cell.textContent) cell.classList.add("label");
      const ink = (g.label_colors || {})[code];  // the printed board's label colour (white on the dark squares)
      cell.style.color = cell.textContent && /^#[0-9a-fA-F]{3,8}$/.test(ink || "") ? ink : "";
    }
    const chosen = turn.row === r && turn.col === c;
    cell.classList.toggle("chosen", chosen);
    cell.classList.toggle(turn.across ? "across" : "down", chosen);
    cell.setAttribute("aria-selected", String(chosen));
    cell.setAttribute("aria-label", `${squareName(r, c)}${face ? " " + face : ""}${code ? " " + code : ""}`);
  }
}

// A first tap chooses the word's first square; a second tap on it turns the word's way (across, down).
function tap(r, c) {
  if (turn.row === r && turn.col === c) turn.across = !turn.across;
  else { turn.row = r; turn.col = c; }
  showTurn();
  $("word").focus({ preventScroll: true });
}

// -- the turn being entered --------------------------------------------------------------------------------------

// The set's faces, longest first (a tile may be written with more than one letter: Spanish CH): from the tiles not
// yet seen and those on the board.
function faces() {
  const g = page.game;
  const all = new Set(Object.keys(g.unseen || {}).filter((f) => f !== "?").map((f) => caps(f)));
  for (const row of g.board) for (const f of row) if (f) all.add(caps(f));
  return [...all].sort((a, b) => b.length - a.length);
}

// A typed word as tiles: each the text written for it (its case kept: lower case is a blank), "." a tile already
// on the board, [..] a reading forced as printkit score reads it.
function tilesOf(text) {
  const known = faces();
  const out = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] === "[") {
      const j = text.indexOf("]", i + 1);
      if (j > i) { out.push(text.slice(i, j + 1)); i = j + 1; continue; }
    }
    const rest = caps(text.slice(i));
    const face = known.find((f) => rest.startsWith(f)) || caps(text[i]);
    out.push(text.slice(i, i + face.length));
    i += face.length;
  }
  return out;
}

const plain = (t) => t.replace(/^\[|\]$/g, "");

// The group as printkit score writes it: its first square (row first across, column first down) and its tiles,
// '.' where the board holds the letter typed already (the user types the whole word; the board gives the rest).
function groupOf(row, col, across, text) {
  const g = page.game;
  let written = "";
  tilesOf(text.replace(/\s+/g, "")).forEach((t, k) => {
    const r = across ? row : row + k;
    const c = across ? col + k : col;
    const there = r < g.rows && c < g.cols ? g.board[r][c] : "";
    if (t !== "." && there && caps(plain(t)) === caps(there)) written += ".";
    else written += t;
  });
  const at = across ? `${row + 1}${COLUMNS[col]}` : `${COLUMNS[col]}${row + 1}`;
  return { row, col, across, text, move: `${at} ${written}` };
}

// Where the word being typed (and the turn's words before it) would go: square → the letter, shown faint.
function pendingTiles() {
  const out = new Map();
  const g = page.game;
  const groups = [...turn.groups];
  const text = $("word").value.trim();
  if (turn.row !== null && text) groups.push({ row: turn.row, col: turn.col, across: turn.across, text });
  for (const gr of groups) {
    if (gr.row === null) continue;
    tilesOf(gr.text.replace(/\s+/g, "")).forEach((t, k) => {
      const r = gr.across ? gr.row : gr.row + k;
      const c = gr.across ? gr.col + k : gr.col;
      if (t !== "." && r < g.rows && c < g.cols && !g.board[r][c]) out.set(`${r},${c}`, plain(t));
    });
  }
  return out;
}

function showTurn() {
  const dir = $("direction");
  dir.textContent = `${word(turn.across ? "keeper_across" : "keeper_down")} ${turn.across ? "→" : "↓"}`;
  dir.setAttribute("aria-pressed", String(!turn.across));
  dir.dataset.way = turn.across ? "across" : "down";
  $("square").textContent = turn.row === null ? word("keeper_no_square")
    : word("keeper_square", { square: turn.across ? `${turn.row + 1}${COLUMNS[turn.col]}` : squareName(turn.row, turn.col) });
  const list = $("groups");
  list.textContent = "";
  for (const [i, gr] of turn.groups.entries()) {
    const li = document.createElement("li");
    const text = document.createElement("span");
    text.textContent = gr.move;
    const drop = document.createElement("button");
    drop.type = "button";
    drop.className = "quiet";
    drop.textContent = "×";
    drop.setAttribute("aria-label", word("keeper_remove_word", { move: gr.move }));
    drop.addEventListener("click", () => { turn.groups.splice(i, 1); showTurn(); });
    li.append(text, " ", drop);
    list.append(li);
  }
  if (page.game) drawBoard();
}

// A group typed whole, as printkit score takes it: '8H ПОЛ', 'H8 ПОЛ', the book's 'swap F5' (the blank there swapped
// back for the real tile).
const WRITTEN = /^(swap\s+[A-Za-z]\d{1,2}(\s+\S+)?|\d{1,2}[A-Za-z]\s+\S+|[A-Za-z]\d{1,2}\s+\S+)$/;

// The word typed and its square taken as one of the turn's groups; false (with the reason shown) when either lacks.
function takeGroup() {
  const text = $("word").value.trim();
  if (WRITTEN.test(text)) {  // a group written as printkit score writes it: sent as it is
    turn.groups.push({ row: null, col: null, across: true, text: "", move: text.replace(/\s+/g, " ") });
    $("word").value = "";
    refuse([]);
    showTurn();
    return true;
  }
  if (turn.row === null) { refuse([{ text: word("keeper_no_square") }]); return false; }
  if (!text) { refuse([{ text: word("keeper_no_word") }]); return false; }
  turn.groups.push(groupOf(turn.row, turn.col, turn.across, text));
  $("word").value = "";
  turn.row = turn.col = null;
  refuse([]);
  showTurn();
  return true;
}

async function submit(e) {
  e.preventDefault();
  if ($("word").value.trim() || !turn.groups.length) {
    if (!takeGroup()) return;
  }
  const move = turn.groups.map((g) => g.move).join(" + ");
  const groups = turn.groups;
  turn.groups = [];
  if (await play({ kind: "place", move })) {
    showTurn();
  } else {  // refused: the words stay, to be put right
    turn.groups = groups;
    showTurn();
  }
}

// -- the game shown ---------------------------------------------------------------------------------------------

function show() {
  const g = page.game;
  $("setup").hidden = true;
  $("game").hidden = false;
  if (g.language && g.language !== page.language) { page.language = g.language; label(); }
  document.body.dataset.over = String(!!g.over);
  showScores();
  showTurn();
  showMoves();
  showUnseen();
  showAdvice();
  showRacks();
  $("over").hidden = !g.over;
  showTarget();
  $("turn").hidden = !!g.over;
  $("other").hidden = !!g.over && !g.moves.length;
  for (const id of ["pass", "challenge", "exchange-row"]) $(id).hidden = !!g.over;  // over: only undo
  $("end").hidden = !!g.over;
  if (g.over && clocks.running) { settle(); clocks.running = false; }  // the clocks stop with the game
}

const signed = (n) => `${n > 0 ? "+" : ""}${n}`;

function clockText(ms) {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function showScores() {
  const g = page.game;
  const box = $("scores");
  box.textContent = "";
  g.players.forEach((p, i) => {
    const row = document.createElement("div");
    row.className = "player";
    row.dataset.player = i;
    if (g.next === i && !g.over) { row.classList.add("next"); row.setAttribute("aria-current", "true"); }
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = p.name;
    const total = document.createElement("span");
    total.className = "total";
    total.textContent = String(p.total);
    row.append(name, total);
    if (g.next === i && !g.over) {
      const mark = document.createElement("span");
      mark.className = "to-play";
      mark.textContent = word("keeper_to_play");
      name.append(" ", mark);
    }
    if (clocks.on) {
      const clock = document.createElement("span");
      clock.className = "clock";
      clock.dataset.clock = i;
      row.append(clock);
    }
    box.append(row);
  });
  document.body.dataset.totals = g.players.map((p) => p.total).join(",");
  tick();
}

function showMoves() {
  const g = page.game;
  const list = $("moves");
  list.textContent = "";
  if (!g.moves.length) {
    const li = document.createElement("li");
    li.className = "none";
    li.textContent = word("keeper_no_moves");
    list.append(li);
  }
  for (const m of [...g.moves].reverse()) {  // the last turn first: the one at hand
    const li = document.createElement("li");
    li.className = "move " + (m.kind || "");
    if (m.problem) li.classList.add("problem");
    const head = document.createElement("div");
    head.className = "head";
    const who = document.createElement("span");
    who.className = "who";
    who.textContent = nameOf(m.player);
    const what = document.createElement("span");
    what.className = "what";
    what.textContent = m.text;
    const score = document.createElement("span");
    score.className = "score";
    score.textContent = signed(m.score);
    const total = document.createElement("span");
    total.className = "running";
    total.textContent = word("keeper_total", { n: m.total });
    head.append(who, what, score, total);
    li.append(head);
    for (const w of m.words || []) {
      const d = document.createElement("div");
      d.className = "word";
      d.textContent = `${w.word}: ${w.explain || w.score}`;
      li.append(d);
    }
    if (m.bonus) {
      const d = document.createElement("div");
      d.className = "word";
      d.textContent = word("keeper_bonus", { n: m.bonus });
      li.append(d);
    }
    if (m.problem) {
      const d = document.createElement("div");
      d.className = "word bad";
      d.textContent = m.problem;
      li.append(d);
    }
    list.append(li);
  }
}

function showUnseen() {
  const g = page.game;
  $("unseen-title").textContent = word("keeper_unseen", { n: g.unseen_total });
  const box = $("unseen");
  box.textContent = "";
  for (const [face, n] of Object.entries(g.unseen || {})) {
    if (!n) continue;
    const s = document.createElement("span");
    s.className = "left";
    s.dataset.face = face;
    s.textContent = `${face} ${n}`;
    box.append(s);
  }
}

// The rules' target score (the book's): who reached it; when the round is over, the end's form is opened. The
// same where the rules end a game nobody goes out of (the Polish federation's passes) and the turns came to it.
function showTarget() {
  const t = page.game.target, s = page.game.stalled;
  $("target").hidden = !t && !s;
  if (s) {
    const passes = s.end_passes && s.passes >= s.end_passes * page.game.players.length;
    $("target").textContent = passes ? word("keeper_stalled_passes", { n: s.end_passes })
      : word("keeper_stalled_scoreless", { n: s.scoreless });
    $("target").dataset.roundOver = "true";
    $("end").open = true;
    return;
  }
  if (!t) return;
  const names = t.reached.map((i) => page.game.players[i].name).join(", ");
  $("target").textContent = t.round_over ? word("keeper_target_over", { n: t.score })
    : word("keeper_target", { names, n: t.score });
  $("target").dataset.roundOver = String(!!t.round_over);
  if (t.round_over) $("end").open = true;
}

// Where the word judge is installed (printkit serve with the words extra), what it says of the last play's words:
// the advice for a challenge; the reading it went by (or why not) on hover.
function showAdvice() {
  const advice = page.game.advice;
  $("advice").hidden = !advice || !advice.length;
  const list = $("advice-list");
  list.textContent = "";
  for (const a of advice || []) {
    const li = document.createElement("li");
    li.className = a.allowed ? "allowed" : "refused";
    li.dataset.word = a.word;
    li.textContent = word(a.allowed ? "keeper_allowed" : "keeper_not_allowed", { word: a.word });
    li.title = a.why;
    list.append(li);
  }
}

function showRacks() {
  const g = page.game;
  const box = $("racks");
  if (box.dataset.players === String(g.players.length)) return;
  box.textContent = "";
  g.players.forEach((p, i) => {
    const l = document.createElement("label");
    l.className = "field";
    const n = document.createElement("span");
    n.textContent = p.name;
    const input = document.createElement("input");
    input.id = `rack-${i}`;
    input.autocapitalize = "characters";
    input.spellcheck = false;
    l.append(n, input);
    box.append(l);
  });
  box.dataset.players = String(g.players.length);
}

// -- clocks: a chess clock per player; the one to play's runs ------------------------------------------------------

function settle() {  // the running clock's time so far added to its player's
  if (!clocks.running || !page.game || page.game.next === null || page.game.next === undefined) {
    clocks.since = Date.now();
    return;
  }
  const i = page.game.next;
  while (clocks.used.length < page.game.players.length) clocks.used.push(0);
  clocks.used[i] += Date.now() - clocks.since;
  clocks.since = Date.now();
}

function tick() {
  if (!page.game) return;
  const now = Date.now();
  for (const el of document.querySelectorAll("[data-clock]")) {
    const i = +el.dataset.clock;
    let ms = clocks.used[i] || 0;
    if (clocks.running && page.game.next === i && !page.game.over) ms += now - clocks.since;
    el.textContent = clockText(ms);
    el.classList.toggle("running", clocks.running && page.game.next === i);
  }
  $("clock-bar").hidden = !clocks.on || !!page.game.over;
  $("clock-go").textContent = word(clocks.running ? "keeper_clock_pause" : "keeper_clock_start");
  $("clock-go").setAttribute("aria-pressed", String(clocks.running));
}

function clockOn(on) {
  settle();
  clocks.on = on;
  if (!on) clocks.running = false;
  showScores();
  keep();
}

function clockGo() {
  settle();
  clocks.running = !clocks.running && !(page.game && page.game.over);
  tick();
  keep();
}

// -- a new game, records -----------------------------------------------------------------------------------------

function nameInput(name) {
  const li = document.createElement("li");
  const input = document.createElement("input");
  input.className = "player-name";
  input.value = name;
  input.maxLength = 40;
  const drop = document.createElement("button");
  drop.type = "button";
  drop.className = "quiet";
  drop.textContent = "×";
  drop.addEventListener("click", () => { if ($("names").children.length > 1) li.remove(); });
  const named = () => drop.setAttribute("aria-label", word("keeper_remove_player", { name: input.value }));
  input.addEventListener("input", named);
  named();
  input.setAttribute("aria-label", word("keeper_player_n", { n: $("names").children.length + 1 }));
  li.append(input, drop);
  $("names").append(li);
}

// The setup: the kit's own players as the names (play.players: the back end's new game without names gives them).
async function setup(kitName) {
  page.kit = kitName || page.kit || page.meta.default;
  $("kit").value = page.kit;
  $("setup").hidden = false;
  $("game").hidden = true;  // first: the game put aside would speak its own language again (show)
  speak(page.kit);
  $("setup-back").hidden = !page.game;
  $("names").textContent = "";
  const asked = await request("", null);
  let names = asked.ok && asked.game ? asked.game.players.map((p) => p.name) : [];
  if (!names.length) names = [1, 2].map((n) => word("keeper_player_n", { n }));
  $("names").textContent = "";
  for (const n of names) nameInput(n);
  document.body.dataset.kit = page.kit;  // the new game's set, its players' names filled in
}

// Back from a new game's setup to the game in progress, and to its set: the setup had taken the kit chosen there
// (a turn sent under it would be another set's game)
function back() {
  page.kit = page.game.kit || page.kit;
  $("kit").value = page.kit;
  $("setup").hidden = true;
  document.body.dataset.kit = page.kit;
  show();
}

async function startGame() {
  const players = [...document.querySelectorAll(".player-name")].map((i) => i.value.trim()).filter(Boolean);
  page.kit = $("kit").value;
  const data = await request("", null, players);
  if (!data.ok) { refuse(data.errors, "setup-refusal"); return; }
  page.players = players;
  page.gcg = data.gcg;
  page.game = data.game;
  clocks.used = players.map(() => 0);
  clocks.running = false;
  turn.row = turn.col = null;
  turn.groups = [];
  $("word").value = "";
  refuse([], "setup-refusal");
  refuse([]);
  show();
  keep();
  document.body.dataset.turns = "0";
}

async function importGcg(input, where) {
  const file = input.files[0];
  input.value = "";
  if (!file) return;
  const text = await file.text();
  if (!$("setup").hidden) page.kit = $("kit").value;
  const data = await request(text, null);
  if (!data.ok) { refuse(data.errors, where); return; }
  settle();
  page.gcg = data.gcg;
  page.game = data.game;
  page.players = data.game.players.map((p) => p.name);
  clocks.used = page.players.map(() => 0);
  refuse([], where);
  show();
  keep();
  document.body.dataset.turns = String(data.game.moves.length);
}

function exportGcg() {
  const blob = new Blob([page.gcg], { type: "text/plain;charset=utf-8" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = `${page.kit}.gcg`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

// -- words --------------------------------------------------------------------------------------------------------

function speak(kitName) {
  const k = (page.meta.kits || []).find((x) => x.name === kitName);
  const lang = (k && k.language) || "en";
  if (lang !== page.language) { page.language = lang; label(); }
}

function label() {
  document.documentElement.lang = page.language;
  for (const el of document.querySelectorAll("[data-word]")) el.textContent = word(el.dataset.word);
  for (const el of document.querySelectorAll("[data-label]")) el.setAttribute("aria-label", word(el.dataset.label));
  $("exchange-tiles").placeholder = word("keeper_exchange_tiles");
  document.title = `${word("keeper_title")} · printkit`;
  if (page.game && !$("game").hidden) show();
}

function status(text) {
  $("status").textContent = text;
}

// -- start --------------------------------------------------------------------------------------------------------

function wanted() {  // the kit the address names (#kit=NAME: the score sheet's QR code; or ?kit=NAME)
  const m = /(?:^|[#&])kit=([^&]+)/.exec(location.hash);
  return m ? decodeURIComponent(m[1]) : new URLSearchParams(location.search).get("kit") || "";
}

async function start() {
  page.meta = await startBackend(() => status(word("browser_loading")));
  $("to-settings").href = worker.on ? "./" : "/";
  page.words = page.meta.words;
  const kits = $("kit");
  for (const k of page.meta.kits) kits.add(new Option(`${k.title} (${k.name})`, k.name));
  kits.addEventListener("change", () => setup(kits.value));
  $("add-player").addEventListener("click", () => nameInput(word("keeper_player_n", { n: $("names").children.length + 1 })));
  $("start").addEventListener("click", startGame);
  $("setup-back").addEventListener("click", back);
  $("import-new").addEventListener("change", () => importGcg($("import-new"), "setup-refusal"));
  $("import").addEventListener("change", () => importGcg($("import"), "refusal"));
  $("export").addEventListener("click", exportGcg);
  $("new").addEventListener("click", () => { if (!page.game.moves.length || confirm(word("keeper_discard"))) setup(page.kit); });
  $("turn").addEventListener("submit", submit);
  $("word").addEventListener("input", () => drawBoard());
  $("direction").addEventListener("click", () => { turn.across = !turn.across; showTurn(); });
  $("another").addEventListener("click", () => { if (takeGroup()) $("board").scrollIntoView({ block: "nearest" }); });
  $("pass").addEventListener("click", () => play({ kind: "pass" }));
  $("challenge").addEventListener("click", () => play({ kind: "challenge" }));
  $("undo").addEventListener("click", () => play({ kind: "undo" }));
  $("exchange").addEventListener("click", async () => {
    const tiles = $("exchange-tiles").value.trim();
    if (await play({ kind: "exchange", tiles })) $("exchange-tiles").value = "";
  });
  $("end-go").addEventListener("click", () => play({ kind: "end", racks: page.game.players.map((_, i) => $(`rack-${i}`).value.trim()) }));
  $("clocks-on").addEventListener("change", () => clockOn($("clocks-on").checked));
  $("clock-go").addEventListener("click", clockGo);
  $("clock-reset").addEventListener("click", () => {
    clocks.used = page.game.players.map(() => 0);
    clocks.since = Date.now();
    tick();
    keep();
  });
  clocks.timer = setInterval(tick, 1000);

  label();
  const saved = kept();
  const asked = wanted();
  const known = (name) => page.meta.kits.some((k) => k.name === name);
  if (saved && saved.kit && known(saved.kit) && (!asked || asked === saved.kit)) {
    page.kit = saved.kit;
    kits.value = page.kit;
    page.gcg = saved.gcg || "";
    page.players = saved.players || [];
    Object.assign(clocks, saved.clocks || {});
    $("clocks-on").checked = clocks.on;
    speak(page.kit);
    if (saved.game) { page.game = saved.game; show(); }  // at once, while the back end starts
    const data = await request(page.gcg, null);
    if (data.ok) {
      page.game = data.game;
      page.gcg = data.gcg;
      show();
      keep();
    } else if (!saved.game) {
      await setup(page.kit);
      refuse(data.errors, "setup-refusal");
    } else {
      refuse(data.errors);
    }
  } else {
    label();
    await setup(known(asked) ? asked : page.meta.default);
  }
  document.body.dataset.ready = "true";
  if (page.game) document.body.dataset.turns = String(page.game.moves.length);
  status("");
  // another kit named in the address while the page is open (a QR code scanned into this tab): a new game of it,
  // once a game in progress may be put aside
  addEventListener("hashchange", () => {
    const named = wanted();
    if (!named || named === page.kit || !known(named)) return;
    if (page.game && page.game.moves.length && !confirm(word("keeper_discard"))) return;
    setup(named);
  });
}

document.addEventListener("DOMContentLoaded", start);
