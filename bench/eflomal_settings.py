"""eflomal's cost against its run-to-run variation, per setting (samplers × iterations) and
per chunk size: what `gen check`'s eflomal SETTINGS and its chunk floor are chosen from.

    python3 bench/eflomal_settings.py FILE.jsonl [FILE.jsonl ...] [--settings 6x2 3x1 ...]
        [--chunk-sizes 50000 10000 ...] [--runs 2]

Each input is read and tagged once (offline tagger), in chunks of the largest
--chunk-sizes; then, for every setting and chunk size, its pairs are aligned --runs times
with eflomal (priors as in gen check) and labelled. The first setting at the first chunk
size is the reference (gen's setting at the default chunk: 6x2, 50,000). Printed per row:
eflomal's CPU seconds (user + system of its processes, summed over the inputs), CPU
milliseconds per record, the share of labels that differ between this row's own runs
(its run-to-run variation) and between its first run and the reference's first run, and
the input whose labels differ most from the reference's.
Report the figures with `uptime`'s load; CPU seconds vary little with it.
"""

from __future__ import annotations

import argparse
import itertools
import resource
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from checker.backends import eflomal_aligner  # noqa: E402
from checker.pipeline.scan import chunk_count, chunks, read_items  # noqa: E402
from checker.pipeline.stages import TaggedChunk, align_chunk, build_backends, label_chunk, tag_chunk  # noqa: E402,E501


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def setting(text: str) -> dict[str, float]:
    samplers, iterations = text.split("x")
    return {"n_samplers": int(samplers), "rel_iterations": float(iterations)}


def tagged_chunks(path: Path, size: int) -> tuple[list[TaggedChunk], dict]:
    items = list(read_items(path, None, None, skip_invalid=False))
    languages = Counter(item.lang for item in items)
    backends = build_backends(
        languages, tagger="offline", aligner="eflomal", backend_options={}, warn=print
    )
    count = chunk_count(len(items), size)
    return [
        tag_chunk(chunk, backends) for chunk in chunks(iter(items), len(items), count)
    ], backends


def split(tagged: TaggedChunk, size: int) -> list[TaggedChunk]:
    """A tagged chunk cut again into equal chunks of at most ``size`` (as scan.chunks cuts)."""
    total = len(tagged.items)
    pieces = list(chunks(iter(range(total)), total, chunk_count(total, size)))
    out = []
    for piece in pieces:
        where = {position: k for k, position in enumerate(piece)}
        sentences = {}
        for lang, (positions, tagged_sentences) in tagged.sentences.items():
            kept = [
                (where[p], s)
                for p, s in zip(positions, tagged_sentences, strict=True)
                if p in where
            ]
            sentences[lang] = ([p for p, _ in kept], [s for _, s in kept])
        out.append(
            TaggedChunk(
                [tagged.items[p] for p in piece], [tagged.verdicts[p] for p in piece], sentences
            )
        )
    return out


def labels(tagged: list[TaggedChunk], backends: dict) -> tuple[list[str], float]:
    """The labels of the chunks aligned afresh, and eflomal's CPU seconds for it."""
    before = children_cpu()
    results = []
    for chunk in tagged:
        fresh = TaggedChunk(chunk.items, list(chunk.verdicts), chunk.sentences)
        results += label_chunk(align_chunk(fresh, backends))
    return [f"{r['id']}\t{r['label']}" for r in results], children_cpu() - before


def differ(first: list[str], second: list[str]) -> int:
    return sum(a != b for a, b in zip(first, second, strict=True))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("inputs", nargs="+", type=Path)
    parser.add_argument("--settings", nargs="+", default=["6x2", "3x1"])
    parser.add_argument("--chunk-sizes", nargs="+", type=int, default=[50_000])
    parser.add_argument("--runs", type=int, default=2)
    args = parser.parse_args()
    largest = max(args.chunk_sizes)
    inputs = [tagged_chunks(path, largest) for path in args.inputs]
    total = sum(len(chunk.items) for tagged, _ in inputs for chunk in tagged)
    sizes = [sum(len(chunk.items) for chunk in tagged) for tagged, _ in inputs]
    ends = list(itertools.accumulate(sizes))
    bounds = [
        (path, end - size, end) for path, size, end in zip(args.inputs, sizes, ends, strict=True)
    ]
    reference = None
    print(f"{total} records in {len(args.inputs)} inputs", file=sys.stderr)
    print(
        "| setting | chunk | eflomal CPU s | ms/record | differ run to run | differ from ref "
        "| input differing most from ref |"
    )
    print("|---|---:|---:|---:|---:|---:|---|")
    for text, size in itertools.product(args.settings, args.chunk_sizes):
        eflomal_aligner.SETTINGS = setting(text)
        runs, cpu, start = [], 0.0, time.perf_counter()
        for _ in range(args.runs):
            got = []
            for tagged, backends in inputs:
                pieces = [piece for chunk in tagged for piece in split(chunk, size)]
                found, seconds = labels(pieces, backends)
                got += found
                cpu += seconds
            runs.append(got)
        reference = reference or runs[0]
        pairs = list(itertools.combinations(runs, 2))
        within = sum(differ(a, b) for a, b in pairs) / max(1, len(pairs))
        worst = max(
            (differ(runs[0][a:b], reference[a:b]) / (b - a), path.stem) for path, a, b in bounds
        )
        print(
            f"| {text} | {size} | {cpu / args.runs:.1f} | {1000 * cpu / args.runs / total:.3f} "
            f"| {within / total:.2%} | {differ(runs[0], reference) / total:.2%} "
            f"| {worst[1]} {worst[0]:.2%} |",
            flush=True,
        )
        print(f"  {text} {size}: {time.perf_counter() - start:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
