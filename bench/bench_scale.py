"""Scale-out: `gen translate` and `gen check` in one process, on 2 local Dask workers, and
through a scheduler with 2 workers started on 127.0.0.1 as separate processes.

    python3 bench/bench_scale.py [--size small] [--lang es] [--workers 2] [--dir DIR [--check-only]]

Builds the set (`gen build --size small`) once into DIR (default: a temporary folder), then
for each of the three ways times `gen translate SET --to es` (Apertium) and `gen check` of the
one-process translations (chunks of 50,000: the small es set is two), and prints one table:
wall seconds, speed-up over one process, peak memory of all processes together (gen, its
workers, the scheduler and the analysers they start, sampled every 0.1 s), the CPU seconds
they used (on a busy machine wall time says little; CPU time still shows the overhead of
workers), and how many
translations / labels differ from the one-process run (eflomal seeds itself from
/dev/urandom: two one-process runs differ too), and whether every id is there once, in
order. The scheduler and its workers are started before their runs' clocks start, as a
cluster that is already there. Report the numbers with `uptime`'s load.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psutil

REPO = Path(__file__).resolve().parent.parent


class PeakMemory:
    """The largest sum of resident memory of some processes and all their descendants,
    sampled in a thread while the block runs."""

    def __init__(self, *roots: int) -> None:
        self.roots = list(roots)
        self.peak = 0
        self._stop = threading.Event()

    def _sample(self) -> None:
        while not self._stop.wait(0.1):
            total = 0
            for root in self.roots:
                try:
                    process = psutil.Process(root)
                    for each in [process, *process.children(recursive=True)]:
                        total += each.memory_info().rss
                except psutil.Error:
                    continue
            self.peak = max(self.peak, total)

    def __enter__(self) -> PeakMemory:
        self._thread = threading.Thread(target=self._sample, daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()


def tree_cpu(roots: list[int]) -> float:
    """CPU seconds (user + system) the processes ``roots`` and their descendants have used,
    the finished descendants they waited for included."""
    total = 0.0
    for root in roots:
        try:
            process = psutil.Process(root)
            for each in [process, *process.children(recursive=True)]:
                times = each.cpu_times()
                total += times.user + times.system + times.children_user + times.children_system
        except psutil.Error:
            continue
    return total


def run_gen(args: list[str], cluster: list[int]) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds and peak MiB of gen's process tree plus the ``cluster``
    processes' (a scheduler and workers that outlive the run)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    cluster_before = tree_cpu(cluster)
    start = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, "-m", "gen", *args], cwd=REPO, stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    with PeakMemory(process.pid, *cluster) as memory:
        _, stderr = process.communicate()
    seconds = time.perf_counter() - start
    if process.returncode:
        sys.exit(f"gen {' '.join(args)} failed:\n{stderr}")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return seconds, cpu + tree_cpu(cluster) - cluster_before, memory.peak // 2**20


@contextmanager
def scheduler_with_workers(workers: int, log: Path) -> Iterator[tuple[str, list[int]]]:
    """`dask scheduler` and ``workers`` `dask worker` processes on 127.0.0.1."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    address = f"tcp://127.0.0.1:{port}"
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    commands = [["scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"]]
    commands += [["worker", address, "--nthreads", "1", "--no-dashboard"]] * workers
    processes = []
    try:
        with open(log, "w") as output:
            for command in commands:
                processes.append(
                    subprocess.Popen(
                        [sys.executable, "-m", "dask", *command],
                        cwd=REPO,
                        env=env,
                        stdout=output,
                        stderr=output,
                    )  # fmt: skip
                )
        from distributed import Client

        with Client(address, timeout="60s") as client:
            client.wait_for_workers(workers, timeout=300)
        yield address, [process.pid for process in processes]
    finally:
        for process in reversed(processes):
            process.terminate()
            process.wait()


def records(path: Path) -> list[dict]:
    with open(path, encoding="utf-8") as handle:
        return [json.loads(line) for line in handle]


def compare(path: Path, baseline: Path, field: str) -> tuple[int, bool]:
    """How many records' ``field`` differ from the baseline's, and whether the ids are the
    baseline's, each once, in order."""
    ours, theirs = records(path), records(baseline)
    in_order = [r["id"] for r in ours] == [r["id"] for r in theirs] and len(
        {r["id"] for r in ours}
    ) == len(ours)
    return sum(a[field] != b[field] for a, b in zip(ours, theirs, strict=False)), in_order


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", default="small")
    parser.add_argument("--lang", default="es")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--dir", type=Path, help="keep the set and outputs here")
    parser.add_argument("--check-only", action="store_true",
                        help="time only gen check (of translations kept in --dir)")  # fmt: skip
    args = parser.parse_args()
    work = args.dir or Path(tempfile.mkdtemp(prefix="bench_scale."))
    work.mkdir(parents=True, exist_ok=True)
    target = work / "set"
    if not (target / "source.jsonl").exists():
        subprocess.run([sys.executable, "-m", "gen", "build", "--size", args.size, "--out",
                        str(target)], cwd=REPO, check=True, stdout=subprocess.DEVNULL)  # fmt: skip
    n = args.workers
    ways = [("1 process", [], None), (f"{n} local workers", ["--workers", str(n)], None),
            (f"scheduler + {n} workers", None, n)]  # fmt: skip
    rows = []
    for task in ("translate", "check"):
        baseline = None
        for name, flags, external in ways:
            if task == "translate" and args.check_only:
                break
            tag = name.split()[0] + ("s" if external else "")
            if task == "translate":
                out = work / f"apertium.{args.lang}.{tag}.jsonl"
                command = ["translate", str(target), "--to", args.lang, "--out", str(out),
                           "--force"]  # fmt: skip
                result, field = out, "translation"
            else:
                out = work / f"check.{tag}"
                command = ["check", str(work / f"apertium.{args.lang}.1.jsonl"), "--out",
                           str(out), "--force"]  # fmt: skip
                result, field = out / "results.jsonl", "label"
            if external:
                with scheduler_with_workers(external, work / "dask.log") as (address, pids):
                    seconds, cpu, mib = run_gen([*command, "--scheduler", address], pids)
            else:
                seconds, cpu, mib = run_gen([*command, *flags], [])
            baseline = baseline or (result, seconds)
            differ, in_order = compare(result, baseline[0], field)
            rows.append((task, name, seconds, baseline[1] / seconds, cpu, mib, differ, in_order,
                         len(records(result))))  # fmt: skip
            print(f"  {task} {name}: {seconds:.1f} s", file=sys.stderr, flush=True)

    print(f"\nload: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} "
          f"{os.getloadavg()[2]:.2f} on {os.cpu_count()} cores; outputs in {work}\n")  # fmt: skip
    print("| task | how | wall s | speed-up | CPU s (all processes) | peak MiB (all processes) "
          "| records | differ from 1 process | ids once, in order |")  # fmt: skip
    print("|---|---|---:|---:|---:|---:|---:|---:|---|")
    for task, name, seconds, speedup, cpu, mib, differ, in_order, count in rows:
        print(
            f"| {task} | {name} | {seconds:.1f} | {speedup:.2f}× | {cpu:.1f} | {mib} | {count} | "
            f"{differ} ({100 * differ / count:.2f}%) | {'yes' if in_order else 'NO'} |"
        )


if __name__ == "__main__":
    main()
