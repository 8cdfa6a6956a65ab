// A physical table's result page in a duplicate session, as a club's scoring keypad: its
// link (?s=session&t=token&n=table) shows the round, the pairs and their names and the
// round's boards; the scorer taps the board, the contract (level, strain, X/XX or passed
// out), declarer, the opening lead (suit and rank) and the result (=, +n, −n); the server
// scores it and the page shows the score to the opponents, who confirm it or call the
// director. Then the form is empty for the next board, and at the end of a round the
// page says where each pair goes. Every text from the message catalogs; the server's
// refusals come back in the page's language.

import { t, lang, setLang, translatePage } from "./i18n.js";
import { SEATS, SUITS, SYMBOL, cardText, esc, rankText, seatShort, suitHtml } from "./cards.js";

const params = new URLSearchParams(location.search);
const S = params.get("s") || "";
const T = params.get("t") || "";
const N = params.get("n") || "1";
const STRAINS = ["C", "D", "H", "S", "N"];
const RANKS = "AKQJT98765432".split("");
const $ = (id) => document.getElementById(id);

let view = null;
let sel = {};
let verifying = null; // the entered result the opponents are shown before they confirm

async function api(path, body) {
  const r = await fetch(`/api/sessions/${S}/${path}?lang=${lang()}`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token: T, ...body }),
  });
  return { ok: r.ok, data: await r.json() };
}

const strainText = (s) => (s === "N" ? esc(t("nt")) : suitHtml(s));
const riskText = (r) => (r ? esc(t(`phone_risk_${r}`)) : "");
const sideText = (side) => t(`vul_${side}`);
const minus = (n) => (n < 0 ? `−${-n}` : n === 0 ? "=" : `+${n}`);

/** "3NTX" -> {level, strain, risk}; null for a pass-out or an artificial score. */
function parseContract(c) {
  const m = /^([1-7])(NT|[CDHS])(X{0,2})$/.exec(c || "");
  return m ? { level: Number(m[1]), strain: m[2] === "NT" ? "N" : m[2], risk: m[3] } : null;
}

/** A result as the table reads it: "Сдача 5: 3БК Ю = · С–Ю 400". */
function resultText(x) {
  const c = parseContract(x.contract);
  let what;
  if (x.contract === "Pass") what = esc(t("passed_out"));
  else if (!c) what = esc(t("adjusted"));
  else what = `${c.level}${strainText(c.strain)}${riskText(c.risk)} ${esc(seatShort(x.declarer))} ${minus(x.tricks - c.level - 6)}`
    + (x.lead ? ` (${cardText(x.lead)})` : "");
  const s = x.score_ns ?? 0;
  const score = s === 0 ? "0" : `${esc(sideText(s > 0 ? "NS" : "EW"))} ${Math.abs(s)}`;
  return { what, score };
}

function key(label, attrs, on) {
  return `<button type="button" ${attrs}${on ? ' class="on"' : ""}>${label}</button>`;
}

function renderKeys() {
  const played = new Set((view?.results || []).filter((x) => x.round === view.round).map((x) => x.board));
  $("boards").innerHTML = (view?.boards || []).map((b) => key(esc(b), `data-k="board" data-v="${b}"${played.has(b) ? " disabled" : ""}`, sel.board === b)).join("");
  $("levels").innerHTML = [1, 2, 3, 4, 5, 6, 7].map((n) => key(n, `data-k="level" data-v="${n}"`, sel.level === n && !sel.pass)).join("");
  $("strains").innerHTML = STRAINS.map((s) => key(strainText(s), `data-k="strain" data-v="${s}" aria-label="${s === "N" ? esc(t("nt")) : SYMBOL[s]}"`, sel.strain === s && !sel.pass)).join("");
  $("risks").innerHTML = key(esc(t("phone_risk_X")), `data-k="risk" data-v="X"`, sel.risk === "X")
    + key(esc(t("phone_risk_XX")), `data-k="risk" data-v="XX"`, sel.risk === "XX")
    + key(esc(t("passed_out")), `data-k="pass" data-v="1"`, !!sel.pass);
  $("declarers").innerHTML = SEATS.map((s) => key(esc(seatShort(s)), `data-k="declarer" data-v="${s}"${sel.pass ? " disabled" : ""}`, sel.declarer === s)).join("");
  $("lead-suits").innerHTML = SUITS.map((s) => key(suitHtml(s), `data-k="leadSuit" data-v="${s}"${sel.pass ? " disabled" : ""}`, sel.leadSuit === s)).join("");
  $("lead-ranks").innerHTML = RANKS.map((r) => key(esc(rankText(r)), `data-k="leadRank" data-v="${r}"${sel.pass ? " disabled" : ""}`, sel.leadRank === r)).join("");
  const level = sel.level || 0;
  const deltas = level ? Array.from({ length: 14 }, (_, i) => i - (level + 6)) : [];
  $("results").innerHTML = deltas.map((d) => key(minus(d), `data-k="result" data-v="${d}"${sel.pass ? " disabled" : ""}`, sel.result === d)).join("");
  $("summary").innerHTML = summary();
}

