"""Bilingual dictionaries (dictd, as FreeDict ships them) and the priors they give eflomal."""

from __future__ import annotations

import gzip

import pytest

from checker.backends import dictionary
from checker.backends.dictionary import load, translation_pairs
from checker.languages import DictionarySpec

_BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

ENTRIES = {
    "teacher": "teacher /tiːtʃər/\n1. Lehrer <masc>, Lehrerin <fem>\n   Synonym: {instructor}\n",
    "editor": "editor /ˈɛdɪtə/\nRedakteur <masc> [press]; Herausgeber (books)\n see: {editors}\n",
    "judge": "judge /dʒʌdʒ/\n1. urteilen\n2. Richter <masc>\n",
}


def _number(value: int) -> str:
    digits = ""
    while True:
        digits = _BASE64[value % 64] + digits
        value //= 64
        if not value:
            return digits


@pytest.fixture
def spec(tmp_path, monkeypatch):
    """A three-entry English→German dictionary in dictd format."""
    body, index = b"", []
    for headword, text in ENTRIES.items():
        data = text.encode()
        index.append(f"{headword}\t{_number(len(body))}\t{_number(len(data))}\n")
        body += data
    (tmp_path / "freedict-eng-deu.dict.dz").write_bytes(gzip.compress(body))
    (tmp_path / "freedict-eng-deu.index").write_text("".join(index), encoding="utf-8")
    monkeypatch.setattr(dictionary, "DICTD_DATA", tmp_path)
    load.cache_clear()
    yield DictionarySpec("freedict-eng-deu", "dict-freedict-eng-deu", compounds=True)
    load.cache_clear()


def test_entries_give_their_one_word_translations(spec):
    found = load(spec)
    assert found.translations("teacher") == {"lehrer", "lehrerin"}  # no synonyms, no IPA
    assert found.translations("teachers") == {"lehrer", "lehrerin"}  # plurals looked up
    assert found.translations("editor") == {"redakteur", "herausgeber"}  # markup dropped
    assert found.translations("nurse") == frozenset()


def test_target_words_match_inflected_and_inside_compounds(spec):
    found = load(spec)
    words = ["the", "teacher", "editor", "judge"]
    pairs = translation_pairs(
        {word: found.translations(word) for word in words},
        ["die", "turnlehrerin", "redakteure", "richterin", "urteil", "lehrgang"],
        compounds=True,
    )
    assert set(pairs) == {
        ("teacher", "turnlehrerin"),  # ends a compound
        ("editor", "redakteure"),  # inflected
        ("judge", "richterin"),
        ("judge", "urteil"),  # "urteilen" less its inflection
    }
    # each with how close it is to the translation it matched
    assert pairs["teacher", "turnlehrerin"] == 1.0  # from the part on: "lehrerin"
    assert 0.9 < pairs["editor", "redakteure"] < 1  # redakteur
    teacher = {"teacher": found.translations("teacher")}
    plain = translation_pairs(teacher, ["turnlehrerin", "lehrerin"], False)
    assert plain == {("teacher", "lehrerin"): 1.0}


def test_a_closer_translation_is_told_from_a_word_that_only_starts_like_it():
    pairs = translation_pairs(
        {"engineer": ["ingeniero"], "engineering": ["ingeniería"]},
        ["ingeniero", "ingeniería"],
        compounds=False,
    )
    assert pairs["engineer", "ingeniero"] == pairs["engineering", "ingeniería"] == 1.0
    assert pairs["engineer", "ingeniería"] < 0.9 and pairs["engineering", "ingeniero"] < 0.9


def test_missing_dictionary_names_the_apt_command(tmp_path, monkeypatch):
    monkeypatch.setattr(dictionary, "DICTD_DATA", tmp_path)
    reason = dictionary.missing(DictionarySpec("freedict-eng-deu", "dict-freedict-eng-deu"))
    assert "apt-get install dict-freedict-eng-deu" in reason


def test_eflomal_takes_priors_from_the_dictionary_and_signs_it(spec):
    from checker.backends.eflomal_aligner import EflomalAligner

    aligner = EflomalAligner("de", {})
    assert aligner.signature.endswith("+gdfa+freedict-eng-deu")
    links = aligner.align(
        [["The", "teacher", "left", "."], ["She", "was", "a", "judge", "."]],
        [["Die", "Turnlehrerin", "ging", "."], ["Sie", "war", "Richterin", "."]],
    )
    assert (1, 1) in links[0] and (3, 2) in links[1]
