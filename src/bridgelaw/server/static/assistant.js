// The director's assistant: enter what happened at a physical table, get the ruling at once.
// Every action goes to /api/incidents/{id}/actions in the scenario vocabulary; the server
// rules on a board whose hands are unknown and answers with the ruling to read aloud.
// Every text comes from the message catalogs (i18n.js); the page speaks the incident's
// language, and the switch changes it.

import { t, lang, setLang, pick } from "./i18n.js";
import { claimLineControls, readClaimLine } from "./claimline.js";
import { SYMBOL, rankText, seatShort, lawLink } from "./cards.js";
import { ORDER, PATHS, QuickPath, revokePointer } from "./quick.js";

const SUITS = ["S", "H", "D", "C"];
const STRAINS = ["C", "D", "H", "S", "N"];
const RANKS = ["A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"];
const $ = (id) => document.getElementById(id);
let current = null; // {incident, state, ruling}
let seat = "N";
let level = null;
let suit = null;
let mode = "play";
let quick = null; // a frequent call's direct path being walked (quick.js)

// Plain-text cards, calls and seats in the page's language (the assistant writes text, not HTML).
const cardText = (c) => `${SYMBOL[c[0]] || c[0]}${rankText(c[1])}`;
const seatText = (s) => (s === "director" ? t("seat_director") : seatShort(s));
const strainText = (s) => (s === "N" ? t("nt") : SYMBOL[s]);
function callText(call) {
  const c = String(call);
  if (c === "P" || c === "X" || c === "XX") return t(c);
  return `${c[0]}${strainText(c.slice(1).replace("NT", "N"))}`;
}
function contractText(k) {
  if (!k) return "—";
  if (typeof k !== "object") return t(k);
  // no level: the play was entered from a later trick, the contract by its strain and declarer
  return `${k.level ?? ""}${strainText(k.strain)}${k.risk ? ` ${t(k.risk)}` : ""} ${seatShort(k.declarer)}`;
}

/** The tricks entered, each as its cards; the tricks played before the play was entered
 * (``unrecorded``, no card) said once, as not entered. */
function tricksText(tricks) {
  const skipped = tricks.filter((tr) => tr.unrecorded).length;
  const shown = tricks.filter((tr) => !tr.unrecorded)
    .map((tr) => Object.entries(tr.cards).map(([s, cd]) => `${seatShort(s)}: ${cardText(cd)}`).join(" ")).join(" | ");
  return [skipped ? t("assistant_unrecorded", { k: skipped + 1 }) : "", shown].filter(Boolean).join(" | ");
}

function relabel() {
  document.documentElement.lang = lang();
  document.querySelectorAll("[data-t]").forEach((el) => { el.textContent = t(el.dataset.t); });
  document.querySelectorAll("[data-tp]").forEach((el) => { el.placeholder = t(el.dataset.tp); });
  $("lang").textContent = t("switch_to");
  if (current) render(current);
}

// Each incident opens with its own link token, given when it is opened: this browser keeps
// the tokens of the incidents it opened (or was given as /assistant#id.token) and names
// them in every request; the list shows those incidents only.
const KEPT = "bridgelaw.incidents";
function kept() {
  try { return JSON.parse(localStorage.getItem(KEPT) || "{}"); } catch { return {}; }
}
function keep(id, token) {
  if (!id || !token) return;
  const all = kept();
  all[id] = token;
  localStorage.setItem(KEPT, JSON.stringify(all));
}
const tokenOf = (id) => kept()[id] || "";
const incidentPath = (id, what = "") => `/api/incidents/${encodeURIComponent(id)}${what}?t=${encodeURIComponent(tokenOf(id))}`;

async function api(path, body) {
  // the server words its refusals in the language asked for: the page's, not the browser's
  const headers = { "accept-language": lang() };
  let res;
  let data;
  try {
    res = await fetch(path, body === undefined ? { headers } : {
      method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(body),
    });
    data = await res.json();
  } catch {
    throw new Error(t("assistant_no_answer"));
  }
  if (!res.ok) throw new Error(data.message || data.detail || res.statusText);
  $("problem").hidden = true;
  return data;
}

// a request the server refused or never answered is said, not swallowed: the director
// presses again once he has read why
window.addEventListener("unhandledrejection", (ev) => {
  $("problem").textContent = ev.reason && ev.reason.message ? ev.reason.message : String(ev.reason);
  $("problem").hidden = false;
});

function button(label, onclick, cls) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  if (cls) b.className = cls;
  b.addEventListener("click", onclick);
  return b;
}

