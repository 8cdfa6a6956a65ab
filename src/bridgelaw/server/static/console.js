// The director's console: the call queue (rulings waiting for the director's judgement,
// with an answer control per question), every request made at the table, the table's log,
// the event log, and the law reference.

import { t, pick, lang } from "./i18n.js";
import { esc, seatName } from "./cards.js";
import { requestHtml } from "./panels.js";

const NUMBER_KEYS = new Set(["tricks", "equity_tricks", "adjusted_score"]);
const LIST_KEYS = new Set(["logical_alternatives"]);

function questionControl(r, q, single) {
  const key = esc(q.key);
  if (NUMBER_KEYS.has(q.key)) {
    return `<input type="number" class="num" data-q="${key}" data-kind="number" min="${q.key === "adjusted_score" ? "" : 0}" max="${q.key === "adjusted_score" ? "" : 13}">`;
  }
  if (LIST_KEYS.has(q.key)) return `<input type="text" data-q="${key}" data-kind="list" placeholder="1S, 2H, P">`;
  if (single) {
    return `<button type="button" class="btn yes" data-decide="${r.id}" data-key="${key}" data-value="true">${esc(t("yes"))}</button>
            <button type="button" class="btn no" data-decide="${r.id}" data-key="${key}" data-value="false">${esc(t("no"))}</button>`;
  }
  return `<select data-q="${key}" data-kind="bool"><option value=""></option><option value="true">${esc(t("yes"))}</option><option value="false">${esc(t("no"))}</option></select>`;
}

function queueItem(r) {
  const questions = r.questions || [];
  const single = questions.length === 1 && !NUMBER_KEYS.has(questions[0].key) && !LIST_KEYS.has(questions[0].key);
  const qs = questions.map((q) => `<div class="question"><div>${esc(pick(q, "text"))} <span class="law">${esc(q.law)}</span></div>
    <div class="q-control">${questionControl(r, q, single)}</div></div>`).join("");
  const submit = single ? "" : `<button type="button" class="btn primary" data-decide-form="${r.id}">${esc(t("send_ruling"))}</button>`;
  const flags = (r.flags || []).length ? `<div class="muted">flags: ${r.flags.map(esc).join(", ")}</div>` : "";
  return `<div class="queue-item" data-queue="${r.id}">
    <div class="ruling-head">#${r.id} ${esc(r.kind)} · ${esc(t("law"))} ${(r.laws || []).map((l) => `<span class="law">${esc(l)}</span>`).join(" ")}
      ${r.offender ? ` · ${esc(t("offender"))}: ${esc(seatName(r.offender))}` : ""}</div>
    <div class="summary">${esc(pick(r, "summary"))}</div>${flags}${claimAnalysisHtml(r)}
    ${r.status === "awaiting_decision" ? `<form class="decide-form" data-ruling-form="${r.id}">${qs}${submit}</form>` : `<div class="status ${esc(r.status)}">${esc(t(`status_${r.status}`))}</div><p class="muted">${esc(t("awaiting_call_hint"))}</p>`}</div>`;
}

// ---- the claim checker's analysis (director only: players' views never carry it) ----
const ANALYSIS_TEXT = {
  en: { head: "Claim checker", verdict: "verdict", valid: "valid", double_dummy_only: "valid double dummy only",
        invalid: "not valid", claimed: "claimed", dd: "double dummy", worst: "worst normal line",
        proposal: "proposal", line: "line of play", inexact: "the search stopped early: figures are proven lower bounds",
        trump: "an opponent holds a trump the claimer did not mention (70C)", drawn: "had he drawn trumps first" },
  ru: { head: "Проверка заявления", verdict: "оценка", valid: "обосновано", double_dummy_only: "обосновано только при игре в открытую",
        invalid: "не обосновано", claimed: "заявлено", dd: "в открытую", worst: "худшая нормальная линия",
        proposal: "предложение", line: "линия розыгрыша", inexact: "поиск остановлен: показаны доказанные нижние оценки",
        trump: "у противников козырь, о котором заявивший не упомянул (70C)", drawn: "если бы он сначала выбрал козыри" },
};

/** The analysis block of a claim ruling: verdict, double-dummy figure, worst normal line,
 *  the proposal and its line of play, trick by trick, and the 70C point. */
