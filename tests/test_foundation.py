"""The shared plumbing: one-line errors, atomic writes, tolerant text and JSONL reading."""

from __future__ import annotations

import subprocess
import sys

import pytest
from conftest import REPO
from typer.testing import CliRunner

from common import __version__
from common.errors import GenError
from common.io import atomic_write, output_directory, read_jsonl, read_lines
from gen.cli import app
from generator.resources import grammars_dir, wordlists_dir


@pytest.mark.parametrize(
    ("kwargs", "expected"),
    [
        ({}, "bad"),
        ({"path": "a.jsonl"}, "a.jsonl: bad"),
        ({"path": "a.jsonl", "line": 3}, "a.jsonl:3: bad"),
        ({"path": "a.jsonl", "line": 3, "field": "translation"}, "a.jsonl:3: translation: bad"),
        ({"line": 3}, "line 3: bad"),
    ],
)
def test_error_names_file_line_and_field(kwargs, expected):
    assert str(GenError("bad", **kwargs)) == expected


def test_atomic_write_leaves_nothing_on_failure(tmp_path):
    target = tmp_path / "out.txt"
    with pytest.raises(RuntimeError):
        with atomic_write(target) as handle:
            handle.write("half")
            raise RuntimeError("interrupted")
    assert list(tmp_path.iterdir()) == []
    with atomic_write(target) as handle:
        handle.write("whole")
    assert target.read_text() == "whole"


def test_output_directory_refuses_existing_unless_forced(tmp_path):
    target = tmp_path / "set"
    target.mkdir()
    (target / "old").write_text("x")
    with pytest.raises(GenError, match="--force"):
        with output_directory(target):
            pass
    with pytest.raises(RuntimeError):
        with output_directory(target, force=True) as staging:
            (staging / "new").write_text("y")
            raise RuntimeError
    assert [p.name for p in target.iterdir()] == ["old"]
    with output_directory(target, force=True) as staging:
        (staging / "new").write_text("y")
    assert [p.name for p in target.iterdir()] == ["new"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["set"]


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (b"a\nb\n", ["a", "b"]),
        (b"a\nb", ["a", "b"]),
        (b"\xef\xbb\xbfa\r\nb\r\n", ["a", "b"]),
        (b"a\n\nc\n", ["a", "", "c"]),
        (b"", []),
        (b"x\xe2\x80\xa8y\n", ["x\u2028y"]),
    ],
)
def test_read_lines(tmp_path, raw, expected):
    path = tmp_path / "hyp.txt"
    path.write_bytes(raw)
    assert read_lines(path) == expected


def test_read_jsonl_tolerates_bom_crlf_and_names_bad_line(tmp_path):
    path = tmp_path / "in.jsonl"
    path.write_bytes(b'\xef\xbb\xbf{"id": 1}\r\n\r\n{"id": 2}')
    assert list(read_jsonl(path)) == [(1, {"id": 1}), (3, {"id": 2})]
    path.write_text('{"id": 1}\n{"id": \n')
    with pytest.raises(GenError, match=r"in.jsonl:2: "):
        list(read_jsonl(path))
    path.write_text("[1, 2]\n")
    with pytest.raises(GenError, match=r"in.jsonl:1: "):
        list(read_jsonl(path))


def test_shipped_data_folders_are_found():
    assert grammars_dir().name == "grammars"
    assert wordlists_dir().name == "wordlists"


def test_cli_help_and_version():
    runner = CliRunner()
    assert runner.invoke(app, ["--version"]).output.strip() == f"gen {__version__}"
    result = subprocess.run(
        [sys.executable, "-m", "gen", "--help"],
        capture_output=True,
        text=True,
        check=True,
        cwd=REPO,
    )
    assert "gender" in result.stdout


def test_written_files_and_folders_get_ordinary_permissions(tmp_path):
    import os

    mask = os.umask(0o022)
    try:
        with atomic_write(tmp_path / "f.txt") as handle:
            handle.write("x")
        with output_directory(tmp_path / "set"):
            pass
    finally:
        os.umask(mask)
    assert (tmp_path / "f.txt").stat().st_mode & 0o777 == 0o644
    assert (tmp_path / "set").stat().st_mode & 0o777 == 0o755
