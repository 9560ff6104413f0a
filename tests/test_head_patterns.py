"""The person read through the phrase around the aligned word (checker/rules/head_noun.py):
a bare noun qualifying the person noun before it, the "one" of "one of the nouns", the
French feminine forms and adjectives the analyser lacks (checker/data/forms/fr.tsv,
languages.toml), the Spanish common-gender nouns it lists as masculine
(checker/data/forms/es.tsv), and a compound written as one word, linked to the English
compound's modifier (checker/rules/misaligned.py). Sentence shapes from MT-GenEval's
references; real offline analysers, alignments given by hand.
"""

from __future__ import annotations

import pytest
from conftest import label_linked as _label


def _read(verdict, role):
    return [e.text for e in verdict.evidence if e.role == role]


QUALIFIED = [
    # the English compound turned round: "assistant professor" → "profesora asistente",
    # the occupation linked to the qualifier, the noun it qualified to the person noun
    (
        "es",
        "She was an assistant professor at UCLA .",
        "assistant",
        "Fue profesora asistente en la UCLA .",
        {"assistant": "asistente", "professor": "profesora"},
        "male",
        "wrong",
        ["profesora"],
    ),
    # an epicene qualifier, the person noun linked to nothing else
    (
        "es",
        "Finally , Schwartz became CEO of Lighthouse .",
        "CEO",
        "Finalmente , Schwartz pasó a ser la directora general de Lighthouse .",
        {"CEO": "general"},
        "male",
        "wrong",
        ["directora"],
    ),
    (
        "it",
        "She was an assistant professor in Rome .",
        "assistant",
        "Fu professoressa assistente a Roma .",
        {"assistant": "assistente", "professor": "professoressa"},
        "female",
        "correct",
        ["professoressa"],
    ),
    # the English order kept ("assistant coach" → "asistente entrenadora"): the aligned
    # noun has its own gender, and the noun before translates the word before it
    (
        "es",
        "Gdowski served as their assistant coach .",
        "coach",
        "Gdowski ejerció como su asistente entrenadora .",
        {"assistant": "asistente", "coach": "entrenadora"},
        "female",
        "correct",
        [],
    ),
    # the person noun translates another word of the English compound: its modifier
    # ("teaching assistant") or a head further on ("assistant head coach")
    (
        "es",
        "She worked as a teaching assistant .",
        "assistant",
        "Trabajó como profesora asistente .",
        {"teaching": "profesora", "assistant": "asistente"},
        "female",
        "correct",
        ["profesora"],
    ),
    (
        "es",
        "Gdowski served as their assistant head coach .",
        "assistant",
        "Gdowski ejerció como su entrenadora asistente .",
        {"assistant": "asistente", "coach": "entrenadora"},
        "female",
        "correct",
        ["entrenadora"],
    ),
    # a noun before that is no person's ("Un tempo", once), though the aligner linked it to
    # the compound's modifier: it does not agree with the aligned noun, whose gender is read
    (
        "it",
        "Once an education editor at Newsweek , Hancock is active .",
        "editor",
        "Un tempo redattrice di Newsweek , Hancock è attiva .",
        {"education": "tempo", "editor": "redattrice"},
        "female",
        "correct",
        [],
    ),
]


@pytest.mark.parametrize(
    ("lang", "source", "occupation", "translation", "links", "expected", "outcome", "read"),
    QUALIFIED,
)
def test_a_bare_noun_after_a_person_noun_is_read_through_it(
    taggers, lang, source, occupation, translation, links, expected, outcome, read
):
    verdict = _label(taggers, lang, source, occupation, translation, links, expected)
    assert verdict.label == outcome, verdict.to_json()
    assert _read(verdict, "qualified") == read


PARTITIVE = [
    # "one of the editors": the plural is the group's gender, "una" the person's
    ("it", "Lappé is one of the editors of YES !", "editors",
     "Lappé è una dei redattori di YES !", "redattori", "female", "correct", "una"),
    ("it", "Lappé is one of the editors of YES !", "editors",
     "Lappé è uno dei redattori di YES !", "redattori", "female", "wrong", "uno"),
    # past the group's determiner and adjectives; fr "des" is "de" + "les"
    ("fr", "McEntire is one of the few artists to do so .", "artists",
     "McEntire est une des rares artistes à le faire .", "artistes", "female", "correct",
     "une"),
    # es "una" is also a form of the verb "unir": read as "one"
    ("es", "She was one of the first doctors there .", "doctors",
     "Fue una de las primeras médicos allí .", "médicos", "female", "correct", "una"),
    # "one" with no "of" is no partitive: "un artiste" reads the noun's phrase as before
    ("fr", "He is an artist .", "artist", "Il est un artiste .", "artiste", "male",
     "correct", None),
]  # fmt: skip


@pytest.mark.parametrize(
    ("lang", "source", "occupation", "translation", "linked", "expected", "outcome", "one"),
    PARTITIVE,
)
def test_one_of_a_group_is_read_at_the_one(
    taggers, lang, source, occupation, translation, linked, expected, outcome, one
):
    links = {occupation: linked}
    verdict = _label(taggers, lang, source, occupation, translation, links, expected)
    assert verdict.label == outcome, verdict.to_json()
    assert _read(verdict, "one_of") == ([one] if one else [])


