"""File I/O shared by every command: JSONL in and out, and writes that are whole or absent.

Output files are written to a temporary file beside the target and moved into place with
``os.replace``, so an interrupted run never leaves a half-written file behind.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

import jsonlines
import orjson

from common.errors import GenError


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _widen_to_umask(path: Path, mode: int) -> None:
    """mkstemp/mkdtemp create private (0600/0700) entries; give the final ones the modes a
    plain open() or mkdir() would."""
    os.chmod(path, mode & ~_umask())


def dumps(obj: Any) -> str:
    """One compact JSON line, non-ASCII kept readable (Korean, Cyrillic, Devanagari).

    orjson, because results files hold millions of records: it is about five times faster
    than the standard library here."""
    return orjson.dumps(obj, option=orjson.OPT_NON_STR_KEYS).decode()


@contextmanager
def atomic_write(path: str | Path, *, encoding: str = "utf-8") -> Iterator[IO[str]]:
    """Open ``path`` for writing text; it appears only if the block finishes without error."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
    try:
        with os.fdopen(fd, "w", encoding=encoding, newline="\n") as handle:
            yield handle
        _widen_to_umask(Path(tmp), 0o666)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


@contextmanager
def output_directory(path: str | Path, *, force: bool = False) -> Iterator[Path]:
    """Yield a fresh temporary directory that replaces ``path`` once the block succeeds.

    An existing ``path`` is refused unless ``force``; on failure nothing at ``path`` changes.
    """
    path = Path(path)
    if path.exists() and not force:
        raise GenError("output directory exists; pass --force to replace it", path=path)
    path.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part"))
    try:
        yield staging
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    _widen_to_umask(staging, 0o777)
    if path.exists():
        retired = Path(tempfile.mkdtemp(dir=path.parent, prefix=f".{path.name}.", suffix=".old"))
        os.replace(path, retired / path.name)
        os.replace(staging, path)
        shutil.rmtree(retired, ignore_errors=True)
    else:
        os.replace(staging, path)


def write_jsonl(handle: IO[str], records: Iterator[dict] | list[dict]) -> int:
    """Write records one per line; return how many were written."""
    count = 0
    for record in records:
        handle.write(dumps(record))
        handle.write("\n")
        count += 1
    return count


def read_jsonl(path: str | Path) -> Iterator[tuple[int, dict]]:
    """Yield ``(line_number, record)`` for every non-blank line of a JSONL file.

    Accepts a UTF-8 byte-order mark, CRLF line ends and a missing final newline. A line
    that is not a JSON object raises :class:`GenError` naming the file and line.
    """
    path = Path(path)
    if not path.is_file():
        raise GenError("no such file", path=path)
    with open(path, encoding="utf-8-sig", newline=None) as handle:
        for number, line in enumerate(handle, start=1):
            if line.strip():
                yield number, parse_jsonl_line(line, path, number)


def parse_jsonl_line(line: str, path: str | Path, number: int) -> dict:
    """Parse one JSONL line into a dict, or raise :class:`GenError` that says where and why."""
    try:
        return jsonlines.Reader([line]).read(type=dict)
    except jsonlines.InvalidLineError as err:
        reason = str(err).split(" (line")[0]
        raise GenError(reason, path=path, line=number) from None


def read_lines(path: str | Path) -> list[str]:
    """Read a plain text file, one item per line.

    A BOM and CRLF line ends are accepted and the final newline is optional; an empty line
    is an item (an empty translation), never skipped. Only ``\\n`` and ``\\r\\n`` end a
    line: MT output may contain other characters ``str.splitlines`` would split on.
    """
    path = Path(path)
    if not path.is_file():
        raise GenError("no such file", path=path)
    text = path.read_text(encoding="utf-8-sig").replace("\r\n", "\n")
    if not text:
        return []
    lines = text.split("\n")
    return lines[:-1] if text.endswith("\n") else lines


def resolve_input(path: str | Path) -> Path:
    """A set's folder stands for its source.jsonl; a file stands for itself."""
    path = Path(path)
    return path / "source.jsonl" if path.is_dir() else path
