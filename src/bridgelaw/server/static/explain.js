// Explanations as at a real table (Law 20F1): an opponent asks about a call, the caller's
// PARTNER is put the question and answers in his own words (``give_explanation``), and
// the whole table hears the answer. The caller's own note is never passed off as his
// partner's explanation. Online (mode "online") the engine's answer is shown as it is.

import { t } from "./i18n.js";
import { SEATS, esc, callHtml, seatName } from "./cards.js";

const PARTNER = { N: "S", S: "N", E: "W", W: "E" };

/** The partner's explanation given after the question ``req`` about the same call, or null. */
export function partnerAnswer(requests, req) {
  return (requests || []).find((r) => r.ask === "give_explanation" && r.granted
    && r.call_index === req.call_index && r.at_action > req.at_action) || null;
}

/** The questions this link is to answer: opponents' questions about his partner's calls
 *  not answered yet (the practice link answers them all). */
export function openQuestions(state) {
  const v = state.view;
  if (v.mode === "online" || !(SEATS.includes(state.role) || state.role === "all")) return [];
  const reqs = v.requests || [];
  const calls = v.calls || [];
  return reqs.filter((r) => r.ask === "explain" && r.granted && calls[r.call_index]
    && (state.role === "all" || calls[r.call_index].seat === PARTNER[state.role])
    && !partnerAnswer(reqs, r));
}

function promptHtml(state, q) {
  const call = state.view.calls[q.call_index];
  const by = PARTNER[call.seat];
  return `<div class="explain-prompt" data-prompt="${q.at_action}">
    <div>${esc(t("explain_asks", { asker: seatName(q.seat), caller: seatName(call.seat) }))} ${callHtml(call.call)}${call.alert ? '<span class="alert-mark">!</span>' : ""}</div>
    <div class="req-row"><input type="text" maxlength="500" class="explain-text" data-for="${q.at_action}" data-i18n-placeholder="explain_placeholder" placeholder="${esc(t("explain_placeholder"))}">
    <button type="button" class="btn primary" data-explain="${q.at_action}" data-call-index-answer="${q.call_index}" data-by="${by}">${esc(t("explain_send"))}</button></div></div>`;
}

/** The panel of questions put to this player; a half-typed answer is kept while the rest
 *  of the page changes. */
export function renderExplainPrompts(state) {
  const open = openQuestions(state);
  const panel = document.getElementById("explain-prompts");
  panel.hidden = !open.length;
  const list = document.getElementById("explain-prompt-list");
  const ids = open.map((q) => q.at_action).join(",");
  if (list.dataset.ids === ids && list.dataset.lang === document.documentElement.lang) return;
  list.dataset.ids = ids;
  list.dataset.lang = document.documentElement.lang;
  const typed = Object.fromEntries([...list.querySelectorAll(".explain-text")].map((el) => [el.dataset.for, el.value]));
  list.innerHTML = open.map((q) => promptHtml(state, q)).join("");
  for (const el of list.querySelectorAll(".explain-text")) el.value = typed[el.dataset.for] || "";
}

/** The action of a click on an Explain button, or null when nothing is typed. */
export function explainAction(button) {
  const input = document.querySelector(`.explain-text[data-for="${button.dataset.explain}"]`);
  const text = input ? input.value.trim() : "";
  if (!text) return null;
  return { seat: button.dataset.by, ask: "give_explanation", call_index: Number(button.dataset.callIndexAnswer), text };
}

/** How the asker's answer reads at the table: the partner's words once he has spoken,
 *  until then that he is to explain (the engine's answer is the caller's own note). */
export function tableExplanationHtml(req, requests, sourceHtml) {
  const given = partnerAnswer(requests, req);
  const a = req.answer;
  if (given) return `<div data-explanation="partner">${callHtml(a.call)} (${esc(seatName(a.seat))}): <strong>${esc(given.answer.explanation)}</strong> <span class="muted">— ${esc(t("explained_by"))} ${esc(seatName(given.seat))}</span></div>`;
  const card = a.source === "convention_card" ? `<div>${sourceHtml(a)}</div>` : "";
  return `<div data-explanation="waiting">${callHtml(a.call)} (${esc(seatName(a.seat))}): <em class="muted">${esc(t("explain_waiting", { seat: seatName(PARTNER[a.seat]) }))}</em></div>${card}`;
}
