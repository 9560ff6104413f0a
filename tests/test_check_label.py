"""The labelling core on hand-made sentences: lexical gender, agreement, the reasons."""

from __future__ import annotations

import json
import re

import pytest
from checker_fakes import FakeTagger, dictionary_alignment, tag_word

from checker.backends.base import TaggedSentence, Word
from checker.languages import languages
from checker.pipeline.records import tokenize_english
from checker.rules.agreement_rules import agreement_rules
from checker.rules.label import label
from common.io import dumps


def run(source: str, target: str, expected: str, lang: str = "es", occupation: str | None = None):
    tokens = tokenize_english(source)
    lowered = [t.lower() for t in tokens]
    occupation = occupation or next(
        w for w in ("editor", "journalist", "doctor", "nurse", "teacher", "student") if w in lowered
    )
    index = lowered.index(occupation)
    start = index - 1 if index and lowered[index - 1] == "school" else index  # "school teacher"
    sentence = FakeTagger(lang, {}).tag([target])[0]
    return label(
        expected_gender=expected,
        source_tokens=tokens,
        occupation=(start, index + 1),
        sentence=sentence,
        alignment=dictionary_alignment(tokens, sentence.tokens),
        rules=agreement_rules(lang),
    )


@pytest.mark.parametrize(
    ("source", "target", "expected", "lang", "outcome"),
    [
        # the noun's own gender decides
        (
            "The editor is her brother.",
            "El editor es su hermano.",
            "male",
            "es",
            ("correct", None, "male"),
        ),
        (
            "The editor is her brother.",
            "La editora es su hermana.",
            "male",
            "es",
            ("wrong", None, "female"),
        ),
        # a common-gender noun takes its gender from the article ...
        (
            "The journalist is tall.",
            "La periodista es alta.",
            "female",
            "es",
            ("correct", None, "female"),
        ),
        (
            "The journalist is her sister.",
            "El periodista es su hermana.",
            "female",
            "es",
            ("wrong", None, "male"),
        ),
        # ... or from a predicate adjective or participle past the copula
        ("Journalist is tall.", "Periodista es alta.", "female", "es", ("correct", None, "female")),
        (
            "Journalist was elected.",
            "Periodista fue elegida.",
            "female",
            "es",
            ("correct", None, "female"),
        ),
        # where nothing else gives a common-gender noun a gender, the copula's complement
        # names the person (but "El periodista es su hermana" above: the article decides)
        (
            "Journalist is her brother.",
            "Periodista es su hermano.",
            "female",
            "es",
            ("wrong", None, "male"),
        ),
        # ... not a complement that is no noun: nothing binds the noun
        (
            "Journalist is her own.",
            "Periodista es suya.",
            "female",
            "es",
            ("neutral", "common_gender", None),
        ),
        # agreement that disagrees with itself
        (
            "The journalist tall.",
            "La periodista alto.",
            "female",
            "es",
            ("inconclusive", "conflicting_gender", None),
        ),
        # an adjective-only reading (it "medica") still carries gender
        ("The doctor is tall.", "La médica es alta.", "female", "es", ("correct", None, "female")),
        # ru: a masculine noun takes feminine agreement from a past-tense verb
        ("The doctor came.", "Врач пришла.", "female", "ru", ("correct", None, "female")),
        ("The doctor came.", "Врач пришёл.", "female", "ru", ("wrong", None, "male")),
        ("The doctor came.", "Врач.", "female", "ru", ("wrong", None, "male")),
        # ru: a predicate noun takes the gender of the verb before it, over its adjective's
        (
            "She became a doctor.",
            "Стала работать хорошим врачом.",
            "female",
            "ru",
            ("correct", None, "female"),
        ),
        ("He became a doctor.", "Стал врачом.", "female", "ru", ("wrong", None, "male")),
        ("The doctor agreed.", "Поддержала врач.", "female", "ru", ("correct", None, "female")),
        # es: with no predicate beside the noun, a participle after "ser" whose subject is a
        # name; not one after "haber", nor one whose subject is another noun
        (
            "Journalist Ana was elected.",
            "Periodista Ana fue elegida.",
            "female",
            "es",
            ("correct", None, "female"),
        ),
        (
            "Journalist Ana has elected.",
            "Periodista Ana ha elegida.",
            "female",
            "es",
            ("neutral", "common_gender", None),
        ),
        # after "haber" the participle agrees with nobody: the article decides
        (
            "The journalist had tried.",
            "La periodista había intentado.",
            "female",
            "es",
            ("correct", None, "female"),
        ),
        (
            "Journalist and the sister was elected.",
            "Periodista y la hermana fue elegida.",
            "female",
            "es",
            ("neutral", "common_gender", None),
        ),
        # ru: an inanimate noun linked to the occupation names no person: a person noun
        # linked with it is read, else only the sentence's predicates
        ("The doctor.", "В больнице врач.", "female", "ru", ("wrong", None, "male")),
        ("The doctor studied.", "Анна изучал в больнице.", "female", "ru", ("wrong", None, "male")),
        ("The doctor.", "В больнице.", "female", "ru", ("inconclusive", "not_a_person", None)),
        # ru: with no predicate beside the noun, the sentence's past-tense verbs, if they agree
        (
            "Anna, being a doctor, studied.",
            "Анна, будучи врачом, изучала.",
            "female",
            "ru",
            ("correct", None, "female"),
        ),
        (
            "Anna, being a doctor, studied.",
            "Анна, будучи врачом, изучал.",
            "female",
            "ru",
            ("wrong", None, "male"),
        ),
        (
            "Anna, being a doctor, studied, and Ivan studied.",
            "Анна, будучи врачом, изучала, а Иван изучал.",
            "female",
            "ru",
            ("wrong", None, "male"),
        ),
        # the occupation linked only to a complement: the noun it complements is read ...
        (
            "The school teacher.",
            "El profesor de secundaria.",
            "female",
            "es",
            ("wrong", None, "male"),
        ),
        # ... of a compound only: one English word's noun after "de" is the person
        (
            "The goal of the teacher.",
            "El objetivo de la secundaria.",
            "male",
            "es",
            ("wrong", None, "female"),
        ),
        # ... unless that noun translates another word
        (
            "The statement of the student.",
            "La declaración del estudiante.",
            "male",
            "es",
            ("correct", None, "male"),
        ),
        # Romance: a predicate adjective needs its copula
        (
            "Journalist tall.",
            "Periodista nunca alta.",
            "female",
            "es",
            ("neutral", "common_gender", None),
        ),
        # ... but never a feminine noun masculine (es "el ama de casa")
        ("The editor.", "El editora.", "female", "es", ("correct", None, "female")),
        # de: the noun's own gender beats an ambiguous article
        ("The doctor.", "Die Arzt.", "female", "de", ("wrong", None, "male")),
        # the English word left in place, no gender read
        ("The nurse is tall.", "Nurse es.", "female", "es", ("inconclusive", "untranslated", None)),
        # ... but an agreeing article still tells the gender
        ("The nurse is tall.", "La nurse es.", "female", "es", ("correct", None, "female")),
        ("The editor is tall.", "Hola.", "female", "es", ("inconclusive", "no_alignment", None)),
        # a degree word between the noun and its adjective
        (
            "The journalist is the tallest.",
            "Periodista más alta.",
            "female",
            "es",
            ("correct", None, "female"),
        ),
        # a word that can be a determiner is read as one before the noun
        ("The journalist.", "Le periodista.", "male", "es", ("correct", None, "male")),
        # a clitic between the subject (here none) and "ser" does not hide the participle
        (
            "The journalist was elected.",
            "Se fue elegida periodista.",
            "female",
            "es",
            ("correct", None, "female"),
        ),
        # a bare common-gender noun in a list of roles takes the gender of the bare nouns
        # coordinated with it ...
        (
            "She worked as a journalist and teacher.",
            "Trabajó como periodista y profesora.",
            "female",
            "es",
            ("correct", None, "female"),
        ),
        (
            "He worked as a teacher and journalist.",
            "Trabajó como profesora y periodista.",
            "male",
            "es",
            ("wrong", None, "female"),
        ),
        # ... not when they bring their own determiner (another person) ...
        (
            "The journalist and the teacher.",
            "Periodista y la profesora.",
            "female",
            "es",
            ("neutral", "common_gender", None),
        ),
        # ... and never against the noun's own gender
        (
            "He worked as an editor and teacher.",
            "Trabajó como editor y profesora.",
            "male",
            "es",
            ("correct", None, "male"),
        ),
    ],
)
def test_label(source, target, expected, lang, outcome):
    verdict = run(source, target, expected, lang)
    assert (verdict.label, verdict.reason, verdict.target_gender) == outcome


