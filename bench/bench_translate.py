"""Speed of `gen translate` (run on demand, never in the test suite).

    python -m bench.bench_translate apertium [--sentences 60000] [--to es]
        Times `gen translate --engine apertium` on a set of small-set-like sentences (the
        ugb-m2m100-1.2b English source, detokenised, repeated) against one `apertium` run
        over the whole text file, the fastest Apertium can go. Target: at most 60 s for
        60k sentences on 2 cores, and at most 1.5 times the single run.

    python -m bench.bench_translate huggingface [--sentences 300] [--threads N]
        Sentences per second of the tiny random Marian model on CPU (greedy, 24 new tokens),
        batched (32 per forward pass, length-sorted) against one sentence at a time.

Note the machine's load (`uptime`) next to any figure.
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

REPO = Path(__file__).resolve().parent.parent
SOURCE = REPO.parent / "shared" / "dev-data" / "ugb-m2m100-1.2b" / "source.en"


def small_set_sentences(count: int) -> list[str]:
    """The dev data's tokenised sentences, detokenised ("brother ." → "brother."), repeated."""
    lines = [re.sub(r" ([.,!?;:])", r"\1", line) for line in SOURCE.read_text().splitlines()]
    return (lines * (count // len(lines) + 1))[:count]


def write_set(folder: Path, texts: list[str]) -> Path:
    folder.mkdir(parents=True)
    with open(folder / "source.jsonl", "w", encoding="utf-8") as handle:
        for number, text in enumerate(texts):
            handle.write(json.dumps({"id": f"bench-{number:06d}", "text": text}) + "\n")
    (folder / "source.txt").write_text("".join(text + "\n" for text in texts), encoding="utf-8")
    return folder


def timed(command: list[str], **kwargs) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, **kwargs)
    return time.perf_counter() - start


def bench_apertium(count: int, target: str) -> None:
    from translator.apertium import ApertiumEngine

    mode = ApertiumEngine("en", target, {}).mode
    with tempfile.TemporaryDirectory() as tmp:
        set_dir = write_set(Path(tmp) / "set", small_set_sentences(count))
        with open(set_dir / "source.txt") as text, open(Path(tmp) / "baseline.txt", "w") as out:
            baseline = timed(["apertium", "-u", mode], stdin=text, stdout=out)
        gen = [sys.executable, "-m", "gen", "translate", str(set_dir), "--to", target]
        ours = timed([*gen, "--out", str(Path(tmp) / "gen.jsonl")], cwd=REPO)
        expected = [" ".join(line.split()) for line in open(Path(tmp) / "baseline.txt")]
        got = (Path(tmp) / "gen.txt").read_text().splitlines()
        differ = sum(a != b for a, b in zip(expected, got, strict=True))
    print(f"apertium en-{target}: {count} sentences on {os.cpu_count()} cores")
    print(f"  apertium -u {mode} over the whole file: {baseline:6.1f} s")
    print(f"  gen translate --engine apertium:      {ours:6.1f} s ({count / ours:,.0f}/s)")
    print(f"  ratio {ours / baseline:.2f} (target <= 1.5); lines unlike the single run: {differ}")


def bench_huggingface(count: int, threads: int | None) -> None:
    import torch

    if threads:
        torch.set_num_threads(threads)
    sys.path.insert(0, str(REPO / "tests"))
    from tiny_models import build_tiny_marian

    from translator.registry import load_engine

    texts = small_set_sentences(count)
    with tempfile.TemporaryDirectory() as tmp:
        model = build_tiny_marian(Path(tmp) / "tiny-marian")
        options = {"model": str(model), "beam_size": 1, "max_length": 24, "device": "cpu"}
        engine = load_engine("huggingface", "en", "es", {**options, "batch_size": 32})
        engine.translate(texts[:8])  # warm up
        start = time.perf_counter()
        batched = engine.translate(texts)
        batched_s = time.perf_counter() - start
        start = time.perf_counter()
        alone = [engine.translate([text])[0] for text in texts]
        alone_s = time.perf_counter() - start
    print(f"huggingface, tiny Marian, CPU, {torch.get_num_threads()} torch threads, greedy:")
    print(f"  batched (32):        {count / batched_s:8.1f} sentences/s")
    print(f"  one at a time:       {count / alone_s:8.1f} sentences/s")
    print(f"  speed-up {alone_s / batched_s:.1f}x; outputs equal: {batched == alone}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("engine", choices=["apertium", "huggingface"])
    parser.add_argument("--sentences", type=int)
    parser.add_argument("--to", default="es")
    parser.add_argument("--threads", type=int, help="torch threads (default: torch's)")
    args = parser.parse_args()
    print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
    if args.engine == "apertium":
        bench_apertium(args.sentences or 60000, args.to)
    else:
        bench_huggingface(args.sentences or 300, args.threads)


if __name__ == "__main__":
    main()
