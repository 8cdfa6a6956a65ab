// A claim's statement in the structured form (docs/claims.md, "The statement"): the suits
// in the order played, each from the top / with a finesse / with a ducked trick, trumps
// drawn first or not, a cross-ruff. The live table and the assistant offer the same
// controls, and the claim banner reads the line back in the page's language.
import { t } from "./i18n.js";
import { esc } from "./cards.js";

const SUITS = ["S", "H", "D", "C"];
const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
const PLAYS = ["", "top", "finesse", "duck"];

/** The controls for a line, their ids starting with ``prefix``. */
export function claimLineControls(prefix) {
  const suitSel = (i) => `<select id="${prefix}-suit-${i}" aria-label="${esc(t("cl_suit_n", { n: i + 1 }))}">
    <option value="">—</option>${SUITS.map((s) => `<option value="${s}">${SUIT_SYMBOL[s]}</option>`).join("")}</select>`;
  const playSel = (i) => `<select id="${prefix}-play-${i}" aria-label="${esc(t("cl_play"))}">
    ${PLAYS.map((p) => `<option value="${p}">${esc(t(p ? `cl_${p}` : "cl_open"))}</option>`).join("")}</select>`;
  return `<div class="claim-line" id="${prefix}-line"><span class="muted">${esc(t("cl_head"))}:</span>
    ${[0, 1, 2, 3].map((i) => `<span class="cl-suit">${i + 1}. ${suitSel(i)}${playSel(i)}</span>`).join(" ")}
    <select id="${prefix}-trumps" aria-label="${esc(t("cl_trumps"))}"><option value="">${esc(t("cl_trumps"))}: —</option>
      <option value="first">${esc(t("cl_trumps_first"))}</option><option value="not_first">${esc(t("cl_trumps_not_first"))}</option></select>
    <label><input type="checkbox" id="${prefix}-cross"> ${esc(t("cl_cross_ruff"))}</label></div>`;
}

/** The line the controls say, or null when they say nothing. */
export function readClaimLine(prefix) {
  const get = (id) => document.getElementById(`${prefix}-${id}`);
  if (!get("line")) return null;
  const suits = [];
  for (let i = 0; i < 4; i++) {
    const suit = get(`suit-${i}`).value;
    if (!suit || suits.some((s) => s.suit === suit)) continue;
    const play = get(`play-${i}`).value;
    suits.push(play ? { suit, play } : { suit });
  }
  const line = { suits };
  if (get("trumps").value) line.trumps = get("trumps").value;
  if (get("cross").checked) line.cross_ruff = true;
  return suits.length || line.trumps || line.cross_ruff ? line : null;
}

/** A line in words: "♠ from the top, ♦ finesse; trumps drawn first; cross-ruff". */
export function claimLineText(line) {
  if (!line) return "";
  const parts = [(line.suits || []).map((s) => `${SUIT_SYMBOL[s.suit] || s.suit}${s.play ? ` ${t(`cl_${s.play}`)}` : ""}`).join(", ")];
  if (line.trumps) parts.push(t(`cl_trumps_${line.trumps}`));
  if (line.cross_ruff) parts.push(t("cl_cross_ruff"));
  if (line.conceded) parts.push(t("cl_conceded", { n: line.conceded }));
  return parts.filter(Boolean).join("; ");
}
