// The director's law reference page (/laws, /laws/N): the index of laws 1-93 with their
// titles, each opening to our summary of the law (what it covers, key sub-clauses, the 1997
// differences) and then what the engine does with it, all in the page's language
// (?lang=, the switch, else the browser's language). Data: /api/laws and /api/laws/N.

import { t, lang, setLang, translatePage } from "/static/i18n.js";
import { esc } from "/static/cards.js";

const asked = new URLSearchParams(location.search).get("lang");
if (asked && asked !== lang()) setLang(asked);

/** The law the address asks for: /laws/27 or #law-27. */
function wanted() {
  const path = location.pathname.match(/^\/laws\/(\d+)\/?$/);
  if (path) return Number(path[1]);
  const hash = location.hash.match(/^#law-(\d+)$/);
  return hash ? Number(hash[1]) : null;
}

/** The sub-clause the address points at (/laws/27#27B1(a), the link of a ruling's badge). */
function wantedClause() {
  const hash = decodeURIComponent(location.hash.slice(1));
  return /^\d/.test(hash) ? hash : "";
}

/** One law's reference (the ``reference`` of /api/laws/N) as HTML: the law first; what the
 *  table does with it folded under it, without the engine's test counts. The sub-clauses
 *  ``marked`` (a search's finds, a ruling's citation) stand out. */
export function referenceHtml(ref, marked = []) {
  const hit = (r) => marked.some((m) => m === r || m.startsWith(r) || r.startsWith(m));
  const clauses = ref.clauses.length
    ? `<h4>${esc(t("law_clauses"))}</h4><dl class="law-clauses">${ref.clauses.map((c) => `<dt${hit(c.ref) ? ' class="hit"' : ""} data-clause="${esc(c.ref)}">${esc(c.ref)}</dt><dd>${esc(c.text)}</dd>`).join("")}</dl>`
    : (ref.clauses_note ? `<p class="law-clauses-note">${esc(ref.clauses_note)}</p>` : "");
  return `<p class="law-covers">${esc(ref.covers)}</p>${clauses}`
    + `<h4>${esc(t("law_1997"))}</h4><p>${esc(ref.edition_1997)}</p>`
    + `<details class="law-engine-box"><summary>${esc(t("law_engine"))}</summary><ul class="law-engine">${(ref.at_the_table || ref.engine).map((line) => `<li>${esc(line)}</li>`).join("")}</ul></details>`
    + `<p class="muted"><a href="/laws/${ref.law}">${esc(t("law_open"))}</a></p>`;
}

async function fill(details, number) {
  const body = details.querySelector(".law-body");
  const marked = details.dataset.found ? details.dataset.found.split(" ") : [];
  const key = `${lang()}|${details.dataset.found || ""}`;
  if (body.dataset.key === key) return;
  const r = await fetch(`/api/laws/${number}?lang=${lang()}`);
  const data = await r.json();
  body.innerHTML = r.ok ? referenceHtml(data.reference, marked) : `<p class="denied">${esc(data.message)}</p>`;
  body.dataset.key = key;
}

function lawHtml(d) {
  const found = d.found_clauses || [];
  const hits = found.length ? ` <span class="law-hits muted">${esc(t("law_found_in"))} ${found.map(esc).join(", ")}</span>` : "";
  return `<details id="law-${d.law}" data-found="${esc(found.join(" "))}"><summary>${esc(t("law"))} ${d.law} — ${esc(d.title)}${hits}</summary>`
    + `<div class="law-body"></div></details>`;
}

let asking = 0; // the newest search sent: an older answer that arrives late is dropped

/** The index, or what the search box finds in it (every word, however inflected). */
async function showList(query) {
  const mine = ++asking;
  const q = query.trim();
  const r = await fetch(`/api/laws?lang=${lang()}${q ? `&q=${encodeURIComponent(q)}` : ""}`);
  const laws = await r.json();
  if (mine !== asking) return;
  const list = document.getElementById("laws");
  list.innerHTML = r.ok ? laws.map(lawHtml).join("") : `<p class="denied">${esc(laws.message || "")}</p>`;
  for (const el of list.querySelectorAll("details")) {
    el.addEventListener("toggle", () => { if (el.open) fill(el, Number(el.id.slice(4))); });
  }
  document.getElementById("law-count").textContent = !q ? "" : laws.length ? t("law_found", { n: laws.length }) : t("law_found_none");
  const only = q && laws.length === 1 ? list.querySelector("details") : null;
  if (only) only.open = true; // one law found (a number typed): open at once
}

async function render() {
  translatePage();
  document.getElementById("lang-btn").textContent = t("switch_to");
  const box = document.getElementById("law-q");
  await showList(box.value);
  const number = wanted();
  const target = number && document.getElementById(`law-${number}`);
  if (target) {
    const clause = wantedClause();
    if (clause) target.dataset.found = clause;
    target.open = true;
    await fill(target, number);
    const mark = clause && target.querySelector(".law-clauses dt.hit");
    (mark || target).scrollIntoView();
  }
}

let typing = null;
document.getElementById("law-q").addEventListener("input", (ev) => {
  clearTimeout(typing);
  typing = setTimeout(() => showList(ev.target.value), 200);
});

document.getElementById("lang-btn").addEventListener("click", () => setLang(lang() === "ru" ? "en" : "ru"));
document.addEventListener("langchange", render);
render();

// the controls work from now on: until then (the texts still loading) the styles take no
// tap, which would have done nothing
document.documentElement.dataset.ready = "true";
