"""The language-code table (language_codes.toml): how each MT family names a language."""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

from common.errors import GenError

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


def source_language(set_path: str | Path, given: str | None) -> str:
    """The language the set is written in: its manifest's ``grammar`` (``gen build`` writes
    ``en`` or ``ko``), else ``given`` (``--from``), else ``en``. A ``given`` language the
    manifest contradicts is an error: translating Korean as English helps no one."""
    folder = Path(set_path) if Path(set_path).is_dir() else Path(set_path).parent
    manifest = folder / "manifest.json"
    if Path(set_path).is_file() and Path(set_path).name != "source.jsonl":
        return given or "en"  # records of a run, not a set: nothing says their language
    try:
        stated = json.loads(manifest.read_text(encoding="utf-8")).get("grammar")
    except (OSError, ValueError, AttributeError):
        stated = None
    if not isinstance(stated, str):
        return given or "en"
    if given is not None and given != stated:
        raise GenError(
            f"the set is written in {stated!r}, but --from says {given!r} "
            "(leave --from out to take the set's)",
            path=manifest,
            field="grammar",
        )
    return stated
