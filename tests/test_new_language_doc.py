"""docs/new-language.md followed as written: its worked examples' blocks, added to copies of
the data files, make a language gen translates and checks, with the labels the doc says;
and its reference table of agreement settings names every key and who sets it."""

from __future__ import annotations

import dataclasses
import re

import pytest
import tomllib
from conftest import REPO, label_aligned

from checker import languages as language_table
from checker import tables
from checker.backends import offline
from checker.backends.apertium import missing as analyser_missing
from checker.rules import agreement_rules as agreement
from checker.rules.conventions import Conventions
from translator import apertium_modes
from translator import languages as codes

DOC = REPO / "docs" / "new-language.md"


def blocks() -> list[dict]:
    """The doc's TOML blocks, parsed."""
    text = DOC.read_text(encoding="utf-8")
    return [tomllib.loads(block) for block in re.findall(r"```toml\n(.*?)```", text, re.S)]


def block_text(first_line: str, key: str) -> str:
    """The text of the doc's TOML block that starts with ``first_line`` and sets ``key``."""
    text = DOC.read_text(encoding="utf-8")
    for block in re.findall(r"```toml\n(.*?)```", text, re.S):
        if block.startswith(first_line + "\n"):
            table = tomllib.loads(block)
            for part in first_line[1:-1].split("."):
                table = table[part]
            if key in table:
                return block
    raise AssertionError(f"no block {first_line} with {key} in {DOC.name}")


#: The data files the doc has a user edit: (module, attribute naming the file).
FILES = [
    (language_table, "LANGUAGES_FILE"),
    (agreement, "AGREEMENT_FILE"),
    (codes, "TABLE_PATH"),
]
CACHED = (language_table.languages, agreement.agreement_rules, codes.table, tables.read_table)


@pytest.fixture
def follow_doc(tmp_path, monkeypatch):
    """``follow(code)``: copies of the data files with the doc's blocks for ``code``
    appended, read by gen in their place."""
    originals = {attribute: getattr(module, attribute) for module, attribute in FILES}

    def follow(code: str, *, agreement_section: bool = True) -> None:
        added = {
            "LANGUAGES_FILE": block_text(f"[{code}]", "name"),
            "AGREEMENT_FILE": block_text(f"[{code}]", "family") if agreement_section else "",
            "TABLE_PATH": block_text(f"[languages.{code}]", "iso639_3") if code == "gl" else "",
        }
        for module, attribute in FILES:
            original = originals[attribute]
            copy = tmp_path / original.name
            copy.write_text(f"{original.read_text(encoding='utf-8')}\n{added[attribute]}")
            monkeypatch.setattr(module, attribute, copy)
        for cached in CACHED:
            cached.cache_clear()
        row = language_table.languages()[code]
        reason = analyser_missing(row.apertium.automorf, row.apertium.package)
        if reason:
            pytest.skip(reason)

    yield follow
    monkeypatch.undo()
    for cached in CACHED:
        cached.cache_clear()


def labelled(code, translation, word, expected, source):
    tagger = offline.OfflineTagger(code, {})
    sentence = tagger.tag([translation])[0]
    tagger.close()
    return label_aligned(sentence, word, expected, source, agreement.agreement_rules(code))


GALICIAN = [
    ("A xuíza foi nomeada .", "xuíza", "female", "judge", "correct"),
    ("O mestre chegou .", "mestre", "female", "teacher", "wrong"),
    ("A dentista chegou .", "dentista", "female", "dentist", "correct"),
    ("O dentista chegou .", "dentista", "female", "dentist", "wrong"),
    ("Falei co fillo da avogada .", "avogada", "female", "lawyer", "correct"),
    ("Traballa como enfermeira .", "enfermeira", "female", "nurse", "correct"),
]


@pytest.mark.parametrize(("translation", "word", "expected", "source", "verdict"), GALICIAN)
def test_galician_added_as_the_doc_says_is_read(
    follow_doc, translation, word, expected, source, verdict
):
    follow_doc("gl")
    assert labelled("gl", translation, word, expected, source).label == verdict


