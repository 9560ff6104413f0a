"""checker/languages.toml: every row is usable, codes and aliases resolve, bad codes are errors."""

from __future__ import annotations

import re

import pytest

from checker.backends.suffixes import SuffixAnalyser
from checker.languages import language, language_rows, languages
from common.errors import GenError

ANALYSERS = {"apertium", "pymorphy3", "german-nouns", "hspell", "wordlist", "suffixes"}


@pytest.mark.parametrize("code", sorted(languages()))
def test_every_row_names_known_analysers_and_what_they_need(code):
    row = languages()[code]
    assert row.name and row.analysers and set(row.analysers) <= ANALYSERS
    assert row.tokenizer in ("apertium", "words")
    if "apertium" in row.analysers or row.tokenizer == "apertium":
        assert row.apertium.automorf.endswith(".automorf.bin")
        assert row.apertium.package.startswith("apertium-")
    assert ("suffixes" in row.analysers) == bool(row.suffixes)
    assert ("wordlist" in row.analysers) == bool(row.wordlist)
    for rule in row.suffixes:
        re.compile(rule["pattern"])
        assert set(rule["genders"]) <= {"male", "female"} and rule["note"]
    assert all(len(words) >= 2 for words in row.contractions.values())


def test_the_languages_the_issue_names_are_all_there():
    wanted = "es fr it pt ca ro ru uk be hbs sr hr bs pl hi ur de".split()
    assert set(wanted) <= set(languages())
    assert language("sr") is language("hbs")
    assert [row.code for row in language_rows()].count("hbs") == 1
    aliases = {alias for row in language_rows() for alias in row.aliases}
    assert {"sr", "hr", "bs"} <= aliases
    assert {row.code for row in language_rows()} == set(languages()) - aliases
    assert language("no") is language("nb")  # Norwegian: Bokmål, as M2M-100's "no"


def test_an_unknown_code_is_an_error_listing_the_supported_ones():
    with pytest.raises(GenError, match=r"unsupported language 'xx' \(supported: .*es"):
        language("xx")


@pytest.mark.parametrize(
    ("word", "genders"),
    [("učiteljica", {"female"}), ("doktor", {"male"}), ("je", None), ("ka", None)],
)
def test_suffix_rules_read_only_words_they_match(word, genders):
    (found,) = SuffixAnalyser(language("hbs").suffixes).analyse([word])
    if genders is None:
        assert found == ()
    else:
        assert found[0].genders == genders and "guessed" in found[0].evidence
