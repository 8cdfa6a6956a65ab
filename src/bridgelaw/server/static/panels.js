// The side panels: contract and tricks, rulings (law references, summary, the options as
// buttons for the player who chooses), answers to requests, the result and the status line.

import { t, pick, askLabel, choiceText } from "./i18n.js";
import { adjustText } from "./adjust.js";
import { tableAuctionHtml, tableExplanationHtml } from "./explain.js";
import { SEATS, esc, lawLink, setHtml, callHtml, cardText, contractHtml, seatName, seatShort, suitHtml, SUITS, parseHand } from "./cards.js";

/** The seat whose choices this link makes: own seat, or whoever is asked in practice mode. */
export function choosingSeat(state) {
  if (state.role === "all") return state.view.awaiting?.by ?? null;
  return SEATS.includes(state.role) ? state.role : null;
}

const laws = (list) => (list || []).map(lawLink).join(" ");

/** Tricks of each side as they count for the score: once the board has a result (after a
 *  claim, a concession or a revoke transfer) the result's figure, not the tricks played. */
export function finalTricks(v) {
  const won = v.tricks_won || { NS: 0, EW: 0 };
  const res = v.result;
  const c = v.contract;
  if (!res || res.declarer_tricks === null || res.declarer_tricks === undefined || !c || typeof c !== "object") return won;
  const decl = "NS".includes(c.declarer) ? "NS" : "EW";
  return { [decl]: res.declarer_tricks, [decl === "NS" ? "EW" : "NS"]: 13 - res.declarer_tricks };
}

/** "4♥ S −1" / "3NT W =" / "2♠X N +1": the result as a bridge player writes it. */
export function resultNotation(v) {
  const c = v.contract;
  const res = v.result;
  if (c === "passed_out") return esc(t("passed_out"));
  if (!c || typeof c !== "object" || !res || res.declarer_tricks === null || res.declarer_tricks === undefined) return c ? contractHtml(c) : "";
  const diff = res.declarer_tricks - (6 + c.level);
  const over = diff === 0 ? "=" : diff > 0 ? `+${diff}` : `\u2212${-diff}`;
  const risk = c.risk ? esc(c.risk) : "";
  return `${callHtml(`${c.level}${c.strain}`)}${risk} ${esc(seatShort(c.declarer))} <span class="over">${over}</span>`;
}

export const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : "0");

export function renderContract(state) {
  const v = state.view;
  const won = finalTricks(v);
  const over = v.phase === "ended";
  const contract = v.contract ? contractHtml(v.contract) : `<span class="muted">—</span>`;
  const pens = (v.penalty_cards || []).map((p) => `${esc(seatName(p.seat))}: ${cardText(p.card)} (${esc(t(`pen_${p.kind}`))}, ${esc(p.law)})`);
  const rests = (v.restrictions || []).map((r) => {
    const suit = r.suit ? ` ${suitHtml(r.suit)}` : "";
    const kind = t(`rk_${r.kind}`) === `rk_${r.kind}` ? r.kind.replaceAll("_", " ") : t(`rk_${r.kind}`);
    return `${esc(seatName(r.seat))}: ${esc(kind)}${suit} ${lawLink(r.law)}`;
  });
  document.getElementById("contract-panel").innerHTML = `
    <div class="kv"><span>${esc(t("contract"))}</span><strong id="contract">${contract}</strong></div>
    <div class="kv"><span>${esc(t("tricks_won"))}</span><span id="tricks-won">${esc(t("vul_NS"))} <strong>${won.NS}</strong> · ${esc(t("vul_EW"))} <strong>${won.EW}</strong></span></div>
    ${pens.length && !over ? `<div class="kv"><span>${esc(t("penalty_cards"))}</span><span>${pens.join("<br>")}</span></div>` : ""}
    ${rests.length && !over ? `<div class="kv"><span>${esc(t("restrictions"))}</span><span>${rests.join("<br>")}</span></div>` : ""}`;
}

/** The suits a suit option may name: the option's own ``suits`` as the server sends them
 *  (a lead restriction, 26A2/26B); for a penalty card's suit (50D2) the suits of the
 *  offender's penalty cards; else all four. */
const PENALTY_SUIT_KINDS = new Set(["penalty_card_lead", "card_exposed", "penalty_card_designation"]);

export function optionSuits(state, r, o) {
  if (Array.isArray(o.suits) && o.suits.length) return SUITS.filter((s) => o.suits.includes(s));
  const all = state.view.penalty_cards || [];
  const own = all.filter((p) => p.seat === r.offender);
  const pens = own.length ? own : all;
  if (PENALTY_SUIT_KINDS.has(r.kind) && pens.length) return SUITS.filter((s) => pens.some((p) => p.card[0] === s));
  return SUITS;
}

