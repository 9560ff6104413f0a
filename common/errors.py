"""Typed errors: library code raises these, the CLI turns them into one line and exit 2."""

from __future__ import annotations

from pathlib import Path


class GenError(Exception):
    """An error in the user's input or usage, reported as one line naming where it is.

    ``path``, ``line`` and ``field`` are optional; whichever is given is put in front of
    the message as ``path:line: field: message``, the form editors and terminals link.
    """

    def __init__(
        self,
        message: str,
        *,
        path: str | Path | None = None,
        line: int | None = None,
        field: str | None = None,
    ) -> None:
        self.message = message
        self.path = None if path is None else str(path)
        self.line = line
        self.field = field
        super().__init__(str(self))

    def __str__(self) -> str:
        where = ""
        if self.path is not None:
            where = self.path + (f":{self.line}" if self.line is not None else "") + ": "
        elif self.line is not None:
            where = f"line {self.line}: "
        field = f"{self.field}: " if self.field else ""
        return f"{where}{field}{self.message}"


class MissingResourceError(GenError):
    """A backend, model or package is not installed; the message says how to get it."""
