"""Errors name the paths the user gave (issue 29): the output asked for, as typed, not the
staging folder, temporary file or work area gen makes on the way to it."""

from __future__ import annotations

import errno
import json
import os
import tempfile

import pytest
from conftest import run_gen_in as gen_in

from common.errors import os_error
from common.io import atomic_write, output_directory


def test_a_leftover_work_area_is_named_beside_the_output_the_user_gave(tmp_path):
    rows = [
        {
            "id": "r0",
            "text": "The editor is here.",
            "translation": "El editor está aquí.",
            "expected_gender": "male",
            "occupation": {"text": "editor"},
            "lang": "es",
        }
    ]
    (tmp_path / "in.jsonl").write_text("".join(json.dumps(row) + "\n" for row in rows))
    (tmp_path / ".cc.partial").mkdir()
    run = gen_in(tmp_path, "check", "in.jsonl", "--out", "cc")
    assert run.returncode == 2
    assert run.stderr.startswith(
        "gen: error: cc: an interrupted run left .cc.partial: pass --resume"
    )


def read_only(monkeypatch, name):
    """Make tempfile's ``name`` refuse as a read-only file system refuses, naming the
    temporary entry it tried to make."""

    def refuse(*args, dir=None, prefix="", suffix="", **kwargs):
        tried = os.path.join(dir, f"{prefix}nv61m0in{suffix}")
        raise OSError(errno.EROFS, os.strerror(errno.EROFS), tried)

    monkeypatch.setattr(tempfile, name, refuse)


@pytest.mark.parametrize("given", ["rodir/set", "/abs/rodir/set"])
def test_a_refused_staging_folder_is_reported_as_the_output(monkeypatch, tmp_path, given):
    monkeypatch.chdir(tmp_path)
    read_only(monkeypatch, "mkdtemp")
    path = given if not given.startswith("/") else str(tmp_path) + given
    with pytest.raises(OSError) as refused, output_directory(path):
        pass
    assert str(os_error(refused.value)) == f"{path}: read-only file system"


def test_a_refused_temporary_file_is_reported_as_the_file(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    read_only(monkeypatch, "mkstemp")
    with pytest.raises(OSError) as refused, atomic_write("out/summary.json"):
        pass
    assert str(os_error(refused.value)) == "out/summary.json: read-only file system"


def test_a_file_refused_inside_the_staging_folder_is_named_inside_the_output(tmp_path):
    out = tmp_path / "set"
    with pytest.raises(OSError) as refused, output_directory(out) as staging:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(staging / "source.jsonl"))
    assert str(os_error(refused.value)) == f"{out}/source.jsonl: no space left on device"
    assert os.listdir(tmp_path) == []