function summary() {
  if (!sel.board) return "";
  const head = `${esc(t("board"))} ${esc(sel.board)}: `;
  if (sel.pass) return head + esc(t("passed_out"));
  const parts = [];
  if (sel.level && sel.strain) parts.push(`${sel.level}${strainText(sel.strain)}${riskText(sel.risk)}`);
  if (sel.declarer) parts.push(esc(seatShort(sel.declarer)));
  if (sel.result !== undefined) parts.push(minus(sel.result));
  if (sel.leadSuit && sel.leadRank) parts.push(`(${suitHtml(sel.leadSuit)}${esc(rankText(sel.leadRank))})`);
  return head + parts.join(" ");
}

function pairText(side, pair) {
  const names = view.names?.[pair];
  return `${esc(sideText(side))} ${esc(pair)}${names ? ` — ${esc(names)}` : ""}`;
}

function moveText(m) {
  if (m.sits_out) return t("phone_sits_out", { pair: m.pair, round: m.round });
  return t("phone_move", { pair: m.pair, round: m.round, table: m.table, side: sideText(m.direction),
    against: m.against, boards: m.boards.join(", ") });
}

function renderMoves() {
  if (!view) return "";
  const started = (view.results || []).some((x) => x.round === view.round);
  const out = [];
  if (view.round && view.moved?.length && !started) {
    out.push(`<p><strong>${esc(t("phone_round_start", { round: view.round }))}</strong></p>`, ...view.moved.map((m) => `<p>${esc(moveText(m))}</p>`));
  }
  if (view.after?.length) {
    out.push(`<p><strong>${esc(t("phone_after_round", { round: view.round }))}</strong></p>`, ...view.after.map((m) => `<p>${esc(moveText(m))}</p>`));
  }
  if (view.round === null) out.push(`<p><strong>${esc(t("phone_all_played"))}</strong></p>`);
  return out.join("");
}

function renderVerify() {
  const box = $("verify");
  box.hidden = !verifying;
  $("entry").hidden = !!verifying || !view || view.round === null;
  if (!verifying) return;
  const side = verifying.entered_by === "EW" ? "NS" : "EW";
  const { what, score } = resultText(verifying);
  box.innerHTML = `<h2>${esc(t("phone_verify", { side: sideText(side) }))}</h2>
    <p>${esc(t("board"))} ${esc(verifying.board)}: ${what}</p><p class="score">${score}</p>
    <button type="button" class="primary" data-act="confirm">${esc(t("phone_agree", { side: sideText(side) }))}</button>
    <button type="button" data-act="dispute">${esc(t("phone_dispute"))}</button>`;
}

function render() {
  translatePage();
  $("lang-btn").textContent = t("switch_to");
  if (view) {
    $("who").textContent = view.round === null ? t("phone_table", { table: view.table })
      : t("phone_who_round", { table: view.table, round: view.round, rounds: view.rounds });
    $("pairs").innerHTML = view.round === null ? "" : `${pairText("NS", view.ns)}<br>${pairText("EW", view.ew)}`;
    $("list").innerHTML = (view.results || []).slice().reverse().map((x) => {
      const { what, score } = resultText(x);
      const done = x.confirmed ? `<span class="muted">${esc(t("phone_confirmed"))}</span>`
        : `<button type="button" data-confirm="${esc(x.board)}">${esc(t("phone_confirm"))}</button>`;
      return `<p>${esc(t("board"))} ${esc(x.board)}: ${what} · ${score} ${done}</p>`;
    }).join("");
    $("moves").innerHTML = renderMoves();
  }
  renderKeys();
  renderVerify();
}

