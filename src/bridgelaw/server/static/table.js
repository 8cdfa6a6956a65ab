// The table page: one link's live view over the websocket /ws/{token}. The server sends
// only what this link may see ({"type":"state"}); this page draws it (felt.js, auction.js,
// panels.js, console.js for the director) and turns clicks into scenario-vocabulary actions.

import { t, lang, setLang, translatePage } from "./i18n.js";
import { SEATS, STRAINS, SUITS, SYMBOL, seatName, parseHand, rankText, fourColour, setFourColour, applyFourColour } from "./cards.js";
import { renderFelt, renderClaim, dummyOf } from "./felt.js";
import { claimLineControls, readClaimLine } from "./claimline.js";
import { renderAuction, renderBiddingBox, callingSeat } from "./auction.js";
import { renderContract, renderRulings, renderAnswers, renderResult, renderStatus } from "./panels.js";
import { renderConsole, readDecision, decisionProblem, showLaw, findLaws } from "./console.js";
import { setUpAdjust, renderAdjustForm, adjustText } from "./adjust.js";
import { renderPrivate, setUpPrivate } from "./private.js";
import { renderExplainPrompts, explainAction } from "./explain.js";
import { setUpKeys } from "./keys.js";
import { renderUndoRequest, undoMessage } from "./undo.js";
import { applyPatch } from "./patch.js";
import { renderSheet } from "./sheet.js";

const token = new URLSearchParams(location.search).get("t");
let state = null;
let ws = null;
let connected = false;
let retry = 300;
let msgId = 0;
let notice = "";
let adjustSent = null; // the id of the director's adjust message waiting for its ack
let tempoSent = null; // {id, seat} of a hesitation note waiting for its ack
let wsLang = null; // the language the server renders this connection's texts in
let raw = null; // the state as the server sent it (patches apply to it)
let patches = 0; // patches applied since the page opened
// what the page holds, for a test to compare with the server's whole state
window.bridgelaw = { state: () => raw, patches: () => patches };

// ------------------------------------------------------------------ connection
function acknowledged(ack) {
  if (tempoSent !== null && ack.id === tempoSent.id) {
    toast(t("hesitation_noted", { seat: seatName(tempoSent.seat) }));
    tempoSent = null;
  } else if (adjustSent !== null && ack.id === adjustSent) {
    adjustSent = null;
    toast(t("adjust_done", { score: adjustText(state && state.adjustment) }));
  }
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  // the server renders the log, refusals and questions in the page's language (catalogs)
  wsLang = lang();
  raw = null;
  ws = new WebSocket(`${proto}://${location.host}/ws/${token}?lang=${wsLang}&updates=patch`);
  ws.onopen = () => { connected = true; retry = 300; showConn(); document.getElementById("layout").classList.remove("offline"); };
  ws.onmessage = (ev) => {
    let msg = JSON.parse(ev.data);
    // the acknowledgement of this page's own change comes with the patch that shows it
    const ack = msg.type === "patch" || msg.type === "state" ? msg.ack : undefined;
    if (ack) delete msg.ack;
    if (msg.type === "patch") {
      // a patch applies to the state it was made from; anything else asks for a whole one
      if (!raw || msg.base !== raw.seq) { raw = null; send({ type: "state" }); return; }
      msg = applyPatch(raw, msg.ops);
      patches += 1;
    }
    if (msg.type === "state") {
      raw = msg;
      if (state && msg.seq !== state.seq) { state.pending = null; notice = ""; }
      state = { ...msg, pending: state && msg.seq === state.seq ? state.pending : null };
      render();
      if (ack) acknowledged(ack);
    } else if (msg.type === "ack") {
      acknowledged(msg);
    } else if (msg.type === "error") {
      // the page's language for the refusals the catalog knows; else the server's text
      const key = `err_${msg.code}`;
      toast(t(key) !== key ? (lang() === "en" ? msg.message || t(key) : t(key)) : `${msg.message}`, true);
      if (msg.code === "unknown_link") { retry = -1; document.getElementById("status-line").textContent = t("unknown_link"); }
    }
  };
  ws.onclose = () => {
    connected = false;
    showConn();
    document.getElementById("layout").classList.add("offline");
    if (retry > 0) { setTimeout(connect, retry); retry = Math.min(retry * 2, 5000); }
  };
}

/** Send one message, stamped with the sequence number of the state the player saw;
 *  return its id (null when the connection is down). */
