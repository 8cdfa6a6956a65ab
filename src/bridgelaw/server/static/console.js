// The director's console: the call queue (rulings waiting for the director's judgement,
// with an answer control per question), every request made at the table, the table's log,
// the event log, and the law reference.

import { t, pick, lang } from "./i18n.js";
import { esc, lawLink, seatName, seatShort, callHtml, cardText } from "./cards.js";
import { requestHtml, answerContext } from "./panels.js";
import { claimLineText } from "./claimline.js";
import { eventText } from "./eventtext.js";

const NUMBER_KEYS = new Set(["tricks", "equity_tricks"]);
const AVG_OPTIONS = [["", ""], ["avg+", "avg_plus"], ["avg", "avg_even"], ["avg-", "avg_minus"]];

/** An adjusted score the engine takes (answer type "score"): the N-S score (12C1), or an
 *  artificial score for each side, Ave+ / Ave / Ave− (12C2). */
function scoreControl(key) {
  const avg = (side) => `<label>${esc(t(`vul_${side}`))} <select data-part="${side === "NS" ? "ns" : "ew"}">${AVG_OPTIONS.map(([v, k]) => `<option value="${v}">${k ? esc(t(k)) : ""}</option>`).join("")}</select></label>`;
  return `<span class="score-q" data-q="${key}" data-kind="score">
    <label>${esc(t("adjust_score"))} <input type="number" step="10" class="num wide-num" data-part="score_ns"></label>
    <span class="muted">${esc(t("score_or"))}</span> ${avg("NS")} ${avg("EW")}</span>`;
}

function readScore(el) {
  const part = (name) => el.querySelector(`[data-part="${name}"]`).value.trim();
  if (part("ns") && part("ew")) return { ns: part("ns"), ew: part("ew") };
  return part("score_ns") === "" ? null : { score_ns: Math.round(Number(part("score_ns"))) };
}
const LIST_KEYS = new Set(["logical_alternatives"]);

// a call as a director types it, in either language («1♠», «2БК», «пас», «контра»), as the
// engine writes it (1S, 2N, P, X); anything else is sent as typed, for the table to refuse
const CALL_WORDS = { "пас": "P", "pass": "P", "контра": "X", "double": "X", "реконтра": "XX", "redouble": "XX" };
const STRAIN_SIGNS = { "♠": "S", "♥": "H", "♦": "D", "♣": "C", "БК": "N", "NT": "N" };
function callCode(text) {
  const raw = text.trim();
  const word = CALL_WORDS[raw.toLowerCase()];
  if (word) return word;
  const bid = /^([1-7])\s*(♠|♥|♦|♣|БК|NT)$/i.exec(raw);
  return bid ? bid[1] + STRAIN_SIGNS[bid[2].toUpperCase()] : raw.toUpperCase();
}

function questionControl(r, q, single) {
  const key = esc(q.key);
  if (q.answer?.type === "score" || q.key === "adjusted_score") return scoreControl(key);
  if (NUMBER_KEYS.has(q.key)) {
    // the range the question declares (a claim's tricks: 0 to the tricks left)
    const low = q.answer?.min ?? 0;
    const high = q.answer?.max ?? 13;
    return `<input type="number" class="num" data-q="${key}" data-kind="number" min="${low}" max="${high}" step="1">`;
  }
  if (q.answer?.type === "choice") {  // one of the ids the question lists, worded from the catalog
    const word = (id) => (t(`answer_${q.key}_${id}`) === `answer_${q.key}_${id}` ? id : t(`answer_${q.key}_${id}`));
    return `<select data-q="${key}" data-kind="choice"><option value=""></option>${(q.answer.ids || []).map((id) => `<option value="${esc(id)}">${esc(word(id))}</option>`).join("")}</select>`;
  }
  if (LIST_KEYS.has(q.key)) return `<input type="text" data-q="${key}" data-kind="list" placeholder="${esc(t("calls_placeholder"))}">`;
  if (single) {
    return `<button type="button" class="btn yes" data-decide="${r.id}" data-key="${key}" data-value="true">${esc(t("yes"))}</button>
            <button type="button" class="btn no" data-decide="${r.id}" data-key="${key}" data-value="false">${esc(t("no"))}</button>`;
  }
  return `<select data-q="${key}" data-kind="bool"><option value=""></option><option value="true">${esc(t("yes"))}</option><option value="false">${esc(t("no"))}</option></select>`;
}