def test_galician_translation_runs_from_the_doc_block(follow_doc):
    follow_doc("gl")
    assert "en-gl" in apertium_modes.candidate_modes("en", "gl")
    if ("en", "gl") not in apertium_modes.installed_pairs():
        pytest.skip("apertium-en-gl is not installed")


ICELANDIC = [
    # (translation, word, expected, source, without neutral.toml's section, with it)
    ("Hún er kennari .", "kennari", "female", "teacher", "correct", "correct"),
    ("Kennarinn kom .", "Kennarinn", "female", "teacher", "wrong", "neutral"),
    ("Góði kennarinn kom .", "kennarinn", "female", "teacher", "wrong", "neutral"),
    ("Læknirinn var ánægður .", "Læknirinn", "female", "doctor", "wrong", "neutral"),
    ("Læknirinn var ánægð .", "Læknirinn", "female", "doctor", "correct", "correct"),
    ("Leikkonan kom .", "Leikkonan", "female", "actor", "correct", "correct"),
    ("Hann er kennari .", "kennari", "male", "teacher", "correct", "correct"),
]


@pytest.mark.parametrize(
    ("translation", "word", "expected", "source", "by_default", "by_the_doc"), ICELANDIC
)
def test_icelandic_needs_its_neutral_section_not_the_defaults(
    monkeypatch, translation, word, expected, source, by_default, by_the_doc
):
    """The doc's §5: without neutral.toml's `generic`, every masculine occupation noun is a
    man; with it, the person's own words decide, else the label is neutral."""
    if reason := analyser_missing("apertium-isl-eng/isl-eng.automorf.bin", "apertium-isl-eng"):
        pytest.skip(reason)
    shipped = agreement.conventions
    monkeypatch.setattr(
        agreement, "conventions", lambda code: Conventions() if code == "is" else shipped(code)
    )
    agreement.agreement_rules.cache_clear()
    assert labelled("is", translation, word, expected, source).label == by_default
    monkeypatch.undo()
    agreement.agreement_rules.cache_clear()
    assert labelled("is", translation, word, expected, source).label == by_the_doc


@pytest.mark.parametrize(
    ("key", "path"),
    [
        ("name", "checker/languages.toml"),
        ("generic", "checker/data/neutral.toml"),
        ("copulas", "checker/rules/agreement.toml"),
    ],
)
def test_the_docs_icelandic_blocks_are_what_ships(key, path):
    shipped = tomllib.loads((REPO / path).read_text(encoding="utf-8"))["is"]
    for name, value in tomllib.loads(block_text("[is]", key))["is"].items():
        assert shipped[name] == value, name


def _table(heading: str) -> dict[str, list[str]]:
    """The reference table: each key → the languages its last column names."""
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index(heading) :]
    table = section[: section.index("\n\n", section.index("| key |"))]
    rows = re.findall(r"^\| `(\w+)` \|.*\| ([^|]*) \|$", table, re.M)
    return {key: [] if used.startswith("–") else used.split(", ") for key, used in rows}


def test_the_agreement_table_names_every_key_and_the_languages_that_set_it():
    table = tomllib.loads((REPO / "checker/rules/agreement.toml").read_text(encoding="utf-8"))
    defaults, families = table.pop("defaults"), table.pop("families")
    documented = _table("## 3. Agreement settings")
    assert set(documented) == {"family", *defaults}
    for key, used in documented.items():
        setting = [
            code
            for code, section in table.items()
            if key in section or key in families.get(section.get("family"), {})
        ]
        assert used == setting, key


def test_the_row_table_names_every_key_of_languages_toml_and_who_sets_it():
    rows = tomllib.loads((REPO / "checker/languages.toml").read_text(encoding="utf-8"))
    documented = _table("Every key of a row")
    known = {field.name for field in dataclasses.fields(language_table.Language)}
    # the row's keys are the Language fields, less those worked out from them
    assert set(documented) == known - {"code", "union", "apertium_specs"} | {"readings"}
    for key, used in documented.items():
        assert used == [code for code, row in rows.items() if key in row], key
