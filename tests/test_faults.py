"""scripts/faults, the fault-injection driver, as part of the test command: every case of
it must pass (bad input, refused outputs, kill -9 and Ctrl-C then --resume)."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest
from conftest import REPO


def test_every_fault_ends_in_one_line_and_loses_nothing():
    if shutil.which("lt-proc") is None:
        pytest.skip("the driver checks real Apertium translations: run scripts/setup")
    run = subprocess.run(
        [sys.executable, str(REPO / "scripts" / "faults")],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.count("\nok ") >= 25, run.stdout
