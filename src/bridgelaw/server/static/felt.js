// The table itself: four hands around the felt (own hand at the bottom), the trick in the
// middle, dealer and vulnerability marks, whose turn. Pure rendering from a state message.

import { t } from "./i18n.js";
import { claimLineText } from "./claimline.js";
import {
  SEATS, SUITS, esc, setHtml, lho, partner, sideOf, seatName, isVul, parseHand, cardFace, cardBacks, cardText, suitHtml,
} from "./cards.js";

/** The seat drawn at the bottom: the viewer's own, South for the director and practice. */
export function bottomSeat(state) {
  return SEATS.includes(state.role) ? state.role : "S";
}

/** Compass seat -> position on screen for a viewer sitting at ``bottom``. */
export function positions(bottom) {
  return { bottom, left: lho(bottom), top: partner(bottom), right: lho(lho(lho(bottom))) };
}

export function dummyOf(v) {
  const c = v.contract;
  return c && typeof c === "object" ? partner(c.declarer) : null;
}

/** May this link click the cards of ``seat`` (own hand, dummy for declarer, any for practice)? */
export function canPlayFrom(state, seat) {
  const v = state.view;
  if (state.role === "director" || v.phase === "auction" || v.phase === "ended") return false;
  if (state.role === "all") return true;
  if (seat === state.role) return seat !== dummyOf(v); // dummy's cards are declarer's to play (45B)
  return seat === dummyOf(v) && state.role === v.contract.declarer;
}

function seatLabel(state, seat) {
  const v = state.view;
  const tags = [];
  if (v.dealer === seat) tags.push(`<span class="tag dealer" title="${esc(t("dealer_mark"))}">${esc(t("dealer_mark"))}</span>`);
  const c = v.contract;
  if (c && typeof c === "object") {
    if (c.declarer === seat) tags.push(`<span class="tag decl">${esc(t("declarer"))}</span>`);
    if (dummyOf(v) === seat) tags.push(`<span class="tag dummy">${esc(t("dummy"))}</span>`);
  }
  if (seat === state.role) tags.push(`<span class="tag me">${esc(t("you_are"))}</span>`);
  const vul = isVul(v.vulnerable, seat) ? "vul" : "";
  return `<div class="seat-label ${vul}"><span class="seat-name">${esc(seatName(seat))}</span>${tags.join("")}</div>`;
}

/** Cards led or played out of turn and waiting for a ruling (Laws 53-56): they lie face up
 *  on the table in front of the offender, not in his hand. The card is the ruling's ``card``
 *  field (absent for a lead made face down, which lies face down instead). */
export function outOfTurnCards(v) {
  const out = [];
  for (const r of v.rulings || []) {
    if (!OUT_OF_TURN.has(r.kind) || r.status !== "awaiting_choice" || !r.offender) continue;
    const card = r.card || r.choice_params?.card;
    if (card) out.push({ seat: r.offender, card, ruling: r.id });
  }
  return out;
}
const OUT_OF_TURN = new Set(["opening_lead_out_of_turn", "play_out_of_turn"]);

/** Law 24: the cards ``seat`` exposed or led during the auction, lying face up on the
 *  table until it ends (the view's public ``exposed_in_auction``). */
export function exposedInAuction(v, seat) {
  return (v.exposed_in_auction || []).filter((e) => e.seat === seat);
}

/** Cards physically off ``seat``'s hand: led or played out of turn, a face-down lead,
 *  cards exposed during the auction. */
function offHand(state, seat) {
  const v = state.view;
  const off = new Set(outOfTurnCards(v).filter((o) => o.seat === seat).map((o) => o.card));
  const fd = v.face_down_lead;
  if (fd && fd.seat === seat && fd.card) off.add(fd.card);
  for (const e of exposedInAuction(v, seat)) if (e.card) off.add(e.card);
  return off;
}

/** What lies face up in front of ``seat`` apart from the hand: cards exposed during the
 *  auction (24), penalty cards major and minor apart (50). ``clickable``: the penalty
 *  cards may be played from the table. */
