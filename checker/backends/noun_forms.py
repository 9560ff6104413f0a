"""A person noun's gender read from its form, where a UD model gives nouns none of a person's.

UD Dutch (Alpino, Stanza's nl model) gives a noun's Gender as Com or Neut, the "de"/"het"
classes, never Masc or Fem: "lerares" (a woman teacher) and "leraar" are both Com, and a
check read through the model would find no gender on any occupation noun (bench/ud_profile.py
measured 100% inconclusive on the UGB nl slice). The person is marked by the noun's form
(-es, -ster, -rice...): each such noun gets the genders of languages.toml's ``suffixes``
rules, as the offline path reads the nouns its dictionaries lack. Which models need it is
data: ud_profiles.toml ``gendered`` without NOUN.
"""

from __future__ import annotations

from dataclasses import replace

from checker.backends.base import Analysis, TaggedSentence, Word
from checker.backends.suffixes import SuffixAnalyser
from checker.backends.treebank_profiles import UDProfile
from checker.languages import languages

_NOUN = "NOUN"


def noun_form_reader(lang: str, profile: UDProfile | None) -> SuffixAnalyser | None:
    """The suffix rules of ``lang``, where its model's nouns carry no person gender."""
    if profile is None or profile.gendered is None or _NOUN in profile.gendered:
        return None
    row = languages().get(lang)
    if row is None or not row.suffixes:
        return None
    return SuffixAnalyser(row.suffixes)


def with_noun_forms(sentence: TaggedSentence, reader: SuffixAnalyser) -> TaggedSentence:
    """``sentence`` with each genderless noun reading given the genders its form names."""
    open_ = [i for i, word in enumerate(sentence.words) if _genderless_noun(word)]
    if not open_:
        return sentence
    words = list(sentence.words)
    for i, found in zip(open_, reader.analyse([words[i].text for i in open_]), strict=True):
        by_form = next((a for a in found if a.upos == _NOUN and a.genders), None)
        if by_form is not None:
            words[i] = replace(words[i], analyses=_gendered(words[i].analyses, by_form))
    return replace(sentence, words=tuple(words))


def _genderless_noun(word: Word) -> bool:
    return any(a.upos == _NOUN and not a.genders for a in word.analyses)


def _gendered(analyses: tuple[Analysis, ...], by_form: Analysis) -> tuple[Analysis, ...]:
    return tuple(
        replace(a, genders=by_form.genders, evidence=f"{a.evidence}; {by_form.evidence}")
        if a.upos == _NOUN and not a.genders
        else a
        for a in analyses
    )