// options whose card is a penalty card of the offender's, named by declarer (51A, 52B)
const PENALTY_CARD_OPTIONS = new Set(["require_penalty_card", "designate"]);

function optionButtons(state, r) {
  const seat = choosingSeat(state);
  const awaiting = state.view.awaiting;
  if (!awaiting || awaiting.ruling !== r.id || r.status !== "awaiting_choice" || !seat) return "";
  const mine = r.options.filter((o) => o.by === seat);
  if (!mine.length) return "";
  const buttons = mine.map((o) => {
    const label = esc(pick(o, "label") || o.id).replace(/\(([SHDC](?:,\s*[SHDC])*)\)/, (_, l) => `(${l.split(/,\s*/).map((x) => ({ S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" })[x]).join(", ")})`);
    if (o.param === "suit") {
      const suits = optionSuits(state, r, o).map((s) => `<button class="btn option" data-choose="${esc(o.id)}" data-by="${esc(seat)}" data-suit="${s}" title="${esc(t(`suit_${s}`))}">${suitHtml(s)}</button>`).join("");
      return `<div class="option-param">${label}: ${suits}</div>`;
    }
    if (o.param === "card") {  // a card of his own hand (67, 58), or a defender's penalty card declarer names (51A, 52B)
      const hand = parseHand(state.view.hands?.[seat] || "");
      const named = PENALTY_CARD_OPTIONS.has(o.id)
        ? (state.view.penalty_cards || []).filter((p) => p.seat === r.offender).map((p) => p.card)
        : SUITS.flatMap((s) => hand[s].map((rank) => s + rank));
      const cards = named.map((c) => `<button class="btn option" data-choose="${esc(o.id)}" data-by="${esc(seat)}" data-card-param="${c}">${cardText(c)}</button>`).join("");
      return `<div class="option-param">${label}: ${cards}</div>`;
    }
    return `<button class="btn option" data-choose="${esc(o.id)}" data-by="${esc(seat)}">${label}</button>`;
  });
  return `<div class="options"><div class="choose-label">${esc(t("choose"))} (${esc(seatName(seat))}):</div>${buttons.join("")}</div>`;
}

function rulingHtml(state, r) {
  const offender = r.offender ? ` · ${esc(t("offender"))}: ${esc(seatName(r.offender))}` : "";
  const status = `<span class="status ${esc(r.status)}">${esc(t(`status_${r.status}`))}</span>`;
  let waiting = "";
  if (r.status === "awaiting_choice" && !optionButtons(state, r)) {
    const by = [...new Set(r.options.map((o) => o.by))].map(seatName).join(", ");
    waiting = `<div class="muted">${esc(by)} ${esc(t("chooses"))}: ${r.options.map((o) => esc(pick(o, "label") || o.id)).join(" / ")}</div>`;
  }
  if (r.status === "awaiting_decision") {
    waiting = (r.questions || []).map((q) => `<div class="question">${esc(t("director_is_asked"))}: ${esc(pick(q, "text"))} ${lawLink(q.law)}</div>`).join("");
  }
  if (r.status === "awaiting_director" && !(r.laws || []).length && !pick(r, "summary")) {
    const kind = t(`kind_${r.kind}`) === `kind_${r.kind}` ? "" : `<strong>${esc(t(`kind_${r.kind}`))}</strong> `;
    return `<div class="ruling open call-needed" data-ruling="${r.id}"><div class="ruling-head">${kind}${status}${offender}</div>
      <div class="summary"><strong>${esc(t("call_director_needed"))}</strong></div></div>`;
  }
  const choice = r.choice ? `<div class="muted">${esc(t("choice"))}: ${esc(choiceText(r.options.find((o) => o.id === r.choice), r.choice))}</div>` : "";
  if (r.status === "closed") {
    // a closed ruling is one line (its kind, laws and the choice made); it opens on a tap
    const made = r.choice ? ` · ${esc(choiceText(r.options.find((o) => o.id === r.choice), r.choice))}` : "";
    return `<details class="ruling closed" data-ruling="${r.id}"><summary class="ruling-line">${esc(kindText(r.kind))} ${laws(r.laws)}${made}</summary>
      <div class="ruling-head">${offender} ${status}</div><div class="summary">${esc(pick(r, "summary"))}</div>${choice}</details>`;
  }
  const options = optionButtons(state, r);
  // a ruling waiting for this seat's choice is the page's sheet (sheet.js): named first
  const title = options ? `<div class="sheet-title">${esc(t("sheet_title", { what: kindText(r.kind) }))}</div>` : "";
  return `<div class="ruling ${r.status === "closed" ? "closed" : "open"}${options ? " pending" : ""}" data-ruling="${r.id}">${title}
    <div class="ruling-head">${esc(t("law"))} ${laws(r.laws)}${offender} ${status}</div>
    <div class="summary">${esc(pick(r, "summary"))}</div>${choice}${waiting}${options}</div>`;
}

