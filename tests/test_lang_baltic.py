"""Czech, Greek, Lithuanian and Latvian: read by their word forms alone (the "suffixes"
analyser with checker/data/suffixes/LANG.toml) and their agreement rules; Macedonian,
Bulgarian and Slovene: Apertium, with the same rules for the nouns it does not know.

The sentences have the shapes M2M-100 gives the grammar paper's set ("The X is her ADJ
brother"), with other occupations; the alignment is given by hand (the occupation → the
named target word), so these test the readings together with the agreement rules.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from checker.languages import language

CASES = [
    # lang, translation, the occupation's word in it, expected gender, label, and words of
    # the evidence that names the rule ("ROLE WORD: reading (note)")
    # cs: the noun's ending (-ka feminine, a consonant masculine, -ce masculine agent nouns,
    # -ace and the like feminine things)
    ("cs", "Účetní je její milá sestra.", "Účetní", "female", "correct", "predicate sestra"),
    ("cs", "Prodavačka je jeho silný bratr.", "Prodavačka", "male", "wrong", "-ka"),
    ("cs", "Uklízeč je její krásný bratr.", "Uklízeč", "male", "correct", "consonant"),
    ("cs", "Poradce je její milující bratr.", "Poradce", "male", "correct", "agent nouns in -ce"),
    ("cs", "Redakce je její silný bratr.", "Redakce", "male", "wrong", "-ace"),
    # cs: demonstratives and possessives agree; they overrule the ending's guess
    ("cs", "Ta účetní je její sestra.", "účetní", "female", "correct", "feminine nominative"),
    ("cs", "Můj účetní je její bratr.", "účetní", "male", "correct", "masculine nominative"),
    ("cs", "Ten předseda je její bratr.", "předseda", "male", "correct", "masculine nominative"),
    ("cs", "Mou sekretářkou je její sestra.", "sekretářkou", "female", "correct", "instrumental"),
    # cs: an adjectival noun of open gender takes its predicate noun's (after a copula), but
    # not over an agreeing determiner
    ("cs", "Recepční je její emocionální bratr.", "Recepční", "male", "correct", "predicate bratr"),
    ("cs", "Tahle paní je její ženský bratr.", "paní", "male", "wrong", "feminine nominative"),
    # cs: past tense -la/-l, read as the person's predicate
    ("cs", "Účetní pracovala v bance.", "Účetní", "female", "correct", "past tense"),
    # an adjective after the copula is the predicate noun's, not the person's predicate; a
    # past-tense "be" is
    ("cs", "Redaktorka je milý bratr.", "Redaktorka", "female", "correct", "-ka"),
    ("cs", "Redaktor byla jeho sestra.", "Redaktor", "female", "correct", "predicate byla"),
    ("lt", "Rašytoja yra mylimas brolis.", "Rašytoja", "female", "correct", "feminine"),
    ("lv", "Redaktore ir mīļais brālis.", "Redaktore", "female", "correct", "feminine"),
    # el: the article decides a common-gender title; the ending a noun without one
    (
        "el",
        "Η γραμματέας είναι ο αγαπημένος της αδελφός.",
        "γραμματέας",
        "male",
        "wrong",
        "feminine singular article",
    ),
    ("el", "Ο ταμίας είναι η αδελφή της.", "ταμίας", "male", "correct", "masculine singular"),
    (
        "el",
        "Αυτή η δικηγόρος είναι η αδελφή του.",
        "δικηγόρος",
        "female",
        "correct",
        "feminine singular article",
    ),
    (
        "el",
        "Ο μπέικερ είναι ο ισχυρός αδελφός της.",
        "μπέικερ",
        "male",
        "correct",
        "masculine singular article",
    ),
    ("el", "Η διευθύντρια είναι η μητέρα του.", "διευθύντρια", "female", "correct", "-τρια"),
    ("el", "Νοσοκόμα είναι η αδελφή του.", "Νοσοκόμα", "female", "correct", "-α or -η"),
    # el: a neuter title names no gender; its predicate noun does
    ("el", "Το αφεντικό είναι ο αδελφός της.", "αφεντικό", "male", "correct", "predicate αδελφός"),
    # lt: -as/-is/-ys/-us masculine, -a/-ė feminine; a demonstrative or a masculine noun of
    # the -ė declension overrules the ending
    ("lt", "Mokytoja yra jos mylima sesuo.", "Mokytoja", "female", "correct", "feminine"),
    ("lt", "Mano kasininkas yra jos brolis.", "kasininkas", "female", "wrong", "masculine"),
    ("lt", "Ta vadovė yra jo sesuo.", "vadovė", "female", "correct", "feminine nominative"),
    ("lt", "Mano dėdė yra jos jautrus brolis.", "dėdė", "male", "correct", "dėdė"),
    # "medicinos sesuo" (a nurse): sesuo is the feminine of the -uo declension
    ("lt", "Medicinos sesuo yra jo mylimas brolis.", "sesuo", "male", "wrong", "sesuo"),
    # lt: a word no rule reads takes the predicate noun's gender after the copula (past
    # the adjective before it, which only its ending reads: "emocinis" is no noun)
    ("lt", "Šuo yra jo emocinis brolis.", "Šuo", "male", "correct", "predicate brolis"),
    # lv: -s/-š/-is masculine, -a/-e feminine; possessives agree
    (
        "lv",
        "Mana recepcioniste ir viņas skaists brālis.",
        "recepcioniste",
        "male",
        "wrong",
        "feminine",
    ),
    ("lv", "Šis frizieris ir viņa delikāts brālis.", "frizieris", "male", "correct", "-is"),
    ("lv", "Mana pavāre ir viņas māsa.", "pavāre", "female", "correct", "feminine nominative"),
    # lv: a genitive before the noun is no agreeing adjective ("crew member")
    (
        "lv",
        "Apkalpes loceklis ir viņas mīlošais brālis.",
        "loceklis",
        "male",
        "correct",
        "masculine nominative singular in -is",
    ),
    # mk, bg: Apertium knows few occupation nouns; the rules read them with their article
    ("mk", "Оваа учителка е нејзината сестра.", "учителка", "female", "correct", "phrase Оваа"),
    ("mk", "Учителот е нејзиниот брат.", "Учителот", "male", "correct", "article -от"),
    ("mk", "Новинарката е неговиот брат.", "Новинарката", "male", "wrong", "-ка, -ица"),
    ("mk", "Докторот работела.", "Докторот", "female", "correct", "predicate работела"),
    ("bg", "Тази учителка е нейната сестра.", "учителка", "female", "correct", "phrase Тази"),
    ("bg", "Учителят е неин брат.", "Учителят", "male", "correct", "article -ът, -ят"),
    ("bg", "Журналистката е неговият брат.", "Журналистката", "male", "wrong", "-ка, -ица"),
    # sl: as hbs
    ("sl", "Zdravnica je njena sestra.", "Zdravnica", "female", "correct", "-ica, -ka"),
    ("sl", "Učitelj je njen brat.", "Učitelj", "male", "correct", "consonant"),
]


@pytest.mark.parametrize(("lang", "translation", "word", "expected", "outcome", "rule"), CASES)
def test_forms_and_agreement(label_word, lang, translation, word, expected, outcome, rule):
    verdict = label_word(lang, translation, word, expected)
    assert verdict.label == outcome, verdict.to_json()
    evidence = [f"{e.role} {reading}" for e in verdict.evidence for reading in e.readings]
    assert any(rule in line for line in evidence), evidence


@pytest.mark.parametrize(
    ("lang", "word", "upos"),
    [("el", "η", {"DET"}), ("cs", "milá", {"ADJ"}), ("lt", "gražus", {"NOUN", "ADJ"})],
)
def test_a_rule_reads_the_word_classes_it_names(taggers, lang, word, upos):
    (tagged,) = taggers(lang).tag([word])[0].words
    assert tagged.upos_set == upos


def test_the_dictionaries_are_named_where_freedict_has_one():
    with_one = {code for code in ("cs", "el", "lt", "lv") if language(code).dictionary}
    assert with_one == {"cs", "el", "lt"}


def test_gen_languages_lists_them():
    listing = subprocess.run(
        [sys.executable, "-m", "gen", "languages"], capture_output=True, text=True, check=True
    ).stdout
    for name in ("Czech", "Greek", "Lithuanian", "Latvian", "Macedonian", "Bulgarian", "Slovene"):
        assert name in listing
