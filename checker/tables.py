"""The checker's data tables (TOML files a linguist edits), read once each."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from checker.backends.base import Analysis

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

DATA = Path(__file__).resolve().parent / "data"


@cache
def read_table(path: Path) -> dict[str, Any]:
    with path.open("rb") as handle:
        return tomllib.load(handle)


@dataclass(frozen=True)
class TagTable:
    """An analyser's tags → UPOS, genders and UD features (a checker/data/*_tags.toml): the
    first tag of a reading names its word class, the others add genders and features;
    ``proper`` names the tags that make a word a name, and the class it then has."""

    upos: Mapping[str, str]
    genders: Mapping[str, frozenset[str]]
    feats: Mapping[str, Mapping[str, str]]
    proper: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def read(cls, name: str) -> TagTable:
        """The table in checker/data/``name``."""
        data = read_table(DATA / name)
        return cls(
            upos=data["upos"],
            genders={tag: frozenset(values) for tag, values in data["genders"].items()},
            feats=data["feats"],
            proper=data.get("proper", {}),
        )

    def features(self, tags: Iterable[str]) -> tuple[frozenset[str], dict[str, str]]:
        """The genders and UD features that ``tags`` add up to."""
        genders: frozenset[str] = frozenset()
        feats: dict[str, str] = {}
        for tag in tags:
            genders |= self.genders.get(tag, frozenset())
            feats.update(self.feats.get(tag, {}))
        return genders, feats

    def analysis(self, lemma: str, tags: Sequence[str], evidence: str) -> Analysis:
        """The reading whose tags are ``tags``, word class first."""
        genders, feats = self.features(tags[1:])
        upos = self.upos.get(tags[0], "X") if tags else "X"
        return Analysis(lemma, upos, genders, evidence, feats)