def test_evidence_names_the_reading_and_the_agreeing_word():
    verdict = run("The journalist is tall.", "La periodista es alta.", "female")
    fields = json.loads(dumps(verdict.to_json()))
    assert fields["target_tokens"] == [{"index": 1, "text": "periodista"}]
    assert [(e["index"], e["role"], e["gender"]) for e in fields["evidence"]] == [
        (1, "noun", None),
        (3, "predicate", "female"),
        (0, "phrase", "female"),
    ]
    assert fields["evidence"][2]["readings"] == ["la<DET><female>"]  # not its PRON reading


def test_alignment_to_the_article_only_reaches_its_noun():
    words = FakeTagger("es", {}).tag(["La periodista es alta."])[0]
    verdict = label(
        expected_gender="female",
        source_tokens=["The", "journalist"],
        occupation=(1, 2),
        sentence=words,
        alignment=frozenset({(1, 0)}),
        rules=agreement_rules("es"),
    )
    assert verdict.label == "correct"
    assert verdict.evidence[0].text == "periodista"


def _parsed(text: str, heads: list[tuple[int | None, str]]) -> TaggedSentence:
    tokens = re.findall(r"\w+|[^\w\s]", text)
    return TaggedSentence(
        tuple(
            Word(token, tag_word(token).analyses, head, deprel)
            for token, (head, deprel) in zip(tokens, heads, strict=True)
        )
    )


