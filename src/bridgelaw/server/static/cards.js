// Cards, calls and seats as a bridge player reads them (suit symbols, red and black,
// "10" for the ten, "NT"/"БК"). Pure functions returning HTML strings.

import { t } from "./i18n.js";

export const SEATS = ["N", "E", "S", "W"];
export const SUITS = ["S", "H", "D", "C"];
export const STRAINS = ["C", "D", "H", "S", "N"];
export const SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RANKS = "AKQJT98765432";

/** Escape text for HTML. */
export function esc(s) {
  return String(s ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

/** Put ``html`` in ``el`` only when it differs from what was put there last: a control the
 *  player is pressing is not replaced by its own copy when an unrelated change arrives (a
 *  tap would be lost between its press and its release). */
/** A law citation («27B1(a)») as a badge that opens the law reference at that sub-clause,
 *  in a tab of its own so the table stays where it was. */
export function lawLink(ref) {
  const m = /^(\d{1,2})(?!\d)/.exec(ref || "");
  if (!m || Number(m[1]) < 1 || Number(m[1]) > 93) return `<span class="law">${esc(ref)}</span>`;
  return `<a class="law" href="/laws/${m[1]}#${encodeURIComponent(ref)}" target="_blank" rel="noopener">${esc(ref)}</a>`;
}

export function setHtml(el, html) {
  if (el.bridgelawHtml === html) return false;
  el.innerHTML = html;
  el.bridgelawHtml = html;
  return true;
}

export const lho = (s) => SEATS[(SEATS.indexOf(s) + 1) % 4];
export const partner = (s) => SEATS[(SEATS.indexOf(s) + 2) % 4];
export const sideOf = (s) => ("NS".includes(s) ? "NS" : "EW");
export const seatName = (s) => t(`seat_${s}`);
/** N/E/S/W in the page's language (С/В/Ю/З in Russian). */
export const seatShort = (s) => t(`seat_short_${s}`);

/** Is ``seat`` vulnerable under the board's vulnerability ("None", "NS", "EW", "All")? */
export function isVul(vul, seat) {
  return vul === "All" || vul === sideOf(seat);
}

/** A rank as the page's language writes it: "10" for the ten; the honours from the
 * catalog (A K Q J in English, Т К Д В in Russian, as the rulings write them). */
export const rankText = (r) => (r === "T" ? "10" : "AKQJ".includes(r) ? t(`rank_${r}`) : r);
const colour = (suit) => (suit === "H" || suit === "D" ? "red" : "black");

/** A suit symbol as HTML, coloured (``suit-X``: the four-colour deck's colour, style.css). */
export function suitHtml(suit) {
  return `<span class="suit ${colour(suit)} suit-${suit}">${SYMBOL[suit]}</span>`;
}

const FOUR_COLOUR_KEY = "bridgelaw.fourColour";

/** The optional four-colour deck (clubs green, diamonds orange, as BBO offers it): a
 *  setting of this browser, kept in localStorage. */
export function fourColour() {
  return localStorage.getItem(FOUR_COLOUR_KEY) === "1";
}

/** Turn the four-colour deck on or off and show it on the page at once. */
export function setFourColour(on) {
  localStorage.setItem(FOUR_COLOUR_KEY, on ? "1" : "0");
  applyFourColour();
}

/** Mark the page with the deck chosen (``body.four-colour``). */
export function applyFourColour() {
  document.body.classList.toggle("four-colour", fourColour());
}

/** "SA" -> "♠A" as HTML. */
export function cardText(card) {
  if (!card) return "";
  return `<span class="cardtext ${colour(card[0])} suit-${card[0]}">${SYMBOL[card[0]]}${rankText(card[1])}</span>`;
}

/** A call ("1H", "3N", "P", "X", "XX") as HTML. */
export function callHtml(call) {
  if (call === "P") return `<span class="call pass">${esc(t("P"))}</span>`;
  if (call === "X") return `<span class="call dbl">${esc(t("X"))}</span>`;
  if (call === "XX") return `<span class="call rdbl">${esc(t("XX"))}</span>`;
  const level = call[0];
  const strain = call.slice(1);
  if (strain === "N" || strain === "NT") return `<span class="call">${esc(level)}${esc(t("nt"))}</span>`;
  if (SYMBOL[strain]) return `<span class="call">${esc(level)}${suitHtml(strain)}</span>`;
  return `<span class="call">${esc(call)}</span>`;
}

/** A contract object {level, strain, risk, declarer} as HTML. */
export function contractHtml(c) {
  if (!c) return "";
  if (c === "passed_out") return esc(t("passed_out"));
  const risk = c.risk ? ` ${esc(c.risk)}` : "";
  return `${callHtml(`${c.level}${c.strain}`)}${risk} <span class="muted">${esc(seatName(c.declarer))}</span>`;
}

/** Split a PBN hand "AKQ.T98.-.432" into {S: ["A","K","Q"], ...}. */
export function parseHand(pbn) {
  const parts = (pbn || "...").split(".");
  const out = {};
  SUITS.forEach((s, i) => {
    out[s] = (parts[i] || "").split("").filter((r) => r !== "-" && RANKS.includes(r));
  });
  return out;
}

/** One card face as a button. ``cls`` adds classes (legal, selected, ...). */
export function cardFace(card, { cls = "", seat = "", clickable = false, small = false } = {}) {
  const suit = card[0];
  const rank = rankText(card[1]);
  const attrs = clickable ? `data-card="${card}" data-seat="${seat}" role="button" tabindex="0"` : "";
  return `<div class="card ${colour(suit)} suit-${suit} ${small ? "small" : ""} ${cls}" title="${card}" ${attrs}>
    <span class="rank${rank === "10" ? " ten" : ""}">${rank}</span><span class="pip">${SYMBOL[suit]}</span></div>`;
}

/** ``n`` card backs fanned as one block, with the count. */
export function cardBacks(n, total = n) {
  const shown = Math.min(n, 13);
  const backs = Array.from({ length: shown }, () => `<div class="card back"></div>`).join("");
  return `<div class="fan backs">${backs}</div><div class="count">${esc(t("cards_left", { n: total }))}</div>`;
}
