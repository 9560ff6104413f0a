"""The annotation sheet as one static HTML page: the reader opens it in a browser (no
server, no network), chooses a judgement per row, and saves the same CSV as the sheet's,
filled in. Answers are kept in the browser's local storage while the page is open, so a
reload loses nothing; a saved CSV can be loaded back to go on."""

from __future__ import annotations

import html
import json
from collections.abc import Mapping, Sequence

from scores.human.sheet import COLUMNS, JUDGEMENTS

INSTRUCTIONS = (
    "For each row, read the translation and decide which gender it gives the person named "
    "in the source (the person column; target words are where gen's aligner found them, and "
    "may be mistaken or empty). feminine or masculine: the translation's words for that person "
    "say so (the noun, an article, an adjective, a verb). neutral: the translation names the "
    "person without giving a gender, or gives both (a doublet). unclear: you cannot tell "
    "(the person is missing, the translation is broken). Judge the translation only, not "
    "the source."
)

SCRIPT = """
const COLUMNS = %(columns)s, CHOICES = %(choices)s, ROWS = %(rows)s, NAME = %(name)s;
const store = "gen-annotate:" + NAME + ":" + ROWS.length;
const saved = JSON.parse(localStorage.getItem(store) || "{}");
const body = document.getElementById("rows");
function cell(tr, text, cls) {
  const td = tr.insertCell(); td.textContent = text; if (cls) td.className = cls; return td;
}
function remember(item, field, value) {
  saved[item] = Object.assign(saved[item] || {}, {[field]: value});
  localStorage.setItem(store, JSON.stringify(saved)); count();
}
function count() {
  const done = ROWS.filter(r => (saved[r.item] || {}).human).length;
  document.getElementById("done").textContent = done + " of " + ROWS.length + " judged";
}
for (const row of ROWS) {
  const tr = body.insertRow();
  cell(tr, row.item); cell(tr, row.source); cell(tr, row.person, "person");
  cell(tr, row.translation); cell(tr, row.target_words, "person");
  const choose = tr.insertCell();
  for (const choice of CHOICES) {
    const label = document.createElement("label"), radio = document.createElement("input");
    radio.type = "radio"; radio.name = "h" + row.item; radio.value = choice;
    radio.checked = (saved[row.item] || {}).human === choice;
    radio.onchange = () => remember(row.item, "human", choice);
    label.append(radio, " " + choice); choose.append(label, document.createElement("br"));
  }
  const note = document.createElement("input");
  note.value = (saved[row.item] || {}).comment || "";
  note.oninput = () => remember(row.item, "comment", note.value);
  tr.insertCell().append(note);
}
count();
function quote(value) { return '"' + String(value).replace(/"/g, '""') + '"'; }
document.getElementById("save").onclick = () => {
  const lines = [COLUMNS.join(",")].concat(ROWS.map(row => COLUMNS.map(column =>
    quote((saved[row.item] || {})[column] ?? row[column] ?? "")).join(",")));
  const who = document.getElementById("who").value.trim().replace(/[^\\w-]+/g, "-");
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([lines.join("\\n") + "\\n"], {type: "text/csv"}));
  link.download = NAME + (who ? "-" + who : "") + ".csv"; link.click();
};
function parse(text) {
  const rows = [[]]; let field = "", quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i++; }
      else if (c === '"') quoted = false; else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") { rows[rows.length - 1].push(field); field = ""; }
    else if (c === "\\n") { rows[rows.length - 1].push(field); field = ""; rows.push([]); }
    else if (c !== "\\r") field += c;
  }
  if (field) rows[rows.length - 1].push(field);
  return rows.filter(r => r.length > 1);
}
document.getElementById("load").onchange = async event => {
  const [head, ...lines] = parse(await event.target.files[0].text());
  for (const line of lines) {
    const row = Object.fromEntries(head.map((h, i) => [h, line[i]]));
    if (row.item) saved[row.item] = {human: row.human || "", comment: row.comment || ""};
  }
  localStorage.setItem(store, JSON.stringify(saved)); location.reload();
};
"""

STYLE = """
body { font-family: sans-serif; margin: 1.5em; }
table { border-collapse: collapse; } td, th { border: 1px solid #ccc; padding: .4em;
vertical-align: top; } .person { font-weight: bold; } p { max-width: 60em; }
"""


def _json(value: object) -> str:
    """JSON safe inside a <script> element."""
    return json.dumps(value, ensure_ascii=False).replace("</", "<\\/")


def page_html(name: str, rows: Sequence[Mapping[str, str]]) -> str:
    """The whole page for the sheet called ``name`` (its file name without ``.csv``)."""
    script = SCRIPT % {
        "columns": _json(list(COLUMNS)),
        "choices": _json(list(JUDGEMENTS)),
        "rows": _json([dict(row) for row in rows]),
        "name": _json(name),
    }
    heads = "".join(
        f"<th>{head}</th>"
        for head in ("item", "source", "person", "translation", "target words", "human", "comment")
    )
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{html.escape(name)}: gen annotation</title>
<style>{STYLE}</style></head><body>
<h1>Annotation sheet {html.escape(name)}</h1>
<p>{html.escape(INSTRUCTIONS)}</p>
<p>Your name (for the file): <input id="who"> <button id="save">Save CSV</button>
<span id="done"></span> &middot; go on from a saved CSV: <input type="file" id="load"
accept=".csv"></p>
<table><thead><tr>{heads}</tr></thead><tbody id="rows"></tbody></table>
<script>{script}</script>
</body></html>
"""
