"""The checker's pure core: tagged target words + alignment → label, reason and evidence.

No model, no I/O: given the source tokens, where the occupation is, the tagged translation
and the links between them, decide whether the translation gives the occupation's referent
the expected gender. The rules that find the words agreeing with a noun are data
(agreement.toml), read once per language.
"""

from __future__ import annotations

import sys
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from checker.backends.base import Alignment, TaggedSentence, Word

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

CORRECT, WRONG, INCONCLUSIVE = "correct", "wrong", "inconclusive"
LABELS = (CORRECT, WRONG, INCONCLUSIVE)

#: Why a record is inconclusive.
EMPTY_TRANSLATION = "empty_translation"
NO_ALIGNMENT = "no_alignment"
NO_GENDER = "no_gender"
CONFLICTING_GENDER = "conflicting_gender"
UNTRANSLATED = "untranslated"
UNSUPPORTED_LANGUAGE = "unsupported_language"

AGREEMENT_FILE = Path(__file__).with_name("agreement.toml")


@dataclass(frozen=True)
class AgreementRules:
    """One language's agreement rules (see agreement.toml for what each field means)."""

    noun: frozenset[str]
    agreeing: frozenset[str]
    before: frozenset[str]
    after: frozenset[str]
    predicate_gap: frozenset[str]
    predicate: frozenset[str]
    dependents: frozenset[str]
    subject: frozenset[str]
    head_dependents: frozenset[str]
    agreement_overrides: frozenset[str]
    name: str = ""


@cache
def agreement_rules(path: Path = AGREEMENT_FILE) -> dict[str, AgreementRules]:
    """Every supported language's rules, the file's [defaults] filled in."""
    with open(path, "rb") as handle:
        table = tomllib.load(handle)
    defaults = table.pop("defaults")
    rules = {}
    for lang, own in table.items():
        merged: dict[str, Any] = {**defaults, **own}
        rules[lang] = AgreementRules(
            **{
                key: value if isinstance(value, (bool, str)) else frozenset(value)
                for key, value in merged.items()
            }
        )
    return rules


@dataclass(frozen=True)
class Evidence:
    """A target word the gender was read from, and the readings that gave it."""

    index: int
    text: str
    role: str  # "noun": the aligned word itself; "agreement": a word bound to it
    gender: str | None
    readings: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "text": self.text,
            "role": self.role,
            "gender": self.gender,
            "readings": list(self.readings),
        }