function send(msg) {
  if (!ws || ws.readyState !== WebSocket.OPEN) { toast(t("disconnected"), true); return null; }
  ws.send(JSON.stringify({ id: ++msgId, seq: state ? state.seq : undefined, ...msg }));
  return msgId;
}

/** After a language switch: the same connection, its texts now in the new language. */
function reconnectInLanguage() {
  if (!ws || wsLang === lang()) return;
  ws.onclose = null;
  ws.close();
  connected = false;
  retry = 300;
  connect();
}
/** An action carries its own id: the server applies it once, however often it arrives. */
const act = (action) => send({ type: "action", action, action_id: actionId() });
function actionId() {
  if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
}

function toast(text, bad = false) {
  const box = document.getElementById("toast");
  box.textContent = text;
  box.hidden = false;
  box.className = `toast ${bad ? "bad" : ""}`;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { box.hidden = true; }, 6000);
}

function showConn() {
  const c = document.getElementById("conn");
  c.textContent = connected ? t("connected") : t("disconnected");
  c.className = `conn ${connected ? "ok" : "bad"}`;
}

// ------------------------------------------------------------------ drawing
function render() {
  translatePage();
  showConn();
  document.getElementById("lang-btn").textContent = t("switch_to");
  const deck = document.getElementById("four-colour-btn");
  deck.textContent = t("four_colour");
  deck.setAttribute("aria-pressed", String(fourColour()));
  applyFourColour();
  if (!state) return;
  const v = state.view;
  const main = document.getElementById("layout");
  main.dataset.seq = String(state.seq);
  main.dataset.phase = v.phase;
  main.dataset.role = state.role;
  document.body.classList.toggle("director", state.role === "director");
  document.getElementById("title").textContent = state.title || "";
  document.getElementById("board-info").textContent =
    `${t("board")} ${v.board}${state.boards > 1 ? ` (${state.board_index + 1}/${state.boards})` : ""} · ${t("dealer")}: ${t(`seat_${v.dealer}`)} · ${t(`vulnerability_${v.vulnerable}`)}`;
  document.getElementById("who").textContent = state.role === "all" ? t("role_all")
    : state.role === "director" ? t("role_director") : `${t("you_are")}: ${t(`seat_${state.role}`)}`;
  const svg = document.getElementById("svg-link");
  svg.href = `/api/links/${token}/diagram.svg?lang=${lang()}`;
  svg.setAttribute("download", `board-${v.board}.svg`);
  document.title = `bridgelaw — ${t("board")} ${v.board}`;
  renderFelt(state);
  renderClaim(state);
  renderUndoRequest(state);
  renderAuction(state);
  renderBiddingBox(state);
  renderContract(state);
  renderRulings(state);
  renderAnswers(state);
  renderExplainPrompts(state);
  renderResult(state);
  renderStatus(state, notice);
  document.getElementById("requests-panel").hidden = state.role === "director";
  // dummy may not claim, concede or point out a revoke during the play (43A1, 68)
  const dummy = dummyOf(v) === state.role && v.phase !== "auction";
  for (const id of ["claim-row", "claim-statement", "claim-line-box", "revoke-row"]) document.getElementById(id).hidden = dummy || v.phase === "auction" || v.phase === "ended";
  const lineBox = document.getElementById("claim-line-box");
  if (lineBox.dataset.lang !== lang()) { lineBox.innerHTML = claimLineControls("claim"); lineBox.dataset.lang = lang(); }
  // declarer's slip in naming dummy's card (45C4(b)): his alone to say
  const declarer = v.contract && typeof v.contract === "object" ? v.contract.declarer : null;
  document.getElementById("unintended-btn").hidden = !(state.role === declarer || state.role === "all") || v.phase !== "play";
  // a card played after a mistaken explanation (47E2): only a player who has played one may take it back
  const asker = askingSeat();
  const played = (v.tricks || []).some((tr) => tr.cards && tr.cards[asker]) || v.face_down_lead?.seat === asker;
  document.getElementById("mistake-btn").hidden = v.phase === "auction" || v.phase === "ended" || !played;
  document.getElementById("layout").classList.toggle("offline", !connected);
  const fill = document.getElementById("tempo-seat");
  if (!fill.options.length) {
    fill.innerHTML = SEATS.map((s) => `<option value="${s}"></option>`).join("");
    fill.value = askingSeat(); // whose pause: one's own unless he names another player
  }
  for (const o of fill.options) o.textContent = seatName(o.value);
  const rev = document.getElementById("revoke-offender");
  for (const o of rev.options) o.textContent = seatName(o.value);
  renderExposeChoice();
  renderReportChoice();
  document.getElementById("console").hidden = state.role !== "director";
  renderPrivate(state);
  if (state.role === "director") { renderConsole(state); renderAdjustForm(); }
  renderSheet();
}

