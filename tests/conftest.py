"""Shared test helpers."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"


def run_gen(*args: object) -> subprocess.CompletedProcess:
    """Run the `gen` command line from the repository, capturing its output as text."""
    return subprocess.run(
        [sys.executable, "-m", "gen", *map(str, args)], cwd=REPO, capture_output=True, text=True
    )


@pytest.fixture
def dev_data() -> Path:
    """../shared/dev-data (real translations); tests that need it skip when it is absent."""
    path = SHARED / "dev-data"
    if not path.is_dir():
        pytest.skip("../shared/dev-data is not beside this checkout")
    return path
