"""scripts/setup (sourced by scripts/demo, scripts/test and CI) says what it installs as it
goes, and little once everything is there. Run against stand-ins for apt, dpkg and python3
that record what they are asked to do, so the test installs nothing."""

from __future__ import annotations

import os
import subprocess

import pytest
from conftest import REPO

#: python3 as setup sees it: `-m pip` is recorded, the import checks answer as $MISSING says.
PYTHON = """#!/bin/sh
if [ "$1" = "-m" ] && [ "$2" = "pip" ]; then echo "pip $*" >> "$LOG"; exit 0; fi
case "$2" in
  *EXTERNALLY-MANAGED*) exit 1 ;;
  *"import torch"*) [ -n "$MISSING" ] && exit 1; exit 0 ;;
  *"import german_nouns"*) [ -n "$MISSING" ] && exit 1; exit 0 ;;
esac
exit 0
"""
DPKG = """#!/bin/sh
[ -n "$MISSING" ] && [ "$3" = hspell ] && { echo "unknown ok not-installed"; exit 0; }
echo "install ok installed"
"""
APT = """#!/bin/sh
echo "apt-get $*" >> "$LOG"
"""


@pytest.fixture
def stand_ins(tmp_path):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for name, text in (("python3", PYTHON), ("dpkg-query", DPKG), ("apt-get", APT)):
        (bin_dir / name).write_text(text)
        (bin_dir / name).chmod(0o755)
    (bin_dir / "sudo").write_text('#!/bin/sh\nexec "$@"\n')
    (bin_dir / "sudo").chmod(0o755)
    return bin_dir


def setup(bin_dir, log, *, missing: bool) -> subprocess.CompletedProcess:
    env = {
        **{k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "GEN_VENV")},
        "PATH": f"{bin_dir}:{os.environ['PATH']}",
        "LOG": str(log),
        "MISSING": "1" if missing else "",
        "VIRTUAL_ENV": "/stand-in",  # no virtual environment made
    }
    return subprocess.run(
        ["bash", "-c", "source scripts/setup"], cwd=REPO, env=env, capture_output=True, text=True
    )


def test_a_first_run_says_what_it_installs(stand_ins, tmp_path):
    run = setup(stand_ins, tmp_path / "log", missing=True)
    assert run.returncode == 0, run.stderr
    said = run.stderr.splitlines()
    assert said == [
        "setup: installing 1 Debian packages with apt-get: hspell",
        "setup: installing torch 2.13.0, a CPU build",
        "setup: installing gen and its Python packages (pip install -e .[dev])",
        "setup: installing german-nouns (German noun genders)",
        "setup: ready",
    ]
    done = (tmp_path / "log").read_text()
    assert "install -y -qq hspell" in done and "torch==2.13.0" in done and "german-nouns" in done


def test_once_everything_is_there_it_says_little(stand_ins, tmp_path):
    run = setup(stand_ins, tmp_path / "log", missing=False)
    assert run.returncode == 0, run.stderr
    assert run.stderr.splitlines() == [
        "setup: installing gen and its Python packages (pip install -e .[dev])",
        "setup: ready",
    ]
