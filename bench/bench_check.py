"""Speed and memory of `gen check` with the offline backends, against the raw tools.

    python bench/bench_check.py [--lang es] [--copies 4] [--repeat 3]

Builds ~60k records (the 14,976 ugb-m2m100-1.2b sentences × --copies, ids made unique),
then times, on the same text:
- `gen check` end to end (a subprocess: reading, validating, tagging, aligning,
  labelling, summarising with Wilson intervals, writing), with its peak memory;
- the raw tools alone: lt-proc over the translations (one process, plain text in) and
  eflomal fitted on the same chunks of tokenised pairs as gen check, with gen's eflomal
  settings (eflomal_aligner.SETTINGS) but without priors.
Each is run --repeat times, interleaved; best and median are printed. Report the numbers
with `uptime`'s load: the machine is shared, and a run's time varies by ±15% with it.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ugb import write_records  # noqa: E402

from checker.backends.apertium import APERTIUM_DATA  # noqa: E402
from checker.backends.eflomal_aligner import SETTINGS  # noqa: E402
from checker.languages import language  # noqa: E402
from checker.pipeline.run import CheckOptions  # noqa: E402
from checker.pipeline.scan import chunk_count, chunks  # noqa: E402

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
    automorf = APERTIUM_DATA / language(lang).apertium.automorf
    start = time.perf_counter()
    with open(text, "rb") as source, open(os.devnull, "wb") as sink:
        subprocess.run(["lt-proc", str(automorf)], stdin=source, stdout=sink, check=True)
    tagging = time.perf_counter() - start
    sources = [" ".join(row["tokens"]) for row in rows]
    targets = [" ".join(re.findall(r"\w+|[^\w\s]", row["translation"])) for row in rows]
    pairs = iter(zip(sources, targets, strict=True))
    start = time.perf_counter()
    for chunk in chunks(pairs, len(rows), chunk_count(len(rows), CheckOptions().chunk_size)):
        chunk_sources, chunk_targets = zip(*chunk, strict=True)
        eflomal.Aligner(**SETTINGS).align(
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
    parser.add_argument("--repeat", type=int, default=3, help="runs of each, interleaved")
    parser.add_argument("--no-raw", action="store_true", help="skip timing the raw tools")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        records = tmp / "records.jsonl"
        count = write_records(args.lang, records, copies=args.copies)
        command = [sys.executable, "-m", "gen", "check", str(records), "--out", str(tmp / "out")]
        command += ["--tagger", "offline", "--aligner", "eflomal", "--force"]
        checks, raws, peaks = [], [], []
        for _ in range(args.repeat):
            seconds, peak = timed(command, cwd=REPO)
            checks.append(seconds)
            peaks.append(peak)
            if not args.no_raw:
                raws.append(raw_tools(records, args.lang, tmp))
        summary = json.loads((tmp / "out" / "summary.json").read_text())
        print(f"records: {count} ({args.lang})   load: {os.getloadavg()[0]:.2f}")
        print(f"gen check: {_spread(checks)} s, peak {max(peaks)} MiB")
        print(f"  {count / min(checks):,.0f} records/s at best")
        print(f"accuracy {summary['overall']['accuracy']}  {summary['signature']}")
        if raws:
            totals = [tagging + aligning for tagging, aligning in raws]
            print(
                f"raw tools: lt-proc {_spread([t for t, _ in raws])} s"
                f" + eflomal {_spread([a for _, a in raws])} s = {_spread(totals)} s"
            )
            print(
                f"gen check / raw tools: {min(checks) / min(totals):.2f}x (best of each),"
                f" {statistics.median(checks) / statistics.median(totals):.2f}x (medians)"
            )


def _spread(seconds: list[float]) -> str:
    """Best and median of repeated timings (the machine is shared: the best is the least
    disturbed)."""
    return f"{min(seconds):.1f} (median {statistics.median(seconds):.1f})"


if __name__ == "__main__":
    main()
