// The director's event log in words, in the page's language: each logged entry (a call, a
// card, a request, a claim, a choice, a decision, the next board, an adjustment, a private
// word, a take-back) as a director would read it, never the engine's field names.

import { t, askLabel, pick, choiceText } from "./i18n.js";
import { SEATS, esc, lawLink, callHtml, cardText, seatName, suitHtml } from "./cards.js";
import { adjustText } from "./adjust.js";

const who = (s) => esc(SEATS.includes(s) ? seatName(s) : s === "director" ? t("role_director") : t("role_all"));
const yesNo = (v) => (v === true ? t("ev_yes") : v === false ? t("ev_no") : typeof v === "object" ? JSON.stringify(v) : String(v));

/** An option's label from the rulings on the table, or its id when none matches. */
function optionLabel(state, id) {
  for (const r of state.view.rulings || []) {
    const o = (r.options || []).find((x) => x.id === id);
    if (o) return choiceText(o, id);
  }
  return choiceText(null, id);
}

/** A question's text from the rulings on the table, or its key. */
function questionText(state, key) {
  for (const r of state.view.rulings || []) {
    const q = (r.questions || []).find((x) => x.key === key);
    if (q) return pick(q, "text") || key;
  }
  return key;
}

/** One action of the scenario vocabulary in words. */
export function actionText(state, p) {
  const seat = `<strong>${who(p.seat)}</strong>`;
  if (p.call !== undefined) return `${seat}: ${callHtml(p.call)}${p.alert ? '<span class="alert-mark">!</span>' : ""}${p.change ? ` (${esc(t("change_call"))})` : ""}`;
  if (p.play !== undefined) return `${seat}: ${cardText(p.play)}${p.face_down ? ` (${esc(t("ev_face_down"))})` : ""}${p.by && p.by !== p.seat ? ` — ${who(p.by)}` : ""}`;
  if (p.face_lead) return `${seat}: ${esc(t("face_lead"))}`;
  if (p.ask) return `${seat}: ${esc(askLabel(p.ask))}${p.call_index !== undefined ? ` #${p.call_index + 1}` : ""}${p.trick !== undefined ? ` ${p.trick}` : ""}`;
  if (p.claim !== undefined) return `${seat}: ${esc(t("ev_claims", { n: p.claim }))}`;
  if (p.concede !== undefined) return `${seat}: ${esc(t("ev_concedes", { n: p.concede }))}`;
  if (p.claim_response) return `${seat}: ${esc(t(p.claim_response === "agree" ? "agree_claim" : "dispute_claim"))}`;
  if (p.director) return `${seat}: ${esc(t("call_director"))}`;
  if (p.tempo) return `${seat}: ${esc(t("ev_hesitation"))}`;
  if (p.choose) return `${seat}: ${esc(t("choice"))} — ${esc(optionLabel(state, p.choose))}${p.suit ? ` ${suitHtml(p.suit)}` : ""}`;
  if (p.decide) return `${seat}: ${Object.entries(p.decide).map(([k, v]) => `${esc(questionText(state, k))} — <strong>${esc(yesNo(v))}</strong>`).join("; ")}`;
  if (p.expose) return `${seat}: ${esc(t("expose"))} ${(p.expose || []).map(cardText).join(" ")}`;
  if (p.report) return `${seat}: ${esc(t("report_board"))} — ${esc(t(`rep_${p.report}`))}`;
  if (p.point_out) return `${seat}: ${esc(t(p.point_out === "revoke" ? "point_out_revoke" : "point_out_mistake"))}`;
  return `${seat}: ${esc(t("ev_other_action"))}`;
}

/** One entry of the event log in words. */
export function eventText(state, e) {
  const p = e.payload || {};
  switch (e.kind) {
    case "action": return actionText(state, p);
    case "undo": return `<strong>${esc(t("undo_done"))}</strong> ${actionText(state, p.action || {})}`;
    case "undo_request": return `${esc(t("undo_asks", { seat: seatName(p.by) }))} ${actionText(state, p.action || {})}`;
    case "undo_answer": return `<strong>${who(p.by)}</strong>: ${esc(t(p.agree ? "undo_agreed" : "undo_refused"))} (${esc(t("undo_request_head"))})`;
    case "next_board": return `<strong>${esc(t("next_board"))}</strong>`;
    case "board_consent": return `<strong>${who(p.by)}</strong>: ${esc(t("next_board_ready"))}`;
    case "adjust": return `<strong>${esc(t("adjusted"))}</strong> ${lawLink(p.law || "")} ${esc(adjustText(p))} ${esc(p.note || "")}`;
    case "private": {
      const from = p.from === "director" ? `${t("private_from_director")} \u2192 ${seatName(p.seat)}` : seatName(p.from);
      return `<span class="private-note" data-private-note="${e.seq}">${esc(t("private_log"))}</span> <strong>${esc(from)}</strong>: ${esc(p.text)}`;
    }
    default: return esc(t("ev_other_action"));
  }
}
