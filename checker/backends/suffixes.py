"""Noun readings guessed from a word's ending, for words the dictionaries do not list.

Occupation nouns are formed productively (hbs učitelj → učiteljica, pl dziennikarz →
dziennikarka, de Pilot → Pilotin), so a dictionary always lacks some. Each language's rules
are rows of checker/languages.toml (``suffixes``): a regular expression over the word, the
gender and the features it gives, and the word classes it reads the word as (nouns unless
the row's ``upos`` says otherwise: gr "ο" a determiner, cs "-ý" an adjective). The first
rule that matches wins; every reading it gives says in its evidence that it was guessed.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from checker.backends.base import Analysis


@dataclass(frozen=True)
class SuffixRule:
    pattern: re.Pattern[str]
    genders: frozenset[str]
    feats: Mapping[str, str]
    note: str  # why the rule holds, with its source
    upos: tuple[str, ...] = ("NOUN",)  # the classes it reads (``endings``: narrows)
    capitalised: bool = False  # also read capitalised words: an ending names never take

    @classmethod
    def from_row(cls, row: Mapping) -> SuffixRule:
        return cls(
            pattern=re.compile(row["pattern"]),
            genders=frozenset(row["genders"]),
            feats=dict(row.get("feats", {})),
            note=row["note"],
            upos=_classes(row.get("upos", "NOUN")),
            capitalised=row.get("capitalised", False),
        )


def _classes(upos: str | Sequence[str]) -> tuple[str, ...]:
    return (upos,) if isinstance(upos, str) else tuple(upos)


class SuffixAnalyser:
    """Reads words as nouns (or a row's ``upos``) by their ending, with the language's
    rules in order."""

    def __init__(self, rules: Sequence[Mapping], *, names_capitalised: bool = False) -> None:
        self.rules = [SuffixRule.from_row(row) for row in rules]
        self.names_capitalised = names_capitalised
        capitalised = [rule for rule in self.rules if rule.capitalised]
        self._word = lru_cache(maxsize=1 << 16)(lambda word: self._read_word(word, self.rules))
        self._capitalised = lru_cache(maxsize=1 << 16)(
            lambda word: self._read_word(word, capitalised)
        )

    def analyse(self, words: Sequence[str]) -> list[tuple[Analysis, ...]]:
        """Each word's guessed readings; none for a capitalised word where the language
        capitalises only names (and sentence starts): an unknown capitalised word is far
        more often a name (pt "Getzowa foi contratada") than a noun the analyser lacks,
        unless a rule for capitalised words reads it (an ending no name takes)."""
        if not self.names_capitalised:
            return [self._word(word) for word in words]
        return [
            self._capitalised(word) if word[:1].isupper() else self._word(word) for word in words
        ]

    @staticmethod
    def _read_word(word: str, rules: Sequence[SuffixRule]) -> tuple[Analysis, ...]:
        for rule in rules:
            if rule.pattern.search(word):
                return tuple(
                    Analysis(
                        word,
                        upos,
                        rule.genders,
                        f"{word}: guessed {upos}, /{rule.pattern.pattern}/ ({rule.note})",
                        rule.feats,
                        guessed=True,
                    )
                    for upos in rule.upos
                )
        return ()
