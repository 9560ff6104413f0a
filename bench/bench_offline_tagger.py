"""Throughput of the offline tagger against the raw analyser on the same text.

Repeats a file of sentences (one per line) up to ``--sentences`` lines, then times
(1) the raw ``lt-proc`` analysis of that text in one call, when the language uses Apertium,
(2) building the tagger, and (3) ``tag()`` over the whole batch. Run on demand, e.g.:

    python bench/bench_offline_tagger.py ../shared/dev-data/ugb-m2m100-1.2b/target.es --lang es
"""

from __future__ import annotations

import argparse
import itertools
import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from checker.backends import apertium  # noqa: E402
from checker.backends.offline import OfflineTagger  # noqa: E402
from checker.languages import languages  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("file", type=Path, help="sentences, one per line")
    parser.add_argument("--lang", required=True)
    parser.add_argument("--sentences", type=int, default=60_000)
    parser.add_argument("--batch", type=int, default=0, help="sentences per tag() call (0: all)")
    args = parser.parse_args()

    lines = args.file.read_text(encoding="utf-8").splitlines()
    texts = list(itertools.islice(itertools.cycle(lines), args.sentences))
    print(f"{len(texts)} sentences of {args.file} ({args.lang}); load {os.getloadavg()[0]:.2f}")

    spec = languages()[args.lang].apertium
    if spec is not None and languages()[args.lang].tokenizer == "apertium":
        chunk = apertium.escape("".join(text + "\n" for text in texts)).encode()
        start = time.perf_counter()
        subprocess.run(
            ["lt-proc", str(apertium.APERTIUM_DATA / spec.automorf)],
            input=chunk,
            stdout=subprocess.DEVNULL,
            check=True,
        )
        report("raw lt-proc, one call", time.perf_counter() - start, len(texts))

    start = time.perf_counter()
    tagger = OfflineTagger(args.lang, {})
    print(f"build tagger: {time.perf_counter() - start:.2f} s ({tagger.signature})")
    start = time.perf_counter()
    batch = args.batch or len(texts)
    words = 0
    for first in range(0, len(texts), batch):
        words += sum(len(s.words) for s in tagger.tag(texts[first : first + batch]))
    report(f"tag(), batches of {batch}", time.perf_counter() - start, len(texts))
    print(f"{words} words")
    tagger.close()


def report(what: str, seconds: float, sentences: int) -> None:
    print(f"{what}: {seconds:.2f} s, {sentences / seconds:,.0f} sentences/s")


if __name__ == "__main__":
    main()
