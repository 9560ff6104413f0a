"""`gen check` on WinoMT-shaped German sentences written for this bench
(bench/data/winomt-de.jsonl): two people, a pronoun that names one of them ("The doctor
called the nurse because she was late"), one German translation each and its gold label
(whether the translation gives the person the pronoun names the pronoun's gender).

    python bench/dev_winomt_de.py [--tagger offline --aligner eflomal]

The translations were built from templates by bench/make_winomt_de.py (six WinoMT frames,
thirty occupations with their German masculine and feminine forms, English loans among
them, the second person in the accusative or dative, weak and adjectival nouns declined).
Prints % right of the decided labels, % inconclusive and the reasons; the wrong ones go to
runs/dev-winomt-de-errors.jsonl.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from checker.pipeline.run import CheckOptions, check  # noqa: E402

DATA = Path(__file__).resolve().parent / "data" / "winomt-de.jsonl"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tagger", default="offline")
    parser.add_argument("--aligner", default="eflomal")
    args = parser.parse_args()
    rows = [json.loads(line) for line in open(DATA, encoding="utf-8")]
    gold = {row["id"]: row.pop("gold") for row in rows}
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp, "in.jsonl")
        source.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows))
        check(
            source,
            out=Path(tmp, "out"),
            options=CheckOptions(tagger=args.tagger, aligner=args.aligner),
        )
        results = [json.loads(line) for line in open(Path(tmp, "out", "results.jsonl"))]
    decided = [r for r in results if r["label"] != "inconclusive"]
    right = sum(r["label"] == gold[r["id"]] for r in decided)
    reasons = Counter(r["reason"] for r in results if r["label"] == "inconclusive")
    print("| lines | decided right | inconclusive | reasons |")
    print("|---:|---:|---:|---|")
    print(
        f"| {len(results)} | {100 * right / max(len(decided), 1):.1f}% ({right}/{len(decided)}) "
        f"| {100 * (len(results) - len(decided)) / len(results):.1f}% "
        f"| {', '.join(f'{k} {v}' for k, v in reasons.most_common())} |"
    )
    Path("runs").mkdir(exist_ok=True)
    with open("runs/dev-winomt-de-errors.jsonl", "w", encoding="utf-8") as handle:
        for r in results:
            if r["label"] != gold[r["id"]]:
                handle.write(json.dumps({**r, "gold": gold[r["id"]]}, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
