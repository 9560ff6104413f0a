"""The Hugging Face engine on a tiny random Marian model built here (no download), and the
language-code table for the model families the grammar paper evaluated."""

from __future__ import annotations

import pytest
from test_translate import read_output, write_set
from typer.testing import CliRunner

from common.errors import GenError, MissingResourceError
from gen.cli import app
from translator.huggingface import model_family, target_token
from translator.languages import language_code, table
from translator.registry import load_engine

pytest.importorskip("sentencepiece")
torch = pytest.importorskip("torch")
pytest.importorskip("transformers")

SENTENCES = [
    "That nurse is my brother.",
    "The baker.",
    "My sister is a careful doctor and the nurse is her mother.",
    "Doctor",
    "El panadero es su madre.",
    "The baker is her mother.",
]
GREEDY = {"beam_size": 1, "max_length": 12, "batch_size": 4, "device": "cpu"}


@pytest.fixture(scope="module")
def tiny_marian(tmp_path_factory, one_thread):
    from tiny_models import build_tiny_marian

    return build_tiny_marian(tmp_path_factory.mktemp("marian"))


@pytest.fixture(scope="module")
def multi_target_marian(tmp_path_factory, one_thread):
    from tiny_models import build_tiny_marian

    return build_tiny_marian(
        tmp_path_factory.mktemp("marian-mul"), target_tokens=(">>spa<<", ">>fra<<")
    )


@pytest.fixture(scope="module")
def tiny_m2m100(tmp_path_factory, one_thread):
    from tiny_models import build_tiny_m2m100

    return build_tiny_m2m100(tmp_path_factory.mktemp("m2m100"))


def test_batched_greedy_output_equals_one_sentence_at_a_time(tiny_marian):
    engine = load_engine("huggingface", "en", "es", {"model": str(tiny_marian), **GREEDY})
    batched = engine.translate(SENTENCES)
    assert batched == [engine.translate([text])[0] for text in SENTENCES]
    assert len(set(batched)) > 1  # the model's output depends on its input


def test_metadata_records_model_versions_and_decoding(tiny_marian):
    options = {"model": str(tiny_marian), **GREEDY, "beam_size": 3}
    metadata = load_engine("huggingface", "en", "es", options).metadata
    assert metadata["engine"] == "huggingface"
    assert metadata["model"] == f"{tiny_marian.name} (local folder)"
    assert metadata["version"].startswith("transformers ")
    assert metadata["options"] == {"beam_size": 3, "max_length": 12, "dtype": "float32"}


def test_multi_target_marian_gets_its_target_token(multi_target_marian):
    options = {"model": str(multi_target_marian), **GREEDY}
    engine = load_engine("huggingface", "en", "es", options)
    assert engine.prefix == ">>spa<< "
    first = engine.tokenizer(engine.prefix + "The baker.").input_ids[0]
    assert engine.tokenizer.convert_ids_to_tokens(first) == ">>spa<<"
    with pytest.raises(GenError, match="cannot translate into 'de'.*>>fra<<, >>spa<<"):
        load_engine("huggingface", "en", "de", options)


def test_m2m100_is_told_both_languages_and_hides_the_target_token(tiny_m2m100):
    engine = load_engine("huggingface", "en", "es", {"model": str(tiny_m2m100), **GREEDY})
    es_id = engine.tokenizer.convert_tokens_to_ids("__es__")
    assert engine.generate_options == {"forced_bos_token_id": es_id}
    source_ids = engine.tokenizer("The baker.").input_ids
    assert engine.tokenizer.convert_ids_to_tokens(source_ids[0]) == "__en__"
    translations = engine.translate(SENTENCES)
    assert translations == [engine.translate([text])[0] for text in SENTENCES]
    assert not any("__es__" in translation for translation in translations)


def test_a_missing_model_says_how_to_get_it(tmp_path):
    with pytest.raises(MissingResourceError, match="hf download"):
        load_engine("huggingface", "en", "es", {"model": str(tmp_path / "nothing-here")})
    with pytest.raises(GenError, match="needs --model"):
        load_engine("huggingface", "en", "es", {})


VOCAB = {token: n for n, token in enumerate(["__es__", "spa_Latn", "es_XX", ">>es<<", ">>fra<<"])}


@pytest.mark.parametrize(
    ("family", "target", "vocab", "token"),
    [
        ("m2m100", "es", VOCAB, "__es__"),
        ("nllb", "es", VOCAB, "spa_Latn"),
        ("mbart50", "es", VOCAB, "es_XX"),
        ("marian", "es", VOCAB, ">>es<<"),  # opus-mt-en-ROMANCE style: ISO 639-1 tokens
        ("marian", "es", {"▁la": 0}, None),  # opus-mt-en-es: one target, no token
    ],
)
def test_target_tokens_per_family(family, target, vocab, token):
    assert target_token(table()["families"][family], target, vocab, "m") == token


def test_a_language_a_family_lacks_is_an_error():
    with pytest.raises(GenError, match="no mbart50 code for 'ca'"):
        target_token(table()["families"]["mbart50"], "ca", VOCAB, "mbart-large-50")


@pytest.mark.parametrize(
    ("class_name", "family"),
    [
        ("MarianTokenizer", "marian"),
        ("M2M100Tokenizer", "m2m100"),
        ("NllbTokenizerFast", "nllb"),
        ("MBart50TokenizerFast", "mbart50"),
    ],
)
def test_families_are_recognised_by_tokenizer_class(class_name, family):
    assert model_family(type(class_name, (), {})())[0] == family


def test_every_language_has_an_iso639_3_code_and_families_name_their_columns():
    languages = table()["languages"]
    assert all(len(codes["iso639_3"]) == 3 for codes in languages.values())
    for family in table()["families"].values():
        for column in family["codes"]:
            assert column == "iso639_1" or language_code("es", column) is not None


def test_cli_translates_with_a_local_model(tmp_path, tiny_marian):
    """In-process (the Apertium CLI tests run gen as a subprocess): a second interpreter
    importing torch would cost more than everything else here."""
    set_dir = write_set(tmp_path / "set", SENTENCES)
    out = tmp_path / "tiny.jsonl"
    arguments = ["translate", str(set_dir), "--to", "es", "--engine", "huggingface"]
    options = ["--model", str(tiny_marian), "--out", str(out), "--beam-size", "1"]
    result = CliRunner().invoke(app, [*arguments, *options, "--device", "cpu"])
    assert result.exit_code == 0, result.output
    records = read_output(out)
    assert [r["text"] for r in records] == SENTENCES
    # --max-length 256 is cut to the tiny model's 128 positions (one is the start token).
    assert records[0]["mt"]["options"] == {"beam_size": 1, "max_length": 127, "dtype": "float32"}
    assert (tmp_path / "tiny.txt").read_text().count("\n") == len(SENTENCES)
