"""`gen check`'s labelling, end to end: validate the input, label it chunk by chunk, write
the results.

The input is read twice, streaming: a first pass (checker/pipeline/scan.py) validates every line (a
bad line fails before any model loads, naming file and line), counts the languages and
hashes the set, and keeps the first ``chunk_size`` items; the second pass reads on from
there and labels records in chunks of ``chunk_size`` (checker/pipeline/stages.py). Each finished
chunk is saved in a partial folder beside the output, so an interrupted run continues with
``--resume`` from the first unfinished chunk; the output folder appears, whole, only at the
end. Memory holds at most three chunks, one per stage (tagging, aligning, labelling),
whatever the input's length (the statistical aligner is fitted per chunk).

The checker scores nothing itself: a :class:`Summary` given by the caller (`gen check`
passes scores/summary.py's) sees every labelled record and adds its files to the output.
"""

from __future__ import annotations

import functools
import gc
import shutil
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from itertools import chain
from pathlib import Path
from typing import Any, TypeVar

import common
from checker.backends import registry
from checker.pipeline.distributed import (
    Described,
    backend_spec,
    describe,
    describe_on_cluster,
    label_on_cluster,
)
from checker.pipeline.records import Item, raw_lines, read_hypotheses
from checker.pipeline.scan import Scan, chunk_count, chunks, read_items, scan_input
from checker.pipeline.stages import (
    Backends,
    Summary,
    TaggedChunk,
    align_chunk,
    build_backends,
    chunk_path,
    label_chunk,
    replay_chunk,
    tag_chunk,
)
from common.cluster import Cluster
from common.errors import GenError
from common.io import atomic_write, resolve_input, write_jsonl
from common.outputs import (
    CHECK,
    claim_output,
    output_folder,
    output_path,
    partial_path,
    read_state,
    work_folder,
)

T = TypeVar("T")

#: The signature's engine and worker count without a cluster.
SINGLE_PROCESS = {"engine": "process", "workers": "1"}


@dataclass(frozen=True)
class CheckOptions:
    """Everything besides the files that decides the labels."""

    aligner: str = registry.AUTO
    tagger: str = registry.AUTO
    backend_options: Mapping[str, Any] = field(default_factory=dict)
    chunk_size: int = 50_000
    skip_invalid: bool = False


@dataclass(frozen=True)
class CheckRun:
    """What a finished check wrote: how many records, how many lines were rejected, and the
    signature that pins its set, language, MT system, backends and version."""

    n: int
    rejected: int
    signature: dict[str, str]


def _collecting_at_checkpoints(function: Callable[..., T]) -> Callable[..., T]:
    """Run ``function`` with Python's cyclic garbage collector run by hand (check() collects
    once per chunk, and freezes the scanned items out of it), not by allocation counts:
    left alone, it walks the chunks' millions of live objects over and over (1 to 3 s of a
    13 s run on 60,000 records) for the few dozen objects in cycles a chunk leaves
    (measured on 30,000 records). Undone on return: collector on, nothing frozen."""

    @functools.wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> T:
        enabled = gc.isenabled()
        gc.disable()
        try:
            return function(*args, **kwargs)
        finally:
            gc.unfreeze()
            if enabled:
                gc.enable()

    return wrapper


