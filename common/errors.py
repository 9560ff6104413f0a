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


class Interrupted(KeyboardInterrupt):
    """Ctrl-C, with what the user needs to know to go on: the CLI prints
    ``gen: interrupted: <message>`` and exits 130."""


class MissingResourceError(GenError):
    """A backend, model or package is not installed; the message says how to get it."""


def os_error(err: OSError) -> GenError:
    """The operating system's refusal (no permission, read-only file system, disk full, a
    parent that is a file) as a GenError naming the path."""
    reason = err.strerror or type(err).__name__
    path = err.filename if err.filename is not None else None
    if path is not None and err.filename2 is not None:
        reason += f" (and {err.filename2})"
    return GenError(reason[:1].lower() + reason[1:], path=path)
