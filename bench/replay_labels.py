"""Measure a rule change on fixed alignments: record every label() call of the MT-GenEval
dev check once, then replay the calls through this checkout's rules in seconds.

    python bench/replay_labels.py record de es fr [--to runs/replay]
    python bench/replay_labels.py replay de es fr [--from runs/replay] [--retag]

eflomal seeds itself, so two fresh runs of bench/dev_mtgeneval.py differ by a few lines in
a thousand (the validity card's fr moved 1.6 points with its labels unchanged); a rule that
moves a few lines can only be measured on the same alignments. `record` runs
dev_mtgeneval's measurement and pickles each label() call's arguments (the tagged
translation, the alignment, the dictionary translations of the source words) with the
line's version and whether its flip changes the occupation word. `replay` labels them with
this checkout's rules and prints dev_mtgeneval's columns: all lines, the lines whose flip
changes the occupation word, the other lines (right on decided | inconclusive), and how many
labels differ from the recorded run. `--retag` tags the translations again with this
checkout's offline analysers first (for a change to their data, languages.toml). To compare
two checkouts (from 44ab553 on, where the rules moved to checker/rules/), replay the same
recording from each (`cd OTHER && python3 bench/replay_labels.py replay ... --from /abs/path`).
"""

from __future__ import annotations

import argparse
import pickle
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import dev_mtgeneval  # noqa: E402

from checker.backends.offline import OfflineTagger  # noqa: E402
from checker.pipeline import stages  # noqa: E402
from checker.pipeline.run import CheckOptions  # noqa: E402
from checker.rules.agreement_rules import agreement_rules  # noqa: E402
from checker.rules.label import label  # noqa: E402

KEPT = ("id", "version", "expected_gender", "translation", "label", "reason")


def record(langs: list[str], folder: Path) -> None:
    """Run the dev measurement of each language with every label() call recorded."""
    folder.mkdir(parents=True, exist_ok=True)
    calls: list[dict] = []
    real = stages.label

    def recording(**arguments):
        kept = {key: value for key, value in arguments.items() if key != "rules"}
        translations = arguments.get("translations")
        if translations is not None:  # a function of the source position: kept as a table
            kept["translations"] = {
                i: tuple(translations(i)) for i in range(len(arguments["source_tokens"]))
            }
        calls.append(kept)
        return real(**arguments)

    stages.label = recording
    try:
        for lang in langs:
            calls.clear()
            options = CheckOptions(tagger="offline", aligner="eflomal")
            run = dev_mtgeneval.measure(lang, dev_mtgeneval.DEV, options)
            results = run["results"]
            if len(calls) != len(results):
                sys.exit(f"{lang}: {len(calls)} label() calls for {len(results)} results")
            lines = [
                {key: r.get(key) for key in KEPT}
                | {"touched": dev_mtgeneval.line_of(r) in run["touched"]}
                for r in results
            ]
            with open(folder / f"{lang}.pickle", "wb") as handle:
                pickle.dump({"calls": list(calls), "lines": lines}, handle)
            print(f"{lang}: {len(calls)} calls → {folder / f'{lang}.pickle'}", file=sys.stderr)
    finally:
        stages.label = real


def replay(langs: list[str], folder: Path, retag: bool) -> None:
    """Label the recorded calls with this checkout's rules; print the three columns."""
    print(
        "| lang | all: right on decided | inconclusive | flip changes the occupation: right "
        "| inconclusive | other lines: right | inconclusive | differ from the recording |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for lang in langs:
        with open(folder / f"{lang}.pickle", "rb") as handle:
            recorded = pickle.load(handle)
        calls, lines = recorded["calls"], recorded["lines"]
        sentences = [call["sentence"] for call in calls]
        if retag:
            tagged = OfflineTagger(lang, {}).tag([line["translation"] for line in lines])
            sentences = [
                new if list(new.tokens) == list(old.tokens) else old
                for new, old in zip(tagged, sentences, strict=True)
            ]
        rules = agreement_rules(lang)
        results = []
        for call, sentence, line in zip(calls, sentences, lines, strict=True):
            table = call["translations"]
            arguments = {**call, "sentence": sentence, "rules": rules}
            arguments["translations"] = None if table is None else (lambda i, t=table: t.get(i, ()))
            verdict = label(**arguments)
            results.append({**line, "label": verdict.label, "reason": verdict.reason})
        touched = [r for r in results if r["touched"]]
        others = [r for r in results if not r["touched"]]
        differ = sum(r["label"] != line["label"] for r, line in zip(results, lines, strict=True))
        print(
            f"| {lang} | {dev_mtgeneval.rates(results)} | {dev_mtgeneval.rates(touched)} "
            f"| {dev_mtgeneval.rates(others)} | {differ} |"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=("record", "replay"))
    parser.add_argument("langs", nargs="+")
    parser.add_argument("--to", "--from", dest="folder", type=Path, default=Path("runs/replay"))
    parser.add_argument("--retag", action="store_true", help="tag the translations again")
    args = parser.parse_args()
    if args.action == "record":
        record(args.langs, args.folder)
    else:
        replay(args.langs, args.folder, args.retag)


if __name__ == "__main__":
    main()
