// The auction grid (columns W N E S, dealer and vulnerability marked, alerts, cancelled
// calls struck through) and the bidding box. Every call can be made, as at a real table:
// an irregular one (insufficient, out of rotation) asks for a second click first.

import { t } from "./i18n.js";
import { SEATS, STRAINS, esc, callHtml, seatName, isVul, suitHtml } from "./cards.js";

const COLUMNS = ["W", "N", "E", "S"];

/** The seat whose calls this link makes now (own seat; for practice, the seat in turn). */
export function callingSeat(state) {
  if (state.role === "all") return state.view.turn;
  return SEATS.includes(state.role) ? state.role : null;
}

/** Place calls in rows: a call goes in its seat's column, a new row when it would go back.
 *  A cancelled call (an insufficient bid not accepted, a call out of rotation cancelled)
 *  takes no place in the rotation: it is shown struck through in the cell of its seat's
 *  next call, the replacement's, or, until that call is made, in the cell where it will
 *  go (the «?» of the seat in turn shares it). ``turn``: the seat to call, if any. */
export function grid(calls, turn = null) {
  const attached = new Map();
  const waiting = new Map(); // seat -> its cancelled calls with no later call yet
  const placed = [];
  calls.forEach((c, i) => {
    if (c.status === "cancelled") {
      const next = calls.findIndex((d, j) => j > i && d.seat === c.seat && d.status !== "cancelled");
      const into = next >= 0 ? attached : waiting;
      const key = next >= 0 ? next : c.seat;
      if (!into.has(key)) into.set(key, []);
      into.get(key).push({ ...c, index: i });
      return;
    }
    placed.push({ ...c, index: i });
  });
  const rows = [];
  let last = 4;
  const put = (col, cell) => {
    if (!rows.length || col <= last) rows.push(new Array(4).fill(undefined));
    rows[rows.length - 1][col] = cell;
    last = col;
  };
  for (const c of placed) put(COLUMNS.indexOf(c.seat), { ...c, before: attached.get(c.index) || [] });
  if (turn) {
    put(COLUMNS.indexOf(turn), { next: true, before: waiting.get(turn) || [] });
    waiting.delete(turn);
  }
  // a seat not in turn: its cancelled calls wait in the cell of its next turn to call
  for (const [seat, before] of waiting) {
    const col = COLUMNS.indexOf(seat);
    let r = rows.length - 1;
    if (r < 0 || col <= last) r += 1;
    if (!rows[r]) rows.push(new Array(4).fill(undefined));
    rows[r][col] = { waiting: true, before };
  }
  return rows;
}

function struckHtml(before) {
  return before.map((b) => `<s class="cancelled" data-cancelled-index="${b.index}" title="${esc(t("cancelled"))} ${esc(b.law || "")}">${callHtml(b.call)}</s> `).join("");
}

function cellHtml(c, state) {
  const mine = callingSeat(state);
  const opp = mine && !((mine === "N" || mine === "S") === (c.seat === "N" || c.seat === "S"));
  const ask = opp || state.role === "all" ? `data-call-index="${c.index}" title="${esc(t("explain_call"))}"` : "";
  const before = struckHtml(c.before);
  const struck = c.status === "cancelled" ? "cancelled" : "";
  const alert = c.alert ? `<span class="alert-mark" title="${esc(t("alert"))}">!</span>` : "";
  const meaning = c.meaning ? `<div class="meaning" title="${esc(c.meaning)}">${esc(c.meaning)}</div>` : "";
  return `<td class="${ask ? "askable" : ""} ${struck} ${c.alert ? "alerted" : ""}" ${ask}>${before}${callHtml(c.call)}${alert}${meaning}</td>`;
}

/** The auction grid by seat, W N E S. */
export function renderAuction(state) {
  const v = state.view;
  const head = COLUMNS.map((s) => {
    const cls = [isVul(v.vulnerable, s) ? "vul" : "", v.dealer === s ? "dealer" : ""].join(" ");
    return `<th class="${cls}">${esc(seatName(s))}${v.dealer === s ? ` <span class="dmark" title="${esc(t("dealer"))}">${esc(t("dealer_short"))}</span>` : ""}</th>`;
  }).join("");
  // the «?» of the seat to call; none while a choice or the director's answer is awaited
  const rows = grid(v.calls || [], v.phase === "auction" && !v.awaiting ? v.turn : null);
  const body = rows.map((r) => `<tr>${r.map((c) => {
    if (c === undefined) return "<td></td>";
    if (c.next) return `<td class="next">${struckHtml(c.before)}<span class="next-mark">?</span></td>`;
    if (c.waiting) return `<td class="waiting">${struckHtml(c.before)}</td>`;
    return cellHtml(c, state);
  }).join("")}</tr>`).join("");
  document.getElementById("auction").innerHTML = `<table class="auction-grid"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

function lastBid(v) {
  const bids = (v.auction || []).filter((c) => /^[1-7]/.test(c));
  return bids.length ? bids[bids.length - 1] : null;
}

function bidRank(call) { return (Number(call[0]) - 1) * 5 + STRAINS.indexOf(call[1]); }

/** The bidding box: bids 1-7 in five strains, Pass, X, XX, the alert toggle. */
export function renderBiddingBox(state) {
  const box = document.getElementById("bid-grid");
  const v = state.view;
  const seat = callingSeat(state);
  const wrap = document.getElementById("bidding-box");
  wrap.hidden = !(v.phase === "auction" && seat);
  if (wrap.hidden) return;
  const legal = new Set(state.legal_calls || []);
  const myTurn = v.turn === seat && state.to_act === seat;
  const last = lastBid(v);
  const button = (call, html, extra = "") => {
    const ok = myTurn && legal.has(call);
    const online = v.mode === "online" && !ok; // online an irregular call cannot be made at all
    const below = /^[1-7]/.test(call) && last && bidRank(call) <= bidRank(last) ? "below" : "";
    const confirm = state.pending === `call:${call}` ? "confirm" : "";
    return `<button type="button" class="bid ${ok ? "legal" : "irregular"} ${below} ${confirm} ${extra}" data-call="${call}"${online ? " disabled" : ""}>${html}</button>`;
  };
  const rows = [];
  for (let level = 1; level <= 7; level++) {
    rows.push(`<div class="bid-row">${STRAINS.map((s) => button(`${level}${s}`, s === "N" ? `${level}${esc(t("nt"))}` : `${level}${suitHtml(s)}`)).join("")}</div>`);
  }
  rows.push(`<div class="bid-row specials">${button("P", esc(t("P")), "pass")}${button("X", esc(t("X")), "dbl")}${button("XX", esc(t("XX")), "rdbl")}</div>`);
  const who = state.role === "all" && seat ? `<div class="muted">${esc(seatName(seat))}</div>` : "";
  box.innerHTML = who + rows.join("");
}
