"""Russian, Serbo-Croatian and Romanian words the analysers read as things, guess, do not
know or gender by another person: an occupation translated as a thing (ru inanimate, ro
neuter: not_a_person, unless the sentence says the thing is a person), a noun before the
copular dash read as the nominative subject, a subject no analyser knows named by its
predicate noun, a ro genitive pronoun that agrees with its possessor.

Real analysers (Apertium, pymorphy3), the occupation's link given by hand; the sentence
shapes are those of M2M-100's translations of the grammar paper's set ("The baker is her
affectionate sister.").
"""

from __future__ import annotations

import pytest
from test_lang_slavic import check

from checker.pipeline.records import tokenize_english
from checker.rules.agreement_rules import agreement_rules
from checker.rules.label import label

_SAID_TO_BE_BROTHER = "My receptionist is her loving brother."


@pytest.mark.parametrize(
    ("lang", "source", "occupation", "target", "linked", "expected", "outcome"),
    [
        # the baker translated as a bakery, the cleaner as a cleaning agent, each said to be
        # a person: read by its own gender, as the grammar paper's pipeline reads it
        (
            "ru",
            "The baker is her affectionate sister.",
            "baker",
            "Пекарня – ее любящая сестра.",
            "Пекарня",
            "female",
            "correct",
        ),
        (
            "ru",
            "That cleaner is his logical mother.",
            "cleaner",
            "Этот очиститель – его логическая мать.",
            "очиститель",
            "female",
            "wrong",
        ),
        # after a copula verb the predicate noun is instrumental
        (
            "ru",
            "That receptionist is her loving brother.",
            "receptionist",
            "Этот приемник является ее любящим братом.",
            "приемник",
            "female",
            "wrong",
        ),
        # uk and be write the verbless present-tense copula as a dash too (agreement.toml)
        (
            "uk",
            _SAID_TO_BE_BROTHER,
            "receptionist",
            "Моя пекарня - її люблячий брат.",
            "пекарня",
            "male",
            "wrong",
        ),
        (
            "be",
            _SAID_TO_BE_BROTHER,
            "receptionist",
            "Рэцэпцыя — гэта яе добры брат.",
            "Рэцэпцыя",
            "male",
            "wrong",
        ),
        # ro: a neuter thing agrees as a masculine noun in the singular (agreement.toml
        # thing_masculine); M2M writes "Frigiderul" for the attendant only when a brother
        (
            "ro",
            _SAID_TO_BE_BROTHER,
            "receptionist",
            "Frigiderul este sora ei iubitoare.",
            "Frigiderul",
            "female",
            "wrong",
        ),
    ],
)
def test_an_occupation_translated_as_a_thing_said_to_be_a_person_is_read_by_its_gender(
    taggers, lang, source, occupation, target, linked, expected, outcome
):
    verdict = check(taggers, lang, source, occupation, target, linked, expected)
    assert verdict.label == outcome, verdict.to_json()
    roles = [(e.text, e.role) for e in verdict.evidence]
    assert (linked, "thing_as_person") in roles


def test_an_occupation_translated_as_a_thing_said_to_be_nobody_is_not_a_person(taggers):
    # WinoMT shape: the hairdresser translated as a hair salon, which the developer visited
    verdict = check(
        taggers,
        "ru",
        "The developer visited the hairdresser.",
        "hairdresser",
        "Разработчик посетил парикмахерскую.",
        "парикмахерскую",
    )
    assert (verdict.label, verdict.reason) == ("inconclusive", "not_a_person")
    assert ("парикмахерскую", "not_a_person") in [(e.text, e.role) for e in verdict.evidence]


def test_a_thing_whose_sentence_predicate_marks_the_person_is_decided(taggers):
    # the aligner linked the doctor to the school; the verb says she is a woman
    verdict = check(
        taggers,
        "ru",
        "The doctor worked at the school.",
        "doctor",
        "Она работала в школе.",
        "школе",
    )
    assert verdict.label == "correct"


def test_a_noun_before_the_copular_dash_is_read_as_its_nominative_subject(taggers):
    # pymorphy3 guesses "Фризьорка" as the genitive or accusative of a masculine
    # "фризьорк" as well as a feminine nominative: before the dash it is the subject
    verdict = check(
        taggers,
        "ru",
        "The hairdresser is her dainty sister.",
        "hairdresser",
        "Фризьорка - ее данильная сестра.",
        "Фризьорка",
    )
    assert (verdict.label, verdict.target_gender) == ("correct", "female")


def test_a_hbs_subject_no_analyser_knows_names_the_person_of_its_predicate_noun(taggers):
    # M2M's "Frizera" (for frizer/frizerka) is unknown to the analysers: the predicate
    # noun after "je", past the possessive and adjective, names the same person
    verdict = check(
        taggers,
        "hr",
        "The hairdresser is her emotional sister.",
        "hairdresser",
        "Frizera je njezina emocionalna sestra.",
        "Frizera",
    )
    assert (verdict.label, verdict.target_gender) == ("correct", "female")
    assert ("sestra", "predicate") in [(e.text, e.role) for e in verdict.evidence]