export function renderRulings(state) {
  const rulings = state.view.rulings || [];
  document.getElementById("rulings-panel").hidden = !rulings.length;
  const box = document.getElementById("rulings");
  // a closed ruling the player opened stays open while the table goes on
  const opened = [...box.querySelectorAll("details.ruling[open]")].map((d) => d.dataset.ruling);
  if (!setHtml(box, [...rulings].reverse().map((r) => rulingHtml(state, r)).join(""))) return;
  for (const id of opened) box.querySelector(`details.ruling[data-ruling="${id}"]`)?.setAttribute("open", "");
}

/** An explanation as it was really given: the meaning the partnership recorded at the table,
 *  or the pair's convention card; when neither exists nothing is made up — partner explains
 *  at the table, and a wrong explanation is for the director (20F, 21, 75). */
function explanationHtml(a, ctx = {}) {
  // at a real table the caller's own note is not his partner's explanation (20F1)
  if (ctx.table && a.source === "table") return `<strong>${esc(a.explanation)}</strong> <span class="muted" data-explanation="note">— ${esc(t("callers_note"))}</span>`;
  if (a.source === "none") return `<em class="muted" data-explanation="none">${esc(t("no_explanation_recorded", { seat: seatName(a.explained_by || "") }))}</em>`;
  const from = a.source === "convention_card" ? t("from_convention_card") : a.explained_by ? `${t("explained_by")} ${seatName(a.explained_by)}` : "";
  return `<strong>${esc(a.explanation)}</strong>${from ? ` <span class="muted">— ${esc(from)}</span>` : ""}`;
}

function callsLine(calls, ctx) {
  const items = (calls || []).map((c) => `<span class="ans-call">${esc(seatShort(c.seat))}: ${callHtml(c.call)}${c.alert ? '<span class="alert-mark">!</span>' : ""}${c.explanation ? ` — ${explanationHtml(c, ctx)}` : ""}</span>`);
  return items.length ? items.join("") : `<span class="muted">—</span>`;
}

function answerHtml(req, ctx) {
  const a = req.answer;
  if (!a) return "";
  switch (req.ask) {
    case "explain_all":
      if (ctx.table && !ctx.director) return tableAuctionHtml(req, ctx.requests, (x) => explanationHtml(x));
      return `<div class="calls-list">${callsLine(a.calls, ctx)}</div>`;
    case "review": return `<div class="calls-list">${callsLine(a.calls, ctx)}</div>${req.ask === "review" ? `<div class="muted">${esc(t("review_cancelled_note"))}</div>` : ""}`;
    case "explain":
      if (ctx.table && !ctx.director) return tableExplanationHtml(req, ctx.requests, (x) => explanationHtml(x));
      return `<div>${callHtml(a.call)} (${esc(seatName(a.seat))}): ${explanationHtml(a, ctx)}</div>`;
    case "give_explanation": return `<div data-explanation="partner">${callHtml(a.call)} (${esc(seatName(a.seat))}): <strong>${esc(a.explanation)}</strong> <span class="muted">— ${esc(t("explained_by"))} ${esc(seatName(a.explained_by))}</span></div>`;
    case "repeat_call": return `<div>${callHtml(a.call)}${a.alert ? '<span class="alert-mark">!</span>' : ""} (${esc(seatName(a.seat))})</div>`;
    case "contract": return `<div>${a.level ? contractHtml({ level: a.level, strain: a.strain, risk: a.risk, declarer: a.declarer }) : esc(a.contract)}</div>`;
    case "convention_card": {
      if (!a.card) return `<div class="muted">${esc(a.pair || "")} ${esc(t("no_card"))}</div>`;
      const summary = Object.entries(a.card.summary || {}).map(([k, val]) => `${esc(k)}: ${esc(val)}`).join("; ");
      return `<div>${esc(a.pair)}: <strong>${esc(a.card.system || "")}</strong> ${summary}</div>`;
    }
    default:
      if (a.cards) return `<div>${esc(t("trick"))} ${esc(a.trick)}: ${Object.entries(a.cards).map(([s, c]) => `${esc(seatShort(s))} ${cardText(c)}`).join(" · ")}</div>`;
      if (a.card) return `<div>${esc(t("trick"))} ${esc(a.trick)}: ${cardText(a.card)}</div>`;
      return `<pre>${esc(JSON.stringify(a))}</pre>`;
  }
}

