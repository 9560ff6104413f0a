"""Scale-out: `gen translate` and `gen check` in one process, on N local Dask workers, and
through a scheduler with N workers started on 127.0.0.1 as separate processes.

    python3 bench/bench_scale.py [--size small] [--lang es] [--workers 2 [4 ...]] [--copies K]
        [--dir DIR [--check-only]] [--no-scheduler] [--baseline OTHER_CHECKOUT]

Builds the set (`gen build --size small`) once into DIR (default: a temporary folder), then
for each way times `gen translate SET --to es` (Apertium) and `gen check` of the
one-process translations, copied --copies times over with ids made unique (the small es set
×4: 243,200 records), and prints one table: records, wall seconds, the CPU seconds of all
processes together (gen, its workers, the scheduler and the analysers and aligners they
start: on a busy machine wall time says little, CPU time still shows the overhead of
workers), cores busy (CPU / wall), CPU milliseconds per record, speed-up over one process,
peak memory of all processes (sampled every second: at 0.1 s the sampling itself took a
third of a core), how many translations / labels differ from the one-process run
(eflomal seeds itself from /dev/urandom: two one-process runs differ too) and whether every
id is there once, in order. --baseline runs another
checkout's one-process check right after this one's, in the same run, to compare CPU per
record. The scheduler and its workers are started before their runs' clocks start, as a
cluster that is already there. The table names the load (1-minute average) over the runs.
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

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from common.cluster import QUIET  # noqa: E402

REPO = Path(__file__).resolve().parent.parent


class PeakMemory:
    """The largest sum of resident memory of some processes and all their descendants,
    sampled in a thread while the block runs."""

    def __init__(self, *roots: int) -> None:
        self.roots = list(roots)
        self.peak = 0
        self._stop = threading.Event()

    def _sample(self) -> None:
        while not self._stop.wait(1.0):
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


def run_gen(args: list[str], cluster: list[int], repo: Path = REPO) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds and peak MiB of gen's process tree plus the ``cluster``
    processes' (a scheduler and workers that outlive the run), gen run from ``repo``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    cluster_before = tree_cpu(cluster)
    start = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, "-m", "gen", *args], cwd=repo, stdout=subprocess.DEVNULL,
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
    # with Dask's watchers set down as gen sets them for its own workers (docs/scale-out.md)
    env = {**os.environ, "PYTHONPATH": str(REPO), **dask_environment(QUIET)}
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


def dask_environment(settings: dict[str, object]) -> dict[str, str]:
    """Dask config keys as the environment variables a `dask worker` reads them from."""
    return {
        "DASK_" + key.upper().replace(".", "__").replace("-", "_"): str(value)
        for key, value in settings.items()
    }


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


def copies(source: Path, target: Path, count: int) -> Path:
    """``source``'s records ``count`` times over, ids (and pair ids) made unique."""
    if count == 1:
        return source
    rows = records(source)
    with open(target, "w", encoding="utf-8") as handle:
        for copy in range(count):
            for row in rows:
                row = {**row, "id": f"{row['id']}.{copy}"}
                if "pair_id" in row:
                    row["pair_id"] = f"{row['pair_id']}.{copy}"
                handle.write(json.dumps(row, ensure_ascii=False) + "\n")
    return target


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", default="small")
    parser.add_argument("--lang", default="es")
    parser.add_argument("--workers", type=int, nargs="*", default=[2],
                        help="worker counts to run (local workers, then a scheduler)")  # fmt: skip
    parser.add_argument("--copies", type=int, default=1,
                        help="check the translations K times over (ids made unique)")  # fmt: skip
    parser.add_argument("--dir", type=Path, help="keep the set and outputs here")
    parser.add_argument("--check-only", action="store_true",
                        help="time only gen check (of translations kept in --dir)")  # fmt: skip
    parser.add_argument("--no-scheduler", action="store_true",
                        help="leave out the runs through a scheduler")  # fmt: skip
    parser.add_argument("--baseline", type=Path,
                        help="another checkout of gen: its one-process check is run too, "
                        "right after this one's")  # fmt: skip
    args = parser.parse_args()
    work = args.dir or Path(tempfile.mkdtemp(prefix="bench_scale."))
    work.mkdir(parents=True, exist_ok=True)
    target = work / "set"
    if not args.check_only and not (target / "source.jsonl").exists():
        subprocess.run([sys.executable, "-m", "gen", "build", "--size", args.size, "--out",
                        str(target)], cwd=REPO, check=True, stdout=subprocess.DEVNULL)  # fmt: skip
    # (name, flags, workers of an external scheduler, checkout)
    ways: list[tuple[str, list[str] | None, int | None, Path]] = [("1 process", [], None, REPO)]
    if args.baseline:
        ways.append(("1 process, baseline", [], None, args.baseline.resolve()))
    ways += [(f"{n} local workers", ["--workers", str(n)], None, REPO) for n in args.workers]
    if not args.no_scheduler:
        ways += [(f"scheduler + {n} workers", None, n, REPO) for n in args.workers]
    rows = []
    load = [os.getloadavg()[0]]
    for task in ("translate", "check"):
        if task == "translate" and args.check_only:
            continue
        baseline = None
        translations = work / f"apertium.{args.lang}.1.jsonl"
        for number, (name, flags, external, repo) in enumerate(ways):
            if task == "translate" and repo != REPO:
                continue
            tag = f"{number}"
            if task == "translate":
                out = work / f"apertium.{args.lang}.{tag}.jsonl" if number else translations
                command = ["translate", str(target), "--to", args.lang, "--out", str(out),
                           "--force"]  # fmt: skip
                result, field = out, "translation"
            else:
                source = copies(translations, work / f"copies-{args.copies}.jsonl", args.copies)
                out = work / f"check.{tag}"
                command = ["check", str(source), "--out", str(out), "--force"]
                result, field = out / "results.jsonl", "label"
            if external:
                with scheduler_with_workers(external, work / "dask.log") as (address, pids):
                    seconds, cpu, mib = run_gen([*command, "--scheduler", address], pids)
            else:
                seconds, cpu, mib = run_gen([*command, *(flags or [])], [], repo)
            load.append(os.getloadavg()[0])
            baseline = baseline or (result, seconds)
            differ, in_order = compare(result, baseline[0], field)
            rows.append((task, name, seconds, baseline[1] / seconds, cpu, mib, differ, in_order,
                         len(records(result))))  # fmt: skip
            print(f"  {task} {name}: {seconds:.1f} s, {cpu:.1f} CPU s, load {load[-1]:.1f}",
                  file=sys.stderr, flush=True)  # fmt: skip

    print(f"\nload (1 min) from {min(load):.2f} to {max(load):.2f} on {os.cpu_count()} cores; "
          f"outputs in {work}\n")  # fmt: skip
    print("| task | how | records | wall s | CPU s (all processes) | cores busy (CPU/wall) "
          "| CPU ms/record | speed-up | peak MiB (all processes) | differ from 1 process "
          "| ids once, in order |")  # fmt: skip
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    for task, name, seconds, speedup, cpu, mib, differ, in_order, count in rows:
        print(
            f"| {task} | {name} | {count} | {seconds:.1f} | {cpu:.1f} | {cpu / seconds:.2f} "
            f"| {1000 * cpu / count:.3f} | {speedup:.2f}× | {mib} "
            f"| {differ} ({100 * differ / count:.2f}%) | {'yes' if in_order else 'NO'} |"
        )


if __name__ == "__main__":
    main()
