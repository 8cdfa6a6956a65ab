// UI strings in English and Russian (terms of shared/GLOSSARY-ru.md), from the project's
// message catalogs (the ui.* entries of src/bridgelaw/i18n/po/*.po, exported to catalog.json
// by `python -m bridgelaw.i18n.export`). Rulings carry their own summary / summary_ru.

const CATALOG = await (await fetch("/static/catalog.json")).json();
const STRINGS = Object.fromEntries(Object.entries(CATALOG).map(([code, c]) => [code, c.messages]));
// The catalogs' plural forms in gettext order, chosen by the browser's own plural rules
// (Intl.PluralRules): the page's Content-Security-Policy forbids evaluating the catalog's
// C-expression rule, and the two agree on every whole number.
const PLURAL_INDEX = { en: { one: 0, other: 1 }, ru: { one: 0, few: 1, many: 2, other: 2 } };
const PLURAL = Object.fromEntries(Object.keys(CATALOG).map((code) => {
  const rules = new Intl.PluralRules(code);
  const index = PLURAL_INDEX[code] || { one: 0, other: 1 };
  return [code, (n) => index[rules.select(n)] ?? 0];
}));

const ASK_LABELS = {
  review: "review", explain: "explain_call", explain_all: "explain_all", contract: "ask_contract",
  convention_card: "convention_card", see_trick: "see_trick", own_last_card: "own_last_card",
  quitted_trick: "quitted_trick", repeat_call: "repeat_call", give_explanation: "partner_explains",
};

let current = localStorage.getItem("bridgelaw.lang") || (navigator.language || "en").slice(0, 2);
if (!(current in STRINGS)) current = "en";

/** The current language code ("en" or "ru"). */
export function lang() { return current; }

/** Switch language, remember it, and tell the page to redraw. */
export function setLang(code) {
  current = code in STRINGS ? code : "en";
  localStorage.setItem("bridgelaw.lang", current);
  document.documentElement.lang = current;
  document.dispatchEvent(new CustomEvent("langchange"));
}

/** A UI string with {placeholders} filled from ``args``. */
export function t(key, args = {}) {
  let s = STRINGS[current][key] ?? STRINGS.en[key] ?? key;
  if (Array.isArray(s)) s = s[Math.min(PLURAL[current](Number(args.n ?? 0)), s.length - 1)];
  return s.replace(/\{(\w+)\}/g, (_, k) => (k in args ? String(args[k]) : `{${k}}`));
}

/** The label of a request kind ("review", "explain", ...). */
export function askLabel(ask) { return t(ASK_LABELS[ask] || ask); }

/** Pick the Russian or English text of an engine object (summary/summary_ru, label/label_ru). */
export function pick(obj, field) {
  if (!obj) return "";
  if (current === "ru" && obj[`${field}_ru`]) return obj[`${field}_ru`];
  return obj[field] || obj[`${field}_ru`] || "";
}

/** Fill every element carrying data-i18n (text) or data-i18n-placeholder. */
export function translatePage(root = document) {
  document.documentElement.lang = current;
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) el.placeholder = t(el.dataset.i18nPlaceholder);
  for (const el of root.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
}

/** A chosen option's words: its label where the ruling offered it, else the catalog's word
 *  for an answer the ruling did not list for this seat (a claim's "agree" or "dispute"). */
export function choiceText(option, id) {
  const label = pick(option, "label");
  if (label) return label;
  const key = `choice_${id}`;
  return t(key) === key ? id : t(key);
}
