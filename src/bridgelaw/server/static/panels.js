// The side panels: contract and tricks, rulings (law references, summary, the options as
// buttons for the player who chooses), answers to requests, the result and the status line.

import { t, pick, askLabel } from "./i18n.js";
import { SEATS, esc, callHtml, cardText, contractHtml, seatName, suitHtml, SUITS } from "./cards.js";

/** The seat whose choices this link makes: own seat, or whoever is asked in practice mode. */
export function choosingSeat(state) {
  if (state.role === "all") return state.view.awaiting?.by ?? null;
  return SEATS.includes(state.role) ? state.role : null;
}

const laws = (list) => (list || []).map((l) => `<span class="law">${esc(l)}</span>`).join(" ");

export function renderContract(state) {
  const v = state.view;
  const won = v.tricks_won || { NS: 0, EW: 0 };
  const contract = v.contract ? contractHtml(v.contract) : `<span class="muted">—</span>`;
  const pens = (v.penalty_cards || []).map((p) => `${esc(seatName(p.seat))}: ${cardText(p.card)} (${esc(t(p.kind))}, ${esc(p.law)})`);
  const rests = (v.restrictions || []).map((r) => {
    const suit = r.suit ? ` ${suitHtml(r.suit)}` : "";
    const kind = t(`rk_${r.kind}`) === `rk_${r.kind}` ? r.kind.replaceAll("_", " ") : t(`rk_${r.kind}`);
    return `${esc(seatName(r.seat))}: ${esc(kind)}${suit} <span class="law">${esc(r.law)}</span>`;
  });
  document.getElementById("contract-panel").innerHTML = `
    <div class="kv"><span>${esc(t("contract"))}</span><strong id="contract">${contract}</strong></div>
    <div class="kv"><span>${esc(t("tricks_won"))}</span><span id="tricks-won">${esc(t("vul_NS"))} <strong>${won.NS}</strong> · ${esc(t("vul_EW"))} <strong>${won.EW}</strong></span></div>
    ${pens.length ? `<div class="kv"><span>${esc(t("penalty_cards"))}</span><span>${pens.join("<br>")}</span></div>` : ""}
    ${rests.length ? `<div class="kv"><span>${esc(t("restrictions"))}</span><span>${rests.join("<br>")}</span></div>` : ""}`;
}

