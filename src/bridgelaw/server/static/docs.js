// The API reference page: every path of /openapi.json with its methods, summary, parameters,
// request body and responses. Served by this server (Swagger UI from a CDN is blank offline).

import { t, lang, setLang, translatePage } from "./i18n.js";
import { esc } from "./cards.js";

let spec = null;

/** A schema as a short type text: refs by name, arrays, objects with their fields. */
function typeText(schema, depth = 0) {
  if (!schema) return "";
  if (schema.$ref) return schema.$ref.split("/").pop();
  if (schema.anyOf) return schema.anyOf.map((s) => typeText(s, depth)).join(" | ");
  if (schema.type === "array") return `${typeText(schema.items, depth)}[]`;
  if (schema.enum) return schema.enum.map((x) => JSON.stringify(x)).join(" | ");
  return schema.type || "any";
}

function schemaHtml(name, schema) {
  const props = Object.entries(schema.properties || {});
  const req = new Set(schema.required || []);
  const rows = props.map(([k, v]) => `<tr><td><code>${esc(k)}</code>${req.has(k) ? " *" : ""}</td><td><code>${esc(typeText(v))}</code></td><td>${esc(v.description || "")}</td></tr>`).join("");
  return `<details class="api-schema" id="schema-${esc(name)}"><summary><code>${esc(name)}</code></summary>
    ${schema.description ? `<p>${esc(schema.description)}</p>` : ""}<table class="api-table">${rows}</table></details>`;
}

function operationHtml(path, method, op) {
  const params = (op.parameters || []).map((p) => `<li><code>${esc(p.name)}</code> (${esc(p.in)}${p.required ? ", *" : ""}): <code>${esc(typeText(p.schema))}</code></li>`).join("");
  const body = op.requestBody?.content?.["application/json"]?.schema;
  const responses = Object.entries(op.responses || {}).map(([code, r]) =>
    `<li><strong>${esc(code)}</strong> ${esc(r.description || "")} <code>${esc(typeText(r.content?.["application/json"]?.schema))}</code></li>`).join("");
  return `<div class="api-op" data-op="${esc(method)} ${esc(path)}"><div class="api-head"><span class="api-method ${esc(method)}">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code></div>
    <p>${esc(op.summary || "")}</p>${op.description ? `<p class="muted">${esc(op.description)}</p>` : ""}
    ${params ? `<ul>${params}</ul>` : ""}${body ? `<p>body: <code>${esc(typeText(body))}</code></p>` : ""}<ul>${responses}</ul></div>`;
}

async function render() {
  translatePage();
  document.getElementById("lang-btn").textContent = t("switch_to");
  if (!spec) spec = await (await fetch("/openapi.json")).json();
  const ops = Object.entries(spec.paths || {}).flatMap(([path, methods]) => Object.entries(methods).map(([m, op]) => operationHtml(path, m, op)));
  const schemas = Object.entries(spec.components?.schemas || {}).map(([n, s]) => schemaHtml(n, s));
  document.getElementById("api").innerHTML = `<h3>${esc(spec.info?.title || "API")} ${esc(spec.info?.version || "")}</h3>${ops.join("")}<h3>schemas</h3>${schemas.join("")}`;
}

document.getElementById("lang-btn").addEventListener("click", () => setLang(lang() === "ru" ? "en" : "ru"));
document.addEventListener("langchange", render);
render();

// the controls work from now on: until then (the texts still loading) the styles take no
// tap, which would have done nothing
document.documentElement.dataset.ready = "true";