export function claimAnalysisHtml(r) {
  const a = r.analysis;
  if (!a) return "";
  const tx = ANALYSIS_TEXT[lang() === "ru" ? "ru" : "en"];
  const tricks = (a.line_text || (a.line || []).join(" ")).split(";").map((x) => `<li>${esc(x.trim())}</li>`).join("");
  const row = (k, v, cls = "") => `<tr><th>${esc(k)}</th><td class="${cls}">${esc(v)}</td></tr>`;
  return `<div class="claim-analysis" data-analysis="${r.id}"><div class="ruling-head">${esc(tx.head)}</div>
    <table>${row(tx.verdict, tx[a.verdict] || a.verdict, `verdict ${esc(a.verdict)}`)}${row(tx.claimed, a.claimed, "claimed")}
    ${row(tx.dd, a.double_dummy, "dd")}${row(tx.worst, a.worst_normal, "worst")}${row(tx.proposal, a.proposal, "proposal")}
    ${a.worst_if_trumps_drawn !== undefined ? row(tx.drawn, a.worst_if_trumps_drawn, "drawn") : ""}</table>
    ${a.trump_outstanding && !a.trump_mentioned ? `<p class="law-70c">${esc(tx.trump)}</p>` : ""}
    ${a.exact ? "" : `<p class="inexact">${esc(tx.inexact)}</p>`}
    <div class="muted">${esc(tx.line)}:</div><ol class="line">${tricks}</ol></div>`;
}

/** Read the answers of a multi-question form: {key: value} for every field filled in
 *  (some questions are alternatives, e.g. a claim's tricks or 68D2(b) play on); null if none. */
export function readDecision(form) {
  const out = {};
  for (const el of form.querySelectorAll("[data-q]")) {
    const raw = el.value.trim();
    if (raw === "") continue;
    if (el.dataset.kind === "number") out[el.dataset.q] = Number(raw);
    else if (el.dataset.kind === "list") out[el.dataset.q] = raw.split(/[,\s]+/).filter(Boolean);
    else out[el.dataset.q] = raw === "true";
  }
  return Object.keys(out).length ? out : null;
}

function eventText(e) {
  const p = e.payload || {};
  if (e.kind !== "action") return `${e.kind} ${esc(JSON.stringify(p))}`;
  const { seat, ...rest } = p;
  return `<strong>${esc(seat)}</strong> ${esc(Object.entries(rest).map(([k, val]) => `${k}=${typeof val === "object" ? JSON.stringify(val) : val}`).join(" "))}`;
}

export function renderConsole(state) {
  const v = state.view;
  const open = (v.rulings || []).filter((r) => r.status === "awaiting_decision" || r.status === "awaiting_director");
  const queue = document.getElementById("queue");
  // keep a half-filled form as it is while other things change
  if (!queue.contains(document.activeElement) || queue.dataset.ids !== open.map((r) => r.id).join(",")) {
    queue.dataset.ids = open.map((r) => r.id).join(",");
    queue.innerHTML = open.length ? open.map(queueItem).join("") : `<p class="muted">${esc(t("queue_empty"))}</p>`;
  }
  document.getElementById("dir-requests").innerHTML = [...(v.requests || [])].reverse().map((r) => requestHtml(r, true)).join("") || `<p class="muted">—</p>`;
  document.getElementById("table-log").innerHTML = (v.log || []).map((l) => `<li>${esc(l)}</li>`).join("");
  document.getElementById("event-log").innerHTML = [...(state.events || [])].reverse().map((e) =>
    `<div class="event"><span class="seq">${e.seq}</span> ${state.boards > 1 ? `<span class="muted">${esc(t("board"))} #${e.board + 1}</span> ` : ""}${eventText(e)}</div>`).join("");
}

/** One law of the reference (bridgelaw.matrix data) as HTML: title, summary, status,
 *  the engine's handlers and the scenarios that show it. */
export function lawHtml(d, number, heading = true) {
  const ru = lang() === "ru";
  const title = ru ? d.title_ru || d.title_en || d.title : d.title_en || d.title || d.title_ru;
  const summary = ru ? d.summary_ru || d.summary : d.summary_en || d.summary || d.summary_ru;
  const item = (x) => (typeof x === "string" ? esc(x)
    : `${esc(x.title || x.id || x.path || JSON.stringify(x))}${x.path ? ` <span class="muted">${esc(x.path)}</span>` : ""}`);
  const list = (xs) => (xs || []).slice(0, 30).map((x) => `<li>${item(x)}</li>`).join("");
  const meta = [d.status, d.test_count !== undefined ? `tests: ${d.test_count}` : "", (d.editions || []).join(", ")].filter(Boolean).map(esc).join(" · ");
  const head = heading ? `<h4>${esc(t("law"))} ${esc(d.law ?? number)}${title ? ` — ${esc(title)}` : ""}</h4>` : "";
  return `${head}
    <p>${esc(summary || "")}</p>${meta ? `<p class="muted">${meta}</p>` : ""}
    ${(d.handlers || []).length ? `<h5>${esc(t("handlers"))}</h5><ul>${list(d.handlers)}</ul>` : ""}
    ${(d.scenarios || []).length ? `<h5>${esc(t("scenarios"))}</h5><ul>${list(d.scenarios)}</ul>` : ""}`;
}

/** Fetch and show the law reference for one law (``/api/laws/N``). */
export async function showLaw(number, out) {
  const r = await fetch(`/api/laws/${number}`);
  const data = await r.json();
  out.innerHTML = r.ok ? lawHtml(data, number) : `<p class="denied">${esc(data.message)}</p>`;
}