@_collecting_at_checkpoints
def check(
    input_path: Path,
    *,
    out: Path,
    hyp: Path | None = None,
    lang: str | None = None,
    options: CheckOptions = CheckOptions(),
    summary: Summary | None = None,
    resume: bool = False,
    force: bool = False,
    progress: Callable[[int, int], None] | None = None,
    warn: Callable[[str], None] = lambda message: None,
    cluster: Cluster | None = None,
) -> CheckRun:
    """Label every record of ``input_path`` and write results.jsonl (and rejects.jsonl, if
    any, and ``summary``'s files) into ``out``.

    ``progress(done, total)`` is called as records are labelled; ``warn`` gets one-line
    notices (records of a language no backend can read here). With a ``cluster`` the chunks
    are labelled on its workers (checker/pipeline/distributed.py), with the same labels.
    """
    input_path = resolve_input(input_path)
    out = output_path(out)
    partial = partial_path(out)
    inputs = (input_path, hyp)
    resume = claim_output(out, partial, CHECK, force=force, resume=resume, inputs=inputs)
    hypotheses = (
        read_hypotheses(input_path, hyp, strict=not options.skip_invalid)
        if hyp is not None
        else None
    )
    lang = lang.strip().lower() if lang else None
    scan = scan_input(
        input_path,
        hypotheses,
        lang,
        skip_invalid=options.skip_invalid,
        head_size=options.chunk_size if cluster is None else 0,  # workers read all lines again
    )
    if scan.kind != "gender":
        raise GenError(
            f"these are {scan.kind} records, which the labeller does not read", path=input_path
        )
    gc.freeze()  # the items kept from the scan make no cycles: never walk them again
    spec = backend_spec(
        scan.languages,
        options.tagger,
        options.aligner,
        options.backend_options,
        resolve_here=cluster is not None and cluster.local,
    )
    if cluster is None:
        backends = build_backends(
            scan.languages,
            tagger=options.tagger,
            aligner=options.aligner,
            backend_options=options.backend_options,
            warn=warn,
        )
        described = describe(backends)
    else:  # built by every worker for itself, not here
        backends, described = {}, describe_on_cluster(cluster, spec, warn)
    fingerprint = scan.input_digest.hexdigest()
    count = _chunk_count(scan, options.chunk_size, cluster, partial if resume else None)
    signature = _signature(scan, described, count)

    state = {"fingerprint": fingerprint, "signature": signature, "chunks": count}
    # The labels do not depend on where they are made: a run may resume on other workers.
    signature = {**signature, **(cluster.signature if cluster else SINGLE_PROCESS)}
    rejected = frozenset(reject["line"] for reject in scan.rejects)
    done = 0

    def advance(records: int) -> None:
        nonlocal done
        done += records
        if progress:
            progress(done, scan.items)

    with work_folder(partial, state, resume=resume):
        advance(0)
        if cluster is not None:
            lines = raw_lines(input_path, hypotheses)
            kept = (line for line in lines if line.number not in rejected)
            parts = chunks(kept, scan.items, count)
            label_on_cluster(cluster, spec, lang, parts, partial, summary, advance)
        else:
            items = _items(scan, input_path, hypotheses, lang, options.skip_invalid, rejected)
            add = summary.add if summary is not None else lambda result: None
            _label_here(items, scan.items, count, partial, backends, add, advance)
        # a resumed run's output was claimed by the run it resumes (a --force run's, say)
        with output_folder(out, CHECK, force=force or resume, inputs=inputs) as staging:
            _write_output(staging, partial, scan, signature, summary)
    shutil.rmtree(partial, ignore_errors=True)
    return CheckRun(n=done, rejected=scan.rejected, signature=signature)


def _items(
    scan: Scan,
    input_path: Path,
    hypotheses: list[str] | None,
    lang: str | None,
    skip_invalid: bool,
    rejected: frozenset[int],
) -> Iterable[Item]:
    """The valid items in order: the scan's head, then the lines after it read again."""
    if len(scan.head) == scan.items:  # the whole input fits in the first chunk
        return scan.head
    rest = read_items(
        input_path, hypotheses, lang, skip_invalid=skip_invalid, after=scan.head_end,
        rejected=rejected,
    )  # fmt: skip
    return chain(scan.head, rest)


def default_output(input_path: Path, hyp: Path | None) -> Path:
    """``gen check``'s output without --out: the records file's name, or with ``hyp`` the hyp
    file's (one set, several translations), + ``.check``, beside the records file."""
    return input_path.parent / f"{(hyp or input_path).stem}.check"


def kept_records(out: Path) -> int | None:
    """How many labelled records an interrupted run into ``out`` has saved for --resume;
    None when it left no work area (interrupted before it made one)."""
    partial = partial_path(out)
    if not partial.is_dir():
        return None
    return sum(chunk.read_bytes().count(b"\n") for chunk in partial.glob("chunk-*.jsonl"))


