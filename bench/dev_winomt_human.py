"""`gen check` on real WinoMT translations that people annotated (bench/data/winomt-human:
100 German lines from Amazon Translate, 100 Russian from Google Translate), and on the same
systems' translations of WinoMT's first 335 lines, which only we annotated (careful reading).

    python bench/dev_winomt_human.py [de ru] [--tagger offline --aligner eflomal]

Each line's gold label comes from the gender the annotation gives the entity's translation:
the same as the English pronoun's → correct, the other → wrong, none (N, not found) →
inconclusive. Two golds are scored: the file's own annotation, and careful.tsv's second
reading (the translation's own word for the entity; see the folder's README). Lines whose
English pronoun is neutral (Winogender's they) have no expected gender and are left out.
Prints, per language and gold: % right of the decided labels, % undecided of the lines the
gold decides, % inconclusive of all lines, the reasons;
gen's labels that differ from the careful gold go to runs/dev-winomt-human-LANG-errors.jsonl.
The first 335 lines are scored against our careful reading alone; their errors go to
runs/dev-winomt-LANG-first-lines-errors.jsonl.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from checker.pipeline.run import CheckOptions  # noqa: E402
from scores.benchmarks import winomt  # noqa: E402
from scores.mtgeneval.agreement import run_checker  # noqa: E402

DATA = Path(__file__).resolve().parent / "data" / "winomt-human"
FILES = {"de": "de.aws.csv", "ru": "ru.google.csv"}
FIRST_LINES = {"de": "aws.en-de.0-334", "ru": "google.en-ru.0-334"}
GENDER = {"M": "male", "F": "female"}


def careful_genders() -> dict[tuple[str, str], str]:
    rows = (line.split("\t") for line in open(DATA / "careful.tsv", encoding="utf-8"))
    return {(row[0], row[1]): row[2] for row in rows if len(row) == 4 and row[0] != "lang"}


def gold(annotated: str, expected: str) -> str:
    """correct / wrong / inconclusive from the annotated gender (M, F, N or blank)."""
    read = GENDER.get(annotated)
    return "inconclusive" if read is None else "correct" if read == expected else "wrong"


def record(lang: str, index: str, english: tuple[str, str, str, str], translation: str) -> dict:
    """gen check input for one WinoMT line, (gender, word index, sentence, entity), and its
    translation: the record `gen import winomt` makes (its tokens, the entity's head noun)."""
    gender, position, sentence, entity = english
    line = winomt.Line(int(index) + 1, gender, int(position), sentence, entity)
    made = winomt.records([line], [translation], lang, None)[0]
    return {**made, "id": f"winomt-{lang}-{index}"}


def first_lines(lang: str) -> list[dict]:
    """The system's translations of WinoMT's first lines (index, gender, position, sentence,
    entity, translation per line) with the careful reading's gold label (the
    ``.careful.tsv`` beside them: index, gender, the word read, a note); neutral lines
    left out."""
    name = FIRST_LINES[lang]
    rows = (line.rstrip("\n").split("\t") for line in open(DATA / f"{name}.tsv", encoding="utf-8"))
    read = (line.split("\t") for line in open(DATA / f"{name}.careful.tsv", encoding="utf-8"))
    genders = {fields[0]: fields[1] for fields in read}
    out = []
    for index, gender, position, sentence, entity, translation in rows:
        if gender in GENDER.values():
            line = record(lang, index, (gender, position, sentence, entity), translation)
            line["careful"] = gold(genders[index], gender)
            out.append(line)
    return out


def records(lang: str) -> list[dict]:
    """gen check input for one language, each with its two gold labels."""
    english = {}
    for line in open(DATA / "en_lines.tsv", encoding="utf-8"):
        index, gender, position, sentence, entity = line.rstrip("\n").split("\t")
        english[index] = (gender, position, sentence, entity)
    careful = careful_genders()
    out = []
    with open(DATA / FILES[lang], encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            index = row["Index"]
            expected = english[index][0]
            if expected not in GENDER.values():
                continue
            found = row["Find entity? [Y/N]"].strip() == "Y"
            annotated = row["Gender? [M/F/N]"].strip() if found else "N"
            line = record(lang, index, english[index], row["Sentence"])
            line["gold"] = gold(annotated, expected)
            line["careful"] = gold(careful.get((lang, index), annotated), expected)
            out.append(line)
    return out


def score(results: list[dict], golds: dict[str, str]) -> str:
    """% right of gen's decided labels; then % inconclusive of the lines the gold decides
    (a line whose entity has no gender, N, is rightly left inconclusive)."""
    decided = [r for r in results if r["label"] != "inconclusive"]
    right = sum(r["label"] == golds[r["id"]] for r in decided)
    gold_decided = [r for r in results if golds[r["id"]] != "inconclusive"]
    missed = sum(r["label"] == "inconclusive" for r in gold_decided)
    return (
        f"{100 * right / max(len(decided), 1):.1f}% ({right}/{len(decided)}), "
        f"{100 * missed / max(len(gold_decided), 1):.1f}% ({missed}/{len(gold_decided)}) undecided"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("langs", nargs="*", help="de, ru (default: both)")
    parser.add_argument("--tagger", default="offline")
    parser.add_argument("--aligner", default="eflomal")
    args = parser.parse_args()
    langs = args.langs or sorted(FILES)
    if unknown := sorted(set(langs) - set(FILES)):
        parser.error(f"no WinoMT annotations for {', '.join(unknown)} (have: de, ru)")
    options = CheckOptions(tagger=args.tagger, aligner=args.aligner)
    Path("runs").mkdir(exist_ok=True)
    print(
        "| lang | lines | right on decided, undecided of gold-decided (annotation) "
        "| the same (careful) | inconclusive | reasons |"
    )
    print("|---|---:|---:|---:|---:|---|")
    for lang in langs:
        cells = scored(lang, records(lang), options, f"runs/dev-winomt-human-{lang}-errors.jsonl")
        print(f"| {lang} | {cells} |", flush=True)
    print(
        "\n| lang | first lines | right on decided, undecided of gold-decided (careful) "
        "| inconclusive | reasons |"
    )
    print("|---|---:|---:|---:|---|")
    for lang in langs:
        errors = f"runs/dev-winomt-{lang}-first-lines-errors.jsonl"
        print(f"| {lang} | {scored(lang, first_lines(lang), options, errors)} |", flush=True)


def scored(lang: str, rows: list[dict], options: CheckOptions, errors: str) -> str:
    """Check ``rows`` (their gold labels taken off: ``gold`` where present, ``careful``);
    the table cells: the line count, each gold's score, the inconclusive share and reasons.
    gen's labels that differ from the careful gold go to ``errors``."""
    golds = {
        name: {row["id"]: row.pop(name) for row in rows}
        for name in ("gold", "careful")
        if name in rows[0]
    }
    by_id, _ = run_checker(rows, lang, options)
    results = list(by_id.values())
    write_errors(errors, results, golds["careful"])
    scores = " | ".join(score(results, labels) for labels in golds.values())
    return f"{len(results)} | {scores} | {undecided(results)}"


def write_errors(path: str, results: list[dict], careful: dict[str, str]) -> None:
    """gen's labels that differ from the careful gold, with their evidence."""
    with open(path, "w", encoding="utf-8") as out:
        for r in results:
            if r["label"] != careful[r["id"]]:
                row = {key: r.get(key) for key in ("id", "text", "translation", "label")}
                row.update(
                    careful=careful[r["id"]], reason=r.get("reason"), evidence=r.get("evidence")
                )
                out.write(json.dumps(row, ensure_ascii=False) + "\n")


def undecided(results: list[dict]) -> str:
    """% inconclusive, then a cell of its reasons."""
    reasons = Counter(r["reason"] for r in results if r["label"] == "inconclusive")
    share = 100 * sum(reasons.values()) / len(results)
    return f"{share:.1f}% | {', '.join(f'{k} {v}' for k, v in reasons.most_common())}"


if __name__ == "__main__":
    main()
