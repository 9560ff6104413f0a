"""The language-code table (language_codes.toml): how each MT family names a language."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

TABLE_PATH = Path(__file__).with_name("language_codes.toml")


@functools.cache
def table() -> dict[str, Any]:
    with open(TABLE_PATH, "rb") as handle:
        return tomllib.load(handle)


def language_code(lang: str, column: str) -> str | None:
    """``lang``'s code in ``column`` (``iso639_3``, ``nllb``...); ``iso639_1`` is ``lang``
    itself. None when the table does not know the language or the family lacks it."""
    if column == "iso639_1":
        return lang
    return table()["languages"].get(lang, {}).get(column)
