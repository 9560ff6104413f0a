"""Each language's neutral and inclusive forms, read from checker/data/neutral.toml (what each
field means is said in the file); the rules that read them are checker/rules/neutral.py."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from checker.tables import DATA, read_table

NEUTRAL_FILE = DATA / "neutral.toml"


@dataclass(frozen=True)
class Conventions:
    """One language's neutral and inclusive forms (see neutral.toml for each field)."""

    neutral_nouns: frozenset[str] = frozenset()
    neutral_endings: tuple[re.Pattern[str], ...] = ()
    inclusive: tuple[re.Pattern[str], ...] = ()
    generic: frozenset[str] = frozenset()
    possessives: Mapping[str, str] | None = None
    conjunctions: frozenset[str] = frozenset()


@cache
def conventions(code: str) -> Conventions:
    """The conventions of language ``code`` (a languages.toml code); none where the file
    has no section for it."""
    own = read_table(NEUTRAL_FILE).get(code, {})
    return Conventions(
        neutral_nouns=frozenset(own.get("neutral_nouns", ())),
        neutral_endings=tuple(re.compile(p) for p in own.get("neutral_endings", ())),
        inclusive=tuple(re.compile(p, re.IGNORECASE) for p in own.get("inclusive", ())),
        generic=frozenset(own.get("generic", ())),
        possessives=dict(own.get("possessives", {})),
        conjunctions=frozenset(own.get("conjunctions", ())),
    )
