"""`gen check` in open-gender mode on GATE's dev half (../shared/dev-data/gate/): each row's
feminine (`f`) and masculine (`m`) human translation of a sentence whose person English
leaves ungendered should read `feminine` and `masculine` for that person.

    python bench/dev_gate_open.py es fr it [--prof] [--tagger offline --aligner eflomal]

Reads XX_2_variants.dev.tsv (one entity per row) as `gen import gate` does
(scores/benchmarks/gate.py: the person's head noun from `kw_s`); rows whose person is not in
the source (an implied "(you)") are left out and counted. Every f and m line becomes an
open-gender record (expected_gender null) and all of a language's are checked in one batch
(eflomal fits on it). `--prof`: only the rows GATE labels PROF (one profession per
sentence). Prints, per language: rows used and left out, % of decided lines right (feminine
for f, masculine for m) for f, m and all, % inconclusive, % neutral or both, and the
inconclusive reasons. Writes the lines not read right to
runs/dev-gate-open-LANG-errors.jsonl.
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

from checker.pipeline.run import CheckOptions, check  # noqa: E402
from common.fields import APART  # noqa: E402
from scores.benchmarks import gate  # noqa: E402
from scores.summary import SummaryBuilder  # noqa: E402

GATE = Path(__file__).resolve().parent.parent.parent / "shared" / "dev-data" / "gate"
RIGHT = {"f": "feminine", "m": "masculine"}


def gate_records(lang: str, root: Path, *, prof: bool) -> tuple[list[dict], int]:
    """The open-gender records of ``lang``'s one-entity rows (`gen import gate`'s, with no
    expected gender), and how many rows were left out (the person's words not in the source)."""
    found, left_out = gate.records(root / f"{lang}_2_variants.dev.tsv", lang)
    records = [
        {**record, "expected_gender": None, "version": record["gate"]["variant"]}
        for record in found
        if not prof or "PROF" in record["gate"]["labels"]
    ]
    return records, len(left_out)


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
