// A physical table's result page in a duplicate session: its link (?s=session&t=token&n=table)
// shows who plays this round and which boards, enters a result and lets the opponents
// confirm it. Every text from the message catalogs; the server's refusals come back in the
// page's language.

import { t, lang, setLang, translatePage } from "./i18n.js";
import { SEATS, esc, seatName, seatShort } from "./cards.js";

const params = new URLSearchParams(location.search);
const S = params.get("s") || "";
const T = params.get("t") || "";
let view = null;

async function post(path, body) {
  const r = await fetch(`/api/sessions/${S}/${path}?lang=${lang()}`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token: T, ...body }),
  });
  return { ok: r.ok, data: await r.json() };
}

function resultLine(x) {
  const done = x.confirmed ? esc(t("phone_confirmed"))
    : `<button type="button" data-confirm="${esc(x.board)}">${esc(t("phone_confirm"))}</button>`;
  const what = [x.contract || "", x.declarer ? seatShort(x.declarer) : "", x.tricks ?? ""].map(esc).join(" ");
  return `<p>${esc(t("phone_result", { board: x.board, what, score: x.score_ns }))} ${done}</p>`;
}

function render() {
  translatePage();
  document.getElementById("lang-btn").textContent = t("switch_to");
  const declarer = document.getElementById("declarer");
  const chosen = declarer.value;
  declarer.innerHTML = SEATS.map((s) => `<option value="${s}">${esc(seatName(s))}</option>`).join("");
  if (chosen) declarer.value = chosen;
  if (!view) return;
  document.getElementById("who").textContent = t("phone_who", { table: view.table, round: view.round ?? "—", ns: view.ns ?? "—", ew: view.ew ?? "—" });
  const board = document.getElementById("board");
  const keep = board.value;
  board.innerHTML = (view.boards || []).map((b) => `<option>${esc(b)}</option>`).join("");
  if (keep) board.value = keep;
  document.getElementById("list").innerHTML = (view.results || []).map(resultLine).join("");
}

async function load() {
  const table = params.get("n") || "1";
  const r = await fetch(`/api/sessions/${S}/tables/${table}?t=${encodeURIComponent(T)}&lang=${lang()}`);
  const data = await r.json();
  if (!r.ok) { document.getElementById("msg").textContent = data.message || ""; return; }
  view = data;
  render();
}

document.getElementById("f").addEventListener("submit", async (e) => {
  e.preventDefault();
  const d = Object.fromEntries(new FormData(e.target));
  const { ok, data } = await post("results", {
    table: view.table, round: view.round, board: Number(d.board), contract: d.contract, declarer: d.declarer,
    tricks: d.tricks === "" ? null : Number(d.tricks), lead: d.lead || null,
  });
  document.getElementById("msg").textContent = ok ? t("phone_entered") : data.message;
  load();
});
document.addEventListener("click", async (e) => {
  const b = e.target.closest("[data-confirm],#lang-btn");
  if (!b) return;
  if (b.id === "lang-btn") { setLang(lang() === "ru" ? "en" : "ru"); return; }
  const { ok, data } = await post("confirm", { table: view.table, board: Number(b.dataset.confirm) });
  if (!ok) document.getElementById("msg").textContent = data.message;
  load();
});
document.addEventListener("langchange", render);
render();
load();
