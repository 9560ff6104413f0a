"""`gen translate --workers N` / `--scheduler ADDRESS`: translate chunks on Dask workers.

The engine lives on the workers: each loads it once (an Apertium pair, a model on its GPU)
and keeps it for every chunk it gets; gen itself loads nothing. Each chunk (the unit of the
journal and of ``--resume``) is one partition; its translations come back here and are
journaled as they arrive, so translator/run.py writes the output exactly as in one process.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from common.cluster import Cluster, Partition
from translator.base import Engine
from translator.registry import ENGINES, engine_class, load_engine, register_engine
from translator.run import translate_texts

#: What loads an engine on a worker: its name and "module:Class" (an engine registered here
#: is registered there too), source, target and the options (hashable).
EngineSpec = tuple[str, str, str, str, tuple[tuple[str, Any], ...]]


def _engine(spec: EngineSpec) -> Engine:
    """The worker's engine, loaded for its first chunk and kept (one per worker thread: an
    engine is not shared between threads)."""
    return _engine_of_thread(spec, threading.get_ident())


@functools.cache
def _engine_of_thread(spec: EngineSpec, thread: int) -> Engine:
    name, where, source, target, options = spec
    register_engine(name, where)
    return load_engine(name, source, target, dict(options))


def _metadata(spec: EngineSpec) -> dict[str, Any]:
    return _engine(spec).metadata


def _translate_only(spec: EngineSpec, texts: Sequence[str]) -> list[str]:
    return _engine(spec).translate(texts)


def _translate(spec: EngineSpec, texts: Sequence[str]) -> tuple[list[str], dict[int, str]]:
    return translate_texts(_engine(spec), texts)


class ClusterEngine(Engine):
    """An engine run on a cluster's workers; its metadata is read from one of them."""

    def __init__(
        self, cluster: Cluster, name: str, source: str, target: str, options: Mapping[str, Any]
    ) -> None:
        super().__init__(source, target, options)
        self.name = name  # type: ignore[misc]
        kind = engine_class(name)
        self.chunk_size = kind.chunk_size  # type: ignore[misc]
        self.cluster = cluster
        frozen = tuple(sorted(options.items()))
        self.spec: EngineSpec = (name, ENGINES[name], source, target, frozen)
        # A neural engine on a cluster whose workers offer GPUs: one model per GPU worker.
        wants_gpu = kind.uses_gpu and options.get("device") != "cpu"
        self.resources = cluster.resources("GPU") if wants_gpu else None
        self._metadata = cluster.run(_metadata, self.spec, resources=self.resources)

    @property
    def metadata(self) -> dict[str, Any]:
        return self._metadata

    def translate(self, texts: Sequence[str]) -> list[str]:
        return self.cluster.run(_translate_only, self.spec, list(texts), resources=self.resources)

    def run_chunks(
        self, pending: Mapping[int, list[dict]], save: Callable[[int, tuple], None]
    ) -> None:
        """translator.run's ChunkRunner: every chunk is a partition on the workers."""
        partitions = (
            Partition(
                number,
                (self.spec, [record["text"] for record in records]),
                f"chunk {number}, ids {records[0].get('id')} … {records[-1].get('id')} "
                f"({len(records)} records)",
            )
            for number, records in pending.items()
        )
        self.cluster.map(_translate, partitions, save, resources=self.resources)
