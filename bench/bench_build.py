"""Benchmark `gen build` against NLTK's own generator on the same grammar.

Runs each in a child process and reports wall time, the peak RSS of the largest process in
its tree (``ru_maxrss`` from the child's resource usage, as ``resource.getrusage`` reports it)
and the peak summed PSS of the whole tree, sampled from /proc every 20 ms (`gen build` forks
one writer per shard, so the sum is what the machine must hold).

    python bench/bench_build.py                 # xl, both
    python bench/bench_build.py --size small --skip-nltk
    python bench/bench_build.py --size xl --open-gender   # the open-gender set (no NLTK run:
                                                          # NLTK cannot skip the target's own
                                                          # occupation as the other person)

Target (issue 2): xl, JSONL + txt, in <= 15 s and <= 500 MB on 2 cores.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

NLTK_CHILD = """
import sys
from generator import english, english_nltk, english_parts
grammar, lists = english.load()
prepared = english_parts.prepare(sys.argv[1], grammar, lists)
cfg = english_nltk.nltk_grammar(prepared)
total = prepared.total()
count = sum(1 for _ in english_nltk.nltk_sentences(cfg, limit=total + 1))
print(count, total)
"""


def tree_pss(root: int) -> int:
    """Summed proportional set size (bytes) of ``root`` and its descendants: pages a fork
    shares are split among the processes sharing them, so nothing is counted twice."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as handle:
                    parent = int(handle.read().rsplit(")", 1)[1].split()[1])
            except OSError:
                continue
            children.setdefault(parent, []).append(int(entry))
    total, todo = 0, [root]
    while todo:
        pid = todo.pop()
        todo.extend(children.get(pid, []))
        try:
            with open(f"/proc/{pid}/smaps_rollup") as handle:
                for line in handle:
                    if line.startswith("Pss:"):
                        total += int(line.split()[1]) * 1024
                        break
        except OSError:
            continue
    return total


def measure(command: list[str]) -> dict:
    """Run ``command``; return wall seconds and peak memory (MB) of the largest process and of
    the whole process tree."""
    with tempfile.TemporaryFile("w+") as output:
        start = time.perf_counter()
        child = subprocess.Popen(command, cwd=REPO, stdout=output, text=True)
        peak = 0
        stop = threading.Event()

        def sample() -> None:
            nonlocal peak
            while not stop.is_set():
                peak = max(peak, tree_pss(child.pid))
                stop.wait(0.02)

        sampler = threading.Thread(target=sample)
        sampler.start()
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        stop.set()
        sampler.join()
        output.seek(0)
        text = output.read().strip()
    if child.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed with exit code {child.returncode}")
    return {
        "wall_s": round(wall, 2),
        "cpu_s": round(usage.ru_utime + usage.ru_stime, 2),  # user + system, whole tree
        "largest_process_mb": round(usage.ru_maxrss / 1024),  # getrusage of this child's tree
        "process_tree_pss_mb": round(peak / 2**20),
        "output": text,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", default="xl", choices=("xs", "small", "xl"))
    parser.add_argument("--skip-nltk", action="store_true", help="Only time gen build.")
    parser.add_argument(
        "--open-gender", action="store_true", help="Time gen build --open-gender (no NLTK run)."
    )
    args = parser.parse_args()
    kind = ["--open-gender"] if args.open_gender else []
    print(f"load: {os.getloadavg()}, cpus: {len(os.sched_getaffinity(0))}")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "set"
        build = measure(
            [sys.executable, "-m", "gen", "build", "--size", args.size, *kind, "--out", str(out)]
        )
        sizes = {p.name: p.stat().st_size for p in out.iterdir()}
    print(f"gen build --size {args.size} {' '.join(kind)}: {build}, files: {sizes}")
    if not args.skip_nltk and not args.open_gender:
        nltk = measure([sys.executable, "-c", NLTK_CHILD, args.size])
        print(f"nltk.parse.generate, same grammar ({args.size}, strings only): {nltk}")
    print(f"load after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
