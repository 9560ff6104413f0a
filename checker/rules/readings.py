"""What a word's readings say beyond its gender: its features, whether it can be a verb's
subject, and which noun a past-tense verb agrees with.

In the Slavic languages a past-tense verb or short adjective agrees with its subject alone,
and only a noun in the nominative is one (ru "Медсестра позвонила механику": the verb is
the nurse's, not the mechanic's, who is in the dative). Case is read from the analyser; the
words around resolve whose verb it is. The rules' data is agreement.toml's.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from typing import Protocol

from checker.backends.base import Analysis, Word

#: A set of UD features a reading must all carry, as (feature, value) pairs.
FeatureSet = frozenset[tuple[str, str]]

_NOUN = frozenset({"NOUN"})
_PRONOUN = frozenset({"PRON"})
_SUBJECTS = frozenset({"NOUN", "PROPN", "PRON"})
#: An adposition's word class.
_ADPOSITION = frozenset({"ADP"})
#: Verbs and auxiliaries: the word classes of a predicate verb.
VERBS = frozenset({"VERB", "AUX"})
#: The word classes of a name: a proper noun, or a word no analyser knows.
NAME = frozenset({"PROPN", "X"})
_MODIFIERS = frozenset({"ADJ", "VERB"})
#: A noun a complement may follow: one the analyser knows, or a word it does not (it
#: "mansione", unknown to Apertium)
_HEAD_NOUN = frozenset({"NOUN", "X"})


class SubjectRules(Protocol):
    """The fields of agreement.toml's rules these functions read."""

    subject_case: tuple[FeatureSet, ...]
    clause_boundaries: frozenset[str]
    noun: frozenset[str]
    animate: tuple[FeatureSet, ...]
    inanimate: tuple[FeatureSet, ...]
    copula_case: tuple[FeatureSet, ...]
    copulas: frozenset[str]
    predicative_gap: frozenset[str]
    not_attributive: tuple[FeatureSet, ...]
    possessor_lemmas: frozenset[str]
    subject_pronoun: tuple[FeatureSet, ...]
    before: frozenset[str]
    complement_words: frozenset[str]
    unmarked_before_vowel: frozenset[str]
    as_words: frozenset[tuple[str, ...]]


def is_of(word: Word, classes: Collection[str]) -> bool:
    return not word.upos_set.isdisjoint(classes)


def gender_of(word: Word, classes: Collection[str]) -> tuple[str | None, tuple[str, ...]]:
    """The single gender every reading of ``word`` in ``classes`` names, or None; and those
    readings. Plural readings are set aside when singular ones exist (the referent is one
    person: ru "аналитик" is not the genitive plural of "аналитика"); a reading without
    gender (an unknown word, a finite verb) makes the word undecided."""
    readings = [reading for reading in word.analyses if reading.upos in classes]
    singular = [reading for reading in readings if reading.feats.get("Number") != "Plur"]
    readings = singular or readings
    evidence = tuple(reading.evidence for reading in readings)
    if not readings or any(not reading.genders for reading in readings):
        return None, evidence
    genders = frozenset().union(*(reading.genders for reading in readings))
    return (next(iter(genders)) if len(genders) == 1 else None), evidence


def can_agree(word: Word, classes: Collection[str]) -> bool:
    """Whether a reading of ``word`` in ``classes`` has a gender: a participle after the
    noun, not a finite verb (fr "la juge [a] travaillé", where "a" is also a verb)."""
    return any(reading.upos in classes and reading.genders for reading in word.analyses)


def has_feats(word: Word, choices: Sequence[FeatureSet]) -> bool:
    """Whether some reading carries all of one of the feature sets in ``choices``."""
    return any(carries(reading, choices) for reading in word.analyses)


def carries(reading: Analysis, choices: Sequence[FeatureSet]) -> bool:
    """Whether ``reading`` carries all of one of the feature sets in ``choices``."""
    return any(feats <= reading.feature_pairs for feats in choices)


def every_reading_carries(
    word: Word, classes: Collection[str], choices: Sequence[FeatureSet]
) -> bool:
    """Whether ``word`` has readings in ``classes`` and each carries one of the feature sets
    in ``choices`` (never, when ``choices`` is empty)."""
    readings = [reading for reading in word.analyses if reading.upos in classes]
    return bool(choices and readings) and all(carries(reading, choices) for reading in readings)


def subject_pronoun(word: Word, rules: SubjectRules) -> bool:
    """Whether ``word`` is only a pronoun, every reading one of ``subject_pronoun``'s feature
    sets (ro nominative singular: "Acela", not "ei", also her and their), of one gender."""
    return (
        word.upos_set == _PRONOUN
        and every_reading_carries(word, _PRONOUN, rules.subject_pronoun)
        and gender_of(word, _PRONOUN)[0] is not None
    )


def inanimate(word: Word, rules: SubjectRules) -> bool:
    """Whether every noun reading of ``word`` has one of the ``inanimate`` feature sets."""
    return every_reading_carries(word, rules.noun, rules.inanimate)