/** A board problem as the engine needs it (Laws 13-15, 87): whose hand had too many cards
 *  and whose too few, the card surplus or missing, whose cards were from another board. */
function reportAction() {
  const kind = document.getElementById("report-kind").value;
  const value = (id) => document.getElementById(id).value;
  const action = { seat: askingSeat(), report: kind };
  if (kind === "incorrect_number") action.hands = [value("report-seat"), value("report-under")];
  if (kind === "surplus_card" || kind === "missing_card") action.card = value("report-card");
  if (kind === "wrong_board") action.offender = value("report-seat");
  return action;
}

/** The report's detail fields: the ones its kind needs, seats and cards in the page's language. */
function renderReportChoice() {
  const kind = document.getElementById("report-kind").value;
  for (const el of document.querySelectorAll("[data-report]")) el.hidden = !el.dataset.report.split(" ").includes(kind);
  document.getElementById("report-seat-label").textContent = t(kind === "wrong_board" ? "report_wrong_cards" : "report_too_many");
  for (const id of ["report-seat", "report-under"]) {
    const box = document.getElementById(id);
    if (!box.options.length) {
      box.innerHTML = SEATS.map((s) => `<option value="${s}"></option>`).join("");
      box.value = id === "report-seat" ? askingSeat() : SEATS[(SEATS.indexOf(askingSeat()) + 1) % 4];
    }
    for (const o of box.options) o.textContent = seatName(o.value);
  }
  const cards = document.getElementById("report-card");
  if (cards.dataset.lang !== lang()) {  // the ranks read as the page's language writes them
    const chosen = cards.value;
    cards.innerHTML = SUITS.flatMap((s) => [..."AKQJT98765432"].map((r) => `<option value="${s}${r}">${SYMBOL[s]}${rankText(r)}</option>`)).join("");
    cards.dataset.lang = lang();
    if (chosen) cards.value = chosen;
  }
}

/** The cards a player may say he exposed: his own, by suit symbol and rank (♠Q), kept
 *  as chosen while the hand is the same. */
function renderExposeChoice() {
  const box = document.getElementById("expose-card");
  const hand = parseHand(state.view.hands[askingSeat()] || "");
  const cards = SUITS.flatMap((s) => hand[s].map((r) => s + r));
  const key = cards.join(" ");
  if (box.dataset.cards === key && box.dataset.lang === lang()) return;
  const chosen = box.value;
  box.innerHTML = cards.map((c) => `<option value="${c}">${SYMBOL[c[0]]}${rankText(c[1])}</option>`).join("");
  box.dataset.cards = key;
  box.dataset.lang = lang();
  if (cards.includes(chosen)) box.value = chosen;
}

// ------------------------------------------------------------------ actions
/** The seat a request or claim is made for: own seat; for practice, the seat to act. */
function askingSeat() {
  if (SEATS.includes(state.role)) return state.role;
  if (SEATS.includes(state.to_act)) return state.to_act;
  return state.view.turn || "S";
}

function bidRank(call) { return (Number(call[0]) - 1) * 5 + STRAINS.indexOf(call[1]); }

/** Why a call would be irregular now (for the second-click confirmation), or "". */
function callProblem(call) {
  const v = state.view;
  const seat = callingSeat(state);
  if (v.turn !== seat || state.to_act !== seat) return t("why_turn");
  if ((state.legal_calls || []).includes(call)) return "";
  // the irregularity named as the Laws name it: an insufficient bid (27), an inadmissible
  // double or redouble (36), else a call the rules of bidding do not allow
  if (call === "X" || call === "XX") return t(call === "X" ? "why_inadmissible_double" : "why_inadmissible_redouble");
  const bids = (v.auction || []).filter((c) => /^[1-7]/.test(c));  // the calls that stand
  const last = bids.length ? bids[bids.length - 1] : null;
  if (last && /^[1-7]/.test(call) && bidRank(call) <= bidRank(last)) return t("why_insufficient");
  return t("why_illegal");
}

