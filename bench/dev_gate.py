"""`gen import gate` + `gen check` on GATE's dev half (../shared/dev-data/gate): how often the
checker reads each variant's gender for its entity (GATE's human translations, so every
decided label should be `correct`).

    python bench/dev_gate.py [fr es it] [--reuse]

Imports and checks each language into runs/gate-XX.check (about a minute each; `--reuse`
reads an existing check instead, which may be of older code) and prints, per language:
records, f records read feminine and m records read masculine (of the decided), % right of
decided, % inconclusive, the reasons; then the same over the records whose twin translation
(the entity's other gender) differs: where GATE's two translations are one sentence,
nothing in it marks the entity's gender.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from common.fields import APART  # noqa: E402

DATA = ROOT.parent / "shared" / "dev-data" / "gate"


def check(lang: str, reuse: bool) -> Path:
    records, out = ROOT / "runs" / f"gate-{lang}.jsonl", ROOT / "runs" / f"gate-{lang}.check"
    if not (reuse and out.is_dir()):
        files = [str(DATA / f"{lang}_{n}_variants.dev.tsv") for n in (2, 4)]
        gen = [sys.executable, "-m", "gen"]
        subprocess.run(
            [*gen, "import", "gate", *files, "--out", str(records), "--force"], cwd=ROOT, check=True
        )
        subprocess.run(
            [*gen, "check", str(records), "--out", str(out), "--force"],
            cwd=ROOT,
            check=True,
            stdout=subprocess.DEVNULL,
        )
    return out / "results.jsonl"


def row(results: list[dict], lang: str, only_marked: bool = False) -> str:
    if only_marked:
        results = marked(results)
    counts, reasons = Counter(), Counter()
    for result in results:
        counts[result["expected_gender"], result["label"]] += 1
        if result["label"] == "inconclusive":
            reasons[result["reason"]] += 1
    n = sum(counts.values())
    right = counts["female", "correct"] + counts["male", "correct"]
    decided = right + counts["female", "wrong"] + counts["male", "wrong"]

    def read(gender: str) -> str:
        done = counts[gender, "correct"] + counts[gender, "wrong"]
        return f"{counts[gender, 'correct']}/{done} ({100 * counts[gender, 'correct'] / done:.1f}%)"

    apart = sum(count for (_, label), count in counts.items() if label in APART)
    inconclusive = n - decided - apart
    return (
        f"| {lang}{' (twins differ)' if only_marked else ''} | {n} | {read('female')} "
        f"| {read('male')} | {100 * right / decided:.1f} | {100 * inconclusive / n:.1f} "
        f"| {100 * apart / n:.1f} | "
        + ", ".join(f"{reason} {c}" for reason, c in reasons.most_common())
        + " |"
    )


def marked(results: list[dict]) -> list[dict]:
    """The records whose twin (the same row and entity, the entity's other gender) is a
    different translation: where GATE's two translations are identical, the sentence marks
    no gender for the entity and no reader can tell the variants apart."""
    by_entity: dict[tuple, dict[str, dict]] = {}
    for result in results:
        about = result["gate"]
        by_entity.setdefault((about["file"], about["line"], about["entity"]), {})[
            about["variant"]
        ] = result
    out = []
    for (_, _, entity), variants in by_entity.items():
        slot = entity - 1
        for variant, result in variants.items():
            flipped = "m" if variant[slot] == "f" else "f"
            twin = variants.get(variant[:slot] + flipped + variant[slot + 1 :])
            if twin is None or twin["translation"].strip() != result["translation"].strip():
                out.append(result)
    return out


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("langs", nargs="*", default=["fr", "es", "it"])
    parser.add_argument("--reuse", action="store_true", help="read existing checks")
    args = parser.parse_args()
    print(
        "| lang | records | f read feminine | m read masculine | % right of decided "
        "| % inconclusive | % neutral or both | inconclusive reasons |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    for lang in args.langs:
        path = check(lang, args.reuse)
        results = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
        print(row(results, lang))
        print(row(results, lang, only_marked=True))
