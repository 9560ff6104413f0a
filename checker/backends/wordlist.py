"""Readings from a word list: word forms with their part of speech, gender and features.

For languages with no packaged analyser that gives gender (Arabic), and for the words an
analyser leaves without one (Hebrew pronouns, Hspell's "other"), a language names a TSV file
under checker/data/ in checker/languages.toml (``wordlist``): one form per line with its
UPOS, its genders and UD features, under a header that cites where the forms come from.
A form is looked up as written, then in lower case, then without its combining marks
(ar harakat: "المُدرّس"), then, for languages that write prepositions and articles as
prefixes (ar "للمعلمة", "for the teacher") and case endings as suffixes (ar accusative
"أستاذا"), without one of the language's ``prefixes`` and the word list's ``suffixes``
(the longest first).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

from checker.backends.base import Analysis
from checker.backends.script import without_marks
from checker.tables import DATA
from common.errors import GenError

#: The columns of a word list, in order.
COLUMNS = ("form", "upos", "genders", "feats", "note")
_GENDERS = {"male": ("male",), "female": ("female",), "both": ("male", "female"), "-": ()}


def read_wordlist(path: Path) -> dict[str, tuple[Analysis, ...]]:
    """Form → readings; a malformed line is a GenError naming the file and line."""
    forms: dict[str, list[Analysis]] = {}
    header_seen = False
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        cells = line.split("\t")
        if not header_seen:
            if tuple(cells) != COLUMNS:
                raise GenError(f"the header must be {' '.join(COLUMNS)}", path=path, line=number)
            header_seen = True
            continue
        if len(cells) != len(COLUMNS) or cells[2] not in _GENDERS:
            raise GenError(
                f"want {len(COLUMNS)} tab-separated cells, genders one of {', '.join(_GENDERS)}",
                path=path,
                line=number,
            )
        form, upos, genders, feats, note = cells
        features = dict(pair.split("=", 1) for pair in feats.split("|")) if feats != "_" else {}
        evidence = f"{form}: {upos} {genders} {feats} ({path.name}: {note})"
        forms.setdefault(form, []).append(
            Analysis(form, upos, frozenset(_GENDERS[genders]), evidence, features)
        )
    return {form: tuple(readings) for form, readings in forms.items()}


class WordListAnalyser:
    """Readings of the forms a language's word list names (checker/languages.toml)."""

    def __init__(
        self, file: str, prefixes: Sequence[str] = (), suffixes: Sequence[str] = ()
    ) -> None:
        self.path = DATA / file
        self.forms: Mapping[str, tuple[Analysis, ...]] = read_wordlist(self.path)
        self.prefixes = ["", *sorted(prefixes, key=len, reverse=True)]
        self.suffixes = ["", *sorted(suffixes, key=len, reverse=True)]
        self._word = lru_cache(maxsize=1 << 16)(self._read_word)

    def analyse(self, words: Sequence[str]) -> list[tuple[Analysis, ...]]:
        return [self._word(word) for word in words]

    def _read_word(self, word: str) -> tuple[Analysis, ...]:
        for form in (word, word.lower()):
            if form in self.forms:
                return self.forms[form]
        plain = without_marks(word)
        for prefix in self.prefixes:
            for suffix in self.suffixes:
                if not (plain.startswith(prefix) and plain.endswith(suffix)):
                    continue
                rest = plain[len(prefix) : len(plain) - len(suffix)]
                if rest in self.forms:
                    split = "+".join(part for part in (prefix, rest, suffix) if part)
                    return tuple(
                        replace(a, evidence=f"{split}, {a.evidence}") for a in self.forms[rest]
                    )
        return ()
