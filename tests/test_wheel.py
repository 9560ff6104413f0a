"""A non-editable install carries the grammars and word lists inside the package."""

from __future__ import annotations

import zipfile

from conftest import REPO
from hatchling.builders.wheel import WheelBuilder


def test_wheel_contains_grammars_and_wordlists(tmp_path):
    wheel = next(WheelBuilder(str(REPO)).build(directory=str(tmp_path), versions=["standard"]))
    names = set(zipfile.ZipFile(wheel).namelist())
    for path in (REPO / "grammars").rglob("*"), (REPO / "wordlists").rglob("*"):
        for source in path:
            if source.is_file() and not source.name.startswith("."):
                assert f"generator/_data/{source.relative_to(REPO)}" in names, source
    assert "generator/resources.py" in names