/** For a director's question on a replacement call (comparable call, 23A): the withdrawn
 *  call and the replacement with their alerts and the meanings the bidder recorded, so the
 *  director sees what the withdrawn call would have meant. */
function withdrawnHtml(state, r) {
  const calls = state.view.calls || [];
  const cons = r.consequences || [];
  const gone = cons.filter((c) => c.what === "call_cancelled").map((c) => calls[c.call_index]).filter(Boolean);
  const stands = cons.filter((c) => c.what === "call_stands").map((c) => calls[c.call_index]).filter(Boolean);
  if (!gone.length || !(r.questions || []).some((q) => q.key === "comparable")) return "";
  const line = (key, c) => `<div class="call-context" data-context="${key}">${esc(t(key))}: ${callHtml(c.call)} (${esc(seatName(c.seat))})${c.alert ? ' <span class="alert-mark">!</span>' : ""}
    — ${c.meaning ? `<strong>${esc(c.meaning)}</strong>` : `<span class="muted">${esc(t("no_meaning_recorded"))}</span>`}</div>`;
  // the same call again: the director still judges, since the calls in between may have
  // changed what it means (23A1), but he is told it is the very same call
  const same = stands.some((c) => gone.some((g) => g.call === c.call && g.seat === c.seat))
    ? `<div class="identical-call" data-identical="true">${esc(t("identical_replacement"))}</div>` : "";
  return `<div class="comparable-context">${gone.map((c) => line("withdrawn_call", c)).join("")}${stands.map((c) => line("replacement_call", c)).join("")}${same}
    <div class="muted">${esc(t("ask_player_away"))}</div></div>`;
}

/** The claim checker's proposal as the engine words it for the director (``director_note``),
 *  when there is no analysis block to show it in the page's own words (claimAnalysisHtml). */
function noteHtml(r) {
  if (r.analysis) return "";
  const note = lang() === "ru" ? r.director_note_ru || r.director_note : r.director_note;
  return note ? `<div class="director-note" data-director-note="${r.id}">${esc(typeof note === "string" ? note : JSON.stringify(note))}</div>` : "";
}

function queueItem(r, state) {
  const questions = r.questions || [];
  const single = questions.length === 1 && !NUMBER_KEYS.has(questions[0].key) && !LIST_KEYS.has(questions[0].key)
    && questions[0].key !== "adjusted_score" && questions[0].answer?.type !== "score" && questions[0].answer?.type !== "choice";
  const qs = questions.map((q) => `<div class="question"><div>${esc(pick(q, "text"))} ${lawLink(q.law)}</div>
    <div class="q-control">${questionControl(r, q, single)}</div></div>`).join("");
  const submit = single ? "" : `<button type="button" class="btn primary" data-decide-form="${r.id}">${esc(t("send_ruling"))}</button>`;
  const flags = (r.flags || []).length ? `<div class="muted">${esc(t("flags_check"))}: ${r.flags.map(esc).join(", ")}</div>` : "";
  // a question the director answers now is the page's sheet (sheet.js)
  return `<div class="queue-item${r.status === "awaiting_decision" ? " pending" : ""}" data-queue="${r.id}">
    <div class="ruling-head">${esc(t(`kind_${r.kind}`) === `kind_${r.kind}` ? r.kind.replaceAll("_", " ") : t(`kind_${r.kind}`))} · ${esc(t("law"))} ${(r.laws || []).map(lawLink).join(" ")}
      ${r.offender ? ` · ${esc(t("offender"))}: ${esc(seatName(r.offender))}` : ""}</div>
    <div class="summary">${esc(pick(r, "summary"))}</div>${withdrawnHtml(state, r)}${flags}${noteHtml(r)}${claimAnalysisHtml(r)}
    ${r.status === "awaiting_decision" ? `<form class="decide-form" data-ruling-form="${r.id}">${qs}${submit}</form>` : `<div class="status ${esc(r.status)}">${esc(t(`status_${r.status}`))}</div><p class="muted">${esc(t("awaiting_call_hint"))}</p>`}</div>`;
}

