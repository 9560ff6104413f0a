"""What the translation gives a person the source leaves open (open-gender records), and the
neutral and inclusive answers of fixed ones: the conventions of checker/data/neutral.toml,
on sentence shapes of each kind, read by the real offline analysers."""

from __future__ import annotations

import pytest

from checker.rules.verdict import Verdict, answer
from common.fields import BOTH, CORRECT, FEMININE, INCONCLUSIVE, MASCULINE, NEUTRAL, WRONG

OPEN = [
    # the noun's own form, its article, its predicate (es, de, fr, el)
    ("es", "La enfermera arregló el enchufe.", "enfermera", FEMININE, None),
    ("es", "El enfermero arregló el enchufe.", "enfermero", MASCULINE, None),
    ("de", "Die Lehrerin erklärte die Aufgabe.", "Lehrerin", FEMININE, None),
    ("de", "Der Lehrer erklärte die Aufgabe.", "Lehrer", MASCULINE, None),
    ("fr", "L'artiste est arrivée en retard.", "artiste", FEMININE, None),
    # el: the article decides a noun of common gender (Holton et al. §2.1)
    ("el", "Η γραμματέας ήρθε νωρίς.", "γραμματέας", FEMININE, None),
    ("el", "Ο γραμματέας ήρθε νωρίς.", "γραμματέας", MASCULINE, None),
    ("el", "Το άτομο ήρθε νωρίς.", "άτομο", NEUTRAL, "neutral_noun"),
    # a noun of common gender that nothing marks (fr "l'", it "l'"): neutral
    ("fr", "L'artiste a chanté toute la nuit.", "artiste", NEUTRAL, "common_gender"),
    ("es", "Sobre mi recepcionista: es puntual.", "recepcionista", NEUTRAL, "common_gender"),
    # ... but a word no analyser knows before the noun (an English adjective MT left in place)
    # may hide its determiner ("un"): undecided, not neutral
    ("es", "Es un assertive recepcionista.", "recepcionista", INCONCLUSIVE, "no_gender"),
    # a noun of common gender the dictionary lists with one gender (Apertium: electricista
    # <f>) takes its article's (RAE, Nueva gramática §2.4)
    ("es", "El electricista arregló el enchufe.", "electricista", MASCULINE, None),
    ("es", "La electricista arregló el enchufe.", "electricista", FEMININE, None),
    # neutral rewordings: their gender is the word's, not the person's
    ("de", "Die Lehrkraft erklärte die Aufgabe.", "Lehrkraft", NEUTRAL, "neutral_noun"),
    ("de", "Das Mitglied stimmte dem Antrag zu.", "Mitglied", NEUTRAL, "neutral_noun"),
    ("de", "Die Lehrperson erklärte die Aufgabe.", "Lehrperson", NEUTRAL, "neutral_noun"),
    ("es", "La persona encargada firmó el contrato.", "persona", NEUTRAL, "neutral_noun"),
    ("es", "El personal docente firmó el contrato.", "docente", NEUTRAL, "neutral_noun"),
    # ... unless a copula says who the person is
    ("es", "Esa persona es su hermano.", "persona", MASCULINE, None),
    ("nl", "De leerkracht legde de les uit.", "leerkracht", NEUTRAL, "neutral_noun"),
    # inclusive spellings and doublets: both
    ("es", "El/la enfermero/a arregló el enchufe.", "enfermero", BOTH, "inclusive_form"),
    ("es", "El profesor(a) corrigió los exámenes.", "profesor", BOTH, "inclusive_form"),
    ("es", "El enfermero o la enfermera firmó.", "enfermero", BOTH, "doublet"),
    ("de", "Die Lehrer*in erklärte die Aufgabe.", "Lehrer", BOTH, "inclusive_form"),
    ("de", "Die Lehrer:in erklärte die Aufgabe.", "Lehrer", BOTH, "inclusive_form"),
    ("de", "Der/die Lehrer/-in erklärte die Aufgabe.", "Lehrer", BOTH, "inclusive_form"),
    ("de", "Die LehrerIn erklärte die Aufgabe.", "LehrerIn", BOTH, "inclusive_form"),
    ("de", "Lehrerinnen und Lehrer erklärten die Aufgabe.", "Lehrer", BOTH, "doublet"),
    ("fr", "L'enseignant·e a corrigé les copies.", "enseignant·e", BOTH, "inclusive_form"),
    ("fr", "L'enseignant(e) a corrigé les copies.", "enseignant", BOTH, "inclusive_form"),
    ("it", "Lə direttər ha firmato il contratto.", "direttər", BOTH, "inclusive_form"),
    # nl: "de" marks no gender and the masculine form names anyone (ANS, Taalunie): neutral
    # unless the person's own words decide, the feminine form, or its possessive
    ("nl", "De kapper knipte mijn haar.", "kapper", NEUTRAL, "generic_form"),
    ("nl", "De kapster knipte mijn haar.", "kapster", FEMININE, None),
    ("nl", "De kapper waste haar handen.", "kapper", FEMININE, None),
    ("nl", "De kapper waste zijn handen.", "kapper", MASCULINE, None),
    ("nl", "De kapper is mijn moeder.", "kapper", FEMININE, None),
    # ... but not a pronoun that may be plural ("ze", "zij": she or they): a group's, maybe
    ("nl", "De schrijver zei dat ze te laat waren.", "schrijver", NEUTRAL, "generic_form"),
]


