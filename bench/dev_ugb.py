"""Agreement of `gen check` with the paper pipeline's labels on ugb-m2m100-1.2b (es, ru).

    python bench/dev_ugb.py es ru [--tagger offline --aligner eflomal]

Prints, per language, the table of our reading (male / female / none) against theirs
(Masc / Fem / other), the agreement on items both decided, and writes the disagreements to
runs/dev-ugb-LANG-disagreements.jsonl for reading.
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

from ugb import paper_labels, write_records  # noqa: E402

from checker.pipeline import CheckOptions, check  # noqa: E402
from scores.summary import SummaryBuilder  # noqa: E402

THEIRS = {"Masc": "male", "Fem": "female"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("langs", nargs="+")
    parser.add_argument("--tagger", default="offline")
    parser.add_argument("--aligner", default="eflomal")
    args = parser.parse_args()
    Path("runs").mkdir(exist_ok=True)
    for lang in args.langs:
        with tempfile.TemporaryDirectory() as tmp:
            source = Path(tmp, "in.jsonl")
            write_records(lang, source)
            start = time.perf_counter()
            builder = SummaryBuilder()
            check(
                source,
                out=Path(tmp, "out"),
                options=CheckOptions(tagger=args.tagger, aligner=args.aligner),
                summary=builder,
            )
            summary = builder.summary
            seconds = time.perf_counter() - start
            results = [json.loads(line) for line in open(Path(tmp, "out", "results.jsonl"))]
        theirs = [THEIRS.get(label) for label in paper_labels(lang)]
        table = Counter((r["target_gender"], t) for r, t in zip(results, theirs, strict=True))
        both = [
            (r["target_gender"], t)
            for r, t in zip(results, theirs, strict=True)
            if r["target_gender"] and t
        ]
        agree = sum(ours == them for ours, them in both)
        print(f"\n## {lang}: {len(results)} records, {seconds:.1f} s, {summary['signature']}")
        print(f"accuracy {summary['overall']['accuracy']}, reasons {summary['reasons']}")
        print("| ours \\ paper | male | female | none |\n|---|---:|---:|---:|")
        for ours in ("male", "female", None):
            row = " | ".join(str(table[ours, them]) for them in ("male", "female", None))
            print(f"| {ours or 'none'} | {row} |")
        print(f"agreement where both decided: {agree}/{len(both)} = {100 * agree / len(both):.2f}%")
        disagreements = Path(f"runs/dev-ugb-{lang}-disagreements.jsonl")
        with open(disagreements, "w", encoding="utf-8") as handle:
            for result, them in zip(results, theirs, strict=True):
                if result["target_gender"] != them:
                    keep = (
                        "id",
                        "text",
                        "translation",
                        "expected_gender",
                        "label",
                        "reason",
                        "target_tokens",
                        "target_gender",
                        "evidence",
                    )
                    handle.write(
                        json.dumps(
                            {**{k: result[k] for k in keep}, "paper": them}, ensure_ascii=False
                        )
                        + "\n"
                    )
        print(f"disagreements: {disagreements}")


if __name__ == "__main__":
    main()
