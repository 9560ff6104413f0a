"""Lines whose MT-GenEval references differ in the occupation word: the analyser and
agreement rules that tell the two apart, each on a real sentence shape (issue 16)."""

from __future__ import annotations

import pytest

from common.fields import CORRECT, WRONG


def _readings(verdict) -> str:
    return " ".join(reading for evidence in verdict.evidence for reading in evidence.readings)


@pytest.mark.parametrize(
    ("lang", "translation", "word", "expected", "outcome", "rule"),
    [
        # compounds on agent nouns the German lexicon lacks: -or, -ist/-yst, -eur are masculine
        # ("Modestylist" is no compound on "List": before a head of four letters, only a
        # listed noun is a modifier)
        (
            "de",
            "Grunander arbeitete auch im Finanzrecht und kurzzeitig als IIHF-Auditor.",
            "IIHF-Auditor",
            "male",
            CORRECT,
            "agent nouns in -or, -ist, -eur",
        ),
        (
            "de",
            "Nach ihrer Karriere arbeitete Mashburn für Vogue als Modestylist.",
            "Modestylist",
            "female",
            WRONG,
            "agent nouns in -or, -ist, -eur",
        ),
        # Italian -iere agent nouns, and -ologo/-ologa read at a sentence start too
        (
            "it",
            "Woodring divenne presto assistente cassiere nella prima banca nazionale.",
            "cassiere",
            "male",
            CORRECT,
            "agent nouns in -iere",
        ),
        # Italian -ere nouns the analyser gives both genders: -era is the feminine
        (
            "it",
            "Prima di entrare in politica Coutinho ha lavorato come ingegnere civile.",
            "ingegnere",
            "male",
            CORRECT,
            "agent nouns in -ere/-iere take -era/-iera",
        ),
        ("it", "Lei era la ingegnere del progetto.", "ingegnere", "female", CORRECT, "<f>"),
        (
            "it",
            "Cardiologa, Resieaux era a capo del reparto di cardiologia.",
            "Cardiologa",
            "female",
            CORRECT,
            "-ologa/-ologo",
        ),
        (
            "it",
            "Cardiologo, Resieaux era a capo del reparto di cardiologia.",
            "Cardiologo",
            "female",
            WRONG,
            "-ologa/-ologo",
        ),
        # French: a capitalised -eure title; -at nouns (soldate is the feminine)
        (
            "fr",
            "Professeure de Communication Sociale en université à UCUDAL.",
            "Professeure",
            "male",
            WRONG,
            "feminine agent nouns in -eure, also capitalised",
        ),
        (
            "fr",
            "Guidobaldo a ensuite servi en tant que soldat lors du conflit qui a suivi.",
            "soldat",
            "male",
            CORRECT,
            "-at nouns take -ate in the feminine",
        ),
        # pt/es agent nouns in -or have their own feminine: a feminine article is a slip
        (
            "pt",
            "Completavam a parafernália da autor.",
            "autor",
            "female",
            WRONG,
            "agreement.toml counterparts",
        ),
        (
            "pt",
            "Esse é o único artigo sobre uma escritor não muito importante.",
            "escritor",
            "female",
            WRONG,
            "agreement.toml counterparts",
        ),
        (
            "es",
            "Hamerstrom fue una escritor, que publicó más de 100 artículos.",
            "escritor",
            "female",
            WRONG,
            "agreement.toml counterparts",
        ),
        # ... not a loan whose gender was only guessed from its ending
        ("es", "La janitor es su hermana.", "janitor", "female", CORRECT, "<det><def><f>"),
        # ... nor a noun of common gender (es "la juez"), which agreement still overrules
        ("es", "La juez dictó la sentencia.", "juez", "female", CORRECT, "<det><def><f>"),
    ],
)
def test_occupation_forms(label_word, lang, translation, word, expected, outcome, rule):
    verdict = label_word(lang, translation, word, expected)
    assert verdict.label == outcome, verdict
    assert rule in _readings(verdict)


@pytest.mark.parametrize(
    ("sentence", "main"),
    [
        # the head of a compound with a postmodifier is the word before its preposition
        (
            "Pittaway departed the magazine after 15 months as editor in chief.",
            "editor",
        ),
        (
            "Gaddafi remained commander in chief of the armed forces.",
            "commander",
        ),
        (
            "At its beginning, Peers was the assistant deputy chief of staff.",
            "assistant deputy chief",
        ),
    ],
)
def test_compound_occupation_ends_at_its_head(sentence, main):
    from scores.mtgeneval.records import (
        english_person_words,
        find_occupations,
        main_occupation,
        tokenize,
    )
    from scores.mtgeneval.wordnet import DEBIAN_WORDNET

    if not (DEBIAN_WORDNET / "data.noun").is_file():
        pytest.skip("apt-get install wordnet-base")
    tokens = tokenize(sentence)
    found = find_occupations(tokens, english_person_words())
    assert main_occupation(found)["text"] == main
    assert all(tokens[o["index"]] == o["text"].split()[-1] for o in found)


@pytest.mark.parametrize(
    ("lang", "translation", "word", "expected", "outcome", "aside"),
    [
        # another noun's complement is no verb's subject: the predicate after it is another's
        (
            "it",
            "Sebbene la sua mansione da infermiere fosse ritenuta uno stereotipo, fu lodata.",
            "infermiere",
            "female",
            WRONG,
            "ritenuta",
        ),
        # the sentence's predicates still count (a masculine title naming a woman)
        (
            "it",
            "Getzowa è stata nominata con il titolo di direttore del museo.",
            "direttore",
            "female",
            CORRECT,
            None,
        ),
        (
            "it",
            "Getzowa è stata nominata direttore del museo.",
            "direttore",
            "female",
            CORRECT,
            None,
        ),
    ],
)
def test_complement_is_no_subject(label_word, lang, translation, word, expected, outcome, aside):
    verdict = label_word(lang, translation, word, expected)
    assert verdict.label == outcome, verdict
    set_aside = [e.text for e in verdict.evidence if e.role == "other_subject"]
    assert (aside in set_aside) if aside else not set_aside