function nextBoard() {
  const played = new Set((view?.results || []).filter((x) => x.round === view.round).map((x) => x.board));
  return (view?.boards || []).find((b) => !played.has(b));
}

async function load() {
  const r = await fetch(`/api/sessions/${S}/tables/${encodeURIComponent(N)}?t=${encodeURIComponent(T)}&lang=${lang()}`);
  const data = await r.json();
  if (!r.ok) { say(data.message || "", false); return; }
  view = data;
  verifying = (view.results || []).find((x) => !x.confirmed && x.source === "physical") || null;
  if (!sel.board || !(view.boards || []).includes(sel.board)) sel = { board: nextBoard() };
  render();
}

function say(text, ok) {
  $("msg").textContent = text;
  $("msg").classList.toggle("ok", !!ok);
}

function missing() {
  if (!sel.board) return "phone_need_board";
  if (sel.pass) return null;
  if (!sel.level || !sel.strain) return "phone_need_contract";
  if (!sel.declarer) return "phone_need_declarer";
  if (sel.result === undefined) return "phone_need_result";
  return null;
}

async function enter() {
  const need = missing();
  if (need) { say(t(need), false); return; }
  const body = { table: view.table, round: view.round, board: sel.board };
  if (sel.pass) body.contract = "Pass";
  else {
    body.contract = `${sel.level}${sel.strain === "N" ? "NT" : sel.strain}${sel.risk || ""}`;
    body.declarer = sel.declarer;
    body.result = sel.result === 0 ? "=" : String(sel.result);
    if (sel.leadSuit && sel.leadRank) body.lead = `${sel.leadSuit}${sel.leadRank}`;
  }
  const { ok, data } = await api("results", body);
  if (!ok) { say(data.message, false); return; }
  say(t("phone_entered"), true);
  verifying = data;
  sel = {};
  await load();
}

async function confirm(board) {
  const { ok, data } = await api("confirm", { table: view.table, board: Number(board) });
  if (!ok) { say(data.message, false); return; }
  say(t("phone_confirmed_msg", { board }), true);
  verifying = null;
  sel = {};
  await load();
}

async function dispute() {
  const { ok, data } = await api("call", { table: view.table, round: view.round, board: verifying.board,
    what: t("phone_dispute_call", { board: verifying.board }) });
  say(ok ? t("phone_called") : data.message, ok);
}

function choose(k, v) {
  const num = ["board", "level", "result"].includes(k) ? Number(v) : v;
  if (k === "pass") { sel = { board: sel.board, pass: !sel.pass }; return; }
  if (k === "risk") { sel.risk = sel.risk === v ? "" : v; sel.pass = false; return; }
  if (k === "level" && sel.level !== num) delete sel.result;
  if (["level", "strain"].includes(k)) sel.pass = false;
  if (k === "board" && sel.board !== num) { sel = { board: num }; return; }
  sel[k] = sel[k] === num && k.startsWith("lead") ? undefined : num;
}

document.addEventListener("click", async (e) => {
  const b = e.target.closest("button");
  if (!b || b.disabled) return;
  if (b.id === "lang-btn") { setLang(lang() === "ru" ? "en" : "ru"); return; }
  if (b.id === "enter") { await enter(); return; }
  if (b.dataset.confirm) { await confirm(b.dataset.confirm); return; }
  if (b.dataset.act === "confirm") { await confirm(verifying.board); return; }
  if (b.dataset.act === "dispute") { await dispute(); return; }
  if (b.dataset.k) { choose(b.dataset.k, b.dataset.v); say("", true); renderKeys(); }
});
document.addEventListener("langchange", render);
render();
load();

// the controls work from now on: until then (the texts still loading) the styles take no
// tap, which would have done nothing
document.documentElement.dataset.ready = "true";
