"""Score MT-GenEval's own references on every language, in both modes, and measure the
contextual converter's coverage: the sanity table of the report.

    PYTHONPATH=. python bench/mtgeneval_dev_references.py ../shared/dev-data/mt-geneval

Prints one Markdown table (accuracy of the correct and flipped references, unscorable and
no-contrastive-word counts, the references' quality gap, converter coverage) and the time.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from scores.mtgeneval.dataset import LANGUAGES, read_contextual
from scores.mtgeneval.evaluate import evaluate
from scores.mtgeneval.records import checkable, contextual_records


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("root", type=Path)
    parser.add_argument("--split", default="dev")
    parser.add_argument("--n-bootstrap", type=int, default=1000)
    args = parser.parse_args()
    start = time.perf_counter()
    print(
        "| lang | subset | mode | correct ref acc % (unscorable) | flipped ref acc % (unscorable)"
        " | no contrastive words | flipped BLEU f/m gap | flipped chrF f/m gap |"
    )
    print("|---|---|---|---:|---:|---:|---|---|")
    coverage = []
    for lang in LANGUAGES:
        for subset in ("contextual", "counterfactual"):
            if subset == "counterfactual" and lang == "nl":
                continue
            for mode in ("default", "compat"):
                runs = {
                    kind: evaluate(
                        args.root,
                        lang,
                        args.split,
                        subset,
                        references=kind,
                        mode=mode,
                        n_bootstrap=args.n_bootstrap,
                    ).summary  # fmt: skip
                    for kind in ("correct", "flipped")
                }
                flipped = runs["flipped"]
                gaps = [
                    f"{g['feminine']:.2f}/{g['masculine']:.2f} {g['gap']:+.2f}"
                    for g in flipped.get("quality_gap", {}).values()
                ] or ["–", "–"]
                print(
                    f"| {lang} | {subset} | {mode} | {runs['correct']['accuracy']:.2f} "
                    f"({runs['correct']['unscorable']}) | {flipped['accuracy']:.2f} "
                    f"({flipped['unscorable']}) "
                    f"| {flipped['no_contrastive_words']} | {gaps[0]} | {gaps[1]} |"
                )
        records = contextual_records(read_contextual(args.root, lang, args.split), lang, args.split)
        coverage.append(
            (
                lang,
                len(records),
                sum(r["expected_gender"] is not None for r in records),
                sum(r["occupation"] is not None for r in records),
                len(checkable(records)),
            )
        )
    print("\n| lang | contextual lines | expected gender | occupation | both |")
    print("|---|---:|---:|---:|---:|")
    for row in coverage:
        print("| " + " | ".join(map(str, row)) + " |")
    print(f"\n{time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
