"""`gen check` and `gen languages` as a user runs them: outputs, bad input, resume."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from checker_fakes import CrashingTagger
from conftest import run_gen as gen

from checker.backends import registry
from checker.pipeline.run import CheckOptions, check
from checker.validity import cards
from common.errors import MissingResourceError
from scores.summary import SummaryBuilder
from scores.validity import card_line, headline, measured
from translator.apertium_modes import installed_pairs

FAKES = [
    "--tagger",
    "tests.checker_fakes:FakeTagger",
    "--aligner",
    "tests.checker_fakes:FakeAligner",
]

FAKE_OPTIONS = {"tagger": FAKES[1], "aligner": FAKES[3]}

SENTENCES = [
    ("The editor is her brother.", "El editor es su hermano.", "male"),
    ("The editor is her sister.", "La editora es su hermana.", "male"),
    ("The journalist is tall.", "La periodista es alta.", "female"),
    ("The journalist is tall.", "", "female"),
]


def records(**extra):
    return [
        {
            "id": f"r{i}",
            "pair_id": f"p{i // 2}",
            "text": text,
            "translation": translation,
            "expected_gender": expected,
            "occupation": {"text": text.split()[1]},
            **extra,
        }
        for i, (text, translation, expected) in enumerate(SENTENCES)
    ]


def write_jsonl(path, rows, newline="\n", bom=False):
    text = newline.join(json.dumps(row, ensure_ascii=False) for row in rows) + newline
    path.write_bytes((b"\xef\xbb\xbf" if bom else b"") + text.encode())
    return path


def results(out):
    return [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]


def test_check_writes_every_record_once_with_labels(tmp_path):
    source = write_jsonl(tmp_path / "in.jsonl", records(), newline="\r\n", bom=True)
    run = gen("check", str(source), "--lang", "es", "--out", str(tmp_path / "out"), *FAKES)
    assert run.returncode == 0, run.stderr
    rows = results(tmp_path / "out")
    assert [row["id"] for row in rows] == ["r0", "r1", "r2", "r3"]
    assert [(row["label"], row["reason"]) for row in rows] == [
        ("correct", None),
        ("wrong", None),
        ("correct", None),
        ("inconclusive", "empty_translation"),
    ]
    summary = json.loads((tmp_path / "out" / "summary.json").read_text())
    assert summary["signature"].startswith("set:sha256.")
    assert "tagger:fake-1" in summary["signature"] and "lang:es" in summary["signature"]
    assert summary["pairs"]["n"] == 2
    assert summary["signature"] in run.stdout
    assert (tmp_path / "out" / "summary.md").read_text().startswith("# gen check summary")


def test_signature_names_the_mt_system_the_records_came_from(tmp_path):
    mt = {"engine": "apertium", "model": "eng-spa", "version": "3.8.3", "options": {"u": True}}
    source = write_jsonl(tmp_path / "in.jsonl", records(mt=mt, lang="es"))
    run = check(source, out=tmp_path / "out", options=CheckOptions(**FAKE_OPTIONS))
    assert run.signature["mt"] == "apertium:eng-spa(3.8.3;u=True)"
    source = write_jsonl(tmp_path / "plain.jsonl", records(lang="es"))
    run = check(source, out=tmp_path / "out2", options=CheckOptions(**FAKE_OPTIONS))
    assert run.signature["mt"] == "unknown"


def test_hyp_file_gives_the_translations(tmp_path):
    rows = records()
    for row in rows:
        del row["translation"]
    write_jsonl(tmp_path / "source.jsonl", rows)
    hyp = tmp_path / "hyp.txt"
    hyp.write_text("\n".join(t for _, t, _ in SENTENCES) + "\n")
    run = gen(
        "check",
        str(tmp_path),
        "--hyp",
        str(hyp),
        "--lang",
        "es",
        "--out",
        str(tmp_path / "o"),
        *FAKES,
    )
    assert run.returncode == 0, run.stderr
    assert [row["translation"] for row in results(tmp_path / "o")] == [t for _, t, _ in SENTENCES]


def test_chunks_read_past_the_first_pass_keep_each_line_with_its_hypothesis(tmp_path):
    """The first pass keeps the first chunk's items; the second reads on after them (blank
    lines and hypotheses kept in step)."""
    rows = [{**row, "id": f"r{number}"} for number, row in enumerate(records() * 3)]
    for row in rows:
        del row["translation"]
    lines = [json.dumps(row) for row in rows]
    lines.insert(5, "")
    (tmp_path / "source.jsonl").write_text("\n".join(lines) + "\n")
    hyp = tmp_path / "hyp.txt"
    hyp.write_text("".join(f"{t}\n" for _, t, _ in SENTENCES * 3))
    for chunk_size, out in ((5, "chunked"), (100, "whole")):
        options = CheckOptions(**FAKE_OPTIONS, chunk_size=chunk_size)
        check(tmp_path / "source.jsonl", out=tmp_path / out, hyp=hyp, lang="es", options=options)
    chunked = results(tmp_path / "chunked")
    assert [row["translation"] for row in chunked] == [t for _, t, _ in SENTENCES * 3]
    assert [row["id"] for row in chunked] == [row["id"] for row in rows]
    assert chunked == results(tmp_path / "whole")


def test_hyp_line_count_mismatch_fails_before_work(tmp_path):
    source = write_jsonl(tmp_path / "source.jsonl", records())
    hyp = tmp_path / "hyp.txt"
    hyp.write_text("uno\ndos\n")
    run = gen("check", str(source), "--hyp", str(hyp), "--lang", "es", "--out", str(tmp_path / "o"))
    assert run.returncode == 2
    assert run.stderr.count("\n") == 1
    assert "(2 lines in" in run.stderr and "(4 in" in run.stderr and str(source) in run.stderr
    assert not (tmp_path / "o").exists()


def test_malformed_json_names_file_and_line_or_is_rejected(tmp_path):
    lines = [json.dumps(row) for row in records()]
    lines.insert(2, '{"id": "broken", ')
    source = tmp_path / "in.jsonl"
    source.write_text("\n".join(lines) + "\n")
    run = gen("check", str(source), "--lang", "es", "--out", str(tmp_path / "o"), *FAKES)
    assert run.returncode == 2
    assert run.stderr.startswith(f"gen: error: {source}:3: ") and run.stderr.count("\n") == 1
    run = gen(
        "check", str(source), "--lang", "es", "--out", str(tmp_path / "o"), "--skip-invalid", *FAKES
    )
    assert run.returncode == 0, run.stderr
    rejects = [
        json.loads(line) for line in (tmp_path / "o" / "rejects.jsonl").read_text().splitlines()
    ]
    assert [reject["line"] for reject in rejects] == [3]
    assert json.loads((tmp_path / "o" / "summary.json").read_text())["rejected"] == 1
    assert len(results(tmp_path / "o")) == 4


def test_missing_input_file_is_one_line(tmp_path):
    run = gen("check", str(tmp_path / "absent.jsonl"), "--out", str(tmp_path / "o"), *FAKES)
    assert run.returncode == 2
    assert run.stderr.strip() == f"gen: error: {tmp_path / 'absent.jsonl'}: no such file"


def test_missing_field_names_it(tmp_path):
    rows = records()
    del rows[1]["expected_gender"]
    run = gen("check", str(write_jsonl(tmp_path / "in.jsonl", rows)), "--lang", "es", *FAKES)
    assert run.returncode == 2
    assert "in.jsonl:2: expected_gender: " in run.stderr


@pytest.mark.parametrize(("value", "accepted"), [(None, True), ("female", True), ("f", False)])
def test_expected_gender_is_male_female_or_null_for_an_open_record(tmp_path, value, accepted):
    rows = records()
    rows[1]["expected_gender"] = value
    run = gen("check", str(write_jsonl(tmp_path / "in.jsonl", rows)), "--lang", "es", *FAKES)
    assert (run.returncode == 0) is accepted, run.stderr
    if not accepted:
        assert "in.jsonl:2: expected_gender: must be one of male, female or null" in run.stderr


def test_unknown_language_lists_the_supported_ones(tmp_path):
    run = gen("check", str(write_jsonl(tmp_path / "in.jsonl", records())), "--lang", "xx", *FAKES)
    assert run.returncode == 2
    assert "unsupported language 'xx'" in run.stderr and "es, " in run.stderr


def test_language_no_backend_reads_is_labelled_not_dropped(tmp_path, monkeypatch):
    monkeypatch.setattr(registry, "TAGGERS", {"fake": "tests.checker_fakes:FakeTagger"})
    monkeypatch.setitem(registry._TABLES, registry.Tagger, registry.TAGGERS)
    source = write_jsonl(tmp_path / "in.jsonl", records(lang="fr"))
    warnings = []
    check(
        source,
        out=tmp_path / "o",
        warn=warnings.append,
        options=CheckOptions(aligner="tests.checker_fakes:FakeAligner"),
    )
    assert [row["reason"] for row in results(tmp_path / "o")] == ["unsupported_language"] * 3 + [
        "empty_translation"
    ]
    assert len(warnings) == 1 and "'fr'" in warnings[0]
    with pytest.raises(MissingResourceError, match="fake tagger: no fr"):
        check(
            source,
            out=tmp_path / "o2",
            options=CheckOptions(
                tagger="tests.checker_fakes:FakeTagger", aligner="tests.checker_fakes:FakeAligner"
            ),
        )


def test_existing_output_is_kept_unless_forced(tmp_path):
    source = write_jsonl(tmp_path / "in.jsonl", records())
    (tmp_path / "o").mkdir()
    run = gen("check", str(source), "--lang", "es", "--out", str(tmp_path / "o"), *FAKES)
    assert run.returncode == 2 and "--force" in run.stderr


def test_interrupted_run_resumes_to_the_same_results(tmp_path):
    rows = [{**row, "id": f"{row['id']}-{copy}"} for copy in range(3) for row in records()]
    source = write_jsonl(tmp_path / "in.jsonl", rows)
    fake = CheckOptions(
        tagger="tests.checker_fakes:FakeTagger",
        aligner="tests.checker_fakes:FakeAligner",
        chunk_size=4,
    )
    crashing = CheckOptions(
        tagger="checker_fakes:CrashingTagger",  # the class whose calls the test resets
        aligner="tests.checker_fakes:FakeAligner",
        chunk_size=4,
    )
    check(source, out=tmp_path / "whole", lang="es", options=fake, summary=SummaryBuilder())
    CrashingTagger.calls = 0
    with pytest.raises(KeyboardInterrupt):
        check(source, out=tmp_path / "o", lang="es", options=crashing)
    assert not (tmp_path / "o").exists()
    assert len(list((tmp_path / ".o.partial").glob("chunk-*.jsonl"))) == 1
    check(
        source, out=tmp_path / "o", lang="es", options=fake, summary=SummaryBuilder(), resume=True
    )
    assert (tmp_path / "o" / "results.jsonl").read_text() == (
        tmp_path / "whole" / "results.jsonl"
    ).read_text()
    assert (tmp_path / "o" / "summary.json").read_text() == (
        tmp_path / "whole" / "summary.json"
    ).read_text()
    assert not (tmp_path / ".o.partial").exists()


def test_named_backend_that_cannot_run_says_why(tmp_path):
    run = gen(
        "check",
        str(write_jsonl(tmp_path / "in.jsonl", records())),
        "--lang",
        "es",
        "--tagger",
        "nosuch",
        "--aligner",
        "tests.checker_fakes:FakeAligner",
    )
    assert run.returncode == 2 and "unknown tagger 'nosuch'; choose from auto, stanza" in run.stderr


def test_named_backend_whose_model_is_missing_is_an_error_even_beside_auto(tmp_path):
    source = str(write_jsonl(tmp_path / "in.jsonl", records()))
    args = ("check", source, "--lang", "es", "--out", str(tmp_path / "o"))
    run = gen(*args, "--aligner", "simalign", "--align-model", str(tmp_path / "no-model"))
    assert run.returncode == 2, run.stderr
    assert run.stderr.startswith("gen: error: no aligner can run for 'es': SimAlign's model")
    assert "--align-model DIR" in run.stderr and "Traceback" not in run.stderr


def test_languages_lists_backends_translation_pairs_and_validity_cards():
    run = gen("languages")
    assert run.returncode == 0
    assert "Spanish" in run.stdout and "eflomal" in run.stdout
    assert registry.names(registry.Tagger)[0] == "stanza"
    assert "ko-en" in run.stdout and "TGBI" in run.stdout
    pairs = ", ".join(f"{s}→{t}" for s, t in sorted(installed_pairs()))
    assert f"--engine apertium: {pairs}" in " ".join(run.stdout.split())
    assert "--engine huggingface: " in run.stdout
    for lang, card in cards().items():
        assert card_line(lang, card, stamp=False) in " ".join(run.stdout.split())
    assert measured(next(iter(cards().values()))) in " ".join(run.stdout.split())


def test_build_then_check_end_to_end(tmp_path):
    """gen build --size xs → word-by-word "translations" giving every occupation the right
    gender → gen check --hyp: every record correct, every table filled."""
    assert gen("build", "--size", "xs", "--out", str(tmp_path / "set")).returncode == 0
    rows = [json.loads(line) for line in (tmp_path / "set" / "source.jsonl").open()]
    hyp = tmp_path / "hyp.txt"
    with hyp.open("w") as handle:
        for row in rows:
            tokens = list(row["tokens"])
            index = row["occupation"]["index"]
            tokens[index] = "editora" if row["expected_gender"] == "female" else "editor"
            handle.write(" ".join(tokens) + "\n")
    run = gen(
        "check",
        str(tmp_path / "set"),
        "--hyp",
        str(hyp),
        "--lang",
        "es",
        "--out",
        str(tmp_path / "out"),
        "--tagger",
        "tests.checker_fakes:FakeTagger",
        "--aligner",
        "tests.checker_fakes:PositionalAligner",
    )
    assert run.returncode == 0, run.stderr
    summary = json.loads((tmp_path / "out" / "summary.json").read_text())
    assert summary["n"] == len(rows) and summary["overall"]["correct"] == len(rows)
    assert summary["pairs"]["n"] == len(rows) // 2 and summary["pairs"]["accuracy"] == 1.0
    assert summary["delta"]["M"]["value"] == 0.0 and summary["delta"]["F"]["value"] == 0.0
    assert {"position", "trigger_type", "adjective_x_attachment", "occupation_kind"} <= set(
        summary["breakdowns"]
    )


def test_system_name_is_kept_in_the_summary_and_named_by_the_report(tmp_path):
    from report.load import load_runs

    source = write_jsonl(tmp_path / "in.jsonl", records(lang="es"))
    for folder, system in (("es", "Apertium 3.8"), ("apertium-es", None)):
        name = ["--system", system] if system else []
        done = gen("check", str(source), "--out", str(tmp_path / folder), *FAKES, *name)
        assert done.returncode == 0, done.stderr
    named, unnamed = (
        json.loads((tmp_path / f / "summary.json").read_text()) for f in ("es", "apertium-es")
    )
    # without --system, the folder's name less its language, as --help says
    assert named["system"] == "Apertium 3.8" and unnamed["system"] == "apertium"
    runs = load_runs([tmp_path / "es", tmp_path / "apertium-es"])
    assert [run.label for run in runs] == ["Apertium 3.8 · es", "apertium · es"]
    # a folder made before summaries named their system is read the same way
    del unnamed["system"]
    (tmp_path / "apertium-es" / "summary.json").write_text(json.dumps(unnamed))
    assert load_runs([tmp_path / "apertium-es"])[0].label == "apertium · es"


@pytest.mark.parametrize(
    ("tokens", "occupation", "span"),
    [
        # MT-GenEval's test split: NLTK keeps "Dr." whole; gen's own tokenizer splits it
        (["Dr.", "Patel", "joined", "."], {"text": "Dr.", "index": 0}, (0, 1)),
        (["He", "was", "appointed", "Dr.", "of", "it"], {"text": "Dr."}, (3, 4)),
        (["The", "C.E.O.", "resigned", "."], {"text": "C.E.O.", "index": 1}, (1, 2)),
        (["The", "C", ".", "E", ".", "O", ".", "left"], {"text": "C.E.O.", "index": 6}, (1, 7)),
        (
            ["the", "editor", "-", "in", "-", "chief"],
            {"text": "editor-in-chief", "index": 5},
            (1, 6),
        ),
        (["the", "Vice-President", "spoke"], {"text": "vice-president", "index": 1}, (1, 2)),
        (["the", "police", "officer", "left"], {"text": "police officer", "index": 2}, (1, 3)),
        # the sentence has only the head of a longer text: the head alone, as before
        (["the", "officer", "left"], {"text": "police officer", "index": 1}, (1, 2)),
    ],
)
def test_occupation_text_is_matched_as_written_in_the_sentence(tokens, occupation, span):
    from checker.pipeline.records import to_item

    record = {
        "id": "r1", "text": " ".join(tokens), "tokens": tokens, "translation": "x",
        "expected_gender": "male", "lang": "es", "occupation": occupation,
    }  # fmt: skip
    assert to_item(record, path=Path("in.jsonl"), line=3, default_lang=None).occupation == span


@pytest.mark.parametrize(
    ("occupation", "message"),
    [
        (
            {"text": "nurse", "index": 1},
            "in.jsonl:3: occupation.text: 'nurse' does not match token 1 of the sentence "
            "('doctor'): occupation.index must point at the occupation's last word",
        ),
        ({"text": "Dr."}, "in.jsonl:3: occupation.text: 'Dr.' not found in text"),
    ],
)
def test_an_occupation_text_not_in_the_sentence_is_still_refused(occupation, message):
    from checker.pipeline.records import to_item
    from common.errors import GenError

    record = {
        "id": "r1", "text": "The doctor left.", "translation": "x",
        "expected_gender": "male", "lang": "es", "occupation": occupation,
    }  # fmt: skip
    with pytest.raises(GenError) as error:
        to_item(record, path=Path("in.jsonl"), line=3, default_lang=None)
    assert str(error.value) == message


def test_a_lang_the_records_contradict_is_an_error_naming_the_lines(tmp_path):
    rows = records(lang="es")
    rows[1]["lang"] = "ES"  # the same language
    rows[2]["lang"] = "hbs"
    source = write_jsonl(tmp_path / "in.jsonl", rows)
    run = gen("check", str(source), "--lang", "fr", "--out", str(tmp_path / "out"), *FAKES)
    assert run.returncode == 2
    assert run.stderr == (
        f"gen: error: {source}: lang: --lang fr contradicts the records' own lang on 4 lines: "
        "1 (es), 2 (ES), 3 (hbs), 4 (es) (leave --lang out to use theirs)\n"
    )
    assert not (tmp_path / "out").exists() and not (tmp_path / ".out.partial").exists()
    agreeing = gen("check", str(source), "--lang", "es", "--out", str(tmp_path / "ok"), *FAKES)
    assert agreeing.returncode == 2 and "on 1 line: 3 (hbs)" in agreeing.stderr
    write_jsonl(source, [{**row, "lang": "sr"} for row in rows])  # sr is a name of hbs
    aliases = gen("check", str(source), "--lang", "hbs", "--out", str(tmp_path / "hbs"), *FAKES)
    assert "contradicts" not in aliases.stderr  # (the fake tagger then reads es only)


def test_every_summary_carries_the_validity_card_of_its_language(tmp_path):
    source = write_jsonl(tmp_path / "in.jsonl", records())
    run = gen("check", str(source), "--lang", "es", "--out", str(tmp_path / "out"), *FAKES)
    assert run.returncode == 0, run.stderr
    summary = json.loads((tmp_path / "out" / "summary.json").read_text())
    assert summary["validity"] == {"es": cards()["es"]}
    assert "## validity of the checker" in (tmp_path / "out" / "summary.md").read_text()
    assert [line for line in run.stdout.splitlines() if "validity" in line] == [
        headline(summary["validity"])
    ]