function makeCall(call) {
  const seat = callingSeat(state);
  const problem = callProblem(call);
  const key = `call:${call}`;
  if (problem && state.view.mode === "online") { notice = t("online_refused", { why: problem }); render(); return; }
  if (problem && state.pending !== key) {
    state.pending = key;
    notice = t("irregular_call", { why: problem });
    render();
    return;
  }
  const action = { seat, call };
  if (document.getElementById("change-toggle").checked) action.change = true;
  document.getElementById("change-toggle").checked = false;
  if (document.getElementById("alert-toggle").checked) action.alert = true;
  const meaning = document.getElementById("meaning").value.trim();
  if (meaning) action.meaning = meaning;
  document.getElementById("alert-toggle").checked = false;
  document.getElementById("meaning").value = "";
  act(action);
}

function cardProblem(seat, card) {
  const v = state.view;
  const dummy = dummyOf(v);
  const mine = state.role === "all" || seat === state.role || (seat === dummy && state.role === v.contract?.declarer);
  if (!mine || v.turn !== seat) return t("why_turn");
  if (!(state.legal_cards || []).includes(card)) return t("why_card");
  return "";
}

function playCard(seat, card) {
  const v = state.view;
  const problem = cardProblem(seat, card);
  const key = `card:${seat}:${card}`;
  if (problem && state.view.mode === "online") { notice = t("online_refused", { why: problem }); render(); return; }
  if (problem && state.pending !== key) {
    state.pending = key;
    notice = t("irregular_card", { why: problem });
    render();
    return;
  }
  const action = { seat, play: card };
  if (v.phase === "lead" && !v.tricks.length && !v.face_down_lead && v.regulations?.opening_lead === "face_down") action.face_down = true;
  act(action);
}

/** A call typed on the keyboard: made as a click on the bidding box would make it. */
function keyCall(call) {
  if (!state || !connected || state.view.phase !== "auction" || !callingSeat(state)) return;
  makeCall(call);
}

/** A card typed on the keyboard: played from the hand due to play if this link plays it
 *  (declarer for dummy too), else from the player's own hand (out of turn: confirmed). */
function keyCard(card) {
  if (!state || !connected || !["lead", "play"].includes(state.view.phase)) return;
  const v = state.view;
  const dummy = dummyOf(v);
  const mine = (s) => state.role === "all" || s === state.role || (s === dummy && state.role === v.contract?.declarer);
  playCard(v.turn && mine(v.turn) ? v.turn : askingSeat(), card);
}