/** One request and its answer. */
export function requestHtml(req, withSeat = false, ctx = {}) {
  const ok = req.granted ? `<span class="granted">${esc(t("granted"))}</span>` : `<span class="denied">${esc(t("refused"))}</span>`;
  const who = withSeat ? `${esc(seatName(req.seat))}: ` : "";
  // a call is named as the table reads it (2♥, East), not by its place in the auction
  const call = req.call_index !== undefined ? (ctx.calls || [])[req.call_index] : null;
  const idx = call ? ` ${callHtml(call.call)} (${esc(seatName(call.seat))})`
    : req.call_index !== undefined ? ` ${esc(req.call_index + 1)}` : req.trick !== undefined ? ` ${esc(req.trick)}` : "";
  return `<div class="answer" data-ask-answer="${esc(req.ask)}">
    <div class="answer-head">${who}${esc(askLabel(req.ask))}${idx} — ${ok} ${laws(req.laws)}</div>
    ${req.reason ? `<div class="muted">${esc(req.reason)}</div>` : ""}
    ${req.ui ? `<div class="ui-note">${esc(t("ui_note"))}</div>` : ""}${answerHtml(req, ctx)}</div>`;
}

/** What a request's answer needs to know of the table: whether explanations are spoken at
 *  the table (not online), every request seen (a partner's later explanation), the director. */
export function answerContext(state) {
  return { table: state.view.mode !== "online", requests: state.view.requests || [], director: state.role === "director", calls: state.view.calls || [] };
}

export function renderAnswers(state) {
  // a question put to this player to answer is in his own panel, not among his answers
  const reqs = (state.view.requests || []).filter((r) => state.role === "all" || r.seat === state.role || r.ask === "give_explanation");
  document.getElementById("answers-panel").hidden = !reqs.length || state.role === "director";
  document.getElementById("answers-panel").classList.toggle("has-answers", reqs.length > 0);
  document.getElementById("answers").innerHTML = [...reqs].reverse().slice(0, 12).map((r) => requestHtml(r, state.role === "all" || r.seat !== state.role, answerContext(state))).join("");
}

export function renderResult(state) {
  const v = state.view;
  const el = document.getElementById("result-panel");
  const res = v.result;
  const past = state.results || [];
  el.hidden = !res && !past.length && !state.adjustment && !state.can_next_board && !nextBoardHtml(state);
  if (el.hidden) return;
  const score = signed;
  let html = "";
  if (res) {
    const ns = res.score_ns;
    html += `<h3>${esc(t("result"))}</h3><div class="result" id="result"><strong class="notation">${resultNotation(v)}</strong>
      ${res.declarer_tricks !== null && res.declarer_tricks !== undefined ? ` <span class="muted">(${esc(t("made", { n: res.declarer_tricks }))})</span>` : ""}
      · ${esc(t("score_ns"))}: <strong id="score-ns" data-score="${ns}">${signed(ns)}</strong></div>`;
  }
  if (state.adjustment) {
    const a = state.adjustment;
    html += `<div class="adjusted" id="adjusted">${esc(t("adjusted"))} ${lawLink(a.law)}: <strong>${esc(adjustText(a))}</strong> ${esc(a.note || "")}</div>`;
  }
  if (past.length) {
    html += `<h4>${esc(t("results"))}</h4><table class="results">${past.map((r) => `<tr><td>${esc(t("board"))} ${r.board}</td><td>${r.score_ns === null ? "—" : score(r.score_ns)}</td><td>${r.adjusted ? `${esc(t("adjusted"))}: ${esc(adjustText(r.adjusted))}` : ""}</td></tr>`).join("")}</table>`;
  }
  html += nextBoardHtml(state);
  el.innerHTML = html;
}

/** Moving on: the director's leave moves the table at any time (mid-board after a second
 *  click); a player says he is ready once the board is over, and the fourth player ready
 *  moves it on unless a ruling or an adjustment may still come, when the director's leave
 *  is needed. The line says who is ready and what the table waits for. */
