"""The Apertium engine: exact sentence boundaries, unknown-word marks, missing pairs, the CLI.

Needs Apertium and its en→es pair (apt: apertium apertium-eng-spa, see scripts/setup).
"""

from __future__ import annotations

import json
import shutil

import pytest
from conftest import run_gen as gen
from test_translate import read_output, write_set

from common.errors import MissingResourceError
from translator.apertium import ApertiumEngine, from_stream, split_output, to_stream
from translator.apertium_modes import installed_modes, installed_pairs
from translator.base import EngineError
from translator.run import translate_chunk

# Sentences that break naive batching: inner full stops, abbreviations, quotes, no final
# full stop (plain-text Apertium joins such a line to the next), Apertium's reserved
# characters, a blank, Unicode, a line break and a fake boundary mark.
TRICKY = [
    "That nurse is my brother.",
    'She said "hello." Then the doctor left.',
    "Dr. Smith is a doctor.",
    "The U.S. baker is his mother",
    "*star* and [brackets] <tag> ^caret$ \\back {x} @y /z",
    "   ",
    "The baker's aunt, a lawyer; the clerk's uncle!",
    "Is the teacher her sister?",
    "Café niño — “curly quotes” … ",
    "The baker is her sister .",
    "A line\nbreak [gen:0] inside.",
]


@pytest.fixture(scope="module")
def apertium_pair():
    if shutil.which("apertium") is None:
        pytest.skip("Apertium is not installed (scripts/setup installs it)")
    try:
        return ApertiumEngine("en", "es", {})
    except MissingResourceError as error:
        pytest.skip(str(error))


def test_a_batch_maps_back_one_to_one_and_equals_sentences_alone(apertium_pair):
    batched = apertium_pair.translate(TRICKY)
    assert len(batched) == len(TRICKY)
    assert batched == [apertium_pair.translate([text])[0] for text in TRICKY]
    assert batched[0] == "Aquel enfermero es mi hermano ."
    assert batched[3] == "El panadero de EE.UU. es su madre"
    assert batched[5] == ""
    assert "[grupo] <etiqueta>" in batched[4]
    assert "\n" not in batched[10] and "[gen:0]" in batched[10]


def test_a_sentence_apertium_cannot_take_fails_alone(apertium_pair):
    translations, errors = translate_chunk(apertium_pair, ["The nurse.", "A \0 NUL.", "Her aunt."])
    assert errors == {1: "the sentence contains a NUL character"}
    assert translations[1] == "" and translations[2] == "Su tía."


def test_unknown_word_marks_are_dropped_unless_asked_for(apertium_pair):
    sentence = ["The blorficator is my brother."]
    [plain] = apertium_pair.translate(sentence)
    marked = ApertiumEngine("en", "es", {"unknown_marks": True})
    assert plain.startswith("El blorficator es mi hermano")
    assert marked.translate(sentence) == [plain.replace("blorficator", "*blorficator")]
    assert marked.metadata["options"] == {"unknown_marks": True}


def test_metadata_names_engine_mode_and_versions(apertium_pair):
    metadata = apertium_pair.metadata
    assert (metadata["engine"], metadata["model"]) == ("apertium", "eng-spa")
    assert metadata["version"].startswith("apertium 3.")
    assert "apertium-eng-spa" in metadata["version"]


@pytest.mark.parametrize(
    "text", ["plain", "a [b] ^c$ \\d /e @f <g> {h}", "tab\tand  spaces", "ñ “q” 걔"]
)
def test_stream_escaping_round_trips(text):
    assert from_stream(to_stream(text)) == " ".join(text.split())


@pytest.mark.parametrize(
    "output",
    [
        "uno [gen:0]\0dos [gen:1] tres [gen:2]\0",  # two sentences merged
        "uno [gen:0]\0tres [gen:2]\0dos [gen:1]\0",  # out of order
        "uno [gen:0]\0dos\0tres [gen:2]\0",  # a mark lost
        "uno [gen:0]\0dos [gen:1]\0",  # a sentence lost
    ],
)
def test_lost_sentence_boundaries_fail_loudly(output):
    with pytest.raises(EngineError, match="returned .* sentences for 3"):
        split_output(output, 3, "eng-spa")


def test_trailing_nuls_from_the_pipeline_are_ignored():
    output = "uno [gen:0]\0 [gen:1]\0" + "\0" * 9
    assert split_output(output, 2, "eng-spa") == ["uno", ""]


def test_missing_apertium_says_what_to_install(monkeypatch):
    monkeypatch.setattr(shutil, "which", lambda name: None)
    fix = "sudo apt-get install apertium apertium-eng-cat"
    with pytest.raises(MissingResourceError, match=fix):
        ApertiumEngine("en", "ca", {})


