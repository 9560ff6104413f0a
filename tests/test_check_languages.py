"""Labelling with the real offline analysers: one hand-made table per language.

The alignment is given by hand (the occupation → the named target word), so these test the
tagger's readings together with each language's agreement rules.
"""

from __future__ import annotations

import pytest
from conftest import label_linked

from checker.rules.agreement_rules import agreement_rules
from checker.rules.label import label

CASES = [
    # lang, translation, the occupation's word in it, expected gender, label
    ("es", "La periodista llegó tarde.", "periodista", "female", "correct"),
    ("es", "El periodista llegó tarde.", "periodista", "female", "wrong"),
    ("es", "La enfermera es mi hermano.", "enfermera", "male", "wrong"),
    ("es", "La médico fue elegida.", "médico", "female", "correct"),
    # a participle after "have" agrees with nobody (es "había intentado", fr "a travaillé")
    ("es", "La analista había intentado llamar.", "analista", "female", "correct"),
    ("fr", "La juge est arrivée.", "juge", "female", "correct"),
    ("fr", "La juge a travaillé.", "juge", "female", "correct"),
    ("fr", "Le juge est arrivé.", "juge", "female", "wrong"),
    ("it", "La giornalista è arrivata.", "giornalista", "female", "correct"),
    ("it", "Il giornalista è arrivato.", "giornalista", "female", "wrong"),
    ("it", "La giornalista ha lavorato.", "giornalista", "female", "correct"),
    ("pt", "A analista tinha trabalhado.", "analista", "female", "correct"),
    ("pt", "A jornalista chegou.", "jornalista", "female", "correct"),
    # an unknown capitalised word is a name, whose participles are the person's (it was
    # read as a feminine noun by its ending, which no participle could then follow)
    ("pt", "Getzowa foi contratada como especialista.", "especialista", "female", "correct"),
    ("pt", "O jornalista chegou.", "jornalista", "female", "wrong"),
    ("ca", "La periodista és la meva germana.", "periodista", "female", "correct"),
    ("de", "Die Lehrerin ist meine Schwester.", "Lehrerin", "female", "correct"),
    ("de", "Der Lehrer ist meine Schwester.", "Lehrer", "female", "wrong"),
    ("de", "Die Angestellte ist meine Schwester.", "Angestellte", "female", "correct"),
    # adjectival nouns: the strong -er form is masculine (the feminine genitive and dative
    # "Angestellter" needs no article, and nothing else then reads it)
    ("de", "Er war als Angestellter tätig.", "Angestellter", "male", "correct"),
    ("de", "Sie ist Lehrbeauftragter an der Universität.", "Lehrbeauftragter", "female", "wrong"),
    ("ru", "Врач пришла вовремя.", "Врач", "female", "correct"),
    ("ru", "Врач пришёл вовремя.", "Врач", "female", "wrong"),
    ("ru", "Она стала хорошим врачом.", "врачом", "female", "correct"),
    ("ru", "Учительница — моя сестра.", "Учительница", "female", "correct"),
    ("uk", "Вчителька прийшла.", "Вчителька", "female", "correct"),
    ("pl", "Nauczycielka przyszła.", "Nauczycielka", "female", "correct"),
]


@pytest.mark.parametrize(("lang", "translation", "word", "expected", "outcome"), CASES)
def test_offline_language(label_word, lang, translation, word, expected, outcome):
    verdict = label_word(lang, translation, word, expected)
    assert verdict.label == outcome, verdict.to_json()


@pytest.mark.parametrize(
    ("translation", "outcome"),
    [
        # the only person noun no source word is linked to is read
        ("Она продолжала работать дирижером хоров.", ("correct", "дирижером")),
        # two candidates: no guess
        ("Дирижер подарил цветы певице.", ("inconclusive", None)),
    ],
)
def test_unlinked_occupation_reads_the_only_person_noun(taggers, translation, outcome):
    sentence = taggers("ru").tag([translation])[0]
    verdict = label(
        expected_gender="female",
        source_tokens=["The", "conductor"],
        occupation=(1, 2),
        sentence=sentence,
        alignment=frozenset(),
        rules=agreement_rules("ru"),
    )
    read = verdict.target_tokens[0].text if verdict.target_tokens else None
    assert (verdict.label, read) == outcome, verdict.to_json()


def test_an_occupation_linked_to_the_copula_reads_its_predicate_noun(taggers):
    """The occupation left out, the aligner linking it to the copula: the predicate noun says
    who the English subject is ("That nurse is my brother" → "C'est son frère"), read though
    the aligner linked it to "brother"; "son", a determiner here, also reads as the noun
    "sound" and is not read. (A hand alignment with the occupation's link alone once stood
    for this case; a real aligner links the other words too.)"""
    verdict = label_linked(
        taggers,
        "fr",
        "That muscular nurse is my brother .",
        "nurse",
        "C'est son frère musculaire.",
        {"nurse": "C'est", "my": "son", "brother": "frère", "muscular": "musculaire"},
        "male",
    )
    assert (verdict.label, verdict.evidence[0].text) == ("correct", "frère"), verdict.evidence
