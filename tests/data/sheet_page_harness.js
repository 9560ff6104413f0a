// Runs a gen annotate page's script against a minimal stand-in for the browser's DOM:
// chooses the judgements given on the command line (item=judgement,...), saves, and prints
// the CSV the page would download. Used by tests/test_human_validity.py (with node).
const fs = require("fs");
const [page, choices] = process.argv.slice(2);
const script = fs.readFileSync(page, "utf8").match(/<script>([\s\S]*)<\/script>/)[1];
function element(tag) {
  const node = { tag, children: [], rows: [], cells: [], value: "", checked: false,
    append(...items) { this.children.push(...items); },
    insertRow() { const row = element("tr"); this.rows.push(row); return row; },
    insertCell() { const cell = element("td"); this.cells.push(cell); return cell; },
    click() { if (this.onclickdownload) this.onclickdownload(this); } };
  return node;
}
const ids = { rows: element("tbody"), done: element("span"), who: element("input"),
  save: element("button"), load: element("input") };
ids.who.value = "anna";
let saved = null;
global.document = { getElementById: id => ids[id], createElement: tag => {
  const made = element(tag);
  if (tag === "a") made.onclickdownload = a => { saved = { name: a.download, blob: a.href }; };
  return made; } };
const store = {};
global.localStorage = { getItem: k => store[k] ?? null, setItem: (k, v) => { store[k] = v; } };
global.location = { reload() {} };
global.Blob = class { constructor(parts) { this.text = parts.join(""); } };
global.URL = { createObjectURL: blob => blob };
new Function(script)();
const wanted = Object.fromEntries(choices.split(",").map(pair => pair.split("=")));
for (const row of ids.rows.rows) {
  const item = row.cells[0].textContent;
  const radios = row.cells[5].children.filter(c => c.tag === "label")
    .map(label => label.children[0]);
  const radio = radios.find(r => r.value === wanted[item]);
  if (radio) { radio.checked = true; radio.onchange(); }
}
ids.save.onclick();
process.stdout.write(saved.name + "\n" + saved.blob.text);