function buildCalls() {
  for (let n = 1; n <= 8; n++) {
    const label = n === 8 ? "8+" : String(n);
    $("levels").appendChild(button(label, () => { level = n; mark("levels", label); }, "level"));
  }
  STRAINS.forEach((s) => {
    const b = button("", () => {
      const call = level ? `${level}${s}` : null;
      level = null;
      mark("levels", null);
      if (call && !quickTake("call", call)) send({ seat, call, ...changeFlag() });
    });
    b.dataset.strain = s;
    if (s === "H" || s === "D") b.classList.add("red");
    $("strains").appendChild(b);
  });
  document.querySelectorAll("button.call").forEach((b) => b.addEventListener("click", () => {
    if (!quickTake("call", b.dataset.call)) send({ seat, call: b.dataset.call, ...changeFlag() });
  }));
}

function buildCards() {
  SUITS.forEach((s) => {
    const b = button(SYMBOL[s], () => { suit = s; mark("suits", SYMBOL[s]); });
    b.dataset.suit = s;
    if (s === "H" || s === "D") b.classList.add("red");
    $("suits").appendChild(b);
  });
  RANKS.forEach((r) => {
    const b = button(rankText(r), () => { if (suit) card(`${suit}${r}`); });
    b.dataset.rank = r;
    $("ranks").appendChild(b);
  });
  document.querySelectorAll("#modes button").forEach((b) => b.addEventListener("click", () => {
    mode = b.dataset.mode;
    document.querySelectorAll("#modes button").forEach((x) => x.classList.toggle("on", x === b));
  }));
  $("face-lead").addEventListener("click", () => {
    const fd = current && current.state.face_down_lead;
    send({ seat: fd ? fd.seat : seat, face_lead: true });
  });
}

function buildMore() {
  document.querySelectorAll("#seats button").forEach((b) => b.addEventListener("click", () => {
    setSeat(b.dataset.seat);
    quickTake("seat", b.dataset.seat);
  }));
  ORDER.map((id) => [id, PATHS[id]]).forEach(([id, path]) => {
    const b = button(t(path.label), () => { quick = new QuickPath(id); renderQuick(); });
    b.dataset.quick = id;
    b.dataset.t = path.label;
    $("quick-paths").appendChild(b);
    // the same calls on the first screen: one tap opens the incident and starts the path
    const s = button(t(path.label), async () => { quick = new QuickPath(id); await start(); });
    s.dataset.quick = id;
    s.dataset.t = path.label;
    $("start-paths").appendChild(s);
  });
  $("quick-cancel").addEventListener("click", () => { quick = null; renderQuick(); });
  $("revoke").addEventListener("click", () => {
    const declarer = current && current.state.contract && current.state.contract.declarer;
    // pointed out after the board: no trick is transferred (64B4, 64B5)
    const found = $("f-found").value;
    send({ seat: revokePointer(seat, declarer), point_out: "revoke", offender: seat, trick: Number($("f-trick").value), ...(found ? { found } : {}) });
  });
  $("claim").addEventListener("click", () => {
    const line = readClaimLine("f");
    send({ seat, claim: Number($("f-claim").value), statement: claimStatement(), ...(line ? { line } : {}) });
  });
  $("agree").addEventListener("click", () => send({ seat, claim_response: "agree" }));
  $("dispute").addEventListener("click", () => send({ seat, claim_response: "dispute" }));
  $("call-director").addEventListener("click", () => send({ seat, director: true }));
  $("undo").addEventListener("click", async () => render(await api(incidentPath(current.incident.id, "/undo"), {})));
  $("save-note").addEventListener("click", async () => render(await api(incidentPath(current.incident.id, "/note"), { note: $("note").value })));
  $("back").addEventListener("click", () => { current = null; location.hash = ""; show(false); refreshList(); });
  $("print").addEventListener("click", () => { $("box-record").open = true; window.print(); });
  $("lang").addEventListener("click", () => setLang(lang() === "ru" ? "en" : "ru"));
  $("start-btn").addEventListener("click", () => { quick = null; start(); });
  $("search").addEventListener("input", refreshList);
  $("attach").addEventListener("click", attach);
}

// -- an incident attached to a board of a club session -------------------------------------
// The sessions this browser opened as their director (session.js keeps them), or one whose
// director's link is pasted; the session's link route checks both links, keeps neither.
const SESSIONS = "bridgelaw.sessions";
function keptSessions() {
  try { return JSON.parse(localStorage.getItem(SESSIONS) || "[]"); } catch { return []; }
}

