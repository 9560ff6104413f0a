"""Swedish, Danish, Norwegian and Icelandic through the UD-profile harness: the hand-aligned
cases of tests/test_lang_nordic.py read as their default Stanza models would give them
(checker/data/ud_profiles.toml: Talbanken and DDT give nouns and pronouns Com or Neut, han
and hon alike; NDT and IcePaHC Masc/Fem/Neut) label as on the offline path (the
copula-subject cases run on both paths in tests/test_lang_nordic.py)."""

from __future__ import annotations

import pytest
from conftest import label_linked
from test_lang_nordic import CASES

from checker.backends.base import FEMALE, MALE


@pytest.mark.parametrize(("lang", "translation", "word", "expected", "outcome"), CASES)
def test_nordic_cases_label_alike_as_the_stanza_model_gives_them(
    ud_taggers, lang, translation, word, expected, outcome
):
    verdict = label_linked(
        ud_taggers, lang, "The occupation", "occupation", translation, {"occupation": word},
        expected,
    )  # fmt: skip
    assert verdict.label == outcome, verdict.to_json()


@pytest.mark.parametrize(
    ("lang", "text", "word", "upos", "genders"),
    [
        # Com: either sex, as Apertium's ut (the weak adjective's Masc stays the model's:
        # "Den unge läkaren" is masculine in CASES)
        ("sv", "Den unge läkaren kom.", "läkaren", "NOUN", {MALE, FEMALE}),
        # Com to the model; the sex from gen's pronoun list, word list and suffix rules
        ("sv", "Hon kom.", "Hon", "PRON", {FEMALE}),
        ("sv", "Han är min bror.", "Han", "PRON", {MALE}),
        ("sv", "Han är min bror.", "bror", "NOUN", {MALE}),
        ("sv", "Lärarinnan kom.", "Lärarinnan", "NOUN", {FEMALE}),
        ("da", "Han kom.", "Han", "PRON", {MALE}),
        ("da", "Lærerinden kom.", "Lærerinden", "NOUN", {FEMALE}),
        # NDT: the model's Masc/Fem, the generic masculine read as on the offline path
        ("nb", "Hun kom.", "Hun", "PRON", {FEMALE}),
        ("nb", "Legen kom.", "Legen", "NOUN", {MALE}),
    ],
)
def test_nordic_words_get_the_sex_the_offline_path_reads(
    ud_taggers, lang, text, word, upos, genders
):
    (sentence,) = ud_taggers(lang).tag([text])
    found = sentence.words[sentence.tokens.index(word)]
    assert {g for reading in found.analyses if reading.upos == upos for g in reading.genders} == (
        genders
    )