def names_person(word: Word, rules: SubjectRules) -> bool:
    """Whether ``word`` names a person: every noun reading has an ``animate`` feature set,
    where the analyser marks animacy."""
    return not rules.animate or every_reading_carries(word, rules.noun, rules.animate)


def agrees_with_possessor(word: Word, classes: Collection[str], rules: SubjectRules) -> bool:
    """Whether a reading of ``word`` in ``classes`` is of one of the ``possessor_lemmas``,
    whose gender is the possessor's, not the noun's (ro "fratele [ei]", her brother; its
    other reading, "ei" they, agrees with no noun either)."""
    return any(
        reading.upos in classes and reading.lemma.lower() in rules.possessor_lemmas
        for reading in word.analyses
    )


def only_predicate(word: Word, rules: SubjectRules) -> bool:
    """Whether every adjective or participle reading of ``word`` is one only a predicate
    has, never a noun's modifier (ru short adjectives: "благодарна механику")."""
    return every_reading_carries(word, _MODIFIERS, rules.not_attributive)


def reads_as(word: Word, classes: Collection[str], choices: Sequence[FeatureSet]) -> bool:
    """Whether a reading of ``word`` in ``classes`` carries one of ``choices``."""
    return any(r.upos in classes and carries(r, choices) for r in word.analyses)


def can_be_subject(word: Word, rules: SubjectRules) -> bool:
    """Whether ``word`` has a reading in the subject case (always, where the language
    names none): only then does a predicate after it agree with it."""
    return not rules.subject_case or has_feats(word, rules.subject_case)


def noun_complement(words: Sequence[Word], head: int, rules: SubjectRules) -> bool:
    """Whether the noun ``head`` is another noun's complement: one of ``complement_words``
    (a preposition, by lemma) joins them, past the noun's determiners and adjectives (it "la
    mansione [da] infermiere fosse ritenuta"). Such a noun is no verb's subject: the
    predicate after it is its head noun's."""
    i = head - 1
    while i >= 0 and words[i].upos_set & rules.before:
        i -= 1
    return (
        i >= 1
        and any(r.lemma.lower() in rules.complement_words for r in words[i].analyses)
        and bool(words[i - 1].upos_set & _HEAD_NOUN)
    )


def oblique(words: Sequence[Word], head: int, rules: SubjectRules) -> bool:
    """Whether the noun ``head`` stands right after a preposition, past its determiners and
    adjectives, in a language with ``complement_words`` (it "[A] nessuna giornalista fu
    permesso"), not after an "as" word (fr "en tant que"): such a noun is no verb's
    subject, and the predicate after it agrees with someone else."""
    i = head - 1
    while i >= 0 and words[i].upos_set & rules.before and not words[i].upos_set & _ADPOSITION:
        i -= 1
    if not rules.complement_words or i < 0 or not words[i].upos_set <= _ADPOSITION:
        return False
    before = tuple(word.text.lower() for word in words[max(0, i - 2) : i + 1])
    return not any(before[k:] in rules.as_words for k in range(len(before)))


def after_copula(words: Sequence[Word], head: int, rules: SubjectRules) -> bool:
    """Whether a predicate noun in ``copula_case`` (ru instrumental) follows a copula: the
    nearest verb before it, past ``predicative_gap`` words, has one of the ``copulas`` as
    its lemma ("стала [работать] врачом"); after another verb it is an object, and the
    verb is its subject's ("гордилась начальником")."""
    if not rules.copula_case or not has_feats(words[head], rules.copula_case):
        return False
    i = head - 1
    while i >= 0 and words[i].upos_set & rules.predicative_gap:
        if words[i].upos_set & VERBS:
            return is_copula(words[i], rules)
        i -= 1
    return False


def is_copula(word: Word, rules: SubjectRules) -> bool:
    """A form of "to be": agreement.toml ``copulas`` lists its forms (cs "je") or lemmas
    (ru "стать", hi "हो")."""
    return word.text.lower() in rules.copulas or any(
        reading.lemma.lower() in rules.copulas for reading in word.analyses
    )


def copula_form(word: Word, rules: SubjectRules) -> bool:
    """Whether a verb reading of ``word`` is a form of one of the ``copulas`` (fr "est",
    which also spells the noun "east")."""
    return any(
        reading.upos in VERBS
        and (reading.lemma.lower() in rules.copulas or word.text.lower() in rules.copulas)
        for reading in word.analyses
    )


#: Quotation marks enclose a title or a quotation inside the clause ("песня "Only Fooling
#: Myself" стала"): no clause ends at one.
_QUOTES = frozenset("\"'«»„“”‘’‚‹›")


def verb_subjects(words: Sequence[Word], rules: SubjectRules) -> list[int | None]:
    """Each word's subject, where it is a gendered verb and has one (see :func:`_subject`)."""
    if not rules.subject_case:
        return []
    return [_subject(words, i, rules) for i in range(len(words))]


