"""Apertium's installed modes as directions in gen's codes, and the message for a missing one:
made-up modes folders (no Apertium needed); test_translate_apertium.py runs the real ones."""

from __future__ import annotations

import shutil

import pytest

from common.errors import MissingResourceError
from translator import apertium_modes
from translator.apertium import ApertiumEngine, choose_mode
from translator.apertium_modes import (
    missing_direction,
    modes_in,
    packages_for,
    pairs_of,
    parse_mode,
    variants_of,
)
from translator.registry import engines_here


def modes_folder(tmp_path, names):
    """A folder like /usr/share/apertium/modes holding ``names``."""
    folder = tmp_path / "modes"
    folder.mkdir()
    for name in names:
        (folder / f"{name}.mode").write_text("lt-proc /dev/null\n")
    (folder / "README").write_text("not a mode\n")
    return folder


@pytest.mark.parametrize(
    ("name", "direction", "variant"),
    [
        ("eng-spa", "en→es", None),
        ("es-fr", "es→fr", None),  # ISO 639-1 names, as older pairs have
        ("eng-hbs", "en→hbs", None),
        ("eng-hbs_SR", "en→sr", None),  # a standard of hbs that gen knows as a language
        ("eng-hbs_HR", "en→hr", None),
        ("hbs-eng", "hbs→en", None),
        ("eng-cat_valencia", "en→ca", "valencia"),  # a variant gen has no code for
        ("es-pt_BR", "es→pt", "BR"),
        ("eco-es-fr", "es→fr", "eco"),  # words before the pair
        ("en-eo-bytecode", "en→eo", "bytecode"),  # and after it; eo: not in the table
        ("afr-nld", "afr→nl", None),  # an unknown code stays as Apertium spells it
        ("en-gl", "en→gl", None),  # the pair that worked but was never listed
    ],
)
def test_a_mode_name_gives_its_direction_in_gens_codes(name, direction, variant):
    mode = parse_mode(name)
    assert (mode.direction, mode.variant) == (direction, variant)


def test_a_transliterator_is_no_language_pair():
    assert parse_mode("Cyrl-Latn") is None


def test_a_modes_folder_lists_every_direction_and_the_variants_model_picks(tmp_path):
    names = ["eng-cat", "eng-cat_valencia", "cat-eng", "eng-hbs", "eng-hbs_SR", "hbs-eng"]
    modes = modes_in(modes_folder(tmp_path, [*names, "mkd-eng", "Cyrl-Latn"]))
    assert pairs_of(modes) == {
        ("ca", "en"): "cat-eng",
        ("en", "ca"): "eng-cat",
        ("en", "hbs"): "eng-hbs",
        ("en", "sr"): "eng-hbs_SR",
        ("hbs", "en"): "hbs-eng",
        ("mkd", "en"): "mkd-eng",
    }
    assert variants_of(modes) == {("en", "ca"): ["eng-cat_valencia"]}


def test_a_direction_only_a_variant_gives_runs_that_variant(tmp_path):
    modes = modes_in(modes_folder(tmp_path, ["es-pt_BR"]))
    assert pairs_of(modes) == {("es", "pt"): "es-pt_BR"}
    assert choose_mode("es", "pt", modes, None) == "es-pt_BR"


def test_a_source_reads_with_its_languages_mode_without_the_variant(tmp_path):
    modes = modes_in(modes_folder(tmp_path, ["hbs-eng", "eng-hbs_HR"]))
    assert choose_mode("sr", "en", modes, None) == "hbs-eng"
    assert choose_mode("hr", "en", modes, None) == "hbs-eng"
    assert choose_mode("en", "hr", modes, None) == "eng-hbs_HR"


def test_model_picks_a_variant_of_the_direction_and_nothing_else(tmp_path):
    modes = modes_in(modes_folder(tmp_path, ["eng-cat", "eng-cat_valencia", "eng-spa"]))
    assert choose_mode("en", "ca", modes, "eng-cat_valencia") == "eng-cat_valencia"
    with pytest.raises(MissingResourceError) as error:
        choose_mode("en", "ca", modes, "eng-spa")
    assert str(error.value) == (
        "--model eng-spa: Apertium has no such en→ca mode here (its en→ca modes here: "
        "eng-cat, eng-cat_valencia; `gen languages` lists them all)"
    )


def test_debian_packages_say_which_way_they_translate():
    """Package names do not say it: apertium-mkd-eng translates only into English."""
    assert packages_for("en", "sr") == ["apertium-hbs-eng"]
    assert packages_for("en", "gl") == ["apertium-en-gl"]
    assert packages_for("en", "mkd") == []
    assert missing_direction("en", "gl", []) == (
        "Apertium has no en→gl pair here: sudo apt-get install apertium-en-gl "
        "(it gives en→gl gl→en)"
    )


def test_a_missing_direction_names_those_installed_a_pivot_and_the_alternatives(tmp_path):
    modes = modes_in(modes_folder(tmp_path, ["eng-spa", "eng-cat", "es-fr", "mkd-eng"]))
    assert missing_direction("en", "mkd", modes) == (
        "Apertium has no en→mkd pair here (from en here: en→ca, en→es; into mkd here: none; "
        "Debian's packages: apertium-mkd-eng gives mkd→en, apertium-mkd-bul gives bul→mkd "
        "mkd→bul); or translate with a local model folder (--engine huggingface --model DIR: "
        "OPUS-MT, M2M-100, NLLB), or give translations made elsewhere to gen check --hyp"
    )
    fr = missing_direction("en", "fr", modes)
    assert "(from en here: en→ca, en→es; into fr here: es→fr; through es: " in fr
    assert "gen translate SET/apertium.es.jsonl --from es --to fr" in fr
    assert "Debian's packages: apertium-fr-es gives es→fr fr→es" in fr
    assert "gen knows no Debian package for de);" in missing_direction("en", "de", modes)


def test_the_engine_and_gen_languages_read_the_same_modes(tmp_path, monkeypatch):
    modes = modes_in(modes_folder(tmp_path, ["eng-hbs", "eng-hbs_BS", "eng-cat", "eng-cat_uni"]))
    monkeypatch.setattr(apertium_modes, "installed_modes", lambda: modes)
    here = engines_here()["apertium"]
    assert here == "en→bs, en→ca, en→hbs (other modes, with --model MODE: en→ca eng-cat_uni)"
    if shutil.which("apertium") is not None:
        monkeypatch.setattr("translator.apertium.installed_modes", lambda: modes)
        monkeypatch.setattr("translator.apertium.data_version", lambda mode: "data")
        with pytest.raises(MissingResourceError, match="Apertium has no en→es pair here:"):
            ApertiumEngine("en", "es", {})
        assert ApertiumEngine("en", "bs", {}).mode == "eng-hbs_BS"
