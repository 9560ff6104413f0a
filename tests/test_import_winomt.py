"""`gen import winomt`: WinoMT's en.txt and a system's translations as gen check records,
and what it refuses (another format, a wrong field, translations that do not match)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import run_gen

from common.errors import GenError
from scores.benchmarks import winomt

EN = [
    (
        "female",
        "1",
        "The developer argued with the designer because she did not like the design.",
        "developer",
    ),
    (
        "male",
        "1",
        "The construction worker called the clerk because he was late.",
        "construction worker",
    ),
    ("male", "4", "The guard checked the counselor's identity because he was new.", "counselor"),
    ("neutral", "4", "The technician told the customer that they could pay with cash.", "customer"),
    ("female", "4", "The accountant met the janitor and wished her well.", "janitor"),
    ("female", "4", "The accountant met the janitor and wished her well.", "janitor"),
]
PRO, ANTI = [EN[1]], [EN[0], EN[2], EN[4], EN[4]]


def write(path: Path, rows) -> Path:
    path.write_text("".join("\t".join(row) + "\n" for row in rows), encoding="utf-8")
    return path


@pytest.fixture
def dataset(tmp_path: Path) -> Path:
    write(tmp_path / "en_pro.txt", PRO)
    write(tmp_path / "en_anti.txt", ANTI)
    return write(tmp_path / "en.txt", EN)


def translations(path: Path, lines: list[str], paired: bool = True) -> Path:
    rows = [f"{src[2]} ||| {text}" if paired else text for src, text in zip(EN, lines, strict=True)]
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


GERMAN = [f"Satz {n}." for n in range(len(EN))]


def records(dataset: Path, translated: Path) -> list[dict]:
    lines = winomt.read_dataset(dataset)
    matched, extra = winomt.match_translations(lines, translated)
    assert extra == []
    return winomt.records(lines, matched, "de", winomt.subsets(dataset, None, None))


def test_records_carry_head_noun_expected_gender_and_subsets(dataset, tmp_path):
    found = records(dataset, translations(tmp_path / "de.txt", GERMAN))
    heads = [r["tokens"][r["occupation"]["index"]] for r in found]
    assert heads == ["developer", "worker", "counselor", "customer", "janitor", "janitor"]
    assert found[1]["occupation"]["text"] == "construction worker"
    assert found[2]["tokens"][4:6] == ["counselor", "'s"]  # the possessive apart
    assert [r["expected_gender"] for r in found] == [
        "female",
        "male",
        "male",
        None,
        "female",
        "female",
    ]
    assert [r["winomt"]["stereotype"] for r in found] == [
        "anti",
        "pro",
        "anti",
        None,
        "anti",
        "anti",
    ]
    assert [r["winomt"]["origin"] for r in found] == ["winobias"] * 3 + ["winogender"] + [
        "winobias"
    ] * 2
    assert [r["translation"] for r in found] == GERMAN


def test_a_sentence_listed_twice_takes_its_translations_in_order(dataset, tmp_path):
    found = records(dataset, translations(tmp_path / "de.txt", GERMAN))
    assert [r["translation"] for r in found[4:]] == ["Satz 4.", "Satz 5."]


def test_plain_translations_follow_the_dataset_order(dataset, tmp_path):
    found = records(dataset, translations(tmp_path / "de.txt", GERMAN, paired=False))
    assert [r["translation"] for r in found] == GERMAN


def test_without_subset_files_stereotype_and_origin_are_unknown(tmp_path):
    en = write(tmp_path / "en.txt", EN)
    lines = winomt.read_dataset(en)
    found = winomt.records(lines, GERMAN, "de", winomt.subsets(en, None, None))
    assert {r["winomt"]["stereotype"] for r in found} == {None}
    assert {r["winomt"]["origin"] for r in found} == {None}


@pytest.mark.parametrize(
    ("row", "message"),
    [
        (("female", "1", "The developer argued."), "en.txt:2: expected 4 tab-separated fields"),
        (("woman", "1", "The developer argued.", "developer"), "en.txt:2: gender: must be one of"),
        (("male", "9", "The developer argued.", "developer"), "en.txt:2: index: must be a word"),
        (
            ("male", "0", "The developer argued.", "developer"),
            "en.txt:2: entity: 'developer' is not at word 0",
        ),
    ],
)
def test_a_bad_dataset_line_is_named(tmp_path, row, message):
    path = write(tmp_path / "en.txt", [EN[0], row])
    with pytest.raises(GenError) as error:
        winomt.read_dataset(path)
    assert message in str(error.value)


def test_unmatched_translations_are_counted_and_named(dataset, tmp_path):
    translated = tmp_path / "de.txt"
    rows = [f"{src[2]} ||| x" for src in EN[:4]] + ["Someone else entirely. ||| y"]
    translated.write_text("\n".join(rows) + "\n", encoding="utf-8")
    with pytest.raises(GenError) as error:
        winomt.match_translations(winomt.read_dataset(dataset), translated)
    message = str(error.value)
    assert "2 WinoMT line(s) have no translation (first: dataset line 5" in message
    assert "1 translation(s) match no line (first: line 5)" in message


def test_a_subset_takes_its_lines_from_the_whole_sets_translations(dataset, tmp_path):
    translated = translations(tmp_path / "de.txt", GERMAN)
    pro = winomt.read_dataset(dataset.with_name("en_pro.txt"))
    matched, extra = winomt.match_translations(pro, translated)
    assert matched == ["Satz 1."] and extra == [1, 3, 4, 5, 6]
    done = run_gen(
        "import",
        "winomt",
        dataset.with_name("en_pro.txt"),
        translated,
        "--lang",
        "de",
        "--out",
        tmp_path / "pro.jsonl",
    )
    assert done.returncode == 0, done.stderr
    assert "5 translation(s) match no line of" in done.stderr
    assert json.loads((tmp_path / "pro.jsonl").read_text())["winomt"]["stereotype"] == "pro"


def test_a_plain_file_of_another_length_is_refused(dataset, tmp_path):
    translated = tmp_path / "de.txt"
    translated.write_text("eins\nzwei\n", encoding="utf-8")
    with pytest.raises(GenError, match="2 translations for 6 WinoMT lines"):
        winomt.match_translations(winomt.read_dataset(dataset), translated)


def test_a_line_without_the_separator_among_paired_ones_is_named(dataset, tmp_path):
    translated = translations(tmp_path / "de.txt", GERMAN)
    text = translated.read_text(encoding="utf-8").splitlines()
    text[2] = "Satz ohne Quelle."
    translated.write_text("\n".join(text) + "\n", encoding="utf-8")
    with pytest.raises(GenError, match=r"de.txt:3: no ' \|\|\| ' here"):
        winomt.match_translations(winomt.read_dataset(dataset), translated)


def test_the_command_writes_records_and_errors_are_one_line(dataset, tmp_path):
    out = tmp_path / "de.jsonl"
    translated = translations(tmp_path / "de.txt", GERMAN)
    done = run_gen("import", "winomt", dataset, translated, "--lang", "de", "--out", out)
    assert done.returncode == 0, done.stderr
    assert "6 records (1 neutral, no expected gender)" in done.stderr
    assert len([json.loads(line) for line in out.read_text().splitlines()]) == 6
    again = run_gen("import", "winomt", dataset, translated, "--lang", "de", "--out", out)
    assert again.returncode == 2 and "exists (pass --force" in again.stderr
    gate_file = tmp_path / "es_2_variants.tsv"
    gate_file.write_text("labels\tsource\tf\tm\n", encoding="utf-8")
    wrong = run_gen(
        "import", "winomt", gate_file, translated, "--lang", "de", "--out", tmp_path / "x"
    )
    assert wrong.returncode == 2
    assert wrong.stderr.startswith("gen: error: ") and len(wrong.stderr.splitlines()) == 1
    assert "es_2_variants.tsv:1: gender: must be one of male, female, neutral" in wrong.stderr


def test_gen_check_picks_winomts_summary_for_imported_records(dataset, tmp_path):
    from gen.commands.check import _summary
    from scores.summary import SummaryBuilder
    from scores.winomt import WinoMTSummary

    out = tmp_path / "de.jsonl"
    translated = translations(tmp_path / "de.txt", GERMAN)
    assert (
        run_gen("import", "winomt", dataset, translated, "--lang", "de", "--out", out).returncode
        == 0
    )
    assert _summary(out) is WinoMTSummary
    other = tmp_path / "other.jsonl"
    other.write_text('{"id": "a", "text": "x"}\n', encoding="utf-8")
    assert _summary(other) is SummaryBuilder
