"""How many labels differ between two `gen check` runs on the same input with eflomal.

eflomal's binary seeds its sampler itself (from /dev/urandom), so gen cannot make two runs
agree exactly; this measures how far apart they are. Each input is checked --runs times
(default 2) with ``--aligner eflomal`` and the labels are compared record by record, for
every two runs (with 4 runs, 6 comparisons: the figure varies less than one comparison's).

    python3 bench/eflomal_variation.py FILE.jsonl [FILE.jsonl ...] [--runs N] [--chunk-size N]

Prints one line per input and the total; scores/summary.py's SIGNATURE_NOTES quotes it.
"""

from __future__ import annotations

import argparse
import itertools
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def labels(source: Path, out: Path, chunk_size: int) -> dict[str, str]:
    command = [sys.executable, "-m", "gen", "check", str(source), "--out", str(out)]
    command += ["--aligner", "eflomal", "--chunk-size", str(chunk_size)]
    subprocess.run(command, cwd=ROOT, check=True, capture_output=True)
    with open(out / "results.jsonl", encoding="utf-8") as handle:
        return {row["id"]: row["label"] for row in map(json.loads, handle)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("inputs", nargs="+", type=Path)
    parser.add_argument("--runs", type=int, default=2, help="runs per input, compared pairwise")
    parser.add_argument("--chunk-size", type=int, default=50_000)
    args = parser.parse_args()
    total = differ = 0
    with tempfile.TemporaryDirectory() as work:
        for number, source in enumerate(args.inputs):
            runs = [
                labels(source, Path(work, f"{number}-{run}"), args.chunk_size)
                for run in range(args.runs)
            ]
            compared = changed = 0
            for first, second in itertools.combinations(runs, 2):
                assert first.keys() == second.keys()
                compared += len(first)
                changed += sum(first[key] != second[key] for key in first)
            total, differ = total + compared, differ + changed
            print(f"{source}: {changed} of {compared} labels differ ({changed / compared:.2%})")
    print(f"all: {differ} of {total} labels differ ({differ / total:.2%})")


if __name__ == "__main__":
    main()