@dataclass(frozen=True)
class Verdict:
    label: str
    reason: str | None = None
    target_tokens: tuple[tuple[int, str], ...] = ()
    target_gender: str | None = None
    evidence: tuple[Evidence, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        """The fields a result record gets beside the input record's own."""
        return {
            "label": self.label,
            "reason": self.reason,
            "target_tokens": [{"index": i, "text": text} for i, text in self.target_tokens],
            "target_gender": self.target_gender,
            "evidence": [item.to_json() for item in self.evidence],
        }


def inconclusive(reason: str) -> Verdict:
    return Verdict(INCONCLUSIVE, reason)


def label(
    *,
    expected_gender: str,
    source_tokens: Sequence[str],
    occupation: tuple[int, int],
    sentence: TaggedSentence,
    alignment: Alignment,
    rules: AgreementRules,
) -> Verdict:
    """Label one translation: read the gender of the target word(s) aligned to the occupation.

    The head of the aligned words is their first noun; its own gender decides unless it is
    open or missing, or agreement may overrule it (see agreement.toml). Agreement comes from
    the words bound to the head and from aligned non-noun words (an aligned article).
    """
    words = sentence.words
    start, end = occupation
    aligned = sorted({t for s, t in alignment if start <= s < end and 0 <= t < len(words)})
    if not aligned:
        return inconclusive(NO_ALIGNMENT)
    target_tokens = tuple((i, words[i].text) for i in aligned)
    head = _head(words, aligned, rules)
    own_gender, own_readings = _gender(words[head], _own_classes(words[head], rules))
    noun = Evidence(head, words[head].text, "noun", own_gender, own_readings)

    bound = _bound_words(words, head, rules)
    seen = {i for i, _ in bound}
    bound += [(i, rules.agreeing) for i in aligned if i != head and i not in seen]
    votes = []
    for i, classes in bound:
        gender, readings = _gender(words[i], classes)
        if gender is not None:
            votes.append(Evidence(i, words[i].text, "agreement", gender, readings))
    agreed = {vote.gender for vote in votes}

    if own_gender is not None and (
        not agreed or len(agreed) > 1 or own_gender not in rules.agreement_overrides
    ):
        gender = own_gender
    elif len(agreed) == 1:
        gender = agreed.pop()
    elif agreed:
        return Verdict(INCONCLUSIVE, CONFLICTING_GENDER, target_tokens, None, (noun, *votes))
    else:
        source = {token.lower() for token in source_tokens[start:end]}
        untranslated = any(words[i].text.lower() in source for i in aligned)
        reason = UNTRANSLATED if untranslated else NO_GENDER
        return Verdict(INCONCLUSIVE, reason, target_tokens, None, (noun,))
    evidence = (noun, *(vote for vote in votes if vote.gender == gender))
    verdict = CORRECT if gender == expected_gender else WRONG
    return Verdict(verdict, None, target_tokens, gender, evidence)


def _is(word: Word, classes: Collection[str]) -> bool:
    return any(reading.upos in classes for reading in word.analyses)


def _own_classes(word: Word, rules: AgreementRules) -> Collection[str]:
    """A noun is read through its noun readings; a word tagged only otherwise (it "medica"
    as an adjective) through all of them."""
    if _is(word, rules.noun):
        return rules.noun
    return {reading.upos for reading in word.analyses}


def _gender(word: Word, classes: Collection[str]) -> tuple[str | None, tuple[str, ...]]:
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


def _head(words: Sequence[Word], aligned: list[int], rules: AgreementRules) -> int:
    """The first aligned noun; else the noun an aligned article or adjective introduces;
    else the first aligned word."""
    for i in aligned:
        if _is(words[i], rules.noun):
            return i
    for i in aligned:
        j = i
        while j < len(words) and _is(words[j], rules.before) and not _is(words[j], rules.noun):
            j += 1
        if j != i and j < len(words) and _is(words[j], rules.noun):
            return j
    return aligned[0]


def _bound_words(
    words: Sequence[Word], head: int, rules: AgreementRules
) -> list[tuple[int, Collection[str]]]:
    """The words that agree with the head, each with the word classes its agreeing readings
    belong to in that position (ru "моя" before a noun is the possessive, not the gerund
    of "мыть"): from the parse when there is one, else from the surface (the noun phrase,
    then the predicate)."""
    if any(word.head is not None for word in words):
        return _dependency_bound(words, head, rules)
    bound: list[tuple[int, Collection[str]]] = []
    i = head - 1
    while i >= 0 and _is(words[i], rules.before):
        bound.append((i, rules.before & rules.agreeing))
        i -= 1
    j = head + 1
    while j < len(words) and _is(words[j], rules.after):
        bound.append((j, rules.after & rules.agreeing))
        j += 1
    while j < len(words) and rules.predicate:
        word = words[j]
        if _is(word, rules.predicate) and _gender(word, rules.predicate)[0] is not None:
            bound.append((j, rules.predicate))
            break
        if not _is(word, rules.predicate_gap):
            break
        j += 1
    return bound


def _relation_in(deprel: str | None, relations: Collection[str]) -> bool:
    return deprel is not None and (deprel in relations or deprel.split(":")[0] in relations)


def _dependency_bound(
    words: Sequence[Word], head: int, rules: AgreementRules
) -> list[tuple[int, Collection[str]]]:
    bound = [
        i
        for i, word in enumerate(words)
        if word.head == head and _relation_in(word.deprel, rules.dependents)
    ]
    noun = words[head]
    if noun.head is not None and _relation_in(noun.deprel, rules.subject):
        governor = noun.head
        bound.append(governor)
        bound += [
            i
            for i, word in enumerate(words)
            if word.head == governor
            and i != head
            and _relation_in(word.deprel, rules.head_dependents)
        ]
    return [(i, rules.agreeing) for i in bound]
