"""Slavic languages through the real offline analysers: Serbian in both scripts, and whose
gender a past-tense verb names (ru, uk, be).

The sentences have the shapes of real MT output (the grammar paper's M2M-100 translations,
WinoMT's two-person sentences); the occupation's link to the target is given by hand, so
each case tests the analysers' readings and the agreement rules, not the aligner. Cases skip
where a language's analysers are not installed (CI installs them all, see scripts/setup).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from checker.pipeline.records import tokenize_english
from checker.rules.agreement_rules import agreement_rules
from checker.rules.label import label


def check(
    taggers,
    lang: str,
    source: str,
    occupation: str,
    target: str,
    linked: str,
    expected: str = "female",
):
    """The verdict on ``target`` for the English ``occupation`` in ``source``, with the
    occupation linked to the target word ``linked``."""
    tokens = tokenize_english(source)
    index = [token.lower() for token in tokens].index(occupation)
    (sentence,) = taggers(lang).tag([target])
    position = sentence.tokens.index(linked)
    return label(
        expected_gender=expected,
        source_tokens=tokens,
        occupation=(index, index + 1),
        sentence=sentence,
        alignment=frozenset({(index, position)}),
        rules=agreement_rules(lang),
    )


def test_serbian_cyrillic_is_read_in_latin_and_keeps_its_own_text(taggers):
    (sentence,) = taggers("sr").tag(["Учитељица је дошла, а Moj учитељ je došao."])
    assert sentence.tokens[:2] == ["Учитељица", "је"]
    assert sentence.tokens[6] == "учитељ"  # a Cyrillic word after a Latin one
    assert sentence.forms[:2] == ["Učiteljica", "je"]
    assert sentence.forms[6] == "učitelj"
    nouns = [a for a in sentence.words[0].analyses if a.upos == "NOUN"]
    assert nouns and all(a.genders == {"female"} for a in nouns)


def test_serbian_capitals_keep_their_digraphs(taggers):
    (sentence,) = taggers("sr").tag(["ЉУБАЗНА Љубица"])
    assert sentence.tokens == ["ЉУБАЗНА", "Љубица"]
    assert sentence.forms == ["LJUBAZNA", "Ljubica"]


@pytest.mark.parametrize(
    ("source", "occupation", "target", "linked", "outcome"),
    [
        # Cyrillic, read through its transliteration
        (
            "The teacher is her brother.",
            "teacher",
            "Учитељица је њен брат.",
            "Учитељица",
            "correct",
        ),
        ("The teacher is her brother.", "teacher", "Учитељ је њен брат.", "Учитељ", "wrong"),
        # a demonstrative or possessive (a pronoun to the analyser) agrees with the noun
        (
            "That employee is his brother.",
            "employee",
            "Taj zaposleni je njegov brat.",
            "zaposleni",
            "wrong",
        ),
        (
            "My employee is his brother.",
            "employee",
            "Moja zaposlena je njegov brat.",
            "zaposlena",
            "correct",
        ),
        # -ista nouns are masculine (the feminine is -istkinja)
        (
            "That pianist is her brother.",
            "pianist",
            "Тај пијаниста је њен брат.",
            "пијаниста",
            "wrong",
        ),
    ],
)
def test_serbo_croatian(taggers, source, occupation, target, linked, outcome):
    verdict = check(taggers, "sr", source, occupation, target, linked)
    assert verdict.label == outcome, verdict


WINOMT_STYLE = Path(__file__).parent / "data" / "winomt_style_ru.txt"


def winomt_style_cases() -> list[tuple[str, ...]]:
    """The cases of WINOMT_STYLE (see its header)."""
    lines = WINOMT_STYLE.read_text(encoding="utf-8").splitlines()
    return [
        tuple(cell.strip() for cell in line.split("|"))
        for line in lines
        if line.strip() and not line.startswith("#")
    ]


@pytest.mark.parametrize(
    ("source", "occupation", "target", "linked", "gender"),
    winomt_style_cases(),
    ids=[f"{case[1]}-{case[2][:30]}" for case in winomt_style_cases()],
)
def test_only_a_nominative_noun_controls_a_past_tense_verb(
    taggers, source, occupation, target, linked, gender
):
    """Two people: the verbs and short adjectives of the one in the nominative say nothing
    of the other, in the dative, accusative, genitive or instrumental."""
    verdict = check(taggers, "ru", source, occupation.lower(), target, linked)
    assert verdict.target_gender == {"m": "male", "f": "female"}[gender], verdict


@pytest.mark.parametrize(
    ("target", "linked", "outcome"),
    [
        # an occupation is a common noun: the surname of either gender it also spells is
        # another word
        ("Кравець – це її емоційний брат.", "Кравець", "wrong"),
        ("Ткач – її любий брат.", "Ткач", "wrong"),
        ("Ткачиха – її любий брат.", "Ткачиха", "correct"),
    ],
)
def test_ukrainian_reads_the_common_noun_not_its_surname_homograph(
    taggers, target, linked, outcome
):
    verdict = check(taggers, "uk", "The tailor is her brother.", "tailor", target, linked)
    assert verdict.label == outcome, verdict


def test_another_subjects_verb_is_in_the_evidence_and_does_not_vote(taggers):
    verdict = check(
        taggers,
        "ru",
        "The nurse called the mechanic because she wanted help.",
        "mechanic",
        "Медсестра позвонила механику, потому что хотела получить помощь.",
        "механику",
    )
    assert verdict.target_gender == "male"
    assert [(e.text, e.role) for e in verdict.evidence] == [
        ("механику", "noun"),
        ("позвонила", "other_subject"),
        ("хотела", "other_subject"),
    ]


@pytest.mark.parametrize(
    ("target", "linked", "outcome"),
    [
        # masculine nouns of the a-declension the dictionary lacks (-ista, agent -ca)
        ("Florysta jest jej emocjonalnym bratem.", "Florysta", "wrong"),
        ("Ta florystka jest jej siostrą.", "florystka", "correct"),
        # the feminine of an adjective standing for the person (księgowa, the accountant)
        ("Księgowa jest jej emocjonalną siostrą.", "Księgowa", "correct"),
        # the instrumental after a copula
        ("Była florystką.", "florystką", "correct"),
        ("Był florystą.", "florystą", "wrong"),
    ],
)
def test_polish_nouns_by_their_ending(taggers, target, linked, outcome):
    verdict = check(taggers, "pl", "The florist is her brother.", "florist", target, linked)
    assert verdict.label == outcome, verdict


def test_an_occupation_is_read_through_its_person_readings(taggers):
    """uk "механіку" is the mechanic's dative, and the accusative of "механіка"
    (mechanics, a thing): the person reading is the occupation's."""
    verdict = check(
        taggers,
        "uk",
        "The nurse called the mechanic because she wanted help.",
        "mechanic",
        "Медсестра зателефонувала механіку, бо хотіла отримати допомогу.",
        "механіку",
    )
    assert verdict.target_gender == "male", verdict


