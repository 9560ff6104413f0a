"""The dev benches through the UD-profile harness: does the neural path's rule data hold?

    python bench/ud_profile.py                       # every language of both dev sets
    python bench/ud_profile.py de ar hi --limit 400  # some, on the first 400 lines each

Each language's UGB dev slice (ugb-m2m100-1.2b, as bench/dev_ugb.py reads it) and
MT-GenEval contextual dev lines (original and flipped references, as bench/dev_mtgeneval.py
reads them) are checked twice with the eflomal aligner: by the offline tagger, and by the
same analyses re-expressed as the language's default Stanza model would give them
(checker/backends/ud_profile.py: lemmas, only its treebank's UD features, its words). Prints,
per language and set, % of decided labels right and % inconclusive on each path, and the
differences in points: rule data keyed on a feature UD lacks shows as a gap.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from dev_mtgeneval import DEV as MTGENEVAL  # noqa: E402
from dev_mtgeneval import RIGHT, versions  # noqa: E402
from dev_ugb import dev_languages, records_with_paper_labels  # noqa: E402

from checker.pipeline.run import CheckOptions, check  # noqa: E402
from scores.mtgeneval.dataset import read_contextual  # noqa: E402
from scores.mtgeneval.records import checkable, contextual_records  # noqa: E402

UD_PROFILE = "checker.backends.ud_profile:UDProfileTagger"
PATHS = {"offline": "offline", "ud": UD_PROFILE}
DECIDED = ("correct", "wrong")

#: a set's records for a language and, per result, the label that is right
Rows = tuple[list[dict], Callable[[dict], str]]


def ugb_rows(lang: str, limit: int | None) -> Rows:
    records = records_with_paper_labels(lang)[0][:limit]
    return records, lambda result: "correct"


def mtgeneval_rows(lang: str, limit: int | None) -> Rows:
    records = contextual_records(read_contextual(MTGENEVAL, lang, "dev"), lang, "dev")
    return versions(checkable(records)[:limit]), lambda result: RIGHT[result["version"]]


def mtgeneval_languages() -> list[str]:
    return sorted(p.suffix[1:] for p in MTGENEVAL.glob("context/*original-dev.en_*"))


SETS: dict[str, tuple[Callable[[str, int | None], Rows], Callable[[], list[str]]]] = {
    "ugb": (ugb_rows, dev_languages),
    "mtgeneval": (mtgeneval_rows, mtgeneval_languages),
}


def rates(results: Sequence[dict], right: Callable[[dict], str]) -> tuple[float, float]:
    """% of the decided labels (correct or wrong) that are right, and % inconclusive."""
    decided = [r for r in results if r["label"] in DECIDED]
    good = sum(r["label"] == right(r) for r in decided)
    undecided = sum(r["label"] == "inconclusive" for r in results)
    return 100 * good / max(len(decided), 1), 100 * undecided / max(len(results), 1)


def labels(records: list[dict], tagger: str) -> list[dict]:
    """``records`` checked with ``tagger`` and eflomal."""
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp, "in.jsonl")
        source.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records))
        check(source, out=Path(tmp, "out"), options=CheckOptions(tagger=tagger, aligner="eflomal"))
        return [json.loads(line) for line in open(Path(tmp, "out", "results.jsonl"))]


def compare(dev_set: str, lang: str, limit: int | None = None) -> dict[str, float]:
    """Right-on-decided and inconclusive (%) on each path, for one set and language."""
    records, right = SETS[dev_set][0](lang, limit)
    row: dict[str, float] = {"n": len(records)}
    for path, tagger in PATHS.items():
        row[f"{path} right"], row[f"{path} inconclusive"] = rates(labels(records, tagger), right)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("langs", nargs="*", help="default: every language of each set")
    parser.add_argument("--sets", nargs="+", choices=list(SETS), default=list(SETS))
    parser.add_argument("--limit", type=int, help="the first N lines of each language")
    args = parser.parse_args()
    print(
        "| set | lang | n | offline right | UD right | Δ | offline inconclusive "
        "| UD inconclusive | Δ |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for dev_set in args.sets:
        known = SETS[dev_set][1]()
        for lang in [lang for lang in args.langs or known if lang in known]:
            row = compare(dev_set, lang, args.limit)
            print(
                f"| {dev_set} | {lang} | {row['n']:.0f} | {row['offline right']:.1f} "
                f"| {row['ud right']:.1f} | {row['ud right'] - row['offline right']:+.1f} "
                f"| {row['offline inconclusive']:.1f} | {row['ud inconclusive']:.1f} "
                f"| {row['ud inconclusive'] - row['offline inconclusive']:+.1f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
