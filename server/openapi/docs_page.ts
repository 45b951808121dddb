/**
 * The API browser: one HTML page and one script that fetch `/api/openapi.json`
 * and list operations by tag, each with its parameters, body and answer
 * schemas. Plain DOM, no dependencies, so it works offline and under the CSP.
 */

export const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Rotor API</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { margin: 0 auto; max-width: 960px; padding: 24px 16px; line-height: 1.5; }
  h1 { margin: 0 0 4px; } h2 { margin-top: 32px; border-bottom: 1px solid #8884; }
  details { border: 1px solid #8884; border-radius: 6px; margin: 6px 0; padding: 6px 10px; }
  summary { cursor: pointer; display: flex; gap: 10px; align-items: baseline; flex-wrap: wrap; }
  .m { font: 600 12px ui-monospace, monospace; text-transform: uppercase; padding: 2px 6px;
       border-radius: 4px; min-width: 52px; text-align: center; color: #fff; }
  .get { background: #2563eb; } .post { background: #16a34a; } .put { background: #a16207; }
  .patch { background: #7c3aed; } .delete { background: #dc2626; }
  code, pre { font: 13px ui-monospace, monospace; }
  pre { overflow: auto; max-height: 420px; background: #8881; padding: 8px; border-radius: 4px; }
  .muted { opacity: .7; }
</style>
</head>
<body>
<h1>Rotor API</h1>
<p class="muted" id="intro">Loading <a href="/api/openapi.json">/api/openapi.json</a>…</p>
<main id="ops"></main>
<script src="/api/docs/docs.js"></script>
</body>
</html>`;

export const DOCS_SCRIPT = `"use strict";
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  for (const child of children) node.append(child);
  return node;
}
function block(title, value) {
  return el("div", {}, el("strong", {}, title), el("pre", {}, JSON.stringify(value, null, 2)));
}
fetch("/api/openapi.json").then((r) => r.json()).then((doc) => {
  document.getElementById("intro").textContent = doc.info.description + " Version " + doc.info.version + ".";
  const byTag = new Map();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const tag = op.tags[0];
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag).push({ path, method, op });
    }
  }
  const root = document.getElementById("ops");
  for (const [tag, ops] of byTag) {
    root.append(el("h2", {}, tag));
    for (const { path, method, op } of ops) {
      const body = op.requestBody && op.requestBody.content["application/json"].schema;
      const okStatus = Object.keys(op.responses)[0];
      const ok = op.responses[okStatus].content;
      const details = el("details", {},
        el("summary", {}, el("span", { class: "m " + method }, method), el("code", {}, path),
          el("span", { class: "muted" }, op.summary)));
      if (op.parameters.length) details.append(block("Parameters", op.parameters));
      if (body) details.append(block("Body", body));
      if (ok) details.append(block("Answer " + okStatus, ok["application/json"].schema));
      root.append(details);
    }
  }
}).catch((err) => {
  document.getElementById("intro").textContent = "Could not load the document: " + err;
});
`;
