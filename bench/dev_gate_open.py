"""`gen check` in open-gender mode on GATE's dev half (../shared/dev-data/gate/): each row's
feminine (`f`) and masculine (`m`) human translation of a sentence whose person English
leaves ungendered should read `feminine` and `masculine` for that person.

    python bench/dev_gate_open.py es fr it [--prof] [--tagger offline --aligner eflomal]

Reads XX_2_variants.dev.tsv (one entity per row). The person is the first mention in
`kw_s` (mentions joined by `=`; its head noun in [brackets] where other words are listed,
else its last word), found among the source's tokens; rows where it is not (an implied
"(you)") are left out and counted. Every f and m line becomes an open-gender record
(expected_gender null) and all of a language's are checked in one batch (eflomal fits on
it). `--prof`: only the rows GATE labels PROF (one profession per sentence). Prints, per
language: rows used and left out, % of decided lines right (feminine for f, masculine for
m) for f, m and all, % inconclusive, % neutral or both, and the inconclusive reasons. Writes
the lines not read right to runs/dev-gate-open-LANG-errors.jsonl.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from checker.pipeline.records import tokenize_english  # noqa: E402
from checker.pipeline.run import CheckOptions, check  # noqa: E402
from scores.summary import SummaryBuilder  # noqa: E402

GATE = Path(__file__).resolve().parent.parent.parent / "shared" / "dev-data" / "gate"
RIGHT = {"f": "feminine", "m": "masculine"}
APART = ("neutral", "both")


def person_word(keywords: str) -> str:
    """The person's word in GATE's `kw_s`: its first mention's [bracketed] head noun, or
    its last word."""
    first = keywords.split("=")[0].strip()
    if "[" in first and "]" in first:
        return first[first.index("[") + 1 : first.index("]")].strip()
    return first.split()[-1] if first.split() else ""


def gate_records(lang: str, root: Path, *, prof: bool) -> tuple[list[dict], int]:
    """The open-gender records of ``lang``'s one-entity rows, and how many rows were left
    out (the person's word not among the source's tokens)."""
    records, left_out = [], 0
    # split by hand: GATE's fr file ends its kw_m fields with a stray carriage return
    with open(root / f"{lang}_2_variants.dev.tsv", encoding="utf-8", newline="\n") as handle:
        lines = [[cell.strip("\r") for cell in line.rstrip("\n").split("\t")] for line in handle]
    for number, cells in enumerate(lines[1:], start=2):
        row = dict(zip(lines[0], cells, strict=True))
        if prof and "PROF" not in row["labels"].split(";"):
            continue
        tokens = tokenize_english(row["source"])
        word = person_word(row["kw_s"]).lower()
        index = next((i for i, t in enumerate(tokens) if t.lower() == word), None)
        if index is None:
            left_out += 1
            continue
        for version in RIGHT:
            records.append(
                {
                    "id": f"{lang}-{number}-{version}",
                    "text": row["source"],
                    "tokens": tokens,
                    "occupation": {"index": index, "text": tokens[index]},
                    "expected_gender": None,
                    "translation": row[version],
                    "lang": lang,
                    "version": version,
                }
            )
    return records, left_out


def measure(lang: str, root: Path, options: CheckOptions, *, prof: bool) -> dict:
    records, left_out = gate_records(lang, root, prof=prof)
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp, "in.jsonl")
        source.write_text(
            "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8"
        )
        start = time.perf_counter()
        check(source, out=Path(tmp, "out"), options=options, summary=SummaryBuilder())
        seconds = time.perf_counter() - start
        results = [json.loads(line) for line in open(Path(tmp, "out", "results.jsonl"))]
    return {"results": results, "left_out": left_out, "seconds": seconds}


def right_of_decided(results: list[dict]) -> str:
    decided = [r for r in results if r["label"] in RIGHT.values()]
    right = sum(r["label"] == RIGHT[r["version"]] for r in decided)
    return f"{100 * right / max(len(decided), 1):.1f}% ({right}/{len(decided)})"


def share(results: list[dict], labels: tuple[str, ...]) -> str:
    return f"{100 * sum(r['label'] in labels for r in results) / max(len(results), 1):.1f}%"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("langs", nargs="+")
    parser.add_argument("--prof", action="store_true", help="only rows labelled PROF")
    parser.add_argument("--tagger", default="offline")
    parser.add_argument("--aligner", default="eflomal")
    parser.add_argument("--root", type=Path, default=GATE)
    args = parser.parse_args()
    options = CheckOptions(tagger=args.tagger, aligner=args.aligner)
    Path("runs").mkdir(exist_ok=True)
    print(
        "| lang | rows | left out | f: right on decided | m: right on decided | all | "
        "inconclusive | neutral or both | reasons | s |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---|---:|")
    for lang in args.langs:
        run = measure(lang, args.root, options, prof=args.prof)
        results = run["results"]
        by = {v: [r for r in results if r["version"] == v] for v in RIGHT}
        reasons = Counter(r["reason"] for r in results if r["label"] == "inconclusive")
        print(
            f"| {lang} | {len(results) // 2} | {run['left_out']} | {right_of_decided(by['f'])} "
            f"| {right_of_decided(by['m'])} | {right_of_decided(results)} "
            f"| {share(results, ('inconclusive',))} | {share(results, APART)} "
            f"| {', '.join(f'{k} {v}' for k, v in reasons.most_common(5))} "
            f"| {run['seconds']:.0f} |",
            flush=True,
        )
        with open(f"runs/dev-gate-open-{lang}-errors.jsonl", "w", encoding="utf-8") as handle:
            for r in results:
                if r["label"] != RIGHT[r["version"]]:
                    kept = {k: r.get(k) for k in ("id", "text", "translation", "label", "reason")}
                    kept["occupation"] = r["occupation"]["text"]
                    kept["evidence"] = r.get("evidence")
                    handle.write(json.dumps(kept, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
