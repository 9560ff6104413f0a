"""`gen import gate` and `gen import mt-geneval`: GATE's 2- and 4-variant files as one
record per variant and entity, MT-GenEval's contextual lines; what each refuses."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from conftest import run_gen

from common.errors import GenError
from scores.benchmarks import gate
from scores.benchmarks import mtgeneval as mtgeneval_import

TWO = (
    "labels\tsource\tf\tm\tkw_s\tkw_f\tkw_m\tdata_split\n"
    "SUBJ;PROF\tThe boss is able to pay you.\tLa jefa puede pagarte.\tEl jefe puede pagarte.\t"
    "boss\tla [jefa]\tel [jefe]\tdev\n"
    "PLUR\tSome of my colleagues arrived.\tAlgunas de mis colegas llegaron.\t"
    "Algunos de mis colegas llegaron.\tmy [colleagues]\tmis [colegas]\tmis [colegas]\tdev\n"
    "PLUR\tThe young people left.\tLas jóvenes se fueron.\tLos jóvenes se fueron.\t"
    "theses [young people]\tlas [jóvenes]\tlos [jóvenes]\tdev\n"
    "PROF\tThe mayor spoke.\tLa alcaldesa habló.\tEl alcalde habló.\twitness\tx\ty\tdev\n"
)
FOUR = (
    "labels\tsource\tff\tfm\tmf\tmm\tkw_s\tkw_f\tkw_m\tdata_split\n"
    "SUBJ;PROF\tYour doctor works with you to keep you healthy.\tSu doctora ... sana.\t"
    "Su doctora ... sano.\tSu doctor ... sana.\tSu doctor ... sano.\tdoctor;you=healthy\t"
    "doctora;usted=sana\tdoctor;usted=sano\tdev\n"
)


def test_two_variants_one_record_per_variant_with_the_head_noun(tmp_path):
    path = tmp_path / "es_2_variants.dev.tsv"
    path.write_text(TWO, encoding="utf-8")
    records, skipped = gate.records(path, "es")
    assert [(r["gate"]["line"], r["gate"]["variant"], r["expected_gender"]) for r in records] == [
        (2, "f", "female"),
        (2, "m", "male"),
        (3, "f", "female"),
        (3, "m", "male"),
        (4, "f", "female"),
        (4, "m", "male"),
    ]
    heads = [r["tokens"][r["occupation"]["index"]] for r in records[::2]]
    assert heads == ["boss", "colleagues", "people"]
    assert records[2]["occupation"]["text"] == "my colleagues"
    # the words around the brackets are loose ("theses"): the bracketed words alone are found
    assert records[4]["occupation"]["text"] == "young people"
    assert records[0]["translation"] == "La jefa puede pagarte."
    assert records[0]["gate"]["labels"] == ["SUBJ", "PROF"]
    assert skipped == [f"{path}:5: kw_s: 'witness' not in the source"]


@pytest.mark.parametrize(
    "labels,kw_s,head",
    [
        # a profession named after a stand-in ("one", "what", "those"): the noun is read
        ("DOBJ;PROF", "one=tailor", "tailor"),
        ("QUES;SUBJ;PROF", "who=new [tailor]", "tailor"),
        ("SUBJ;PROF", "those=tailors", "tailors"),
        # a subject pronoun, which es/fr/it drop: the noun predicated of it is read
        ("SUBJ;PROF", "I=tailor", "tailor"),
        # no profession: the first mention, whatever it is ("all=Hebrew")
        ("SUBJ;IPRO", "one=tailor", "one"),
    ],
)
def test_a_profession_is_read_by_its_noun_not_a_stand_in(tmp_path, labels, kw_s, head):
    source = {
        "one=tailor": "If one is free, I will call you with a tailor nearby.",
        "who=new [tailor]": "Who is the new tailor in town?",
        "those=tailors": "Those three tailors never met again.",
        "I=tailor": "I never wanted to be a tailor.",
    }[kw_s]
    path = tmp_path / "es_2_variants.dev.tsv"
    row = f"{labels}\t{source}\tf\tm\t{kw_s}\tx\ty\tdev\n"
    path.write_text(TWO.splitlines(keepends=True)[0] + row, encoding="utf-8")
    records, _ = gate.records(path, "es")
    assert records[0]["tokens"][records[0]["occupation"]["index"]] == head


def test_a_four_variant_row_keeps_the_first_mention(tmp_path):
    """A 4-variant row's labels are of either entity: "PROF" may be the other one's."""
    path = tmp_path / "es_4_variants.dev.tsv"
    path.write_text(FOUR.replace("doctor;you=healthy", "doctor;you=doctor"), encoding="utf-8")
    records, _ = gate.records(path, "es")
    second = [r for r in records if r["gate"]["entity"] == 2][0]
    assert second["tokens"][second["occupation"]["index"]] == "you"


def test_four_variants_one_record_per_variant_and_entity(tmp_path):
    path = tmp_path / "es_4_variants.dev.tsv"
    path.write_text(FOUR, encoding="utf-8")
    records, skipped = gate.records(path, "es")
    assert skipped == []
    got = Counter((r["gate"]["entity"], r["expected_gender"]) for r in records)
    assert got == {(1, "female"): 2, (1, "male"): 2, (2, "female"): 2, (2, "male"): 2}
    fm = [r for r in records if r["gate"]["variant"] == "fm"]
    assert [(r["occupation"]["text"], r["expected_gender"]) for r in fm] == [
        ("doctor", "female"),
        ("you", "male"),
    ]
    assert fm[1]["gate"]["kw_f"] == "usted=sana"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("gender\tindex\tsentence\tentity\n", ":1: not a GATE file: the header lacks source, kw_s"),
        ("labels\tsource\tf\tkw_s\tkw_f\tkw_m\n", ":1: not a GATE file: the header lacks f, m"),
        (TWO.splitlines()[0] + "\nPROF\tThe boss.\tLa jefa.\n", ":2: 3 tab-separated fields"),
    ],
)
def test_other_formats_and_short_rows_are_named(tmp_path, text, message):
    path = tmp_path / "fr_2_variants.tsv"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(GenError, match=message.replace("(", r"\(")):
        gate.records(path, "fr")


def test_the_gate_command_takes_the_language_from_the_file_name(tmp_path):
    two, four = tmp_path / "es_2_variants.dev.tsv", tmp_path / "es_4_variants.dev.tsv"
    two.write_text(TWO, encoding="utf-8")
    four.write_text(FOUR, encoding="utf-8")
    out = tmp_path / "gate.jsonl"
    done = run_gen("import", "gate", two, four, "--out", out)
    assert done.returncode == 0, done.stderr
    assert "14 records (1 entities left out)" in done.stderr
    assert "es_2_variants.dev.tsv:5: kw_s: 'witness' not in the source" in done.stderr
    assert {json.loads(line)["lang"] for line in out.read_text().splitlines()} == {"es"}


def test_mt_geneval_keeps_checkable_lines_and_counts_the_others(monkeypatch, tmp_path):
    records = [
        {"expected_gender": "male", "occupation": {"index": 1}, "translation": None},
        {"expected_gender": None, "undecidable": "no_gender_cue", "occupation": {"index": 1}},
        {"expected_gender": "female", "occupation": None},
    ]

    class Data:
        original, flipped = ["o1", "o2", "o3"], ["f1", "f2", "f3"]
        files = {"original": tmp_path / "ref"}

    monkeypatch.setattr(mtgeneval_import, "read_contextual", lambda *args: Data)
    monkeypatch.setattr(mtgeneval_import, "contextual_records", lambda *args: records)
    kept, left_out = mtgeneval_import.import_records(tmp_path, "fr", "dev", None, "flipped")
    assert [r["translation"] for r in kept] == ["f1"]
    assert left_out == {"no_expected_gender:no_gender_cue": 1, "no_occupation": 1}
    hyp = tmp_path / "hyp.fr"
    hyp.write_text("h1\nh2\n", encoding="utf-8")
    with pytest.raises(GenError, match="has 2 lines but .* has 3"):
        mtgeneval_import.import_records(tmp_path, "fr", "dev", hyp, None)


def test_mt_geneval_command_needs_one_source_of_translations(tmp_path):
    done = run_gen(
        "import", "mt-geneval", "--mt-geneval", tmp_path, "--lang", "fr", "--out", tmp_path / "x"
    )
    assert done.returncode == 2
    assert "give a hypotheses file or --references original|flipped" in done.stderr


def test_gate_dev_files_import_whole(dev_data: Path):
    for path in sorted((dev_data / "gate").glob("*_variants.dev.tsv")):
        records, skipped = gate.records(path, gate.language_of(path))
        assert len(skipped) <= 10 and len(records) > 1000
        assert all(r["tokens"][r["occupation"]["index"]] for r in records)
