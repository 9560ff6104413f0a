"""Word lists: tab-separated files whose ``#`` header comments cite their source.

A list is read into rows of named columns, each remembering its line so that every later
complaint about a word can name the file and line it came from. The optional ``set`` column
says which sizes a row belongs to: ``xs`` rows are in every set, ``small`` rows in small and
xl, ``xl`` rows in xl only.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from common.errors import GenError

SIZES = ("xs", "small", "xl")


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

    def select(self, column: str | None, value: str | None) -> tuple[Row, ...]:
        """The rows whose ``column`` holds ``value`` (all rows when ``column`` is None)."""
        if column is None:
            return self.rows
        return tuple(row for row in self.rows if row[column] == value)


def read_wordlist(path: Path) -> WordList:
    """Parse one TSV list: ``#`` comments, a header line, then one row per line."""
    columns: tuple[str, ...] | None = None
    rows = []
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.rstrip("\r")
        if not line.strip() or line.startswith("#"):
            continue
        cells = tuple(cell.strip() for cell in line.split("\t"))
        if columns is None:
            columns = cells
            continue
        if len(cells) != len(columns):
            raise GenError(
                f"expected {len(columns)} tab-separated columns ({', '.join(columns)}), "
                f"found {len(cells)}",
                path=path,
                line=number,
            )
        row = Row(dict(zip(columns, cells, strict=True)), number)
        if "set" in columns and row["set"] not in SIZES:
            raise GenError(
                f"unknown set {row['set']!r}; use one of {SIZES}",
                path=path,
                line=number,
                field="set",
            )
        rows.append(row)
    if columns is None:
        raise GenError("no header line", path=path)
    return WordList(path.stem, path, columns, tuple(rows))


def load_wordlists(folder: Path) -> dict[str, WordList]:
    """Every ``*.tsv`` list in ``folder``, by file stem."""
    if not folder.is_dir():
        raise GenError("no such word-list folder", path=folder)
    return {path.stem: read_wordlist(path) for path in sorted(folder.glob("*.tsv"))}
