"""What the labeller returns: a verdict (label, reason), the target words it read, and the
evidence for it, with the names of the reasons and evidence roles.

The rules read one thing, what the translation gives the person (a *reading*: the labels of
an open-gender record, ``feminine``, ``masculine``, ``neutral``, ``both`` or
``inconclusive``); :func:`answer` then asks the record's question of it: for an open record
the reading is the label, for a fixed one ``feminine``/``masculine`` become ``correct`` or
``wrong`` against the expected gender and the rest stay as read."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from checker.backends.base import FEMALE, MALE
from common import fields
from common.fields import CORRECT, FEMININE, INCONCLUSIVE, MASCULINE, WRONG

#: The reading of a gender read from the translation.
GENDER_LABEL = {MALE: MASCULINE, FEMALE: FEMININE}

#: Why a record is inconclusive.
EMPTY_TRANSLATION = "empty_translation"
NO_ALIGNMENT = "no_alignment"
NO_GENDER = "no_gender"
CONFLICTING_GENDER = "conflicting_gender"
#: The noun's own gender is one its language's analyser gives nouns of either (agreement.toml
#: ``unmarked``), and no word agreeing with it marks the person's (hi "लेखक हैं").
UNMARKED_GENDER = "unmarked_gender"
#: The aligned noun names a thing (every noun reading has an agreement.toml ``inanimate``
#: feature set: ru "[Пекарня] – ее сестра", the baker translated as a bakery) and no
#: predicate of the sentence marks the person's gender. Also the evidence role that says so.
NOT_A_PERSON = "not_a_person"
#: The evidence role of a thing read by its own gender where the translation says it is a
#: person (ru "[Пекарня] – ее сестра").
THING_AS_PERSON = "thing_as_person"
#: The word aligned to the occupation is the English word left in place, and nothing of the
#: person's marks a gender (checker/rules/untranslated.py) ...
UNTRANSLATED = "untranslated"
#: ... or may be: it is spelled as the English word, and no lexicon of the language was
#: there to tell an English word from one of the language spelled alike (es "doctor").
UNTRANSLATED_UNVERIFIABLE = "untranslated_unverifiable"
#: What made a reading ``neutral`` or ``both`` (checker/rules/neutral.py, data
#: checker/data/neutral.toml), each also the evidence role of the word that shows it: a noun
#: that names anyone (de "Lehrkraft"); the masculine form a language uses for anyone, with
#: nothing of the person's to mark a gender (nl "de kapper"); an inclusive spelling (de
#: "Lehrer*in"); both genders' forms coordinated (es "el enfermero o la enfermera").
NEUTRAL_NOUN = "neutral_noun"
GENERIC_FORM = fields.GENERIC_FORM  # WinoMT's scores read it too (scores/winomt.py)
#: ... and a noun of common gender (fr "l'artiste": its readings name both) that nothing
#: agreeing with it, nor the person's words, marks.
COMMON_GENDER = "common_gender"
INCLUSIVE_FORM = "inclusive_form"
DOUBLET = "doublet"
#: The translation is many times longer than its source (checker/pipeline/stages.py
#: too_long): not a translation of it, and not worth the minutes its tagging would take.
TOO_LONG = "too_long"
UNSUPPORTED_LANGUAGE = "unsupported_language"

#: The evidence role of a word read in place of the aligned one.
REALIGNED = "realigned"
#: The evidence role of the noun read in place of its aligned complement (agreement.toml
#: ``complement``, ``bare_complement``: es "[profesor] de secundaria", ar "[مضيفة] طيران").
COMPLEMENT_OF = "complement_of"
#: The evidence role of the noun read in place of the aligned bare noun that qualifies it
#: (agreement.toml ``qualifier_nouns``: es "[profesora] asistente").
QUALIFIED = "qualified"
#: The evidence role of the "one" read in place of the group noun of a partitive
#: (agreement.toml ``one_words``: it "[una] dei redattori").
ONE_OF = "one_of"
#: The evidence role of the note on a pair the aligner cut to what its model reads
#: (checker/backends/simalign_aligner.py): the first target word left unaligned.
TRUNCATED = "truncated"


@dataclass(frozen=True, slots=True)
class Evidence:
    """A target word the gender was read from, and the readings that gave it."""

    index: int
    text: str
    role: str  # "noun": the aligned word itself; "predicate", "clause", "phrase": a bound word;
    # "coordinate": another role of the person in a list of bare roles;
    # "predicate_noun": hi/ur, the noun before the copula of the noun's clause (and its
    # words); "other_subject": a sentence predicate set aside, its subject being someone
    # else; "realigned": the word read in place of the aligned one, and why;
    # "complement_of": the noun read in place of its aligned complement; "qualified": the
    # noun read in place of the aligned noun that qualifies it; "one_of": the "one" read
    # in place of the group noun of "one of the nouns"; "not_a_person":
    # why a noun that names a thing decides nothing; "thing_as_person": a thing the
    # sentence says is a person, read by its own gender; "truncated": the first word the
    # aligner left out of a pair longer than its model reads, and why
    gender: str | None
    readings: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TargetToken:
    """A target word aligned to the occupation."""

    index: int
    text: str


@dataclass(frozen=True)
class Verdict:
    label: str
    reason: str | None = None  # why inconclusive, or what made it neutral or both
    target_tokens: tuple[TargetToken, ...] = ()
    target_gender: str | None = None
    evidence: tuple[Evidence, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The fields a result record gets beside the input record's own. Target tokens
        and evidence stay dataclasses, which orjson (common.io.dumps) writes as JSON objects
        field by field: building millions of small dicts first costs more than the rest
        of writing."""
        return {
            "label": self.label,
            "reason": self.reason,
            "target_tokens": self.target_tokens,
            "target_gender": self.target_gender,
            "evidence": self.evidence,
        }


def inconclusive(reason: str) -> Verdict:
    return Verdict(INCONCLUSIVE, reason)


def decided(
    gender: str, target_tokens: tuple[TargetToken, ...], evidence: tuple[Evidence, ...]
) -> Verdict:
    """The reading of a translation that gives the person ``gender``."""
    return Verdict(GENDER_LABEL[gender], None, target_tokens, gender, evidence)


def answer(reading: Verdict, expected_gender: str | None) -> Verdict:
    """The record's label from the ``reading``: the reading itself for an open-gender record
    (no expected gender); for a fixed one, a gender read is ``correct`` where it is the
    expected one, else ``wrong``, and a neutral, inclusive or inconclusive reading stays."""
    if expected_gender is None or reading.label not in (FEMININE, MASCULINE):
        return reading
    return replace(reading, label=CORRECT if reading.target_gender == expected_gender else WRONG)