function optionButtons(state, r) {
  const seat = choosingSeat(state);
  const awaiting = state.view.awaiting;
  if (!awaiting || awaiting.ruling !== r.id || r.status !== "awaiting_choice" || !seat) return "";
  const mine = r.options.filter((o) => o.by === seat);
  if (!mine.length) return "";
  const buttons = mine.map((o) => {
    const label = esc(pick(o, "label") || o.id);
    if (o.param === "suit") {
      const suits = SUITS.map((s) => `<button class="btn option" data-choose="${esc(o.id)}" data-by="${esc(seat)}" data-suit="${s}" title="${esc(t(`suit_${s}`))}">${suitHtml(s)}</button>`).join("");
      return `<div class="option-param">${label}: ${suits}</div>`;
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
    waiting = (r.questions || []).map((q) => `<div class="question">${esc(t("director_is_asked"))}: ${esc(pick(q, "text"))} <span class="law">${esc(q.law)}</span></div>`).join("");
  }
  const choice = r.choice ? `<div class="muted">${esc(t("choice"))}: ${esc(pick(r.options.find((o) => o.id === r.choice), "label") || r.choice)}</div>` : "";
  return `<div class="ruling ${r.status === "closed" ? "closed" : "open"}" data-ruling="${r.id}">
    <div class="ruling-head">${esc(t("law"))} ${laws(r.laws)}${offender} ${status}</div>
    <div class="summary">${esc(pick(r, "summary"))}</div>${choice}${waiting}${optionButtons(state, r)}</div>`;
}

export function renderRulings(state) {
  const rulings = state.view.rulings || [];
  document.getElementById("rulings-panel").hidden = !rulings.length;
  document.getElementById("rulings").innerHTML = [...rulings].reverse().map((r) => rulingHtml(state, r)).join("");
}

function callsLine(calls) {
  return (calls || []).map((c) => `<span class="ans-call">${esc(c.seat)}: ${callHtml(c.call)}${c.alert ? '<span class="alert-mark">!</span>' : ""}${c.explanation ? ` — ${esc(c.explanation)}` : ""}</span>`).join(" ");
}

function answerHtml(req) {
  const a = req.answer;
  if (!a) return "";
  switch (req.ask) {
    case "review": case "explain_all": return `<div>${callsLine(a.calls)}</div>`;
    case "explain": return `<div>${callHtml(a.call)} (${esc(seatName(a.seat))}): <strong>${esc(a.explanation)}</strong>${a.explained_by ? ` <span class="muted">— ${esc(t("explained_by"))} ${esc(seatName(a.explained_by))}</span>` : ""}</div>`;
    case "contract": return `<div>${a.level ? contractHtml({ level: a.level, strain: a.strain, risk: a.risk, declarer: a.declarer }) : esc(a.contract)}</div>`;
    case "convention_card": {
      if (!a.card) return `<div class="muted">${esc(a.pair || "")} ${esc(t("no_card"))}</div>`;
      const summary = Object.entries(a.card.summary || {}).map(([k, val]) => `${esc(k)}: ${esc(val)}`).join("; ");
      return `<div>${esc(a.pair)}: <strong>${esc(a.card.system || "")}</strong> ${summary}</div>`;
    }
    default:
      if (a.cards) return `<div>${esc(t("trick"))} ${esc(a.trick)}: ${Object.entries(a.cards).map(([s, c]) => `${esc(s)} ${cardText(c)}`).join(" · ")}</div>`;
      if (a.card) return `<div>${esc(t("trick"))} ${esc(a.trick)}: ${cardText(a.card)}</div>`;
      return `<pre>${esc(JSON.stringify(a))}</pre>`;
  }
}

/** One request and its answer. */
export function requestHtml(req, withSeat = false) {
  const ok = req.granted ? `<span class="granted">${esc(t("granted"))}</span>` : `<span class="denied">${esc(t("refused"))}</span>`;
  const who = withSeat ? `${esc(seatName(req.seat))}: ` : "";
  const idx = req.call_index !== undefined ? ` #${req.call_index + 1}` : req.trick !== undefined ? ` ${req.trick}` : "";
  return `<div class="answer" data-ask-answer="${esc(req.ask)}">
    <div class="answer-head">${who}${esc(askLabel(req.ask))}${esc(idx)} — ${ok} ${laws(req.laws)}</div>
    ${req.reason ? `<div class="muted">${esc(req.reason)}</div>` : ""}
    ${req.ui ? `<div class="ui-note">${esc(t("ui_note"))}</div>` : ""}${answerHtml(req)}</div>`;
}

export function renderAnswers(state) {
  const reqs = state.view.requests || [];
  document.getElementById("answers-panel").hidden = !reqs.length || state.role === "director";
  document.getElementById("answers-panel").classList.toggle("has-answers", reqs.length > 0);
  document.getElementById("answers").innerHTML = [...reqs].reverse().slice(0, 12).map((r) => requestHtml(r, state.role === "all")).join("");
}

export function renderResult(state) {
  const v = state.view;
  const el = document.getElementById("result-panel");
  const res = v.result;
  const past = state.results || [];
  el.hidden = !res && !past.length && !state.adjustment && !state.can_next_board;
  if (el.hidden) return;
  const score = (n) => (n > 0 ? `+${n}` : `${n}`);
  let html = "";
  if (res) {
    html += `<h3>${esc(t("result"))}</h3><div class="result" id="result">${contractHtml(v.contract)}
      ${res.declarer_tricks !== null && res.declarer_tricks !== undefined ? ` · ${esc(t("made", { n: res.declarer_tricks }))}` : ""}
      · ${esc(t("score_ns"))}: <strong id="score-ns">${score(res.score_ns)}</strong></div>`;
  }
  if (state.adjustment) {
    const a = state.adjustment;
    html += `<div class="adjusted">${esc(t("adjusted"))} <span class="law">${esc(a.law)}</span>: ${a.score_ns === null ? "—" : `<strong>${score(a.score_ns)}</strong>`} ${esc(a.note || "")}</div>`;
  }
  if (past.length) {
    html += `<h4>${esc(t("results"))}</h4><table class="results">${past.map((r) => `<tr><td>${esc(t("board"))} ${r.board}</td><td>${r.score_ns === null ? "—" : score(r.score_ns)}</td><td>${r.adjusted ? `${esc(t("adjusted"))}: ${r.adjusted.score_ns ?? "—"}` : ""}</td></tr>`).join("")}</table>`;
  }
  if (state.can_next_board) html += `<button class="btn primary" id="next-board">${esc(t("next_board"))}</button>`;
  el.innerHTML = html;
}

/** One line under the felt: phase, whose turn, what the table waits for, actions due. */
export function renderStatus(state, notice) {
  const v = state.view;
  const parts = [`<strong>${esc(t(`phase_${v.phase}`))}</strong>`];
  const who = state.to_act;
  const me = SEATS.includes(state.role) ? state.role : null;
  if (who === "director") parts.push(esc(t("director_is_asked")));
  else if (who && (who === me || state.role === "all" && v.awaiting)) parts.push(`<span class="your-turn">${esc(t("your_turn"))}${state.role === "all" ? ` (${esc(seatName(who))})` : ""}</span>`);
  else if (who) parts.push(`${esc(t("to_act"))}: ${esc(seatName(who))}`);
  const fd = v.face_down_lead;
  if (fd) {
    parts.push(esc(t("lead_lies_face_down", { seat: seatName(fd.seat) })));
    if (state.role === fd.seat || state.role === "all") parts.push(`<button class="btn primary" id="face-lead" data-seat="${fd.seat}">${esc(t("face_lead"))}</button>`);
  } else if (v.phase === "lead" && v.regulations?.opening_lead === "face_down" && v.turn === me) {
    parts.push(`<span class="muted">${esc(t("lead_face_down_hint"))}</span>`);
  }
  if (notice) parts.push(`<span class="notice">${esc(notice)}</span>`);
  document.getElementById("status-line").innerHTML = parts.join(" · ");
}
