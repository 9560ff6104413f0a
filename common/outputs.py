"""What a run does with what it finds at its output: the one policy every command follows.

A run writes into a *work area* beside its output (`gen check`: the folder ``.OUT.partial``;
`gen translate`: the journal ``OUT.journal``) and makes the output appear whole at the end.
Before any work:

- an existing output is replaced only with ``--force``;
- a work area left by an interrupted run is continued only with ``--resume`` and discarded
  only with ``--force``; otherwise the run stops and says which of the two to pass;
- ``--resume`` where the run has already finished (an output, no work area) changes nothing
  and says so;
- a run that fails before it has finished any work removes the work area it made, so a
  failed command leaves nothing behind.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from common.errors import GenError
from common.io import atomic_write

STATE = "state.json"
SCRATCH = "tmp"


def partial_path(out: Path) -> Path:
    """The work area of `gen check` into ``out``: ``.OUT.partial`` beside it."""
    return out.with_name(f".{out.name}.partial")


def claim_output(out: Path, work: Path, *, force: bool, resume: bool) -> bool:
    """Apply the policy above; return whether the run resumes from ``work``."""
    if force:
        _remove(work)
        return False
    if work.exists():
        if resume:
            return True
        raise GenError(
            f"an interrupted run left {work}: pass --resume to continue it, "
            "or --force to discard it and start afresh",
            path=out,
        )
    if out.exists():
        if resume:
            raise GenError(
                "this run has already finished: nothing to resume (pass --force to run it again)",
                path=out,
            )
        raise GenError("output exists; pass --force to replace it", path=out)
    return False


def read_state(partial: Path) -> dict[str, Any] | None:
    """The state an interrupted `gen check` saved in its work area (None if it saved none);
    a damaged one is an error that says how to start afresh."""
    state_file = partial / STATE
    if not state_file.is_file():
        return None
    try:
        state = json.loads(state_file.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        state = None
    if not isinstance(state, dict):
        raise GenError(
            "damaged (the run was killed while writing it); pass --force to start afresh",
            path=state_file,
        )
    return state


@contextmanager
def work_folder(partial: Path, state: dict[str, Any], *, resume: bool) -> Iterator[Path]:
    """The work area of a `gen check` run: made afresh (holding ``state``), or with
    ``resume`` checked to belong to a run of the same input and options. Temporary files
    (the aligner's) go into its ``tmp`` folder while the block runs. If the block fails
    before anything besides the state was written, a folder made here is removed."""
    made = not (resume and partial.is_dir())
    if made:
        _remove(partial)
        partial.mkdir(parents=True)
    try:
        if not made:
            saved = read_state(partial)
            if saved is not None and saved != state:
                raise GenError(
                    "the interrupted run there was for other input or options; "
                    "pass --force instead of --resume to start afresh",
                    path=partial,
                )
        with atomic_write(partial / STATE) as handle:
            json.dump(state, handle)
        scratch = partial / SCRATCH
        _remove(scratch)
        scratch.mkdir()
        with temporary_files_in(scratch):
            yield partial
    except BaseException:
        if made and not any(p.name not in (STATE, SCRATCH) for p in partial.iterdir()):
            _remove(partial)
        raise
    _remove(partial / SCRATCH)


@contextmanager
def temporary_files_in(folder: Path) -> Iterator[None]:
    """Make ``folder`` the default place of temporary files (:mod:`tempfile`) for the block,
    so that a killed run leaves them in its own work area, not in /tmp."""
    before = tempfile.tempdir
    tempfile.tempdir = str(folder)
    try:
        yield
    finally:
        tempfile.tempdir = before


def _remove(path: Path) -> None:
    if path.is_dir():
        shutil.rmtree(path)
    elif path.exists():
        path.unlink()
