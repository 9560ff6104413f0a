"""MT-GenEval's contextual subset → reference-free checker records."""

from __future__ import annotations

from pathlib import Path

import pytest

from scores.mtgeneval.dataset import LANGUAGES, Contextual, read_contextual
from scores.mtgeneval.records import (
    checkable,
    contextual_records,
    english_person_words,
    expected_gender,
    find_occupations,
    tokenize,
    with_translations,
)
from scores.mtgeneval.wordnet import DEBIAN_WORDNET

pytestmark = pytest.mark.skipif(
    not (DEBIAN_WORDNET / "data.noun").is_file(), reason="apt-get install wordnet-base"
)


@pytest.fixture(scope="module")
def words():
    return english_person_words()


@pytest.mark.parametrize(
    ("context", "gender", "reason"),
    [
        ("He then went to Sydney and died of cancer.", "male", None),
        ("Her first book appeared in 1990.", "female", None),
        ("In 2006 she lost to him by 2,570 votes.", None, "conflicting_gender_cues"),
        ("Golwalkar was the only surviving son of nine children.", "male", None),
        ("The widow sold the farm.", "female", None),
        ("As Patriarch of Venice, Scola put it into effect.", None, "no_gender_cue"),
    ],
)
def test_expected_gender_from_context(words, context, gender, reason):
    assert expected_gender(context, words) == (gender, reason)


@pytest.mark.parametrize(
    ("sentence", "texts", "main"),
    [
        ("The librarian is then run over by a car.", ["librarian"], "librarian"),
        ("She was a senior lecturer at Birmingham.", ["senior lecturer"], "senior lecturer"),
        ("The police officer's car was found.", ["police officer"], "police officer"),
        ("Balu is saved by a truck driver.", ["truck driver"], "truck driver"),
        ("Pemberton was editor-in-chief of the Bulletin.", ["editor-in-chief"], "editor-in-chief"),
        ("Rebels captured the judge.", ["Rebels", "judge"], "judge"),
        ("He was the author and curator of the show.", ["author", "curator"], "author"),
        # the one in predicate position names the subject, not someone mentioned
        ("The judge said that Smith was a nurse.", ["judge", "nurse"], "nurse"),
        ("His mother and his wife stayed home.", [], None),
        # a singular person noun opening the sentence with no determiner is a name, unless
        # it is a title before one
        ("Cook served as the director of the series.", ["director"], "director"),
        ("Nurse Ratched was cruel.", ["Nurse"], "Nurse"),
        ("The car broke down.", [], None),
        # an age is no occupation: "child", "youth", "teen" (WordNet's juvenile.n.01)
        (
            "As a child, Catt wanted to become a doctor.",
            ["doctor"],
            "doctor",
        ),
    ],
)
def test_find_occupations(words, sentence, texts, main):
    from scores.mtgeneval.records import main_occupation

    tokens = tokenize(sentence)
    found = find_occupations(tokens, words)
    assert [occupation["text"] for occupation in found] == texts
    assert all(tokens[o["index"]] == o["text"].split()[-1] for o in found)
    assert (main_occupation(found) or {}).get("text") == main


def test_words_used_as_other_parts_of_speech_are_not_occupations(words):
    """WordNet has "prior" and "official" as person nouns; the English tagger sees them used
    as a preposition and an adjective here."""
    from scores.mtgeneval.english_tags import PROPER_NOUN_TAGS
    from scores.mtgeneval.records import main_occupation, noun_flags

    texts = [
        "Prior to becoming a politician, Muniz worked as a doctor.",
        "The official account blamed the captain.",
        "The federal Ministry of Finance blamed the captain.",
        "A tribe of native Venusians fought the captain.",
        # the tagger reads "student" as a modifier of the name: a title, still a person
        "As a student Kato's training was strict; the students were told to copy.",
    ]
    names = [flags for _, flags in noun_flags(texts, PROPER_NOUN_TAGS)]
    found = [
        find_occupations(tokens, words, nouns, proper)
        for (tokens, nouns), proper in zip(noun_flags(texts), names, strict=True)
    ]
    assert [[o["text"] for o in occupations] for occupations in found] == [
        ["politician", "doctor"],
        ["captain"],
        ["captain"],
        ["captain"],
        ["student", "students"],
    ]
    assert main_occupation(found[4])["text"] == "student"
    assert main_occupation(found[0])["text"] == "doctor"  # "worked as": the predicate


def test_records_carry_both_references_and_mark_undecidable(words):
    data = Contextual(
        contexts=["She moved to Paris.", "Nobody knew."],
        sources=["The painter exhibited there.", "The painter exhibited there."],
        original=["La peintre y exposa.", "Le peintre y exposa."],
        flipped=["Le peintre y exposa.", "La peintre y exposa."],
        files={},
    )
    first, second = contextual_records(data, "fr", "dev", words)
    assert first["id"] == "mtgeneval-dev-en_fr-00001"
    assert first["expected_gender"] == "female" and "undecidable" not in first
    assert first["occupation"] == {
        "text": "painter", "index": 1, "plural": False, "capitalised": False, "predicative": False
    }  # fmt: skip
    assert first["references"] == {
        "original": "La peintre y exposa.",
        "flipped": "Le peintre y exposa.",
    }
    assert second["expected_gender"] is None and second["undecidable"] == "no_gender_cue"
    flipped = with_translations(
        [first, second], [r["references"]["flipped"] for r in (first, second)]
    )
    assert [r["translation"] for r in flipped] == ["Le peintre y exposa.", "La peintre y exposa."]


def test_dev_data_converts_every_line(dev_data, words):
    data = read_contextual(dev_data / "mt-geneval", "fr", "dev")
    records = contextual_records(data, "fr", "dev", words)
    assert len(records) == len(data.sources) == 477
    decided = [r for r in records if r["expected_gender"]]
    assert len(decided) + sum("undecidable" in r for r in records) == len(records)
    assert sum(r["occupation"] is not None for r in records) > 0.95 * len(records)


def test_missing_english_tagger_names_the_apt_command(monkeypatch, tmp_path):
    from common.errors import MissingResourceError
    from scores.mtgeneval import english_tags

    monkeypatch.setattr(english_tags, "_TAGGER", tmp_path / "eng-spa.prob")
    with pytest.raises(MissingResourceError, match="apt-get install lttoolbox apertium-eng-spa"):
        english_tags.noun_spans(["The nurse left."])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_dev_record_is_accepted_by_the_checker(dev_data, words, lang):
    """`gen mt-geneval --checker` validates the converter's records as `gen check` input
    (checker.pipeline.records.to_item) before labelling any: every checkable line must pass."""
    from checker.pipeline.records import to_item

    data = read_contextual(dev_data / "mt-geneval", lang, "dev")
    records = checkable(
        with_translations(contextual_records(data, lang, "dev", words), data.original)
    )
    assert records
    for number, record in enumerate(records, start=1):
        item = to_item(record, path=Path("records.jsonl"), line=number, default_lang=lang)
        start, end = item.occupation
        assert "".join(item.source_tokens[start:end]).lower() == "".join(
            record["occupation"]["text"].lower().split()
        )