function lyingHtml(state, seat, penalties, clickable) {
  const v = state.view;
  const legal = new Set(state.legal_cards || []);
  const rows = [];
  const exposed = exposedInAuction(v, seat);
  if (exposed.length) {
    const faces = exposed.map((e) => cardFace(e.card, { cls: "exposed", small: true })).join("");
    rows.push(`<div class="penalty-row exposed-row" data-exposed="${seat}"><span class="penalty-label">${esc(t("exposed_in_auction"))}</span><div class="fan penalties">${faces}</div></div>`);
  }
  for (const kind of ["major", "minor"]) {
    const these = penalties.filter((p) => (p.kind === "minor" ? "minor" : "major") === kind);
    if (!these.length) continue;
    const faced = these.map((p) => cardFace(p.card, {
      cls: `penalty ${kind} ${v.turn === seat && legal.has(p.card) ? "legal" : ""}`, seat, clickable, small: true,
    })).join("");
    rows.push(`<div class="penalty-row ${kind}" data-penalty="${kind}"><span class="penalty-label">${esc(t(`penalty_${kind}_cards`, { n: these.length }))}</span><div class="fan penalties ${clickable ? "playable" : ""}">${faced}</div></div>`);
  }
  return rows.join("");
}

/** Law 65: the cards ``seat`` has played to quitted tricks, face down in a row in front of
 *  him in the order played, each turned lengthwise towards his side if it won, crosswise
 *  if it lost. */
function quittedHtml(v, seat) {
  const done = (v.tricks || []).filter((tr) => tr.winner && tr.cards[seat]);
  if (!done.length || v.phase === "ended") return "";
  const side = sideOf(seat);
  const won = done.filter((tr) => sideOf(tr.winner) === side).length;
  const cards = done.map((tr, i) => {
    const w = sideOf(tr.winner) === side;
    return `<div class="card quit ${w ? "won" : "lost"}" title="${esc(t(w ? "quitted_won" : "quitted_lost", { n: i + 1 }))}"></div>`;
  }).join("");
  return `<div class="quitted-row" data-quitted="${seat}" aria-label="${esc(t("quitted_tricks_of", { won, lost: done.length - won }))}">${cards}</div>`;
}

/** Remove ``cards`` from a PBN hand. */
function without(pbn, cards) {
  if (!cards.size) return pbn;
  const hand = parseHand(pbn);
  return SUITS.map((s) => hand[s].filter((r) => !cards.has(s + r)).join("")).join(".");
}

function handHtml(state, seat, pbn, penalty) {
  const clickable = canPlayFrom(state, seat);
  const legal = new Set(state.legal_cards || []);
  const turn = state.view.turn === seat;
  const cards = [];
  const hand = parseHand(pbn);
  for (const s of SUITS) {
    for (const r of hand[s]) {
      const card = s + r;
      const cls = [turn && legal.has(card) ? "legal" : "", penalty.has(card) ? "penalty" : "", state.pending === `card:${seat}:${card}` ? "confirm" : ""].join(" ");
      cards.push(cardFace(card, { cls, seat, clickable }));
    }
  }
  return `<div class="fan ${clickable ? "playable" : ""}">${cards.join("")}</div>`;
}

function dummyHtml(state, seat, pbn, penalty) {
  const clickable = canPlayFrom(state, seat);
  const legal = new Set(state.legal_cards || []);
  const turn = state.view.turn === seat;
  const hand = parseHand(pbn);
  const cols = SUITS.map((s) => {
    const cards = hand[s].map((r) => {
      const card = s + r;
      const cls = [turn && legal.has(card) ? "legal" : "", penalty.has(card) ? "penalty" : "", state.pending === `card:${seat}:${card}` ? "confirm" : ""].join(" ");
      return cardFace(card, { cls, seat, clickable });
    });
    return `<div class="dummy-col">${cards.join("")}</div>`;
  });
  return `<div class="dummy ${clickable ? "playable" : ""}">${cols.join("")}</div>`;
}

/** A hand at the side of the table: one row a suit (as in a printed hand diagram). */
function rowsHtml(state, seat, pbn, penalty) {
  const clickable = canPlayFrom(state, seat);
  const legal = new Set(state.legal_cards || []);
  const turn = state.view.turn === seat;
  const hand = parseHand(pbn);
  const rows = SUITS.map((s) => {
    const cards = hand[s].map((r) => {
      const card = s + r;
      const cls = [turn && legal.has(card) ? "legal" : "", penalty.has(card) ? "penalty" : "", state.pending === `card:${seat}:${card}` ? "confirm" : ""].join(" ");
      return cardFace(card, { cls, seat, clickable, small: true });
    });
    return `<div class="suit-row"><span class="row-suit">${suitHtml(s)}</span><div class="fan">${cards.join("") || '<span class="void">—</span>'}</div></div>`;
  });
  return `<div class="rows ${clickable ? "playable" : ""}">${rows.join("")}</div>`;
}

