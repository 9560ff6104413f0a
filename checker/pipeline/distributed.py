"""`gen check --workers N` / `--scheduler ADDRESS`: label chunks on Dask workers.

Each chunk (the unit the statistical aligner is fitted on, and of ``--resume``) is one
partition: a worker tags, aligns and labels it and sends back its results as JSONL, which
is saved here into the partial folder as it arrives, exactly as the one-process path saves
it. Each worker thread builds the backends once (the analyser's processes, the aligner's
priors) and keeps them for every chunk it gets: gen's own workers run one thread each; a
`dask worker` started for --scheduler runs one per core unless given --nthreads 1. The
libraries a chunk runs (eflomal's OpenMP samplers) get the worker's share of the cores.
"""

from __future__ import annotations

import functools
import gc
import threading
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any, NamedTuple

import orjson

from checker.backends import registry
from checker.backends.base import Aligner, Tagger
from checker.pipeline.records import Item, RawLine, parse_line
from checker.pipeline.scan import in_known_language, validated
from checker.pipeline.stages import (
    Backends,
    Summary,
    align_chunk,
    build_backends,
    chunk_path,
    label_chunk,
    replay_chunk,
    tag_chunk,
)
from common.cluster import Cluster, Partition, limit_threads, worker_threads
from common.io import atomic_write, dumps, write_jsonl

#: What builds a worker's backends: the languages' record counts, tagger, aligner (a name
#: for all languages, or (language, name or auto's candidates) pairs), backend options
#: (hashable).
Names = str | tuple[tuple[str, str | tuple[str, ...]], ...]
BackendSpec = tuple[tuple[tuple[str, int], ...], Names, Names, tuple[tuple[str, Any], ...]]


def backend_spec(
    languages: Mapping[str, int],
    tagger: str,
    aligner: str,
    options: Mapping[str, Any],
    *,
    resolve_here: bool = False,
) -> BackendSpec:
    """What the workers build. ``resolve_here`` (workers on this machine, which have its
    files): ``auto`` is resolved here, once per language, and the workers build what it
    names; left to them, each would import every backend ``auto`` tries to learn the same
    (Stanza and torch alone: seconds of CPU per worker). A language nothing can read stays
    ``auto``, for the worker to warn about as before."""
    if resolve_here:
        tagger_names, aligner_names = (
            tuple((lang, _resolved(kind, name, lang, options)) for lang in sorted(languages))
            for kind, name in ((Tagger, tagger), (Aligner, aligner))
        )
        return (tuple(sorted(languages.items())), tagger_names, aligner_names,
                tuple(sorted(options.items())))  # fmt: skip
    return (tuple(sorted(languages.items())), tagger, aligner, tuple(sorted(options.items())))


def _resolved(
    kind: type, name: str, lang: str, options: Mapping[str, Any]
) -> str | tuple[str, ...]:
    if name != registry.AUTO:
        return name
    return registry.candidates(kind, name, lang, options) or name


#: What a worker runs to count its chunk's results for the summary (Summary.count).
Counting = Callable[[list[dict[str, Any]]], Any]


class Labelled(NamedTuple):
    """A chunk's results as a worker sends them back: their number, their counts, and
    their JSONL, unless the worker saved it itself."""

    records: int
    counts: Any
    jsonl: bytes | None


class Described(NamedTuple):
    """A language's backends as the signature names them."""

    tagger: str
    aligner: str
    lexicon: str = "none"  # what tells an occupation left in English (backends/lexicon.py)


def describe(backends: Mapping[str, Backends | None]) -> dict[str, Described | None]:
    return {
        lang: None
        if built is None
        else Described(
            registry.signature(built.tagger),
            registry.signature(built.aligner),
            built.lexicon.signature,
        )
        for lang, built in backends.items()
    }


@functools.cache
def _backends(spec: BackendSpec, thread: int) -> tuple[dict[str, Backends | None], list[str]]:
    """The worker's backends and the warnings building them gave, built once and kept (one
    set per worker thread: an analyser process is not shared between threads). eflomal,
    started per chunk, gets the worker's share of its host's cores (common/cluster.py)."""
    limit_threads(worker_threads())
    languages, tagger, aligner, options = spec
    warnings: list[str] = []
    backends = build_backends(
        Counter(dict(languages)),
        tagger=tagger if isinstance(tagger, str) else dict(tagger),
        aligner=aligner if isinstance(aligner, str) else dict(aligner),
        backend_options=dict(options),
        warn=warnings.append,
    )
    gc.freeze()  # the backends' tables live as long as the worker: the collector skips them
    return backends, warnings