function nextBoardHtml(state) {
  const v = state.view;
  const nb = state.next_board || { consents: [], director_leave: true };
  const more = state.board_index + 1 < state.boards;
  const player = SEATS.includes(state.role);
  let html = "";
  if (state.can_next_board && !player) {
    // mid-board the button asks for a second click: one slip must not skip a board unplayed
    const early = v.phase !== "ended";
    const armed = state.pending === "next-board";
    html += `<button class="btn ${early ? "danger" : "primary"}" id="next-board" data-early="${early}">${esc(t(armed ? "next_board_confirm" : "next_board"))}</button>`;
    if (early && !armed) html += `<div class="muted">${esc(t("next_board_early"))}</div>`;
  } else if (state.can_next_board && player) {
    html += `<button class="btn primary" id="next-board" data-consent="true">${esc(t("next_board_ready"))}</button>`;
  }
  if (more && v.phase === "ended" && !v.awaiting && (player || state.role === "director")) {
    const ready = nb.consents.map((s) => seatName(s)).join(", ");
    const line = [t("next_board_ready_count", { n: nb.consents.length, seats: ready || "—" })];
    line.push(t(nb.director_leave ? "next_board_director_leave" : "next_board_all_four"));
    if (player && nb.consents.includes(state.role)) line.unshift(t("next_board_you_ready"));
    html += `<div class="next-board-status" id="next-board-status" role="status">${line.map((x) => esc(x)).join(" ")}</div>`;
  }
  return html;
}

/** One line under the felt: phase, whose turn, what the table waits for, actions due. */
/** A ruling's kind as the table names it ("Insufficient bid"). */
function kindText(kind) {
  const key = `kind_${kind}`;
  return t(key) === key ? kind.replaceAll("_", " ") : t(key);
}

/** The status line: the phase, whose turn it is and why (a ruling waiting for his choice
 *  or the director's decision), a call for the director the table waits on. */
export function renderStatus(state, notice) {
  const v = state.view;
  const parts = [`<strong>${esc(t(`phase_${v.phase}`))}</strong>`];
  const who = state.to_act;
  const me = SEATS.includes(state.role) ? state.role : null;
  const callNeeded = (v.rulings || []).some((r) => r.status === "awaiting_director" && !(r.laws || []).length);
  const called = state.director_called || [];
  const pending = (v.rulings || []).find((r) => v.awaiting && r.id === v.awaiting.ruling);
  // why it is his turn: a ruling waiting for him, or one he must put right now (the
  // offender replacing his insufficient bid, the correct defender leading instead)
  const followUp = !pending && who ? (v.rulings || []).find((r) => r.status === "follow_up" && r.offender === who) : null;
  const why = pending ? ` <span class="why" id="turn-why">(${esc(t("turn_why_ruling", { what: kindText(pending.kind) }))})</span>`
    : followUp ? ` <span class="why" id="turn-why">(${esc(t("turn_why_follow_up", { what: kindText(followUp.kind) }))})</span>` : "";
  if (called.length) parts.push(`<span class="notice" id="director-called">${esc(t("director_called_by", { seats: called.map(seatName).join(", ") }))}</span>`);
  if (callNeeded) parts.push(`<span class="notice" id="call-needed">${esc(t("call_director_needed"))}</span>`);
  else if (who === "director") parts.push(`${esc(t("director_is_asked"))}${why}`);
  else if (who && (who === me || state.role === "all" && v.awaiting)) parts.push(`<span class="your-turn">${esc(t("your_turn"))}${state.role === "all" ? ` (${esc(seatName(who))})` : ""}</span>${why}`);
  else if (who) parts.push(`${esc(t("to_act"))}: ${esc(seatName(who))}${why}`);
  const fd = v.face_down_lead;
  if (fd) {
    parts.push(esc(t("lead_lies_face_down", { seat: seatName(fd.seat) })));
    if (state.role === fd.seat || state.role === "all") parts.push(`<button class="btn primary" id="face-lead" data-seat="${fd.seat}">${esc(t("face_lead"))}</button>`);
  } else if (v.phase === "lead" && v.regulations?.opening_lead === "face_down" && v.turn === me) {
    parts.push(`<span class="muted">${esc(t("lead_face_down_hint"))}</span>`);
  }
  if (notice) parts.push(`<span class="notice">${esc(notice)}</span>`);
  document.getElementById("status-line").innerHTML = parts.join(" · ");
  // told to a screen reader once each time it becomes this player's turn
  const turn = who && who === me ? t("your_turn") : "";
  const announce = document.getElementById("turn-announce");
  if (announce.textContent !== turn) announce.textContent = turn;
}
