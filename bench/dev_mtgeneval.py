"""`gen check` on MT-GenEval's contextual dev subset: `original` references should be
labelled correct and `flipped` ones wrong, for the gender the context states.

    python bench/dev_mtgeneval.py de es fr it pt ru [--tagger offline --aligner eflomal]

Records come from scores.mtgeneval's converter (expected gender from the context, the
occupation found in the sentence); lines it cannot decide are left out and counted. The
original and flipped lines of a language are checked in one batch (the aligner is fitted
on it). Prints, per language: lines, % of decided labels right, % inconclusive and the
reasons, and "flip seen": of the lines whose two versions were both decided, how many got
opposite labels (the word read is one the flip changed; when both are then wrong, the
expected gender from the converter disagrees with the reference). The next four columns split
the lines (decided right, inconclusive for each part) by whether the words the two references
differ in include a translation or a look-alike of the occupation (the aligner's
dictionaries): where they do not, the flip
changed only other words, and reading the occupation cannot tell the versions apart. On
those lines, "ceiling" is the most of the decided labels that can be right while the
checker reads a gendered occupation word as its gender: where both references keep the same
gendered word for the occupation (another person's role; a generic masculine kept for a
woman), the two versions get the same label and one of them is wrong. Writes
the wrong decisions to runs/dev-mtgeneval-LANG-errors.jsonl (flip_changes_occupation says
which column each counts in).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
import time
from collections import Counter
from difflib import SequenceMatcher
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from checker.backends.eflomal_aligner import EflomalAligner, look_alike_pairs  # noqa: E402
from checker.pipeline.run import CheckOptions, check  # noqa: E402
from scores.mtgeneval.dataset import read_contextual  # noqa: E402
from scores.mtgeneval.records import checkable, contextual_records, with_translations  # noqa: E402

DEV = Path(__file__).resolve().parent.parent.parent / "shared" / "dev-data" / "mt-geneval"
RIGHT = {"original": "correct", "flipped": "wrong"}
#: One name per printed cell: rates() prints two (decided right | inconclusive) for all the
#: lines, for those whose flip changes the occupation word, and for the others.
HEADER = (
    "lang", "lines", "checkable", "decided right", "inconclusive", "flip seen", "reasons", "s",
    "occupation flips: decided right", "inconclusive", "elsewhere: decided right",
    "inconclusive", "ceiling elsewhere",
)  # fmt: skip
TEXT_COLUMNS = {"lang", "reasons"}
NEUTRAL_LABELS = ("neutral", "both")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("langs", nargs="+")
    parser.add_argument("--tagger", default="offline")
    parser.add_argument("--aligner", default="eflomal")
    parser.add_argument("--root", type=Path, default=DEV)
    args = parser.parse_args()
    options = CheckOptions(tagger=args.tagger, aligner=args.aligner)
    Path("runs").mkdir(exist_ok=True)
    print("| " + " | ".join(HEADER) + " |")
    print("|" + "|".join("---" if name in TEXT_COLUMNS else "---:" for name in HEADER) + "|")
    for lang in args.langs:
        run = measure(lang, args.root, options)
        results, touched = run["results"], run["touched"]
        print(
            f"| {lang} | {run['lines']} | {run['checkable']} | {rates(results)} | "
            f"{_flips(results)} | "
            f"{', '.join(f'{k} {v}' for k, v in run['reasons'].most_common())} | "
            f"{run['seconds']:.1f} | "
            f"{rates([r for r in results if line_of(r) in touched])} | "
            f"{rates(elsewhere := [r for r in results if line_of(r) not in touched])} | "
            f"{ceiling(elsewhere)} |"
        )
        _write_errors(lang, results, touched)


def measure(lang: str, root: Path, options: CheckOptions) -> dict:
    """Check the original and flipped references of ``lang``'s checkable dev lines in one
    batch: the results, the lines whose flip changes the occupation word (``touched``),
    the inconclusive reasons and the seconds the check took."""
    records = contextual_records(read_contextual(root, lang, "dev"), lang, "dev")
    usable = checkable(records)
    rows = versions(usable)
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp, "in.jsonl")
        source.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows))
        start = time.perf_counter()
        check(source, out=Path(tmp, "out"), options=options)
        seconds = time.perf_counter() - start
        results = [json.loads(line) for line in open(Path(tmp, "out", "results.jsonl"))]
    aligner = EflomalAligner(lang, {})
    touched = {
        line_of(r)
        for r in results
        if r["version"] == "original" and _flip_changes_occupation(r, aligner)
    }
    return {
        "lines": len(records),
        "checkable": len(usable),
        "results": results,
        "touched": touched,
        "reasons": Counter(r["reason"] for r in results if r["label"] == "inconclusive"),
        "seconds": seconds,
    }


def versions(usable: list[dict]) -> list[dict]:
    """Each checkable line twice, with its original and its flipped reference."""
    rows = []
    for version in RIGHT:
        translated = with_translations(usable, [r["references"][version] for r in usable])
        rows += [{**r, "id": f"{r['id']}-{version}", "version": version} for r in translated]
    return rows


def counts(results: list[dict]) -> dict[str, int]:
    """How many results, how many decided (correct or wrong), how many of those right, and
    how many neutral or both (the translation marks no gender, or both: counted apart)."""
    decided = [r for r in results if r["label"] in RIGHT.values()]
    right = sum(r["label"] == RIGHT[r["version"]] for r in decided)
    neutral = sum(r["label"] in NEUTRAL_LABELS for r in results)
    return {"results": len(results), "decided": len(decided), "right": right, "neutral": neutral}


def ceiling(results: list[dict]) -> str:
    """% of the decided labels that can be right at most while a gendered occupation word
    decides: each line whose two versions were both decided from the same gendered word
    read as the occupation costs one."""
    first_word: dict[str, dict[str, tuple]] = {}
    for r in results:
        if r["label"] != "inconclusive" and r["evidence"]:
            word = r["evidence"][0]
            if word["role"] == "noun" and word["gender"]:
                key = (word["text"], word["gender"], r["label"])
                first_word.setdefault(line_of(r), {})[r["version"]] = key
    kept = sum(len(v) == 2 and v["original"] == v["flipped"] for v in first_word.values())
    decided = counts(results)["decided"]
    return f"{100 * (decided - kept) / max(decided, 1):.1f}%"


def _flips(results: list[dict]) -> str:
    """Of the lines whose two versions were both decided, how many got opposite labels."""
    versions: dict[str, dict[str, str]] = {}
    for r in results:
        if r["label"] != "inconclusive":
            versions.setdefault(line_of(r), {})[r["version"]] = r["label"]
    both = [v for v in versions.values() if len(v) == 2]
    flipped = sum(v["original"] != v["flipped"] for v in both)
    return f"{100 * flipped / max(len(both), 1):.1f}% ({flipped}/{len(both)})"


def _write_errors(lang: str, results: list[dict], touched: set[str]) -> None:
    """The wrong decisions, for reading, in runs/dev-mtgeneval-LANG-errors.jsonl."""
    keep = (
        "id",
        "version",
        "text",
        "occupation",
        "expected_gender",
        "translation",
        "label",
        "reason",
        "target_tokens",
        "target_gender",
        "evidence",
    )
    with open(f"runs/dev-mtgeneval-{lang}-errors.jsonl", "w", encoding="utf-8") as handle:
        for r in results:
            if r["label"] != RIGHT[r["version"]]:
                row = {k: r.get(k) for k in keep}
                row["flip_changes_occupation"] = line_of(r) in touched
                handle.write(json.dumps(row, ensure_ascii=False) + "\n")


def line_of(result: dict) -> str:
    """The line a result belongs to (its id without the version)."""
    return result["id"].rsplit("-", 1)[0]


def rates(results: list[dict]) -> str:
    """% of decided labels right (right/decided), then % inconclusive (and % neutral or both,
    where there are any)."""
    n = counts(results)
    undecided = n["results"] - n["decided"] - n["neutral"]
    neutral = f" (+{100 * n['neutral'] / n['results']:.1f}% neutral)" if n["neutral"] else ""
    return (
        f"{100 * n['right'] / max(n['decided'], 1):.1f}% ({n['right']}/{n['decided']}) | "
        f"{100 * undecided / max(n['results'], 1):.1f}%{neutral}"
    )


def _flip_changes_occupation(result: dict, aligner: EflomalAligner) -> bool:
    """Whether the words in which the line's two references differ include a translation
    (the aligner's dictionaries) or a look-alike of the occupation: then reading the
    occupation can tell the two apart. Where they differ only elsewhere (pronouns, another
    person's words, a masculine generic kept in both), a checker that reads the occupation
    gives both the same label."""
    original, flipped = (re.findall(r"\w+", r.lower()) for r in result["references"].values())
    changed = set()
    for kind, i1, i2, j1, j2 in SequenceMatcher(None, original, flipped).get_opcodes():
        if kind != "equal":
            changed |= {*original[i1:i2], *flipped[j1:j2]}
    occupation = [result["occupation"]["text"].lower()]
    targets = [" ".join(sorted(changed))]
    found = set(aligner.translations(occupation, targets)) | look_alike_pairs(occupation, targets)
    return bool(found)


if __name__ == "__main__":
    main()
