"""An aligner dictionary where FreeDict has none: gen chains the installed Apertium
bilingual dictionaries from English to the language on its own, through a pivot."""

from __future__ import annotations

import dataclasses

import pytest

from checker.backends import bidix
from checker.backends.bidix import ApertiumBidix, chain_for, installed_directions
from checker.languages import language


def apertium_tree(root, *files):
    """A /usr/share/apertium of empty files with these names (the search reads names)."""
    for name in files:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).touch()
    return root


@pytest.fixture
def lt_proc(monkeypatch):
    monkeypatch.setattr(bidix.shutil, "which", lambda name: f"/usr/bin/{name}")


def bare(code, **changes):
    """``code``'s row with neither a FreeDict dictionary nor a chain of its own."""
    return dataclasses.replace(language(code), dictionary=None, bidix=None, **changes)


def test_directions_are_read_from_file_names_in_either_code(tmp_path):
    root = apertium_tree(
        tmp_path,
        "apertium-eng-spa/eng-spa.autobil.bin",
        "apertium-es-pt/es-pt.autobil.bin",
        "apertium-es-pt/es-pt_BR.autobil.bin",  # a variant: not a language of its own
        "apertium-fr-es/eco-es-fr.autobil.bin",
    )
    assert installed_directions(root) == {
        ("eng", "spa"): "apertium-eng-spa/eng-spa.autobil.bin",
        ("spa", "por"): "apertium-es-pt/es-pt.autobil.bin",
    }


def test_a_language_without_a_dictionary_gets_a_chain_through_a_pivot(tmp_path, lt_proc):
    root = apertium_tree(
        tmp_path,
        "apertium-eng-spa/eng-spa.autobil.bin",
        "apertium-eng-cat/eng-cat.autobil.bin",
        "apertium-es-pt/es-pt.autobil.bin",
        "apertium-es-pt/pt-es.autobil.bin",
    )
    spec = chain_for(bare("pt"), root)
    assert spec.name == "apertium-pivot-eng-spa-por"  # what the signature shows
    assert spec.chain == (
        "apertium-eng-spa/eng-spa.autobil.bin",
        "apertium-es-pt/es-pt.autobil.bin",
    )
    assert spec.packages == ("apertium-eng-spa", "apertium-es-pt")
    direct = chain_for(bare("ca"), root)
    assert (direct.name, direct.chain) == (
        "apertium-eng-cat",
        ("apertium-eng-cat/eng-cat.autobil.bin",),
    )


def test_no_chain_where_no_pair_leads_there_or_a_dictionary_exists(tmp_path, lt_proc):
    root = apertium_tree(tmp_path, "apertium-eng-spa/eng-spa.autobil.bin")
    assert chain_for(bare("pt"), root) is None  # es-pt is not installed
    pt = dataclasses.replace(language("pt"), bidix=None)
    if pt.dictionary is not None and bidix.dictionary_missing(pt.dictionary) is None:
        assert chain_for(pt, root) is None  # FreeDict's eng-por is there: no search


@pytest.mark.parametrize("code", ["pt", "it", "fr", "ro"])
def test_the_chain_found_is_the_one_languages_toml_names_by_hand(code):
    """Where a row names its pivot chain by hand, the search finds the same files."""
    row = language(code)
    if bidix.missing(row.bidix):
        pytest.skip(bidix.missing(row.bidix))
    assert chain_for(bare(code)).chain == row.bidix.chain


def test_a_found_pivot_chain_translates_slovene_occupations():
    """sl: eng→hbs→slv, the Apertium dictionaries Debian installs, no FreeDict dictionary."""
    spec = chain_for(language("sl"))
    if spec is None or bidix.missing(spec):
        pytest.skip("apertium-hbs-eng and apertium-hbs-slv are not installed")
    assert spec.name == "apertium-pivot-eng-hbs-slv"
    found = ApertiumBidix(spec).translations(["teacher", "doctors"])
    assert found["teacher"] and found["doctors"]