def _write_output(
    staging: Path, partial: Path, scan: Scan, signature: dict[str, str], summary: Summary | None
) -> None:
    """Write the output folder's files into ``staging`` from the finished chunks."""
    with open(staging / "results.jsonl", "wb") as results_file:
        for chunk_file in sorted(partial.glob("chunk-*.jsonl")):
            with open(chunk_file, "rb") as handle:
                shutil.copyfileobj(handle, results_file)
    if scan.rejects:
        with open(staging / "rejects.jsonl", "w", encoding="utf-8") as handle:
            write_jsonl(handle, scan.rejects)
    if summary is not None:
        for name, text in summary.files(signature=signature, rejected=scan.rejected).items():
            (staging / name).write_text(text, encoding="utf-8")


def _chunk_count(scan: Scan, chunk_size: int, cluster: Cluster | None, resumed: Path | None) -> int:
    """The number of chunks: balanced over the cluster's workers (scan.chunk_count), or, on
    resuming, the interrupted run's, whatever runs it now (its chunks are kept as cut)."""
    saved = read_state(resumed) if resumed is not None else None
    if saved is not None and isinstance(saved.get("chunks"), int) and saved["chunks"] > 0:
        return saved["chunks"]
    return chunk_count(scan.items, chunk_size, cluster.workers if cluster else 1)


def _label_here(
    items: Iterable[Item],
    total: int,
    count: int,
    partial: Path,
    backends: Mapping[str, Backends | None],
    add: Callable[[dict[str, Any]], None],
    advance: Callable[[int], None],
) -> None:
    """Label the chunks not yet in ``partial`` in this process, telling ``advance`` how
    many more records are done as each batch is labelled."""
    # The stages overlap: a thread tags chunk k+1 (lt-proc works in its own process) while
    # another waits on the aligner fitting chunk k (eflomal too); then this thread labels
    # chunk k while chunk k+1 is tagged and aligned.
    with ThreadPoolExecutor(1) as tagging, ThreadPoolExecutor(1) as aligning:
        pending = None
        for number, chunk in enumerate(chunks(items, total, count)):
            saved = chunk_path(partial, number)
            if saved.exists():
                advance(replay_chunk(saved.read_bytes(), add))
            else:
                tagged = tagging.submit(tag_chunk, chunk, backends)
                aligned = aligning.submit(
                    lambda tagged=tagged: align_chunk(tagged.result(), backends)
                )
                if pending is not None:
                    _finish_chunk(*pending, add, advance)
                    gc.collect()  # not after the last chunk: the run is about to end
                pending = (aligned, saved)
        if pending is not None:
            _finish_chunk(*pending, add, advance)


def _finish_chunk(
    aligned: Future[TaggedChunk],
    chunk_file: Path,
    add: Callable[[dict[str, Any]], None],
    advance: Callable[[int], None],
) -> None:
    """Label an aligned chunk, show it to the summary, save it."""
    results = label_chunk(aligned.result(), advance)
    for result in results:
        add(result)
    with atomic_write(chunk_file) as handle:
        write_jsonl(handle, results)


def _signature(scan: Scan, described: Mapping[str, Described | None], count: int) -> dict[str, str]:
    """What pins the labels; ``chunk``: the most records eflomal was fitted on at once."""
    ready = [d for d in described.values() if d is not None]
    return {
        "set": "sha256." + scan.set_digest.hexdigest()[:12],
        "lang": "+".join(sorted(scan.languages)) or "none",
        "aligner": "+".join(sorted({d.aligner for d in ready})) or "none",
        "tagger": "+".join(sorted({d.tagger for d in ready})) or "none",
        "lexicon": "+".join(sorted({d.lexicon for d in ready})) or "none",
        "mt": "+".join(sorted(scan.systems)) or "unknown",
        "chunk": str(-(-scan.items // count)),
        "version": common.__version__,
    }
