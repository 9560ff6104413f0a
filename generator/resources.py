"""Where the shipped grammars/ and wordlists/ are, in a source checkout and in a wheel.

In the repository they sit at the top level, beside this package; a wheel carries them
inside the package as ``generator/_data/`` (see ``force-include`` in pyproject.toml).
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """Return the shipped ``grammars`` or ``wordlists`` folder."""
    for candidate in (_PACKAGE / "_data" / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"shipped data folder {name!r} not found beside {_PACKAGE}")


def grammars_dir() -> Path:
    return data_dir("grammars")


def wordlists_dir() -> Path:
    return data_dir("wordlists")
