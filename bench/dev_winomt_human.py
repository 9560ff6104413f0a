"""`gen check` on real WinoMT translations that people annotated (bench/data/winomt-human:
100 German lines from Amazon Translate, 100 Russian from Google Translate).

    python bench/dev_winomt_human.py [de ru] [--tagger offline --aligner eflomal]

Each line's gold label comes from the gender the annotation gives the entity's translation:
the same as the English pronoun's → correct, the other → wrong, none (N, not found) →
inconclusive. Two golds are scored: the file's own annotation, and careful.tsv's second
reading (the translation's own word for the entity; see the folder's README). Lines whose
English pronoun is neutral (Winogender's they) have no expected gender and are left out.
Prints, per language and gold: % right of the decided labels, % inconclusive, the reasons;
gen's labels that differ from the careful gold go to runs/dev-winomt-human-LANG-errors.jsonl.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from checker.pipeline import CheckOptions, check  # noqa: E402

DATA = Path(__file__).resolve().parent / "data" / "winomt-human"
FILES = {"de": "de.aws.csv", "ru": "ru.google.csv"}
GENDER = {"M": "male", "F": "female"}


def careful_genders() -> dict[tuple[str, str], str]:
    rows = (line.split("\t") for line in open(DATA / "careful.tsv", encoding="utf-8"))
    return {(row[0], row[1]): row[2] for row in rows if len(row) == 4 and row[0] != "lang"}


def gold(annotated: str, expected: str) -> str:
    """correct / wrong / inconclusive from the annotated gender (M, F, N or blank)."""
    read = GENDER.get(annotated)
    return "inconclusive" if read is None else "correct" if read == expected else "wrong"


def records(lang: str) -> list[dict]:
    """gen check input for one language, each with its two gold labels."""
    english = {}
    for line in open(DATA / "en_lines.tsv", encoding="utf-8"):
        index, gender, _, sentence, entity = line.rstrip("\n").split("\t")
        english[index] = (gender, sentence, entity)
    careful = careful_genders()
    out = []
    with open(DATA / FILES[lang], encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            index = row["Index"]
            expected, sentence, entity = english[index]
            if expected not in ("male", "female"):
                continue
            found = row["Find entity? [Y/N]"].strip() == "Y"
            annotated = row["Gender? [M/F/N]"].strip() if found else "N"
            occupation = entity[4:] if entity.lower().startswith("the ") else entity
            out.append(
                {
                    "id": f"winomt-{lang}-{index}",
                    "text": sentence,
                    "occupation": {"text": occupation},
                    "expected_gender": expected,
                    "translation": row["Sentence"],
                    "lang": lang,
                    "gold": gold(annotated, expected),
                    "careful": gold(careful.get((lang, index), annotated), expected),
                }
            )
    return out


def score(results: list[dict], golds: dict[str, str]) -> str:
    decided = [r for r in results if r["label"] != "inconclusive"]
    right = sum(r["label"] == golds[r["id"]] for r in decided)
    return f"{100 * right / max(len(decided), 1):.1f}% ({right}/{len(decided)})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("langs", nargs="*", help="de, ru (default: both)")
    parser.add_argument("--tagger", default="offline")
    parser.add_argument("--aligner", default="eflomal")
    args = parser.parse_args()
    options = CheckOptions(tagger=args.tagger, aligner=args.aligner)
    Path("runs").mkdir(exist_ok=True)
    print("| lang | lines | right on decided (annotation) | right on decided (careful) "
          "| inconclusive | reasons |")
    print("|---|---:|---:|---:|---:|---|")
    for lang in args.langs or sorted(FILES):
        rows = records(lang)
        golds = {row["id"]: row.pop("gold") for row in rows}
        careful = {row["id"]: row.pop("careful") for row in rows}
        with tempfile.TemporaryDirectory() as tmp:
            source = Path(tmp, "in.jsonl")
            source.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows))
            check(source, out=Path(tmp, "out"), options=options)
            results = [json.loads(line) for line in open(Path(tmp, "out", "results.jsonl"))]
        undecided = [r for r in results if r["label"] == "inconclusive"]
        reasons = Counter(r["reason"] for r in undecided)
        print(
            f"| {lang} | {len(results)} | {score(results, golds)} | {score(results, careful)} "
            f"| {100 * len(undecided) / len(results):.1f}% "
            f"| {', '.join(f'{k} {v}' for k, v in reasons.most_common())} |",
            flush=True,
        )
        with open(f"runs/dev-winomt-human-{lang}-errors.jsonl", "w", encoding="utf-8") as out:
            for r in results:
                if r["label"] != careful[r["id"]]:
                    row = {key: r.get(key) for key in ("id", "text", "translation", "label")}
                    row.update(careful=careful[r["id"]], reason=r.get("reason"),
                               evidence=r.get("evidence"))
                    out.write(json.dumps(row, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