function onClick(ev) {
  const target = ev.target.closest("[data-undo-answer-btn],[data-explain],[data-call],[data-card],[data-choose],[data-ask],[data-call-index],[data-decide],[data-decide-form],[data-claim-response],button,a");
  if (!target || !state) return;
  const d = target.dataset;
  // while the connection is down nothing is taken: an action would be lost, not queued
  if (!connected && target.closest("#layout") && !target.matches("a")) { toast(t("offline_wait"), true); return; }
  if (d.claimResponse) return act({ seat: d.by, claim_response: d.claimResponse });
  const undoMsg = undoMessage(target);
  if (undoMsg) return send(undoMsg);
  if (d.explain) {
    const action = explainAction(target);
    if (!action) { toast(t("explain_nothing_typed"), true); return undefined; }
    return act(action);
  }
  if (d.call && target.closest("#bidding-box")) return makeCall(d.call);
  if (d.card && d.seat) return playCard(d.seat, d.card);
  if (d.choose) {
    const action = { seat: d.by, choose: d.choose };
    if (d.suit) action.suit = d.suit;
    if (d.cardParam) action.card = d.cardParam;
    return act(action);
  }
  if (d.callIndex !== undefined && target.closest("#auction")) {
    return act({ seat: askingSeat(), ask: "explain", call_index: Number(d.callIndex) });
  }
  if (d.ask) {
    const action = { seat: askingSeat(), ask: d.ask };
    if (d.ask === "quitted_trick") action.trick = Number(document.getElementById("trick-no").value);
    return act(action);
  }
  if (d.decide) {
    ev.preventDefault();
    return act({ seat: "director", decide: { [d.key]: d.value === "true" } });
  }
  if (d.decideForm) {
    ev.preventDefault();
    const form = target.closest("form");
    const problem = decisionProblem(form);
    if (problem) { toast(problem, true); return; }
    const decision = readDecision(form);
    if (decision === null) { toast(t("answer_a_question"), true); return; }
    return act({ seat: "director", decide: decision });
  }
  switch (target.id) {
    case "director-btn": return act({ seat: askingSeat(), director: true });
    case "unintended-btn": return act({ seat: askingSeat(), point_out: "unintended_designation" });  // 45C4(b)
    case "defective-btn": return act({  // a trick with a card missing or one too many (67)
      seat: askingSeat(), point_out: "defective_trick",
      offender: document.getElementById("revoke-offender").value, trick: Number(document.getElementById("revoke-trick").value),
    });
    case "revoke-btn": return act({
      seat: askingSeat(), point_out: "revoke",
      offender: document.getElementById("revoke-offender").value, trick: Number(document.getElementById("revoke-trick").value),
    });
    case "tempo-btn": {
      // whose pause it was is chosen beside the button; the table is told it was noted
      const seat = document.getElementById("tempo-seat").value || askingSeat();
      const id = act({ seat, tempo: "hesitation" });
      tempoSent = id === null ? null : { id, seat };
      return undefined;
    }
    case "claim-btn": case "concede-btn": {
      const n = Number(document.getElementById("claim-n").value);
      const statement = document.getElementById("claim-statement").value.trim();
      const action = target.id === "claim-btn" ? { seat: askingSeat(), claim: n } : { seat: askingSeat(), concede: n };
      if (statement && target.id === "claim-btn") action.statement = statement;
      const line = target.id === "claim-btn" ? readClaimLine("claim") : null;
      if (line) action.line = line;
      return act(action);
    }
    case "face-lead": return act({ seat: target.dataset.seat, face_lead: true });
    case "undo-btn":
      // a second click confirms: an undo withdraws an action the table has seen
      if (state.pending !== "undo") { state.pending = "undo"; render(); return undefined; }
      state.pending = null;
      return send({ type: "undo" });
    case "next-board":
      if (state.view.phase !== "ended" && state.pending !== "next-board") { state.pending = "next-board"; render(); return undefined; }
      return send({ type: "next_board" });
    case "expose-btn": {
      const card = document.getElementById("expose-card").value;
      if (!card) { toast(t("expose_which"), true); return undefined; }
      return act({ seat: askingSeat(), expose: [card], how: document.getElementById("expose-how").value });
    }
    case "report-btn": return act(reportAction());
    case "correct-btn": return act({ seat: askingSeat(), ask: "correct_explanation", call_index: Number(document.getElementById("correct-call").value) - 1 });
    case "mistake-btn": return act({ seat: askingSeat(), point_out: "mistaken_explanation" });
    case "lang-btn": return setLang(lang() === "ru" ? "en" : "ru");
    case "four-colour-btn": setFourColour(!fourColour()); return render();
    default: return undefined;
  }
}

function setUp() {
  document.getElementById("bidding-box").innerHTML = `
    <div id="bid-grid"></div>
    <div class="bid-extra">
      <label class="alert-label"><input type="checkbox" id="alert-toggle"> <span data-i18n="alert">Alert</span></label>
      <label class="alert-label" data-i18n-title="change_call_hint"><input type="checkbox" id="change-toggle"> <span data-i18n="change_call">Change of call</span></label>
      <input type="text" id="meaning" maxlength="200" data-i18n-placeholder="meaning">
    </div>
    <p class="hint keys-hint" data-i18n="keys_hint"></p>`;
  document.addEventListener("click", onClick);
  document.getElementById("report-kind").addEventListener("change", renderReportChoice);
  setUpKeys(keyCall, keyCard); // first: Enter after typed keys is theirs, not a focused card's
  document.addEventListener("keydown", (ev) => { if (ev.key === "Enter" && !ev.defaultPrevented && ev.target.dataset?.card) onClick(ev); });
  document.addEventListener("langchange", () => { render(); reconnectInLanguage(); });
  setUpAdjust((fields) => { adjustSent = send({ type: "adjust", ...fields }); }, (key) => toast(t(key), true));
  setUpPrivate(send);
  document.getElementById("law-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const asked = document.getElementById("law-no").value.trim();
    const out = document.getElementById("law-out");
    // a number opens the law; words list the laws that hold them (the reference's search)
    if (/^\d+$/.test(asked)) showLaw(Number(asked), out);
    else findLaws(asked, out);
  });
}

setUp();
render();
if (!token) document.getElementById("status-line").textContent = t("unknown_link");
else connect();

// the controls work from now on: until then (the texts still loading) the styles take no
// tap, which would have done nothing
document.documentElement.dataset.ready = "true";
