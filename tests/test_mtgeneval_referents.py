"""The converter's expected gender when the context's pronouns belong to another person
than the one the sentence is about (scores.mtgeneval.referents)."""

from __future__ import annotations

import pytest

from scores.mtgeneval.dataset import Contextual
from scores.mtgeneval.records import contextual_records, english_person_words
from scores.mtgeneval.wordnet import DEBIAN_WORDNET

pytestmark = pytest.mark.skipif(
    not (DEBIAN_WORDNET / "data.noun").is_file(), reason="apt-get install wordnet-base"
)

CASES = [
    # a name in the clause of a subject pronoun is someone else; a family name may be
    # the pronoun's referent's too (a wife's married name): undecidable
    (
        "In 1962, he married Anna Weber, the daughter of a banker.",
        "Weber ran the laboratory as its director.",
        None, "pronouns_name_another_person", None,
    ),
    (
        "Two years later she hired Peter Lang at the mill.",
        "Lang became the mill's foreman.",
        None, "pronouns_name_another_person", None,
    ),
    # apposition to a possessed person noun: the noun's gender is the named person's
    (
        "She moved to Lyon with her son Tomas in 1880.",
        "Tomas became a skilled carpenter.",
        "male", None, "another_person_named:apposition",
    ),
    (
        "His eldest daughter, Ines, joined the firm in 1990.",
        "Ines was the firm's accountant for a decade.",
        "female", None, "another_person_named:apposition",
    ),
    # a family name the context gives to two people: which one is unknown
    (
        "Maria Holm is the sister of Anders Holm, and his daughter lives in Lund.",
        "Holm was a pharmacist in Malmo.",
        None, "pronouns_name_another_person", None,
    ),
    # the same shapes where the pronoun may be the sentence's person: the context decides
    ("She was born Clara Lund in Oslo.", "Lund was a painter.", "female", None, None),
    ("After her studies, Lund moved to Bergen.", "Lund worked as a nurse.", "female", None, None),
    ("Of his father, Brandt wrote little.", "Brandt was a teacher.", "male", None, None),
    (
        "In 1955 she joined the studio of Karl Moser.",
        "Wendt became a designer at the Moser studio.",
        "female", None, None,
    ),
    (
        "Dahl and her husband, Jon Dahl, live in Tromso.",
        "Dahl is an architect.",
        "female", None, None,
    ),
]  # fmt: skip


@pytest.fixture(scope="module")
def records():
    data = Contextual(
        contexts=[case[0] for case in CASES],
        sources=[case[1] for case in CASES],
        original=["-"] * len(CASES),
        flipped=["-"] * len(CASES),
        files={},
    )
    return contextual_records(data, "fr", "dev", english_person_words())


@pytest.mark.parametrize("number", range(len(CASES)))
def test_expected_gender_follows_the_sentences_person(records, number):
    context, sentence, gender, undecidable, cue = CASES[number]
    record = records[number]
    assert (
        record["expected_gender"],
        record.get("undecidable"),
        record.get("expected_gender_cue"),
    ) == (gender, undecidable, cue), (context, sentence)
