"""File I/O shared by every command: JSONL in and out, and writes that are whole or absent.

Output files are written to a temporary file beside the target and moved into place with
``os.replace``, so an interrupted run never leaves a half-written file behind.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator, Sequence
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


def _as_given(err: OSError, path: Path, staging: Path | None = None) -> OSError:
    """The system's refusal of a file gen writes on the way to ``path`` (``.set.x1y2.part``,
    a file inside the staging folder) as a refusal of what the user named: errors say
    ``rodir/set: read-only file system``, not the temporary name."""
    if err.filename is None:
        return err
    name = Path(os.fsdecode(err.filename))
    if staging is not None and name.is_relative_to(staging):
        given = path / name.relative_to(staging)
    elif name.parent == path.parent and name.name.startswith(f".{path.name}."):
        given = path
    else:
        return err
    return type(err)(err.errno, err.strerror, str(given))


@contextmanager
def atomic_write(path: str | Path, *, encoding: str = "utf-8") -> Iterator[IO[str]]:
    """Open ``path`` for writing text; it appears only if the block finishes without error."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
    except OSError as err:
        raise _as_given(err, path) from None
    try:
        with os.fdopen(fd, "w", encoding=encoding, newline="\n") as handle:
            yield handle
        _widen_to_umask(Path(tmp), 0o666)
        os.replace(tmp, path)
    except BaseException as err:
        Path(tmp).unlink(missing_ok=True)
        if isinstance(err, OSError):
            raise _as_given(err, path) from None
        raise


