"""A validity card from human judgements: `gen annotate` draws a blind, seeded, stratified
sample of a run; `gen validity` scores gen's labels against the filled-in sheets."""

from __future__ import annotations

import csv
import json
import re
import shutil
import subprocess
from collections import Counter

import pytest
from conftest import REPO
from conftest import run_gen as gen

from checker import validity
from common.errors import GenError
from scores.human.agreement import consensus, counts, gen_reading, human_card, kappa
from scores.human.sample import allocate, draw
from scores.human.sheet import COLUMNS, read_key, read_sheet
from scores.validity import card_line, card_markdown, headline, human_line

#: A run of 40 records: 30 correct, 6 wrong, 4 inconclusive (no_gender).
LABELS = ["correct"] * 30 + ["wrong"] * 6 + ["inconclusive"] * 4


def run_folder(tmp_path, labels=LABELS, lang="is"):
    """A `gen check` output folder as gen check writes it (results.jsonl, summary.json)."""
    run = tmp_path / "run"
    run.mkdir()
    rows = []
    for i, label in enumerate(labels):
        gender = {"correct": "female", "wrong": "male"}.get(label)
        rows.append(
            {
                "id": f"rec-{i:03d}",
                "text": f"The doctor {i} is her sister.",
                "translation": f'Læknirinn {i}, "góði", er systir hennar.',
                "expected_gender": "female",
                "occupation": {"text": "doctor"},
                "lang": lang,
                "label": label,
                "reason": "no_gender" if label == "inconclusive" else None,
                "target_tokens": [{"index": 0, "text": "Læknirinn"}],
                "target_gender": gender,
            }
        )
    (run / "results.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    summary = {"signature": f"set:x|lang:{lang}|version:0.1.0", "signature_fields": {"lang": lang}}
    (run / "summary.json").write_text(json.dumps(summary))
    return run


def annotate(tmp_path, *extra):
    run = gen("annotate", run_folder(tmp_path), "--out", tmp_path / "is.csv", *extra)
    assert run.returncode == 0, run.stderr
    return tmp_path / "is.csv"


def fill(sheet, target, judge):
    """Copy ``sheet`` to ``target`` with ``human`` set to ``judge(key entry)``."""
    key = read_key(sheet.with_name(f"{sheet.stem}.key.json"))
    with sheet.open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    for row in rows:
        row["human"] = judge(key["items"][int(row["item"])])
    with target.open("w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=COLUMNS)
        writer.writeheader()
        writer.writerows(rows)
    return target


def as_read(entry):
    """A reader who writes the gender gen read, and feminine where gen read none."""
    return gen_reading(entry) or "feminine"


@pytest.mark.parametrize(
    ("sizes", "n", "expected"),
    [
        (
            {"correct": 30, "wrong": 6, "inconclusive": 4},
            20,
            {"correct": 15, "wrong": 3, "inconclusive": 2},
        ),
        (
            {"correct": 97, "wrong": 2, "inconclusive": 1},
            10,
            {"correct": 8, "wrong": 1, "inconclusive": 1},
        ),
        ({"correct": 5, "wrong": 0, "inconclusive": 1}, 50, {"correct": 5, "inconclusive": 1}),
        ({"correct": 9, "wrong": 1}, 1, {"correct": 1, "wrong": 0}),
    ],
)
def test_each_label_gets_its_share_and_a_rare_one_at_least_one(sizes, n, expected):
    assert allocate(sizes, n) == expected


def test_the_sample_is_seeded_and_stratified_by_label():
    records = [{"id": i, "label": label} for i, label in enumerate(LABELS)]
    first, again, other = draw(records, 20, 7), draw(records, 20, 7), draw(records, 20, 8)
    assert first == again and first != other
    assert Counter(r["label"] for r in first) == {"correct": 15, "wrong": 3, "inconclusive": 2}
    # the rows are shuffled: the labels do not come in blocks
    assert [r["label"] for r in first] != sorted(r["label"] for r in first)


def test_the_sheet_and_page_are_blind_and_the_key_keeps_the_labels(tmp_path):
    sheet = annotate(tmp_path, "--sample", "20", "--seed", "3")
    text, page = sheet.read_text(), sheet.with_suffix(".html").read_text()
    header = text.splitlines()[0]
    assert header == ",".join(COLUMNS)
    for secret in ("correct", "wrong", "inconclusive", "no_gender", "rec-0", "female"):
        assert secret not in text and secret not in page
    rows = list(csv.DictReader(text.splitlines()))
    assert [row["item"] for row in rows] == [str(i) for i in range(1, 21)]
    assert {row["human"] for row in rows} == {""}
    assert rows[0]["person"] == "doctor" and rows[0]["target_words"] == "Læknirinn"
    assert "<script" in page and "http" not in page  # self-contained: nothing fetched
    key = read_key(tmp_path / "is.key.json")
    assert Counter(e["label"] for e in key["items"].values()) == {
        "correct": 15,
        "wrong": 3,
        "inconclusive": 2,
    }
    assert key["population"] == {"correct": 30, "wrong": 6, "inconclusive": 4}
    again = gen("annotate", tmp_path / "run", "--out", sheet, "--sample", "20", "--seed", "3")
    assert again.returncode == 2 and "pass --force" in again.stderr


def test_agreement_is_the_gender_gen_read_against_the_readers():
    items = {
        1: {"label": "correct", "target_gender": "female"},
        2: {"label": "wrong", "target_gender": "male"},
        3: {"label": "correct", "target_gender": "female"},
        4: {"label": "wrong", "target_gender": "male"},
        5: {"label": "inconclusive", "target_gender": None},
        6: {"label": "inconclusive", "target_gender": None},
        7: {"label": "both", "target_gender": None},
    }
    judged = {
        1: "feminine",
        2: "feminine",
        3: "neutral",
        4: "unclear",
        5: "masculine",
        6: "neutral",
        7: "neutral",
    }
    assert counts(items, judged) == {
        "decided": {"items": 5, "judged": 4, "right": 2, "unclear": 1},
        "inconclusive": {"items": 2, "judged": 2, "readable": 1},
        "disputed": 0,
    }


def test_cohens_kappa():
    # the textbook table: 20 yes/yes, 5 yes/no, 10 no/yes, 15 no/no → p_o .7, p_e .5
    first = ["feminine"] * 25 + ["masculine"] * 25
    second = ["feminine"] * 20 + ["masculine"] * 5 + ["feminine"] * 10 + ["masculine"] * 15
    assert kappa(first, second) == pytest.approx(0.4)
    assert kappa(first, first) == 1
    assert kappa(["neutral"] * 4, ["neutral"] * 4) is None  # chance agreement is certain
    assert consensus([{1: "feminine", 2: "neutral"}, {1: "feminine", 2: "unclear"}]) == {
        1: "feminine",
        2: None,
    }


def test_the_card_line_gives_wilson_intervals_from_the_counts():
    human = {
        "data": "native readers' judgements",
        "date": "2026-11-29",
        "version": "0.1.0",
        "sample": 12,
        "run_records": 500,
        "annotators": 1,
        "decided": {"items": 10, "judged": 10, "right": 9, "unclear": 0},
        "inconclusive": {"items": 2, "judged": 2, "readable": 2},
        "disputed": 0,
    }
    line = human_line(human)
    assert "90.0% [59.6, 98.2] (9 of 10) right on decided" in line  # Wilson, z = 1.96
    assert "could decide 100.0% [34.2, 100.0] (2 of 2)" in line
    assert line.endswith("[judged 2026-11-29 at gen 0.1.0]")
    assert card_line("is", {"human": human}) == f"is: {line}"
    assert "is 90.0% right as readers judged 12" in headline({"is": {"human": human}})
    assert card_markdown({"is": {"human": human}})[-1].startswith(
        "| is | native readers' judgements | human-judged: 90.0% [59.6, 98.2]"
    )


def test_round_trip_two_readers_write_a_card_that_gen_languages_shows(
    tmp_path, monkeypatch, capsys
):
    sheet = annotate(tmp_path, "--sample", "20")
    first = fill(sheet, tmp_path / "anna.csv", as_read)
    # the second reader calls the first wrong record's person neutral
    key = read_key(tmp_path / "is.key.json")
    odd = min(i for i, e in key["items"].items() if e["label"] == "wrong")
    second = fill(
        sheet, tmp_path / "jon.csv", lambda e: "neutral" if e["item"] == odd else as_read(e)
    )
    card_file = tmp_path / "validity.json"
    run = gen("validity", first, second, "--key", tmp_path / "is.key.json", "--card", card_file)
    assert run.returncode == 0, run.stderr
    human = json.loads(card_file.read_text())["languages"]["is"]["human"]
    assert human["sample"] == 20 and human["annotators"] == 2 and human["disputed"] == 1
    assert human["decided"] == {"items": 18, "judged": 17, "right": 17, "unclear": 0}
    assert human["inconclusive"] == {"items": 2, "judged": 2, "readable": 2}
    assert human["readers_agree"] == 19 and 0 < human["kappa"] < 1
    assert human["run"] == "set:x|lang:is|version:0.1.0"
    assert "Cohen's kappa" in run.stdout

    from gen.commands.languages import languages

    monkeypatch.setattr(validity, "CARD_FILE", card_file)
    languages()
    shown = " ".join(capsys.readouterr().out.split())
    assert card_line("is", {"human": human}) in shown
    assert "human-judged: 100.0% [81.6, 100.0] (17 of 17)" in shown


def test_a_human_card_keeps_the_dev_data_part_and_the_dev_data_keep_it(tmp_path):
    path = tmp_path / "validity.json"
    validity.store(path, "de", {"date": "d", "tagger": "offline", "ugb": {"n": 1}})
    validity.store_human(path, "de", {"sample": 5})
    assert validity.read_card(path)["languages"]["de"] == {
        "date": "d",
        "tagger": "offline",
        "ugb": {"n": 1},
        "human": {"sample": 5},
    }
    validity.store(path, "de", {"date": "e", "tagger": "offline"}, keep=(validity.HUMAN,))
    assert validity.read_card(path)["languages"]["de"] == {
        "date": "e",
        "tagger": "offline",
        "human": {"sample": 5},
    }


BAD_ROWS = [
    ("human", "feminin", r"is\.csv:3: human: 'feminin' is not a judgement: write one of"),
    ("human", "", r"is\.csv:3: human: empty: write one of feminine"),
    ("item", "99", r"is\.csv:3: item: '99' is not an item of this sample \(1-5\)"),
    ("item", "1", r"is\.csv:3: item: item 1 given twice"),
    ("translation", "Annað.", r"is\.csv:3: translation: item 2's translation differs"),
]


@pytest.mark.parametrize(("column", "value", "message"), BAD_ROWS)
def test_a_bad_row_is_one_line_naming_file_line_and_column(tmp_path, column, value, message):
    sheet = annotate(tmp_path, "--sample", "5")
    (tmp_path / "filled").mkdir()
    filled = fill(sheet, tmp_path / "filled" / "is.csv", as_read)
    rows = list(csv.DictReader(filled.read_text().splitlines()))
    rows[1][column] = value
    with filled.open("w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=COLUMNS)
        writer.writeheader()
        writer.writerows(rows)
    run = gen("validity", filled, "--key", tmp_path / "is.key.json", "--card", tmp_path / "c.json")
    assert run.returncode == 2
    assert re.fullmatch(f"gen: error: .*{message}.*\n", run.stderr), run.stderr
    assert not (tmp_path / "c.json").exists()


def test_a_sheet_without_the_human_column_or_an_item_says_so(tmp_path):
    sheet = annotate(tmp_path, "--sample", "5")
    key = read_key(tmp_path / "is.key.json")
    lines = sheet.read_text().splitlines()
    bare = tmp_path / "bare.csv"
    bare.write_text("item,source\n1,x\n")
    with pytest.raises(GenError, match=r"bare\.csv:1: no column 'human'"):
        read_sheet(bare, key)
    short = tmp_path / "short.csv"
    short.write_text("\n".join(lines[:3]).replace(",,", ",feminine,") + "\n")
    with pytest.raises(GenError, match=r"short\.csv: no row for item 3, 4, 5 of the sample"):
        read_sheet(short, key)


def test_a_card_from_a_run_of_several_languages_is_refused(tmp_path):
    run = run_folder(tmp_path, lang="es+fr")
    answer = gen("annotate", run, "--out", tmp_path / "x.csv")
    assert answer.returncode == 2 and "annotate a run of one language" in answer.stderr


def test_human_card_counts_only_what_two_readers_share():
    key = {"items": {1: {"label": "correct", "target_gender": "male"}}, "seed": 1}
    card = human_card(key, [{1: "masculine"}], {"date": "d", "version": "v"})
    assert card["decided"]["right"] == 1 and "kappa" not in card


def test_the_page_saves_the_sheet_filled_in(tmp_path):
    """The HTML page's own script, run by node against a stand-in for the browser: the
    reader's choices come back as a CSV that gen validity reads."""
    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    sheet = annotate(tmp_path, "--sample", "6")
    key = read_key(tmp_path / "is.key.json")
    choices = ",".join(f"{item}={as_read(entry)}" for item, entry in key["items"].items())
    harness = REPO / "tests" / "data" / "sheet_page_harness.js"
    ran = subprocess.run(
        ["node", str(harness), str(sheet.with_suffix(".html")), choices],
        capture_output=True,
        text=True,
        check=True,
    )
    name, text = ran.stdout.split("\n", 1)
    assert name == "is-anna.csv"  # the sheet's name and the reader's
    saved = tmp_path / name
    saved.write_text(text, encoding="utf-8")
    assert read_sheet(saved, key) == {item: as_read(e) for item, e in key["items"].items()}


def test_a_sheet_a_spreadsheet_saved_with_semicolons_reads_alike(tmp_path):
    sheet = annotate(tmp_path, "--sample", "5")
    key = read_key(tmp_path / "is.key.json")
    filled = fill(sheet, tmp_path / "filled.csv", as_read)
    rows = list(csv.DictReader(filled.read_text().splitlines()))
    semicolons = tmp_path / "excel.csv"
    with semicolons.open("w", newline="", encoding="utf-8-sig") as handle:
        writer = csv.DictWriter(handle, fieldnames=COLUMNS, delimiter=";")
        writer.writeheader()
        writer.writerows(rows)
    assert read_sheet(semicolons, key) == read_sheet(filled, key)