function renderSessions() {
  const sel = $("f-session");
  const was = sel.value;
  sel.replaceChildren(...keptSessions().map((x) => {
    const o = document.createElement("option");
    o.value = `${x.id}.${x.token}`;
    o.textContent = x.title || x.id;
    return o;
  }));
  if (was) sel.value = was;
}

function chosenSession() {
  const pasted = $("f-session-link").value.trim();
  if (pasted) {
    try {
      const u = new URL(pasted, location.href);
      return { id: u.searchParams.get("s") || "", token: u.searchParams.get("t") || "" };
    } catch { return null; }
  }
  const [id, token] = ($("f-session").value || "").split(".");
  return id ? { id, token } : null;
}

async function attach() {
  const inc = current.incident;
  const s = chosenSession();
  if (!s || !s.id) { $("attach-done").textContent = t("assistant_attach_no_session"); return; }
  const body = { token: s.token, table: inc.table, board: inc.board, incident: inc.id, link_token: tokenOf(inc.id) };
  if (/^\d+$/.test(inc.round || "")) body.round = Number(inc.round);
  try {
    await api(`/api/sessions/${encodeURIComponent(s.id)}/link`, body);
    $("attach-done").textContent = t("assistant_attached", { table: inc.table || "—", board: inc.board });
  } catch (e) {
    $("attach-done").textContent = e.message;
  }
}

/** Open a new incident with the first screen's table, round, board and regulation. */
async function start() {
  const data = await api("/api/incidents", {
    table: $("f-table").value, round: $("f-round").value, board: Number($("f-board").value || 1), preset: $("f-preset").value,
  });
  keep(data.incident.id, data.token);
  open(data);
}

function changeFlag() { return $("change").checked ? { change: true } : {}; }

function mark(row, label) {
  document.querySelectorAll(`#${row} button`).forEach((b) => b.classList.toggle("on", b.textContent === label));
}

function setSeat(s) {
  seat = s;
  document.querySelectorAll("#seats button").forEach((b) => b.classList.toggle("on", b.dataset.seat === s));
}

// -- the frequent calls' direct paths -------------------------------------------------------

/** Give the path being walked the seat, call or card just picked; true when it took it. */
function quickTake(kind, value) {
  if (!quick || !quick.step || quick.step[0] !== kind) return false;
  if (quick.take(kind, value)) runQuick();
  else renderQuick();
  return true;
}

async function runQuick() {
  const actions = quick.actions(current.state.dealer, current.incident.opening_lead === "face_down");
  quick = null;
  let data = current;
  for (const action of actions) {
    data = await api(incidentPath(current.incident.id, "/actions"), { action });
    if (data.refused) break;
  }
  render(data);
}

function renderQuick() {
  const fresh = current && current.incident.actions.length === 0;
  $("quick").hidden = !fresh && !quick;
  $("quick-paths").hidden = Boolean(quick);
  $("quick-step").hidden = !quick;
  $("quick-ask").textContent = quick ? t(quick.step[1]) : "";
  renderQuickKeys();
}

// The keys of a step the page has no keys of its own for: the contract by declarer and strain
// (a row a seat, one tap), a trick or a number of tricks, or one of a few answers.
function renderQuickKeys() {
  const keys = $("quick-keys");
  keys.replaceChildren();
  const kind = quick && quick.step ? quick.step[0] : null;
  keys.className = `keys${kind === "contract" ? " contract" : ""}`;
  const key = (label, value, data) => {
    const b = button(label, () => quickTake(kind, value));
    b.dataset.key = data;
    keys.appendChild(b);
    return b;
  };
  if (kind === "contract") {
    ["N", "E", "S", "W"].forEach((d) => STRAINS.forEach((s) => {
      const b = key(`${strainText(s)} ${seatShort(d)}`, [d, s], `${s}:${d}`);
      if (s === "H" || s === "D") b.classList.add("red");
    }));
  } else if (kind === "trick" || kind === "count") {
    const [low, high] = quick.range();
    for (let n = low; n <= high; n++) key(String(n), n, String(n));
  } else if (kind === "choice") {
    // an answer with a seat ("dispute:W") reads as the answer and the seat
    quick.choices().forEach((id) => {
      const [word, who] = id.split(":");
      key(who ? `${t(`quick_${word}`)}: ${seatShort(who)}` : t(`quick_${id}`), id, id);
    });
  }
}

function card(c) {
  if (quickTake("card", c)) return;
  const st = current.state;
  if (mode === "dropped" || mode === "shown") return send({ seat, expose: [c], how: mode });
  const a = { seat, play: c };
  const contract = st.contract && typeof st.contract === "object" ? st.contract : null;
  if (contract && st.phase === "play") {
    const dummy = { N: "S", S: "N", E: "W", W: "E" }[contract.declarer];
    if (seat === dummy) a.by = contract.declarer;
  }
  if (mode === "face_down") a.face_down = true;
  suit = null;
  mark("suits", null);
  return send(a);
}