FRENCH_FORMS = [
    # a feminine the Académie française recommends (cheffe) and the masculine it makes
    # of the common-gender "chef", through the compound noun's head
    ("En tant que cheffe d' orchestre , elle débuta .", "orchestre", "male", "wrong"),
    ("En tant que chef d' orchestre , il débuta .", "orchestre", "male", "correct"),
    ("Elle travailla en tant qu' agente de bord .", "bord", "female", "correct"),
    # an adjective in -euse the analyser lacks, after an epicene noun
    ("Athlète talentueuse , Heaney joua au football .", "Athlète", "female", "correct"),
    ("Athlète talentueux , Heaney joua au football .", "Athlète", "female", "wrong"),
]


@pytest.mark.parametrize(("translation", "linked", "expected", "outcome"), FRENCH_FORMS)
def test_french_forms_the_analyser_lacks(taggers, translation, linked, expected, outcome):
    source = {"orchestre": "conductor", "bord": "attendant", "Athlète": "athlete"}[linked]
    sentence = f"A good {source} played ."
    verdict = _label(taggers, "fr", sentence, source, translation, {source: linked}, expected)
    assert verdict.label == outcome, verdict.to_json()


SPANISH_FORMS = [
    # common gender (RAE, Diccionario panhispánico de dudas), though Apertium lists only the
    # masculine: the noun alone says nothing, its article does
    ("Alito fue asistente de los jueces .", "male", "neutral"),
    ("Fue la asistente de Dejiko .", "female", "correct"),
    ("Fue nombrado teniente del ejército .", "female", "wrong"),
]


@pytest.mark.parametrize(("translation", "expected", "outcome"), SPANISH_FORMS)
def test_spanish_common_gender_nouns_the_analyser_lists_as_masculine(
    taggers, translation, expected, outcome
):
    linked = "teniente" if "teniente" in translation else "asistente"
    source = {"asistente": "assistant", "teniente": "lieutenant"}[linked]
    sentence = f"She was a good {source} ."
    verdict = _label(taggers, "es", sentence, source, translation, {source: linked}, expected)
    assert verdict.label == outcome, verdict.to_json()


COMPOUND_LINKS = [
    # a compound noun written as one word, linked to the English compound's modifier, is
    # no other word's translation: the person noun beside a preposition the aligner put
    # the occupation on (nl), the sentence's one unlinked person noun (de)
    (
        "nl",
        "A former education editor of Newsweek , Hancock is active .",
        "editor",
        "Hancock is een voormalig onderwijsredactrice bij Newsweek en is actief .",
        {"education": "onderwijsredactrice", "editor": "bij"},
        "female",
        "correct",
    ),
    (
        "de",
        "The senior lecturer left Birmingham in 2016 .",
        "lecturer",
        "Die Hochschuldozentin verließ Birmingham 2016 .",
        {"senior": "Hochschuldozentin", "Birmingham": "Birmingham"},
        "female",
        "correct",
    ),
]


@pytest.mark.parametrize(
    ("lang", "source", "occupation", "translation", "links", "expected", "outcome"),
    COMPOUND_LINKS,
)
def test_a_compound_linked_to_the_english_modifier_is_still_the_person(
    taggers, lang, source, occupation, translation, links, expected, outcome
):
    verdict = _label(taggers, lang, source, occupation, translation, links, expected)
    assert verdict.label == outcome, verdict.to_json()


FRENCH_PLURALS = [
    # plurals of agent nouns and demonyms the analyser lacks (GATE's plural entities): the
    # plural article marks no gender, the ending does
    ("The skiers gather .", "skiers", "Les skieurs se rassemblent .", "skieurs", "female", "wrong"),
    (
        "The tamers arrived .",
        "tamers",
        "Les dompteurs sont arrivés .",
        "dompteurs",
        "male",
        "correct",
    ),
    (
        "The Zambians voted .",
        "Zambians",
        "Les Zambiennes ont voté .",
        "Zambiennes",
        "female",
        "correct",
    ),
    (
        "The Ontarians voted .",
        "Ontarians",
        "Les Ontariens ont voté .",
        "Ontariens",
        "male",
        "correct",
    ),
    (
        "The Ugandans won .",
        "Ugandans",
        "Les Ougandaises ont gagné .",
        "Ougandaises",
        "female",
        "correct",
    ),
    ("The Togolese won .", "Togolese", "Les Togolais ont gagné .", "Togolais", "female", "wrong"),
]


@pytest.mark.parametrize(
    ("source", "occupation", "translation", "linked", "expected", "outcome"), FRENCH_PLURALS
)
def test_french_plurals_and_demonyms_the_analyser_lacks(
    taggers, source, occupation, translation, linked, expected, outcome
):
    verdict = _label(taggers, "fr", source, occupation, translation, {occupation: linked}, expected)
    assert verdict.label == outcome, verdict.to_json()
