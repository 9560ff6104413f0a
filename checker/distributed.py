"""`gen check --workers N` / `--scheduler ADDRESS`: label chunks on Dask workers.

Each chunk (the unit the statistical aligner is fitted on, and of ``--resume``) is one
partition: a worker tags, aligns and labels it and sends back its results as JSONL, which
is saved here into the partial folder as it arrives, exactly as the one-process path saves
it. A worker builds the backends once (the analyser's processes, the aligner's priors) and
keeps them for every chunk it gets.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import orjson

from checker.records import Item
from checker.stages import align_chunk, build_backends, label_chunk, tag_chunk
from common.cluster import Cluster, Partition
from common.io import atomic_write, dumps

#: What builds a worker's backends: languages, tagger, aligner, backend options (hashable).
BackendSpec = tuple[tuple[str, ...], str, str, tuple[tuple[str, Any], ...]]


def backend_spec(
    languages: Mapping[str, int], tagger: str, aligner: str, options: Mapping[str, Any]
) -> BackendSpec:
    return (tuple(sorted(languages)), tagger, aligner, tuple(sorted(options.items())))


@functools.cache
def _backends(spec: BackendSpec, thread: int) -> dict:
    """The worker's backends, built on its first chunk and kept (one set per worker thread:
    an analyser process is not shared between threads)."""
    languages, tagger, aligner, options = spec
    return build_backends(
        dict.fromkeys(languages, 1),
        tagger=tagger,
        aligner=aligner,
        backend_options=dict(options),
        warn=lambda message: None,  # gen warned once, before any work
    )


def label_partition(spec: BackendSpec, chunk: list[Item]) -> bytes:
    """On a worker: one chunk tagged, aligned and labelled, as JSONL."""
    backends = _backends(spec, threading.get_ident())
    results = label_chunk(align_chunk(tag_chunk(chunk, backends), backends))
    return "".join(dumps(result) + "\n" for result in results).encode()


def label_on_cluster(
    cluster: Cluster,
    spec: BackendSpec,
    chunks: Iterator[list[Item]],
    partial: Path,
    add: Callable[[dict[str, Any]], None],
    progress: Callable[[int], None],
) -> None:
    """Label the chunks not yet in ``partial`` on the cluster; every chunk's records go to
    ``add`` (the saved ones read back) and their count to ``progress`` as they arrive."""

    def save(chunk_file: Path, data: bytes) -> None:
        with atomic_write(chunk_file) as handle:
            handle.write(data.decode())
        read(data)

    def read(data: bytes) -> None:
        lines = data.splitlines()
        for line in lines:
            add(orjson.loads(line))
        progress(len(lines))

    def partitions() -> Iterator[Partition]:
        for number, chunk in enumerate(chunks):
            chunk_file = partial / f"chunk-{number:06d}.jsonl"
            if chunk_file.exists():
                read(chunk_file.read_bytes())
                continue
            ids = f"ids {chunk[0].record['id']} … {chunk[-1].record['id']} ({len(chunk)} records)"
            yield Partition(chunk_file, (spec, chunk), f"{chunk_file.name}, {ids}")

    cluster.map(label_partition, partitions(), save)
