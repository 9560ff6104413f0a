"""Each language's agreement rules, read from agreement.toml: one table per language, with
family defaults and [defaults] under it, read once per language. What each field means is
said in the file."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

from checker.languages import language
from checker.rules.conventions import Conventions, conventions
from checker.rules.readings import FeatureSet
from checker.tables import read_table

AGREEMENT_FILE = Path(__file__).with_name("agreement.toml")


@dataclass(frozen=True)
class AgreementRules:
    """One language's agreement rules (see agreement.toml for what each field means)."""

    noun: frozenset[str]
    agreeing: frozenset[str]
    before: frozenset[str]
    after: frozenset[str]
    degree_words: frozenset[str]
    predicate_gap: frozenset[str]
    predicate: frozenset[str]
    dependents: frozenset[str]
    subject: frozenset[str]
    head_dependents: frozenset[str]
    agreement_overrides: frozenset[str]
    common_gender: frozenset[str]
    predicate_after: frozenset[str]
    predicative: tuple[FeatureSet, ...]
    predicative_gap: frozenset[str]
    predicative_across: frozenset[str]
    complement: frozenset[str]
    bare_complement: frozenset[str]
    clause_predicate: tuple[FeatureSet, ...]
    clause_auxiliaries: frozenset[str]
    coordinators: frozenset[str]
    copulas: frozenset[str]
    copula_gap: frozenset[str]
    copula_subjects: frozenset[str]
    inanimate: tuple[FeatureSet, ...]
    thing_masculine: tuple[FeatureSet, ...]
    animate: tuple[FeatureSet, ...]
    subject_verbs: tuple[FeatureSet, ...]
    ergative: frozenset[str]
    passive_auxiliaries: frozenset[str]
    intransitive_lemmas: frozenset[str]
    unmarked: frozenset[str]
    counterparts: frozenset[str]
    complement_words: frozenset[str]
    subject_case: tuple[FeatureSet, ...]
    clause_boundaries: frozenset[str]
    copula_case: tuple[FeatureSet, ...]
    not_attributive: tuple[FeatureSet, ...]
    possessor_lemmas: frozenset[str]
    unlinked_person: frozenset[str]
    subject_pronoun: tuple[FeatureSet, ...]
    possessor_case: tuple[FeatureSet, ...]
    impersonal: tuple[FeatureSet, ...]
    genderless: frozenset[str]
    ad_sensum: frozenset[str]
    unmarked_before_vowel: frozenset[str]
    agent_prepositions: frozenset[str]
    person_pronouns: tuple[FeatureSet, ...]
    person_predicate: tuple[FeatureSet, ...]
    person_verbs: tuple[FeatureSet, ...]
    as_words: frozenset[tuple[str, ...]]
    appositive: frozenset[str]
    qualifier_nouns: frozenset[str]
    one_words: frozenset[str]
    relative_pronouns: frozenset[str]
    relative_adverbs: frozenset[str]
    before_gap: frozenset[str]
    determiner_genders: Mapping[str, str]  # form → the gender of the nouns it stands before
    #: its neutral and inclusive forms (checker/data/neutral.toml)
    conventions: Conventions = Conventions()
    #: the English occupation's grammatical person, "1" (I, we), "2" (you) or "3": set per
    #: record (label.read); a predicate after an auxiliary of another person is not its own
    speaker: str = "3"


@cache
def agreement_rules(lang: str) -> AgreementRules:
    """The rules for ``lang`` (a code or alias of checker/languages.toml): the file's
    [defaults], then its family's, then its own section's."""
    table = read_table(AGREEMENT_FILE)
    code = language(lang).code
    own = dict(table.get(code, {}))
    family = table["families"][own.pop("family")] if "family" in own else {}
    merged: dict[str, Any] = {**table["defaults"], **family, **own}
    fields = {key: _field(key, value) for key, value in merged.items()}
    return AgreementRules(**fields, conventions=conventions(code))


@cache
def rules_as_annotated(lang: str, annotated: frozenset[str] | None) -> AgreementRules:
    """``lang``'s rules for a tagger that gives only the ``annotated`` UD features (a
    Stanza model, its treebank's; None: all): a feature set keyed on a feature it never
    gives is dropped, as it could never match. Where that empties a list, the rule reads as
    for a language that names none: without Animacy (UD German, Dutch, Arabic), a noun is
    of unknown animacy, a possible person, not a thing."""
    rules = agreement_rules(lang)
    if annotated is None:
        return rules
    return replace(
        rules,
        **{
            key: tuple(feats for feats in getattr(rules, key) if _keyed_on(feats, annotated))
            for key in sorted(_FEATURE_SETS)
        },
    )


def _keyed_on(feats: FeatureSet, annotated: frozenset[str]) -> bool:
    return all(feature in annotated for feature, _ in feats)


#: The fields that hold feature sets.
_FEATURE_SETS = frozenset(
    "predicative clause_predicate inanimate animate subject_case copula_case subject_verbs "
    "not_attributive subject_pronoun possessor_case impersonal thing_masculine "
    "person_pronouns person_predicate person_verbs".split()
)


def _field(key: str, value: Any) -> Any:
    if key == "determiner_genders":
        return {form: gender for gender, forms in value.items() for form in forms}
    if key == "as_words":
        return frozenset(tuple(phrase.split()) for phrase in value)
    if key in _FEATURE_SETS:
        return tuple(frozenset(feats.items()) for feats in value)
    return frozenset(value)
