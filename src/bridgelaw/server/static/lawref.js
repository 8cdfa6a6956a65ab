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

/** One law's reference (the ``reference`` of /api/laws/N) as HTML: the law first; what the
 *  table does with it folded under it, without the engine's test counts. */
export function referenceHtml(ref) {
  const clauses = ref.clauses.length
    ? `<h4>${esc(t("law_clauses"))}</h4><dl class="law-clauses">${ref.clauses.map((c) => `<dt>${esc(c.ref)}</dt><dd>${esc(c.text)}</dd>`).join("")}</dl>`
    : "";
  return `<p class="law-covers">${esc(ref.covers)}</p>${clauses}`
    + `<h4>${esc(t("law_1997"))}</h4><p>${esc(ref.edition_1997)}</p>`
    + `<details class="law-engine-box"><summary>${esc(t("law_engine"))}</summary><ul class="law-engine">${(ref.at_the_table || ref.engine).map((line) => `<li>${esc(line)}</li>`).join("")}</ul></details>`
    + `<p class="muted"><a href="/laws/${ref.law}">${esc(t("law_open"))}</a></p>`;
}

async function fill(details, number) {
  const body = details.querySelector(".law-body");
  if (body.dataset.lang === lang()) return;
  const r = await fetch(`/api/laws/${number}?lang=${lang()}`);
  const data = await r.json();
  body.innerHTML = r.ok ? referenceHtml(data.reference) : `<p class="denied">${esc(data.message)}</p>`;
  body.dataset.lang = lang();
}

async function render() {
  translatePage();
  document.getElementById("lang-btn").textContent = t("switch_to");
  const r = await fetch(`/api/laws?lang=${lang()}`);
  const laws = await r.json();
  const list = document.getElementById("laws");
  list.innerHTML = laws.map((d) => `<details id="law-${d.law}"><summary>${esc(t("law"))} ${d.law} — ${esc(d.title)}</summary>`
    + `<div class="law-body"></div></details>`).join("");
  for (const el of list.querySelectorAll("details")) {
    el.addEventListener("toggle", () => { if (el.open) fill(el, Number(el.id.slice(4))); });
  }
  const number = wanted();
  const target = number && document.getElementById(`law-${number}`);
  if (target) {
    target.open = true;
    await fill(target, number);
    target.scrollIntoView();
  }
}

document.getElementById("lang-btn").addEventListener("click", () => setLang(lang() === "ru" ? "en" : "ru"));
document.addEventListener("langchange", render);
render();

// the controls work from now on: until then (the texts still loading) the styles take no
// tap, which would have done nothing
document.documentElement.dataset.ready = "true";