function seatHtml(state, seat, place) {
  const v = state.view;
  const off = offHand(state, seat);
  const penalties = (v.penalty_cards || []).filter((p) => p.seat === seat && !off.has(p.card));
  const penalty = new Set(penalties.map((p) => p.card));
  const isDummy = seat === dummyOf(v);
  // the cards still held, not lying face up on the table
  const held = (v.hand_sizes[seat] ?? 13) - off.size - (isDummy ? 0 : penalties.length);
  const clickable = canPlayFrom(state, seat);
  let body;
  if (v.hands[seat] !== undefined) {
    // a penalty card lies face up on the table: drawn apart, never over the hand's cards
    const inHand = without(v.hands[seat], new Set([...off, ...(isDummy ? [] : penalty)]));
    const asDummy = isDummy && place === "top" && v.phase !== "ended";
    if (place === "left" || place === "right") body = rowsHtml(state, seat, inHand, penalty);
    else body = asDummy ? dummyHtml(state, seat, inHand, penalty) : handHtml(state, seat, inHand, penalty);
    body += lyingHtml(state, seat, isDummy ? [] : penalties, clickable);
    body += `<div class="count">${esc(t("cards_left", { n: held }))}</div>`;
  } else {
    body = cardBacks(Math.max(held, 0)) + lyingHtml(state, seat, penalties, false);
  }
  const claim = v.claim;
  const faced = claim && claim.seat === seat && claim.hand && v.phase !== "ended"
    ? `<span class="tag faced" data-faced-claim="${seat}">${esc(t("claim_hand_faced"))}</span>` : "";
  body += quittedHtml(v, seat);
  const toAct = state.to_act === seat || (v.turn === seat && state.to_act !== "director" && !v.awaiting);
  return `<div class="seat-box hand ${place} ${toAct ? "to-act" : ""} ${faced ? "claim-faced" : ""}" data-seat="${seat}" data-cards="${held}">${seatLabel(state, seat)}${faced}${body}</div>`;
}

/** The trick to show in the middle: the one in progress, else the one just completed. */
function shownTrick(v) {
  const tricks = v.tricks || [];
  if (!tricks.length) return null;
  const last = tricks[tricks.length - 1];
  return { trick: last, done: last.winner !== null, number: tricks.length };
}

function centreHtml(state, pos) {
  const v = state.view;
  const where = {};
  for (const [p, seat] of Object.entries(pos)) where[seat] = p;
  const slots = [];
  const shown = shownTrick(v);
  if (shown && v.phase !== "auction") {
    for (const [seat, card] of Object.entries(shown.trick.cards)) {
      const win = shown.done && shown.trick.winner === seat ? "winner" : "";
      slots.push(`<div class="slot ${where[seat]} ${shown.done ? "quitted" : ""} ${win}">${cardFace(card)}</div>`);
    }
  }
  for (const o of outOfTurnCards(v)) {
    slots.push(`<div class="slot out-of-turn ${where[o.seat]}" data-out-of-turn="${o.seat}" title="${esc(t("out_of_turn_card", { seat: seatName(o.seat) }))}">${cardFace(o.card)}<div class="oot-tag">${esc(t("out_of_turn"))}</div></div>`);
  }
  const fd = v.face_down_lead;
  if (fd) {
    const face = fd.card ? cardFace(fd.card, { cls: "face-down-own" }) : `<div class="card back"></div>`;
    slots.push(`<div class="slot face-down ${where[fd.seat]}" title="${esc(t("lead_lies_face_down", { seat: seatName(fd.seat) }))}">${face}</div>`);
  }
  const marks = SEATS.map((s) => {
    const cls = [where[s], isVul(v.vulnerable, s) ? "vul" : "", v.dealer === s ? "dealer" : ""].join(" ");
    return `<span class="edge ${cls}">${esc(t(`seat_short_${s}`))}</span>`;
  }).join("");
  const label = shown && v.phase !== "auction" && !outOfTurnCards(v).length
    ? `<div class="trick-no">${esc(t(shown.done ? "last_trick" : "current_trick"))} ${shown.number}</div>` : "";
  const boardNo = `<div class="board-no">${esc(t("board"))} ${esc(v.board)}</div>`;
  return `${marks}${boardNo}${label}${slots.join("")}`;
}

/** The original four hands of a PBN deal "N:hand hand hand hand" (the hand record). */
function dealHands(deal) {
  const [first, rest] = deal.split(":");
  const out = {};
  rest.trim().split(/\s+/).forEach((hand, i) => { out[SEATS[(SEATS.indexOf(first) + i) % 4]] = hand; });
  return out;
}