async function send(action) {
  if (!current) return;
  const data = await api(incidentPath(current.incident.id, "/actions"), { action });
  $("change").checked = false;
  render(data);
}

function decide(key, value) { send({ seat: "director", decide: { [key]: value } }); }

function show(incident) {
  $("start").hidden = incident;
  $("incident").hidden = !incident;
}

function open(data) {
  location.hash = data.incident.id;
  show(true);
  current = data;
  if (data.incident.lang !== lang()) setLang(data.incident.lang); // redraws through langchange
  else render(data);
}

function infoText(st, inc) {
  const where = [inc.table ? t("assistant_at_table", { table: inc.table }) : "", inc.round ? t("assistant_at_round", { round: inc.round }) : ""];
  return [t("assistant_info", {
    board: st.board, dealer: seatShort(st.dealer), vul: t(`vulnerability_${st.vulnerable}`), edition: st.edition,
    phase: t(`phase_${st.phase}`), contract: contractText(st.contract), turn: st.turn ? seatShort(st.turn) : "—",
  }), ...where.filter(Boolean)].join(" · ");
}

function optionButtons(now, o) {
  const label = pick(o, "label") || o.id;
  if (o.param !== "suit") {
    const b = button(label, () => send({ seat: o.by === "director" ? "director" : o.by, choose: o.id }));
    b.dataset.option = o.id;
    now.appendChild(b);
    return;
  }
  (o.suits && o.suits.length ? o.suits : SUITS).forEach((s) => {
    const b = button(`${label} ${SYMBOL[s]}`, () => send({ seat: o.by, choose: o.id, suit: s }));
    b.dataset.option = `${o.id}:${s}`;
    now.appendChild(b);
  });
}

// A question's controls from the shape of its answer: a button for each choice, for each
// number of a short range, yes / no; a number field for a long range (or an optional one).
function questionControls(now, q) {
  const p = document.createElement("p");
  p.textContent = pick(q, "text");
  now.appendChild(p);
  const a = q.answer || {};
  const choice = (label, value, id) => {
    const b = button(label, () => decide(q.key, value));
    b.dataset.answer = `${q.key}:${id}`;
    now.appendChild(b);
  };
  if (a.type === "choice") {
    a.ids.forEach((id) => {
      const word = t(`answer_${q.key}_${id}`);
      choice(word === `answer_${q.key}_${id}` ? id : word, id, id);
    });
    return;
  }
  if (a.type === "int" && !a.optional && a.max - a.min <= 13) {
    for (let n = a.min; n <= a.max; n++) choice(String(n), n, n);
    return;
  }
  if (a.type === "int" || /tricks|score/.test(q.key)) {
    const inp = document.createElement("input");
    inp.type = "number"; inp.min = String(a.min ?? 0); inp.max = String(a.max ?? 13); inp.dataset.question = q.key;
    now.appendChild(inp);
    now.appendChild(button(t("assistant_ok"), () => decide(q.key, inp.value === "" ? null : Number(inp.value))));
    return;
  }
  if (a.type === "bool" || a.type === undefined) {
    choice(t("yes"), true, "yes");
    choice(t("no"), false, "no");
    return;
  }
  // calls or cards (a list, typed with spaces), a score or a text: a field and OK
  const inp = document.createElement("input");
  inp.dataset.question = q.key;
  now.appendChild(inp);
  const value = () => (a.type === "actions" || a.type === "cards" ? inp.value.trim().split(/\s+/).filter(Boolean) : inp.value.trim());
  now.appendChild(button(t("assistant_ok"), () => decide(q.key, a.optional && inp.value.trim() === "" ? null : value())));
}

function renderNow(r) {
  const now = $("now");
  now.replaceChildren();
  if (!r.now) return;
  const who = document.createElement("p");
  who.className = "who";
  now.appendChild(who);
  if (r.now.options) {
    who.textContent = t("assistant_chooses", { who: seatText(r.now.by) });
    r.now.options.forEach((o) => optionButtons(now, o));
  } else {
    who.textContent = t("assistant_asks");
    r.now.questions.forEach((q) => questionControls(now, q));
  }
}

