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
from checker.records import Item, to_item
from checker.scan import in_known_language
from checker.stages import (
    Backends,
    align_chunk,
    build_backends,
    chunk_path,
    label_chunk,
    replay_chunk,
    tag_chunk,
)
from common.cluster import Cluster, Partition, limit_threads, worker_threads
from common.errors import MissingResourceError
from common.io import atomic_write, dumps

#: What builds a worker's backends: the languages' record counts, tagger, aligner (a name
#: for all languages, or (language, name) pairs), backend options (hashable).
Names = str | tuple[tuple[str, str], ...]
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


def _resolved(kind: type, name: str, lang: str, options: Mapping[str, Any]) -> str:
    try:
        return registry.resolve(kind, name, lang, options)
    except MissingResourceError:
        return name


class Described(NamedTuple):
    """A language's backends as the signature names them."""

    tagger: str
    aligner: str


def describe(backends: Mapping[str, Backends | None]) -> dict[str, Described | None]:
    return {
        lang: None if built is None else Described(built.tagger.signature, built.aligner.signature)
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


def _encode(chunk: list[Item], lang: str | None) -> bytes:
    """A chunk as it travels to a worker: its records as JSON (with the line each came from
    and the --lang default): about four times faster to encode than its Items pickled
    (20,000 Items of the small es set: 0.05 s against 0.21 s)."""
    return orjson.dumps([lang, [[item.line, item.record] for item in chunk]])


def _decode(data: bytes) -> list[Item]:
    """The chunk's Items again (its records were validated by gen's first pass)."""
    lang, lines = orjson.loads(data)
    path = Path("input")  # for error messages, and none can arise
    return [
        in_known_language(to_item(record, path=path, line=line, default_lang=lang), path)
        for line, record in lines
    ]


def label_partition(spec: BackendSpec, data: bytes) -> bytes:
    """On a worker: one chunk tagged, aligned and labelled, as JSONL."""
    backends, _ = _backends(spec, threading.get_ident())
    # As in one process (pipeline.py), the cyclic collector is kept from walking the chunk's
    # millions of live objects over and over while it is decoded, labelled and encoded.
    enabled = gc.isenabled()
    gc.disable()
    try:
        chunk = _decode(data)
        results = label_chunk(align_chunk(tag_chunk(chunk, backends), backends))
        return "".join(dumps(result) + "\n" for result in results).encode()
    finally:
        if enabled:
            gc.enable()


def label_on_cluster(
    cluster: Cluster,
    spec: BackendSpec,
    lang: str | None,
    chunks: Iterator[list[Item]],
    partial: Path,
    add: Callable[[dict[str, Any]], None],
    progress: Callable[[int], None],
) -> None:
    """Label the chunks not yet in ``partial`` on the cluster (``lang``: the records' default
    language, --lang); every chunk's records go to
    ``add`` (the saved ones read back) and their count to ``progress`` as they arrive."""

    def save(chunk_file: Path, data: bytes) -> None:
        with atomic_write(chunk_file) as handle:
            handle.write(data.decode())
        read(data)

    def read(data: bytes) -> None:
        progress(replay_chunk(data, add))

    def partitions() -> Iterator[Partition]:
        for number, chunk in enumerate(chunks):
            saved = chunk_path(partial, number)
            if saved.exists():
                read(saved.read_bytes())
                continue
            ids = f"ids {chunk[0].record['id']} … {chunk[-1].record['id']} ({len(chunk)} records)"
            yield Partition(saved, (spec, _encode(chunk, lang)), f"{saved.name}, {ids}")

    cluster.map(label_partition, partitions(), save)