@pytest.mark.parametrize(("lang", "translation", "word", "outcome", "reason"), OPEN)
def test_open_gender_reading(label_word, lang, translation, word, outcome, reason):
    verdict = label_word(lang, translation, word, None)
    assert (verdict.label, verdict.reason) == (outcome, reason), verdict.to_json()
    assert verdict.evidence, "the evidence names the words read"


def test_the_person_s_possessive_outranks_the_generic_form_in_the_evidence(label_word):
    verdict = label_word("nl", "De kapper waste haar handen.", "kapper", None)
    assert [(e.text, e.role) for e in verdict.evidence] == [("kapper", "noun"), ("haar", "pronoun")]


def test_a_possessive_after_a_determiner_is_a_noun(label_word):
    # nl "mijn haar": my hair, no person's "haar" (her)
    verdict = label_word("nl", "De kapper knipte mijn haar.", "kapper", None)
    assert "pronoun" not in {e.role for e in verdict.evidence}, verdict.to_json()


@pytest.mark.parametrize(
    ("translation", "word", "expected", "outcome"),
    [
        # a fixed set: the person is a man, the translation marks no gender
        ("La persona encargada firmó el contrato.", "persona", "male", NEUTRAL),
        ("El/la enfermero/a arregló el enchufe.", "enfermero", "female", BOTH),
        ("La enfermera arregló el enchufe.", "enfermera", "female", CORRECT),
        ("La enfermera arregló el enchufe.", "enfermera", "male", WRONG),
    ],
)
def test_fixed_sets_keep_correct_and_wrong_and_answer_neutral_or_both(
    label_word, translation, word, expected, outcome
):
    assert label_word("es", translation, word, expected).label == outcome


@pytest.mark.parametrize(
    ("reading", "expected", "label"),
    [
        (FEMININE, None, FEMININE),
        (FEMININE, "female", CORRECT),
        (MASCULINE, "female", WRONG),
        (NEUTRAL, "male", NEUTRAL),
        (BOTH, None, BOTH),
        (INCONCLUSIVE, "male", INCONCLUSIVE),
    ],
)
def test_one_reading_two_questions(reading, expected, label):
    gender = {FEMININE: "female", MASCULINE: "male"}.get(reading)
    assert answer(Verdict(reading, None, (), gender), expected).label == label