// ---- the claim checker's analysis (director only: players' views never carry it) ----
/** One trick of the checker's line ("N:D5 E:D2 S:DQ W:D8") as the table reads it: seats in
 *  the page's language and cards by suit symbol (С: ♦5 В: ♦2 ...). */
function lineHtml(trick) {
  return trick.trim().split(/\s+/).filter(Boolean).map((play) => {
    const m = /^([NESW]):([SHDC][AKQJT2-9])$/.exec(play);
    if (m) return `${esc(seatShort(m[1]))}: ${cardText(m[2])}`;
    return /^[SHDC][AKQJT2-9]$/.test(play) ? cardText(play) : esc(play);
  }).join(" ");
}
// the claim checker's words are catalog entries ui.ca_*
const VERDICTS = new Set(["valid", "double_dummy_only", "invalid"]);
/** The analysis block of a claim ruling, in the order a director reads it: the verdict,
 *  double dummy first, then the worst normal line with the careless choices that cost
 *  tricks, the proposal, the statement as the checker read it, the 70C point. When the
 *  worst line is two or more tricks below double dummy, the choices making the difference
 *  are set out for his judgement (docs/claims.md). */
export function claimAnalysisHtml(r) {
  const a = r.analysis;
  if (!a) return "";
  const tx = (k, args) => t(`ca_${k}`, args);
  if (a.pending) return `<div class="claim-analysis pending" data-analysis="${r.id}"><div class="ruling-head">${esc(tx("head"))}</div><p class="muted">${esc(tx("pending"))}</p></div>`;
  const tricks = (a.line_text || (a.line || []).join(" ")).split(";").map((x) => `<li>${lineHtml(x)}</li>`).join("");
  const row = (k, v, cls = "") => `<tr><th>${esc(k)}</th><td class="${cls}">${esc(v)}</td></tr>`;
  const choices = a.choices || [];
  const gap = a.double_dummy - a.worst_normal;
  return `<div class="claim-analysis" data-analysis="${r.id}"><div class="ruling-head">${esc(tx("head"))}</div>
    <table>${row(tx("verdict"), VERDICTS.has(a.verdict) ? tx(a.verdict) : a.verdict, `verdict ${esc(a.verdict)}`)}${row(tx("claimed"), a.claimed, "claimed")}
    ${row(tx("dd"), a.double_dummy, "dd")}${row(tx("worst"), a.worst_normal, "worst")}${row(tx("proposal"), a.proposal, "proposal")}
    ${a.worst_if_trumps_drawn !== undefined ? row(tx("drawn"), a.worst_if_trumps_drawn, "drawn") : ""}
    ${a.statement_parsed ? row(tx("statement"), statementText(a.statement_parsed), "statement") : ""}</table>
    ${choices.length ? `<div class="muted">${esc(tx("choices"))}:</div><ul class="choices">${choices.map((c) => `<li>${choiceHtml(c)}</li>`).join("")}</ul>` : ""}
    ${gap >= 2 && choices.length ? `<p class="gap">${esc(tx("gap", { n: gap }))}</p>` : ""}
    ${a.trump_outstanding && !a.trump_mentioned ? `<p class="law-70c">${esc(tx("trump"))}</p>` : ""}
    ${a.exact ? "" : `<p class="inexact">${esc(tx("inexact"))}</p>`}
    <div class="muted">${esc(tx("line"))}:</div><ol class="line">${tricks}</ol></div>`;
}

/** One choice of the worst line that cost tricks: where, which card, under which row of
 *  the normal-play table, what would have kept them. */
function choiceHtml(c) {
  return esc(t("ca_choice", {
    trick: c.trick, seat: seatShort(c.seat), card: "\u0000", kind: t(`ca_kind_${c.kind}`),
    better: "\u0001", cost: c.cost,
  })).replace("\u0000", cardText(c.card)).replace("\u0001", (c.better || []).map((x) => cardText(x)).join(" "));
}

