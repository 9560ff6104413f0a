"""Measure the checker's validity card (checker/data/validity.json, docs/validity.md).

    python bench/validity_card.py              # every dev language (5 minutes on 2 cores)
    python bench/validity_card.py de es        # only these entries; the others are kept
    python bench/validity_card.py --stale      # those missing or measured at another commit

Per language it runs bench/dev_mtgeneval.py's measurement (MT-GenEval contextual dev: the
original references should be labelled correct, the flipped ones wrong; both halves: lines
whose flip changes the occupation word, and the other lines) where MT-GenEval has the
language, and bench/dev_ugb.py's (the UGB dev slice: inconclusive, and agreement with the
grammar paper's pipeline) where the slice has it, and writes the language's entry as soon
as it is measured: an interrupted run keeps the languages it finished (--stale resumes
it), and runs for different languages may share the file (it is locked while written,
and replaced whole). Prints one line per language on stderr, nothing else.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import io
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from dev_mtgeneval import DEV as MTGENEVAL  # noqa: E402
from dev_mtgeneval import counts, line_of, measure  # noqa: E402
from dev_ugb import MORE, dev_languages  # noqa: E402
from dev_ugb import run as run_ugb  # noqa: E402

from checker.pipeline.run import CheckOptions  # noqa: E402
from checker.validity import CARD_FILE, HUMAN, read_card, store  # noqa: E402
from common import __version__  # noqa: E402
from common.errors import GenError  # noqa: E402
from scores.mtgeneval.dataset import LANGUAGES, contextual_files  # noqa: E402


def commit() -> str:
    """The checkout's commit, ``-dirty`` when it has uncommitted changes."""
    described = subprocess.run(
        ["git", "-C", str(ROOT), "describe", "--always", "--dirty", "--abbrev=7"],
        capture_output=True,
        text=True,
    )
    return described.stdout.strip() if described.returncode == 0 else "unknown"


def mtgeneval_entry(lang: str, options: CheckOptions) -> dict:
    run = measure(lang, MTGENEVAL, options)
    results, touched = run["results"], run["touched"]
    source = (MTGENEVAL / "SOURCE_COMMIT").read_text(encoding="utf-8").strip()[:12]
    return {
        "data": f"MT-GenEval {source} contextual dev, original and flipped references",
        "lines": run["lines"],
        "checkable": run["checkable"],
        "flip_changes_occupation": counts([r for r in results if line_of(r) in touched]),
        "other_lines": counts([r for r in results if line_of(r) not in touched]),
    }


def ugb_entry(lang: str, options: CheckOptions) -> dict:
    row = run_ugb(lang, options, disagreements=False)
    where = f"more/{lang}.jsonl" if (MORE / f"{lang}.jsonl").exists() else f"target.{lang}"
    return {
        "data": f"ugb-m2m100-1.2b dev slice, {where}",
        "n": row["n"],
        "inconclusive": row["ours"]["inconclusive"],
        "paper_inconclusive": row["paper_inconclusive"],
        "agree": row["agree"],
        "both_decided": row["both"],
    }


def measure_language(lang: str, options: CheckOptions, stamp: dict) -> tuple[dict, str]:
    """The language's card entry, and how long each part took."""
    entry: dict = dict(stamp)
    took = []
    in_mtgeneval = (
        lang in LANGUAGES and contextual_files(MTGENEVAL, lang, "dev")["original"].exists()
    )
    for name, available, part in (
        ("mtgeneval", in_mtgeneval, mtgeneval_entry),
        ("ugb", lang in dev_languages(), ugb_entry),
    ):
        if available:
            start = time.perf_counter()
            with _quiet():
                entry[name] = part(lang, options)
            took.append(f"{name} {time.perf_counter() - start:.0f} s")
    if len(entry) == len(stamp):
        raise GenError(f"no dev data for {lang!r}")
    return entry, ", ".join(took)


@contextlib.contextmanager
def _quiet() -> Iterator[None]:
    """The checker's own notices go nowhere: this script's output is one line a language."""
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        yield


def every_language() -> list[str]:
    return sorted(set(dev_languages()) | set(LANGUAGES))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("langs", nargs="*", help="default: every dev language")
    parser.add_argument(
        "--stale", action="store_true", help="only those missing or measured at another commit"
    )
    parser.add_argument("--tagger", default="offline")
    parser.add_argument("--aligner", default="eflomal")
    parser.add_argument("--card", type=Path, default=CARD_FILE, help="default: %(default)s")
    args = parser.parse_args()
    options = CheckOptions(tagger=args.tagger, aligner=args.aligner)
    stamp = {
        "date": datetime.date.today().isoformat(),
        "version": __version__,
        "commit": commit(),
        "tagger": args.tagger,
        "aligner": args.aligner,
    }
    langs = args.langs or every_language()
    if args.stale:
        entries = read_card(args.card).get("languages", {})
        langs = [lang for lang in langs if entries.get(lang, {}).get("commit") != stamp["commit"]]
    failed = 0
    for lang in langs:
        try:
            entry, took = measure_language(lang, options, stamp)
        except GenError as error:
            print(f"{lang}: {error}", file=sys.stderr, flush=True)
            failed += 1
            continue
        store(args.card, lang, entry, keep=(HUMAN,))
        print(f"{lang}: {took} → {args.card}", file=sys.stderr, flush=True)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