def _describe_here(spec: BackendSpec) -> tuple[dict[str, Described | None], list[str]]:
    backends, warnings = _backends(spec, threading.get_ident())
    return describe(backends), warnings


def describe_on_cluster(
    cluster: Cluster, spec: BackendSpec, warn: Callable[[str], None]
) -> dict[str, Described | None]:
    """Have a thread of every worker build its backends at once, before any chunk (a backend
    that cannot run fails here, as in one process); pass one worker's warnings on; return
    what the signature names."""
    described, warnings = cluster.on_every_worker(_describe_here, spec)
    for message in warnings:
        warn(message)
    return described


def _encode(chunk: list[RawLine], lang: str | None) -> bytes:
    """A chunk as it travels to a worker: its lines as read (with their numbers and --hyp
    translations) and the --lang default. gen's process only reads them: parsing and
    validating again is the workers' share (the scan has validated them all)."""
    return orjson.dumps([lang, [list(line) for line in chunk]])


def _decode(data: bytes) -> list[Item]:
    """The chunk's Items, read from its lines as the scan read them."""
    lang, lines = orjson.loads(data)
    path = Path("input")  # for error messages, and none can arise
    return [
        in_known_language(validated(parse_line(RawLine(*line), path), path, lang), path)
        for line in lines
    ]


def label_partition(
    spec: BackendSpec, data: bytes, count: Counting | None, save_as: Path | None
) -> Labelled:
    """On a worker: one chunk tagged, aligned and labelled, with ``count``'s counts of its
    results for the summary. A worker on gen's machine saves the results as ``save_as``
    itself (the chunk's file in the partial folder): sent back, they would cross a socket
    and gen's process would write them, while the workers wait."""
    backends, _ = _backends(spec, threading.get_ident())
    # As in one process (pipeline.py), the cyclic collector is kept from walking the chunk's
    # millions of live objects over and over while it is decoded, labelled and encoded.
    enabled = gc.isenabled()
    gc.disable()
    try:
        chunk = _decode(data)
        results = label_chunk(align_chunk(tag_chunk(chunk, backends), backends))
        counts = count(results) if count is not None else None
        if save_as is not None:
            with atomic_write(save_as) as handle:
                write_jsonl(handle, results)
            return Labelled(len(results), counts, None)
        jsonl = "".join(dumps(result) + "\n" for result in results).encode()
        return Labelled(len(results), counts, jsonl)
    finally:
        if enabled:
            gc.enable()


def label_on_cluster(
    cluster: Cluster,
    spec: BackendSpec,
    lang: str | None,
    chunks: Iterator[list[RawLine]],
    partial: Path,
    summary: Summary | None,
    progress: Callable[[int], None],
) -> None:
    """Label the chunks not yet in ``partial`` on the cluster (``lang``: the records' default
    language, --lang); the ``summary`` gets every chunk's counts (the saved chunks' records,
    read back) and ``progress`` their number of records, as they arrive."""

    def save(chunk_file: Path, labelled: Labelled) -> None:
        if labelled.jsonl is not None:  # from a worker on another machine
            with atomic_write(chunk_file) as handle:
                handle.write(labelled.jsonl.decode())
        if summary is not None:
            summary.merge(labelled.counts)
        progress(labelled.records)

    def partitions() -> Iterator[Partition]:
        count = summary.count if summary is not None else None
        for number, chunk in enumerate(chunks):
            saved = chunk_path(partial, number)
            if saved.exists():
                progress(replay_chunk(saved.read_bytes(), summary.add if summary else _ignore))
                continue
            ids = f"ids {_id(chunk[0])} … {_id(chunk[-1])} ({len(chunk)} records)"
            save_as = saved if cluster.local else None
            args = (spec, _encode(chunk, lang), count, save_as)
            yield Partition(saved, args, f"{saved.name}, {ids}")

    cluster.map(label_partition, partitions(), save)


def _id(line: RawLine) -> Any:
    """A line's record id (the scan has read it: the line is a valid record)."""
    return orjson.loads(line.text)["id"]


def _ignore(result: dict[str, Any]) -> None:
    """What reads the saved results when no summary is made."""
