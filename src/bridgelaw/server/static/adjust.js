// The director's score adjustment (Law 12): an assigned N-S score (12C1), a split score
// with each side's own figure (12C1(b)), an artificial score per side, Ave+ / Ave / Ave−
// (12C2), or a weighted score (12C1(c)); and how an adjustment reads on the page.

import { t } from "./i18n.js";

const AVERAGES = ["avg+", "avg", "avg-"];
const AVG_KEY = { "avg+": "avg_plus", avg: "avg_even", "avg-": "avg_minus" };
const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : "0");

/** "+420"; "N-S +420 · E-W −170"; "N-S Ave+ · E-W Ave−"; "60% +420, 40% −50". */
export function adjustText(a) {
  if (!a) return "";
  if (a.ns && a.ew) return `${t("vul_NS")} ${t(AVG_KEY[a.ns])} · ${t("vul_EW")} ${t(AVG_KEY[a.ew])}`;
  if (Array.isArray(a.weighted)) return a.weighted.map((w) => `${w.percent}% ${signed(w.score_ns)}`).join(", ");
  if (a.score_ns === null || a.score_ns === undefined) return "\u2014";
  if (a.score_ew !== undefined && a.score_ew !== null) return `${t("vul_NS")} ${signed(a.score_ns)} · ${t("vul_EW")} ${signed(a.score_ew)}`;
  return signed(a.score_ns);
}

const num = (id) => {
  const raw = document.getElementById(id).value.trim();
  return raw === "" || !Number.isFinite(Number(raw)) ? null : Math.round(Number(raw));
};

/** The adjust message's score fields for the kind chosen, or the catalog key of what is missing. */
export function readAdjustment(mode) {
  if (mode === "artificial") {
    const ns = document.getElementById("adj-ns").value;
    const ew = document.getElementById("adj-ew").value;
    return AVERAGES.includes(ns) && AVERAGES.includes(ew) ? { ns, ew } : "adjust_needs_averages";
  }
  if (mode === "weighted") {
    const rows = [1, 2, 3].map((i) => ({ percent: num(`adj-w${i}-pct`), score_ns: num(`adj-w${i}-score`) }))
      .filter((r) => r.percent && r.score_ns !== null);
    if (rows.length < 2 || rows.reduce((s, r) => s + r.percent, 0) !== 100) return "adjust_needs_weights";
    return { weighted: rows };
  }
  const ns = num("adj-score");
  if (ns === null) return "adjust_needs_score";
  if (mode !== "split") return { score_ns: ns };
  const ew = num("adj-score-ew");
  return ew === null ? "adjust_needs_score_ew" : { score_ns: ns, score_ew: ew };
}

/** Show the fields of the kind chosen; fill the Ave selects in the page's language. */
export function renderAdjustForm() {
  const form = document.getElementById("adjust-form");
  const mode = document.getElementById("adj-mode").value;
  form.dataset.mode = mode;
  for (const part of form.querySelectorAll(".adj-part")) part.hidden = !part.dataset.for.split(" ").includes(mode);
  for (const id of ["adj-ns", "adj-ew"]) {
    const sel = document.getElementById(id);
    if (!sel.options.length) sel.innerHTML = `<option value=""></option>${AVERAGES.map((a) => `<option value="${a}"></option>`).join("")}`;
    for (const o of sel.options) o.textContent = o.value ? t(AVG_KEY[o.value]) : "";
  }
  // the law the kind of adjustment cites, unless the director typed his own
  const law = document.getElementById("adj-law");
  const cites = { assigned: "12C1(e)", split: "12C1(b)", artificial: "12C2", weighted: "12C1(c)" };
  if (!law.dataset.typed) law.value = cites[mode];
}

/** Wire the form: ``submit(fields)`` sends the adjust message, ``refuse(key)`` says what is missing. */
export function setUpAdjust(submit, refuse) {
  const form = document.getElementById("adjust-form");
  document.getElementById("adj-mode").addEventListener("change", renderAdjustForm);
  document.getElementById("adj-law").addEventListener("input", (ev) => { ev.target.dataset.typed = "1"; });
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const fields = readAdjustment(document.getElementById("adj-mode").value);
    // an adjustment without a score would store nothing but a dash: refused here
    if (typeof fields === "string") { refuse(fields); return; }
    submit({ ...fields, note: document.getElementById("adj-note").value, law: document.getElementById("adj-law").value || "12C" });
  });
  renderAdjustForm();
}
