// The director's session page. Without a session it sets up an evening: the number of
// pairs gives the movements that fit (with who sits where), the boards (dealt by the
// server or from the club's PBN file), the scoring, the players
// typed or pasted a pair a line; "Open" creates the session and the page becomes its
// director's page (?s=session&t=director's token, kept in this browser): the table links
// as a sheet to print, every table's round and progress, the calls for the director,
// corrections and adjusted scores, the players, the close, the results (his until he
// publishes them) and the publication.

import { t, lang, setLang, translatePage } from "./i18n.js";
import { SEATS, esc, seatShort } from "./cards.js";

const params = new URLSearchParams(location.search);
let S = params.get("s") || "";
let T = params.get("t") || "";
let options = [];
let info = null;
let links = {};
let qrCodes = {}; // the tables' links as QR codes (SVG from the server, the director's link only)
let qrAsked = false;

async function loadQr() {
  qrAsked = true;
  const r = await call("GET", `/api/sessions/${S}/qr?t=${encodeURIComponent(T)}`);
  if (!r.ok) return;
  qrCodes = r.data;
  Object.entries(qrCodes).forEach(([k, svg]) => {
    const cell = document.querySelector(`#r-links td[data-qr="${k}"]`);
    if (cell) cell.innerHTML = svg; // the server's own SVG: paths only
  });
}
const $ = (id) => document.getElementById(id);
const KEPT = "bridgelaw.sessions";

function say(text, ok = false) {
  $("msg").textContent = text;
  $("msg").classList.toggle("ok", ok);
}