def test_cli_translates_a_set_with_apertium(tmp_path, apertium_pair):
    set_dir = write_set(tmp_path / "set", ["That nurse is my brother.", "The baker is her mother"])
    result = gen("translate", str(set_dir), "--to", "es")
    assert result.returncode == 0, result.stderr
    assert (set_dir / "apertium.es.txt").read_text() == (
        "Aquel enfermero es mi hermano .\nEl panadero es su madre\n"
    )
    records = read_output(set_dir / "apertium.es.jsonl")
    assert records[0]["mt"]["model"] == "eng-spa" and records[0]["lang"] == "es"
    assert "translated 2 sentences" in result.stderr


def test_cli_missing_pair_is_one_line_naming_the_pairs_there_are(tmp_path, apertium_pair):
    """No package to suggest: say which directions from and into the languages exist, the
    pivot they make, which way Debian's packages translate, and what else can."""
    result = gen("translate", str(write_set(tmp_path / "set")), "--to", "fr")
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert result.stderr.startswith("gen: error: Apertium has no en→fr pair here (from en here: ")
    assert "en→es" in result.stderr and "--engine huggingface --model DIR" in result.stderr
    assert "gen check --hyp" in result.stderr
    if ("es", "fr") in installed_pairs():
        assert "into fr here: es→fr" in result.stderr
        assert "then gen translate SET/apertium.es.jsonl --from es --to fr" in result.stderr


def test_installed_pairs_are_those_the_engine_would_run(apertium_pair):
    pairs = installed_pairs()
    assert pairs["en", "es"] == "eng-spa"
    for (source, target), mode in pairs.items():
        assert ApertiumEngine(source, target, {}).mode == mode


def test_the_source_language_comes_from_the_sets_manifest(tmp_path, apertium_pair):
    """A Korean set is translated from Korean without --from; --from en contradicts it."""
    set_dir = write_set(tmp_path / "ko", ["걔는 간호사야"])
    manifest = set_dir / "manifest.json"
    manifest.write_text(json.dumps({"grammar": "ko", "size": "xs"}))
    result = gen("translate", str(set_dir), "--to", "en")
    assert "Apertium has no ko→en pair here (from ko here: none;" in result.stderr
    result = gen("translate", str(set_dir), "--to", "en", "--from", "en")
    assert result.returncode == 2
    assert result.stderr == (
        f"gen: error: {manifest}: grammar: the set is written in 'ko', but --from says 'en' "
        "(leave --from out to take the set's)\n"
    )


def needs(mode: str) -> None:
    if mode not in installed_pairs().values():
        pytest.skip(f"Apertium's {mode} mode is not installed (scripts/setup installs it)")


@pytest.mark.parametrize(("lang", "mode"), [("hbs", "eng-hbs"), ("sr", "eng-hbs_SR")])
def test_serbo_croatian_and_its_standards_translate(tmp_path, apertium_pair, lang, mode):
    """The issue's `--to hbs`: apertium-hbs-eng's modes, hbs and its variants sr, hr, bs."""
    needs(mode)
    set_dir = write_set(tmp_path / "set", ["My sister is a teacher."])
    result = gen("translate", str(set_dir), "--to", lang)
    assert result.returncode == 0, result.stderr
    (record,) = read_output(set_dir / f"apertium.{lang}.jsonl")
    assert record["mt"]["model"] == mode and record["lang"] == lang
    assert "sestra" in record["translation"]


def test_a_variant_mode_is_chosen_with_model(tmp_path, apertium_pair):
    needs("eng-cat")
    if "eng-cat_valencia" not in installed_modes():
        pytest.skip("apertium-eng-cat without its Valencian mode")
    set_dir = write_set(tmp_path / "set", ["My sister is a teacher."])
    result = gen("translate", set_dir, "--to", "ca", "--model", "eng-cat_valencia")
    assert result.returncode == 0, result.stderr
    assert read_output(set_dir / "apertium.ca.jsonl")[0]["mt"]["model"] == "eng-cat_valencia"
    result = gen("translate", set_dir, "--to", "ca", "--model", "eng-spa", "--out", tmp_path / "x")
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert result.stderr.startswith(
        "gen: error: --model eng-spa: Apertium has no such en→ca mode here "
        "(its en→ca modes here: eng-cat, "
    )
    assert "eng-cat_valencia" in result.stderr


def test_es_translated_onward_to_fr_leaves_no_english(tmp_path, apertium_pair):
    """The issue's pivot: es.jsonl --from es --to fr translated the English text again."""
    needs("es-fr")
    set_dir = write_set(tmp_path / "set", ["That nurse is my sister.", "The baker is her father."])
    assert gen("translate", set_dir, "--to", "es").returncode == 0
    es = set_dir / "apertium.es.jsonl"
    result = gen("translate", es, "--from", "es", "--to", "fr", "--out", tmp_path / "fr.jsonl")
    assert result.returncode == 0, result.stderr
    records = read_output(tmp_path / "fr.jsonl")
    assert [record["translation"] for record in records] == [
        "Cet infirmier est ma soeur .",  # en→es gave "Aquel enfermero": Apertium's error
        "Le boulanger est son père .",
    ]
    assert [step["model"] for step in records[0]["mt"]] == ["eng-spa", "es-fr"]
