// Bidding and play from the keyboard: type a call ("1h", "3n", "p", "x", "xx") or a card
// (suit then rank: "sq", "h10", "dt") and press Enter; Escape or Backspace corrects. What is
// typed shows in the status bar (#key-buffer). Keys typed into a text field, a select or
// with Ctrl/Alt/Meta held are the field's own: they never make a call or play a card.

import { t } from "./i18n.js";

const CALL = /^(?:([1-7])([cdhsn])|(p)|(x)|(xx))$/;
const CARD = /^([shdc])(10|[akqjt2-9])$/;

/** The call or card ``typed`` stands for: {call} / {card} / null. */
export function parseKeys(typed) {
  const s = typed.toLowerCase();
  const c = CALL.exec(s);
  if (c) {
    if (c[1]) return { call: `${c[1]}${c[2].toUpperCase()}` };
    return { call: c[3] ? "P" : c[4] ? "X" : "XX" };
  }
  const k = CARD.exec(s);
  if (k) return { card: `${k[1].toUpperCase()}${k[2] === "10" ? "T" : k[2].toUpperCase()}` };
  return null;
}

function ownsKey(ev) {
  const el = ev.target;
  if (ev.ctrlKey || ev.altKey || ev.metaKey) return true;
  return el instanceof HTMLElement && (el.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(el.tagName));
}

/** Listen for keys; ``onCall(call)`` and ``onCard(card)`` take what Enter confirms. */
export function setUpKeys(onCall, onCard) {
  let typed = "";
  const show = () => {
    const box = document.getElementById("key-buffer");
    box.hidden = !typed;
    box.textContent = typed ? t("keys_typed", { keys: typed }) : "";
  };
  document.addEventListener("keydown", (ev) => {
    if (ownsKey(ev)) return;
    if (ev.key === "Escape" || (ev.key === "Backspace" && typed)) {
      typed = ev.key === "Escape" ? "" : typed.slice(0, -1);
      show();
      ev.preventDefault();
      return;
    }
    if (ev.key === "Enter" && typed) {
      const what = parseKeys(typed);
      typed = "";
      show();
      ev.preventDefault();
      if (what && what.call) onCall(what.call);
      else if (what && what.card) onCard(what.card);
      return;
    }
    if (/^[0-9a-zA-Z]$/.test(ev.key) && typed.length < 3) {
      typed += ev.key.toLowerCase();
      show();
    }
  });
}
