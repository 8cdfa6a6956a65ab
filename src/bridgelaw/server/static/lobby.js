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

/** A server error in the page's language: the lobby's own codes from the catalog, else the
 *  server's message. */
function errorText(data) {
  const key = `lobby_err_${data.code}`;
  if (data.code && t(key) !== key) return t(key, data.params || { detail: data.message || "" });
  if (data.message) return data.message;
  return Array.isArray(data.detail) ? data.detail.map((d) => d.msg).join("; ") : JSON.stringify(data);
}

// The tables opened in this browser, with their links: a director who closed the lobby tab
// finds his link again here and reopens the table. The practice link that sees all four
// hands is not kept: whoever uses this browser next (a club's computer) does not find it.
const KEPT = "bridgelaw.tables";
const KEPT_ROLES = ["director", "N", "E", "S", "W"];
function kept() {
  try { return JSON.parse(localStorage.getItem(KEPT) || "[]"); } catch { return []; }
}
function keptLinks(links) {
  return Object.fromEntries(KEPT_ROLES.filter((r) => links?.[r]).map((r) => [r, links[r]]));
}
function remember(table) {
  // the list is written again whole: a practice link an older page kept goes with it
  const list = kept().filter((x) => x.id !== table.id).map((x) => ({ ...x, links: keptLinks(x.links) }));
  list.unshift({ id: table.id, title: table.title, at: table.at, boards: table.boards, links: keptLinks(table.links) });
  localStorage.setItem(KEPT, JSON.stringify(list.slice(0, 100)));
}

function renderKept() {
  const list = kept();
  document.getElementById("my-tables-panel").hidden = !list.length;
  document.getElementById("my-tables").innerHTML = list.map((x) => {
    const link = (role) => `<a href="${esc(new URL(x.links[role], location.href).href)}" target="_blank" data-kept="${esc(x.id)}" data-role="${role}">${esc(roleLabel(role))}</a>`;
    return `<li data-table="${esc(x.id)}"><div><strong>${esc(x.title || x.id)}</strong> <span class="muted">${esc(new Date(x.at).toLocaleString(lang()))} · ${esc(t("boards_n", { n: x.boards }))}</span></div>
      <div class="links-mini">${t("lobby_reopen")}: ${KEPT_ROLES.filter((r) => x.links[r]).map(link).join("")}</div></li>`;
  }).join("");
}

function renderLinks() {
  const panel = document.getElementById("links-panel");
  panel.hidden = !created;
  renderKept();
  if (!created) return;
  document.getElementById("read-info").textContent = created.read
    ? `${t("lobby_boards_read", { n: created.read.boards })}${created.read.duplicates ? ` · ${t("lobby_results_skipped", { n: created.read.duplicates })}` : ""}` : t("boards_n", { n: created.boards });
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
  let read = null;
  if (source() === "pbn") {
    // a file with results repeats each deal per traveller line: the table plays each once
    const rp = await fetch("/api/lobby/pbn", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ pbn: document.getElementById("f-pbn").value }) });
    read = await rp.json();
    if (!rp.ok) { toast(errorText(read)); return; }
    body.pbn = read.pbn;
  }
  else { body.boards = Number(f.get("boards")); body.first_board = Number(f.get("first_board")); }
  const r = await fetch("/api/tables", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const data = await r.json();
  if (!r.ok) { toast(errorText(data)); return; }
  created = { ...data, read, title: body.title, at: new Date().toISOString() };
  remember(created);
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

// the controls work from now on: until then (the texts still loading) the styles take no
// tap, which would have done nothing
document.documentElement.dataset.ready = "true";
