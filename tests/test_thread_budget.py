"""Scale-out that uses every core (common/cluster.py, checker/pipeline/scan.py): each worker's share
of the cores for eflomal's threads, `--workers auto`, and chunks balanced over the workers."""

from __future__ import annotations

import os
import sys

import pytest
import typer

from checker.pipeline.scan import MIN_CHUNK, chunk_count
from common.cluster import (
    THREAD_VARIABLES,
    WORKER_MEMORY,
    auto_workers,
    connect,
    limit_threads,
    thread_budget,
    usable_cores,
    worker_threads,
)
from gen.commands.options import parse_workers


@pytest.mark.parametrize(
    ("cores", "slots", "threads"),
    [(16, 1, 16), (16, 2, 8), (16, 5, 3), (16, 16, 1), (16, 40, 1), (2, 2, 1), (1, 1, 1)],
)
def test_each_worker_gets_an_equal_share_of_the_cores_and_at_least_one(cores, slots, threads):
    assert thread_budget(cores, slots) == threads


@pytest.mark.parametrize(
    ("cores", "memory", "workers"),
    [(16, 64 * WORKER_MEMORY, 16), (16, 6 * WORKER_MEMORY, 6), (2, 8 * WORKER_MEMORY, 2),
     (1, 8 * WORKER_MEMORY, 1), (8, WORKER_MEMORY // 2, 1)],
)  # fmt: skip
def test_auto_is_one_worker_per_core_as_far_as_memory_holds(cores, memory, workers):
    assert auto_workers(cores, memory) == workers


def test_workers_option_reads_numbers_and_auto():
    from common.cluster import WORKER_MEMORY
    from gen.commands.options import AUTO_WORKER_COUNT, sized_workers

    assert parse_workers("3") == 3 == sized_workers(3)
    assert parse_workers("auto") == parse_workers("AUTO") == AUTO_WORKER_COUNT
    assert 1 <= sized_workers(AUTO_WORKER_COUNT) <= usable_cores()
    # a neural worker needs its models too: fewer of them fit
    assert sized_workers(AUTO_WORKER_COUNT, 1 << 50) == 1
    assert sized_workers(AUTO_WORKER_COUNT, 2 * WORKER_MEMORY) <= sized_workers(AUTO_WORKER_COUNT)
    for bad in ("0", "two", "-1"):
        with pytest.raises(typer.BadParameter):
            parse_workers(bad)


@pytest.mark.parametrize(
    ("total", "chunk_size", "workers", "count"),
    [
        (60_800, 50_000, 1, 2),  # one process: the fewest chunks, as before
        (243_200, 50_000, 1, 5),
        (243_200, 50_000, 2, 6),  # a multiple of the workers: 3 each
        (486_400, 50_000, 16, 16),  # every worker one chunk
        (486_400, 50_000, 4, 12),
        (60_800, 50_000, 16, 60_800 // MIN_CHUNK),  # not below the floor
        (5_000, 50_000, 2, 1),  # too few records to share
        (60_800, 1_000, 2, 61),  # a smaller --chunk-size is the user's: kept
    ],
)
def test_chunks_are_balanced_over_the_workers_down_to_the_floor(total, chunk_size, workers, count):
    assert chunk_count(total, chunk_size, workers) == count


def _threads_seen() -> dict[str, str]:
    limit_threads(worker_threads())
    return {name: os.environ[name] for name in THREAD_VARIABLES}


def test_a_local_worker_gets_its_share_of_the_cores_not_dasks_one_thread():
    """Dask's nanny gives every worker OMP_NUM_THREADS=1; gen's single worker here gets
    all the cores (the test cannot tell the two apart on a one-core machine)."""
    share = str(usable_cores())
    with connect(1, None, "gen check --resume") as cluster:
        assert cluster.run(os.environ.get, "OMP_NUM_THREADS") == share
        assert cluster.run(_threads_seen) == dict.fromkeys(THREAD_VARIABLES, share)


def test_gen_threads_on_a_worker_overrides_its_share(monkeypatch):
    monkeypatch.setenv("GEN_THREADS", "3")
    assert worker_threads() == 3
    monkeypatch.setenv("GEN_THREADS", "many")
    with pytest.raises(Exception, match="GEN_THREADS='many'"):
        worker_threads()


def test_auto_is_resolved_once_here_for_workers_on_this_machine(monkeypatch):
    """Local workers build the first that loads of what gen found can run here, instead of
    each importing every backend `auto` tries (Stanza and torch: seconds per worker); a
    language nothing reads stays auto, for the worker to warn about; workers of a scheduler
    resolve for themselves."""
    from checker.backends import registry
    from checker.pipeline.distributed import backend_spec

    monkeypatch.setattr(registry, "TAGGERS", {"fake": "tests.checker_fakes:FakeTagger"})
    monkeypatch.setitem(registry._TABLES, registry.Tagger, registry.TAGGERS)
    aligner = "tests.checker_fakes:FakeAligner"
    spec = backend_spec({"es": 3, "fr": 1}, "auto", aligner, {}, resolve_here=True)
    assert spec[1] == (("es", ("fake",)), ("fr", "auto"))
    assert spec[2] == (("es", aligner), ("fr", aligner))
    assert backend_spec({"es": 3}, "auto", aligner, {})[1] == "auto"


def test_a_resumed_run_keeps_the_chunks_it_was_cut_into(tmp_path):
    """Chunks are cut by the number of workers; a run resumed on another number keeps the
    interrupted run's cut (its saved chunks are kept as they are)."""
    import json

    from checker.pipeline.run import _chunk_count
    from checker.pipeline.scan import Scan

    scan = Scan(items=243_200)
    assert _chunk_count(scan, 50_000, None, None) == 5
    (tmp_path / "state.json").write_text(json.dumps({"fingerprint": "f", "chunks": 6}))
    assert _chunk_count(scan, 50_000, None, tmp_path) == 6


def test_a_half_started_dask_clients_finalizer_prints_nothing_after_gens_line(monkeypatch):
    """A Ctrl-C in a client's start leaves it half done; its ``__del__`` fails when it is
    collected. That error is dropped (scripts/faults' check-sigint-workers-start); another
    object's is still reported."""
    import gc

    from common import cluster

    reported = []
    monkeypatch.setattr(sys, "unraisablehook", lambda unraisable: reported.append(unraisable))
    cluster._quiet_client_finalizer()
    cluster._quiet_client_finalizer()  # once is enough: not wrapped twice

    class Client:
        def __del__(self):
            raise RuntimeError("closing a client whose start was interrupted")

    # named as Dask's is (distributed.client.Client.__del__)
    Client.__del__.__module__, Client.__del__.__qualname__ = "distributed.client", "Client.__del__"

    class Other:
        def __del__(self):
            raise RuntimeError("another object's error")

    Client()
    Other()
    gc.collect()
    assert [str(u.exc_value) for u in reported] == ["another object's error"]