/** The statement as the checker read it: suits in order with how each is played, trumps,
 *  a cross-ruff, the 70E2 regulation for suits not named. */
function statementText(st) {
  const parts = [claimLineText({ suits: (st.suits || []).map((s) => (s.play ? s : { suit: s.suit })),
    trumps: st.trumps, cross_ruff: st.cross_ruff, conceded: st.conceded })];
  if (st.also && st.also.length) parts.push(claimLineText({ suits: st.also }));
  if (st.unstated === "top_down") parts.push(t("ca_unstated_top"));
  if (st.differs && st.differs.length) {
    const what = st.differs.map((d) => (d === "order" ? t("ca_differs_order") : d === "trumps" ? t("ca_differs_trumps")
      : claimLineText({ suits: [{ suit: d }] })));
    parts.push(t("ca_statement_differs", { what: what.join(", ") }));
  }
  return parts.filter(Boolean).join("; ") || t("ca_statement_none");
}

/** Read the answers of a multi-question form: {key: value} for every field filled in
 *  (some questions are alternatives, e.g. a claim's tricks or 68D2(b) play on); null if none. */
/** A number the director typed outside the range its question declares, told before it is
 *  sent ("Give a number of tricks from 0 to 9."); null when every number fits. */
export function decisionProblem(form) {
  for (const el of form.querySelectorAll('[data-kind="number"]')) {
    const raw = el.value.trim();
    if (raw === "") continue;
    const n = Number(raw);
    const low = Number(el.min);
    const high = Number(el.max);
    if (!Number.isInteger(n) || (el.min !== "" && n < low) || (el.max !== "" && n > high)) {
      return t(el.dataset.q === "tricks" ? "answer_tricks_range" : "answer_number_range", { min: el.min, max: el.max });
    }
  }
  return null;
}

export function readDecision(form) {
  const out = {};
  for (const el of form.querySelectorAll("[data-q]")) {
    if (el.dataset.kind === "score") {
      const score = readScore(el);
      if (score) out[el.dataset.q] = score;
      continue;
    }
    const raw = el.value.trim();
    if (raw === "") continue;
    if (el.dataset.kind === "number") out[el.dataset.q] = Number(raw);
    else if (el.dataset.kind === "list") out[el.dataset.q] = raw.split(/[,;\s]+/).map(callCode).filter(Boolean);
    else if (el.dataset.kind === "choice") out[el.dataset.q] = raw;
    else out[el.dataset.q] = raw === "true";
  }
  return Object.keys(out).length ? out : null;
}

/** The director's undo: the board's last action, to be withdrawn with a second click. */
function renderUndo(state) {
  const last = [...(state.events || [])].reverse().find((e) => e.kind === "action" && e.board === state.board_index && !e.undone);
  const btn = document.getElementById("undo-btn");
  btn.disabled = !last;
  btn.textContent = t(state.pending === "undo" ? "undo_confirm" : "undo");
  document.getElementById("undo-last").innerHTML = last ? `<span class="seq">${last.seq}</span> ${eventText(state, last)}` : `<span class="muted">—</span>`;
}

let queueSeen = false; // whether the page has opened on the queue yet

/** The count of what waits for the director, in the header he always sees; the page opens
 *  on the queue when something waits that is not already in the sheet (sheet.js). */
function renderQueueCount(open) {
  const count = document.getElementById("queue-count");
  count.hidden = !open.length;
  count.textContent = t("queue_count", { n: open.length });
  if (queueSeen || !open.length) return;
  queueSeen = true;
  if (!open.some((r) => r.status === "awaiting_decision")) document.getElementById("queue").closest(".panel").scrollIntoView({ block: "start" });
}