def test_belarusian_past_tense_verbs_the_analyser_lacks_are_read_by_their_ending(taggers):
    (sentence,) = taggers("be").tag(["Медсястра патэлефанавала механіку, а ён патэлефанаваў."])
    verbs = {w.text: w.analyses for w in sentence.words if w.text.startswith("патэлефанава")}
    assert [(a.upos, a.genders) for a in verbs["патэлефанавала"]] == [("VERB", {"female"})]
    assert [(a.upos, a.genders) for a in verbs["патэлефанаваў"]] == [("VERB", {"male"})]
    verdict = check(
        taggers,
        "be",
        "The nurse called the mechanic.",
        "mechanic",
        "Медсястра патэлефанавала механіку.",
        "механіку",
    )
    assert verdict.target_gender == "male", verdict


@pytest.mark.parametrize(
    ("target", "linked", "outcome"),
    [
        # pymorphy3 tags Ukrainian demonstratives and possessives as pronouns: before a noun
        # of either gender they agree with it
        ("Цей голова правління є його емоційним братом.", "голова", "correct"),
        ("Моя суддя – його брат.", "суддя", "wrong"),
        # a third person's possessive takes the possessor's gender, not the noun's
        ("Її суддя прийшов.", "суддя", "correct"),
    ],
)
def test_ukrainian_pronouns_before_the_noun(label_word, target, linked, outcome):
    verdict = label_word("uk", target, linked, "male")
    assert verdict.label == outcome, verdict.to_json()