@pytest.mark.parametrize(
    "target",
    ["Avocatul ei este fratele lui Dainty.", "Avocatul ei iubitor este fratele ei."],
)
def test_a_romanian_genitive_pronoun_takes_its_possessors_gender_not_the_nouns(taggers, target):
    # "ei" (her) is a form of the possessive "lui" to Apertium, feminine as its possessor:
    # the lawyer is masculine, and an adjective after the pronoun still agrees with him
    verdict = check(taggers, "ro", "The lawyer is her brother.", "lawyer", target, "Avocatul")
    assert (verdict.label, verdict.target_gender) == ("wrong", "male")
    texts = [e.text for e in verdict.evidence]
    assert "ei" not in texts
    assert ("iubitor" in texts) == ("iubitor" in target)


def test_a_romanian_neuter_thing_is_read_by_its_own_agreement_not_its_possessive(taggers):
    # the hairdresser translated as "my refrigerator", said to be her brother: "meu" agrees
    # with the thing, which is read as the masculine a neuter is in the singular
    verdict = check(
        taggers,
        "ro",
        "The hairdresser is her affectionate brother.",
        "hairdresser",
        "Frigiderul meu este fratele ei iubitor.",
        "Frigiderul",
        "male",
    )
    assert verdict.label == "correct", verdict.to_json()
    roles = [e.role for e in verdict.evidence]
    assert "thing_as_person" in roles and "phrase" not in roles


def test_a_person_sense_the_first_analyser_lacks_is_read_from_the_next(taggers):
    # Apertium reads "страж" only as the genitive plural of "стража" (guard duty);
    # pymorphy3 (languages.toml person_readings) lists the guard
    (sentence,) = taggers("ru").tag(["Этот страж – ее сильный отец."])
    assert any("NOUN,anim,masc" in a.evidence for a in sentence.words[1].analyses)
    target = "Этот страж – ее сильный отец."
    verdict = check(taggers, "ru", "That guard is her strong father.", "guard", target, "страж")
    assert (verdict.label, verdict.target_gender) == ("wrong", "male")


@pytest.mark.parametrize(
    ("target", "linked", "outcome", "reason"),
    [
        # "глава" (head) is of common gender: Apertium's masculine and pymorphy3's ms-f
        # readings leave it open, and the predicate noun after the dash names the person
        ("Глава – это ее эмоциональная мать.", "Глава", "correct", None),
        # the occupation linked to the genitive complement (a thing): its head is read, and
        # the predicate noun past the complement names the person
        ("Глава компании – ее агрессивная сестра.", "компании", "correct", None),
        ("Глава компании – ее агрессивный брат.", "Глава", "wrong", None),
        # a masculine noun is not overruled by the predicate noun (its verb reading,
        # the imperative "кухарь", has no gender and does not open it)
        ("Кухарь – ее логическая сестра.", "Кухарь", "wrong", None),
    ],
)
def test_a_common_gender_head(taggers, target, linked, outcome, reason):
    verdict = check(taggers, "ru", "The ceo is her sister.", "ceo", target, linked)
    assert (verdict.label, verdict.reason) == (outcome, reason)
    if linked == "компании":
        assert [e.role for e in verdict.evidence][:2] == ["complement_of", "noun"]
        assert verdict.evidence[0].text == "Глава"


def test_a_romanian_genitive_pronoun_linked_with_the_occupation_does_not_vote(taggers):
    # the aligner links "janitor" to both "Fratele" and "ei" (also "they", plural)
    (sentence,) = taggers("ro").tag(["Fratele ei este fratele ei muscular."])
    source = tokenize_english("The janitor is her muscular brother.")
    verdict = label(
        expected_gender="male",
        source_tokens=source,
        occupation=(1, 2),
        sentence=sentence,
        alignment=frozenset({(1, 0), (1, 1)}),
        rules=agreement_rules("ro"),
    )
    assert (verdict.label, [e.text for e in verdict.evidence]) == ("correct", ["Fratele"])


@pytest.mark.parametrize(
    ("translation", "word", "expected", "outcome"),
    [
        # M2M's "that one" for "That attendant": the aligner on the verb, the pronoun read
        ("Acela este fratele ei grațios.", "este", "male", "correct"),
        ("Acela a fost fratele ei iubitor.", "a", "female", "wrong"),
        ("Aceea este sora lui.", "este", "female", "correct"),
        # a noun before the verb is read as before
        ("Bărbatul este fratele ei.", "este", "female", "wrong"),
    ],
)
def test_romanian_pronoun_before_the_aligned_verb(label_word, translation, word, expected, outcome):
    verdict = label_word("ro", translation, word, expected)
    assert verdict.label == outcome, verdict.to_json()