@contextmanager
def output_directory(path: str | Path, *, force: bool = False) -> Iterator[Path]:
    """Yield a fresh temporary directory that replaces ``path`` once the block succeeds.

    An existing ``path`` is refused unless ``force``; on failure nothing at ``path`` changes.
    """
    path = Path(path)
    if path.exists() and not force:
        raise GenError("output directory exists; pass --force to replace it", path=path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part"))
    except OSError as err:
        raise _as_given(err, path) from None
    try:
        yield staging
    except BaseException as err:
        shutil.rmtree(staging, ignore_errors=True)
        if isinstance(err, OSError):
            raise _as_given(err, path, staging) from None
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


def existing_file(path: str | Path) -> Path:
    """``path``, if it is a file that exists; else a GenError that says what it is instead."""
    path = Path(path)
    if path.is_dir():
        raise GenError("is a folder, not a file", path=path)
    if not path.is_file():
        raise GenError("no such file", path=path)
    return path


def open_text(path: str | Path) -> IO[str]:
    """Open a user's text file for reading: UTF-8 (a byte-order mark is skipped), any line
    ends. A byte that is not UTF-8 does not stop the reading: it comes back as a lone
    surrogate, which :func:`not_utf8` finds, so that the error can name the line."""
    return open(  # noqa: SIM115 (the caller closes it)
        existing_file(path), encoding="utf-8-sig", errors="surrogateescape", newline=None
    )


def not_utf8(line: str, path: str | Path, number: int) -> GenError | None:
    """The error for a line read by :func:`open_text` that held bytes not in UTF-8 (None if
    it held none): it names the file, the line and the byte's offset in the line."""
    if line.isascii():
        return None
    try:
        line.encode("utf-8")
    except UnicodeEncodeError as err:
        byte = ord(line[err.start]) - 0xDC00
        offset = len(line[: err.start].encode("utf-8", "surrogateescape"))
        return GenError(
            f"not UTF-8: byte 0x{byte:02X} at byte {offset} of the line "
            "(convert the file to UTF-8, e.g. with iconv)",
            path=path,
            line=number,
        )
    return None


def read_text_lines(path: str | Path) -> Iterator[tuple[int, str]]:
    """``(line_number, line)`` for every line of a user's UTF-8 text file, line ends
    removed; a line that is not UTF-8 raises :class:`GenError` naming it."""
    with open_text(path) as handle:
        for number, line in enumerate(handle, start=1):
            error = not_utf8(line, path, number)
            if error is not None:
                raise error
            yield number, line.rstrip("\n")


def read_jsonl(path: str | Path) -> Iterator[tuple[int, dict]]:
    """Yield ``(line_number, record)`` for every non-blank line of a JSONL file.

    Accepts a UTF-8 byte-order mark, CRLF line ends and a missing final newline. A line
    that is not UTF-8 or not a JSON object raises :class:`GenError` naming the file and line.
    """
    for number, line in read_text_lines(path):
        if line.strip():
            yield number, parse_jsonl_line(line, path, number)


def parse_jsonl_line(line: str, path: str | Path, number: int) -> dict:
    """Parse one JSONL line into a dict, or raise :class:`GenError` that says where and why."""
    try:
        value = jsonlines.Reader([line], loads=orjson.loads).read()
    except jsonlines.InvalidLineError as err:
        why = err.__cause__.args[0] if err.__cause__ else err.args[0]
        raise GenError(f"not valid JSON: {why}", path=path, line=number) from None
    if not isinstance(value, dict):
        found = {list: "a list", str: "a string", bool: "true or false", type(None): "null"}
        raise GenError(
            f"each line must be a JSON object {{...}}, found {found.get(type(value), 'a number')}",
            path=path,
            line=number,
        )
    return value


def read_lines(path: str | Path, *, strict: bool = True) -> list[str]:
    """Read a plain text file, one item per line.

    A BOM and CRLF line ends are accepted and the final newline is optional; an empty line
    is an item (an empty translation), never skipped. Only ``\\n`` and ``\\r\\n`` end a
    line: MT output may contain other characters ``str.splitlines`` would split on. A line
    that is not UTF-8 raises :class:`GenError`; with ``strict=False`` it is kept as
    :func:`open_text` reads it, for the caller to ask :func:`not_utf8` line by line.
    """
    path = existing_file(path)
    data = path.read_bytes().removeprefix(b"\xef\xbb\xbf")
    text = data.decode("utf-8", "surrogateescape").replace("\r\n", "\n")
    if not text:
        return []
    lines = text.split("\n")
    lines = lines[:-1] if text.endswith("\n") else lines
    if strict and not text.isascii():
        for number, line in enumerate(lines, start=1):
            error = not_utf8(line, path, number)
            if error is not None:
                raise error
    return lines


def read_text(path: str | Path) -> str:
    """A user's whole UTF-8 text file (a grammar, a word list); bytes that are not UTF-8
    raise :class:`GenError` naming the line."""
    return "".join(line + "\n" for _, line in read_text_lines(path))


class UniqueIds:
    """The ids of one input seen so far: a second record with an id already seen is an
    error naming both lines (it would count twice in every score)."""

    def __init__(self, path: str | Path) -> None:
        self.path = path
        self.lines: dict[tuple[str, str], int] = {}

    def add(self, record_id: Any, line: int) -> None:
        key = (type(record_id).__name__, str(record_id))
        first = self.lines.setdefault(key, line)
        if first != line:
            raise GenError(
                f"duplicate id {record_id!r}: line {first} has it too (each record needs "
                "its own id; was the same file given twice?)",
                path=self.path,
                line=line,
                field="id",
            )


def refuse_repeats(paths: Sequence[str | Path]) -> None:
    """Refuse a file or folder given twice (by name or by another path to it): its records
    would count twice."""
    seen: dict[Path, int] = {}
    for position, path in enumerate(paths, start=1):
        first = seen.setdefault(Path(path).resolve(), position)
        if first != position:
            raise GenError(
                f"given twice (arguments {first} and {position}); each input counts once",
                path=path,
            )


def resolve_input(path: str | Path) -> Path:
    """A set's folder stands for its source.jsonl; a file stands for itself."""
    path = Path(path)
    return path / "source.jsonl" if path.is_dir() else path