async function call(method, path, body) {
  const r = await fetch(`${path}${path.includes("?") ? "&" : "?"}lang=${lang()}`, body === undefined ? { method }
    : { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const data = await r.json();
  return { ok: r.ok, data };
}

const post = (what, body) => call("POST", `/api/sessions/${S}/${what}`, { token: T, ...body });

/** The movement's name in the page's language, from its spec. */
function movementName(spec, tables) {
  const parts = [t(`sd_kind_${spec.kind}`, { tables, base: spec.base })];
  if (spec.kind === "mitchell" && tables % 2 === 0) parts.push(t("sd_skip"));
  if (spec.phantom_ew || spec.phantom) parts.push(t("sd_phantom"));
  if (spec.arrow_switch) parts.push(t("sd_arrow"));
  return parts.join(", ");
}

function optionText(o) {
  return t("sd_movement_line", { name: movementName(o.movement, o.tables), tables: o.tables, rounds: o.rounds,
    per: o.boards_per_round, boards: o.boards });
}

// ------------------------------------------------------------------ setting up
async function loadOptions() {
  const pairs = Number($("s-pairs").value);
  const per = Number($("s-per").value) || 2;
  const { ok, data } = await call("GET", `/api/movements?pairs=${pairs}&boards_per_round=${per}`);
  const before = chosen();
  options = ok ? data : [];
  if (!ok) say(data.message || "");
  renderOptions(before);
}

function renderOptions(was = chosen()) {
  const same = (o) => was && JSON.stringify({ ...o.movement, tables: 0, base: 0 }) === JSON.stringify({ ...was.movement, tables: 0, base: 0 });
  const pick = Math.max(0, options.findIndex(same));
  $("s-movements").innerHTML = options.map((o, i) => `<label><input type="radio" name="mv" value="${i}"${i === pick ? " checked" : ""}>
    <span>${esc(optionText(o))}</span></label>`).join("");
  renderPreview();
}

function chosen() {
  const el = document.querySelector('input[name="mv"]:checked');
  return el ? options[Number(el.value)] : null;
}

function renderPreview() {
  const o = chosen();
  if (!o) { $("s-grid").innerHTML = ""; return; }
  const rounds = Array.from({ length: o.rounds }, (_, i) => i + 1);
  const tables = [...new Set(o.seatings.map((s) => s.table))].sort((a, b) => a - b);
  const set = (s) => s.board_set;
  const cell = (tb, r) => {
    const s = o.seatings.find((x) => x.table === tb && x.round === r);
    if (!s) return "";
    if (s.ns === "phantom" || s.ew === "phantom") return esc(t("sd_sits_out", { pair: s.ns === "phantom" ? s.ew : s.ns }));
    return `${esc(s.ns)}–${esc(s.ew)} · ${esc(t("sd_set", { set: set(s) }))}`;
  };
  $("s-grid").innerHTML = `<table><tr><th>${esc(t("sd_table"))}</th>${rounds.map((r) => `<th>${esc(t("sd_round_n", { round: r }))}</th>`).join("")}</tr>
    ${tables.map((tb) => `<tr><th>${tb}</th>${rounds.map((r) => `<td>${cell(tb, r)}</td>`).join("")}</tr>`).join("")}</table>`;
}

function rosterCount() {
  const lines = $("s-roster").value.split("\n").filter((l) => /^\s*\d+/.test(l));
  $("s-roster-count").textContent = lines.length ? t("sd_roster_count", { pairs: lines.length }) : "";
}

async function create() {
  const o = chosen();
  if (!o) { say(t("sd_need_movement")); return; }
  const body = { title: $("s-title").value, club: $("s-club").value, date: $("s-date").value, movement: o.movement,
    scoring: $("s-scoring").value, roster: $("s-roster").value };
  const file = $("s-pbn").files?.[0];
  if (file) body.pbn = await file.text(); // the club's boards; else the server deals them
  const { ok, data } = await call("POST", "/api/sessions", body);
  if (!ok) { say(data.message || ""); return; }
  S = data.id;
  T = data.tokens.director;
  links = data.links;
  keep({ id: S, token: T, title: body.title, links });
  history.replaceState(null, "", `/session/director?s=${encodeURIComponent(S)}&t=${encodeURIComponent(T)}`);
  say(t("sd_created"), true);
  await loadRun();
  poll();
}

function poll() {
  setInterval(() => { if (!document.hidden) loadRun(); }, 5000);
}

// ------------------------------------------------------------------ the evening
function kept() {
  try { return JSON.parse(localStorage.getItem(KEPT) || "[]"); } catch { return []; }
}
function keep(x) {
  localStorage.setItem(KEPT, JSON.stringify([x, ...kept().filter((y) => y.id !== x.id)].slice(0, 50)));
}

async function loadRun() {
  const r = await fetch(`/api/sessions/${S}?t=${encodeURIComponent(T)}&lang=${lang()}`);
  const data = await r.json();
  if (!r.ok) { say(data.message || ""); return; }
  info = data;
  if (!Object.keys(links || {}).length) links = kept().find((x) => x.id === S)?.links || {};
  if (!Object.keys(links).length) {  // this browser did not open the session: ask the server, with the director's link
    const l = await call("GET", `/api/sessions/${S}/links?t=${encodeURIComponent(T)}`);
    if (l.ok) links = l.data;
  }
  const q = await call("GET", `/api/sessions/${S}/calls?t=${encodeURIComponent(T)}`);
  info.calls = q.ok ? q.data : [];
  renderRun();
}

function rosterText(roster) {
  return Object.entries(roster || {}).sort((a, b) => Number(a[0]) - Number(b[0]))
    .map(([pair, players]) => `${pair} ${players.map((p) => `${p.name}${p.id ? ` ${p.id}` : ""}`).join(", ")}`).join("\n");
}

function renderRun() {
  $("setup").hidden = true;
  $("run").hidden = false;
  const mv = info.movement;
  $("r-title").textContent = info.title || t("sd_heading");
  const scoring = { MP: "sd_mp", IMP: "sd_imp", Butler: "sd_butler" }[info.scoring];
  $("r-what").textContent = t("sd_what", { tables: mv.tables, rounds: mv.rounds, scoring: scoring ? t(scoring) : info.scoring,
    state: t(info.published ? "sd_state_published" : info.closed ? "sd_state_closed" : "sd_state_open") });
  $("r-results").href = `/session/results?s=${encodeURIComponent(S)}&t=${encodeURIComponent(T)}`;
  $("r-close").disabled = info.closed;
  $("r-publish").disabled = !info.closed || info.published;
  $("r-links").innerHTML = Object.entries(links).sort((a, b) => Number(a[0].slice(5)) - Number(b[0].slice(5)))
    .map(([k, url]) => `<tr><td class="n">${esc(t("sd_table_n", { table: k.slice(5) }))}</td>
      <td><a href="${esc(new URL(url, location.href).href)}" target="_blank" data-table-link="${esc(k.slice(5))}">${esc(new URL(url, location.href).href)}</a></td>
      <td class="qr" data-qr="${esc(k)}">${qrCodes[k] || ""}</td></tr>`).join("");
  if (!qrAsked && Object.keys(links).length) loadQr();
  $("r-progress").innerHTML = `<tr><th>${esc(t("sd_table"))}</th><th>${esc(t("sd_round"))}</th><th>${esc(t("sd_done"))}</th><th>${esc(t("sd_unconfirmed"))}</th></tr>`
    + info.tables.map((p) => `<tr data-progress="${p.table}"><td>${p.table}</td><td>${p.finished ? esc(t("sd_finished")) : esc(p.round ?? "—")}</td>
      <td>${p.done} / ${p.expected}</td><td class="${p.unconfirmed.length ? "late" : ""}">${esc(p.unconfirmed.join(", "))}</td></tr>`).join("");
  $("r-calls").innerHTML = info.calls.length ? info.calls.map((c) => `<li>${esc(t("sd_call_line", { table: c.table, round: c.round ?? "—",
    board: c.board ?? "—", what: c.what }))} <button type="button" data-answer="${c.id}">${esc(t("sd_answer"))}</button></li>`).join("")
    : `<li class="muted">${esc(t("sd_no_calls"))}</li>`;
  // the assistant's incidents attached to a board: each opens in the assistant (with the
  // incident's own link, which the browser that filed it keeps)
  $("r-incidents").innerHTML = (info.incidents || []).length ? info.incidents.map((x) => `<li data-incident="${esc(x.incident)}">
    <a href="/assistant#${encodeURIComponent(x.incident)}" target="_blank">${esc(t("sd_incident_line", { table: x.table, round: x.round ?? "—", board: x.board }))}</a></li>`).join("")
    : `<li class="muted">${esc(t("sd_no_incidents"))}</li>`;
  if (document.activeElement !== $("r-roster")) $("r-roster").value = rosterText(info.roster);
}

function averages() {
  const opts = [["A+", "sd_avg_plus"], ["A=", "sd_avg"], ["A-", "sd_avg_minus"]];
  for (const id of ["a-ns", "a-ew"]) {
    const keepValue = $(id).value;
    $(id).innerHTML = opts.map(([v, k]) => `<option value="${v}">${esc(t(k))}</option>`).join("");
    if (keepValue) $(id).value = keepValue;
  }
  const d = $("c-declarer").value;
  $("c-declarer").innerHTML = `<option value=""></option>${SEATS.map((s) => `<option value="${s}">${esc(seatShort(s))}</option>`).join("")}`;
  $("c-declarer").value = d;
}

async function act(what, body, done) {
  const { ok, data } = await post(what, body);
  say(ok ? done(data) : data.message, ok);
  await loadRun();
}

function value(id) { return $(id).value.trim(); }

document.addEventListener("click", async (e) => {
  const b = e.target.closest("button");
  if (!b) return;
  if (b.id === "lang-btn") { setLang(lang() === "ru" ? "en" : "ru"); return; }
  if (b.id === "s-create") { await create(); return; }
  if (b.id === "r-print") { window.print(); return; }
  if (b.id === "r-close") { await act("close", {}, () => t("sd_closed")); return; }
  if (b.id === "r-publish") { await act("publish", {}, () => t("sd_published")); return; }
  if (b.dataset.answer) { await act("answer", { call: Number(b.dataset.answer), answer: t("sd_answered") }, () => t("sd_answered")); return; }
  if (b.id === "c-send") {
    const body = { table: Number(value("c-table")), board: Number(value("c-board")), reason: value("c-reason") };
    if (value("c-contract")) body.contract = value("c-contract");
    if (value("c-declarer")) body.declarer = value("c-declarer");
    if (value("c-result")) body.result = value("c-result");
    await act("correct", body, (d) => t("sd_corrected", { board: d.board, table: d.table, score: d.score_ns }));
    return;
  }
  if (b.id === "a-send") {
    await act("adjust", { table: Number(value("a-table")), board: Number(value("a-board")), ns_average: value("a-ns"),
      ew_average: value("a-ew"), ruling: value("a-ruling") }, (d) => t("sd_adjusted", { board: d.board, table: d.table }));
    return;
  }
  if (b.id === "r-roster-send") await act("roster", { pairs: $("r-roster").value }, () => t("sd_roster_saved"));
});
document.addEventListener("change", (e) => {
  if (["s-pairs", "s-per"].includes(e.target.id)) loadOptions();
  if (e.target.name === "mv") renderPreview();
});
document.addEventListener("input", (e) => { if (e.target.id === "s-roster") rosterCount(); });
document.addEventListener("langchange", () => {
  translatePage();
  $("lang-btn").textContent = t("switch_to");
  averages();
  if (info) renderRun(); else renderOptions();
  rosterCount();
});

translatePage();
$("lang-btn").textContent = t("switch_to");
averages();
if (S && T) {
  await loadRun();
  poll();
} else {
  $("setup").hidden = false;
  $("s-date").value = new Date().toISOString().slice(0, 10);
  await loadOptions();
}

// the controls work from now on: until then (the texts still loading) the styles take no
// tap, which would have done nothing
document.documentElement.dataset.ready = "true";
