"""The checker's validity card: how often its labels were right, per target language.

The card is data shipped with gen (checker/data/validity.json), measured by
bench/validity_card.py on the dev data (docs/validity.md): MT-GenEval's contextual dev lines
(original references should be labelled correct, flipped ones wrong), split by whether the
flip changes the occupation word, and the UGB dev slice (agreement with the grammar paper's
pipeline). Each entry keeps counts, not percentages, and when, at which gen version and
commit, and with which backends it was measured. Reading it costs one small JSON file.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from checker.languages import language
from common.errors import GenError

CARD_FILE = Path(__file__).resolve().parent / "data" / "validity.json"


@cache
def cards(path: Path = CARD_FILE) -> Mapping[str, Mapping[str, Any]]:
    """Every language's card by code ({} when the file is absent: no card measured yet)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    try:
        languages = json.loads(text)["languages"]
    except (ValueError, KeyError, TypeError) as error:
        raise GenError(f"not a validity card ({error})", path=path) from None
    if not isinstance(languages, dict):
        raise GenError("not a validity card", path=path, field="languages")
    return languages


def card(lang: str, path: Path = CARD_FILE) -> Mapping[str, Any] | None:
    """``lang``'s card, or None where none was measured."""
    return cards(path).get(lang)


def cards_for(code: str, path: Path = CARD_FILE) -> dict[str, Mapping[str, Any]]:
    """The cards measured for language ``code`` under any of its names (hbs: sr, hr)."""
    found = {}
    for name, entry in cards(path).items():
        try:
            same = language(name).code == language(code).code
        except GenError:  # a code no longer supported, or none
            same = name == code
        if same:
            found[name] = entry
    return found
