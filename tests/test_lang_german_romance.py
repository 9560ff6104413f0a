"""German and Romance checking: article case and agreement, loan nouns, with the real
offline analysers and a hand-given alignment (the occupation → the named target word).

Sentence shapes are those of real MT output: the grammar paper's "The X is her Y brother"
set and WinoMT's two-person sentences ("Der Arzt rief die Krankenschwester an, weil ...").
"""

from __future__ import annotations

import pytest

from checker.agreement import agreement_rules
from checker.label import label


def _verdict(taggers, lang, translation, word, expected):
    sentence = taggers(lang).tag([translation])[0]
    return label(
        expected_gender=expected,
        source_tokens=["The", word.lower()],
        occupation=(1, 2),
        sentence=sentence,
        alignment=frozenset({(1, sentence.tokens.index(word))}),
        rules=agreement_rules(lang),
    )


CASES = [
    # lang, translation, the occupation's word in it, expected gender, label
    # article case: "der" is m Sing Nom or f Sing Gen/Dat; the adjectival noun's own forms
    # leave only the masculine nominative (the feminine would be "der Vorgesetzten")
    ("de", "Der Vorgesetzte ist ihr Bruder.", "Vorgesetzte", "male", "correct"),
    ("de", "Dieser Vorgesetzte ist ihre Schwester.", "Vorgesetzte", "female", "wrong"),
    ("de", "Die Vorgesetzte ist ihre Schwester.", "Vorgesetzte", "female", "correct"),
    # a noun german-nouns lacks takes what its article allows: first in the sentence it is
    # the subject ("Der" m Sing Nom), and a person is not neuter ("Mein" m or n Sing Nom)
    ("de", "Der Analyst ist ihr Bruder.", "Analyst", "male", "correct"),
    ("de", "Mein Janitor ist ihr Bruder.", "Janitor", "male", "correct"),
    ("de", "Dieser Janitor ist ihre Schwester.", "Janitor", "female", "wrong"),
    ("de", "Die Janitor ist ihre Schwester.", "Janitor", "female", "correct"),
    ("de", "Der neue Analyst ist ihr Bruder.", "Analyst", "male", "correct"),
    # a preposition governs the case: "mit der" is dative, so feminine
    ("de", "Der Arzt sprach mit der Janitor.", "Janitor", "female", "correct"),
    ("de", "Der Arzt rief den Janitor an, weil er krank war.", "Janitor", "male", "correct"),
    # the feminine motion suffix is read by its own rule, whatever case "der" allows
    ("de", "Der Janitorin gefiel das Buch.", "Janitorin", "female", "correct"),
    # a known feminine noun keeps its dative reading first in the sentence
    ("de", "Der Lehrerin gefiel das Buch.", "Lehrerin", "female", "correct"),
    # nothing German about a bare English word: untranslated
    ("de", "Janitor ist ihr Bruder.", "Janitor", "male", "inconclusive"),
]


@pytest.mark.parametrize(("lang", "translation", "word", "expected", "outcome"), CASES)
def test_label(taggers, lang, translation, word, expected, outcome):
    verdict = _verdict(taggers, lang, translation, word, expected)
    assert verdict.label == outcome, verdict.to_json()


def test_loan_noun_evidence_names_the_rule(taggers):
    verdict = _verdict(taggers, "de", "Der Analyst ist ihr Bruder.", "Analyst", "male")
    readings = " ".join(r for e in verdict.evidence for r in e.readings)
    assert "read as a person noun" in readings
    assert "first in its sentence: subject" in readings


def test_bare_english_word_is_untranslated(taggers):
    verdict = _verdict(taggers, "de", "Janitor ist ihr Bruder.", "Janitor", "male")
    assert verdict.reason == "untranslated"
