// The director's word with one player away from the table: the director writes to a seat
// from his console, the player answers in his own panel. The server shows these words to
// the director and that seat only (``state.private``); the other seats see nothing.

import { t } from "./i18n.js";
import { SEATS, esc, seatName } from "./cards.js";

function lineHtml(p, director) {
  const who = p.from === "director" ? t("private_from_director") : seatName(p.from);
  const to = director && p.from === "director" ? ` \u2192 ${seatName(p.seat)}` : "";
  return `<div class="private-line ${p.from === "director" ? "from-director" : "from-player"}" data-private="${p.seq}" data-seat="${esc(p.seat)}">
    <strong>${esc(who)}${esc(to)}:</strong> ${esc(p.text)}</div>`;
}

export function renderPrivate(state) {
  const words = state.private || [];
  if (state.role === "director") {
    for (const o of document.getElementById("private-to").options) o.textContent = seatName(o.value);
    document.getElementById("private-log").innerHTML = words.map((p) => lineHtml(p, true)).join("")
      || `<p class="muted">${esc(t("private_none"))}</p>`;
    return;
  }
  // a player's panel opens once the director has spoken to him
  document.getElementById("player-private").hidden = !words.length || !SEATS.includes(state.role);
  document.getElementById("player-private-log").innerHTML = words.map((p) => lineHtml(p, false)).join("");
}

/** Wire both forms; ``send`` takes the websocket message. */
export function setUpPrivate(send) {
  const say = (formId, inputId, extra) => {
    document.getElementById(formId).addEventListener("submit", (ev) => {
      ev.preventDefault();
      const input = document.getElementById(inputId);
      const text = input.value.trim();
      if (!text) return;
      send({ type: "private", text, ...extra() });
      input.value = "";
    });
  };
  say("private-form", "private-text", () => ({ to: document.getElementById("private-to").value }));
  say("player-private-form", "player-private-text", () => ({}));
}
