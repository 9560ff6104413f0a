"""What gen's own language data says of a model's nouns where its UD treebank says nothing.

Two things gen's rules read are missing from some default Stanza models:

- a person noun's gender: UD Dutch (Alpino) gives a noun's Gender as Com or Neut, the
  "de"/"het" classes, never Masc or Fem ("lerares", a woman teacher, and "leraar" are both
  Com): read through the model alone, bench/ud_profile.py measured every occupation of the
  UGB nl slice inconclusive. The person is marked by the noun's form (-es, -ster, -rice...);
- whether a noun names a person: UD Arabic (PADT) and German (GSD, HDT) have no Animacy,
  and the rules that read the person beside a word the aligner slipped onto need it (ar
  ``bare_complement``, the idafa; de ``unlinked_person``, "der ersten [Spitzentänzerin]").

The offline path reads both with analysers that need no external tool (languages.toml's
``wordlist`` and ``suffixes``, gen's data files; german-nouns, a noun table installed with
gen): ud_profiles.toml's ``gen_data`` names those a
model's nouns are read by for each (``genders``, ``persons``), where the offline path's
marks come from them alone: a noun's readings then get the genders of the first that knows
the noun where the model gives them none of a person's, and its Animacy where the treebank
has none. (nl reads genders alone: the offline path marks persons only among the nouns its
dictionary lacks; on the first 300 MT-GenEval nl dev lines, marking every suffix-read noun
a person too put the labels 1.0 and 1.7 points from the offline path's, right-on-decided
and inconclusive, the genders alone 0.6 and 0.7: bench/ud_profile.py.)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from checker.backends import german
from checker.backends.base import Analysis, TaggedSentence
from checker.backends.suffixes import SuffixAnalyser
from checker.backends.treebank_profiles import UDProfile
from checker.backends.wordlist import WordListAnalyser
from checker.languages import languages

_NOUN = "NOUN"
_ANIMACY = "Animacy"

Reader = Callable[[Sequence[str]], list[tuple[Analysis, ...]]]


@dataclass(frozen=True)
class NounData:
    """gen's analysers that read a model's nouns, and what they add to its readings."""

    gender_readers: tuple[Reader, ...]  # where the model gives nouns no person gender (nl)
    person_readers: tuple[Reader, ...]  # where the treebank has no Animacy (ar)

    @property
    def features(self) -> frozenset[str]:
        """The features the tagger gives through them (beyond its treebank's)."""
        return frozenset({_ANIMACY}) if self.person_readers else frozenset()

    def read(self, sentence: TaggedSentence) -> TaggedSentence:
        """``sentence`` with its nouns' readings completed from gen's data."""
        nouns = [i for i, word in enumerate(sentence.words) if _NOUN in word.upos_set]
        if not nouns:
            return sentence
        words = list(sentence.words)
        texts = [words[i].text for i in nouns]
        genders = _known(self.gender_readers, texts)
        persons = _known(self.person_readers, texts)
        for i, by_form, person in zip(nouns, genders, persons, strict=True):
            if by_form is not None or person is not None:
                analyses = tuple(
                    _complete(a, by_form, person) if a.upos == _NOUN else a
                    for a in words[i].analyses
                )
                words[i] = replace(words[i], analyses=analyses)
        return replace(sentence, words=tuple(words))


def _known(readers: Sequence[Reader], texts: list[str]) -> list[Analysis | None]:
    """Each text's first noun reading from the first of ``readers`` that has one."""
    found: list[Analysis | None] = [None] * len(texts)
    for reader in readers:
        for i, readings in enumerate(reader(texts)):
            if found[i] is None:
                found[i] = next((a for a in readings if a.upos == _NOUN), None)
    return found


def _complete(analysis: Analysis, by_form: Analysis | None, person: Analysis | None) -> Analysis:
    """``analysis`` with the genders of ``by_form`` where it has none, and the Animacy of
    ``person``."""
    genders, feats, notes = analysis.genders, dict(analysis.feats), [analysis.evidence]
    if by_form is not None and not genders and by_form.genders:
        genders = by_form.genders
        notes.append(by_form.evidence)
    if person is not None and _ANIMACY in person.feats:
        feats[_ANIMACY] = person.feats[_ANIMACY]
        notes.append(person.evidence)
    if len(notes) == 1:
        return analysis
    return replace(analysis, genders=genders, feats=feats, evidence="; ".join(dict.fromkeys(notes)))


def noun_data(lang: str, profile: UDProfile | None) -> NounData | None:
    """gen's readers of ``lang``'s nouns for its model (ud_profiles.toml ``gen_data``)."""
    row = languages().get(lang)
    if profile is None or row is None or not (profile.gen_genders or profile.gen_persons):
        return None

    def readers(names: Sequence[str]) -> tuple[Reader, ...]:
        built: list[Reader] = []
        for name in names:
            if name == "wordlist" and row.wordlist is not None:
                spec = row.wordlist
                built.append(WordListAnalyser(spec.file, row.prefixes, spec.suffixes).analyse)
            elif name == "suffixes" and row.suffixes:
                built.append(SuffixAnalyser(row.suffixes).analyse)
            elif name == "german-nouns" and german.missing() is None:
                built.append(german.GermanAnalyser().analyse)
        return tuple(built)

    gendered = profile.gendered is None or _NOUN in profile.gendered
    return NounData(
        gender_readers=() if gendered else readers(profile.gen_genders),
        person_readers=() if _ANIMACY in profile.features else readers(profile.gen_persons),
    )
