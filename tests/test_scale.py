"""Scale-out (common/cluster.py): `gen check` and `gen translate` on Dask workers give what
one process gives, survive a killed worker, and resume after gen itself is killed.

The scheduler and the workers are started here as separate processes on 127.0.0.1, as a
user starts them, and stopped by their process ids. Fake backends (tests/scale_fakes.py)
keep the labels deterministic and the runs short.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from conftest import REPO
from conftest import run_gen as gen
from scale_fakes import POISON

from common.cluster import connect
from translator.distributed import ClusterEngine
from translator.registry import ENGINES, register_engine
from translator.run import translate_set

ALIGNER = ["--aligner", "tests.checker_fakes:FakeAligner"]
FAST = ["--tagger", "tests.checker_fakes:FakeTagger", *ALIGNER]
SLOW = ["--tagger", "tests.scale_fakes:SlowTagger", *ALIGNER]
RECORDS = 60


def write_records(path: Path, poison_at: int | None = None) -> Path:
    rows = []
    for i in range(RECORDS):
        editor = ("El editor es su hermano", "La editora es su hermana")[i % 2]
        rows.append(
            {
                "id": f"r{i:03d}",
                "text": "The editor is her brother.",
                "translation": editor + (f" {POISON}." if i == poison_at else "."),
                "expected_gender": "male",
                "occupation": {"text": "editor"},
                "lang": "es",
            }
        )
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return path


def results(out: Path) -> list[dict]:
    return [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]


def environment(**extra: str) -> dict[str, str]:
    path = os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))
    return {**os.environ, "PYTHONPATH": path, **extra}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        os.kill(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.kill(process.pid, signal.SIGKILL)
            process.wait()


@contextmanager
def dask_cluster(log: Path, workers: int = 2) -> Iterator[tuple[str, list[subprocess.Popen]]]:
    """A `dask scheduler` and ``workers`` `dask worker` processes (no nanny: a killed worker
    stays dead) on 127.0.0.1; yields the address and the workers' processes."""
    address = f"tcp://127.0.0.1:{free_port()}"
    dask = [sys.executable, "-m", "dask"]
    started: list[subprocess.Popen] = []

    def start(*command: str) -> subprocess.Popen:
        with open(log / f"dask-{len(started)}.log", "w") as output:
            started.append(
                subprocess.Popen(
                    [*dask, *command], cwd=REPO, env=environment(), stdout=output, stderr=output
                )
            )
        return started[-1]

    try:
        start("scheduler", "--host", "127.0.0.1", "--port", address.rsplit(":", 1)[1],
              "--no-dashboard")  # fmt: skip
        processes = [
            start("worker", address, "--nthreads", "1", "--no-nanny", "--no-dashboard")
            for _ in range(workers)
        ]
        from distributed import Client

        with Client(address, timeout="60s") as client:
            client.wait_for_workers(workers, timeout=120)
        yield address, processes
    finally:
        for process in reversed(started):
            stop(process)


@pytest.fixture(scope="module")
def scheduler(tmp_path_factory) -> Iterator[str]:
    with dask_cluster(tmp_path_factory.mktemp("dask")) as (address, _):
        yield address


def test_scheduler_and_two_workers_label_as_one_process_does(tmp_path, scheduler):
    source = write_records(tmp_path / "in.jsonl")
    one = gen("check", source, "--out", tmp_path / "one", "--chunk-size", 7, *FAST)
    assert one.returncode == 0, one.stderr
    run = gen("check", source, "--out", tmp_path / "dask", "--chunk-size", 7, *FAST,
              "--scheduler", scheduler)  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert [r["id"] for r in results(tmp_path / "dask")] == [f"r{i:03d}" for i in range(RECORDS)]
    assert results(tmp_path / "dask") == results(tmp_path / "one")
    signature = json.loads((tmp_path / "dask" / "summary.json").read_text())["signature"]
    assert signature.endswith("|engine:dask|workers:2")
    assert "engine:process|workers:1" in (tmp_path / "one" / "summary.md").read_text()
    assert not (tmp_path / ".dask.partial").exists()


