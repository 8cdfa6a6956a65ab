// Taking back a slip with consent (bridgelaw.server.undo): a player asks to withdraw his
// last call or card; both opponents agree, or one refuses and the director rules. The
// banner shows the request to the whole table, with the answer buttons for whoever may
// answer (each opponent; the director; the practice link for either opponent).

import { t } from "./i18n.js";
import { SEATS, esc, callHtml, cardText, seatName, sideOf } from "./cards.js";

const opponentsOf = (seat) => SEATS.filter((s) => sideOf(s) !== sideOf(seat));

function slipHtml(action) {
  if (action.call) return callHtml(action.call);
  if (action.play) return cardText(action.play);
  return esc(t("undo_face_down_card"));
}

function answersHtml(r) {
  return opponentsOf(r.by).map((s) => {
    const a = r.answers[s];
    const word = a === true ? t("undo_agreed") : a === false ? t("undo_refused") : t("undo_no_answer");
    return `<span class="undo-answer" data-undo-seat="${s}" data-undo-answer="${a === undefined ? "" : a}">${esc(seatName(s))}: ${esc(word)}</span>`;
  }).join(" · ");
}

function buttonsHtml(state, r) {
  if (state.role === "director") {
    return `<button class="btn option" data-undo-answer-btn="true">${esc(t("undo_allow"))}</button>
      <button class="btn option" data-undo-answer-btn="false">${esc(t("undo_deny"))}</button>`;
  }
  const seats = state.role === "all" ? opponentsOf(r.by) : [state.role];
  return seats.filter((s) => opponentsOf(r.by).includes(s) && r.answers[s] === undefined).map((s) => {
    const who = state.role === "all" ? `${esc(seatName(s))}: ` : "";
    return `<div class="undo-buttons">${who}<button class="btn option" data-undo-answer-btn="true" data-undo-by="${s}">${esc(t("undo_consent"))}</button>
      <button class="btn option" data-undo-answer-btn="false" data-undo-by="${s}">${esc(t("undo_decline"))}</button></div>`;
  }).join("");
}

/** The banner of an open request to take back a slip (hidden when there is none). */
export function renderUndoRequest(state) {
  const el = document.getElementById("undo-banner");
  const r = state.undo_request;
  el.hidden = !r;
  if (!r) { el.innerHTML = ""; return; }
  const refused = r.refused ? `<div class="notice" id="undo-refused">${esc(t("undo_refused_note"))}</div>` : "";
  el.innerHTML = `<strong>${esc(t("undo_request_head"))}</strong> ${esc(t("undo_asks", { seat: seatName(r.by) }))} ${slipHtml(r.action)}
    <div class="muted">${answersHtml(r)}</div>${refused}${buttonsHtml(state, r)}`;
}

/** The message of a click in the banner or on the ask button, or null. */
export function undoMessage(target) {
  if (target.id === "undo-ask-btn") return { type: "undo_request" };
  const d = target.dataset;
  if (d.undoAnswerBtn === undefined) return null;
  const msg = { type: "undo_answer", agree: d.undoAnswerBtn === "true" };
  if (d.undoBy) msg.seat = d.undoBy;
  return msg;
}