def agrees_elsewhere(
    verb: int, head: int, subjects: Sequence[int | None], words: Sequence[Word], rules: SubjectRules
) -> bool:
    """Whether the verb at ``verb`` agrees with someone other than ``head``, given each
    word's subject (:func:`verb_subjects`): its subject is another noun the dictionary
    knows; or it is a pronoun, a name or missing (dropped) while another person noun is the
    subject of some verb of the sentence, whom it may as well be ("Медсестра позвонила
    механику, потому что хотела"). A word the analyser only guessed (no animacy) is taken
    for a name ("Твомбли ... изучала"); nouns listed with the person ("известна как
    гимнограф, редактор") are the subject of no verb."""
    if not rules.subject_case:
        return False
    subject = subjects[verb]
    if subject == head:
        return False
    if _noun(words, subject, rules.animate + rules.inanimate, rules):
        return True
    return any(
        other != head and _noun(words, other, rules.animate, rules)
        for v, other in enumerate(subjects)
        if v != verb
    )


def _noun(
    words: Sequence[Word], i: int | None, kinds: Sequence[FeatureSet], rules: SubjectRules
) -> bool:
    """Whether word ``i`` is a common noun in the subject case with one of ``kinds``."""
    return i is not None and reads_as(words[i], _NOUN, _both(rules.subject_case, kinds))


def _both(first: Sequence[FeatureSet], second: Sequence[FeatureSet]) -> tuple[FeatureSet, ...]:
    """The feature sets that carry one of ``first`` and one of ``second``."""
    return tuple(a | b for a in first for b in second)


def _subject(words: Sequence[Word], verb: int, rules: SubjectRules) -> int | None:
    """The nearest word within the verb's clause, leftwards first, that can be its subject:
    in the subject case, of the verb's gender or a person (who may take either: "врач
    пришла"); a capitalised word inside the sentence is a name, whatever the analyser
    guessed ("Как учитель музыки Шарп была одарена"). After the verb, only a word that
    reads in the subject case alone: "занимала должность" is the verb and its object."""
    readings = words[verb].analyses
    genders = frozenset().union(
        *(r.genders for r in readings if r.upos in VERBS or carries(r, rules.not_attributive))
    )
    if not genders:
        return None
    for step in (-1, 1):
        i = verb + step
        while 0 <= i < len(words) and (
            words[i].text in _QUOTES or not words[i].upos_set & rules.clause_boundaries
        ):
            readings = [r for r in words[i].analyses if r.upos in _SUBJECTS]
            if (
                not _name_or_part(words, i)
                and any(
                    carries(reading, rules.subject_case)
                    and (reading.genders & genders or carries(reading, rules.animate))
                    for reading in readings
                )
                and (step < 0 or all(carries(r, rules.subject_case) for r in readings))
            ):
                return i
            i += step
    return None


def _name_or_part(words: Sequence[Word], i: int) -> bool:
    """Whether word ``i`` is capitalised inside the sentence (where only names are), or a
    part of a hyphenated compound ("адъюнкт-профессором", "женщина-учёный"), which names
    the same person as its other part."""
    if i > 0 and words[i].text[:1].isupper() and words[i - 1].upos_set != {"PUNCT"}:
        return True
    return any(0 <= j < len(words) and words[j].text == "-" for j in (i - 1, i + 1))


def skip(words: Sequence[Word], i: int, step: int, classes: Collection[str]) -> int:
    """The first position from ``i`` on, going ``step`` by ``step``, whose word is not of
    ``classes`` (possibly just outside the sentence)."""
    while 0 <= i < len(words) and is_of(words[i], classes):
        i += step
    return i


def predicate_form(word: Word, rules: SubjectRules) -> bool:
    """Whether ``word`` can be its subject's predicate where nouns have cases
    (``subject_case``): a reading with no case (a past-tense verb), in the subject case, or
    only predicative (``not_attributive``: ru short adjectives); not ru "преподаватель
    [неотложной] помощи", the genitive adjective of the noun after it."""
    if not rules.subject_case:
        return True
    return any(
        "Case" not in reading.feats
        or carries(reading, rules.subject_case)
        or carries(reading, rules.not_attributive)
        for reading in word.analyses
        if reading.upos in rules.predicate
    )


def plural(word: Word, classes: Collection[str] | None = None) -> bool:
    """Whether ``word`` has readings (in ``classes``, where given) and every one is plural:
    a group, no role of one person ("met Cook en [vrienden]", de "von [Beratern]")."""
    readings = [r for r in word.analyses if classes is None or r.upos in classes]
    return bool(readings) and all(r.feats.get("Number") == "Plur" for r in readings)


#: The letters a word opens with where an elided or a vowel-linked form stands before it.
_VOWEL_OPENING = re.compile(r"^[aeiouyhàâäéèêëîïôöùûü]", re.IGNORECASE)


def unmarked_before_vowel(words: Sequence[Word], i: int, rules: SubjectRules) -> bool:
    """Whether word ``i`` is one of agreement.toml's ``unmarked_before_vowel`` (fr "son")
    before a word that opens with a vowel or an h: it then marks no gender ("son amie")."""
    return (
        words[i].text.lower() in rules.unmarked_before_vowel
        and i + 1 < len(words)
        and bool(_VOWEL_OPENING.match(words[i + 1].text))
    )