function renderConsequences(r) {
  const cons = $("consequences");
  cons.replaceChildren();
  const item = (text) => { const li = document.createElement("li"); li.textContent = text; cons.appendChild(li); };
  r.penalty_cards.forEach((p) => item(`${seatShort(p.seat)}: ${cardText(p.card)} (${t(`pen_${p.kind}`)}, ${p.law})`));
  r.restrictions.forEach((x) => item(`${seatShort(x.seat)}: ${t(`rk_${x.kind}`)}${x.suit ? ` ${SYMBOL[x.suit]}` : ""} (${x.law})`));
}

function render(data) {
  current = data;
  const st = data.state;
  const inc = data.incident;
  const r = data.ruling;
  $("info").textContent = infoText(st, inc);
  $("aloud").textContent = (lang() === "ru" ? r.aloud.ru : r.aloud.en) || t("assistant_nothing");
  $("laws").innerHTML = r.laws.map(lawLink).join(" · ");
  renderNow(r);
  renderConsequences(r);
  const refusal = data.refused || null;
  $("refusal").hidden = !refusal;
  $("refusal").textContent = refusal ? pick(refusal, "message") : "";
  $("calls").textContent = st.calls.map((x) => `${seatShort(x.seat)}: ${callText(x.call)}${x.status === "cancelled" ? ` (${t("assistant_cancelled")})` : ""}`).join("  ");
  $("tricks").textContent = tricksText(st.tricks);
  renderRecord(data);
  renderSessions();
  renderQuick();
  $("note").value = inc.note || "";
  $("exp-json").href = incidentPath(inc.id, "/export.json");
  $("exp-pbn").href = incidentPath(inc.id, "/export.pbn");
  setSeat(st.turn || seat);
  document.body.dataset.actions = String(inc.actions.length);
}

// The record a director files: the auction and cards entered, every ruling in order, the
// result, his note (printed whole, whatever the screen shows of the latest ruling).
function renderRecord(data) {
  const st = data.state;
  const calls = st.calls.map((x) => `${seatShort(x.seat)}: ${callText(x.call)}${x.status === "cancelled" ? ` (${t("assistant_cancelled")})` : ""}`).join("  ");
  const tricks = tricksText(st.tricks);
  $("record-play").textContent = [calls, tricks].filter(Boolean).join(" — ");
  const ol = $("record");
  ol.replaceChildren();
  (data.ruling.record || []).forEach((r) => {
    const li = document.createElement("li");
    li.textContent = `${r.laws.join(" · ")} — ${lang() === "ru" ? r.ru : r.en}`;
    ol.appendChild(li);
  });
  const result = data.ruling.result;
  $("record-result").textContent = result ? (lang() === "ru" ? result.ru : result.en) : "";
  $("record-note").textContent = data.incident.note || "";
}

async function refreshList() {
  const links = Object.values(kept()).map((tok) => `&t=${encodeURIComponent(tok)}`).join("");
  const items = links ? await api(`/api/incidents?q=${encodeURIComponent($("search").value)}${links}`) : [];
  const ol = $("list");
  ol.replaceChildren();
  items.forEach((i) => {
    const li = document.createElement("li");
    const head = t("assistant_list_item", { table: i.table || "—", round: i.round || "—", board: i.board, at: i.updated_at.slice(0, 16).replace("T", " ") });
    const [ru, en] = i.summary.split("\n");
    const summary = (lang() === "ru" || en === undefined ? ru : en) || "";
    li.appendChild(button(`${head} — ${summary.slice(0, 160)}`, async () => open(await api(incidentPath(i.id)))));
    ol.appendChild(li);
  });
}

function redrawStrains() {
  document.querySelectorAll("#strains button").forEach((b) => { b.textContent = strainText(b.dataset.strain); });
}

/** The claimer's statement as the director entered it: his words; none made, when the
 *  director says so; else null, not known (an empty field is no fact about the claim: a
 *  claim without a statement is ruled otherwise, Laws 68C, 70D). */
function claimStatement() {
  const words = $("f-statement").value.trim();
  if (words) return words;
  return $("f-no-statement").checked ? "" : null;
}

/** The structured statement's controls, in the page's language. */
function drawClaimLine() {
  $("f-line-box").innerHTML = claimLineControls("f");
}
document.addEventListener("langchange", () => { redrawStrains(); relabel(); drawClaimLine(); });
drawClaimLine();
buildCalls();
buildCards();
buildMore();
redrawStrains();
relabel();
setSeat("N");
const [id, given] = location.hash.slice(1).split(".");
keep(id, given);
if (id) api(incidentPath(id)).then(open).catch(() => refreshList());
else refreshList();

// the controls work from now on: until then (the texts still loading) the styles take no
// tap, which would have done nothing
document.documentElement.dataset.ready = "true";
