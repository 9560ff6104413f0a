"""gen translate onward: a file of translations translated --from its language (a pivot),
with fake engines; the real Apertium es→fr pivot is in test_translate_apertium.py."""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest
from test_translate import UpperEngine, read_output, write_set

from checker.pipeline.scan import describe_system
from common.errors import GenError
from translator.base import Engine, EngineError
from translator.run import translate_set


class TaggingEngine(Engine):
    """Translates by writing the target before the text: "es: ...", then "fr: es: ..."."""

    name = "tag"

    @property
    def metadata(self) -> dict:
        return {"engine": "tag", "model": f"tag-{self.target}", "version": "1", "options": {}}

    def translate(self, texts: Sequence[str]) -> list[str]:
        if any("BOOM" in text for text in texts):
            raise EngineError("the engine exploded")
        return [f"{self.target}: {text}" for text in texts]


def translated(tmp_path, texts):
    """A set of ``texts`` translated en→es: the file to translate onward."""
    out = tmp_path / "es.jsonl"
    translate_set(write_set(tmp_path / "set", texts), TaggingEngine("en", "es", {}), out)
    return out


def test_a_translations_file_from_its_language_translates_the_translations(tmp_path):
    """The issue's case: es.jsonl --from es --to fr translated the English again."""
    texts = ["The nurse is my sister.", "", "BOOM the lawyer."]
    es = translated(tmp_path, texts)
    engine = TaggingEngine("es", "fr", {})
    translate_set(es, engine, tmp_path / "fr.jsonl")
    first, empty, failed = read_output(tmp_path / "fr.jsonl")
    assert first["text"] == "The nurse is my sister." and first["lang"] == "fr"
    assert first["translation"] == "fr: es: The nurse is my sister."
    assert first["pivots"] == [{"lang": "es", "translation": "es: The nurse is my sister."}]
    assert [(step["from"], step["to"], step["model"]) for step in first["mt"]] == [
        ("en", "es", "tag-es"),
        ("es", "fr", "tag-fr"),
    ]
    # The earlier step's failure is the reason, not "empty source sentence".
    assert empty["translation_error"] == "the es translation failed: empty source sentence"
    assert failed["translation_error"] == "the es translation failed: the engine exploded"
    assert (tmp_path / "fr.txt").read_text().splitlines()[0] == first["translation"]


def test_a_chain_of_three_keeps_every_step_and_pivot(tmp_path):
    es = translated(tmp_path, ["The nurse is my sister."])
    fr = tmp_path / "fr.jsonl"
    translate_set(es, TaggingEngine("es", "fr", {}), fr)
    translate_set(fr, TaggingEngine("fr", "it", {}), tmp_path / "it.jsonl")
    (record,) = read_output(tmp_path / "it.jsonl")
    assert record["translation"] == "it: fr: es: The nurse is my sister."
    assert [step["to"] for step in record["mt"]] == ["es", "fr", "it"]
    assert [pivot["lang"] for pivot in record["pivots"]] == ["es", "fr"]


def test_from_the_text_language_translates_the_text_again(tmp_path):
    es = translated(tmp_path, ["The nurse is my sister."])
    translate_set(es, TaggingEngine("en", "fr", {}), tmp_path / "fr.jsonl")
    (record,) = read_output(tmp_path / "fr.jsonl")
    assert record["translation"] == "fr: The nurse is my sister." and "pivots" not in record
    assert record["mt"]["model"] == "tag-fr"


def test_a_from_that_is_neither_language_is_one_line(tmp_path):
    es = translated(tmp_path, ["The nurse is my sister."])
    with pytest.raises(GenError) as error:
        translate_set(es, TaggingEngine("ca", "fr", {}), tmp_path / "fr.jsonl")
    assert str(error.value) == (
        f"{es}: --from ca: these records' text is in en and their translations are in es; "
        "give --from en to translate the text again, or --from es to translate the "
        "translations onward"
    )
    assert not (tmp_path / "fr.jsonl").exists()


@pytest.mark.parametrize(
    ("bad", "field", "message"),
    [
        ({"lang": "ca"}, "lang", "'ca', not 'es': a file translated onward holds translations"),
        ({"translation": None}, "translation", "missing or not a string"),
    ],
)
def test_records_onward_must_all_be_translations_into_from(tmp_path, bad, field, message):
    es = translated(tmp_path, ["The nurse is my sister.", "The baker is my aunt."])
    records = read_output(es)
    records[1].update(bad)
    es.write_text("".join(json.dumps(record) + "\n" for record in records))
    with pytest.raises(GenError) as error:
        translate_set(es, TaggingEngine("es", "fr", {}), tmp_path / "fr.jsonl")
    assert str(error.value).startswith(f"{es}:2: {field}: {message}")


def test_translations_made_elsewhere_are_an_unknown_first_step(tmp_path):
    records = [{"id": "a", "text": "The nurse is my sister.", "translation": "x", "lang": "es"}]
    source = tmp_path / "es.jsonl"
    source.write_text(json.dumps(records[0]) + "\n")
    translate_set(source, UpperEngine("es", "fr"), tmp_path / "fr.jsonl")
    (record,) = read_output(tmp_path / "fr.jsonl")
    assert record["translation"] == "X"
    assert record["mt"][0] == {"from": "en", "to": "es", "engine": "unknown"}
    assert describe_system(record["mt"]) == "unknown>es>upper:upper(1)"


def test_the_signature_names_every_step_and_the_pivot_language():
    chain = [
        {"from": "en", "to": "es", "engine": "apertium", "model": "eng-spa", "version": "3.8"},
        {"from": "es", "to": "fr", "engine": "apertium", "model": "es-fr", "version": "3.8"},
    ]
    assert describe_system(chain) == "apertium:eng-spa(3.8)>es>apertium:es-fr(3.8)"
    assert describe_system(chain[0]) == "apertium:eng-spa(3.8)"