def test_a_partition_failing_twice_is_reported_and_the_rest_kept(tmp_path, scheduler):
    source = write_records(tmp_path / "in.jsonl", poison_at=23)
    out = tmp_path / "out"
    run = gen("check", source, "--out", out, "--chunk-size", 10, "--scheduler", scheduler,
              "--tagger", "tests.scale_fakes:PoisonTagger", *ALIGNER)  # fmt: skip
    assert run.returncode == 2
    assert "chunk-000002.jsonl, ids r020 … r029 (10 records)" in run.stderr
    assert "the tagger choked" in run.stderr and "--resume" in run.stderr
    assert not out.exists()
    kept = sorted(path.name for path in (tmp_path / ".out.partial").glob("chunk-*.jsonl"))
    assert kept == [f"chunk-{n:06d}.jsonl" for n in (0, 1, 3, 4, 5)]


def test_translate_on_the_workers_writes_what_one_process_writes(tmp_path, scheduler):
    source = tmp_path / "set.jsonl"
    texts = [f"The nurse number {i} is here." for i in range(25)]
    source.write_text("".join(json.dumps({"id": i, "text": t}) + "\n" for i, t in enumerate(texts)))
    register_engine("scale-upper", "tests.scale_fakes:UpperEngine")
    try:
        from scale_fakes import UpperEngine

        translate_set(source, UpperEngine("en", "xx", {}), tmp_path / "one.jsonl")
        with connect(1, scheduler, "gen translate --resume") as cluster:
            engine = ClusterEngine(cluster, "scale-upper", "en", "xx", {})
            summary = translate_set(
                source, engine, tmp_path / "dask.jsonl", chunk_size=3, runner=engine.run_chunks
            )
    finally:
        ENGINES.pop("scale-upper")
    assert summary.records == 25 and summary.failed == 0
    for suffix in (".jsonl", ".txt"):
        one = (tmp_path / f"one{suffix}").read_text()
        assert (tmp_path / f"dask{suffix}").read_text() == one


def test_a_worker_killed_mid_run_is_replaced_by_the_other(tmp_path):
    source = write_records(tmp_path / "in.jsonl")
    out = tmp_path / "out"
    with dask_cluster(tmp_path) as (address, workers):
        command = [sys.executable, "-m", "gen", "check", source, "--out", out, "--chunk-size", 3,
                   *SLOW, "--scheduler", address]  # fmt: skip
        run = subprocess.Popen(
            list(map(str, command)),
            cwd=REPO,
            env=environment(),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        wait_for_chunks(tmp_path / ".out.partial", 2)
        os.kill(workers[0].pid, signal.SIGKILL)
        stdout, stderr = run.communicate(timeout=120)
    assert run.returncode == 0, stderr
    assert [r["id"] for r in results(out)] == [f"r{i:03d}" for i in range(RECORDS)]


def test_gen_killed_then_resume_redoes_only_the_missing_partitions(tmp_path):
    source = write_records(tmp_path / "in.jsonl")
    out, partial, tagged = tmp_path / "out", tmp_path / ".out.partial", tmp_path / "tagged"
    tagged.mkdir()
    command = [sys.executable, "-m", "gen", "check", source, "--out", out, "--chunk-size", 3,
               *SLOW, "--workers", 2]  # fmt: skip
    first = subprocess.Popen(list(map(str, command)), cwd=REPO, env=environment(),
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    wait_for_chunks(partial, 4)
    os.kill(first.pid, signal.SIGKILL)
    first.wait()
    time.sleep(1)  # a chunk being saved at the kill is written whole or not at all
    saved = list(partial.glob("chunk-*.jsonl"))
    assert 4 <= len(saved) < RECORDS // 3
    resumed = subprocess.run(list(map(str, [*command, "--resume"])), cwd=REPO,
                             env=environment(GEN_TEST_TAG_LOG=str(tagged)),
                             capture_output=True, text=True, timeout=180)  # fmt: skip
    assert resumed.returncode == 0, resumed.stderr
    assert len(list(tagged.iterdir())) == RECORDS // 3 - len(saved)  # partitions redone
    assert [r["id"] for r in results(out)] == [f"r{i:03d}" for i in range(RECORDS)]


def wait_for_chunks(partial: Path, count: int, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while len(list(partial.glob("chunk-*.jsonl"))) < count:
        assert time.monotonic() < deadline, f"no {count} chunks in {partial} after {timeout} s"
        time.sleep(0.1)


def test_workers_and_scheduler_together_are_refused(tmp_path):
    source = write_records(tmp_path / "in.jsonl")
    run = gen("check", source, "--workers", 2, "--scheduler", "tcp://127.0.0.1:9", *FAST)
    assert run.returncode == 2 and "give one" in run.stderr
