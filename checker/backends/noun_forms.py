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
#: the classes whose genders gen's data may give, where the model gives none of a person's
_READ = frozenset({_NOUN, "PRON"})
_ANIMACY = "Animacy"

Reader = Callable[[Sequence[str]], list[tuple[Analysis, ...]]]


@dataclass(frozen=True)
class NounData:
    """gen's analysers that read a model's nouns, and what they add to its readings."""

    gender_readers: tuple[Reader, ...]  # where the model gives nouns no person gender (nl)
    person_readers: tuple[Reader, ...]  # where the treebank has no Animacy (ar)
    #: the classes whose genders the gender readers give (nl NOUN; sv, da PRON too)
    gender_classes: frozenset[str] = frozenset({_NOUN})
    #: the features the gender readers give with the genders (sv pronouns' Person)
    gender_features: frozenset[str] = frozenset()

    @property
    def features(self) -> frozenset[str]:
        """The features the tagger gives through them (beyond its treebank's)."""
        return self.gender_features | ({_ANIMACY} if self.person_readers else set())

    def read(self, sentence: TaggedSentence) -> TaggedSentence:
        """``sentence`` with its nouns' (and pronouns') readings completed from gen's data."""
        words = list(sentence.words)
        for upos in sorted(self.gender_classes | {_NOUN}):
            read = [i for i, word in enumerate(words) if upos in word.upos_set]
            texts = [words[i].text for i in read]
            none: list[Analysis | None] = [None] * len(read)
            genders = _known(self.gender_readers, texts, upos)
            persons = _known(self.person_readers, texts, upos) if upos == _NOUN else none
            for i, by_form, person in zip(read, genders, persons, strict=True):
                if by_form is not None or person is not None:
                    analyses = tuple(
                        _complete(a, by_form, person, self.gender_features) if a.upos == upos else a
                        for a in words[i].analyses
                    )
                    words[i] = replace(words[i], analyses=analyses)
        return replace(sentence, words=tuple(words))


def _known(readers: Sequence[Reader], texts: list[str], upos: str) -> list[Analysis | None]:
    """Each text's first ``upos`` reading from the first of ``readers`` that has one."""
    found: list[Analysis | None] = [None] * len(texts)
    for reader in readers:
        for i, readings in enumerate(reader(texts)):
            if found[i] is None:
                found[i] = next((a for a in readings if a.upos == upos), None)
    return found


def _complete(
    analysis: Analysis, by_form: Analysis | None, person: Analysis | None, given: frozenset[str]
) -> Analysis:
    """``analysis`` with the genders of ``by_form`` (the model's, in a class it gives none
    of a person's, are none or the common gender's) and its ``given`` features, and the
    Animacy of ``person``."""
    genders, feats, notes = analysis.genders, dict(analysis.feats), [analysis.evidence]
    if by_form is not None and by_form.genders and by_form.genders != genders:
        genders = by_form.genders
        feats |= {k: v for k, v in by_form.feats.items() if k in given}
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
            elif name.endswith(".tsv"):  # a word list of the model path's own
                built.append(WordListAnalyser(name, row.prefixes, ()).analyse)
        return tuple(built)

    ungendered = frozenset() if profile.gendered is None else _READ - profile.gendered
    return NounData(
        gender_readers=readers(profile.gen_genders) if ungendered else (),
        person_readers=() if _ANIMACY in profile.features else readers(profile.gen_persons),
        gender_classes=ungendered,
        gender_features=profile.gen_features - profile.features if ungendered else frozenset(),
    )
