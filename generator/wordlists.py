"""Word lists: tab-separated files whose ``#`` header comments cite their source.

A list is read into rows of named columns, each remembering its line so that every later
complaint about a word can name the file and line it came from. The optional ``set`` column
says which sizes a row belongs to: ``xs`` rows are in every set, ``small`` rows in small and
xl, ``xl`` rows in xl only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from common.errors import GenError
from common.io import read_text_lines

SIZES = ("xs", "small", "xl")


def _percent(value: str) -> str | None:
    """Why ``value`` is not a percentage (None if it is one)."""
    try:
        number = float(value)
    except ValueError:
        return f"{value!r} is not a number; give a percentage from 0 to 100"
    return None if 0 <= number <= 100 else f"{value} is out of range; allowed: 0 to 100"


def _one_of(*allowed: str) -> Callable[[str], str | None]:
    def check(value: str) -> str | None:
        return None if value in allowed else f"{value!r} is not one of {', '.join(allowed)}"

    return check


#: The columns whose values the generator reads, each with its check: a value it cannot
#: read fails when the list is read, naming file, line and column.
VALUES: dict[str, Callable[[str], str | None]] = {
    "share_women": _percent,
    "stereotype": _one_of("female", "male", "neutral"),
    "gender": _one_of("female", "male"),
    "set": _one_of(*SIZES),
    "predicative": _one_of("yes", "no"),
}


@dataclass(frozen=True)
class Row:
    values: dict[str, str]
    line: int

    def __getitem__(self, column: str) -> str:
        return self.values[column]

    def in_size(self, size: str) -> bool:
        """Whether this row belongs in a set of ``size`` (rows without a ``set`` always do)."""
        first = self.values.get("set")
        return first is None or SIZES.index(first) <= SIZES.index(size)


@dataclass(frozen=True)
class WordList:
    name: str
    path: Path
    columns: tuple[str, ...]
    rows: tuple[Row, ...]
    header_line: int = 1

    def require(self, columns: tuple[str, ...], purpose: str) -> None:
        """Refuse the list, naming its header line, when it lacks a column ``purpose`` reads
        (a misspelt header, say)."""
        missing = [column for column in columns if column not in self.columns]
        if missing:
            raise GenError(
                f"{purpose} needs the column(s) {', '.join(missing)}; the header has "
                f"{', '.join(self.columns)}",
                path=self.path,
                line=self.header_line,
            )

    def select(self, column: str | None, value: str | None) -> tuple[Row, ...]:
        """The rows whose ``column`` holds ``value`` (all rows when ``column`` is None)."""
        if column is None:
            return self.rows
        return tuple(row for row in self.rows if row[column] == value)


def read_wordlist(path: Path) -> WordList:
    """Parse one TSV list: ``#`` comments, a header line, then one row per line."""
    columns: tuple[str, ...] | None = None
    header_line = 0
    rows = []
    for number, raw in read_text_lines(path):
        line = raw.rstrip("\r")
        if not line.strip() or line.startswith("#"):
            continue
        cells = tuple(cell.strip() for cell in line.split("\t"))
        if columns is None:
            columns, header_line = cells, number
            continue
        if len(cells) != len(columns):
            raise GenError(
                f"expected {len(columns)} tab-separated columns ({', '.join(columns)}), "
                f"found {len(cells)}",
                path=path,
                line=number,
            )
        row = Row(dict(zip(columns, cells, strict=True)), number)
        for column, value in row.values.items():
            problem = VALUES[column](value) if column in VALUES else None
            if problem:
                raise GenError(problem, path=path, line=number, field=column)
        rows.append(row)
    if columns is None:
        raise GenError("no header line", path=path)
    return WordList(path.stem, path, columns, tuple(rows), header_line)


def load_wordlists(folder: Path) -> dict[str, WordList]:
    """Every ``*.tsv`` list in ``folder``, by file stem."""
    if not folder.is_dir():
        raise GenError("no such word-list folder", path=folder)
    return {path.stem: read_wordlist(path) for path in sorted(folder.glob("*.tsv"))}
