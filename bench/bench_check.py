"""Speed and memory of `gen check` with the offline backends, against the raw tools.

    python bench/bench_check.py [--lang es] [--copies 4]

Builds ~60k records (the 14,976 ugb-m2m100-1.2b sentences × --copies, ids made unique),
then times, on the same text:
- `gen check` end to end (a subprocess: reading, validating, tagging, aligning,
  labelling, summarising with bootstrap intervals, writing), with its peak memory;
- the raw tools alone: lt-proc over the translations (one process, plain text in) and
  eflomal fitted on the same chunks of tokenised pairs as gen check, without priors.
Report the numbers with `uptime`'s load: the machine is shared.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ugb import write_records  # noqa: E402

from checker.languages import language  # noqa: E402
from checker.pipeline import CheckOptions, _chunks  # noqa: E402

REPO = Path(__file__).resolve().parent.parent


def timed(command: list[str], **kwargs) -> tuple[float, int]:
    """Wall seconds and peak resident memory (MiB) of a subprocess."""
    start = time.perf_counter()
    result = subprocess.run(
        ["/usr/bin/time", "-f", "%M", *command], capture_output=True, text=True, **kwargs
    )
    seconds = time.perf_counter() - start
    if result.returncode:
        sys.exit(result.stderr)
    return seconds, int(result.stderr.strip().splitlines()[-1]) // 1024


def raw_tools(records: Path, lang: str, tmp: Path) -> tuple[float, float]:
    """Seconds for lt-proc over the translations, and for eflomal over the pairs."""
    import eflomal

    rows = [json.loads(line) for line in open(records, encoding="utf-8")]
    text = tmp / "translations.txt"
    text.write_text("".join(row["translation"] + "\n" for row in rows), encoding="utf-8")
    automorf = Path("/usr/share/apertium") / language(lang).apertium.automorf
    start = time.perf_counter()
    with open(text, "rb") as source, open(os.devnull, "wb") as sink:
        subprocess.run(["lt-proc", str(automorf)], stdin=source, stdout=sink, check=True)
    tagging = time.perf_counter() - start
    sources = [" ".join(row["tokens"]) for row in rows]
    targets = [" ".join(re.findall(r"\w+|[^\w\s]", row["translation"])) for row in rows]
    pairs = iter(zip(sources, targets, strict=True))
    start = time.perf_counter()
    for chunk in _chunks(pairs, len(rows), CheckOptions().chunk_size):  # as gen check does
        chunk_sources, chunk_targets = zip(*chunk, strict=True)
        eflomal.Aligner().align(
            chunk_sources,
            chunk_targets,
            links_filename_fwd=str(tmp / "fwd"),
            links_filename_rev=str(tmp / "rev"),
        )
    return tagging, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", default="es")
    parser.add_argument("--copies", type=int, default=4)
    parser.add_argument("--no-raw", action="store_true", help="skip timing the raw tools")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        records = tmp / "records.jsonl"
        count = write_records(args.lang, records, copies=args.copies)
        command = [sys.executable, "-m", "gen", "check", str(records), "--out", str(tmp / "out")]
        command += ["--tagger", "offline", "--aligner", "eflomal"]
        seconds, peak = timed(command, cwd=REPO)
        summary = json.loads((tmp / "out" / "summary.json").read_text())
        print(f"records: {count} ({args.lang})   load: {os.getloadavg()[0]:.2f}")
        print(f"gen check: {seconds:.1f} s, {count / seconds:,.0f} records/s, peak {peak} MiB")
        print(f"accuracy {summary['overall']['accuracy']}  {summary['signature']}")
        if not args.no_raw:
            tagging, aligning = raw_tools(records, args.lang, tmp)
            raw = tagging + aligning
            print(f"raw tools: lt-proc {tagging:.1f} s + eflomal {aligning:.1f} s = {raw:.1f} s")
            print(f"gen check / raw tools: {seconds / raw:.2f}x")


if __name__ == "__main__":
    main()
