// The lobby: open a table (mode, edition, opening-lead regulation, boards freshly dealt or
// from a PBN file) and hand out its links: one per seat, the director's, and the practice
// link for one person taking all four seats.

import { t, lang, setLang, translatePage } from "./i18n.js";
import { esc, seatName } from "./cards.js";

const form = document.getElementById("create-form");
let created = null;

function toast(text) {
  const box = document.getElementById("toast");
  box.textContent = text;
  box.hidden = false;
  box.className = "toast bad";
  setTimeout(() => { box.hidden = true; }, 6000);
}

function source() { return form.querySelector('input[name="source"]:checked').value; }

function showSource() {
  const pbn = source() === "pbn";
  for (const el of form.querySelectorAll(".pbn-only")) el.hidden = !pbn;
  for (const el of form.querySelectorAll(".dealt-only")) el.hidden = pbn;
}

function roleLabel(role) {
  if (role === "director") return t("role_director");
  if (role === "all") return t("role_all");
  return seatName(role);
}

function renderLinks() {
  const panel = document.getElementById("links-panel");
  panel.hidden = !created;
  if (!created) return;
  const order = ["N", "E", "S", "W", "director", "all"];
  document.getElementById("links").innerHTML = order.filter((r) => created.links[r]).map((role) => {
    const url = new URL(created.links[role], location.href).href;
    return `<tr data-role="${role}"><td><strong>${esc(roleLabel(role))}</strong></td>
      <td><a class="link" href="${esc(url)}" target="_blank" data-link="${role}">${esc(url)}</a></td>
      <td><button class="btn" type="button" data-copy="${esc(url)}">${esc(t("copy"))}</button></td></tr>`;
  }).join("");
}

async function renderTables() {
  const r = await fetch("/api/tables");
  if (!r.ok) return;
  const rows = await r.json();
  document.getElementById("tables").innerHTML = rows.length
    ? rows.slice(0, 30).map((x) => `<li><span>${esc(x.title || x.id)}</span><span class="muted">${esc(new Date(x.created_at).toLocaleString(lang()))} · ${esc(t("events", { n: x.events }))}</span></li>`).join("")
    : `<li class="muted">${esc(t("no_tables"))}</li>`;
}

function render() {
  translatePage();
  document.getElementById("lang-btn").textContent = t("switch_to");
  showSource();
  renderLinks();
  renderTables();
}

form.addEventListener("change", showSource);
document.getElementById("f-pbnfile").addEventListener("change", async (ev) => {
  const file = ev.target.files[0];
  if (file) document.getElementById("f-pbn").value = await file.text();
});
form.addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const f = new FormData(form);
  const body = {
    title: f.get("title") || "", mode: f.get("mode"), edition: f.get("edition"),
    opening_lead: f.get("opening_lead"), auto_director: document.getElementById("f-auto").checked,
  };
  if (source() === "pbn") body.pbn = document.getElementById("f-pbn").value;
  else { body.boards = Number(f.get("boards")); body.first_board = Number(f.get("first_board")); }
  const r = await fetch("/api/tables", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const data = await r.json();
  if (!r.ok) {
    toast(data.message || (Array.isArray(data.detail) ? data.detail.map((d) => d.msg).join("; ") : JSON.stringify(data)));
    return;
  }
  created = data;
  render();
});
document.addEventListener("click", async (ev) => {
  const b = ev.target.closest("[data-copy],#lang-btn");
  if (!b) return;
  if (b.id === "lang-btn") { setLang(lang() === "ru" ? "en" : "ru"); return; }
  try { await navigator.clipboard.writeText(b.dataset.copy); b.textContent = t("copied"); } catch { b.textContent = "✗"; }
});
document.addEventListener("langchange", render);
render();
