"""Shared test helpers."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"


@pytest.fixture
def dev_data() -> Path:
    """../shared/dev-data (real translations); tests that need it skip when it is absent."""
    path = SHARED / "dev-data"
    if not path.is_dir():
        pytest.skip("../shared/dev-data is not beside this checkout")
    return path
