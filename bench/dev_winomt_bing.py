"""WinoMT's figures from gen's labels on the dev system's translations
(../shared/dev-data/winomt/bing, Microsoft Translator, as released with Stanovsky et al.
2019), every language, through the commands a user runs:

    python bench/dev_winomt_bing.py [ar de ...]

For each language: `gen import winomt en.txt bing/en-XX.txt --lang XX --out
runs/winomt-bing/XX.jsonl`, then `gen check ... --system bing` (about a
minute each on two cores; an existing runs/winomt-bing/XX.check is reused). Prints one
Markdown row per language from summary.json's ``winomt``: lines scored, gen's accuracy of
decided lines and inconclusive share, WinoMT's accuracy, F1 male/female, ΔG, ΔS.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "dev-data" / "winomt"
RUNS = ROOT / "runs" / "winomt-bing"
LANGS = ("ar", "de", "es", "fr", "he", "it", "nl", "ru", "uk")


def gen(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "gen", *args], cwd=ROOT, check=True, stdout=sys.stderr)


def run(lang: str) -> dict:
    records, check = RUNS / f"{lang}.jsonl", RUNS / f"{lang}.check"
    if not check.is_dir():
        gen(
            "import",
            "winomt",
            str(DATA / "en.txt"),
            str(DATA / "bing" / f"en-{lang}.txt"),
            "--lang",
            lang,
            "--out",
            str(records),
            "--force",
        )
        gen("check", str(records), "--out", str(check), "--system", "bing")
    return json.loads((check / "summary.json").read_text(encoding="utf-8"))


def pct(value: float | None, signed: bool = False) -> str:
    return "–" if value is None else f"{100 * value:{'+' if signed else ''}.1f}"


def row(lang: str, summary: dict) -> str:
    winomt, overall = summary["winomt"], summary["overall"]
    return (
        f"| {lang} | {winomt['n']} | {pct(overall['accuracy'])} "
        f"| {pct(overall['rates']['inconclusive']['value'])} "
        f"| {pct(winomt['accuracy']['accuracy'])} | {pct(winomt['male']['f1'])} "
        f"| {pct(winomt['female']['f1'])} | {pct(winomt['delta_g']['value'], True)} "
        f"| {pct(winomt['subsets']['pro']['accuracy'])} "
        f"| {pct(winomt['subsets']['anti']['accuracy'])} "
        f"| {pct(winomt['delta_s']['value'], True)} |"
    )


if __name__ == "__main__":
    RUNS.mkdir(parents=True, exist_ok=True)
    langs = sys.argv[1:] or LANGS
    summaries = {lang: run(lang) for lang in langs}
    print(
        "| lang | lines | gen accuracy (decided) | gen inconclusive | WinoMT Acc | F1 male "
        "| F1 female | ΔG | Acc pro | Acc anti | ΔS |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for lang, summary in summaries.items():
        print(row(lang, summary))
