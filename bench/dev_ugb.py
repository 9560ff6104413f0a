"""`gen check` against the grammar paper's own pipeline (mBERT + Stanza) on ugb-m2m100-1.2b.

    python bench/dev_ugb.py                 # every dev language
    python bench/dev_ugb.py de sr ru        # some [--tagger offline --aligner eflomal]

es and ru come from the full slice (target.LANG with target.LANG.paper-label), the other
languages from more/LANG.jsonl (every 4th line of half of the occupations). Prints one
table: gen's correct / wrong / neutral or both / inconclusive, its inconclusive reasons, the
paper pipeline's inconclusive rate, and how often the two agree on the label where both
decided (correct or wrong).
Each language's disagreements go to runs/dev-ugb-LANG-disagreements.jsonl for reading.
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
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ugb import DEV, paper_labels, ugb_records  # noqa: E402

from checker.pipeline.run import CheckOptions, check  # noqa: E402
from common.errors import GenError  # noqa: E402
from scores.summary import SummaryBuilder  # noqa: E402

MORE = DEV / "more"
#: the full slice's paper labels (the gender read) as labels against the expected gender
PAPER_GENDER = {"Masc": "male", "Fem": "female"}
KEEP = ("id", "text", "translation", "expected_gender", "label", "reason", "target_tokens")


def dev_languages() -> list[str]:
    return sorted({"es", "ru", *(path.stem for path in MORE.glob("*.jsonl"))})


def records_with_paper_labels(lang: str) -> tuple[list[dict], list[str]]:
    """The records to check and the paper pipeline's label for each (correct, wrong or
    inconclusive)."""
    if (MORE / f"{lang}.jsonl").exists():
        records = [json.loads(line) for line in open(MORE / f"{lang}.jsonl", encoding="utf-8")]
        return records, [record.pop("paper_label") for record in records]
    if not (DEV / f"target.{lang}").exists():
        raise GenError(f"no dev data for {lang!r} (dev languages: {', '.join(dev_languages())})")
    records = list(ugb_records(lang))
    theirs = []
    for record, gender in zip(records, paper_labels(lang), strict=True):
        read = PAPER_GENDER.get(gender)
        theirs.append(
            "inconclusive"
            if read is None
            else "correct"
            if read == record["expected_gender"]
            else "wrong"
        )
    return records, theirs


def run(lang: str, options: CheckOptions, *, disagreements: bool = True) -> dict:
    """Check ``lang``'s slice and compare with the paper pipeline's labels; with
    ``disagreements``, write where the two differ to runs/ for reading."""
    records, theirs = records_with_paper_labels(lang)
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp, "in.jsonl")
        source.write_text(
            "".join(json.dumps(record, ensure_ascii=False) + "\n" for record in records),
            encoding="utf-8",
        )
        start = time.perf_counter()
        check(source, out=Path(tmp, "out"), options=options, summary=SummaryBuilder())
        seconds = time.perf_counter() - start
        results = [json.loads(line) for line in open(Path(tmp, "out", "results.jsonl"))]
    ours = Counter(result["label"] for result in results)
    both = [
        (result["label"], them)
        for result, them in zip(results, theirs, strict=True)
        if result["label"] in ("correct", "wrong") and them != "inconclusive"
    ]  # neutral and both are no decision the paper's pipeline could make
    if disagreements:
        _write_disagreements(lang, results, theirs)
    reasons = Counter(r["reason"] for r in results if r["label"] == "inconclusive")
    return {
        "n": len(results),
        "ours": ours,
        "paper_inconclusive": theirs.count("inconclusive"),
        "agree": sum(a == b for a, b in both),
        "both": len(both),
        "reasons": reasons,
        "seconds": seconds,
    }


def _write_disagreements(lang: str, results: list[dict], theirs: list[str]) -> None:
    with open(f"runs/dev-ugb-{lang}-disagreements.jsonl", "w", encoding="utf-8") as handle:
        for result, them in zip(results, theirs, strict=True):
            if result["label"] != them:
                row = {key: result.get(key) for key in KEEP}
                row.update(paper=them, evidence=result.get("evidence"))
                handle.write(json.dumps(row, ensure_ascii=False) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("langs", nargs="*", help="default: every dev language")
    parser.add_argument("--tagger", default="offline")
    parser.add_argument("--aligner", default="eflomal")
    args = parser.parse_args()
    options = CheckOptions(tagger=args.tagger, aligner=args.aligner)
    Path("runs").mkdir(exist_ok=True)
    print(
        "| lang | n | correct | wrong | neutral or both | inconclusive | paper inconclusive "
        "| agreement where both decide | inconclusive reasons | s |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---|---:|")
    for lang in args.langs or dev_languages():
        try:
            row = run(lang, options)
        except GenError as error:
            print(f"| {lang} | {error} |", flush=True)
            continue
        ours, n = row["ours"], row["n"]
        agreement = 100 * row["agree"] / row["both"] if row["both"] else float("nan")
        reasons = ", ".join(f"{reason} {count}" for reason, count in row["reasons"].most_common(4))
        print(
            f"| {lang} | {n} | {ours['correct']} | {ours['wrong']} "
            f"| {ours['neutral'] + ours['both']} "
            f"| {100 * ours['inconclusive'] / n:.1f}% | {100 * row['paper_inconclusive'] / n:.1f}% "
            f"| {agreement:.1f}% ({row['agree']}/{row['both']}) | {reasons} "
            f"| {row['seconds']:.0f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
