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

/** The calls a request asks about, as {call_index, seat}: one call ("explain"), or the
 *  opponents' calls of the whole auction ("explain_all", restated in its answer). */
function callsAsked(req, calls) {
  if (req.ask === "explain") return calls[req.call_index] ? [{ call_index: req.call_index, seat: calls[req.call_index].seat }] : [];
  const asked = (req.answer && req.answer.calls) || [];
  return asked.filter((c) => c.seat !== req.seat && c.seat !== PARTNER[req.seat]);
}

/** The questions this link is to answer, one per call: an opponent asked about his
 *  partner's call, alone or in the whole auction, and he has not answered since (the
 *  practice link answers them all). */
export function openQuestions(state) {
  const v = state.view;
  if (v.mode === "online" || !(SEATS.includes(state.role) || state.role === "all")) return [];
  const reqs = v.requests || [];
  const calls = v.calls || [];
  const open = [];
  const seen = new Set();
  for (const r of reqs) {
    if (!(r.ask === "explain" || r.ask === "explain_all") || !r.granted) continue;
    for (const c of callsAsked(r, calls)) {
      const mine = state.role === "all" || c.seat === PARTNER[state.role];
      if (!mine || seen.has(c.call_index) || !calls[c.call_index]) continue;
      if (partnerAnswer(reqs, { call_index: c.call_index, at_action: r.at_action })) continue;
      seen.add(c.call_index);
      open.push({ key: `${r.at_action}-${c.call_index}`, at_action: r.at_action, call_index: c.call_index, seat: r.seat, whole: r.ask === "explain_all" });
    }
  }
  return open;
}

function promptHtml(state, q) {
  const call = state.view.calls[q.call_index];
  const by = PARTNER[call.seat];
  const asks = t(q.whole ? "explain_asks_auction" : "explain_asks", { asker: seatName(q.seat), caller: seatName(call.seat) });
  return `<div class="explain-prompt" data-prompt="${q.key}" data-prompt-call="${q.call_index}">
    <div>${esc(asks)} ${callHtml(call.call)}${call.alert ? '<span class="alert-mark">!</span>' : ""}</div>
    <div class="req-row"><input type="text" maxlength="500" class="explain-text" data-for="${q.key}" data-i18n-placeholder="explain_placeholder" placeholder="${esc(t("explain_placeholder"))}">
    <button type="button" class="btn primary" data-explain="${q.key}" data-call-index-answer="${q.call_index}" data-by="${by}">${esc(t("explain_send"))}</button></div></div>`;
}

/** The panel of questions put to this player; a half-typed answer is kept while the rest
 *  of the page changes. */
export function renderExplainPrompts(state) {
  const open = openQuestions(state);
  const panel = document.getElementById("explain-prompts");
  panel.hidden = !open.length;
  const list = document.getElementById("explain-prompt-list");
  const ids = open.map((q) => q.key).join(",");
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

/** One call of the whole auction as the asker hears it at the table: his own side's calls
 *  restated; an opponent's call with his partner's answer once given, otherwise that the
 *  partner is to explain (with the system card's entry, a public document, if there is one). */
function auctionCallHtml(req, requests, c, sourceHtml) {
  const head = `<span class="ans-call" data-auction-call="${c.call_index}">${esc(seatName(c.seat))}: ${callHtml(c.call)}${c.alert ? '<span class="alert-mark">!</span>' : ""}`;
  if (c.seat === req.seat || c.seat === PARTNER[req.seat]) return `${head}</span>`;
  const given = partnerAnswer(requests, { call_index: c.call_index, at_action: req.at_action });
  if (given) return `${head} — <strong data-explanation="partner">${esc(given.answer.explanation)}</strong> <span class="muted">— ${esc(t("explained_by"))} ${esc(seatName(given.seat))}</span></span>`;
  const card = c.source === "convention_card" ? ` ${sourceHtml(c)}` : "";
  return `${head} — <em class="muted" data-explanation="waiting">${esc(t("explain_waiting", { seat: seatName(PARTNER[c.seat]) }))}</em>${card}</span>`;
}

/** The whole auction explained at the table (``explain_all``): each opponent's call with
 *  his partner's answer, as it comes. */
export function tableAuctionHtml(req, requests, sourceHtml) {
  const calls = (req.answer && req.answer.calls) || [];
  if (!calls.length) return `<div class="calls-list"><span class="muted">—</span></div>`;
  return `<div class="calls-list">${calls.map((c) => auctionCallHtml(req, requests, c, sourceHtml)).join("")}</div>`;
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