def _label_parsed(text: str, heads: list[tuple[int | None, str]], noun: int):
    """Label a parsed Spanish sentence for "The journalist" (female), linked to word ``noun``."""
    return label(
        expected_gender="female",
        source_tokens=["The", "journalist"],
        occupation=(1, 2),
        sentence=_parsed(text, heads),
        alignment=frozenset({(1, noun)}),
        rules=agreement_rules("es"),
    )


def test_dependency_parse_binds_subject_and_predicate():
    # "periodista  ayer  fue  elegida": the surface predicate scan would stop at "ayer";
    # the parse says elegida is the head of its subject periodista.
    verdict = _label_parsed(
        "Periodista ayer fue elegida",
        [(3, "nsubj:pass"), (3, "advmod"), (3, "aux:pass"), (None, "root")],
        noun=0,
    )
    assert (verdict.label, verdict.target_gender) == ("correct", "female")
    assert [e.text for e in verdict.evidence] == ["Periodista", "elegida"]


def test_dependency_parse_reads_no_participle_after_haber():
    # "La periodista había intentado": the participle governs its subject, with "había"
    # as its only auxiliary: it agrees with nobody, and the article decides
    verdict = _label_parsed(
        "La periodista había intentado",
        [(1, "det"), (3, "nsubj"), (3, "aux"), (None, "root")],
        noun=1,
    )
    assert (verdict.label, verdict.target_gender) == ("correct", "female")
    assert [e.text for e in verdict.evidence] == ["periodista", "La"]


def test_every_supported_language_has_rules():
    codes = {language.code for language in languages().values()}
    assert {"es", "fr", "it", "pt", "de", "ru"} <= codes
    assert all(agreement_rules(code).noun for code in codes)
    assert agreement_rules("sr") == agreement_rules("hbs")
    assert agreement_rules("ru").predicative and not agreement_rules("es").predicative
