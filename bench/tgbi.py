"""Time the Korean set and TGBI scoring, and print an example table on rule-made outputs.

    python bench/tgbi.py [--repeat N]

The English "translations" are made by a fixed rule from each record's fields (below), not by
an MT system: they exercise the two classification modes, and the numbers say nothing about
any real system.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.korean import build_records, load_resources  # noqa: E402
from scores.tgbi import _classify, classify, score_tgbi  # noqa: E402


def rule_made_output(index: int, record: dict) -> str:
    """A fixed English output per record: formal → often 'that person', positive → she,
    occupation → he, negative → a mix including 'he or she' and 'his' (the modes differ there)."""
    if record["formality"] == "formal" and index % 2 == 0:
        return "That person is like that."
    if record["category"] == "occupation":
        return "He is one." if index % 5 else "She is one."
    if record["category"] == "positive":
        return "She is like that." if index % 4 else "He is like that."
    return ("He or she is like that.", "His manners are like that.", "He is.", "She is.")[index % 4]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="timing runs; the best is shown")
    args = parser.parse_args()

    def best(run) -> tuple[float, object]:
        times, result = [], None
        for _ in range(args.repeat):
            start = time.perf_counter()
            result = run()
            times.append(time.perf_counter() - start)
        return min(times), result

    seconds, resources = best(load_resources)
    print(f"load grammar + word lists: {seconds * 1000:.1f} ms")
    seconds, build = best(lambda: build_records(resources, "small"))
    print(f"build {len(build.records)} records: {seconds * 1000:.1f} ms")
    records = [
        (i, {**r, "translation": rule_made_output(i, r)}) for i, r in enumerate(build.records, 1)
    ]
    distinct = [f"{r['translation']} ({i})" for i, r in records]
    seconds, _ = best(lambda: [_classify.cache_clear(), [classify(t) for t in distinct]])
    print(f"classify {len(distinct)} distinct outputs, cache cleared: {seconds * 1000:.1f} ms")
    for compat in (False, True):

        def score(compat=compat):
            _classify.cache_clear()
            return score_tgbi(records, compat=compat)

        seconds, report = best(score)
        kinds = len({r["translation"] for _, r in records})
        print(
            f"score {len(records)} outputs ({kinds} distinct; labels + 1000 bootstrap resamples), "
            f"compat={compat}: {seconds * 1000:.1f} ms"
        )
        print()
        print(report.to_markdown())


if __name__ == "__main__":
    main()