/** Draw the felt: four seats and the middle. Once the board is over the hand record (the
 *  original deal, public then) is shown in place of the cards left. */
export function renderFelt(state) {
  if (state.view.phase === "ended" && state.view.deal && !state.view.awaiting) {
    state = { ...state, view: { ...state.view, hands: dealHands(state.view.deal), penalty_cards: [] } };
  }
  const pos = positions(bottomSeat(state));
  for (const [p, seat] of Object.entries(pos)) {
    document.getElementById(`pos-${p}`).innerHTML = seatHtml(state, seat, p);
  }
  document.getElementById("centre").innerHTML = centreHtml(state, pos);
}

/** A claimer's faced hand and statement (Law 68C). */
export function renderClaim(state) {
  const el = document.getElementById("claim-banner");
  const c = state.view.claim;
  if (!c) { el.hidden = true; el.classList.remove("pending"); return; }
  el.hidden = false;
  const conceded = c.what === "concession" || c.what === "concede";
  const what = conceded ? t("concession") : t("claim");
  const hand = parseHand(c.hand || "");
  const handText = SUITS.map((s) => hand[s].map((r) => cardText(s + r)).join(" ")).filter(Boolean).join(" &nbsp; ");
  setHtml(el, `<strong>${esc(what)}:</strong> ${esc(conceded
    ? t("concede_banner", { seat: seatName(c.seat), n: c.conceded ?? c.remaining - c.tricks, r: c.remaining })
    : t("claim_banner", { seat: seatName(c.seat), n: c.tricks, r: c.remaining }))}
    ${c.statement ? `— «${esc(c.statement)}»` : ""}${c.line ? ` — <span class="claim-line-text">${esc(claimLineText(c.line))}</span>` : ""} · ${esc(t("claim_status"))}: <em>${esc(t(`claim_st_${c.status}`))}</em>
    ${handText ? `<div class="claim-hand">${handText}</div>` : ""}${claimResponseHtml(state, c, conceded)}`);
  // an answer this player may give is the page's sheet (sheet.js)
  el.classList.toggle("pending", el.querySelector("[data-claim-response]") !== null);
}

/** The answer buttons for a pending claim or concession: every player but the claimer may
 *  answer at once (either defender objects, 68B1; the conceder's partner objects, 68B2),
 *  not only the one the ruling asks first. */
function claimResponseHtml(state, c, conceded) {
  if (state.role === "director") return "";
  if (c.status === "agreed") {
    // 69B: a player who agreed may withdraw his agreement (the director then rules)
    const seats = state.role === "all" ? SEATS.filter((s) => s !== c.seat) : [state.role];
    if (!SEATS.includes(seats[0]) || seats.includes(c.seat)) return "";
    return seats.map((seat) => `<div class="claim-answer" data-claim-seat="${seat}">${state.role === "all" ? `${esc(seatName(seat))}: ` : ""}<button class="btn" data-claim-response="dispute" data-by="${seat}" id="withdraw-${seat}">${esc(t("withdraw_agreement"))}</button></div>`).join("");
  }
  if (c.status !== "pending") return "";
  const seats = state.role === "all" ? SEATS.filter((s) => s !== c.seat) : [state.role];
  if (!SEATS.includes(seats[0]) || seats.includes(c.seat)) return "";
  const awaiting = state.view.awaiting;
  return seats.map((seat) => {
    const offered = awaiting && awaiting.by === seat;
    if (offered && state.role !== "all") return ""; // the ruling's own buttons ask him
    const mate = seat === partner(c.seat);
    // the claimer's partner does not agree to it: a defender's partner objects at once
    // (68B2); dummy may only doubt declarer's claim, which calls the director (68D2)
    const agree = t(conceded ? "agree_concession" : "agree_claim");
    const object = t(mate && conceded ? "object_concession" : mate ? "object_claim" : "dispute_claim");
    const who = state.role === "all" ? `${esc(seatName(seat))}: ` : "";
    const agreeButton = mate ? "" : `<button class="btn option" data-claim-response="agree" data-by="${seat}">${esc(agree)}</button>`;
    return `<div class="claim-answer" data-claim-seat="${seat}">${who}${agreeButton}
      <button class="btn option" data-claim-response="dispute" data-by="${seat}">${esc(object)}</button></div>`;
  }).join("");
}
