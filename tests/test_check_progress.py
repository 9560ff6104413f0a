"""What `gen check` tells the user while it runs: progress per batch of labels, and on
Ctrl-C how many labelled records are kept and the command that goes on from there."""

from __future__ import annotations

import json
import os
import shlex
import signal
import subprocess
import sys
import time

from conftest import REPO
from test_check_cli import FAKE_OPTIONS, SENTENCES, records, write_jsonl

from checker.pipeline.run import CheckOptions, check
from checker.pipeline.stages import PROGRESS_BATCH
from gen.commands.options import interrupted_message

SLOW = ["--tagger", "tests.scale_fakes:SlowTagger", "--aligner", FAKE_OPTIONS["aligner"]]


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def many(count: int) -> list[dict]:
    rows = records() * (count // len(SENTENCES))
    return [{**row, "id": f"r{number}"} for number, row in enumerate(rows)]


def test_progress_moves_per_batch_within_one_chunk(tmp_path):
    rows = many(4 * PROGRESS_BATCH)
    source = write_jsonl(tmp_path / "in.jsonl", rows)
    seen: list[tuple[int, int]] = []
    check(source, out=tmp_path / "out", lang="es", options=CheckOptions(**FAKE_OPTIONS),
          progress=lambda done, total: seen.append((done, total)))  # fmt: skip
    done = [d for d, _ in seen]
    assert {total for _, total in seen} == {len(rows)}
    assert done == sorted(done) and done[-1] == len(rows)
    assert len({d for d in done if 0 < d < len(rows)}) >= 3  # one chunk, several steps


def test_the_interrupt_message_says_what_is_kept_and_how_to_go_on():
    command = "gen check in.jsonl --resume"
    assert interrupted_message(120, command) == (
        "120 labelled records are kept: run `gen check in.jsonl --resume` to go on from there"
    )
    assert interrupted_message(None, command) == "nothing was labelled yet"


def test_ctrl_c_names_the_records_kept_and_the_resume_command_that_finishes(tmp_path):
    source = write_jsonl(tmp_path / "in.jsonl", many(60))
    out, partial = tmp_path / "out", tmp_path / ".out.partial"
    command = [sys.executable, "-m", "gen", "check", str(source), "--lang", "es",
               "--out", str(out), "--chunk-size", "3", *SLOW, "--force"]  # fmt: skip
    # a test run started in the background (nohup, `&` in a script) passes SIGINT ignored to
    # its children, and Python then installs no KeyboardInterrupt handler: restore it
    run = subprocess.Popen(command, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True, preexec_fn=_default_sigint)  # fmt: skip
    deadline = time.monotonic() + 120
    while len(list(partial.glob("chunk-*.jsonl"))) < 2:
        assert time.monotonic() < deadline and run.poll() is None, run.communicate()
        time.sleep(0.05)
    os.kill(run.pid, signal.SIGINT)
    _, stderr = run.communicate(timeout=60)
    assert run.returncode == 130, stderr
    line = stderr.strip().splitlines()[-1]
    kept = sum(len(chunk.read_text().splitlines()) for chunk in partial.glob("chunk-*.jsonl"))
    assert line.startswith(f"gen: interrupted: {kept} labelled records are kept: run `gen ")
    resume = shlex.split(line.split("`")[1])
    assert resume[-1] == "--resume" and "--force" not in resume
    finished = subprocess.run([sys.executable, "-m", *resume], cwd=REPO, capture_output=True,
                              text=True, timeout=120)  # fmt: skip
    assert finished.returncode == 0, finished.stderr
    ids = [json.loads(line)["id"] for line in (out / "results.jsonl").read_text().splitlines()]
    assert ids == [f"r{number}" for number in range(60)]
