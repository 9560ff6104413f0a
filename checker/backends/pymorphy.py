"""pymorphy3's dictionary analysers for Russian and Ukrainian (OpenCorpora-style tags).

pymorphy3 reads one word form at a time; a batch repeats the same forms over and over, so
parses are cached per form. Every parse is kept (ambiguity is the checker's to resolve);
forms pymorphy3 only guessed from their ending say so in their evidence.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Sequence
from functools import cache, lru_cache

from checker.backends.base import Analysis
from checker.tables import TagTable
from common.errors import MissingResourceError

#: Analysers whose parses are not readings of a word (numbers, punctuation, Latin script...).
_NOT_WORDS = {"LATN", "PNCT", "NUMB", "ROMN", "UNKN"}
_GUESSERS = ("KnownSuffixAnalyzer", "UnknownPrefixAnalyzer", "KnownPrefixAnalyzer")


def install_command(lang: str) -> str:
    return f"pip install pymorphy3 pymorphy3-dicts-{lang}"


def missing(lang: str) -> str | None:
    """Why pymorphy3 cannot run for ``lang`` here (with the pip command), or None."""
    for module in ("pymorphy3", f"pymorphy3_dicts_{lang}"):
        if importlib.util.find_spec(module) is None:
            return f"pymorphy3 for {lang} is not installed: run `{install_command(lang)}`"
    return None


@cache
def grammeme_table() -> TagTable:
    return TagTable.read("pymorphy_tags.toml")


_GUESSED = " (guessed from the ending)"


class PymorphyAnalyser:
    """Readings of single word forms from pymorphy3's dictionary for one language."""

    def __init__(self, lang: str) -> None:
        reason = missing(lang)
        if reason:
            raise MissingResourceError(reason)
        import pymorphy3

        self.version = pymorphy3.__version__
        self._morph = pymorphy3.MorphAnalyzer(lang=lang)
        self._table = grammeme_table()
        self._form = lru_cache(maxsize=1 << 18)(self._analyse_form)

    def analyse(self, words: Sequence[str]) -> list[tuple[Analysis, ...]]:
        return [self._form(word) for word in words]

    def _analyse_form(self, form: str) -> tuple[Analysis, ...]:
        """Every reading of ``form``; empty when pymorphy3 has none (not a word it knows)."""
        analyses: dict[tuple[str, str], Analysis] = {}
        for parse in self._morph.parse(form):
            tag = parse.tag
            if tag.grammemes & _NOT_WORDS:
                continue
            key = (parse.normal_form, str(tag))
            if key not in analyses:
                analyses[key] = self._analysis(parse.normal_form, tag, parse.methods_stack)
        readings = tuple(analyses.values())
        if form[:1].isupper() and all(reading.evidence.endswith(_GUESSED) for reading in readings):
            # a capitalised word the dictionary lacks is a name, not a verb that ends alike
            # (ru "Пиклз" is not the past tense of "пиклзти")
            names = tuple(reading for reading in readings if reading.upos in ("NOUN", "PROPN"))
            return names or readings
        return readings

    def _analysis(self, lemma: str, tag, methods_stack) -> Analysis:
        table = self._table
        grammemes = tag.grammemes
        upos = table.upos.get(tag.POS, "X")
        if upos in ("NOUN", "ADJ") and any(g in table.proper for g in grammemes):
            upos = "PROPN"
        genders, feats = table.features(sorted(grammemes))
        guessed = any(type(step[0]).__name__ in _GUESSERS for step in methods_stack)
        if guessed and feats.get("Animacy") == "Inan":
            # guessed from the ending, a thing may be a person ("янитор" is no thing); a
            # person guessed from an agent suffix is one ("программистка")
            feats.pop("Animacy")
        evidence = f"{lemma} {tag}" + (_GUESSED if guessed else "")
        return Analysis(lemma, upos, genders, evidence, feats)
