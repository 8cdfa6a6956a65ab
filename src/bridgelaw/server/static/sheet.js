// The choice that waits for this page, in view: a ruling's options for this seat, a claim
// to agree to or dispute, a question put to the director. The element that holds it stays
// where it is drawn (its panel, the claim banner, the queue) and is shown as a sheet fixed
// at the bottom of the viewport (a box at the bottom right on a wide screen), so that no
// one scrolls to find the button he must press. A new choice takes the keyboard focus
// (unless the player is typing in a field) and is announced to screen readers.

// the places a waiting choice is drawn, in the order one is shown when there are several
const PENDING = ["#rulings .ruling.pending", "#claim-banner.pending:not([hidden])", "#queue .queue-item.pending"];
const FIELDS = new Set(["INPUT", "TEXTAREA", "SELECT"]);
let shown = null; // the key of the choice last shown, so that focus moves once per choice

/** What identifies a waiting choice across renders: its ruling, or the claim and its seat. */
function keyOf(el) {
  if (el.dataset.ruling) return `ruling:${el.dataset.ruling}`;
  if (el.dataset.queue) return `queue:${el.dataset.queue}`;
  const by = [...el.querySelectorAll("[data-claim-response]")].map((b) => `${b.dataset.by}:${b.dataset.claimResponse}`);
  return `${el.id}:${by.join(",")}`;
}

/** Whether the player is typing somewhere else: his field keeps the focus. */
function typingElsewhere(el) {
  const active = document.activeElement;
  return active instanceof HTMLElement && FIELDS.has(active.tagName) && !el.contains(active);
}

/** Show the waiting choice as the sheet (or none); called after every render. */
export function renderSheet() {
  const el = PENDING.map((s) => document.querySelector(s)).find(Boolean) || null;
  for (const old of document.querySelectorAll(".sheet")) if (old !== el) old.classList.remove("sheet");
  document.body.classList.toggle("has-sheet", el !== null);
  // a rulings panel whose only ruling is the sheet leaves no empty box behind
  const rulings = document.getElementById("rulings-panel");
  rulings.classList.toggle("only-sheet", el !== null && rulings.contains(el) && rulings.querySelectorAll(".ruling").length === 1);
  const announce = document.getElementById("sheet-announce");
  if (!el) {
    shown = null;
    announce.textContent = "";
    document.body.style.paddingBottom = "";
    return;
  }
  el.classList.add("sheet");
  // the page scrolls far enough that nothing stays hidden under the sheet
  document.body.style.paddingBottom = `${el.offsetHeight + 12}px`;
  const key = keyOf(el);
  if (key === shown) return;
  shown = key;
  const title = el.querySelector(".sheet-title, .ruling-head, strong");
  announce.textContent = (title ? title.textContent : el.textContent || "").replace(/\s+/g, " ").trim();
  const first = el.querySelector("button:not([disabled]), select, input");
  if (first instanceof HTMLElement && !typingElsewhere(el)) first.focus({ preventScroll: true });
}
