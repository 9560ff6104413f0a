"""`gen import gate` + `gen check` on GATE's dev half (../shared/dev-data/gate): how often the
checker reads each variant's gender for its entity (GATE's human translations, so every
decided label should be `correct`).

    python bench/dev_gate.py [fr es it]

Imports and checks each language into runs/gate-XX.check (an existing one is reused, about
a minute each) and prints, per language: records, f records read feminine and m records
read masculine (of the decided), % right of decided, % inconclusive, the reasons.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "dev-data" / "gate"


def check(lang: str) -> Path:
    records, out = ROOT / "runs" / f"gate-{lang}.jsonl", ROOT / "runs" / f"gate-{lang}.check"
    if not out.is_dir():
        files = [str(DATA / f"{lang}_{n}_variants.dev.tsv") for n in (2, 4)]
        gen = [sys.executable, "-m", "gen"]
        subprocess.run(
            [*gen, "import", "gate", *files, "--out", str(records), "--force"], cwd=ROOT, check=True
        )
        subprocess.run(
            [*gen, "check", str(records), "--out", str(out)],
            cwd=ROOT,
            check=True,
            stdout=subprocess.DEVNULL,
        )
    return out / "results.jsonl"


def row(lang: str) -> str:
    counts, reasons = Counter(), Counter()
    for line in check(lang).read_text(encoding="utf-8").splitlines():
        result = json.loads(line)
        counts[result["expected_gender"], result["label"]] += 1
        if result["label"] == "inconclusive":
            reasons[result["reason"]] += 1
    n = sum(counts.values())
    right = counts["female", "correct"] + counts["male", "correct"]
    decided = right + counts["female", "wrong"] + counts["male", "wrong"]

    def read(gender: str) -> str:
        done = counts[gender, "correct"] + counts[gender, "wrong"]
        return f"{counts[gender, 'correct']}/{done} ({100 * counts[gender, 'correct'] / done:.1f}%)"

    inconclusive = n - decided
    return (
        f"| {lang} | {n} | {read('female')} | {read('male')} | {100 * right / decided:.1f} "
        f"| {100 * inconclusive / n:.1f} | "
        + ", ".join(f"{reason} {c}" for reason, c in reasons.most_common())
        + " |"
    )


if __name__ == "__main__":
    print(
        "| lang | records | f read feminine | m read masculine | % right of decided "
        "| % inconclusive | inconclusive reasons |"
    )
    print("|---|---:|---:|---:|---:|---:|---|")
    for lang in sys.argv[1:] or ("fr", "es", "it"):
        print(row(lang))