export function renderConsole(state) {
  const v = state.view;
  const open = (v.rulings || []).filter((r) => r.status === "awaiting_decision" || r.status === "awaiting_director");
  const queue = document.getElementById("queue");
  // keep a half-filled form as it is while other things change
  if (!queue.contains(document.activeElement) || queue.dataset.ids !== open.map((r) => r.id).join(",")) {
    queue.dataset.ids = open.map((r) => r.id).join(",");
    queue.innerHTML = open.length ? open.map((r) => queueItem(r, state)).join("") : `<p class="muted">${esc(t("queue_empty"))}</p>`;
  }
  renderQueueCount(open);
  document.getElementById("dir-requests").innerHTML = [...(v.requests || [])].reverse().map((r) => requestHtml(r, true, answerContext(state))).join("") || `<p class="muted">—</p>`;
  // a decision the table refused changed nothing: it is not shown as made
  const refused = new Set((v.refused || []).map((r) => r.at_action));
  // the table log counts the board's actions from 0; shown with the event log's numbers
  const seqOf = (state.events || []).filter((e) => e.kind === "action" && e.board === state.board_index && !e.undone).map((e) => e.seq).sort((x, y) => x - y);
  document.getElementById("table-log").innerHTML = (v.log || [])
    .filter((l) => { const m = /^(\d+):/.exec(l); return !m || !refused.has(Number(m[1])); })
    .map((l) => l.replace(/^(\d+):/, (all, n) => (seqOf[Number(n)] !== undefined ? `${seqOf[Number(n)]}:` : all)))
    .map((l) => `<li>${esc(l)}</li>`).join("");
  renderUndo(state);
  document.getElementById("event-log").innerHTML = [...(state.events || [])].reverse().map((e) =>
    `<div class="event${e.undone ? " undone" : ""}"><span class="seq">${e.seq}</span> ${state.boards > 1 ? `<span class="muted">${esc(t("board"))} ${esc(state.board_numbers?.[e.board] ?? e.board + 1)}</span> ` : ""}${eventText(state, e)}</div>`).join("");
}

/** One law of the reference as the director needs it: number, title and the summary in
 *  the page's language; the engine's own data (handlers, tests, scenario files) is not shown. */
export function lawHtml(d, number, heading = true) {
  const ru = lang() === "ru";
  const title = ru ? d.title_ru || d.title_en || d.title : d.title_en || d.title || d.title_ru;
  const summary = ru ? d.summary_ru || d.summary : d.summary_en || d.summary || d.summary_ru;
  const head = heading ? `<h4>${esc(t("law"))} ${esc(d.law ?? number)}${title ? ` — ${esc(title)}` : ""}</h4>` : "";
  const editions = (d.editions || []).length ? `<p class="muted">${esc(t("editions"))}: ${(d.editions || []).map(esc).join(", ")}</p>` : "";
  const open = d.law ?? number;
  const link = open ? `<p><a href="/laws/${encodeURIComponent(open)}" target="_blank" rel="noopener">${esc(t("law_open"))}</a></p>` : "";
  return `${head}<p>${esc(summary || "")}</p>${editions}${link}`;
}

/** The laws whose summaries hold every word the director typed (``/api/laws?q=``), each
 *  opening its law on the page beside the table. */
export async function findLaws(words, out) {
  const r = await fetch(`/api/laws?lang=${lang()}&q=${encodeURIComponent(words)}`);
  const laws = await r.json();
  if (!r.ok) { out.innerHTML = `<p class="denied">${esc(laws.message)}</p>`; return; }
  out.innerHTML = laws.length
    ? `<p class="muted">${esc(t("law_found", { n: laws.length }))}</p><ul>${laws.slice(0, 8).map((d) => `<li><a href="/laws/${d.law}" target="_blank" rel="noopener">${esc(t("law"))} ${d.law} — ${esc(d.title)}</a></li>`).join("")}</ul>`
    : `<p class="muted">${esc(t("law_found_none"))}</p>`;
}

/** Fetch and show the law reference for one law (``/api/laws/N``). */
export async function showLaw(number, out) {
  const r = await fetch(`/api/laws/${number}`);
  const data = await r.json();
  out.innerHTML = r.ok ? lawHtml(data, number) : `<p class="denied">${esc(data.message)}</p>`;
}
